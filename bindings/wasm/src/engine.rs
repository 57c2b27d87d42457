//! `EngineSession`: the core's UCI/UCCI protocol layer ([`qipan::engine`]) without input or
//! output, for the npm package's `Engine` class (npm/engine.js) to drive over any line transport
//! (a Node child process, a Web Worker).
//!
//! The session reads each line the engine sends ([`EngineSession::read`]: the handshake's `id`
//! and `option` lines, `readyok`, a search's `info` lines with their moves read in the searched
//! position, `bestmove`) and writes each command to send (`setoption` after checking the value,
//! the options a search needs, `position … moves …` from a board's game, `go` with its limits).
//! JavaScript only moves lines and waits, with a timeout on every wait. `parseEngineLine` reads
//! one line without a session.

use js_sys::{Array, Map, Object, Reflect};
use qipan::engine::{
    banmoves_command, go_command, position_command, read_best_move, read_info, setoption_command,
    EngineError, EngineGame, EngineMessage, EngineOption, Info, Limit, OptionKind, Protocol, Score,
    ScoreBound, XiangqiDialect,
};
use qipan::{Chess, ErrorKind, Game, Variant, Xiangqi};
use std::time::Duration;
use wasm_bindgen::prelude::*;

use crate::chess::ChessBoard;
use crate::js;
use crate::xiangqi::XiangqiBoard;

/// The longest line read from an engine, in UTF-16 units (the core's process driver keeps lines
/// of up to 64 KiB too).
const MAX_LINE: u32 = 64 * 1024;
/// The most options kept from a handshake, and the most lines of a multi-PV search.
const MAX_OPTIONS: usize = 1000;
const MAX_LINES: usize = 500;
/// The options the client sets itself (python-chess's managed options).
const MANAGED: [&str; 4] = ["uci_chess960", "uci_variant", "multipv", "ponder"];

#[wasm_bindgen(typescript_custom_section)]
const TS_ENGINE: &'static str = r#"
/** A score from the side to move's point of view: centipawns or moves to mate. */
export type EngineScore = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

/** An `info` line (or a search's merged info lines), python-chess's `InfoDict` in camelCase.
 * Moves are in the board's coordinates (UCI; ICCS with ranks 0-9), cut at the first move that
 * is not legal where it stands. `time` is in milliseconds. */
export interface EngineInfo {
  depth?: number; seldepth?: number; time?: number; nodes?: number; nps?: number;
  multipv?: number; score?: EngineScore; lowerbound?: true; upperbound?: true;
  wdl?: [number, number, number]; pv?: string[]; currmove?: string; currmovenumber?: number;
  hashfull?: number; tbhits?: number; cpuload?: number; string?: string;
  refutation?: { move: string; line: string[] }; currline?: { cpu: number; moves: string[] };
  ebf?: string;
}

/** An option the engine offers. */
export interface EngineOptionInfo {
  name: string;
  type: "check" | "spin" | "combo" | "button" | "string" | "label";
  default?: string; min?: number; max?: number; var: string[];
}

/** A line an engine sent, read. */
export type EngineEvent =
  | { type: "id"; key: string; value: string }
  | { type: "option"; option: EngineOptionInfo }
  | { type: "uciok" } | { type: "readyok" } | { type: "bye" }
  | { type: "info"; info: EngineInfo }
  | { type: "bestmove"; move: string | null; ponder: string | null; draw: boolean; resign: boolean;
      info: EngineInfo; lines: EngineInfo[] }
  | { type: "other"; text: string };

/** When a search stops; times in milliseconds (python-chess's `Limit`, camelCase). */
export interface EngineLimit {
  time?: number; depth?: number; nodes?: number; mate?: number;
  whiteClock?: number; blackClock?: number; whiteInc?: number; blackInc?: number;
  remainingMoves?: number; infinite?: boolean;
}

/** How to search besides the limit. */
export interface EngineSearchOptions {
  multipv?: number; rootMoves?: string[]; banMoves?: string[]; newGame?: boolean;
}

/** The commands of a search: `setup` ends with `isready` (wait for `readyok`), then `search`.
 * `timeBudget`: the longest the search may take by its own time limits (ms), or null. */
export interface EngineSearchPlan { setup: string[]; search: string[]; timeBudget: number | null; }
"#;

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
fn message_to_js(message: EngineMessage) -> Object {
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

/// The position a search runs in, and what it has reported so far.
enum Searched {
    Chess(Chess, Vec<Info<<Chess as Variant>::Move>>),
    Xiangqi(Xiangqi, Vec<Info<<Xiangqi as Variant>::Move>>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Handshake,
    Idle,
}

/// The protocol state of one engine: what it offered in its handshake, the options set, the
/// Xiangqi dialect, and the search running. It sends and receives nothing itself.
#[wasm_bindgen]
pub struct EngineSession {
    protocol: Protocol,
    phase: Phase,
    id: Vec<(String, String)>,
    options: Vec<EngineOption>,
    config: Vec<(String, String)>,
    dialect: XiangqiDialect,
    dialect_forced: bool,
    fresh: bool,
    search: Option<Searched>,
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

impl EngineSession {
    fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    fn option_value(&self, name: &str) -> Option<&str> {
        self.config
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .or_else(|| self.option(name).and_then(|o| o.default.as_deref()))
    }

    fn idle(&self) -> Result<(), JsValue> {
        match (self.phase, &self.search) {
            (Phase::Handshake, _) => Err(usage("the engine has not finished its handshake")),
            (_, Some(_)) => Err(usage("the engine is searching: stop the search first")),
            _ => Ok(()),
        }
    }

    /// `setoption` for a value already checked, remembered as the option's value.
    fn set_unchecked(&mut self, name: &str, value: &str) -> String {
        let is_button = self
            .option(name)
            .is_some_and(|o| o.kind == OptionKind::Button);
        if !is_button {
            self.config.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
            self.config.push((name.to_owned(), value.to_owned()));
        }
        setoption_command(self.protocol, name, value)
    }

    /// `setoption` when the engine has the option and it holds another value.
    fn ensure(&mut self, out: &mut Vec<String>, name: &str, value: &str) {
        if let Some(option) = self.option(name) {
            let name = option.name.clone();
            if !self
                .option_value(&name)
                .is_some_and(|v| v.eq_ignore_ascii_case(value))
            {
                out.push(self.set_unchecked(&name, value));
            }
        }
    }

    /// The commands of a search of `game` (see `EngineSearchPlan`), the session then searching.
    fn plan<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &JsValue,
        options: &JsValue,
    ) -> Result<(Object, V), JsValue> {
        self.idle()?;
        let limit = limit_from_js(limit)?;
        if limit.is_unlimited() {
            return Err(usage(
                "a search without a limit never ends: give depth, nodes, mate, time or clocks",
            ));
        }
        if self.protocol == Protocol::Ucci && V::UCI_VARIANT != "xiangqi" {
            return Err(usage(&format!("a UCCI engine cannot play {}", game.kind())));
        }
        let pos = game.position();
        let root_moves = moves_from_js(pos, &field(options, "rootMoves"), "rootMoves")?;
        let ban_moves = moves_from_js(pos, &field(options, "banMoves"), "banMoves")?;
        let multipv = optional_number(options, "multipv", f64::from(MAX_LINES as u32))?
            .unwrap_or(1.0)
            .max(1.0);
        let mut setup = Vec::new();
        if self.dialect != XiangqiDialect::UciPlain || V::UCI_VARIANT != "xiangqi" {
            let offers = self
                .option("UCI_Variant")
                .is_some_and(|o| o.vars.iter().any(|v| v == V::UCI_VARIANT));
            if offers {
                self.ensure(&mut setup, "UCI_Variant", V::UCI_VARIANT);
            }
        }
        let chess960 = if V::chess960(game.kind()) {
            "true"
        } else {
            "false"
        };
        self.ensure(&mut setup, "UCI_Chess960", chess960);
        self.ensure(&mut setup, "MultiPV", &(multipv as u32).to_string());
        if js::flag(&field(options, "newGame")) || self.fresh {
            self.fresh = false;
            match (
                self.protocol,
                self.option("newgame").map(|o| o.name.clone()),
            ) {
                (Protocol::Ucci, Some(name)) => {
                    setup.push(setoption_command(Protocol::Ucci, &name, ""))
                }
                // UCCI has no `ucinewgame`, but the engines built on UCI code read it and the
                // others ignore a command they do not know.
                _ => setup.push("ucinewgame".to_owned()),
            }
        }
        setup.push("isready".to_owned());

        let mut search = vec![position_command(game, self.protocol, self.dialect)];
        let legal = || pos.legal_moves().into_iter();
        let mut root = root_moves;
        if self.protocol == Protocol::Ucci {
            // UCCI has no `searchmoves`: the other moves are banned.
            let mut ban = ban_moves;
            if !root.is_empty() {
                ban.extend(legal().filter(|m| !root.contains(m)));
                root.clear();
            }
            if !ban.is_empty() {
                search.push(banmoves_command(pos, &ban, self.dialect));
            }
        } else if !ban_moves.is_empty() {
            // UCI has no `banmoves`: the other moves are searched.
            if root.is_empty() {
                root = legal().collect();
            }
            root.retain(|m| !ban_moves.contains(m));
        }
        search.push(go_command(
            &limit,
            pos,
            self.protocol,
            self.dialect,
            &root,
            false,
        ));
        let plan = Object::new();
        set(&plan, "setup", strings(setup).into());
        set(&plan, "search", strings(search).into());
        let budget = limit.time_budget(pos.turn());
        set(
            &plan,
            "timeBudget",
            budget.map_or(JsValue::NULL, |b| (b.as_millis() as f64).into()),
        );
        Ok((plan, pos.clone()))
    }
}

/// Merges an info line into the lines of a search; the event of the line.
fn searched_info<V: EngineGame>(
    pos: &V,
    lines: &mut Vec<Info<V::Move>>,
    info: Info,
    dialect: XiangqiDialect,
) -> JsValue {
    let info = read_info(pos, info, dialect);
    let e = event("info");
    set(&e, "info", info_to_js(&info, &|m| write_line(pos, m)));
    let index = info.multipv.unwrap_or(1).max(1) as usize - 1;
    if index < MAX_LINES {
        if lines.len() <= index {
            lines.resize_with(index + 1, Info::default);
        }
        lines[index].merge(info);
    }
    e.into()
}

/// The end of a search: the best move read in `pos` (an illegal one is an `EngineError` with
/// code `illegal-move`) with the merged lines.
fn searched_best<V: EngineGame>(
    pos: &V,
    lines: &[Info<V::Move>],
    message: EngineMessage,
    dialect: XiangqiDialect,
) -> Result<JsValue, JsValue> {
    let (best, ponder, draw, resign) = match message {
        EngineMessage::BestMove {
            best,
            ponder,
            draw,
            resign,
        } => (best, ponder, draw, resign),
        _ => (None, None, false, false),
    };
    let read = read_best_move(pos, best.as_deref(), ponder.as_deref(), dialect)
        .map_err(|e| engine_error(&e))?;
    let best_text = read.best.map(|mv| pos.coord(mv));
    let ponder_text = match (read.best, read.ponder) {
        (Some(b), Some(p)) => write_line(pos, &[b, p]).pop(),
        _ => None,
    };
    let e = best_event(best_text, ponder_text, draw, resign);
    let write = |m: &[V::Move]| write_line(pos, m);
    let infos: Array = lines.iter().map(|i| info_to_js(i, &write)).collect();
    let first = if infos.length() > 0 {
        infos.get(0)
    } else {
        Object::new().into()
    };
    set(&e, "info", first);
    set(&e, "lines", infos.into());
    Ok(e.into())
}

#[wasm_bindgen]
impl EngineSession {
    /// A session for an engine speaking `protocol`: `"uci"` (the default) or `"ucci"`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "\"uci\" | \"ucci\"")] protocol: JsValue,
    ) -> Result<EngineSession, JsValue> {
        let protocol = match protocol.as_string().as_deref() {
            None if protocol.is_undefined() || protocol.is_null() => Protocol::Uci,
            Some("uci") => Protocol::Uci,
            Some("ucci") => Protocol::Ucci,
            _ => {
                return Err(js::named_error(
                    "TypeError",
                    "protocol must be \"uci\" or \"ucci\"",
                ))
            }
        };
        Ok(EngineSession {
            protocol,
            phase: Phase::Handshake,
            id: Vec::new(),
            options: Vec::new(),
            config: Vec::new(),
            dialect: XiangqiDialect::detect(protocol, false),
            dialect_forced: false,
            fresh: true,
            search: None,
        })
    }

    /// The protocol: `"uci"` or `"ucci"`.
    #[wasm_bindgen(getter)]
    pub fn protocol(&self) -> String {
        self.protocol.name().to_owned()
    }

    /// The command that starts the handshake (`uci` or `ucci`); the engine answers with `id` and
    /// `option` lines, then `uciok` (`ucciok`).
    #[wasm_bindgen(js_name = startCommand)]
    pub fn start_command(&self) -> String {
        self.protocol.name().to_owned()
    }

    /// Whether the handshake is over.
    #[wasm_bindgen(getter)]
    pub fn ready(&self) -> bool {
        self.phase == Phase::Idle
    }

    /// Whether a search is running (until its `bestmove`).
    #[wasm_bindgen(getter)]
    pub fn searching(&self) -> bool {
        self.search.is_some()
    }

    /// The commands to send once the handshake is over (a UCCI engine that offers
    /// `usemillisec` is switched to milliseconds).
    #[wasm_bindgen(js_name = afterHandshake, unchecked_return_type = "string[]")]
    pub fn after_handshake(&mut self) -> Array {
        let mut out = Vec::new();
        if self.protocol == Protocol::Ucci {
            if let Some(name) = self.option("usemillisec").map(|o| o.name.clone()) {
                out.push(self.set_unchecked(&name, "true"));
            }
        }
        strings(out)
    }

    /// Reads a line the engine sent, updating the session: handshake lines are kept, a search's
    /// `info` lines are read in the searched position and merged, and its `bestmove` (or
    /// `nobestmove`) ends it. Throws an `EngineError` with code `illegal-move` for a best move
    /// that is not legal (the search is then over).
    #[wasm_bindgen(unchecked_return_type = "EngineEvent")]
    pub fn read(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] line: JsValue,
    ) -> Result<JsValue, JsValue> {
        let message = EngineMessage::parse(&line_text(&line)?);
        match message {
            EngineMessage::Id { key, value } if self.phase == Phase::Handshake => {
                self.id.retain(|(k, _)| *k != key);
                let e = message_to_js(EngineMessage::Id {
                    key: key.clone(),
                    value: value.clone(),
                });
                self.id.push((key, value));
                Ok(e.into())
            }
            EngineMessage::Option(option) if self.phase == Phase::Handshake => {
                let e = event("option");
                set(&e, "option", option_to_js(&option));
                if self.option(&option.name).is_none() && self.options.len() < MAX_OPTIONS {
                    self.options.push(option);
                }
                Ok(e.into())
            }
            EngineMessage::UciOk | EngineMessage::UcciOk if self.phase == Phase::Handshake => {
                self.phase = Phase::Idle;
                if !self.dialect_forced {
                    let offers_variant = self
                        .option("UCI_Variant")
                        .is_some_and(|o| o.vars.iter().any(|v| v == "xiangqi"));
                    self.dialect = XiangqiDialect::detect(self.protocol, offers_variant);
                }
                Ok(event("uciok").into())
            }
            EngineMessage::Info(info) => {
                let dialect = self.dialect;
                Ok(match &mut self.search {
                    Some(Searched::Chess(pos, lines)) => searched_info(pos, lines, *info, dialect),
                    Some(Searched::Xiangqi(pos, lines)) => {
                        searched_info(pos, lines, *info, dialect)
                    }
                    None => message_to_js(EngineMessage::Info(info)).into(),
                })
            }
            EngineMessage::BestMove { .. } | EngineMessage::NoBestMove => {
                let dialect = self.dialect;
                match self.search.take() {
                    Some(Searched::Chess(pos, lines)) => {
                        searched_best(&pos, &lines, message, dialect)
                    }
                    Some(Searched::Xiangqi(pos, lines)) => {
                        searched_best(&pos, &lines, message, dialect)
                    }
                    None => Ok(message_to_js(message).into()),
                }
            }
            other => Ok(message_to_js(other).into()),
        }
    }

    /// The `id` lines: `{name, author, …}`.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn id(&self) -> Result<JsValue, JsValue> {
        let entries: Array = self
            .id
            .iter()
            .map(|(k, v)| -> JsValue {
                [JsValue::from(k.as_str()), JsValue::from(v.as_str())]
                    .iter()
                    .collect::<Array>()
                    .into()
            })
            .collect();
        Ok(Object::from_entries(&entries)?.into())
    }

    /// The options the engine offered, by name in its order.
    #[wasm_bindgen(getter, unchecked_return_type = "Map<string, EngineOptionInfo>")]
    pub fn options(&self) -> Map {
        let map = Map::new();
        for option in &self.options {
            map.set(&option.name.as_str().into(), &option_to_js(option));
        }
        map
    }

    /// The value an option holds now (the last one set, else its default), or `undefined`.
    #[wasm_bindgen(js_name = optionValue)]
    pub fn option_value_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Option<String> {
        let name = name.as_string()?;
        self.option_value(&name).map(str::to_owned)
    }

    /// The Xiangqi dialect: `"ucci"`, `"uci-variant"` (Fairy-Stockfish: ranks 1-10) or
    /// `"uci-plain"` (Pikafish), detected from the handshake.
    #[wasm_bindgen(getter)]
    pub fn dialect(&self) -> String {
        self.dialect.to_string()
    }

    /// Overrides the detected dialect. Throws `TypeError` for an unknown name.
    #[wasm_bindgen(setter)]
    pub fn set_dialect(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<(), JsValue> {
        let text = name.as_string().unwrap_or_default();
        self.dialect = text.parse().map_err(|e: qipan::engine::UnknownDialect| {
            js::named_error("TypeError", &e.to_string())
        })?;
        self.dialect_forced = true;
        Ok(())
    }

    /// The `setoption` command for `name` (any case) set to `value` after checking it against
    /// the option's type. Throws `EngineError` (codes `no-such-option`, `option-value`, and
    /// `usage` for the options the client manages: `UCI_Chess960`, `UCI_Variant`, `MultiPV`,
    /// `Ponder`).
    pub fn configure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | number | boolean")] value: JsValue,
    ) -> Result<String, JsValue> {
        self.idle()?;
        let name = js::text(&name, ErrorKind::InvalidMove, "option name", 256)
            .map_err(|_| js::named_error("TypeError", "an option name must be a short string"))?;
        let value = if let Some(b) = value.as_bool() {
            b.to_string()
        } else if let Some(n) = value.as_f64() {
            n.to_string()
        } else if value.is_undefined() || value.is_null() {
            String::new()
        } else {
            js::text(&value, ErrorKind::InvalidMove, "option value", 4096).map_err(|_| {
                js::named_error(
                    "TypeError",
                    "an option value must be a string, number or boolean",
                )
            })?
        };
        if MANAGED.contains(&name.to_ascii_lowercase().as_str()) {
            return Err(engine_error(&EngineError::Usage(format!(
                "cannot set {name} which is automatically managed"
            ))));
        }
        let option = self
            .option(&name)
            .ok_or_else(|| engine_error(&EngineError::NoSuchOption(qipan::shorten(&name))))?;
        let value = option
            .check_value(&value)
            .map_err(|e| engine_error(&EngineError::OptionValue(e)))?;
        let name = option.name.clone();
        Ok(self.set_unchecked(&name, &value))
    }

    /// Plans a search of a chess board's game: the options it needs, `isready`, then
    /// `position … moves …` and `go`; the session is then searching that position.
    #[wasm_bindgen(js_name = searchChess, unchecked_return_type = "EngineSearchPlan")]
    pub fn search_chess(
        &mut self,
        board: &ChessBoard,
        #[wasm_bindgen(unchecked_param_type = "EngineLimit")] limit: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "EngineSearchOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (plan, pos) = self.plan(board.chess_game()?, &limit, &options)?;
        self.search = Some(Searched::Chess(pos, Vec::new()));
        Ok(plan.into())
    }

    /// Plans a search of a Xiangqi board's game, as `searchChess`.
    #[wasm_bindgen(js_name = searchXiangqi, unchecked_return_type = "EngineSearchPlan")]
    pub fn search_xiangqi(
        &mut self,
        board: &XiangqiBoard,
        #[wasm_bindgen(unchecked_param_type = "EngineLimit")] limit: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "EngineSearchOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (plan, pos) = self.plan(board.xiangqi_game()?, &limit, &options)?;
        self.search = Some(Searched::Xiangqi(pos, Vec::new()));
        Ok(plan.into())
    }

    /// Forgets the running search without its `bestmove` (after a timeout or the engine's
    /// death).
    #[wasm_bindgen(js_name = abandonSearch)]
    pub fn abandon_search(&mut self) {
        self.search = None;
    }
}
