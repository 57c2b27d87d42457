//! The game-independent Python classes: `Move` and `Outcome`, and colour arguments.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyString};
use qipan::chess::Square;
use qipan::{shorten, Color, CoordMove, GameKind, Outcome};

use crate::errors::BoardError;
use crate::piece::role_of_type;
use crate::repr::MoveRepr;
use crate::termination::{termination_arg, termination_member};

/// A move of chess or Xiangqi. It compares equal to every move with the same coordinates in the
/// same game; a move from `Move.from_uci` without a game matches the coordinates of either game.
///
/// The coordinate text is written once, on the first `uci()`, `str()` or `hash()`, and kept:
/// moves are interned ([`crate::cache`]), so a loop over legal moves calling `uci()` allocates
/// nothing after the first visit of each move.
#[pyclass(module = "qipan", name = "Move", frozen, freelist = 256)]
pub struct PyMove {
    /// The move.
    pub repr: MoveRepr,
    /// `repr`'s coordinates as a Python string, once asked for.
    text: PyOnceLock<Py<PyString>>,
    /// The name of the last board state ([`crate::board::Board::state`]) whose legal-move list
    /// held this (interned) object, 0 for none: `push` plays a move listed in the board's
    /// current state without testing it again. Any value stored here was a state the move is
    /// legal in, and a state's name is never given to another position, so a stale or
    /// overwritten name only costs the test.
    listed_in: AtomicU64,
}

impl std::fmt::Debug for PyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyMove").field("repr", &self.repr).finish()
    }
}

impl PyMove {
    /// A Python move holding `repr`.
    pub fn new(repr: MoveRepr) -> PyMove {
        PyMove {
            repr,
            text: PyOnceLock::new(),
            listed_in: AtomicU64::new(0),
        }
    }

    /// Notes that this move is legal in the board state named `state`.
    #[inline(always)]
    pub fn mark_listed(&self, state: u64) {
        self.listed_in.store(state, Ordering::Relaxed);
    }

    /// Whether this move was listed as legal in the board state named `state` (never 0).
    #[inline(always)]
    pub fn is_listed_in(&self, state: u64) -> bool {
        self.listed_in.load(Ordering::Relaxed) == state
    }

    /// The coordinates (UCI / ICCS) as a Python string, written on first use.
    pub fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        if let Some(text) = self.text.get(py) {
            return text.bind(py).clone();
        }
        // Made outside the cell: another thread may store its copy first (the first is kept).
        let made = PyString::new(py, &self.repr.coord());
        let _ = self.text.set(py, made.clone().unbind());
        self.text.get(py).map_or(made, |kept| kept.bind(py).clone())
    }
}

/// python-chess's `Move(to_square, to_square, drop=piece_type)`: the drop's coordinates.
fn drop_from_squares(from: i64, to: i64, drop: i64) -> PyResult<PyMove> {
    let role = role_of_type(drop).map_err(|_| {
        PyValueError::new_err(format!(
            "no drop of piece type {drop}: expected 1 (pawn) to 6 (king)"
        ))
    })?;
    let square = chess_square(to).filter(|_| from == to).ok_or_else(|| {
        PyValueError::new_err(format!(
            "a drop goes from and to one chess square (0 to 63), not {from} and {to}"
        ))
    })?;
    Ok(PyMove::new(MoveRepr::Coords {
        mv: CoordMove::drop(role, square),
        game: Some(GameKind::Chess),
    }))
}

/// python-chess's `Move(from_square, to_square, promotion)` as a chess move in coordinates.
fn chess_move_from_squares(from: i64, to: i64, promotion: Option<i64>) -> PyResult<PyMove> {
    let square = |sq: i64| {
        chess_square(sq)
            .ok_or_else(|| PyValueError::new_err(format!("no chess square {sq}: expected 0 to 63")))
    };
    let promotion = match promotion {
        None => None,
        Some(piece_type) => Some(role_of_type(piece_type).map_err(|_| {
            PyValueError::new_err(format!(
                "no promotion to piece type {piece_type}: expected 1 (pawn) to 6 (king)"
            ))
        })?),
    };
    // python-chess's null move is Move(A1, A1) only (a move is false when every field is 0).
    let mv = if from == 0 && to == 0 && promotion.is_none() {
        CoordMove::NULL
    } else {
        CoordMove::chess(square(from)?, square(to)?, promotion)
    };
    Ok(PyMove::new(MoveRepr::Coords {
        mv,
        game: Some(GameKind::Chess),
    }))
}

/// A chess square 0 (a1) to 63 (h8).
fn chess_square(index: i64) -> Option<Square> {
    u32::try_from(index)
        .ok()
        .filter(|&i| i < 64)
        .map(Square::new)
}

#[pymethods]
impl PyMove {
    /// `Move(uci, game=None)`: the same as [`Move.from_uci`]; or python-chess's
    /// `Move(from_square, to_square, promotion=None)` with chess squares 0–63 (`qipan.E2`).
    #[new]
    #[pyo3(signature = (*args, promotion = None, game = None, drop = None))]
    fn py_new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        promotion: Option<i64>,
        game: Option<&str>,
        drop: Option<i64>,
    ) -> PyResult<PyMove> {
        let first = args.get_item(0).map_err(|_| {
            PyTypeError::new_err("Move() takes coordinates (\"e2e4\") or two squares")
        })?;
        if let Ok(uci) = first.cast::<PyString>() {
            let game = match (args.len(), game) {
                (1, game) => game.map(str::to_owned),
                (2, None) => Some(args.get_item(1)?.extract::<String>()?),
                _ => {
                    return Err(PyTypeError::new_err(
                        "Move(uci, game=None) takes one or two arguments",
                    ))
                }
            };
            return PyMove::from_uci(&uci.to_cow()?, game.as_deref());
        }
        if args.len() != 2 && !(args.len() == 3 && promotion.is_none()) {
            return Err(PyTypeError::new_err(
                "Move(from_square, to_square, promotion=None) takes two or three arguments",
            ));
        }
        let promotion = match args.get_item(2) {
            Ok(p) if !p.is_none() => Some(p.extract::<i64>()?),
            _ => promotion,
        };
        if let Some(drop) = drop {
            if promotion.is_some() {
                return Err(PyValueError::new_err(
                    "a move is a drop or a promotion, not both",
                ));
            }
            return drop_from_squares(first.extract()?, args.get_item(1)?.extract()?, drop);
        }
        chess_move_from_squares(first.extract()?, args.get_item(1)?.extract()?, promotion)
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
        let mv = CoordMove::parse(uci).map_err(BoardError::from)?;
        Ok(PyMove::new(MoveRepr::Coords {
            mv,
            game: mv.known_game().or(game),
        }))
    }

    /// The piece type a drop puts on the board (python-chess's numbers, 1 pawn to 6 king);
    /// `None` for every other move. Boards of standard chess and Xiangqi play no drops.
    #[getter]
    fn drop(&self) -> Option<u8> {
        self.repr.drop()
    }

    /// `False` for the null move, as in python-chess.
    fn __bool__(&self) -> bool {
        !self.repr.is_null()
    }

    /// The move in coordinate notation: UCI for chess, ICCS for Xiangqi.
    fn uci<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.text(py)
    }

    /// The move in XBoard notation: coordinates, `@@@@` for the null move.
    fn xboard<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        if self.repr.is_null() {
            PyString::new(py, "@@@@")
        } else {
            self.text(py)
        }
    }

    /// The null move (`"0000"`, a pass) of any game, as python-chess's `Move.null()`; it is
    /// falsy. A board plays it when the side to move is not in check.
    #[staticmethod]
    fn null() -> PyMove {
        PyMove::new(MoveRepr::Coords {
            mv: CoordMove::NULL,
            game: None,
        })
    }

    /// The square the piece leaves, numbered as python-chess does (`qipan.E2 == 12`); Xiangqi
    /// squares are `rank * 9 + file` (0–89).
    #[getter(from_square)]
    fn origin_square(&self) -> u32 {
        self.repr.squares().0
    }

    /// The square the piece goes to (the king's target square when castling in standard
    /// chess, the rook's square in Chess960, as python-chess's moves).
    #[getter]
    fn to_square(&self) -> u32 {
        self.repr.squares().1
    }

    /// The piece type promoted to (`qipan.QUEEN == 5`, ...), or `None`.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        self.repr.promotion()
    }

    /// The game the move belongs to (`"chess"`, `"xiangqi"`), or `None` when not known.
    #[getter]
    fn game(&self) -> Option<&'static str> {
        self.repr.game().map(GameKind::name)
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.text(py)
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

    /// The hash of the coordinates: moves equal by coordinates hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.text(py).hash()
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

/// How a game ended: `termination` (a [`Termination`](crate::termination) member:
/// `Termination.CHECKMATE`, ...), `winner` (`True` for White / Red, `False` for Black, `None` for
/// a draw — python-chess's shape) and `result()` (`"1-0"`, `"0-1"`, `"1/2-1/2"`).
#[pyclass(module = "qipan", name = "Outcome", frozen)]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    outcome: Outcome,
}

impl PyOutcome {
    /// The Python outcome of `outcome`.
    pub fn new(outcome: Outcome) -> PyOutcome {
        PyOutcome { outcome }
    }

    fn winner_bool(&self) -> Option<bool> {
        self.outcome.winner.map(|c| c == Color::White)
    }
}

#[pymethods]
impl PyOutcome {
    /// `Outcome(termination, winner=None)`: `termination` a `Termination` member or its name,
    /// `winner` a bool (`True` for White / Red), a colour name, or `None` for a draw.
    #[new]
    #[pyo3(signature = (termination, winner = None))]
    fn py_new(
        termination: &Bound<'_, PyAny>,
        winner: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyOutcome> {
        let termination = termination_arg(termination)?;
        let winner = match winner {
            None => None,
            Some(w) if w.is_none() => None,
            Some(w) => Some(color_arg(w)?),
        };
        Ok(PyOutcome {
            outcome: Outcome {
                termination,
                winner,
            },
        })
    }

    /// Why the game ended: a `qipan.Termination` member (`Termination.CHECKMATE`, ...).
    #[getter]
    fn termination<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        termination_member(py, self.outcome.termination)
    }

    /// The winner: `True` (White / Red), `False` (Black), or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.winner_bool()
    }

    /// The result: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.outcome.result()
    }

    fn __repr__(&self) -> String {
        let t = self.outcome.termination.as_str();
        let winner = match self.winner_bool() {
            None => "None",
            Some(true) => "True",
            Some(false) => "False",
        };
        format!(
            "Outcome(termination=<Termination.{}: '{t}'>, winner={winner})",
            t.to_ascii_uppercase()
        )
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
        (&'static str, Option<bool>),
    ) {
        let this = slf.get();
        (
            slf.get_type(),
            (this.outcome.termination.as_str(), this.winner_bool()),
        )
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

/// A move argument: a `qipan.Move`, or any object with a `uci()` method returning coordinate
/// text (a python-chess `chess.Move`, say), read as coordinates not tied to a game.
pub enum MoveArg<'py> {
    /// A `qipan.Move`, kept so that a board can store the caller's object.
    Ours(Bound<'py, PyMove>),
    /// Another library's move, read from its `uci()`.
    Foreign(MoveRepr),
}

impl<'py> MoveArg<'py> {
    /// Reads `value`: a `TypeError` when it is neither a `Move` nor has `uci()`, an
    /// `InvalidMoveError` when `uci()` does not return coordinates.
    pub fn extract(value: &Bound<'py, PyAny>) -> PyResult<MoveArg<'py>> {
        if let Ok(ours) = value.cast::<PyMove>() {
            return Ok(MoveArg::Ours(ours.clone()));
        }
        let uci = match value.getattr("uci") {
            Ok(method) => method.call0()?,
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "a move is a qipan.Move or has a uci() method, not {}",
                    value.get_type().name()?
                )))
            }
        };
        let uci = uci
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err("a move's uci() must return a str"))?;
        let text = uci.to_cow()?;
        crate::errors::check_move_text(&text)?;
        Ok(MoveArg::Foreign(PyMove::from_uci(&text, None)?.repr))
    }

    /// What the move holds.
    pub fn repr(&self) -> &MoveRepr {
        match self {
            MoveArg::Ours(obj) => &obj.get().repr,
            MoveArg::Foreign(repr) => repr,
        }
    }
}
