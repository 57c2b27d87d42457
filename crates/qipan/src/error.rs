//! The error shared by every move parser.
//!
//! Move text fails in one of three ways, and callers (the Python and JS bindings among them) need to
//! tell them apart: the text is not a move at all ([`MoveError::Invalid`]), it names a move that the
//! position does not allow ([`MoveError::Illegal`]), or it fits more than one legal move
//! ([`MoveError::Ambiguous`]).
//!
//! ```
//! use qipan::MoveError;
//! let e = MoveError::Ambiguous { text: "Nd7".into(), candidates: vec!["Nbd7".into(), "Nfd7".into()] };
//! assert_eq!(e.to_string(), "ambiguous move \"Nd7\": could be Nbd7, Nfd7");
//! ```

/// Why move text could not be turned into a legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the notation asked for.
    #[error("invalid move {text:?}: {reason}")]
    Invalid {
        /// The text that was given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text names a move, but it is not legal in this position.
    #[error("illegal move {text:?} in {fen}")]
    Illegal {
        /// The text that was given.
        text: String,
        /// The position, as FEN.
        fen: String,
    },
    /// The text fits several legal moves.
    #[error("ambiguous move {text:?}: could be {}", candidates.join(", "))]
    Ambiguous {
        /// The text that was given.
        text: String,
        /// The legal moves it could mean, written unambiguously.
        candidates: Vec<String>,
    },
}

/// The four kinds of input error every binding reports, by the name it reports them under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A FEN that does not describe a legal position.
    InvalidFen,
    /// Text that is not a move in the notation asked for.
    InvalidMove,
    /// A well-formed move that the position does not allow.
    IllegalMove,
    /// Move text that fits several legal moves.
    AmbiguousMove,
}

impl ErrorKind {
    /// The exception / `Error.name` the bindings use: `"InvalidFenError"`, `"IllegalMoveError"`...
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidFen => "InvalidFenError",
            ErrorKind::InvalidMove => "InvalidMoveError",
            ErrorKind::IllegalMove => "IllegalMoveError",
            ErrorKind::AmbiguousMove => "AmbiguousMoveError",
        }
    }
}

impl MoveError {
    /// Which of the binding error kinds this is.
    pub const fn kind(&self) -> ErrorKind {
        match self {
            MoveError::Invalid { .. } => ErrorKind::InvalidMove,
            MoveError::Illegal { .. } => ErrorKind::IllegalMove,
            MoveError::Ambiguous { .. } => ErrorKind::AmbiguousMove,
        }
    }

    /// Shorthand for [`MoveError::Invalid`].
    pub fn invalid(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Invalid {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    /// Shorthand for [`MoveError::Illegal`].
    pub fn illegal(text: &str, fen: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            text: text.to_owned(),
            fen: fen.into(),
        }
    }
}

/// A rule-set name that a game does not know. The message is the same in every front end:
/// `unknown rules "x" for chess (expected: fide, chess960)`.
///
/// ```
/// use qipan::chess::ChessRules;
/// let e = "blitz".parse::<ChessRules>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown rules \"blitz\" for chess (expected: fide, chess960)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {name:?} for {game} (expected: {})", expected.join(", "))]
pub struct UnknownRules {
    /// The game whose rules were asked for (`"chess"`, `"xiangqi"`).
    pub game: &'static str,
    /// The name that was given.
    pub name: String,
    /// The canonical names the game knows.
    pub expected: &'static [&'static str],
}

impl UnknownRules {
    /// The error for `name`, cut to 100 characters so that hostile input cannot flood a message.
    pub fn new(game: &'static str, name: &str, expected: &'static [&'static str]) -> UnknownRules {
        UnknownRules {
            game,
            name: crate::text::shorten(name),
            expected,
        }
    }
}
