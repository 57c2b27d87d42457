//! The JavaScript side of the boundary: errors with a `name`, and arguments read from any
//! `JsValue` without trusting their type.
//!
//! Every argument that JavaScript may get wrong arrives as a `JsValue` and is checked here before
//! any of it is copied into wasm memory: a number where a string belongs, `undefined`, or a string
//! of a hundred megabytes is an error thrown to the caller, never a trap.

use js_sys::{Error, JsString};
use qipan::{ErrorKind, MoveError};
use wasm_bindgen::{JsCast, JsValue};

/// The longest move text read (SAN, ICCS, WXF and Chinese notation are all far shorter).
pub const MAX_MOVE_LEN: u32 = 64;
/// The longest FEN read (a real FEN of either game has fewer than 120 characters).
pub const MAX_FEN_LEN: u32 = 512;

/// A JS `Error` whose `name` is `name` (`"IllegalMoveError"`, `"TypeError"`, ...).
pub fn named_error(name: &str, message: &str) -> JsValue {
    let error = Error::new(message);
    error.set_name(name);
    error.into()
}

/// A JS `Error` named after one of the binding error kinds.
pub fn error(kind: ErrorKind, message: &str) -> JsValue {
    named_error(kind.name(), message)
}

/// A [`MoveError`] as the JS error of its kind.
pub fn move_error(e: &MoveError) -> JsValue {
    error(e.kind(), &e.to_string())
}

/// A short description of a value's JS type, for error messages.
fn type_name(value: &JsValue) -> String {
    value
        .js_typeof()
        .as_string()
        .unwrap_or_else(|| "unknown".to_owned())
}

/// Reads a string argument of at most `max` UTF-16 units; anything else is an error of `kind`.
pub fn text(value: &JsValue, kind: ErrorKind, what: &str, max: u32) -> Result<String, JsValue> {
    let Some(string) = value.dyn_ref::<JsString>() else {
        return Err(error(
            kind,
            &format!("{what} must be a string, not {}", type_name(value)),
        ));
    };
    let len = string.length();
    if len > max {
        return Err(error(
            kind,
            &format!("{what} too long ({len} characters, at most {max})"),
        ));
    }
    Ok(String::from(string))
}

/// Reads an optional flag the JavaScript way: any truthy value is `true`, `undefined` is `false`.
pub fn flag(value: &JsValue) -> bool {
    value.is_truthy()
}

/// Reads an integer argument in `0..=max`; anything else is a `RangeError` (or a `TypeError` for a
/// value that is not a number).
pub fn integer(value: &JsValue, what: &str, max: u32) -> Result<u32, JsValue> {
    let Some(number) = value.as_f64() else {
        return Err(named_error(
            "TypeError",
            &format!("{what} must be a number, not {}", type_name(value)),
        ));
    };
    if number.fract() != 0.0 || !(0.0..=f64::from(max)).contains(&number) {
        return Err(named_error(
            "RangeError",
            // JavaScript spells the number (as the caller wrote it: `1e+21`, `Infinity`), and
            // Rust's float printing (code and tables) stays out of the .wasm.
            &format!(
                "{what} must be an integer from 0 to {max}, not {}",
                js_sys::Number::from(number)
                    .to_string_with_radix(10)
                    .map(String::from)
                    .unwrap_or_default()
            ),
        ));
    }
    Ok(number as u32)
}
