//! The engine sessions' JavaScript values: engine errors as `Error` objects, the events a line
//! reads into (options, info, best move), search limits and move lists read from JS, and
//! `parseEngineLine`. Conversion only: the core's engine layer reads and writes the protocol.

use js_sys::{Array, Object, Reflect};
use qipan::engine::{EngineError, EngineMessage, EngineOption, Info, Limit, Score, ScoreBound};
use qipan::{ErrorKind, Variant};
use std::time::Duration;
use wasm_bindgen::prelude::*;

use crate::js;

/// The longest line read from an engine, in UTF-16 units (the core's process driver keeps lines
/// of up to 64 KiB too).
pub(crate) const MAX_LINE: u32 = 64 * 1024;

/// An engine error as a JS `Error` named `EngineError` (or `EngineTerminatedError`,
/// `EngineTimeoutError`) with a `code`.
pub(crate) fn engine_error(e: &EngineError) -> JsValue {
    let (name, code) = match e {
        EngineError::Terminated { .. } => ("EngineTerminatedError", "terminated"),
        EngineError::Timeout { .. } => ("EngineTimeoutError", "timeout"),
        EngineError::IllegalMove(_) => ("EngineError", "illegal-move"),
        EngineError::NoSuchOption(_) => ("EngineError", "no-such-option"),
        EngineError::OptionValue(_) => ("EngineError", "option-value"),
        EngineError::Spawn { .. } => ("EngineError", "spawn"),
        EngineError::Usage(_) => ("EngineError", "usage"),
        EngineError::Refused(_) => ("EngineError", "refused"),
        // Kinds the core may add later.
        #[allow(unreachable_patterns)]
        _ => ("EngineError", "engine"),
    };
    let error = js::named_error(name, &e.to_string());
    set(&error, "code", code.into());
    error
}

pub(crate) fn usage(message: &str) -> JsValue {
    engine_error(&EngineError::Usage(message.to_owned()))
}

pub(crate) fn set(target: &JsValue, name: &str, value: JsValue) {
    // Setting a property on a fresh object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(name), &value);
}

pub(crate) fn field(object: &JsValue, name: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

pub(crate) fn event(kind: &str) -> Object {
    let object = Object::new();
    set(&object, "type", kind.into());
    object
}

pub(crate) fn strings(items: impl IntoIterator<Item = String>) -> Array {
    items.into_iter().map(JsValue::from).collect()
}

pub(crate) fn option_to_js(option: &EngineOption) -> JsValue {
    let object = Object::new();
    set(&object, "name", option.name.as_str().into());
    set(&object, "type", option.kind.name().into());
    if let Some(default) = &option.default {
        set(&object, "default", default.as_str().into());
    }
    if let Some(min) = option.min {
        set(&object, "min", (min as f64).into());
    }
    if let Some(max) = option.max {
        set(&object, "max", (max as f64).into());
    }
    set(&object, "var", strings(option.vars.iter().cloned()).into());
    object.into()
}

/// An info line as a JS object, its moves written by `write` (a line of moves from the searched
/// position).
pub(crate) fn info_to_js<M: Clone>(info: &Info<M>, write: &dyn Fn(&[M]) -> Vec<String>) -> JsValue {
    let object = Object::new();
    let number = |name: &str, value: Option<f64>| {
        if let Some(v) = value {
            set(&object, name, v.into());
        }
    };
    number("depth", info.depth.map(f64::from));
    number("seldepth", info.seldepth.map(f64::from));
    number("time", info.time_ms.map(|v| v as f64));
    number("nodes", info.nodes.map(|v| v as f64));
    number("nps", info.nps.map(|v| v as f64));
    number("multipv", info.multipv.map(f64::from));
    if let Some(score) = info.score {
        let value = Object::new();
        match score {
            Score::Cp(cp) => set(&value, "cp", (cp as f64).into()),
            Score::Mate(m) => set(&value, "mate", (m as f64).into()),
        }
        set(&object, "score", value.into());
        match info.bound {
            ScoreBound::Lower => set(&object, "lowerbound", true.into()),
            ScoreBound::Upper => set(&object, "upperbound", true.into()),
            ScoreBound::Exact => {}
        }
    }
    if let Some((w, d, l)) = info.wdl {
        let wdl: Array = [w, d, l].iter().map(|&v| JsValue::from(v as f64)).collect();
        set(&object, "wdl", wdl.into());
    }
    if !info.pv.is_empty() {
        set(&object, "pv", strings(write(&info.pv)).into());
    }
    if let Some(mv) = &info.currmove {
        if let Some(text) = write(std::slice::from_ref(mv)).pop() {
            set(&object, "currmove", text.into());
        }
    }
    number("currmovenumber", info.currmovenumber.map(f64::from));
    number("hashfull", info.hashfull.map(f64::from));
    number("tbhits", info.tbhits.map(|v| v as f64));
    number("cpuload", info.cpuload.map(f64::from));
    if let Some(text) = &info.string {
        set(&object, "string", text.as_str().into());
    }
    if let Some((first, rest)) = &info.refutation {
        let mut all = vec![first.clone()];
        all.extend(rest.iter().cloned());
        let mut texts = write(&all);
        if !texts.is_empty() {
            let refutation = Object::new();
            set(&refutation, "move", texts.remove(0).into());
            set(&refutation, "line", strings(texts).into());
            set(&object, "refutation", refutation.into());
        }
    }
    if let Some((cpu, moves)) = &info.currline {
        let currline = Object::new();
        set(&currline, "cpu", (*cpu).into());
        set(&currline, "moves", strings(write(moves)).into());
        set(&object, "currline", currline.into());
    }
    if let Some(ebf) = &info.ebf {
        set(&object, "ebf", ebf.as_str().into());
    }
    object.into()
}

/// A line of moves read in `pos`, written in the board's coordinates.
pub(crate) fn write_line<V: Variant>(pos: &V, moves: &[V::Move]) -> Vec<String> {
    let mut current = pos.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = current.coord(mv);
            current.play_or_pass(mv);
            text
        })
        .collect()
}

/// A line read without a session, as a JS event (moves kept as the engine wrote them).
pub(crate) fn message_to_js(message: EngineMessage) -> Object {
    match message {
        EngineMessage::Id { key, value } => {
            let e = event("id");
            set(&e, "key", key.into());
            set(&e, "value", value.into());
            e
        }
        EngineMessage::Option(option) => {
            let e = event("option");
            set(&e, "option", option_to_js(&option));
            e
        }
        EngineMessage::UciOk | EngineMessage::UcciOk => event("uciok"),
        EngineMessage::ReadyOk => event("readyok"),
        EngineMessage::Bye => event("bye"),
        EngineMessage::Info(info) => {
            let e = event("info");
            set(&e, "info", info_to_js(&info, &|m: &[String]| m.to_vec()));
            e
        }
        EngineMessage::BestMove {
            best,
            ponder,
            draw,
            resign,
        } => best_event(best, ponder, draw, resign),
        EngineMessage::NoBestMove => best_event(None, None, false, false),
        EngineMessage::Other(text) => {
            let e = event("other");
            set(&e, "text", text.into());
            e
        }
    }
}

pub(crate) fn best_event(
    best: Option<String>,
    ponder: Option<String>,
    draw: bool,
    resign: bool,
) -> Object {
    let e = event("bestmove");
    set(&e, "move", best.map_or(JsValue::NULL, JsValue::from));
    set(&e, "ponder", ponder.map_or(JsValue::NULL, JsValue::from));
    set(&e, "draw", draw.into());
    set(&e, "resign", resign.into());
    e
}

pub(crate) fn line_text(line: &JsValue) -> Result<String, JsValue> {
    js::text(line, ErrorKind::InvalidMove, "engine line", MAX_LINE)
        .map_err(|_| usage("an engine line must be a string of at most 65536 characters"))
}

/// Reads one line an engine sends (UCI or UCCI) into an event object, without a session: moves
/// stay as the engine wrote them. Never throws for any string.
#[wasm_bindgen(js_name = parseEngineLine, unchecked_return_type = "EngineEvent")]
pub fn parse_engine_line(
    #[wasm_bindgen(unchecked_param_type = "string")] line: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(message_to_js(EngineMessage::parse(&line_text(&line)?)).into())
}

pub(crate) fn optional_number(
    limit: &JsValue,
    name: &str,
    max: f64,
) -> Result<Option<f64>, JsValue> {
    let value = field(limit, name);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 && n <= max => Ok(Some(n.floor())),
        _ => Err(js::named_error(
            "RangeError",
            &format!("limit {name} must be a number from 0 to {max}"),
        )),
    }
}

pub(crate) fn limit_from_js(limit: &JsValue) -> Result<Limit, JsValue> {
    if !(limit.is_undefined() || limit.is_null() || limit.is_object()) {
        return Err(js::named_error("TypeError", "the limit must be an object"));
    }
    const MAX_MS: f64 = 1e12;
    let ms = |name: &str| -> Result<Option<Duration>, JsValue> {
        Ok(optional_number(limit, name, MAX_MS)?.map(|n| Duration::from_millis(n as u64)))
    };
    let int = |name: &str| -> Result<Option<u32>, JsValue> {
        Ok(optional_number(limit, name, f64::from(u32::MAX))?.map(|n| n as u32))
    };
    Ok(Limit {
        depth: int("depth")?,
        nodes: optional_number(limit, "nodes", 9e15)?.map(|n| n as u64),
        mate: int("mate")?,
        movetime: ms("time")?,
        white_clock: ms("whiteClock")?,
        black_clock: ms("blackClock")?,
        white_inc: ms("whiteInc")?,
        black_inc: ms("blackInc")?,
        moves_to_go: int("remainingMoves")?,
        infinite: js::flag(&field(limit, "infinite")),
    })
}

/// Moves given as strings (any notation the game reads), legal in `pos`.
pub(crate) fn moves_from_js<V: Variant>(
    pos: &V,
    value: &JsValue,
    what: &str,
) -> Result<Vec<V::Move>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !Array::is_array(value) {
        return Err(js::named_error(
            "TypeError",
            &format!("{what} must be an array"),
        ));
    }
    Array::from(value)
        .iter()
        .map(|item| {
            let text = js::text(&item, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
            pos.parse_any(&text).map_err(|e| js::move_error(&e))
        })
        .collect()
}
