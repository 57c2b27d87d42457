//! `qipan.SquareSet`: a set of chess squares as python-chess's `SquareSet` — a 64-bit mask, a1 the
//! lowest bit — for `board.pieces()`, `attacks()`, `attackers()`, `checkers()` and `pin()`.
//! Mutable as python-chess's (`add`, `discard`, `update`, `|=`, ...); the mask is an atomic so
//! that the class stays `frozen` (no borrow flag) and shareable between threads.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};
use qipan::chess::Square;

/// A set of squares (0 = a1 ... 63 = h8).
#[pyclass(module = "qipan", name = "SquareSet", frozen)]
#[derive(Debug)]
pub struct SquareSet {
    /// The squares, a1 the lowest bit.
    bits: AtomicU64,
}

impl SquareSet {
    /// The set of the squares of `mask`.
    pub fn new(mask: u64) -> SquareSet {
        SquareSet {
            bits: AtomicU64::new(mask),
        }
    }

    /// The squares, a1 the lowest bit.
    pub fn mask(&self) -> u64 {
        self.bits.load(Relaxed)
    }

    fn set_mask(&self, mask: u64) {
        self.bits.store(mask, Relaxed);
    }

    fn squares(&self) -> impl DoubleEndedIterator<Item = u32> {
        let mask = self.mask();
        (0..64u32).filter(move |sq| mask >> sq & 1 == 1)
    }
}

/// The subsets of a mask, one by one (`SquareSet.carry_rippler()`).
#[pyclass(module = "qipan", name = "CarryRippler", frozen)]
#[derive(Debug)]
pub struct CarryRippler {
    mask: u64,
    next: AtomicU64,
    done: std::sync::atomic::AtomicBool,
}

#[pymethods]
impl CarryRippler {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<u64> {
        if self.done.load(Relaxed) {
            return None;
        }
        let subset = self.next.load(Relaxed);
        let following = subset.wrapping_sub(self.mask) & self.mask;
        self.next.store(following, Relaxed);
        if following == 0 {
            self.done.store(true, Relaxed);
        }
        Some(subset)
    }
}

/// The mask of a set argument: a `SquareSet`, an int mask, or an iterable of squares.
fn mask_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.cast::<SquareSet>() {
        return Ok(set.get().mask());
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(mask) = value.extract::<u64>() {
            return Ok(mask);
        }
        // Any other int is read modulo 2**64, as python-chess does (`SquareSet(~BB_ALL)`).
        return value
            .bitand(u64::MAX)?
            .extract::<u64>()
            .map_err(|_| PyValueError::new_err("a square mask is an int"));
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
        self.mask()
    }

    fn __len__(&self) -> usize {
        self.mask().count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask() != 0
    }

    fn __int__(&self) -> u64 {
        self.mask()
    }

    fn __index__(&self) -> u64 {
        self.mask()
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match square.extract::<i64>() {
            Ok(sq) if (0..64).contains(&sq) => self.mask() >> sq & 1 == 1,
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
        mask_of(other).is_ok_and(|mask| mask == self.mask())
    }

    /// Sets compare by value; unhashable as python-chess's (mutable there).
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask() & mask_of(other)?))
    }

    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__and__(other)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask() | mask_of(other)?))
    }

    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__or__(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask() ^ mask_of(other)?))
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__xor__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask() & !mask_of(other)?))
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(mask_of(other)? & !self.mask()))
    }

    fn __invert__(&self) -> SquareSet {
        SquareSet::new(!self.mask())
    }

    /// Whether every square of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask() & !mask_of(other)? == 0)
    }

    /// Whether every square of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(mask_of(other)? & !self.mask() == 0)
    }

    /// Whether the sets share no square.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask() & mask_of(other)? == 0)
    }

    /// 64 bools, a1 first: whether each square is in the set.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|sq| self.mask() >> sq & 1 == 1).collect()
    }

    fn __repr__(&self) -> String {
        let hex = format!("{:016x}", self.mask());
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
                    if self.mask() >> (rank * 8 + file) & 1 == 1 {
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

    // --- python-chess's mutable set operations ---------------------------------------------

    /// The set of one square.
    #[classmethod]
    fn from_square(
        _cls: &Bound<'_, pyo3::types::PyType>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<SquareSet> {
        Ok(SquareSet::new(1 << square_index(square)?))
    }

    /// The squares strictly between `a` and `b` on their rank, file or diagonal.
    #[staticmethod]
    fn between(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        let (a, b) = (square_index(a)?, square_index(b)?);
        Ok(SquareSet::new(
            qipan::chess::attacks::between(Square::new(a), Square::new(b)).0,
        ))
    }

    /// The whole rank, file or diagonal through `a` and `b`, edge to edge (empty if none).
    #[staticmethod]
    fn ray(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        let (a, b) = (square_index(a)?, square_index(b)?);
        Ok(SquareSet::new(
            qipan::chess::attacks::line(Square::new(a), Square::new(b)).0,
        ))
    }

    /// The set seen from the other side: ranks flipped.
    fn mirror(&self) -> SquareSet {
        SquareSet::new(self.mask().swap_bytes())
    }

    /// Every subset of this set, the empty set first (python-chess's carry-rippler order),
    /// lazily: a full set has 2**64 subsets.
    fn carry_rippler(&self) -> CarryRippler {
        CarryRippler {
            mask: self.mask(),
            next: AtomicU64::new(0),
            done: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// A new set with the same squares.
    fn copy(&self) -> SquareSet {
        SquareSet::new(self.mask())
    }

    /// The squares of this set and of `others`.
    #[pyo3(signature = (*others))]
    fn union(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mut mask = self.mask();
        for other in &others {
            mask |= mask_of(other)?;
        }
        Ok(SquareSet::new(mask))
    }

    /// The squares of this set that are in each of `others`.
    #[pyo3(signature = (*others))]
    fn intersection(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mut mask = self.mask();
        for other in &others {
            mask &= mask_of(other)?;
        }
        Ok(SquareSet::new(mask))
    }

    /// The squares of this set in none of `others`.
    #[pyo3(signature = (*others))]
    fn difference(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mut mask = self.mask();
        for other in &others {
            mask &= !mask_of(other)?;
        }
        Ok(SquareSet::new(mask))
    }

    /// The squares in exactly one of the two sets.
    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.mask() ^ mask_of(other)?))
    }

    /// Adds the squares of `others`.
    #[pyo3(signature = (*others))]
    fn update(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        self.set_mask(self.union(others)?.mask());
        Ok(())
    }

    /// Keeps the squares that are in each of `others`.
    #[pyo3(signature = (*others))]
    fn intersection_update(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        self.set_mask(self.intersection(others)?.mask());
        Ok(())
    }

    /// Removes the squares of `other`.
    fn difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() & !mask_of(other)?);
        Ok(())
    }

    /// Toggles the squares of `other`.
    fn symmetric_difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() ^ mask_of(other)?);
        Ok(())
    }

    fn __ior__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() | mask_of(other)?);
        Ok(())
    }

    fn __iand__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() & mask_of(other)?);
        Ok(())
    }

    fn __ixor__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() ^ mask_of(other)?);
        Ok(())
    }

    fn __isub__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() & !mask_of(other)?);
        Ok(())
    }

    fn __lshift__(&self, shift: u32) -> SquareSet {
        SquareSet::new(self.mask().checked_shl(shift).unwrap_or(0))
    }

    fn __rshift__(&self, shift: u32) -> SquareSet {
        SquareSet::new(self.mask().checked_shr(shift).unwrap_or(0))
    }

    fn __ilshift__(&self, shift: u32) {
        self.set_mask(self.mask().checked_shl(shift).unwrap_or(0));
    }

    fn __irshift__(&self, shift: u32) {
        self.set_mask(self.mask().checked_shr(shift).unwrap_or(0));
    }

    /// Adds `square`.
    fn add(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.bits.fetch_or(1 << square_index(square)?, Relaxed);
        Ok(())
    }

    /// Removes `square` if it is there.
    fn discard(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.bits.fetch_and(!(1 << square_index(square)?), Relaxed);
        Ok(())
    }

    /// Removes `square`; `KeyError` if it is not in the set.
    fn remove(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let bit = 1u64 << square_index(square)?;
        if self.bits.fetch_and(!bit, Relaxed) & bit == 0 {
            return Err(PyKeyError::new_err(square.clone().unbind()));
        }
        Ok(())
    }

    /// Removes and returns the lowest square; `KeyError` when the set is empty.
    fn pop(&self) -> PyResult<u32> {
        let mask = self.mask();
        if mask == 0 {
            return Err(PyKeyError::new_err("pop from empty SquareSet"));
        }
        self.set_mask(mask & (mask - 1));
        Ok(mask.trailing_zeros())
    }

    /// Removes every square.
    fn clear(&self) {
        self.set_mask(0);
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (u64,)) {
        (slf.get_type(), (slf.get().mask(),))
    }
}
