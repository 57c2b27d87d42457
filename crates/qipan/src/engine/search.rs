//! What a search is: its options, its events, its result, and the timeouts of the waits on an
//! engine — shared by the UCI/UCCI and XBoard drivers.

use std::time::Duration;

use super::dialect::{EngineGame, XiangqiDialect};
use super::error::EngineError;
use super::info::Info;

/// Reads an info line's moves in `pos`: each line of moves (the PV, the refutation, the current
/// line) is cut at its first move that is not legal where it stands.
pub fn read_info<V: EngineGame>(pos: &V, info: Info, dialect: XiangqiDialect) -> Info<V::Move> {
    let mut current = pos.clone();
    info.map_moves(|prefix: &[V::Move], text: String| {
        if prefix.is_empty() {
            current = pos.clone();
        }
        let mv = V::read_engine_move(&current, &text, dialect)?;
        current.play_or_pass(mv);
        Ok::<_, crate::MoveError>(mv)
    })
}

/// Reads `bestmove`'s moves in `pos`: a best move that is not legal is
/// [`EngineError::IllegalMove`]; a ponder move that is not legal after it is dropped.
pub fn read_best_move<V: EngineGame>(
    pos: &V,
    best: Option<&str>,
    ponder: Option<&str>,
    dialect: XiangqiDialect,
) -> Result<BestMove<V::Move>, EngineError> {
    let best = match best {
        Some(text) => {
            Some(V::read_engine_move(pos, text, dialect).map_err(EngineError::IllegalMove)?)
        }
        None => None,
    };
    let ponder = match (best, ponder) {
        (Some(mv), Some(text)) => {
            let mut after = pos.clone();
            after.play_or_pass(mv);
            V::read_engine_move(&after, text, dialect).ok()
        }
        _ => None,
    };
    Ok(BestMove {
        best,
        ponder,
        draw: false,
        resign: false,
    })
}

/// How long each wait on an engine may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// For an answer to a command: `uciok`, `readyok`, `bestmove` after `stop` (default 10 s).
    pub reply: Duration,
    /// For a search without a time limit (depth, nodes, mate) to end (default 300 s).
    pub search: Duration,
    /// Added to a search's time limit (`movetime`, the clock) before giving up (default 10 s).
    pub grace: Duration,
    /// For the process to exit after `quit` before it is killed (default 1 s).
    pub quit: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            reply: Duration::from_secs(10),
            search: Duration::from_secs(300),
            grace: Duration::from_secs(10),
            quit: Duration::from_secs(1),
        }
    }
}

/// How to search, besides the [`Limit`](super::Limit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOptions<M> {
    /// How many best lines to report (`MultiPV`); `None` is one.
    pub multipv: Option<u32>,
    /// Search only these moves (`searchmoves`; UCCI: `banmoves` with the others).
    pub root_moves: Vec<M>,
    /// Never play these moves (UCCI `banmoves`; UCI: `searchmoves` with the others).
    pub ban_moves: Vec<M>,
    /// Send `ucinewgame` first: the engine forgets what it learned from earlier searches.
    pub new_game: bool,
    /// XBoard: search in analysis mode (`analyze`, stopped by the client when the limit is
    /// reached) rather than play (`go`). UCI and UCCI search the same way either way.
    pub analysis: bool,
    /// Ponder after the search (python-chess's `play(ponder=True)`): UCI and UCCI engines search
    /// the expected reply (`go ponder`) until the next command stops it; XBoard engines are sent
    /// `hard` instead of `easy`.
    pub ponder: bool,
}

impl<M> Default for SearchOptions<M> {
    fn default() -> Self {
        SearchOptions {
            multipv: None,
            root_moves: Vec::new(),
            ban_moves: Vec::new(),
            new_game: false,
            analysis: false,
            ponder: false,
        }
    }
}

/// The end of a search: `bestmove` (or UCCI's `nobestmove`, with no move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove<M> {
    /// The move, `None` when the engine had none (`nobestmove`, `bestmove (none)`).
    pub best: Option<M>,
    /// The reply the engine expects.
    pub ponder: Option<M>,
    /// The engine offers (or accepts) a draw (UCCI; XBoard's `offer draw`).
    pub draw: bool,
    /// The engine resigns (UCCI; XBoard's `resign` or a result saying so).
    pub resign: bool,
}

/// What a search reports: info lines, then the best move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchEvent<M> {
    /// An `info` line with its moves read in the searched position.
    Info(Box<Info<M>>),
    /// The search is over.
    BestMove(BestMove<M>),
}

/// What [`Engine::play`](super::Engine::play) returns (python-chess's `PlayResult`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayResult<M> {
    /// The best move and the engine's offers.
    pub best: BestMove<M>,
    /// The search's summary: its info lines merged (the first line of a multi-PV search).
    pub info: Info<M>,
}

/// What [`Engine::search`](super::Engine::search) returns: the best move and the merged info of
/// each line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move and the engine's offers.
    pub best: BestMove<M>,
    /// The merged info of each line, the best first (`lines[k]` is `multipv k + 1`).
    pub lines: Vec<Info<M>>,
}
