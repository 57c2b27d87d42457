//! Interned Python `Move` objects.
//!
//! `Move` is immutable, so every legal-move list can hand out the same object for the same move
//! instead of allocating a new one. Each game mode has one table with a slot for every move value
//! (a chess move is 16 bits, 28,672 of them meaningful; a Xiangqi move one of 8,100 square
//! pairs), filled on first use: a legal-move list of 40 moves then costs 40 indexed loads and
//! reference increments, with no hashing and no lock. The objects also keep their coordinate
//! text once written ([`crate::pymove`]), so `uci()` on an interned move allocates nothing.
//!
//! The slots are plain `OnceLock`s: they are only ever `set` with an object made beforehand,
//! never initialised by a closure, so no thread waits on one while holding the interpreter, and
//! a read is one atomic load.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::pymove::PyMove;
use crate::repr::MoveRepr;

/// A move's slot in a [`MoveCache`]: the core's (one slot per move value).
pub use qipan::board::MoveSlot;

/// The interned `Move` objects of one game mode.
pub struct MoveCache<M> {
    slots: Box<[OnceLock<Py<PyMove>>]>,
    _moves: std::marker::PhantomData<fn(M)>,
}

impl<M> std::fmt::Debug for MoveCache<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveCache")
            .field("slots", &self.slots.len())
            .finish()
    }
}

impl<M: MoveSlot> Default for MoveCache<M> {
    fn default() -> Self {
        MoveCache {
            slots: (0..M::SLOTS).map(|_| OnceLock::new()).collect(),
            _moves: std::marker::PhantomData,
        }
    }
}

impl<M: MoveSlot> MoveCache<M> {
    /// The interned object of `mv`, creating it with `wrap` on first use (a nonsense move gets
    /// a new object each time).
    ///
    /// The object is made before it is stored, not inside the cell's initialiser: making it may
    /// run a garbage collection, and Python code run by that may ask for the same move.
    #[inline]
    pub fn one(&self, py: Python<'_>, mv: M, wrap: fn(M) -> MoveRepr) -> PyResult<Py<PyMove>> {
        let Some(slot) = mv.slot().and_then(|i| self.slots.get(i)) else {
            return Py::new(py, PyMove::new(wrap(mv)));
        };
        if let Some(obj) = slot.get() {
            return Ok(obj.clone_ref(py));
        }
        let obj = Py::new(py, PyMove::new(wrap(mv)))?;
        // Another thread may have stored one meanwhile: keep the first, so a move has one object.
        let _ = slot.set(obj.clone_ref(py));
        Ok(slot.get().map_or(obj, |kept| kept.clone_ref(py)))
    }

    /// The stored object of `mv`, if it has one yet.
    #[inline(always)]
    fn stored(&self, mv: M) -> Option<&Py<PyMove>> {
        self.slots.get(mv.slot()?)?.get()
    }

    /// The Python objects of `moves`, in order.
    pub fn objects(
        &self,
        py: Python<'_>,
        moves: &[M],
        wrap: fn(M) -> MoveRepr,
    ) -> PyResult<Vec<Py<PyMove>>> {
        moves.iter().map(|&mv| self.one(py, mv, wrap)).collect()
    }

    /// A new Python list of the objects of `moves`.
    pub fn list<'py>(
        &self,
        py: Python<'py>,
        moves: &[M],
        wrap: fn(M) -> MoveRepr,
    ) -> PyResult<Bound<'py, PyList>> {
        self.list_marked(py, moves, wrap, None)
    }

    /// A new Python list of the objects of `moves`, the legal moves of the board state named
    /// `state`, each marked as listed there ([`PyMove::mark_listed`]).
    pub fn legal_list<'py>(
        &self,
        py: Python<'py>,
        moves: &[M],
        wrap: fn(M) -> MoveRepr,
        state: u64,
    ) -> PyResult<Bound<'py, PyList>> {
        self.list_marked(py, moves, wrap, Some(state))
    }

    #[inline(always)]
    fn list_marked<'py>(
        &self,
        py: Python<'py>,
        moves: &[M],
        wrap: fn(M) -> MoveRepr,
        mark: Option<u64>,
    ) -> PyResult<Bound<'py, PyList>> {
        // One pass: the list is made at its final size and filled in place; a move's object
        // is a slot read but on the move's first visit. The only error (no memory for a new
        // object) is kept aside and returned once the list is dropped.
        let marked = |obj: Py<PyMove>| {
            if let Some(state) = mark {
                obj.get().mark_listed(state);
            }
            obj.into_any()
        };
        let mut failed = None;
        let list = PyList::new(
            py,
            moves.iter().map(|&mv| match self.stored(mv) {
                Some(obj) => marked(obj.clone_ref(py)),
                None => match self.one(py, mv, wrap) {
                    Ok(obj) => marked(obj),
                    Err(e) => {
                        failed.get_or_insert(e);
                        py.None()
                    }
                },
            }),
        )?;
        match failed {
            None => Ok(list),
            Some(e) => Err(e),
        }
    }
}
