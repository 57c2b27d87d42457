//! `qipan.SquareSet`: a set of chess squares as python-chess's `SquareSet` — a 64-bit mask, a1 the
//! lowest bit — for `board.pieces()`, `attacks()`, `attackers()`, `checkers()` and `pin()`.
//! Immutable: the set operators return new sets.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};

/// A set of squares (0 = a1 ... 63 = h8).
#[pyclass(module = "qipan", name = "SquareSet", frozen)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareSet {
    /// The squares, a1 the lowest bit.
    pub mask: u64,
}

impl SquareSet {
    /// The set of the squares of `mask`.
    pub fn new(mask: u64) -> SquareSet {
        SquareSet { mask }
    }

    fn squares(self) -> impl DoubleEndedIterator<Item = u32> {
        (0..64u32).filter(move |sq| self.mask >> sq & 1 == 1)
    }
}

/// The mask of a set argument: a `SquareSet`, an int mask, or an iterable of squares.
fn mask_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.cast::<SquareSet>() {
        return Ok(set.get().mask);
    }
    if value.is_instance_of::<PyInt>() {
        return value
            .extract::<u64>()
            .map_err(|_| PyValueError::new_err("a square mask is an int from 0 to 2**64 - 1"));
    }
    let mut mask = 0u64;
    let iter = value.try_iter().map_err(|_| {
        PyTypeError::new_err("a square set is a SquareSet, an int mask or an iterable of squares")
    })?;
    for item in iter {
        mask |= 1u64 << square_index(&item?)?;
    }
    Ok(mask)
}

/// A chess square argument, 0 (a1) to 63 (h8): an `IndexError` outside the board, as python-chess.
pub fn square_index(value: &Bound<'_, PyAny>) -> PyResult<u32> {
    let index: i64 = value.extract()?;
    u32::try_from(index)
        .ok()
        .filter(|&i| i < 64)
        .ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "no chess square {index}: expected 0 (a1) to 63 (h8)"
            ))
        })
}

#[pymethods]
impl SquareSet {
    /// `SquareSet(squares=0)`: from an int mask or an iterable of squares.
    #[new]
    #[pyo3(signature = (squares = None))]
    fn py_new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(match squares {
            None => 0,
            Some(value) => mask_of(value)?,
        }))
    }

    /// The squares as a 64-bit mask (a1 the lowest bit).
    #[getter(mask)]
    fn mask_value(&self) -> u64 {
        self.mask
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match square.extract::<i64>() {
            Ok(sq) if (0..64).contains(&sq) => self.mask >> sq & 1 == 1,
            _ => false,
        }
    }

    /// The squares in ascending order.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        PyList::new(py, self.squares())?.try_iter()
    }

    /// The squares in descending order.
    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        PyList::new(py, self.squares().rev())?.try_iter()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        mask_of(other).is_ok_and(|mask| mask == self.mask)
    }

    /// Sets compare by value; unhashable as python-chess's (mutable there).
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask & mask_of(other)?))
    }

    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__and__(other)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask | mask_of(other)?))
    }

    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__or__(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask ^ mask_of(other)?))
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__xor__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask & !mask_of(other)?))
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(mask_of(other)? & !self.mask))
    }

    fn __invert__(&self) -> SquareSet {
        SquareSet::new(!self.mask)
    }

    /// Whether every square of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !mask_of(other)? == 0)
    }

    /// Whether every square of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(mask_of(other)? & !self.mask == 0)
    }

    /// Whether the sets share no square.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & mask_of(other)? == 0)
    }

    /// 64 bools, a1 first: whether each square is in the set.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|sq| self.mask >> sq & 1 == 1).collect()
    }

    fn __repr__(&self) -> String {
        let hex = format!("{:016x}", self.mask);
        format!(
            "SquareSet(0x{}_{}_{}_{})",
            &hex[0..4],
            &hex[4..8],
            &hex[8..12],
            &hex[12..16]
        )
    }

    /// An 8×8 grid, rank 8 first: `1` for a square in the set, `.` for one outside.
    fn __str__(&self) -> String {
        let mut rows = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            let row: Vec<&str> = (0..8)
                .map(|file| {
                    if self.mask >> (rank * 8 + file) & 1 == 1 {
                        "1"
                    } else {
                        "."
                    }
                })
                .collect();
            rows.push(row.join(" "));
        }
        rows.join("\n")
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (u64,)) {
        (slf.get_type(), (slf.get().mask,))
    }
}
