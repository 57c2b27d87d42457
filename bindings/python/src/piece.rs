//! `qipan.Piece`: a chess piece as python-chess has it — `piece_type` (1 pawn to 6 king), `color`
//! (a bool, `True` for White), `symbol()`, `unicode_symbol()`, `Piece.from_symbol()`.
//!
//! The twelve pieces are interned: `board.piece_at(sq)` hands out the same object every time
//! instead of allocating one per call.

use std::hash::Hash;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use qipan::chess::{Piece, Role};
use qipan::{shorten, Color};

use crate::pymove::color_arg;

/// A chess piece.
#[pyclass(module = "qipan", name = "Piece", frozen)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece {
    /// The piece.
    pub piece: Piece,
}

static PIECES: PyOnceLock<Vec<Py<PyPiece>>> = PyOnceLock::new();

/// The interned Python object of `piece`.
pub fn piece_object(py: Python<'_>, piece: Piece) -> PyResult<Py<PyPiece>> {
    let pieces = PIECES.get_or_try_init(py, || {
        let mut pieces = Vec::with_capacity(12);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                pieces.push(Py::new(
                    py,
                    PyPiece {
                        piece: Piece { color, role },
                    },
                )?);
            }
        }
        Ok::<_, PyErr>(pieces)
    })?;
    Ok(pieces[piece.color.index() * 6 + piece.role.index()].clone_ref(py))
}

/// The role of a python-chess piece type (1 pawn to 6 king).
pub fn role_of_type(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type)
        .ok()
        .and_then(|t| t.checked_sub(1))
        .and_then(|i| Role::ALL.get(i).copied())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "no chess piece type {piece_type}: expected 1 (pawn) to 6 (king)"
            ))
        })
}

/// The python-chess piece type (1 pawn to 6 king) of `role`.
pub fn type_of_role(role: Role) -> u8 {
    role.index() as u8 + 1
}

#[pymethods]
impl PyPiece {
    /// `Piece(piece_type, color)`: `piece_type` 1 (`qipan.PAWN`) to 6 (`qipan.KING`), `color`
    /// `True` for White (or a colour name).
    #[new]
    fn py_new(piece_type: i64, color: &Bound<'_, PyAny>) -> PyResult<PyPiece> {
        Ok(PyPiece {
            piece: Piece {
                role: role_of_type(piece_type)?,
                color: color_arg(color)?,
            },
        })
    }

    /// The piece of a FEN letter (`"P"`, `"n"`, ...): a `ValueError` for any other text.
    #[staticmethod]
    fn from_symbol(symbol: &Bound<'_, PyAny>) -> PyResult<PyPiece> {
        let text = symbol
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err("a piece symbol is a str such as \"P\" or \"n\""))?;
        let text = text.to_cow()?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c)
                .map(|piece| PyPiece { piece })
                .ok_or_else(|| {
                    PyValueError::new_err(format!("invalid piece symbol {:?}", shorten(&text)))
                }),
            _ => Err(PyValueError::new_err(format!(
                "invalid piece symbol {:?}",
                shorten(&text)
            ))),
        }
    }

    /// 1 (pawn) to 6 (king).
    #[getter]
    fn piece_type(&self) -> u8 {
        type_of_role(self.piece.role)
    }

    /// `True` for White, `False` for Black.
    #[getter]
    fn color(&self) -> bool {
        self.piece.color == Color::White
    }

    /// The FEN letter: upper case for White (`"N"`), lower case for Black (`"n"`).
    fn symbol(&self) -> String {
        self.piece.char().to_string()
    }

    /// The Unicode symbol (`"♘"`); with `invert_color` the other side's.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let mut piece = self.piece;
        if invert_color {
            piece.color = !piece.color;
        }
        piece.unicode().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.piece.char())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyPiece>() {
            Ok(other) => self == other.get(),
            Err(_) => false,
        }
    }

    /// python-chess's hash: 0 to 5 for White's pawn to king, 6 to 11 for Black's.
    fn __hash__(&self) -> u64 {
        u64::from(self.piece_type()) - 1 + if self.color() { 0 } else { 6 }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (u8, bool)) {
        let this = slf.get();
        (slf.get_type(), (this.piece_type(), this.color()))
    }
}
