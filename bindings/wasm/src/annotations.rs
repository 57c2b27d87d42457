//! The comment commands (`[%clk]`, `[%emt]`, `[%eval]`, `[%cal]`/`[%csl]`) for JavaScript: typed
//! fields on the nodes of `readGames` trees (`clock`, `emt`, `eval`, `arrows`), written back into
//! the comment by `writePgn` when they were changed, and `readAnnotations`/`writeAnnotations` for
//! any comment text (a chess.js `getComment()`). The core (`qipan::tree::annotations`) reads and
//! writes them as python-chess does; this file converts values only.

use js_sys::{Array, Object};
use qipan::tree::annotations::{self, Annotations, Arrow, ArrowColor, Eval, EvalScore};
use qipan::GameKind;
use wasm_bindgen::prelude::*;

use crate::js;
use crate::records::{option, set, string};

/// `{cp, depth?}` or `{mate, depth?}`.
fn eval_object(eval: Eval) -> Object {
    let object = Object::new();
    match eval.score {
        EvalScore::Centipawns(cp) => set(&object, "cp", cp as f64),
        EvalScore::Mate(n) => set(&object, "mate", n as f64),
    }
    if let Some(depth) = eval.depth {
        set(&object, "depth", depth as f64);
    }
    object
}

fn square_name(game: GameKind, square: u8) -> String {
    // A square read from a comment is on the board: its name is the arrow's text without the colour.
    Arrow::new(ArrowColor::Green, square, square)
        .text(game)
        .map(|t| t[1..].to_owned())
        .unwrap_or_default()
}

/// `{from, to, color}` with square names; `from == to` for a coloured square.
fn arrows_array(game: GameKind, arrows: &[Arrow]) -> Array {
    arrows
        .iter()
        .map(|a| {
            let object = Object::new();
            set(&object, "from", square_name(game, a.tail));
            set(&object, "to", square_name(game, a.head));
            set(&object, "color", a.color.name());
            JsValue::from(object)
        })
        .collect()
}

/// Sets the typed fields of a node object from its comment.
pub(crate) fn set_fields(object: &Object, game: GameKind, comment: &str) {
    let all = annotations::read(comment, game);
    let number = |v: Option<f64>| v.map_or(JsValue::NULL, JsValue::from_f64);
    set(object, "clock", number(all.clock));
    set(object, "emt", number(all.emt));
    set(
        object,
        "eval",
        all.eval.map_or(JsValue::NULL, |e| eval_object(e).into()),
    );
    set(object, "arrows", arrows_array(game, &all.arrows));
}

fn seconds(value: &JsValue, what: &str) -> Result<Option<f64>, JsValue> {
    if value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(s) if s.is_finite() => Ok(Some(s)),
        _ => Err(js::named_error(
            "TypeError",
            &format!("{what} must be a finite number of seconds or null"),
        )),
    }
}

fn whole(value: &JsValue, what: &str) -> Result<Option<i64>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 => Ok(Some(n as i64)),
        _ => Err(js::named_error(
            "TypeError",
            &format!("{what} must be a whole number"),
        )),
    }
}

fn eval_of(value: &JsValue) -> Result<Option<Eval>, JsValue> {
    if value.is_null() {
        return Ok(None);
    }
    let cp = whole(&option(value, "cp")?, "eval.cp")?;
    let mate = whole(&option(value, "mate")?, "eval.mate")?;
    let depth = whole(&option(value, "depth")?, "eval.depth")?.map(|d| d.max(0) as u64);
    let score = match (cp, mate) {
        (Some(cp), None) => EvalScore::Centipawns(cp),
        (None, Some(mate)) => EvalScore::Mate(mate),
        _ => {
            return Err(js::named_error(
                "TypeError",
                "eval must be {cp} or {mate}, with an optional depth",
            ))
        }
    };
    Ok(Some(Eval { score, depth }))
}

fn arrows_of(value: &JsValue, game: GameKind) -> Result<Vec<Arrow>, JsValue> {
    if value.is_null() {
        return Ok(Vec::new());
    }
    if !Array::is_array(value) {
        return Err(js::named_error(
            "TypeError",
            "arrows must be an array of {from, to, color}",
        ));
    }
    let mut arrows = Vec::new();
    for item in Array::from(value).iter() {
        let square = |field: &str| -> Result<u8, JsValue> {
            let name = string(&option(&item, field)?, "an arrow's square")?;
            let text = format!("[%csl G{name}]");
            match annotations::arrows(&text, game).as_slice() {
                [one] => Ok(one.tail),
                _ => Err(js::named_error(
                    "TypeError",
                    &format!("{name:?} is not a square of the {} board", game.name()),
                )),
            }
        };
        let from = square("from")?;
        let to = if option(&item, "to")?.is_undefined() {
            from
        } else {
            square("to")?
        };
        let color = option(&item, "color")?.as_string().unwrap_or_default();
        arrows.push(Arrow::new(ArrowColor::from_name(&color), from, to));
    }
    Ok(arrows)
}

/// Applies the typed fields of `object` to `comment`: a field that is missing is left alone,
/// `null` removes its command, a value other than the comment's own is written in.
pub(crate) fn apply(object: &JsValue, game: GameKind, comment: &mut String) -> Result<(), JsValue> {
    let old = annotations::read(comment, game);
    let clock = option(object, "clock")?;
    if !clock.is_undefined() {
        let clock = seconds(&clock, "clock")?;
        if clock != old.clock {
            annotations::set_clock(comment, clock)
                .map_err(|e| js::named_error("RangeError", &e.to_string()))?;
        }
    }
    let emt = option(object, "emt")?;
    if !emt.is_undefined() {
        let emt = seconds(&emt, "emt")?;
        if emt != old.emt {
            annotations::set_emt(comment, emt)
                .map_err(|e| js::named_error("RangeError", &e.to_string()))?;
        }
    }
    let eval = option(object, "eval")?;
    if !eval.is_undefined() {
        let eval = eval_of(&eval)?;
        if eval != old.eval {
            annotations::set_eval(comment, eval);
        }
    }
    let arrows = option(object, "arrows")?;
    if !arrows.is_undefined() {
        let arrows = arrows_of(&arrows, game)?;
        if arrows != old.arrows {
            annotations::set_arrows(comment, game, &arrows)
                .map_err(|e| js::named_error("RangeError", &e.to_string()))?;
        }
    }
    Ok(())
}

fn game_of(game: &JsValue) -> Result<GameKind, JsValue> {
    if game.is_undefined() || game.is_null() {
        return Ok(GameKind::Chess);
    }
    string(game, "game")?
        .parse()
        .map_err(|e: qipan::UnknownGame| js::named_error("TypeError", &e.to_string()))
}

/// The commands of a comment: `{clock, emt, eval, arrows, text}` (`text`: the comment without
/// them). `game` is `"chess"` (the default) or `"xiangqi"` (arrows on ICCS squares).
#[wasm_bindgen(js_name = readAnnotations, unchecked_return_type = "CommentAnnotations")]
pub fn read_annotations(
    comment: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "\"chess\" | \"chess960\" | \"xiangqi\"")] game: JsValue,
) -> Result<Object, JsValue> {
    let game = game_of(&game)?;
    let object = Object::new();
    set_fields(&object, game, comment);
    let Annotations { text, .. } = annotations::read(comment, game);
    set(&object, "text", text);
    Ok(object)
}

/// The comment with the commands `values` gives written in as python-chess writes them
/// (`{clock?, emt?, eval?, arrows?}`: a missing field is left alone, `null` removes it).
#[wasm_bindgen(js_name = writeAnnotations)]
pub fn write_annotations(
    comment: &str,
    #[wasm_bindgen(unchecked_param_type = "AnnotationValues")] values: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "\"chess\" | \"chess960\" | \"xiangqi\"")] game: JsValue,
) -> Result<String, JsValue> {
    let game = game_of(&game)?;
    let mut comment = comment.to_owned();
    apply(&values, game, &mut comment)?;
    Ok(comment)
}

#[wasm_bindgen(typescript_custom_section)]
const TS_ANNOTATION_TYPES: &'static str = r#"
/** An `[%eval]`: centipawns or a mate in so many moves (negative: the first player is mated),
 * from the first player's (White's, Red's) side, with the search depth when given. */
export type Evaluation = { cp: number; mate?: undefined; depth?: number } | { mate: number; cp?: undefined; depth?: number };

/** An arrow of `[%cal]` (`from != to`) or a coloured square of `[%csl]` (`from == to`). */
export interface CommentArrow {
  from: string;
  to: string;
  color: "green" | "red" | "yellow" | "blue";
}

/** The commands of a comment, read. */
export interface CommentAnnotations {
  /** Seconds on the clock after the move (`[%clk]`). */
  clock: number | null;
  /** Seconds the move took (`[%emt]`). */
  emt: number | null;
  eval: Evaluation | null;
  arrows: CommentArrow[];
  /** The comment without the commands. */
  text: string;
}

/** Commands to write into a comment: a missing field is left alone, `null` removes it. */
export interface AnnotationValues {
  clock?: number | null;
  emt?: number | null;
  eval?: Evaluation | null;
  /** An arrow's `to` may be left out for a coloured square; colours other than the four are green. */
  arrows?: { from: string; to?: string; color?: string }[] | null;
}
"#;
