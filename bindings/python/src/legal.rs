//! `board.legal_moves`: an object of python-chess's `LegalMoveGenerator` shape — `count()`,
//! `len()`, `in`, iteration, `bool()` — over the position the board had when it was read.
//!
//! Reading `board.legal_moves` generates the moves and takes their interned `Move` objects
//! ([`crate::cache`]) into one list, as much work as the list the attribute used to be;
//! `count()`, `len()`, `bool()` and iteration use that list, and `in` checks the move on a copy of
//! the position (a small value). Unlike python-chess's generator it does not follow
//! later moves on the board; read `board.legal_moves` again after a push.

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};
use qipan::chess::Chess;
use qipan::xiangqi::Xiangqi;

use crate::board::resolve_on;
use crate::games::BindVariant;
use crate::pymove::MoveArg;

/// The legal moves of one position of the game `V`, with their `Move` objects.
#[derive(Debug)]
pub struct LegalOf<V: BindVariant> {
    pos: V,
    list: Py<PyList>,
}

impl<V: BindVariant> LegalOf<V> {
    fn new(py: Python<'_>, pos: V) -> PyResult<Self> {
        let (cache, wrap) = V::moves_of(&pos);
        let list = cache.list(py, &pos.legal_moves(), wrap)?.unbind();
        Ok(LegalOf { pos, list })
    }

    fn contains(&self, arg: &MoveArg<'_>) -> bool {
        // The null move resolves (a board plays it out of check) but is never a legal move.
        resolve_on(&self.pos, arg.repr()).is_ok_and(|mv| !V::is_null(mv))
    }
}

/// The legal moves of a chess or a Xiangqi position.
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

impl LegalMoves {
    /// The legal moves of a chess position.
    pub fn of_chess(py: Python<'_>, pos: Chess) -> PyResult<Self> {
        Ok(LegalMoves {
            of: LegalOfGame::Chess(LegalOf::new(py, pos)?),
        })
    }

    /// The legal moves of a Xiangqi position.
    pub fn of_xiangqi(py: Python<'_>, pos: Xiangqi) -> PyResult<Self> {
        Ok(LegalMoves {
            of: LegalOfGame::Xiangqi(LegalOf::new(py, pos)?),
        })
    }

    fn list<'py>(&self, py: Python<'py>) -> &Bound<'py, PyList> {
        with_legal!(self, legal => legal.list.bind(py))
    }
}

/// A position whose legal moves the boards hand out as [`LegalMoves`].
pub trait LegalMovesOf: Sized {
    /// The legal moves of `self`.
    fn legal_moves_object(self, py: Python<'_>) -> PyResult<LegalMoves>;
}

impl LegalMovesOf for Chess {
    fn legal_moves_object(self, py: Python<'_>) -> PyResult<LegalMoves> {
        LegalMoves::of_chess(py, self)
    }
}

impl LegalMovesOf for Xiangqi {
    fn legal_moves_object(self, py: Python<'_>) -> PyResult<LegalMoves> {
        LegalMoves::of_xiangqi(py, self)
    }
}

#[pymethods]
impl LegalMoves {
    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> usize {
        self.list(py).len()
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.list(py).len()
    }

    /// Whether there is a legal move.
    fn __bool__(&self, py: Python<'_>) -> bool {
        !self.list(py).is_empty()
    }

    /// Whether `move` (a `qipan.Move` or any object with `uci()`) is legal here.
    fn __contains__(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let arg = MoveArg::extract(r#move)?;
        Ok(with_legal!(self, legal => legal.contains(&arg)))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.list(py).try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut names = Vec::new();
        for mv in self.list(py).iter() {
            names.push(mv.str()?.to_cow()?.into_owned());
        }
        Ok(format!("<LegalMoves ({})>", names.join(", ")))
    }
}
