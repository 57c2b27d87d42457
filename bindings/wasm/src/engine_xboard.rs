//! `XboardSession`: the core's XBoard layer ([`qipan::engine::xboard_search_plan`] and the reading
//! of [`XboardMessage`]s) without input or output, for the npm package's `Engine` class
//! (`protocol: "xboard"`) to drive over a line transport as it drives [`EngineSession`](crate::engine::EngineSession).
//!
//! The handshake is the core's [`XboardHandshake`]: `xboard`, `protover 2`, each `feature`
//! answered until `done=1` (or two seconds without `done`), with `tick` telling it the time so it
//! can prod a quiet engine. A refused `sd N` is resent as `depth N` (GNU Chess's command). A search is `ping A`, the core's setup commands, `ping B`: the
//! engine's refusals between `pong A` and `pong B` end it before it starts (an `EngineError` with
//! code `refused`); then `post`, `easy`, `go` (or `post`, `analyze`). In play the engine's `move`
//! ends the search, checked against the position (`illegal-move` when it is not legal); an
//! analysis ends once a thinking line reaches the limit (`exit`, `ping C`, then `pong C`).

use js_sys::{Array, Map, Object};
use qipan::engine::{
    parse_option_feature, read_xboard_hint, read_xboard_move, read_xboard_thinking,
    xboard_analysis_reached, xboard_depth_fallback, xboard_feature, xboard_missing_feature,
    xboard_refusal_matters, xboard_resigns, xboard_search_plan, EngineError, EngineGame,
    EngineOption, Info, Limit, OptionKind, SearchOptions, XboardGameState, XboardHandshake,
    XboardHandshakeStep, XboardMessage,
};
use qipan::{Chess, ErrorKind, Game, Xiangqi};
use wasm_bindgen::prelude::*;

use crate::chess::ChessBoard;
use crate::engine_values::{
    best_event, engine_error, event, field, info_to_js, limit_from_js, line_text, moves_from_js,
    option_to_js, set, strings, usage, write_line,
};
use crate::js;
use crate::xiangqi::XiangqiBoard;

/// The most features and options kept from a handshake.
const MAX_FEATURES: usize = 1000;

/// Where a search is: waiting for the pong that ends its setup, running, or ending.
#[derive(Clone, PartialEq, Eq)]
enum Stage {
    /// Before `pong first`: lines are what an earlier search left behind.
    Leftovers {
        first: String,
        second: String,
    },
    /// Between the two pongs: refusals are collected.
    Setup {
        second: String,
    },
    Running,
    /// After the `ping` that ends an analysis.
    Ending {
        pong: String,
    },
}

struct Search<V: EngineGame> {
    pos: V,
    analysis: bool,
    limit: Limit,
    stage: Stage,
    refused: Option<String>,
    /// The ping after `depth N` resent for a refused `sd N`: the setup ends at its pong.
    retry: Option<String>,
    retried: bool,
    analysed: Option<String>,
    info: Info<V::Move>,
    /// In play: the engine's move, read once; the search ends at the pong of the ping sent then,
    /// so a `Hint:` right after the move is kept.
    best: Option<V::Move>,
    hint: Option<String>,
    /// The engine offered a draw (`offer draw`) during the search.
    draw: bool,
}

enum Searched {
    Chess(Search<Chess>),
    Xiangqi(Search<Xiangqi>),
}

/// The protocol state of one XBoard engine: its features and options, the options set, what the
/// engine keeps between games, and the search running. It sends and receives nothing itself.
#[wasm_bindgen]
pub struct XboardSession {
    ready: bool,
    features: Vec<(String, String)>,
    options: Vec<EngineOption>,
    config: Vec<(String, String)>,
    state: XboardGameState,
    pings: u32,
    pending_pong: Option<String>,
    search: Option<Searched>,
    handshake: XboardHandshake,
    /// The time of the last `tick`, in ms since the handshake started.
    now: u64,
}

fn reply_event(kind: &str, reply: Vec<String>) -> Object {
    let e = event(kind);
    set(&e, "reply", strings(reply).into());
    e
}

impl XboardSession {
    /// Keeps what a handshake step announced; its `reply`, and `uciok` when it is over.
    fn handshake_step(&mut self, step: XboardHandshakeStep) -> Result<JsValue, JsValue> {
        for (key, value) in step.features {
            if key == "option" {
                if let Some(option) = parse_option_feature(&value) {
                    if self.option(&option.name).is_none() && self.options.len() < MAX_FEATURES {
                        self.options.push(option);
                    }
                }
            } else if self.features.len() < MAX_FEATURES {
                self.features.push((key, value));
            }
        }
        if !step.done {
            return Ok(reply_event("features", step.send).into());
        }
        if let Some(e) = xboard_missing_feature(&self.features) {
            return Err(engine_error(&e));
        }
        self.ready = true;
        Ok(reply_event("uciok", step.send).into())
    }

    fn next_ping(&mut self) -> String {
        self.pings = self.pings.wrapping_add(1);
        self.pings.to_string()
    }

    fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|o| o.name == name)
    }

    fn plan<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &JsValue,
        options: &JsValue,
    ) -> Result<(Object, Search<V>), JsValue> {
        if !self.ready {
            return Err(usage("the engine has not finished its handshake"));
        }
        if self.search.is_some() {
            return Err(usage("the engine is searching: stop the search first"));
        }
        let limit = limit_from_js(limit)?;
        if limit.is_unlimited() {
            return Err(usage(
                "a search without a limit never ends: give depth, nodes, mate, time or clocks",
            ));
        }
        let pos = game.position();
        let analysis = js::flag(&field(options, "analysis"));
        let search_options = SearchOptions {
            analysis,
            root_moves: moves_from_js(pos, &field(options, "rootMoves"), "rootMoves")?,
            ban_moves: moves_from_js(pos, &field(options, "banMoves"), "banMoves")?,
            multipv: crate::engine_values::optional_number(options, "multipv", 500.0)?
                .map(|n| n as u32),
            ..SearchOptions::default()
        };
        let plan = xboard_search_plan(
            &self.features,
            &mut self.state,
            game,
            &limit,
            &search_options,
        )
        .map_err(|e| engine_error(&e))?;
        let (first, second) = (self.next_ping(), self.next_ping());
        let mut setup = vec![format!("ping {first}")];
        setup.extend(plan.setup);
        setup.push(format!("ping {second}"));
        let out = Object::new();
        set(&out, "setup", strings(setup).into());
        set(&out, "search", strings(plan.start).into());
        let budget = limit.time_budget(pos.turn());
        set(
            &out,
            "timeBudget",
            budget.map_or(JsValue::NULL, |b| (b.as_millis() as f64).into()),
        );
        let search = Search {
            pos: pos.clone(),
            analysis,
            limit,
            stage: Stage::Leftovers { first, second },
            refused: None,
            retry: None,
            retried: false,
            analysed: plan.analysed,
            info: Info::default(),
            best: None,
            hint: None,
            draw: false,
        };
        Ok((out, search))
    }
}

/// What a line means to a running search: an event, or the event that ends it.
enum Step {
    Event(JsValue),
    Done(JsValue),
}

fn best<V: EngineGame>(s: &Search<V>, mv: Option<V::Move>, resign: bool) -> JsValue {
    let text = mv.map(|m| s.pos.coord(m));
    // The hint is the engine's expected reply: kept only when legal after its move.
    let ponder = match (mv, &s.hint) {
        (Some(mv), Some(hint)) => {
            read_xboard_hint(&s.pos, mv, hint).map(|(after, reply)| after.coord(reply))
        }
        _ => None,
    };
    let e = best_event(text, ponder, s.draw, resign);
    let info = info_to_js(&s.info, &|m| write_line(&s.pos, m));
    set(&e, "lines", [info.clone()].iter().collect::<Array>().into());
    set(&e, "info", info);
    e.into()
}

fn step<V: EngineGame>(
    s: &mut Search<V>,
    message: XboardMessage,
    ping: &mut dyn FnMut() -> String,
    state: &mut XboardGameState,
) -> Result<Step, JsValue> {
    let other = || Ok(Step::Event(event("other").into()));
    match (&s.stage.clone(), message) {
        (Stage::Leftovers { first, second }, XboardMessage::Pong(n)) if &n == first => {
            s.stage = Stage::Setup {
                second: second.clone(),
            };
            other()
        }
        (Stage::Leftovers { .. }, _) => other(),
        (Stage::Setup { second }, XboardMessage::Pong(n)) if &n == second => {
            if let Some(next) = s.retry.take() {
                s.stage = Stage::Setup { second: next };
                return other();
            }
            if let Some(line) = s.refused.take() {
                return Err(engine_error(&EngineError::Refused(line)));
            }
            s.stage = Stage::Running;
            if s.retried {
                state.depth_command = Some("depth");
            }
            if s.analysis {
                state.analysed = s.analysed.take();
            }
            Ok(Step::Event(event("readyok").into()))
        }
        (_, XboardMessage::Refused { command, line, .. }) => {
            if !xboard_refusal_matters(&command) {
                return other();
            }
            if matches!(s.stage, Stage::Setup { .. }) {
                // GNU Chess knows `depth N`, not `sd N`: the setup goes on with that.
                let fallback = xboard_depth_fallback(&command, s.limit.depth);
                if let (Some(again), false) = (fallback, s.retried) {
                    let n = ping();
                    s.retried = true;
                    s.retry = Some(n.clone());
                    let e = event("other");
                    set(&e, "reply", strings([again, format!("ping {n}")]).into());
                    return Ok(Step::Event(e.into()));
                }
                s.refused.get_or_insert(line);
                return other();
            }
            Err(engine_error(&EngineError::Refused(line)))
        }
        (Stage::Running, XboardMessage::Thinking(info)) => {
            let sent_pv = !info.pv.is_empty();
            let info = read_xboard_thinking(&s.pos, *info);
            if sent_pv && info.pv.is_empty() {
                // A line of another position (an earlier search's, late).
                return other();
            }
            let e = event("info");
            set(&e, "info", info_to_js(&info, &|m| write_line(&s.pos, m)));
            let reached = s.analysis && xboard_analysis_reached(&s.limit, &info);
            s.info.merge(info);
            if reached {
                let n = ping();
                set(
                    &e,
                    "reply",
                    strings(["exit".to_owned(), "xboard".to_owned(), format!("ping {n}")]).into(),
                );
                s.stage = Stage::Ending { pong: n };
            }
            Ok(Step::Event(e.into()))
        }
        (Stage::Running, XboardMessage::Move(text)) if !s.analysis => {
            let mv = read_xboard_move(&s.pos, &text)
                .map_err(|e| engine_error(&EngineError::IllegalMove(e)))?;
            // As the Rust client: a ping after the move, whose pong ends the search, so that
            // a `Hint:` sent right after the move is read.
            s.best = Some(mv);
            let n = ping();
            let e = event("other");
            set(&e, "reply", strings([format!("ping {n}")]).into());
            s.stage = Stage::Ending { pong: n };
            Ok(Step::Event(e.into()))
        }
        (Stage::Running | Stage::Ending { .. }, XboardMessage::OfferDraw) if !s.analysis => {
            s.draw = true;
            other()
        }
        (Stage::Ending { .. }, XboardMessage::Hint(text)) if s.best.is_some() => {
            s.hint.get_or_insert(text);
            other()
        }
        (Stage::Running, message @ (XboardMessage::Resign | XboardMessage::Result { .. }))
            if !s.analysis =>
        {
            Ok(Step::Done(best(s, None, xboard_resigns(&message))))
        }
        (Stage::Ending { pong }, XboardMessage::Pong(n)) if &n == pong => {
            let mv = if s.analysis {
                s.info.pv.first().copied()
            } else {
                s.best
            };
            Ok(Step::Done(best(s, mv, false)))
        }
        _ => other(),
    }
}

#[wasm_bindgen]
impl XboardSession {
    /// A session for an XBoard (CECP version 2) engine.
    #[wasm_bindgen(constructor)]
    pub fn new() -> XboardSession {
        XboardSession {
            ready: false,
            features: Vec::new(),
            options: Vec::new(),
            config: Vec::new(),
            state: XboardGameState::default(),
            pings: 0,
            pending_pong: None,
            search: None,
            handshake: XboardHandshake::default(),
            now: 0,
        }
    }

    /// `"xboard"`.
    #[wasm_bindgen(getter)]
    pub fn protocol(&self) -> String {
        "xboard".to_owned()
    }

    /// The commands that start the handshake: `xboard`, `protover 2`. The engine answers with
    /// `feature` lines, ending with `done=1`.
    #[wasm_bindgen(js_name = startCommands, unchecked_return_type = "string[]")]
    pub fn start_commands(&self) -> Array {
        strings(XboardHandshake::start_commands().map(str::to_owned))
    }

    /// Tells the handshake the time, `elapsed` ms after it started (call it every few tens of
    /// ms until `ready`): a quiet engine is sent `ping 0`, or `protover 2` again (the event's
    /// `reply`); features that end without `done=1` end after two seconds (the event `uciok`).
    pub fn tick(&mut self, elapsed: f64) -> Result<JsValue, JsValue> {
        self.now = self.now.max(elapsed.max(0.0) as u64);
        if self.ready {
            return Ok(event("other").into());
        }
        let step = self.handshake.quiet(self.now);
        self.handshake_step(step)
    }

    /// Nothing: XBoard engines need no command after the handshake.
    #[wasm_bindgen(js_name = afterHandshake, unchecked_return_type = "string[]")]
    pub fn after_handshake(&self) -> Array {
        Array::new()
    }

    /// `ping N`, answered by the event `readyok` when its `pong N` arrives.
    #[wasm_bindgen(js_name = pingCommand)]
    pub fn ping_command(&mut self) -> String {
        let n = self.next_ping();
        self.pending_pong = Some(n.clone());
        format!("ping {n}")
    }

    /// What stops the running search: `exit`, `xboard` and a `ping` in analysis (the search
    /// then ends with its best line), `?` (move now) in play.
    #[wasm_bindgen(js_name = stopCommands, unchecked_return_type = "string[]")]
    pub fn stop_commands(&mut self) -> Array {
        let mut ping = None;
        let analysis = match &self.search {
            Some(Searched::Chess(s)) => s.analysis,
            Some(Searched::Xiangqi(s)) => s.analysis,
            None => return Array::new(),
        };
        if !analysis {
            return strings(["?".to_owned()]);
        }
        let n = self.next_ping();
        let stage = Stage::Ending { pong: n.clone() };
        match &mut self.search {
            Some(Searched::Chess(s)) if s.stage == Stage::Running => {
                s.stage = stage;
                ping = Some(n);
            }
            Some(Searched::Xiangqi(s)) if s.stage == Stage::Running => {
                s.stage = stage;
                ping = Some(n);
            }
            _ => {}
        }
        match ping {
            Some(n) => strings(["exit".to_owned(), "xboard".to_owned(), format!("ping {n}")]),
            None => Array::new(),
        }
    }

    /// Whether the handshake is over.
    #[wasm_bindgen(getter)]
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// Whether a search is running.
    #[wasm_bindgen(getter)]
    pub fn searching(&self) -> bool {
        self.search.is_some()
    }

    /// Reads a line the engine sent. Events may carry `reply`: lines to send now (the answers to
    /// features, the commands that end an analysis). The handshake's `done=1` is the event
    /// `uciok`; a search's end is `bestmove`. Throws `EngineError` with code `illegal-move` for a
    /// move that is not legal, `refused` when the engine refused a command, `usage` when its
    /// features lack `setboard` or `ping`.
    #[wasm_bindgen(unchecked_return_type = "EngineEvent")]
    pub fn read(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] line: JsValue,
    ) -> Result<JsValue, JsValue> {
        let message = XboardMessage::parse(&line_text(&line)?);
        if let XboardMessage::Pong(n) = &message {
            if self.pending_pong.as_ref() == Some(n) {
                self.pending_pong = None;
                return Ok(event("readyok").into());
            }
        }
        if !self.ready {
            let step = self.handshake.heard(self.now, &line_text(&line)?);
            return self.handshake_step(step);
        }
        let mut pings = self.pings;
        let mut ping = || {
            pings = pings.wrapping_add(1);
            pings.to_string()
        };
        let stepped = match &mut self.search {
            Some(Searched::Chess(s)) => step(s, message, &mut ping, &mut self.state),
            Some(Searched::Xiangqi(s)) => step(s, message, &mut ping, &mut self.state),
            None => return Ok(event("other").into()),
        };
        self.pings = pings;
        match stepped {
            Ok(Step::Event(e)) => Ok(e),
            Ok(Step::Done(e)) => {
                self.search = None;
                Ok(e)
            }
            Err(e) => {
                self.search = None;
                Err(e)
            }
        }
    }

    /// The engine's name (feature `myname`) as `{name}`.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn id(&self) -> JsValue {
        let object = Object::new();
        if let Some(name) = xboard_feature(&self.features, "myname") {
            set(&object, "name", name.into());
        }
        object.into()
    }

    /// A feature the engine announced (`variants`, `setboard`, …), or `undefined`.
    pub fn feature(&self, name: &str) -> Option<String> {
        xboard_feature(&self.features, name).map(str::to_owned)
    }

    /// The options the engine offered (`feature option="…"`), by name in its order.
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
    pub fn option_value(&self, name: &str) -> Option<String> {
        self.config
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .or_else(|| self.option(name).and_then(|o| o.default.clone()))
    }

    /// Always `"ucci"`: XBoard engines write Xiangqi moves with ranks 0-9.
    #[wasm_bindgen(getter)]
    pub fn dialect(&self) -> String {
        "ucci".to_owned()
    }

    /// The `option NAME=VALUE` command (checks as 1 or 0, `option NAME` for buttons) after
    /// checking the value against the option's type.
    pub fn configure(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | number | boolean")] value: JsValue,
    ) -> Result<String, JsValue> {
        if !self.ready || self.search.is_some() {
            return Err(usage("the engine is not idle"));
        }
        let name = js::text(&name, ErrorKind::InvalidMove, "option name", 256)
            .map_err(|_| js::named_error("TypeError", "an option name must be a short string"))?;
        let value = if let Some(b) = value.as_bool() {
            b.to_string()
        } else if let Some(n) = value.as_f64() {
            n.to_string()
        } else {
            value.as_string().unwrap_or_default()
        };
        let option = self
            .option(&name)
            .ok_or_else(|| engine_error(&EngineError::NoSuchOption(qipan::shorten(&name))))?;
        let value = option
            .check_value(&value)
            .map_err(|e| engine_error(&EngineError::OptionValue(e)))?;
        let command = match option.kind {
            OptionKind::Button => format!("option {name}"),
            OptionKind::Check => format!("option {name}={}", u8::from(value == "true")),
            _ => format!("option {name}={value}"),
        };
        if option.kind != OptionKind::Button {
            self.config.retain(|(k, _)| *k != name);
            self.config.push((name, value));
        }
        Ok(command)
    }

    /// Plans a search of a chess board's game (`options.analysis` for analysis): `setup` ends
    /// with a `ping` whose `pong` is the event `readyok`, then `search`.
    #[wasm_bindgen(js_name = searchChess, unchecked_return_type = "EngineSearchPlan")]
    pub fn search_chess(
        &mut self,
        board: &ChessBoard,
        #[wasm_bindgen(unchecked_param_type = "EngineLimit")] limit: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "EngineSearchOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (plan, search) = self.plan(board.chess_game()?, &limit, &options)?;
        self.search = Some(Searched::Chess(search));
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
        let (plan, search) = self.plan(board.xiangqi_game()?, &limit, &options)?;
        self.search = Some(Searched::Xiangqi(search));
        Ok(plan.into())
    }

    /// Forgets the running search (after a timeout or the engine's death).
    #[wasm_bindgen(js_name = abandonSearch)]
    pub fn abandon_search(&mut self) {
        self.search = None;
    }
}

impl Default for XboardSession {
    fn default() -> Self {
        Self::new()
    }
}
