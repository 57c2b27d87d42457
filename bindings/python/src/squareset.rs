//! `qipan.SquareSet`: a set of squares as python-chess's `SquareSet` — a mask, the lowest square
//! the lowest bit — for `board.pieces()`, `attacks()`, `attackers()`, `checkers()` and `pin()`
//! of both games: 64 chess squares (a1 = 0), or the 90 points of a Xiangqi board (a0 = 0,
//! `rank * 9 + file`; `SquareSet(..., xiangqi=True)`), as the core's `Bitboard` of each game.
//! Mutable as python-chess's (`add`, `discard`, `update`, `|=`, ...); the mask sits behind a
//! mutex so that the class stays `frozen` (no borrow flag) and shareable between threads.

use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};
use qipan::board::Editable;
use qipan::chess::{Chess, Square};
use qipan::Xiangqi;

/// The board a set's squares are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grid {
    /// Chess: 64 squares.
    Chess,
    /// Xiangqi: 90 points.
    Xiangqi,
}

// The board's size is the core's (`Editable::SQUARES`, `Editable::FILES`).
impl Grid {
    const fn squares(self) -> u32 {
        match self {
            Grid::Chess => <Chess as Editable>::SQUARES as u32,
            Grid::Xiangqi => <Xiangqi as Editable>::SQUARES as u32,
        }
    }

    const fn files(self) -> u32 {
        match self {
            Grid::Chess => <Chess as Editable>::FILES as u32,
            Grid::Xiangqi => <Xiangqi as Editable>::FILES as u32,
        }
    }

    /// Every square of the board.
    const fn full(self) -> u128 {
        (1 << self.squares()) - 1
    }

    /// A square argument of this board: an `IndexError` outside it, as python-chess.
    fn square(self, value: &Bound<'_, PyAny>) -> PyResult<u32> {
        let index: i64 = value.extract()?;
        u32::try_from(index)
            .ok()
            .filter(|&i| i < self.squares())
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(match self {
                    Grid::Chess => format!("no chess square {index}: expected 0 (a1) to 63 (h8)"),
                    Grid::Xiangqi => {
                        format!("no Xiangqi point {index}: expected 0 (a0) to 89 (i9)")
                    }
                })
            })
    }
}

/// A set of squares (0 = a1 ... 63 = h8), or of Xiangqi points (0 = a0 ... 89 = i9).
#[pyclass(module = "qipan", name = "SquareSet", frozen)]
#[derive(Debug)]
pub struct SquareSet {
    /// The squares, the lowest square the lowest bit.
    bits: Mutex<u128>,
    grid: Grid,
}

impl SquareSet {
    /// The set of the chess squares of `mask`.
    pub fn new(mask: u64) -> SquareSet {
        SquareSet::on(Grid::Chess, u128::from(mask))
    }

    /// The set of the Xiangqi points of `mask` (a core [`qipan::xiangqi::Bitboard`]'s).
    pub fn of_points(set: qipan::xiangqi::Bitboard) -> SquareSet {
        SquareSet::on(Grid::Xiangqi, set.0)
    }

    fn on(grid: Grid, mask: u128) -> SquareSet {
        SquareSet {
            bits: Mutex::new(mask & grid.full()),
            grid,
        }
    }

    /// A set on the same board.
    fn like(&self, mask: u128) -> SquareSet {
        SquareSet::on(self.grid, mask)
    }

    /// The squares, the lowest square the lowest bit.
    pub fn mask(&self) -> u128 {
        *self.bits.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set_mask(&self, mask: u128) {
        *self.bits.lock().unwrap_or_else(PoisonError::into_inner) = mask & self.grid.full();
    }

    /// Changes the mask in one step; the mask before.
    fn update_mask(&self, change: impl FnOnce(u128) -> u128) -> u128 {
        let mut bits = self.bits.lock().unwrap_or_else(PoisonError::into_inner);
        let before = *bits;
        *bits = change(before) & self.grid.full();
        before
    }

    fn squares(&self) -> impl DoubleEndedIterator<Item = u32> {
        let mask = self.mask();
        (0..self.grid.squares()).filter(move |sq| mask >> sq & 1 == 1)
    }

    /// The mask of a set argument on this set's board: a `SquareSet` of the same board, an int
    /// mask (read modulo the board's size, as python-chess reads `SquareSet(~BB_ALL)`), or an
    /// iterable of squares.
    fn mask_of(&self, value: &Bound<'_, PyAny>) -> PyResult<u128> {
        let grid = self.grid;
        if let Ok(set) = value.cast::<SquareSet>() {
            let set = set.get();
            if set.grid != grid {
                return Err(PyValueError::new_err(
                    "a set of chess squares and a set of Xiangqi points do not combine",
                ));
            }
            return Ok(set.mask());
        }
        if value.is_instance_of::<PyInt>() {
            return value
                .bitand(grid.full())?
                .extract::<u128>()
                .map_err(|_| PyValueError::new_err("a square mask is an int"));
        }
        let mut mask = 0u128;
        let iter = value.try_iter().map_err(|_| {
            PyTypeError::new_err(
                "a square set is a SquareSet, an int mask or an iterable of squares",
            )
        })?;
        for item in iter {
            mask |= 1u128 << grid.square(&item?)?;
        }
        Ok(mask)
    }
}

/// The subsets of a mask, one by one (`SquareSet.carry_rippler()`).
#[pyclass(module = "qipan", name = "CarryRippler", frozen)]
#[derive(Debug)]
pub struct CarryRippler {
    mask: u128,
    /// The next subset, `None` once the last (the mask itself) was given.
    next: Mutex<Option<u128>>,
}

#[pymethods]
impl CarryRippler {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<u128> {
        let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
        let subset = (*next)?;
        let following = subset.wrapping_sub(self.mask) & self.mask;
        *next = (following != 0).then_some(following);
        Some(subset)
    }
}

/// A chess square argument, 0 (a1) to 63 (h8): an `IndexError` outside the board, as python-chess.
pub fn square_index(value: &Bound<'_, PyAny>) -> PyResult<u32> {
    Grid::Chess.square(value)
}

#[pymethods]
impl SquareSet {
    /// `SquareSet(squares=0, xiangqi=False)`: from an int mask or an iterable of squares; of
    /// the 90 points of a Xiangqi board with `xiangqi=True`.
    #[new]
    #[pyo3(signature = (squares = None, xiangqi = false))]
    fn py_new(squares: Option<&Bound<'_, PyAny>>, xiangqi: bool) -> PyResult<SquareSet> {
        let empty = SquareSet::on(if xiangqi { Grid::Xiangqi } else { Grid::Chess }, 0);
        match squares {
            None => Ok(empty),
            Some(value) => Ok(empty.like(empty.mask_of(value)?)),
        }
    }

    /// The squares as a mask (a1, or a0 in Xiangqi, the lowest bit).
    #[getter(mask)]
    fn mask_value(&self) -> u128 {
        self.mask()
    }

    /// Whether the set is of Xiangqi points (90 of them) rather than chess squares.
    #[getter(xiangqi)]
    fn is_xiangqi(&self) -> bool {
        self.grid == Grid::Xiangqi
    }

    fn __len__(&self) -> usize {
        self.mask().count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask() != 0
    }

    fn __int__(&self) -> u128 {
        self.mask()
    }

    fn __index__(&self) -> u128 {
        self.mask()
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match square.extract::<i64>() {
            Ok(sq) if (0..i64::from(self.grid.squares())).contains(&sq) => {
                self.mask() >> sq & 1 == 1
            }
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
        self.mask_of(other).is_ok_and(|mask| mask == self.mask())
    }

    /// Sets compare by value; unhashable as python-chess's (mutable there).
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(self.like(self.mask() & self.mask_of(other)?))
    }

    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__and__(other)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(self.like(self.mask() | self.mask_of(other)?))
    }

    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__or__(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(self.like(self.mask() ^ self.mask_of(other)?))
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__xor__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(self.like(self.mask() & !self.mask_of(other)?))
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(self.like(self.mask_of(other)? & !self.mask()))
    }

    fn __invert__(&self) -> SquareSet {
        self.like(!self.mask())
    }

    /// Whether every square of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask() & !self.mask_of(other)? == 0)
    }

    /// Whether every square of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask_of(other)? & !self.mask() == 0)
    }

    /// Whether the sets share no square.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask() & self.mask_of(other)? == 0)
    }

    /// A bool for each square, a1 (a0) first: whether it is in the set.
    fn tolist(&self) -> Vec<bool> {
        let mask = self.mask();
        (0..self.grid.squares())
            .map(|sq| mask >> sq & 1 == 1)
            .collect()
    }

    fn __repr__(&self) -> String {
        // Groups of four hex digits from the right, as python-chess writes a chess mask.
        let digits = match self.grid {
            Grid::Chess => 16,
            Grid::Xiangqi => 24,
        };
        let hex = format!("{:0digits$x}", self.mask());
        let groups: Vec<&str> = (0..digits / 4).map(|i| &hex[4 * i..4 * i + 4]).collect();
        match self.grid {
            Grid::Chess => format!("SquareSet(0x{})", groups.join("_")),
            Grid::Xiangqi => format!("SquareSet(0x{}, xiangqi=True)", groups.join("_")),
        }
    }

    /// The board, top rank first (rank 8, or 9 in Xiangqi): `1` for a square in the set, `.`
    /// for one outside.
    fn __str__(&self) -> String {
        let (mask, files) = (self.mask(), self.grid.files());
        let ranks = self.grid.squares() / files;
        let rows: Vec<String> = (0..ranks)
            .rev()
            .map(|rank| {
                let row: Vec<&str> = (0..files)
                    .map(|file| {
                        if mask >> (rank * files + file) & 1 == 1 {
                            "1"
                        } else {
                            "."
                        }
                    })
                    .collect();
                row.join(" ")
            })
            .collect();
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
        let files = self.grid.files();
        let top = self.grid.squares() / files - 1;
        self.like(
            self.squares()
                .map(|sq| 1u128 << ((top - sq / files) * files + sq % files))
                .fold(0, |mask, bit| mask | bit),
        )
    }

    /// Every subset of this set, the empty set first (python-chess's carry-rippler order),
    /// lazily: a full set has 2**64 subsets (2**90 in Xiangqi).
    fn carry_rippler(&self) -> CarryRippler {
        CarryRippler {
            mask: self.mask(),
            next: Mutex::new(Some(0)),
        }
    }

    /// A new set with the same squares.
    fn copy(&self) -> SquareSet {
        self.like(self.mask())
    }

    /// The squares of this set and of `others`.
    #[pyo3(signature = (*others))]
    fn union(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mut mask = self.mask();
        for other in &others {
            mask |= self.mask_of(other)?;
        }
        Ok(self.like(mask))
    }

    /// The squares of this set that are in each of `others`.
    #[pyo3(signature = (*others))]
    fn intersection(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mut mask = self.mask();
        for other in &others {
            mask &= self.mask_of(other)?;
        }
        Ok(self.like(mask))
    }

    /// The squares of this set in none of `others`.
    #[pyo3(signature = (*others))]
    fn difference(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mut mask = self.mask();
        for other in &others {
            mask &= !self.mask_of(other)?;
        }
        Ok(self.like(mask))
    }

    /// The squares in exactly one of the two sets.
    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(self.like(self.mask() ^ self.mask_of(other)?))
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
        self.set_mask(self.mask() & !self.mask_of(other)?);
        Ok(())
    }

    /// Toggles the squares of `other`.
    fn symmetric_difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() ^ self.mask_of(other)?);
        Ok(())
    }

    fn __ior__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() | self.mask_of(other)?);
        Ok(())
    }

    fn __iand__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() & self.mask_of(other)?);
        Ok(())
    }

    fn __ixor__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() ^ self.mask_of(other)?);
        Ok(())
    }

    fn __isub__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set_mask(self.mask() & !self.mask_of(other)?);
        Ok(())
    }

    fn __lshift__(&self, shift: u32) -> SquareSet {
        self.like(self.mask().checked_shl(shift).unwrap_or(0))
    }

    fn __rshift__(&self, shift: u32) -> SquareSet {
        self.like(self.mask().checked_shr(shift).unwrap_or(0))
    }

    fn __ilshift__(&self, shift: u32) {
        self.set_mask(self.mask().checked_shl(shift).unwrap_or(0));
    }

    fn __irshift__(&self, shift: u32) {
        self.set_mask(self.mask().checked_shr(shift).unwrap_or(0));
    }

    /// Adds `square`.
    fn add(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let bit = 1u128 << self.grid.square(square)?;
        self.update_mask(|mask| mask | bit);
        Ok(())
    }

    /// Removes `square` if it is there.
    fn discard(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let bit = 1u128 << self.grid.square(square)?;
        self.update_mask(|mask| mask & !bit);
        Ok(())
    }

    /// Removes `square`; `KeyError` if it is not in the set.
    fn remove(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let bit = 1u128 << self.grid.square(square)?;
        if self.update_mask(|mask| mask & !bit) & bit == 0 {
            return Err(PyKeyError::new_err(square.clone().unbind()));
        }
        Ok(())
    }

    /// Removes and returns the lowest square; `KeyError` when the set is empty.
    fn pop(&self) -> PyResult<u32> {
        let before = self.update_mask(|mask| mask & mask.wrapping_sub(1));
        if before == 0 {
            return Err(PyKeyError::new_err("pop from empty SquareSet"));
        }
        Ok(before.trailing_zeros())
    }

    /// Removes every square.
    fn clear(&self) {
        self.set_mask(0);
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (u128, bool)) {
        let set = slf.get();
        (slf.get_type(), (set.mask(), set.grid == Grid::Xiangqi))
    }
}
