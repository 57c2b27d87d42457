//! [`MoveRepr`]: what a Python `Move` holds — a typed move of one game, or coordinate text.

use qipan::chess::{CastlingMode, Chess};
use qipan::xiangqi::Xiangqi;
use qipan::{GameKind, Variant};

/// A move as the Python `Move` holds it: a typed move of one game (cheap to make, written out only
/// when asked), or coordinate text from `Move.from_uci`, optionally tied to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRepr {
    /// A chess move.
    Chess(<Chess as Variant>::Move),
    /// A chess move of a Chess960 game (castling written king-takes-rook).
    Chess960(<Chess as Variant>::Move),
    /// A Xiangqi move.
    Xiangqi(<Xiangqi as Variant>::Move),
    /// Coordinate text (UCI / ICCS), lower case.
    Text {
        /// The coordinates.
        text: String,
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
            MoveRepr::Text { game, .. } => *game,
        }
    }

    /// The move in coordinate notation (UCI for chess, ICCS for Xiangqi).
    pub fn coord(&self) -> String {
        match self {
            MoveRepr::Chess(mv) => mv.to_string(),
            MoveRepr::Chess960(mv) => mv.uci(CastlingMode::Chess960),
            MoveRepr::Xiangqi(mv) => mv.to_string(),
            MoveRepr::Text { text, .. } => text.clone(),
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
}
