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

use js_sys::{Array, Map, Object};
use qipan::engine::{
    banmoves_command, go_command, position_command, read_best_move, read_info, setoption_command,
    EngineError, EngineGame, EngineMessage, EngineOption, Info, OptionKind, Protocol,
    XiangqiDialect,
};
use qipan::{Chess, ErrorKind, Game, Variant, Xiangqi};
use wasm_bindgen::prelude::*;

use crate::chess::ChessBoard;
use crate::engine_values::{
    best_event, engine_error, event, field, info_to_js, limit_from_js, line_text, message_to_js,
    moves_from_js, option_to_js, optional_number, set, strings, usage, write_line,
};
use crate::js;
use crate::xiangqi::XiangqiBoard;

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
