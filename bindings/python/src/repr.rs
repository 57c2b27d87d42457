//! [`MoveRepr`]: what a Python `Move` holds — a typed move of one game, or coordinate text.

use qipan::chess::{CastlingMode, Chess};
use qipan::xiangqi::Xiangqi;
use qipan::{CoordMove, GameKind, Variant};

use crate::piece::type_of_role;

/// A move as the Python `Move` holds it: a typed move of one game (cheap to make, written out only
/// when asked), or coordinates from `Move.from_uci`, optionally tied to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRepr {
    /// A chess move.
    Chess(<Chess as Variant>::Move),
    /// A chess move of a Chess960 game (castling written king-takes-rook).
    Chess960(<Chess as Variant>::Move),
    /// A Xiangqi move.
    Xiangqi(<Xiangqi as Variant>::Move),
    /// Coordinates (UCI / ICCS) read without a board.
    Coords {
        /// The coordinates.
        mv: CoordMove,
        /// The game it belongs to, when known.
        game: Option<GameKind>,
    },
}

impl MoveRepr {
    /// The game the move belongs to, when known.
    pub fn game(&self) -> Option<GameKind> {
        match self {
            MoveRepr::Chess(_) | MoveRepr::Chess960(_) => Some(GameKind::Chess),
            MoveRepr::Xiangqi(_) => Some(GameKind::Xiangqi),
            MoveRepr::Coords { game, .. } => *game,
        }
    }

    /// The move in coordinate notation (UCI for chess, ICCS for Xiangqi).
    pub fn coord(&self) -> String {
        match self {
            MoveRepr::Chess(mv) => mv.to_string(),
            MoveRepr::Chess960(mv) => mv.uci(CastlingMode::Chess960),
            MoveRepr::Xiangqi(mv) => mv.to_string(),
            MoveRepr::Coords { mv, .. } => mv.to_string(),
        }
    }

    /// Equality as Python sees it: the same coordinates, and no two different games.
    pub fn same_move(&self, other: &MoveRepr) -> bool {
        match (self, other) {
            (MoveRepr::Chess(a), MoveRepr::Chess(b)) if a == b => true,
            (MoveRepr::Xiangqi(a), MoveRepr::Xiangqi(b)) if a == b => true,
            _ => match (self.game(), other.game()) {
                (Some(a), Some(b)) if a != b => false,
                _ => self.coord() == other.coord(),
            },
        }
    }

    /// Whether this is the null move `0000`.
    pub fn is_null(&self) -> bool {
        match self {
            MoveRepr::Chess(mv) | MoveRepr::Chess960(mv) => mv.is_null(),
            MoveRepr::Xiangqi(mv) => mv.is_null(),
            MoveRepr::Coords { mv, .. } => mv.is_null(),
        }
    }

    /// The from and to squares as python-chess numbers them ([`CoordMove::squares`]): castling
    /// goes to the square the coordinates name (the king's target in standard chess, the rook in
    /// Chess960).
    pub fn squares(&self) -> (u32, u32) {
        match self {
            MoveRepr::Chess(mv) => (mv.from().index() as u32, mv.king_to().index() as u32),
            MoveRepr::Chess960(mv) => (mv.from().index() as u32, mv.to().index() as u32),
            MoveRepr::Xiangqi(mv) => (mv.from().index() as u32, mv.to().index() as u32),
            MoveRepr::Coords { mv, game } => mv.squares(*game),
        }
    }

    /// The piece type a drop (`P@e4`, coordinates only) puts on the board, as python-chess
    /// numbers it.
    pub fn drop(&self) -> Option<u8> {
        match self {
            MoveRepr::Coords { mv, .. } => mv.drop_role().map(type_of_role),
            _ => None,
        }
    }

    /// The piece type a pawn promotes to, as python-chess numbers it (2 knight to 5 queen).
    pub fn promotion(&self) -> Option<u8> {
        match self {
            MoveRepr::Chess(mv) | MoveRepr::Chess960(mv) => mv.promotion_role().map(type_of_role),
            MoveRepr::Xiangqi(_) => None,
            MoveRepr::Coords { mv, .. } => mv.promotion().map(type_of_role),
        }
    }
}
