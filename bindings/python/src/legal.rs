//! `board.legal_moves`: an object of python-chess's `LegalMoveGenerator` shape — `count()`,
//! `len()`, `in`, iteration, `bool()` — over the position the board had when it was read.
//!
//! It holds a copy of that position (a small value) and generates its moves at most once, on
//! first need (`count()`, `len()`, iteration — `list()` asks the length first, so generating once
//! serves both), `in` checks one move, and iteration hands out the interned `Move` objects of
//! [`crate::cache`]. Unlike python-chess's generator it does not follow
//! later moves on the board; read `board.legal_moves` again after a push.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};
use qipan::chess::Chess;
use qipan::xiangqi::Xiangqi;

use crate::board::resolve_on;
use crate::games::BindVariant;
use crate::pymove::MoveArg;

/// The legal moves of one position of the game `V`, generated on first need.
#[derive(Debug)]
pub struct LegalOf<V: BindVariant> {
    pos: V,
    moves: OnceLock<V::MoveList>,
}

impl<V: BindVariant> LegalOf<V>
where
    V::MoveList: Send + Sync,
{
    fn new(pos: V) -> Self {
        LegalOf {
            pos,
            moves: OnceLock::new(),
        }
    }

    fn moves(&self) -> &[V::Move] {
        self.moves.get_or_init(|| self.pos.legal_moves())
    }

    /// Generates (once) rather than counts: `list(board.legal_moves)` asks the length first,
    /// and the moves are then ready for the iteration that follows.
    fn count(&self) -> usize {
        self.moves().len()
    }

    fn contains(&self, arg: &MoveArg<'_>) -> bool {
        resolve_on(&self.pos, arg.repr()).is_ok()
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let (cache, wrap) = V::moves_of(&self.pos);
        cache.list(py, self.moves(), wrap)
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
    fn count(&self) -> usize {
        with_legal!(self, legal => legal.count())
    }

    fn __len__(&self) -> usize {
        self.count()
    }

    /// Whether there is a legal move.
    fn __bool__(&self) -> bool {
        self.count() > 0
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
