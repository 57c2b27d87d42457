//! What a program asks a `XiangqiBoard`, in the shapes `ChessBoard` answers with:
//! `qipan.XiangqiPiece` (seven piece types), squares as ints (`a0` = 0 ... `i9` = 89, that is
//! `rank * 9 + file`, ICCS files `a`–`i` from Red's left and ranks 0–9 from Red's side),
//! `piece_at`, `piece_map`, `pieces`, `king`, `attackers`, `checkers`, `is_capture`,
//! `gives_check`, and set-up (`set_piece_at`, `remove_piece_at`, `clear`) through the core's
//! `qipan::xiangqi::Setup`. Every fact comes from the core; this module converts.

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipan::xiangqi::{Piece, Role, Square, Xiangqi};
use qipan::{shorten, Color, ErrorKind};

use crate::board::Board;
use crate::errors::BoardError;
use crate::pymove::{color_arg, MoveArg};
use crate::squareset::SquareSet;

/// A Xiangqi piece: `piece_type` 1 (general) to 7 (soldier), `color` `True` for Red.
#[pyclass(module = "qipan", name = "XiangqiPiece", frozen, eq, hash)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyXiangqiPiece {
    /// The piece.
    pub piece: Piece,
}

/// The piece kind of a piece type (1 general, 2 advisor, 3 elephant, 4 horse, 5 chariot,
/// 6 cannon, 7 soldier).
fn kind_of_type(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type)
        .ok()
        .and_then(|t| t.checked_sub(1))
        .and_then(|i| Role::ALL.get(i).copied())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "no Xiangqi piece type {piece_type}: expected 1 (general) to 7 (soldier)"
            ))
        })
}

#[pymethods]
impl PyXiangqiPiece {
    /// `XiangqiPiece(piece_type, color)`: `piece_type` 1 (`qipan.GENERAL`) to 7
    /// (`qipan.SOLDIER`), `color` `True` for Red (or a colour name).
    #[new]
    fn py_new(piece_type: i64, color: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyXiangqiPiece {
            piece: Piece {
                role: kind_of_type(piece_type)?,
                color: color_arg(color)?,
            },
        })
    }

    /// The piece of a FEN letter (`"K"`, `"a"`, `"N"`, `"c"`, ...; Red upper case).
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Self> {
        let mut chars = symbol.chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_fen_char(c.to_ascii_uppercase()).map(|kind| Piece {
                role: kind,
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
            }),
            _ => None,
        };
        piece.map(|piece| PyXiangqiPiece { piece }).ok_or_else(|| {
            PyValueError::new_err(format!("not a Xiangqi piece letter: {:?}", shorten(symbol)))
        })
    }

    /// 1 (general) to 7 (soldier).
    #[getter]
    fn piece_type(&self) -> usize {
        self.piece.role.index() + 1
    }

    /// `True` for Red, `False` for Black.
    #[getter]
    fn color(&self) -> bool {
        self.piece.color == Color::White
    }

    /// The FEN letter: upper case for Red (`K A B N R C P`).
    fn symbol(&self) -> String {
        self.piece.fen_char().to_string()
    }

    /// The Chinese character (`帅`, `将`, `车`...).
    fn unicode_symbol(&self) -> String {
        self.piece.chinese().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("XiangqiPiece.from_symbol('{}')", self.piece.fen_char())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (usize, bool)) {
        let this = slf.get();
        (slf.get_type(), (this.piece_type(), this.color()))
    }
}

/// A Xiangqi square argument: an int 0 (`a0`) to 89 (`i9`).
pub fn square_arg(value: &Bound<'_, PyAny>) -> PyResult<Square> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a Xiangqi square is an int, not a bool",
        ));
    }
    let index: i64 = value.extract()?;
    usize::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| {
            PyIndexError::new_err(format!("no Xiangqi square {index}: expected 0 to 89"))
        })
}

/// A piece argument: a `XiangqiPiece` or `None`.
fn piece_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<Piece>> {
    if value.is_none() {
        return Ok(None);
    }
    Ok(Some(value.cast::<PyXiangqiPiece>()?.get().piece))
}

/// The piece on `square`.
pub fn piece_at(
    board: &Board<Xiangqi>,
    square: &Bound<'_, PyAny>,
) -> PyResult<Option<PyXiangqiPiece>> {
    Ok(board
        .setup()
        .piece_at(square_arg(square)?)
        .map(|piece| PyXiangqiPiece { piece }))
}

/// The pieces by square, highest square first (python-chess's order).
pub fn piece_map<'py>(py: Python<'py>, board: &Board<Xiangqi>) -> PyResult<Bound<'py, PyDict>> {
    let setup = board.setup();
    let dict = PyDict::new(py);
    for index in (0..90).rev() {
        if let Some(piece) = Square::from_index(index).and_then(|sq| setup.piece_at(sq)) {
            dict.set_item(index, PyXiangqiPiece { piece })?;
        }
    }
    Ok(dict)
}

/// The points of the pieces of `piece_type` and `color`.
pub fn pieces(
    board: &Board<Xiangqi>,
    piece_type: i64,
    color: &Bound<'_, PyAny>,
) -> PyResult<SquareSet> {
    let kind = kind_of_type(piece_type)?;
    let color = color_arg(color)?;
    let setup = board.setup();
    Ok(SquareSet::of_points(
        setup
            .pieces(color)
            .filter(|(_, piece)| piece.role == kind)
            .map(|(sq, _)| sq)
            .collect(),
    ))
}

/// The square of `color`'s general.
pub fn king(board: &Board<Xiangqi>, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    Ok(board.setup().king(color_arg(color)?).map(Square::index))
}

/// The points of `color`'s pieces that attack `square`.
pub fn attackers(
    board: &Board<Xiangqi>,
    color: &Bound<'_, PyAny>,
    square: &Bound<'_, PyAny>,
) -> PyResult<SquareSet> {
    Ok(SquareSet::of_points(
        board
            .setup()
            .attackers(square_arg(square)?, color_arg(color)?),
    ))
}

/// The pieces giving check to the side to move.
pub fn checkers(board: &Board<Xiangqi>) -> SquareSet {
    SquareSet::of_points(board.setup().checkers())
}

/// The legal move `value` stands for.
pub fn legal_move(
    board: &Board<Xiangqi>,
    value: &Bound<'_, PyAny>,
) -> PyResult<qipan::xiangqi::Move> {
    Ok(board.resolve(MoveArg::extract(value)?.repr())?)
}

fn setup_error(e: qipan::xiangqi::FenError) -> PyErr {
    BoardError::new(
        ErrorKind::InvalidFen,
        format!("cannot set up that board: {e}"),
    )
    .into()
}

/// Puts `piece` (or `None`) on `square`. A piece on a point it can never reach, or one more
/// than its side starts with, raises `InvalidFenError` and changes nothing.
pub fn set_piece_at(
    board: &mut Board<Xiangqi>,
    square: &Bound<'_, PyAny>,
    piece: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let sq = square_arg(square)?;
    let piece = piece_arg(piece)?;
    board.edit(|setup| setup.set_piece_at(sq, piece).map_err(setup_error))
}

/// Takes the piece off `square` and returns it.
pub fn remove_piece_at(
    board: &mut Board<Xiangqi>,
    square: &Bound<'_, PyAny>,
) -> PyResult<Option<PyXiangqiPiece>> {
    let sq = square_arg(square)?;
    let piece = board.setup().piece_at(sq);
    // An edit even on an empty point, as python-chess's boards clear the move stack then too.
    board.edit(|setup| setup.set_piece_at(sq, None).map_err(setup_error))?;
    Ok(piece.map(|piece| PyXiangqiPiece { piece }))
}

/// An empty board, Red to move.
pub fn clear(board: &mut Board<Xiangqi>) {
    board.set_up(qipan::xiangqi::Setup::empty());
}

/// Sets the side to move (`True` for Red).
pub fn set_turn(board: &mut Board<Xiangqi>, red: bool) {
    let _ = board.edit_state(|setup| {
        setup.set_turn(if red { Color::White } else { Color::Black });
        Ok::<(), PyErr>(())
    });
}

/// Wraps the `board_class!` invocation of `XiangqiBoard`, adding the inspection and set-up
/// methods to its `#[pymethods]` block.
macro_rules! with_xiangqi_inspection {
    (board_class! { $(#[$doc:meta])* $name:ident($variant:ty, $pyname:literal) { $($extra:tt)* } }) => {
        board_class! {
            $(#[$doc])*
            $name($variant, $pyname) {
                $($extra)*

                // --- inspection and set-up: see xiangqi_inspect.rs ---------------

                /// The piece on `square` (0 = a0 ... 89 = i9), or `None`.
                fn piece_at(&self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<$crate::xiangqi_inspect::PyXiangqiPiece>> {
                    $crate::xiangqi_inspect::piece_at(&self.inner, square)
                }

                /// The pieces by square: `{square: XiangqiPiece}`.
                fn piece_map<'py>(&self, py: ::pyo3::Python<'py>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyDict>> {
                    $crate::xiangqi_inspect::piece_map(py, &self.inner)
                }

                /// The squares of the pieces of `piece_type` and `color`, ascending.
                fn pieces(&self, piece_type: i64, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$crate::squareset::SquareSet> {
                    $crate::xiangqi_inspect::pieces(&self.inner, piece_type, color)
                }

                /// The square of `color`'s general, or `None`.
                fn king(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<usize>> {
                    $crate::xiangqi_inspect::king(&self.inner, color)
                }

                /// The squares of `color`'s pieces that attack `square`, ascending.
                fn attackers(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$crate::squareset::SquareSet> {
                    $crate::xiangqi_inspect::attackers(&self.inner, color, square)
                }

                /// Whether a piece of `color` attacks `square`.
                fn is_attacked_by(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok($crate::xiangqi_inspect::attackers(&self.inner, color, square)?.mask() != 0)
                }

                /// The pieces giving check to the side to move, ascending.
                fn checkers(&self) -> $crate::squareset::SquareSet {
                    $crate::xiangqi_inspect::checkers(&self.inner)
                }

                /// Whether the legal move `move` captures.
                #[pyo3(signature = (r#move))]
                fn is_capture(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.position().is_capture($crate::xiangqi_inspect::legal_move(&self.inner, r#move)?))
                }

                /// Whether the legal move `move` gives check.
                #[pyo3(signature = (r#move))]
                fn gives_check(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.position().gives_check($crate::xiangqi_inspect::legal_move(&self.inner, r#move)?))
                }

                /// The piece placement field of the FEN.
                fn board_fen(&self) -> String {
                    self.inner.fen().split(' ').next().unwrap_or_default().to_owned()
                }

                /// Whether the board can be played (both generals, not facing each other, the side
                /// not to move not in check).
                fn is_valid(&self) -> bool {
                    self.inner.is_playable()
                }

                /// Puts `piece` (a `XiangqiPiece`, or `None` to empty the point) on `square`; the
                /// moves are forgotten. A piece off its points, or one too many, raises
                /// `InvalidFenError` and changes nothing.
                fn set_piece_at(&mut self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>, piece: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<()> {
                    $crate::xiangqi_inspect::set_piece_at(&mut self.inner, square, piece)?;
                    self.stack.clear();
                    Ok(())
                }

                /// Takes the piece off `square` and returns it (`None` for an empty point); the moves are
                /// forgotten either way, as python-chess forgets them.
                fn remove_piece_at(&mut self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<$crate::xiangqi_inspect::PyXiangqiPiece>> {
                    let piece = $crate::xiangqi_inspect::remove_piece_at(&mut self.inner, square)?;
                    self.stack.clear();
                    Ok(piece)
                }

                /// An empty board, Red to move, no moves (unplayable until both generals stand).
                fn clear(&mut self) {
                    $crate::xiangqi_inspect::clear(&mut self.inner);
                    self.stack.clear();
                }

                /// Sets the side to move (`True` for Red); the moves stay (taking one back
                /// restores the side to move before it), as python-chess's `turn`.
                #[setter(turn)]
                fn set_turn(&mut self, turn: bool) {
                    $crate::xiangqi_inspect::set_turn(&mut self.inner, turn);
                }

                // --- end of Xiangqi inspection -------------------------------------------------
            }
        }
    };
}

pub(crate) use with_xiangqi_inspection;
