//! The Python exceptions, one per [`ErrorKind`], all subclasses of `ValueError`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;
use qipan::{ErrorKind, MoveError};

/// An error for Python: which exception, and its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    /// Which of the binding exceptions to raise; `None` for a plain `ValueError`.
    pub kind: Option<ErrorKind>,
    /// The message.
    pub message: String,
}

impl BoardError {
    /// An error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> BoardError {
        BoardError {
            kind: Some(kind),
            message: message.into(),
        }
    }

    /// A plain `ValueError` with `message`.
    pub fn value(message: impl Into<String>) -> BoardError {
        BoardError {
            kind: None,
            message: message.into(),
        }
    }
}

impl From<MoveError> for BoardError {
    fn from(e: MoveError) -> BoardError {
        BoardError {
            kind: Some(e.kind()),
            message: e.to_string(),
        }
    }
}

create_exception!(
    qipan,
    InvalidFenError,
    PyValueError,
    "A FEN that does not describe a legal position."
);
create_exception!(
    qipan,
    InvalidMoveError,
    PyValueError,
    "Text that is not a move in the notation asked for."
);
create_exception!(
    qipan,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that the position does not allow."
);
create_exception!(
    qipan,
    AmbiguousMoveError,
    PyValueError,
    "Move text that fits several legal moves."
);

/// The Python exception of `kind` (`ValueError` for `None`) with `message`.
pub fn to_py(kind: Option<ErrorKind>, message: String) -> PyErr {
    match kind {
        Some(ErrorKind::InvalidFen) => InvalidFenError::new_err(message),
        Some(ErrorKind::InvalidMove) => InvalidMoveError::new_err(message),
        Some(ErrorKind::IllegalMove) => IllegalMoveError::new_err(message),
        Some(ErrorKind::AmbiguousMove) => AmbiguousMoveError::new_err(message),
        None => PyValueError::new_err(message),
    }
}

impl From<BoardError> for PyErr {
    fn from(e: BoardError) -> PyErr {
        to_py(e.kind, e.message)
    }
}

/// The longest move text the parsers are given; longer text is an `InvalidMoveError` at once.
pub const MAX_MOVE_TEXT: usize = 64;

/// Rejects move text too long to be a move in any notation.
pub fn check_move_text(text: &str) -> Result<(), BoardError> {
    if text.len() > MAX_MOVE_TEXT {
        Err(BoardError::new(
            ErrorKind::InvalidMove,
            format!(
                "invalid move {:?}: too long to be a move",
                qipan::shorten(text)
            ),
        ))
    } else {
        Ok(())
    }
}
