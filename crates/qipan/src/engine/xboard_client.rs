//! XBoard (CECP version 2) behind [`Engine`]: the same handshake, options, searches and events as
//! UCI, spoken the XBoard way.
//!
//! - Handshake: `xboard`, `protover 2`, then `feature` lines (each answered `accepted`, or
//!   `rejected` for `san=1`) until `done=1`. Features must start within the reply timeout and
//!   end with `done=1` or two seconds without one (the protocol's own wait); `done=0` extends
//!   the wait to the reply timeout. While the engine is quiet, `ping 0` is sent every quarter
//!   second (GNU Chess handles a line only once another one arrives), and `protover 2` again
//!   when pings are answered but it is not. `setboard` and `ping` are required, as
//!   python-chess requires them.
//! - A search: `ping` (what an earlier search left behind is read and dropped), after an
//!   analysis `force` and a legal move of the analysed position, `new`, `variant` (not for chess; `fischerandom` for Chess960), `force`,
//!   `setboard` (unless the game starts from chess's standard position), the game's moves
//!   (`usermove` when asked for); then for play the limits (`level`, `st` seconds, `sd` depth —
//!   `depth` for engines that refuse `sd` — `nps 1` with `st N` for nodes, `time`/`otim`); a
//!   `ping`/`pong` that collects the refusals of all that (a refusal ends the search before it
//!   starts); then `post`, `easy`, `go`, read until `move`, `resign` or a result, then
//!   `ping`/`pong`; for analysis `post`, `analyze`, stopped by the client (`exit`, `xboard`,
//!   `ping`) when the limit is reached.
//! - `Error (…): post` (and `nopost`, `easy`, `hard`, `random`, `computer`, `.`) is ignored:
//!   engines that always post or never ponder refuse those. Any other `Error` or `Illegal move`
//!   ends the search with [`EngineError::Refused`].

use std::time::{Duration, Instant};

use super::command::Limit;
use super::dialect::{EngineGame, XiangqiDialect};
use super::error::EngineError;
use super::info::{Info, Score};
use super::process::Line;
use super::search::{BestMove, SearchEvent, SearchOptions};
use super::state::{Engine, State, XboardSearch};
use super::xboard::XboardMessage;
use crate::{Color, Game};

/// Commands some engines do not know and that change nothing a client relies on.
pub(super) const OPTIONAL_COMMANDS: [&str; 9] = [
    "post", "nopost", "easy", "hard", "random", "computer", ".", "name", "rating",
];

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", d.as_secs())
    } else {
        format!("{s}")
    }
}

fn usage(text: &str) -> EngineError {
    EngineError::Usage(text.to_owned())
}

/// Reads a move in `pos`: coordinates as the engine writes them, or SAN (some engines post
/// their lines in SAN).
fn read_move<V: EngineGame>(pos: &V, text: &str) -> Result<V::Move, crate::MoveError> {
    V::read_engine_move(pos, text, XiangqiDialect::Ucci)
        .or_else(|e| pos.parse_any(text).map_err(|_| e))
}

/// A thinking line's moves read in `pos`: the PV is cut at its first move that is not legal.
fn read_thinking<V: EngineGame>(pos: &V, info: Info) -> Info<V::Move> {
    let mut current = pos.clone();
    info.map_moves(|prefix: &[V::Move], text: String| {
        if prefix.is_empty() {
            current = pos.clone();
        }
        let mv = read_move(&current, &text)?;
        current.play_or_pass(mv);
        Ok::<_, crate::MoveError>(mv)
    })
}

impl Engine {
    pub(super) fn xboard_start_search<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<(), EngineError> {
        let analysis = options.analysis;
        if options.multipv.is_some_and(|k| k > 1) {
            return Err(usage("XBoard engines have no multi-PV"));
        }
        if !options.ban_moves.is_empty() {
            return Err(usage("XBoard has no banned moves"));
        }
        if !options.root_moves.is_empty()
            && (!analysis || self.xboard_feature("exclude") != Some("1"))
        {
            return Err(usage(
                "XBoard takes root moves only in analysis, from engines with feature exclude=1",
            ));
        }
        let pos = game.position();
        let (clock, inc) = match pos.turn() {
            Color::White => (limit.white_clock, limit.white_inc),
            Color::Black => (limit.black_clock, limit.black_inc),
        };
        let clocks = limit.white_clock.is_some() || limit.black_clock.is_some();
        if analysis && clocks {
            return Err(usage("XBoard analysis takes no clocks"));
        }
        if !analysis && limit.nodes.is_some() {
            if limit.movetime.is_some() || clocks || inc.is_some() {
                return Err(usage("XBoard cannot mix node limits with time limits"));
            }
            if self.xboard_feature("nps") == Some("0") {
                return Err(usage(
                    "the XBoard engine has no node limits (feature nps=0)",
                ));
            }
        }
        let variant = match V::UCI_VARIANT {
            "chess" if V::chess960(game.kind()) => "fischerandom",
            "chess" => "normal",
            other => other,
        };
        if variant != "normal"
            && !self
                .xboard_feature("variants")
                .is_some_and(|v| v.split(',').any(|v| v.trim() == variant))
        {
            return Err(EngineError::Usage(format!(
                "the XBoard engine does not play {variant}"
            )));
        }
        let prefix = if self.xboard_feature("usermove") == Some("1") {
            "usermove "
        } else {
            ""
        };
        self.xboard_ping()?;
        // Fairy-Stockfish keeps the positions of an analysis until it is sent a move: the game
        // after `new` then starts on stale state and its castling moves are refused (`Error
        // (unkown command): e1g1`). A legal move of the analysed position (in force mode, so
        // nothing searches) hands that state back first.
        if let Some(mv) = self.session().analysed.take() {
            self.process.send("force")?;
            if !mv.is_empty() {
                self.process.send(&format!("{prefix}{mv}"))?;
            }
        }
        self.process.send("new")?;
        // `new` keeps the variant in some engines (Fairy-Stockfish): back to chess by name.
        let last = self.session().variant.take();
        if variant != "normal" || last.is_some() {
            self.process.send(&format!("variant {variant}"))?;
        }
        if variant != "normal" {
            self.session().variant = Some(variant.to_owned());
        }
        self.process.send("force")?;
        let start = game.start();
        if variant != "normal" || start.fen() != Game::<V>::new().start().fen() {
            // Chess960 as Shredder-FEN (the castling rooks' files), as python-chess sends it.
            self.process
                .send(&format!("setboard {}", V::xboard_fen(start)))?;
        }
        for (at, &mv) in game.positions().iter().zip(game.moves()) {
            let text = V::engine_move(at, mv, XiangqiDialect::Ucci);
            self.process.send(&format!("{prefix}{text}"))?;
        }
        let now = Instant::now();
        let mut stop_at = None;
        if analysis {
            if !options.root_moves.is_empty() {
                self.process.send("exclude all")?;
                for &mv in &options.root_moves {
                    let text = V::engine_move(pos, mv, XiangqiDialect::Ucci);
                    self.process.send(&format!("include {text}"))?;
                }
            }
            self.xboard_check_setup(None)?;
            self.process.send("post")?;
            self.process.send("analyze")?;
            let any = pos.legal_moves().first().copied();
            self.session().analysed = Some(any.map_or_else(String::new, |mv| {
                V::engine_move(pos, mv, XiangqiDialect::Ucci)
            }));
            stop_at = limit.movetime.map(|t| now + t);
        } else {
            self.send_xboard_limits(limit, pos.turn(), clock, inc)?;
            self.xboard_check_setup(limit.depth)?;
            self.process.send("post")?;
            self.process
                .send(if options.ponder { "hard" } else { "easy" })?;
            self.process.send("go")?;
        }
        let deadline = if analysis && limit.is_unlimited() {
            None
        } else {
            let budget = match limit.time_budget(pos.turn()) {
                Some(time) => time + self.timeouts.grace,
                None => self.timeouts.search,
            };
            Some(now + budget)
        };
        self.state = State::Searching { deadline };
        self.session().search = Some(XboardSearch {
            analysis,
            depth: limit.depth,
            nodes: limit.nodes,
            time: limit.movetime,
            mate: limit.mate,
            stop_at,
            best: None,
            hint: None,
            draw: false,
            resign: false,
            final_pong: None,
        });
        Ok(())
    }

    /// python-chess's mapping of a [`Limit`] to XBoard's time controls.
    fn send_xboard_limits(
        &mut self,
        limit: &Limit,
        turn: Color,
        clock: Option<Duration>,
        inc: Option<Duration>,
    ) -> Result<(), EngineError> {
        if limit.moves_to_go.is_some() || clock.is_some() || inc.is_some() {
            let base = clock.unwrap_or_default().as_secs();
            self.process.send(&format!(
                "level {} {}:{:02} {}",
                limit.moves_to_go.unwrap_or(0),
                base / 60,
                base % 60,
                seconds(inc.unwrap_or_default())
            ))?;
        }
        if let Some(time) = limit.movetime {
            self.process.send(&format!(
                "st {}",
                seconds(time.max(Duration::from_millis(10)))
            ))?;
        }
        if let Some(nodes) = limit.nodes {
            self.process.send("nps 1")?;
            self.process.send(&format!("st {}", nodes.max(1)))?;
        }
        if let Some(depth) = limit.depth {
            let word = self.session().depth_command.unwrap_or("sd");
            self.process.send(&format!("{word} {}", depth.max(1)))?;
        }
        let centis = |d: Duration| (d.as_millis() / 10).max(1);
        for (clock, white) in [(limit.white_clock, true), (limit.black_clock, false)] {
            if let Some(clock) = clock {
                let own = white == (turn == Color::White);
                let word = if own { "time" } else { "otim" };
                self.process.send(&format!("{word} {}", centis(clock)))?;
            }
        }
        Ok(())
    }

    /// Asks for the search's end: `exit` and `ping` in analysis, the `ping` after a move in play.
    fn xboard_finish(&mut self, exit: bool) -> Result<(), EngineError> {
        let has_pong = self
            .xboard
            .as_ref()
            .and_then(|s| s.search.as_ref())
            .is_some_and(|s| s.final_pong.is_some());
        if has_pong {
            return Ok(());
        }
        if exit {
            self.leave_analysis()?;
        }
        let n = self.next_ping();
        self.process.send(&format!("ping {n}"))?;
        if let Some(search) = self.session().search.as_mut() {
            search.final_pong = Some(n);
        }
        Ok(())
    }

    /// `exit`, then `xboard`: GNU Chess 6 leaves XBoard mode on `exit` (it resets all its flags),
    /// then prompts (`White (1) : `) before its next lines and stalls; `xboard` brings it back,
    /// and other engines take it as the reminder it is.
    fn leave_analysis(&mut self) -> Result<(), EngineError> {
        self.process.send("exit")?;
        self.process.send("xboard")
    }

    /// Ends a failed search: the engine leaves analysis mode (`exit`) and stops thinking
    /// (`force`); what it still sends is dropped by the next search's `ping`.
    fn xboard_abort(&mut self) {
        self.state = State::Idle;
        if let Some(search) = self.session().search.take() {
            if search.analysis {
                let _ = self.leave_analysis();
            }
            let _ = self.process.send("force");
        }
    }

    pub(super) fn xboard_stop(&mut self) -> Result<(), EngineError> {
        let analysis = self
            .xboard
            .as_ref()
            .and_then(|s| s.search.as_ref())
            .is_some_and(|s| s.analysis);
        if analysis {
            self.xboard_finish(true)?;
        } else {
            // Move now.
            self.process.send("?")?;
        }
        self.state = State::Searching {
            deadline: Some(Instant::now() + self.timeouts.reply),
        };
        Ok(())
    }

    pub(super) fn xboard_next_event<V: EngineGame>(
        &mut self,
        pos: &V,
        wait: Option<Duration>,
    ) -> Result<SearchEvent<V::Move>, EngineError> {
        let asked = wait.map(|w| Instant::now() + w);
        loop {
            let State::Searching { deadline } = self.state else {
                return Err(usage("no search is running"));
            };
            let Some(search) = self.session().search.as_ref() else {
                return Err(usage("no search is running"));
            };
            let (analysis, finishing) = (search.analysis, search.final_pong.is_some());
            let stop_at = search.stop_at.filter(|_| !finishing);
            if stop_at.is_some_and(|t| Instant::now() >= t) {
                self.xboard_finish(true)?;
                continue;
            }
            let until = [deadline, asked, stop_at]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or_else(|| Instant::now() + Duration::from_secs(86400 * 365));
            let line = match self
                .process
                .recv(until, if analysis { "pong" } else { "move" })
            {
                Ok(Line::Text(line)) => line,
                Ok(_) => continue,
                Err(EngineError::Timeout { .. }) if stop_at.is_some_and(|t| until >= t) => continue,
                Err(e) => {
                    if e.is_terminated() {
                        self.xboard_abort();
                    }
                    return Err(e);
                }
            };
            match XboardMessage::parse(&line) {
                XboardMessage::Thinking(info) => {
                    let sent_pv = !info.pv.is_empty();
                    let info = read_thinking(pos, *info);
                    if sent_pv && info.pv.is_empty() {
                        // Not a line of this position: GNU Chess may still print a line of
                        // the previous search after answering the next search's `ping`.
                        continue;
                    }
                    let search = self.session().search.as_mut().expect("searching");
                    if search.analysis {
                        if let Some(&first) = info.pv.first() {
                            search.best = Some(V::engine_move(pos, first, XiangqiDialect::Ucci));
                        }
                        let reached = search.depth.is_some_and(|d| info.depth >= Some(d))
                            || search.nodes.is_some_and(|n| info.nodes >= Some(n))
                            || search
                                .time
                                .is_some_and(|t| info.time_ms >= Some(t.as_millis() as u64))
                            || search.mate.is_some_and(|m| {
                                matches!(info.score, Some(Score::Mate(k)) if k > 0 && k <= i64::from(m))
                            });
                        if reached && !finishing {
                            self.xboard_finish(true)?;
                        }
                    }
                    return Ok(SearchEvent::Info(Box::new(info)));
                }
                XboardMessage::Move(text) if !analysis => {
                    let search = self.session().search.as_mut().expect("searching");
                    if search.best.is_some() {
                        continue;
                    }
                    if let Err(e) = read_move(pos, &text) {
                        self.xboard_abort();
                        return Err(EngineError::IllegalMove(e));
                    }
                    search.best = Some(text);
                    self.xboard_finish(false)?;
                }
                XboardMessage::Hint(text) => {
                    let search = self.session().search.as_mut().expect("searching");
                    if search.best.is_some() && search.hint.is_none() {
                        search.hint = Some(text);
                    }
                }
                XboardMessage::OfferDraw | XboardMessage::Resign | XboardMessage::Result { .. }
                    if !analysis =>
                {
                    let message = XboardMessage::parse(&line);
                    let search = self.session().search.as_mut().expect("searching");
                    match message {
                        XboardMessage::OfferDraw => search.draw = true,
                        XboardMessage::Resign => search.resign = true,
                        XboardMessage::Result { comment, .. } => {
                            search.resign |= comment.to_ascii_lowercase().contains("resign");
                        }
                        _ => {}
                    }
                    self.xboard_finish(false)?;
                }
                XboardMessage::Pong(n) => {
                    let search = self.session().search.as_ref().expect("searching");
                    if search.final_pong.as_deref() == Some(n.as_str()) {
                        let search = self.session().search.take().expect("searching");
                        self.state = State::Idle;
                        return Ok(SearchEvent::BestMove(Self::xboard_best(pos, search)));
                    }
                }
                XboardMessage::Refused { command, line, .. } => {
                    let word = command.split_whitespace().next().unwrap_or("");
                    if !OPTIONAL_COMMANDS.contains(&word) {
                        self.xboard_abort();
                        return Err(EngineError::Refused(line));
                    }
                }
                _ => {}
            }
        }
    }

    fn xboard_best<V: EngineGame>(pos: &V, search: XboardSearch) -> BestMove<V::Move> {
        // Already checked (play) or read from a legal PV (analysis).
        let best = search.best.and_then(|text| read_move(pos, &text).ok());
        let ponder = match (best, search.hint) {
            (Some(mv), Some(text)) => {
                let mut after = pos.clone();
                after.play_or_pass(mv);
                read_move(&after, &text).ok()
            }
            _ => None,
        };
        BestMove {
            best,
            ponder,
            draw: search.draw,
            resign: search.resign,
        }
    }
}
