//! The iterator of the en passant generators (`generate_legal_ep()`,
//! `generate_pseudo_legal_ep()`): at most two moves, often none.
//!
//! A list's iterator would cost more than the moves: `list()` asks it for a length hint through
//! a method lookup and a call, and the list is one more object. This iterator holds its moves
//! inline and has a length, which `list()` reads from the type's slot. It stays true in a
//! boolean test even when empty, as python-chess's generator objects are.
//!
//! A board keeps the last iterator it handed out ([`FewMovesSlot`]). When asked again for the
//! same moves of the same state and nothing else holds that iterator any more (the usual
//! `list(board.generate_legal_ep())` has dropped it), the board rewinds it and hands it out
//! again: nobody can tell it from a new one, and making the moves and the object and freeing it
//! (about a quarter of the call) are saved.

use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::prelude::*;
use qipan::chess::Bitboard;

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

/// What a kept iterator lists: the moves of one board state between two masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FewMovesKey {
    /// The name of the board's state (the same name, the same position).
    pub state: u64,
    /// Legal moves (`true`) or pseudo-legal ones.
    pub legal: bool,
    /// The from-squares asked for.
    pub from: Bitboard,
    /// The to-squares asked for.
    pub to: Bitboard,
}

/// The last en passant iterator a board handed out, with what it lists.
#[derive(Debug, Default)]
pub struct FewMovesSlot(Option<(FewMovesKey, Py<FewMoves>)>);

impl FewMovesSlot {
    /// An iterator over the moves `key` names: the kept one rewound, when it lists them and
    /// the slot holds its only reference (so no one can see it reused), else a new one from
    /// `make`, which is kept.
    pub fn get(
        &mut self,
        py: Python<'_>,
        key: FewMovesKey,
        make: impl FnOnce() -> PyResult<FewMoves>,
    ) -> PyResult<Py<FewMoves>> {
        if let Some((kept_key, kept)) = &self.0 {
            // pyo3 deprecates reading the count because free-threaded Python does not keep it
            // exact; this module is built for the stable ABI, which those builds do not load, and
            // the interpreter lock is held here.
            #[allow(deprecated)]
            let only_ours = kept.get_refcnt(py) == 1;
            if *kept_key == key && only_ours {
                kept.get().next.store(0, Ordering::Relaxed);
                return Ok(kept.clone_ref(py));
            }
        }
        let made = Py::new(py, make()?)?;
        if let Some((_, old)) = self.0.replace((key, made.clone_ref(py))) {
            // Released through `Bound`, as the legal-move slot does (no thread-local look-up).
            drop(old.into_bound(py));
        }
        Ok(made)
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
