//! `board.legal_moves`: an object of python-chess's `LegalMoveGenerator` shape — `count()`,
//! `len()`, `in`, iteration, `bool()` — over the position the board had when it was read.
//!
//! Reading `board.legal_moves` only copies the position (a small value). The moves are generated
//! when asked for: `count()` and `bool()` count them without Python objects, `in` checks one
//! move, and iteration and `len()` make (once) the list of their interned `Move` objects
//! ([`crate::cache`]). Unlike python-chess's generator it does not follow later moves on the
//! board; read `board.legal_moves` again after a push.
//!
//! A board keeps the last object it handed out ([`LegalSlot`]) and hands it out again while its
//! position is the same, so a loop that reads `board.legal_moves` several times in one position
//! generates the moves and makes their list once.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};

use crate::board::resolve_on;
use crate::few_moves::FewMovesSlot;
use crate::games::{BindVariant, LegalOf, LegalOfGame};
use crate::pymove::MoveArg;

impl<V: BindVariant> LegalOf<V> {
    fn new(pos: V, state: u64) -> Self {
        LegalOf {
            pos,
            state,
            list: OnceLock::new(),
        }
    }

    /// The list of the moves' objects, made on first use.
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(list) = self.list.get() {
            return Ok(list.bind(py).clone());
        }
        // Made outside the cell (making objects may run Python code); the first stored is kept.
        let (cache, wrap) = V::moves_of(&self.pos);
        let made = cache.legal_list(py, &self.pos.legal_moves(), wrap, self.state)?;
        let _ = self.list.set(made.clone().unbind());
        Ok(self.list.get().map_or(made, |kept| kept.bind(py).clone()))
    }

    /// The number of legal moves, from the list when it is made.
    fn count(&self, py: Python<'_>) -> usize {
        match self.list.get() {
            Some(list) => list.bind(py).len(),
            None => self.pos.count_legal_moves(),
        }
    }

    /// The moves in the game's notation, in generation order.
    fn notations(&self) -> Vec<String> {
        let moves = self.pos.legal_moves();
        moves.iter().map(|&mv| self.pos.notation(mv)).collect()
    }

    fn any(&self, py: Python<'_>) -> bool {
        self.count(py) > 0
    }

    fn contains(&self, arg: &MoveArg<'_>) -> bool {
        // The null move resolves (a board plays it out of check) but is never a legal move.
        resolve_on(&self.pos, arg.repr()).is_ok_and(|mv| !V::is_null(mv))
    }
}

/// A board's last `board.legal_moves`, kept to be handed out again in the same position, and
/// its last en passant iterator (chess; see [`FewMovesSlot`]).
#[derive(Debug, Default)]
pub struct LegalSlot {
    kept: Option<Py<LegalMoves>>,
    /// The last iterator of `generate_legal_ep()` or `generate_pseudo_legal_ep()`.
    pub en_passant: FewMovesSlot,
}

impl LegalSlot {
    /// The legal moves of `pos`, the position of the board state named `state`: the kept object
    /// when it was made for an equal position (equal positions have the same legal moves), else
    /// a new one, which is kept.
    pub fn get<V: BindVariant>(
        &mut self,
        py: Python<'_>,
        pos: &V,
        state: u64,
    ) -> PyResult<Py<LegalMoves>> {
        if let Some(kept) = &self.kept {
            // The keys first: on a new position they differ and end the comparison at once.
            let same =
                |legal: &LegalOf<V>| legal.pos.zobrist() == pos.zobrist() && legal.pos == *pos;
            if V::legal_of(&kept.get().of).is_some_and(same) {
                return Ok(kept.clone_ref(py));
            }
        }
        let made = Py::new(py, LegalMoves::of(pos.clone(), state))?;
        if let Some(old) = self.kept.replace(made.clone_ref(py)) {
            // Released through `Bound`: a plain `Py` drop first looks up whether this thread
            // is attached to the interpreter, a thread-local read on every new position.
            drop(old.into_bound(py));
        }
        Ok(made)
    }
}

/// Runs `$body` with `$legal` bound to the [`LegalOf`] of either game.
macro_rules! with_legal {
    ($self:expr, $legal:ident => $body:expr) => {
        match &$self.of {
            LegalOfGame::Chess($legal) => $body,
            LegalOfGame::Xiangqi($legal) => $body,
        }
    };
}

/// The legal moves of a position: `count()`, `len()`, `in`, iteration and `bool()`, as
/// python-chess's `board.legal_moves`.
#[pyclass(module = "qipan", name = "LegalMoves", frozen, freelist = 16)]
#[derive(Debug)]
pub struct LegalMoves {
    of: LegalOfGame,
}

impl LegalMoves {
    /// The legal moves of `pos`.
    fn of<V: BindVariant>(pos: V, state: u64) -> Self {
        LegalMoves {
            of: V::into_legal(LegalOf::new(pos, state)),
        }
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        with_legal!(self, legal => legal.list(py))
    }
}

#[pymethods]
impl LegalMoves {
    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> usize {
        with_legal!(self, legal => legal.count(py))
    }

    /// The number of legal moves. Unlike `count()` it makes the list of move objects: `len()` is
    /// mostly asked by `list()` and the like, which iterate next.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.list(py)?.len())
    }

    /// Whether there is a legal move.
    fn __bool__(&self, py: Python<'_>) -> bool {
        with_legal!(self, legal => legal.any(py))
    }

    /// Whether `move` (a `qipan.Move` or any object with `uci()`) is legal here.
    fn __contains__(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let arg = MoveArg::extract(r#move)?;
        Ok(with_legal!(self, legal => legal.contains(&arg)))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.list(py)?.try_iter()
    }

    /// The moves in the game's notation (SAN for chess, WXF for Xiangqi), as python-chess's
    /// `LegalMoveGenerator` shows them.
    fn __repr__(&self) -> String {
        with_legal!(self, legal => format!("<LegalMoves ({})>", legal.notations().join(", ")))
    }
}
