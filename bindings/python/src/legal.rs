//! `board.legal_moves`: an object of python-chess's `LegalMoveGenerator` shape — `count()`,
//! `len()`, `in`, iteration, `bool()` — over the position the board had when it was read.
//!
//! It holds a copy of that position (a small value): `count()` and `bool()` count without making
//! objects, `in` checks one move, and `len()` and iteration make the list of interned `Move`
//! objects ([`crate::cache`]) once — `list(board.legal_moves)` asks the length first and then
//! iterates the same list. Unlike python-chess's generator it does not follow
//! later moves on the board; read `board.legal_moves` again after a push.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};
use qipan::chess::Chess;
use qipan::xiangqi::Xiangqi;

use crate::board::resolve_on;
use crate::games::BindVariant;
use crate::pymove::MoveArg;

/// The legal moves of one position of the game `V`, generated and wrapped on first need.
#[derive(Debug)]
pub struct LegalOf<V: BindVariant> {
    pos: V,
    list: OnceLock<Py<PyList>>,
}

impl<V: BindVariant> LegalOf<V> {
    fn new(pos: V) -> Self {
        LegalOf {
            pos,
            list: OnceLock::new(),
        }
    }

    /// The number of moves: counted without making objects unless they are made already (the
    /// `legal_moves.count()` of a Python perft needs no objects).
    fn count(&self, py: Python<'_>) -> usize {
        match self.list.get() {
            Some(list) => list.bind(py).len(),
            None => self.pos.count_legal_moves(),
        }
    }

    fn contains(&self, arg: &MoveArg<'_>) -> bool {
        resolve_on(&self.pos, arg.repr()).is_ok()
    }

    /// The interned `Move` objects in a list made once: `list(board.legal_moves)` asks the
    /// length (made here) and then iterates (the same list).
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(list) = self.list.get() {
            return Ok(list.bind(py).clone());
        }
        let (cache, wrap) = V::moves_of(&self.pos);
        let list = cache.list(py, &self.pos.legal_moves(), wrap)?;
        // Another thread may have set it meanwhile: either list holds the same moves.
        let _ = self.list.set(list.clone().unbind());
        Ok(list)
    }
}

/// The legal moves of a chess or a Xiangqi position.
// The enum lives inside its Python object, allocated once either way: boxing the larger Xiangqi
// side would only add a second allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum LegalOfGame {
    /// A chess position's.
    Chess(LegalOf<Chess>),
    /// A Xiangqi position's.
    Xiangqi(LegalOf<Xiangqi>),
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
#[pyclass(module = "qipan", name = "LegalMoves", frozen)]
#[derive(Debug)]
pub struct LegalMoves {
    of: LegalOfGame,
}

impl From<Chess> for LegalMoves {
    fn from(pos: Chess) -> Self {
        LegalMoves {
            of: LegalOfGame::Chess(LegalOf::new(pos)),
        }
    }
}

impl From<Xiangqi> for LegalMoves {
    fn from(pos: Xiangqi) -> Self {
        LegalMoves {
            of: LegalOfGame::Xiangqi(LegalOf::new(pos)),
        }
    }
}

#[pymethods]
impl LegalMoves {
    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> usize {
        with_legal!(self, legal => legal.count(py))
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(with_legal!(self, legal => legal.list(py))?.len())
    }

    /// Whether there is a legal move.
    fn __bool__(&self, py: Python<'_>) -> bool {
        self.count(py) > 0
    }

    /// Whether `move` (a `qipan.Move` or any object with `uci()`) is legal here.
    fn __contains__(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let arg = MoveArg::extract(r#move)?;
        Ok(with_legal!(self, legal => legal.contains(&arg)))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let list = with_legal!(self, legal => legal.list(py))?;
        list.try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let list = with_legal!(self, legal => legal.list(py))?;
        let mut names = Vec::with_capacity(list.len());
        for mv in list.iter() {
            names.push(mv.str()?.to_cow()?.into_owned());
        }
        Ok(format!("<LegalMoves ({})>", names.join(", ")))
    }
}
