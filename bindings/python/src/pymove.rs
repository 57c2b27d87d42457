//! The game-independent Python classes: `Move` and `Outcome`, and colour arguments.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use qipan::{Color, ErrorKind, Outcome, Termination};

use qipan::{shorten, GameKind};

use crate::errors::BoardError;
use crate::repr::MoveRepr;

/// A move of chess or Xiangqi. It compares equal to every move with the same coordinates in the
/// same game; a move from `Move.from_uci` without a game matches the coordinates of either game.
#[pyclass(module = "qipan", name = "Move", frozen, freelist = 256)]
#[derive(Debug, Clone)]
pub struct PyMove {
    /// The move.
    pub repr: MoveRepr,
}

impl PyMove {
    /// A Python move holding `repr`.
    pub fn new(repr: MoveRepr) -> PyMove {
        PyMove { repr }
    }
}

/// The null move in coordinate notation (UCI and ICCS).
const NULL_COORD: &str = "0000";

/// Whether `text` looks like coordinate notation: two squares (files `a`-`i`, ranks `0`-`9`) and
/// an optional promotion piece.
fn is_coordinate_text(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'i').contains(&f) && r.is_ascii_digit();
    matches!(b.len(), 4 | 5)
        && square(b[0], b[1])
        && square(b[2], b[3])
        && (b.len() == 4 || b"qrbnk".contains(&b[4]))
}

#[pymethods]
impl PyMove {
    /// `Move(uci, game=None)`: the same as [`Move.from_uci`].
    #[new]
    #[pyo3(signature = (uci, game = None))]
    fn py_new(uci: &str, game: Option<&str>) -> PyResult<PyMove> {
        PyMove::from_uci(uci, game)
    }

    /// The move with coordinates `uci` (UCI for chess, ICCS for Xiangqi: `"e2e4"`, `"h2e2"`),
    /// optionally tied to a `game` (`"chess"` or `"xiangqi"`).
    #[staticmethod]
    #[pyo3(signature = (uci, game = None))]
    fn from_uci(uci: &str, game: Option<&str>) -> PyResult<PyMove> {
        let game = match game {
            None => None,
            Some(name) => Some(
                name.parse::<GameKind>()
                    .map_err(|e| PyValueError::new_err(e.to_string()))?
                    .family(),
            ),
        };
        let text = uci.to_ascii_lowercase();
        if !is_coordinate_text(&text) && text != NULL_COORD {
            return Err(BoardError::new(
                ErrorKind::InvalidMove,
                format!(
                    "invalid move {:?}: not coordinate notation like e2e4",
                    shorten(uci)
                ),
            )
            .into());
        }
        Ok(PyMove::new(MoveRepr::Text { text, game }))
    }

    /// The null move (`"0000"`, a pass) of any game, as python-chess's `Move.null()`; it is
    /// falsy. A board plays it when the side to move is not in check.
    #[staticmethod]
    fn null() -> PyMove {
        PyMove::new(MoveRepr::Text {
            text: NULL_COORD.to_owned(),
            game: None,
        })
    }

    /// `False` for the null move, as in python-chess.
    fn __bool__(&self) -> bool {
        self.repr.coord() != NULL_COORD
    }

    /// The move in coordinate notation: UCI for chess, ICCS for Xiangqi.
    fn uci(&self) -> String {
        self.repr.coord()
    }

    /// The game the move belongs to (`"chess"`, `"xiangqi"`), or `None` when not known.
    #[getter]
    fn game(&self) -> Option<&'static str> {
        self.repr.game().map(GameKind::name)
    }

    fn __str__(&self) -> String {
        self.repr.coord()
    }

    fn __repr__(&self) -> String {
        match self.repr.game() {
            Some(g) => format!(
                "Move.from_uci('{}', game='{}')",
                self.repr.coord(),
                g.name()
            ),
            None => format!("Move.from_uci('{}')", self.repr.coord()),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyMove>() {
            Ok(other) => self.repr.same_move(&other.get().repr),
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.repr.coord().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (String, Option<&'static str>),
    ) {
        let this = slf.get();
        (slf.get_type(), (this.repr.coord(), this.game()))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// How a game ended: `termination` (`"checkmate"`, `"fifty_moves"`, ...), `winner` (`"white"`,
/// `"red"`, `"black"`, or `None` for a draw) and `result()` (`"1-0"`, `"0-1"`, `"1/2-1/2"`).
#[pyclass(module = "qipan", name = "Outcome", frozen)]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    outcome: Outcome,
    winner: Option<&'static str>,
}

impl PyOutcome {
    /// The Python outcome of `outcome`, naming colours with `color_name`.
    pub fn new(outcome: Outcome, color_name: fn(Color) -> &'static str) -> PyOutcome {
        PyOutcome {
            outcome,
            winner: outcome.winner.map(color_name),
        }
    }
}

#[pymethods]
impl PyOutcome {
    #[new]
    #[pyo3(signature = (termination, winner = None))]
    fn py_new(termination: &str, winner: Option<&str>) -> PyResult<PyOutcome> {
        let termination: Termination = termination.parse().map_err(|_| {
            PyValueError::new_err(format!("unknown termination {:?}", shorten(termination)))
        })?;
        let (color, name) = match winner {
            None => (None, None),
            Some(name) => {
                let color = Color::from_name(name).ok_or_else(|| {
                    PyValueError::new_err(format!("unknown colour {:?}", shorten(name)))
                })?;
                let name = match name.to_ascii_lowercase().as_str() {
                    "red" | "r" => "red",
                    _ => color.name(),
                };
                (Some(color), Some(name))
            }
        };
        Ok(PyOutcome {
            outcome: Outcome {
                termination,
                winner: color,
            },
            winner: name,
        })
    }

    /// Why the game ended, in lower case: `"checkmate"`, `"stalemate"`, `"fifty_moves"`...
    #[getter]
    fn termination(&self) -> &'static str {
        self.outcome.termination.as_str()
    }

    /// The winner (`"white"`, `"red"` or `"black"`), or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.winner
    }

    /// The result: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.outcome.result()
    }

    fn __repr__(&self) -> String {
        match self.winner {
            Some(w) => format!(
                "Outcome(termination='{}', winner='{w}')",
                self.termination()
            ),
            None => format!("Outcome(termination='{}', winner=None)", self.termination()),
        }
    }

    fn __str__(&self) -> String {
        self.outcome.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyOutcome>() {
            Ok(other) => self == other.get(),
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (&'static str, Option<&'static str>),
    ) {
        let this = slf.get();
        (slf.get_type(), (this.termination(), this.winner))
    }
}

/// A colour argument: `"white"`, `"red"`, `"black"` (or `"w"`, `"r"`, `"b"`, any case), or a
/// bool as in python-chess (`True` for White / Red).
pub fn color_arg(value: &Bound<'_, PyAny>) -> PyResult<Color> {
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(if b.is_true() {
            Color::White
        } else {
            Color::Black
        });
    }
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        return Color::from_name(&s).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown colour {:?}: expected \"white\", \"red\" or \"black\"",
                shorten(&s)
            ))
        });
    }
    Err(PyTypeError::new_err(format!(
        "a colour is a str (\"white\", \"red\", \"black\") or a bool, not {}",
        value.get_type().name()?
    )))
}
