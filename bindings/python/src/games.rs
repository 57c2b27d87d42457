//! What the bindings need from each game beyond [`Variant`]: how its moves are held by the
//! game-independent Python `Move` and where their interned objects live. Conversion only: every
//! rule, rule-set name and start position comes from the core.

use std::sync::{LazyLock, OnceLock};

use pyo3::prelude::*;
use pyo3::types::PyList;

use qipan::board::Board as CoreBoard;
use qipan::chess::Chess;
use qipan::xiangqi::Xiangqi;
use qipan::{GameKind, Variant};

use crate::cache::{MoveCache, MoveSlot};
use crate::repr::MoveRepr;

/// The interned-move table of a game mode and the function that wraps its moves.
pub type MovesOf<M> = (&'static MoveCache<M>, fn(M) -> MoveRepr);

/// The legal moves of one position of the game `V`, with their `Move` objects once asked for
/// (the data of `board.legal_moves`; its methods are in [`crate::legal`]).
pub struct LegalOf<V> {
    /// The position.
    pub(crate) pos: V,
    /// The name of the board state it was read in, whose moves its list marks
    /// ([`crate::board::Board::state`]).
    pub(crate) state: u64,
    // A plain `OnceLock`: it is only ever `set` with a list made beforehand, never initialised
    // by a closure, so no thread can wait on it while holding the interpreter.
    pub(crate) list: OnceLock<Py<PyList>>,
}

impl<V: std::fmt::Debug> std::fmt::Debug for LegalOf<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LegalOf").field("pos", &self.pos).finish()
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

/// A [`Variant`] the Python bindings wrap.
pub trait BindVariant: Variant<Move: MoveSlot> + qipan::board::Editable {
    /// Which game this is.
    const KIND: GameKind;

    /// Wraps a move of this game.
    fn wrap(mv: Self::Move) -> MoveRepr;
    /// The move table and wrapper for the moves of `pos`, whose mode (Chess960 for one) may
    /// change how a move is written.
    fn moves_of(pos: &Self) -> MovesOf<Self::Move> {
        let _ = pos;
        (Self::cache(), Self::wrap)
    }
    /// The interned Python objects of this game's moves.
    fn cache() -> &'static MoveCache<Self::Move>;
    /// The typed move inside `repr`, if it is one of this game.
    fn unwrap(repr: &MoveRepr) -> Option<Self::Move>;
    /// Plays the move `repr` stands for, not legal here, when this game's Python `push` plays
    /// such moves (chess: a pseudo-legal one, as python-chess's); `None`, and nothing changed,
    /// otherwise.
    fn push_not_legal(board: &mut CoreBoard<Self>, repr: &MoveRepr) -> Option<Self::Move> {
        let _ = (board, repr);
        None
    }
    /// The legal moves of this game's position that `of` holds, if it holds one of this game.
    fn legal_of(of: &LegalOfGame) -> Option<&LegalOf<Self>>;
    /// `of` as the legal moves of either game.
    fn into_legal(of: LegalOf<Self>) -> LegalOfGame;
}

impl BindVariant for Chess {
    const KIND: GameKind = GameKind::Chess;

    fn wrap(mv: Self::Move) -> MoveRepr {
        MoveRepr::Chess(mv)
    }
    fn cache() -> &'static MoveCache<Self::Move> {
        static CACHE: LazyLock<MoveCache<<Chess as Variant>::Move>> =
            LazyLock::new(Default::default);
        &CACHE
    }
    fn moves_of(pos: &Self) -> MovesOf<Self::Move> {
        static CACHE_960: LazyLock<MoveCache<<Chess as Variant>::Move>> =
            LazyLock::new(Default::default);
        if pos.chess960() {
            (&CACHE_960, MoveRepr::Chess960)
        } else {
            (Self::cache(), Self::wrap)
        }
    }
    fn unwrap(repr: &MoveRepr) -> Option<Self::Move> {
        match repr {
            MoveRepr::Chess(mv) | MoveRepr::Chess960(mv) => Some(*mv),
            _ => None,
        }
    }
    fn push_not_legal(board: &mut CoreBoard<Self>, repr: &MoveRepr) -> Option<Self::Move> {
        if repr.game().is_some_and(|game| game != GameKind::Chess) {
            return None;
        }
        // Read from the coordinates: a move object of another position may be of another kind
        // here (an en passant capture there, a plain one here).
        let mv = board.position().parse_uci_unchecked(&repr.coord()).ok()?;
        board.push_pseudo_legal(mv).ok().map(|()| mv)
    }
    fn legal_of(of: &LegalOfGame) -> Option<&LegalOf<Self>> {
        match of {
            LegalOfGame::Chess(of) => Some(of),
            LegalOfGame::Xiangqi(_) => None,
        }
    }
    fn into_legal(of: LegalOf<Self>) -> LegalOfGame {
        LegalOfGame::Chess(of)
    }
}

impl BindVariant for Xiangqi {
    const KIND: GameKind = GameKind::Xiangqi;

    fn wrap(mv: Self::Move) -> MoveRepr {
        MoveRepr::Xiangqi(mv)
    }
    fn cache() -> &'static MoveCache<Self::Move> {
        static CACHE: LazyLock<MoveCache<<Xiangqi as Variant>::Move>> =
            LazyLock::new(Default::default);
        &CACHE
    }
    fn unwrap(repr: &MoveRepr) -> Option<Self::Move> {
        match repr {
            MoveRepr::Xiangqi(mv) => Some(*mv),
            _ => None,
        }
    }
    fn legal_of(of: &LegalOfGame) -> Option<&LegalOf<Self>> {
        match of {
            LegalOfGame::Xiangqi(of) => Some(of),
            LegalOfGame::Chess(_) => None,
        }
    }
    fn into_legal(of: LegalOf<Self>) -> LegalOfGame {
        LegalOfGame::Xiangqi(of)
    }
}
