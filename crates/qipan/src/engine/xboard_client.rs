//! XBoard (CECP version 2) behind [`Engine`]: the same handshake, options, searches and events as
//! UCI, spoken the XBoard way.
//!
//! - Handshake: `xboard`, `protover 2`, then `feature` lines (each answered `accepted`, or
//!   `rejected` for `san=1`) until `done=1`. Features must start within the reply timeout and
//!   end with `done=1` or two seconds without one (the protocol's own wait); `done=0` extends
//!   the wait to the reply timeout. While the engine is quiet, `ping 0` is sent every 5 ms
//!   for two seconds, then every quarter second (GNU Chess handles a line only once another one
//!   arrives, and a deadlock it may start in ends only when lines arrive), and `protover 2` again
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
use super::process::Line;
use super::search::{BestMove, SearchEvent, SearchOptions};
use super::state::{Engine, State, XboardSearch};
use super::xboard::XboardMessage;
use super::xboard_plan::{
    read_xboard_hint, read_xboard_move, read_xboard_thinking, xboard_analysis_reached,
    xboard_refusal_matters, xboard_resigns, xboard_search_plan, XboardGameState,
};
use crate::Game;

fn usage(text: &str) -> EngineError {
    EngineError::Usage(text.to_owned())
}

impl Engine {
    pub(super) fn xboard_start_search<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<(), EngineError> {
        let analysis = options.analysis;
        // Planned on a copy of what the session keeps: a search refused here, or an engine that
        // does not answer the ping, leaves it as it was.
        let session = self.session();
        let mut state = XboardGameState {
            variant: session.variant.clone(),
            analysed: session.analysed.clone(),
            depth_command: session.depth_command,
        };
        let plan = xboard_search_plan(&session.features, &mut state, game, limit, options)?;
        let pos = game.position();
        self.xboard_ping()?;
        let session = self.session();
        (session.variant, session.analysed) = (state.variant, state.analysed);
        for line in &plan.setup {
            self.process.send(line)?;
        }
        let now = Instant::now();
        let mut stop_at = None;
        if analysis {
            self.xboard_check_setup(None)?;
            for line in &plan.start {
                self.process.send(line)?;
            }
            self.session().analysed = plan.analysed;
            stop_at = limit.movetime.map(|t| now + t);
        } else {
            self.xboard_check_setup(limit.depth)?;
            for line in &plan.start {
                self.process.send(line)?;
            }
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
                    let info = read_xboard_thinking(pos, *info);
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
                        let limit = Limit {
                            depth: search.depth,
                            nodes: search.nodes,
                            movetime: search.time,
                            mate: search.mate,
                            ..Limit::default()
                        };
                        let reached = xboard_analysis_reached(&limit, &info);
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
                    if let Err(e) = read_xboard_move(pos, &text) {
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
                    search.draw |= message == XboardMessage::OfferDraw;
                    search.resign |= xboard_resigns(&message);
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
                XboardMessage::Refused { command, line, .. }
                    if xboard_refusal_matters(&command) =>
                {
                    self.xboard_abort();
                    return Err(EngineError::Refused(line));
                }
                _ => {}
            }
        }
    }

    fn xboard_best<V: EngineGame>(pos: &V, search: XboardSearch) -> BestMove<V::Move> {
        // Already checked (play) or read from a legal PV (analysis).
        let best = search
            .best
            .and_then(|text| read_xboard_move(pos, &text).ok());
        let ponder = match (best, search.hint) {
            (Some(mv), Some(text)) => read_xboard_hint(pos, mv, &text).map(|(_, reply)| reply),
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
