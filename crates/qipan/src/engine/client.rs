//! [`Engine`]'s handshake, options and searches; UCI and UCCI here, XBoard and pondering in their
//! own modules.

use std::time::{Duration, Instant};

use super::command::{banmoves_command, go_command, position_command, setoption_command, Limit};
use super::dialect::{EngineGame, Protocol, XiangqiDialect};
use super::error::EngineError;
use super::info::Info;
use super::message::EngineMessage;
use super::option::OptionKind;
use super::process::{EngineProcess, Line};
use super::search::{
    read_best_move, read_info, BestMove, PlayResult, SearchEvent, SearchOptions, SearchResult,
    Timeouts,
};
use super::state::{Engine, PonderPlan, State};
use crate::Game;

/// The options the client sets itself (python-chess's managed options).
const MANAGED: [&str; 4] = ["uci_chess960", "uci_variant", "multipv", "ponder"];

impl Engine {
    /// Starts `program` with `args` and shakes hands in `protocol`.
    pub fn start(
        program: &str,
        args: &[String],
        protocol: Protocol,
        timeouts: Timeouts,
    ) -> Result<Engine, EngineError> {
        let process = EngineProcess::spawn(program, args)?;
        Engine::handshake(process, protocol, timeouts)
    }

    /// Shakes hands with a started process: `uci`/`ucci`, then `id` and `option` lines until
    /// `uciok`/`ucciok`. A UCCI engine that offers `usemillisec` is switched to milliseconds.
    pub fn handshake(
        process: EngineProcess,
        protocol: Protocol,
        timeouts: Timeouts,
    ) -> Result<Engine, EngineError> {
        let mut engine = Engine {
            process,
            protocol,
            id: Vec::new(),
            options: Vec::new(),
            config: Vec::new(),
            dialect: XiangqiDialect::Ucci,
            timeouts,
            state: State::Idle,
            fresh: true,
            xboard: None,
            ponder_next: None,
            pondered: None,
        };
        if protocol == Protocol::Xboard {
            engine.xboard_handshake()?;
            return Ok(engine);
        }
        engine.process.send(protocol.name())?;
        let deadline = Instant::now() + timeouts.reply;
        let ok = match protocol {
            Protocol::Ucci => "ucciok",
            Protocol::Uci | Protocol::Xboard => "uciok",
        };
        loop {
            let Line::Text(line) = engine.process.recv(deadline, ok)? else {
                continue;
            };
            match EngineMessage::parse(&line) {
                EngineMessage::Id { key, value } => {
                    engine.id.retain(|(k, _)| *k != key);
                    engine.id.push((key, value));
                }
                EngineMessage::Option(option)
                    if engine.option(&option.name).is_none() && engine.options.len() < 1000 =>
                {
                    engine.options.push(option);
                }
                EngineMessage::UciOk | EngineMessage::UcciOk => break,
                _ => {}
            }
        }
        let offers_variant = engine
            .option("UCI_Variant")
            .is_some_and(|o| o.vars.iter().any(|v| v == "xiangqi"));
        engine.dialect = XiangqiDialect::detect(protocol, offers_variant);
        if protocol == Protocol::Ucci && engine.option("usemillisec").is_some() {
            engine.set_option_unchecked("usemillisec", "true")?;
        }
        Ok(engine)
    }

    /// Sets an option after checking the value against its type. The options the client manages
    /// itself (`UCI_Chess960`, `UCI_Variant`, `MultiPV`, `Ponder`) are refused, as python-chess
    /// refuses them.
    pub fn configure(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        if MANAGED.contains(&name.to_ascii_lowercase().as_str()) {
            return Err(EngineError::Usage(format!(
                "cannot set {name} which is automatically managed"
            )));
        }
        let option = self
            .option(name)
            .ok_or_else(|| EngineError::NoSuchOption(crate::text::shorten(name)))?;
        let value = option.check_value(value)?;
        let name = option.name.clone();
        self.set_option_unchecked(&name, &value)
    }

    fn set_option_unchecked(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.idle()?;
        if self.protocol == Protocol::Xboard {
            self.process
                .send(&self.xboard_option_command(name, value))?;
        } else {
            self.process
                .send(&setoption_command(self.protocol, name, value))?;
        }
        let is_button = self
            .option(name)
            .is_some_and(|o| o.kind == OptionKind::Button);
        if !is_button {
            self.config.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
            self.config.push((name.to_owned(), value.to_owned()));
        }
        Ok(())
    }

    fn ensure_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        if self.option(name).is_some()
            && !self
                .option_value(name)
                .is_some_and(|v| v.eq_ignore_ascii_case(value))
        {
            let name = self
                .option(name)
                .map(|o| o.name.clone())
                .unwrap_or_default();
            self.set_option_unchecked(&name, value)?;
        }
        Ok(())
    }

    /// Ready for a command: a ponder search is stopped first; a search is an error.
    pub(super) fn idle(&mut self) -> Result<(), EngineError> {
        match self.state {
            State::Idle => Ok(()),
            State::Pondering => self.end_ponder(),
            State::Searching { .. } => Err(EngineError::Usage(
                "the engine is searching: stop the search first".to_owned(),
            )),
        }
    }

    /// `isready`, waiting for `readyok` (other lines are skipped).
    pub fn ping(&mut self) -> Result<(), EngineError> {
        self.idle()?;
        if self.protocol == Protocol::Xboard {
            return self.xboard_ping();
        }
        self.process.send("isready")?;
        let deadline = Instant::now() + self.timeouts.reply;
        loop {
            if let Line::Text(line) = self.process.recv(deadline, "readyok")? {
                if EngineMessage::parse(&line) == EngineMessage::ReadyOk {
                    return Ok(());
                }
            }
        }
    }

    /// Tells the engine a new game starts (`ucinewgame`; UCCI: the `newgame` button when the
    /// engine has one, else `ucinewgame`), then waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.idle()?;
        match self.protocol {
            Protocol::Uci => self.process.send("ucinewgame")?,
            // Every XBoard search starts with `new`.
            Protocol::Xboard => {}
            Protocol::Ucci => match self.option("newgame").map(|o| o.name.clone()) {
                Some(name) => self
                    .process
                    .send(&setoption_command(Protocol::Ucci, &name, ""))?,
                // UCCI has no `ucinewgame`, but the engines built on UCI code (Fairy-Stockfish)
                // read it, and the others ignore a command they do not know.
                None => self.process.send("ucinewgame")?,
            },
        }
        self.fresh = false;
        self.ping()
    }

    /// Starts a search of the game's current position; read its events with
    /// [`Engine::next_event`].
    pub fn start_search<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<(), EngineError> {
        if self.ponder_hit(game, limit, options)? {
            return Ok(());
        }
        self.idle()?;
        if self.protocol == Protocol::Xboard {
            return self.xboard_start_search(game, limit, options);
        }
        if self.protocol == Protocol::Ucci && V::UCI_VARIANT != "xiangqi" {
            return Err(EngineError::Usage(format!(
                "a UCCI engine cannot play {}",
                game.kind()
            )));
        }
        if self.dialect != XiangqiDialect::UciPlain || V::UCI_VARIANT != "xiangqi" {
            let offers = self
                .option("UCI_Variant")
                .is_some_and(|o| o.vars.iter().any(|v| v == V::UCI_VARIANT));
            if offers {
                self.ensure_option("UCI_Variant", V::UCI_VARIANT)?;
            }
        }
        let chess960 = if V::chess960(game.kind()) {
            "true"
        } else {
            "false"
        };
        self.ensure_option("UCI_Chess960", chess960)?;
        let multipv = options.multipv.unwrap_or(1).max(1).to_string();
        self.ensure_option("MultiPV", &multipv)?;
        self.ensure_option("Ponder", if options.ponder { "true" } else { "false" })?;
        if options.new_game || self.fresh {
            self.new_game()?;
        } else {
            self.ping()?;
        }
        let pos = game.position();
        self.process
            .send(&position_command(game, self.protocol, self.dialect))?;
        let legal = || pos.legal_moves().into_iter();
        let mut root_moves = options.root_moves.clone();
        match self.protocol {
            Protocol::Ucci => {
                let mut ban = options.ban_moves.clone();
                if !root_moves.is_empty() {
                    ban.extend(legal().filter(|m| !root_moves.contains(m)));
                    root_moves.clear();
                }
                if !ban.is_empty() {
                    self.process
                        .send(&banmoves_command(pos, &ban, self.dialect))?;
                }
            }
            Protocol::Uci | Protocol::Xboard => {
                if !options.ban_moves.is_empty() {
                    if root_moves.is_empty() {
                        root_moves = legal().collect();
                    }
                    root_moves.retain(|m| !options.ban_moves.contains(m));
                }
            }
        }
        self.process.send(&go_command(
            limit,
            pos,
            self.protocol,
            self.dialect,
            &root_moves,
            false,
        ))?;
        self.ponder_next = options.ponder.then(|| PonderPlan {
            position: position_command(game, self.protocol, self.dialect),
            limit: limit.clone(),
        });
        self.state = State::Searching {
            deadline: self.deadline_of(limit, pos.turn()),
        };
        Ok(())
    }

    /// The next event of the running search in `pos` (the position searched), waiting until
    /// the search's own deadline, or `wait` when given and earlier. An infinite search has no
    /// deadline of its own: pass `wait`.
    pub fn next_event<V: EngineGame>(
        &mut self,
        pos: &V,
        wait: Option<Duration>,
    ) -> Result<SearchEvent<V::Move>, EngineError> {
        let State::Searching { deadline } = self.state else {
            return Err(EngineError::Usage("no search is running".to_owned()));
        };
        if self.protocol == Protocol::Xboard {
            return self.xboard_next_event(pos, wait);
        }
        let asked = wait.map(|w| Instant::now() + w);
        let until = match (deadline, asked) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a
                .or(b)
                .unwrap_or_else(|| Instant::now() + Duration::from_secs(86400 * 365)),
        };
        loop {
            let line = match self.process.recv(until, "bestmove") {
                Ok(Line::Text(line)) => line,
                Ok(_) => continue,
                Err(e) => {
                    if e.is_terminated() {
                        self.state = State::Idle;
                    }
                    return Err(e);
                }
            };
            match EngineMessage::parse(&line) {
                EngineMessage::Info(info) => {
                    return Ok(SearchEvent::Info(Box::new(self.read_info(pos, *info))))
                }
                EngineMessage::BestMove {
                    best,
                    ponder,
                    draw,
                    resign,
                } => {
                    self.state = State::Idle;
                    let plan = self.ponder_next.take();
                    let best =
                        read_best_move(pos, best.as_deref(), ponder.as_deref(), self.dialect)?;
                    if let (Some(plan), Some(mv), Some(reply)) = (plan, best.best, best.ponder) {
                        self.start_ponder(pos, plan, mv, reply)?;
                    }
                    return Ok(SearchEvent::BestMove(BestMove {
                        draw,
                        resign,
                        ..best
                    }));
                }
                EngineMessage::NoBestMove => {
                    self.state = State::Idle;
                    return Ok(SearchEvent::BestMove(BestMove {
                        best: None,
                        ponder: None,
                        draw: false,
                        resign: false,
                    }));
                }
                _ => {}
            }
        }
    }

    /// Reads an info line's moves in `pos` in this engine's dialect ([`read_info`]).
    pub fn read_info<V: EngineGame>(&self, pos: &V, info: Info) -> Info<V::Move> {
        read_info(pos, info, self.dialect)
    }

    /// Sends `stop` to the running search (its best move still has to be read).
    pub fn stop(&mut self) -> Result<(), EngineError> {
        if let State::Searching { .. } = self.state {
            if self.protocol == Protocol::Xboard {
                return self.xboard_stop();
            }
            self.process.send("stop")?;
            let reply = Instant::now() + self.timeouts.reply;
            self.state = State::Searching {
                deadline: Some(reply),
            };
        }
        Ok(())
    }

    /// Runs a search to its end and returns the best move with the merged info of each line,
    /// the best line first.
    pub fn search<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<SearchResult<V::Move>, EngineError> {
        if limit.is_unlimited() {
            return Err(EngineError::Usage(
                "a search without a limit never ends: use start_search and stop".to_owned(),
            ));
        }
        self.start_search(game, limit, options)?;
        let mut lines: Vec<Info<V::Move>> = Vec::new();
        loop {
            match self.next_event(game.position(), None)? {
                SearchEvent::Info(info) => {
                    let index = info.multipv.unwrap_or(1).max(1) as usize - 1;
                    if index < 500 {
                        if lines.len() <= index {
                            lines.resize_with(index + 1, Info::default);
                        }
                        lines[index].merge(*info);
                    }
                }
                SearchEvent::BestMove(best) => return Ok(SearchResult { best, lines }),
            }
        }
    }

    /// Plays: the engine's best move in the game's current position (python-chess's `play`).
    pub fn play<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<PlayResult<V::Move>, EngineError> {
        let SearchResult { best, mut lines } = self.search(game, limit, options)?;
        let info = if lines.is_empty() {
            Info::default()
        } else {
            lines.swap_remove(0)
        };
        Ok(PlayResult { best, info })
    }

    /// Analyses: the merged info of each of the `multipv` best lines (python-chess's `analyse`;
    /// an XBoard engine searches in analysis mode).
    pub fn analyse<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<Vec<Info<V::Move>>, EngineError> {
        let options = SearchOptions {
            analysis: true,
            ..options.clone()
        };
        self.search(game, limit, &options).map(|r| r.lines)
    }

    /// Stops any search, sends `quit`, and kills the engine if it has not exited within the
    /// quit timeout. Returns whether it exited by itself.
    pub fn quit(mut self) -> bool {
        if self.is_searching() || self.state == State::Pondering {
            let _ = self.process.send(match self.protocol {
                Protocol::Xboard => "force",
                _ => "stop",
            });
        }
        self.process.quit(self.timeouts.quit)
    }
}
