//! Engine clients: UCI, UCCI and XBoard engines as child processes, their output read into typed
//! values.
//!
//! Three layers, each usable alone:
//! - reading what an engine sends ([`EngineMessage`], [`Info`], [`EngineOption`]) and writing what
//!   it is sent ([`position_command`], [`go_command`] with a [`Limit`], [`setoption_command`]);
//!   XBoard's lines ([`XboardMessage`], [`parse_thinking`], [`parse_features`]);
//! - [`EngineProcess`]: the child process, its output read by a thread into a bounded queue, every
//!   wait with a deadline;
//! - [`Engine`]: the handshake, options, searches ([`Engine::play`], [`Engine::analyse`], or
//!   [`Engine::start_search`] with [`Engine::next_event`] and [`Engine::stop`] for live analysis).
//!
//! Moves go through the game's own notation code ([`EngineGame`]): a move the engine sends that is
//! not legal is [`EngineError::IllegalMove`], never a panic. Xiangqi engines speak one of three
//! dialects ([`XiangqiDialect`]), detected from the handshake and overridable.
//!
//! ```no_run
//! use qipan::engine::{Engine, Limit, Protocol, SearchOptions, Timeouts};
//! use qipan::{Chess, Game};
//! let mut engine = Engine::start("stockfish", &[], Protocol::Uci, Timeouts::default())?;
//! engine.configure("Threads", "1")?;
//! let game: Game<Chess> = Game::new();
//! let limit = Limit { nodes: Some(10_000), ..Limit::default() };
//! let result = engine.play(&game, &limit, &SearchOptions::default())?;
//! println!("{:?} {:?}", result.best.best, result.info.score);
//! engine.quit();
//! # Ok::<(), qipan::engine::EngineError>(())
//! ```

mod client;
mod command;
mod dialect;
mod error;
mod info;
mod message;
mod option;
mod ponder;
mod process;
mod search;
mod state;
mod xboard;
mod xboard_client;
mod xboard_greeting;
mod xboard_handshake;
mod xboard_plan;

pub use command::{banmoves_command, go_command, position_command, setoption_command, Limit};
pub use dialect::{EngineGame, Protocol, UnknownDialect, XiangqiDialect};
pub use error::EngineError;
pub use info::{Info, Score, ScoreBound};
pub use message::EngineMessage;
pub use option::{EngineOption, OptionKind, OptionValueError};
pub use process::{split_lines, EngineProcess, Line};
pub use search::{
    read_best_move, read_info, BestMove, PlayResult, SearchEvent, SearchOptions, SearchResult,
    Timeouts,
};
pub use state::Engine;
pub use xboard::{parse_features, parse_option_feature, parse_thinking, XboardMessage};
pub use xboard_greeting::{
    xboard_depth_fallback, xboard_missing_feature, XboardHandshake, XboardHandshakeStep,
};
pub use xboard_plan::{
    read_xboard_hint, read_xboard_move, read_xboard_thinking, xboard_analysis_reached,
    xboard_feature, xboard_feature_reply, xboard_refusal_matters, xboard_resigns,
    xboard_search_plan, XboardGameState, XboardPlan, XBOARD_OPTIONAL_COMMANDS,
};
