//! The iterator of the en passant generators (`generate_legal_ep()`,
//! `generate_pseudo_legal_ep()`): at most two moves, often none.
//!
//! A list's iterator would cost more than the moves: `list()` asks it for a length hint through
//! a method lookup and a call, and the list is one more object. This iterator holds its moves
//! inline and has a length, which `list()` reads from the type's slot. It stays true in a
//! boolean test even when empty, as python-chess's generator objects are.

use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::prelude::*;

use crate::pymove::PyMove;

/// An iterator over at most two interned `Move` objects.
#[pyclass(module = "qipan", name = "FewMovesIterator", frozen, freelist = 8)]
#[derive(Debug)]
pub struct FewMoves {
    moves: [Option<Py<PyMove>>; 2],
    next: AtomicUsize,
}

impl FewMoves {
    /// An iterator over `first` then `second`; a `None` ends it.
    pub fn new(first: Option<Py<PyMove>>, second: Option<Py<PyMove>>) -> Self {
        let moves = match first {
            Some(_) => [first, second],
            None => [second, None],
        };
        FewMoves {
            moves,
            next: AtomicUsize::new(0),
        }
    }
}

#[pymethods]
impl FewMoves {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> Option<Py<PyMove>> {
        // Python holds the interpreter across the call, so the load and the store see no other
        // thread's step in between.
        let at = self.next.load(Ordering::Relaxed);
        let mv = self.moves.get(at)?.as_ref()?.clone_ref(py);
        self.next.store(at + 1, Ordering::Relaxed);
        Some(mv)
    }

    fn __len__(&self) -> usize {
        let at = self.next.load(Ordering::Relaxed);
        self.moves.iter().skip(at).flatten().count()
    }

    fn __bool__(&self) -> bool {
        true
    }
}
