//! Ratings for JavaScript: the levels-and-points method of the seed document (exact decimals)
//! and Elo, wrapping [`qipan::rating`].

use js_sys::{Object, Reflect};
use qipan::rating::{self, GameResult, Points, RatingSystem};
use wasm_bindgen::prelude::*;

use crate::js;

/// Reads points from a finite number or a decimal string (`"1234.5"`).
fn points(value: &JsValue, what: &str) -> Result<Points, JsValue> {
    let text = match value.as_f64() {
        Some(n) if n.is_finite() => n.to_string(),
        Some(_) => {
            return Err(js::named_error(
                "RangeError",
                &format!("{what} must be finite"),
            ))
        }
        None => js::text(value, qipan::ErrorKind::InvalidMove, what, 64).map_err(|_| {
            js::named_error("TypeError", &format!("{what} must be a number or a string"))
        })?,
    };
    text.trim()
        .parse::<Points>()
        .map_err(|e| js::named_error("RangeError", &format!("{what}: {e}")))
}

/// A number from an exact decimal (the nearest double, which prints as the same decimal).
fn number(points: Points) -> JsValue {
    JsValue::from_f64(points.to_string().parse::<f64>().unwrap_or(f64::NAN))
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let out = Object::new();
    for (name, value) in fields {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&out, &JsValue::from_str(name), value);
    }
    out.into()
}

/// The rating change after a game: `mine` and `theirs` are points (numbers or decimal strings),
/// `result` is `"win"`, `"draw"` or `"loss"` from `mine`'s side, `system` is `"levels"` (the
/// default: the levels-and-points method, exact) or `"elo"` (with factor `k`, default 20).
/// Answers `{change, mine, theirs}`: the change for `mine` and both new ratings.
///
/// Throws `TypeError`/`RangeError` for bad arguments.
#[wasm_bindgen(js_name = ratingChange)]
pub fn rating_change(
    #[wasm_bindgen(unchecked_param_type = "number | string")] mine: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | string")] theirs: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"win\" | \"draw\" | \"loss\"")] result: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "\"levels\" | \"elo\"")] system: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] k: JsValue,
) -> Result<JsValue, JsValue> {
    let result: GameResult = js::text(&result, qipan::ErrorKind::InvalidMove, "result", 16)
        .ok()
        .and_then(|r| r.parse().ok())
        .ok_or_else(|| {
            js::named_error("TypeError", "result must be \"win\", \"draw\" or \"loss\"")
        })?;
    let system: RatingSystem = if system.is_undefined() || system.is_null() {
        RatingSystem::Levels
    } else {
        js::text(&system, qipan::ErrorKind::InvalidMove, "system", 16)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| js::named_error("TypeError", "system must be \"levels\" or \"elo\""))?
    };
    let mine = points(&mine, "mine")?;
    let theirs = points(&theirs, "theirs")?;
    match system {
        RatingSystem::Levels => {
            let change = rating::checked_level_change(mine, theirs, result)
                .map_err(|e| js::named_error("RangeError", &e.to_string()))?;
            let new_mine = mine.checked_add(change);
            let new_theirs = theirs.checked_sub(change);
            match (new_mine, new_theirs) {
                (Ok(m), Ok(t)) => Ok(object(&[
                    ("change", number(change)),
                    ("mine", number(m)),
                    ("theirs", number(t)),
                ])),
                _ => Err(js::named_error("RangeError", "ratings too large")),
            }
        }
        RatingSystem::Elo => {
            let k = match k.as_f64() {
                None if k.is_undefined() => rating::DEFAULT_K,
                Some(k) if k.is_finite() => k,
                _ => return Err(js::named_error("TypeError", "k must be a finite number")),
            };
            let (m, t) = (mine.to_f64(), theirs.to_f64());
            let change = rating::elo_change(m, t, result, k);
            Ok(object(&[
                ("change", JsValue::from_f64(change)),
                ("mine", JsValue::from_f64(m + change)),
                ("theirs", JsValue::from_f64(t - change)),
            ]))
        }
    }
}

/// The level of a rating: 30 (100–199 points) up to 1 (3000 and above), `null` below 100
/// (unrated).
#[wasm_bindgen(js_name = ratingLevel, unchecked_return_type = "number | null")]
pub fn rating_level(
    #[wasm_bindgen(unchecked_param_type = "number | string")] points_value: JsValue,
) -> Result<JsValue, JsValue> {
    let p = points(&points_value, "points")?;
    Ok(rating::level(p).map_or(JsValue::NULL, |l| JsValue::from_f64(f64::from(l))))
}
