//! [`EngineError`]: everything that can go wrong with an engine, typed.

use crate::MoveError;

/// Why talking to an engine failed. The bindings raise [`EngineError::Terminated`] as
/// `EngineTerminatedError`, [`EngineError::Timeout`] as `TimeoutError`, and the others as
/// `EngineError`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start engine {program:?}: {reason}")]
    Spawn {
        /// The program.
        program: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The engine exited (or closed its output), perhaps in the middle of a search.
    #[error("engine {program:?} terminated{}", status.as_ref().map(|s| format!(" ({s})")).unwrap_or_default())]
    Terminated {
        /// The program.
        program: String,
        /// Its exit status, when known.
        status: Option<String>,
    },
    /// The engine did not answer in time.
    #[error("engine timed out waiting for {waiting_for}")]
    Timeout {
        /// What was awaited (`uciok`, `readyok`, `bestmove`…).
        waiting_for: String,
    },
    /// The engine sent a move that is not legal in the position (or not a move at all).
    #[error("engine sent an illegal move: {0}")]
    IllegalMove(MoveError),
    /// The engine has no option of that name.
    #[error("engine has no option {0:?}")]
    NoSuchOption(String),
    /// A value that does not fit the option.
    #[error(transparent)]
    OptionValue(#[from] super::option::OptionValueError),
    /// The engine refused a command it was sent (XBoard's `Error (…): command` or `Illegal
    /// move: move`); the engine's line, shortened.
    #[error("the engine refused a command: {0}")]
    Refused(String),
    /// The request does not fit the engine's state or protocol (searching already, an option the
    /// client manages itself, a game the dialect cannot play…).
    #[error("{0}")]
    Usage(String),
}

impl EngineError {
    /// Whether the engine process is gone (no further command can succeed).
    pub fn is_terminated(&self) -> bool {
        matches!(self, EngineError::Terminated { .. })
    }
}
