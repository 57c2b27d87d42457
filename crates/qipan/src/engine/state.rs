//! The state of an [`Engine`]: the process, what the handshake gave, the running search, and the
//! state of the XBoard and pondering parts; with the accessors every part of the client uses.

use std::time::{Duration, Instant};

use super::command::Limit;
use super::dialect::{Protocol, XiangqiDialect};
use super::option::EngineOption;
use super::process::EngineProcess;
use super::search::Timeouts;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    Idle,
    /// Searching the expected reply after `play` with `ponder` (`go ponder`), until the next
    /// command stops it.
    Pondering,
    Searching {
        deadline: Option<Instant>,
    },
}

/// A UCI, UCCI or XBoard engine.
#[derive(Debug)]
pub struct Engine {
    pub(super) process: EngineProcess,
    pub(super) protocol: Protocol,
    pub(super) id: Vec<(String, String)>,
    pub(super) options: Vec<EngineOption>,
    /// The values set so far (name as the engine spells it, value).
    pub(super) config: Vec<(String, String)>,
    pub(super) dialect: XiangqiDialect,
    pub(super) timeouts: Timeouts,
    pub(super) state: State,
    pub(super) fresh: bool,
    /// XBoard's features and running search (`None` for UCI and UCCI).
    pub(super) xboard: Option<Box<XboardSession>>,
    /// What to ponder on once the running search gives its best and ponder moves.
    pub(super) ponder_next: Option<PonderPlan>,
    /// The `position` command of the position being pondered.
    pub(super) pondered: Option<String>,
}

/// The features of an XBoard engine and its running search.
#[derive(Debug, Default)]
pub(super) struct XboardSession {
    pub(super) features: Vec<(String, String)>,
    pub(super) pings: u32,
    pub(super) search: Option<XboardSearch>,
    /// The variant of the last search (`None`: chess, `normal`).
    pub(super) variant: Option<String>,
    /// After an analysis (`analyze`), a legal move of the analysed position (empty when there is
    /// none): Fairy-Stockfish must be sent a move before the next `new` (see `xboard_client`).
    pub(super) analysed: Option<String>,
    /// The command that sets a search depth: `sd` (the protocol's), or `depth` once the engine
    /// refused `sd` (GNU Chess).
    pub(super) depth_command: Option<&'static str>,
}

#[derive(Debug)]
pub(super) struct XboardSearch {
    pub(super) analysis: bool,
    /// Analysis limits, checked by the client on each thinking line.
    pub(super) depth: Option<u32>,
    pub(super) nodes: Option<u64>,
    pub(super) time: Option<Duration>,
    pub(super) mate: Option<u32>,
    /// When a timed analysis is stopped.
    pub(super) stop_at: Option<Instant>,
    /// The move played (play), or the first move of the latest PV (analysis).
    pub(super) best: Option<String>,
    pub(super) hint: Option<String>,
    pub(super) draw: bool,
    pub(super) resign: bool,
    /// The `pong` that ends the search, once its `ping` is sent.
    pub(super) final_pong: Option<String>,
}

impl XboardSession {
    pub(super) fn feature(&self, name: &str) -> Option<&str> {
        self.features
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The search to ponder on once the best and ponder moves are known.
#[derive(Debug, Clone)]
pub(super) struct PonderPlan {
    /// The `position` command of the searched position.
    pub(super) position: String,
    /// The limit of the search, used again for the ponder search.
    pub(super) limit: Limit,
}

impl Engine {
    /// The protocol spoken.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The `id` lines, in the order received (`name`, `author`…).
    pub fn id(&self) -> &[(String, String)] {
        &self.id
    }

    /// The engine's name (`id name`), if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.id
            .iter()
            .find(|(k, _)| k == "name")
            .map(|(_, v)| v.as_str())
    }

    /// The options the engine offered, in its order.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// An option by name, ignoring case.
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The value an option has now: the last one set, else its default.
    pub fn option_value(&self, name: &str) -> Option<&str> {
        self.config
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .or_else(|| self.option(name).and_then(|o| o.default.as_deref()))
    }

    /// The Xiangqi dialect in use (detected from the handshake).
    pub fn xiangqi_dialect(&self) -> XiangqiDialect {
        self.dialect
    }

    /// Overrides the detected Xiangqi dialect.
    pub fn set_xiangqi_dialect(&mut self, dialect: XiangqiDialect) {
        self.dialect = dialect;
    }

    /// The timeouts in use.
    pub fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    /// Changes the timeouts.
    pub fn set_timeouts(&mut self, timeouts: Timeouts) {
        self.timeouts = timeouts;
    }

    /// When a search with `limit` must have ended (`None` for an infinite one).
    pub(super) fn deadline_of(&self, limit: &Limit, turn: crate::Color) -> Option<Instant> {
        if limit.is_unlimited() {
            return None;
        }
        let budget = match limit.time_budget(turn) {
            Some(time) => time + self.timeouts.grace,
            None => self.timeouts.search,
        };
        Some(Instant::now() + budget)
    }

    /// When the running search's own deadline passes (`None` when idle or for an infinite
    /// search).
    pub fn search_deadline(&self) -> Option<Instant> {
        match self.state {
            State::Searching { deadline } => deadline,
            State::Idle | State::Pondering => None,
        }
    }

    /// Whether a search is running.
    pub fn is_searching(&self) -> bool {
        matches!(self.state, State::Searching { .. })
    }

    /// The process (its id; to kill it).
    pub fn process(&mut self) -> &mut EngineProcess {
        &mut self.process
    }

    /// XBoard's session, made on first use.
    pub(super) fn session(&mut self) -> &mut XboardSession {
        self.xboard.get_or_insert_with(Box::default)
    }
}
