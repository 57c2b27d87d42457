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

    /// Whether this is the null move `0000`.
    pub fn is_null(&self) -> bool {
        match self {
            MoveRepr::Chess(mv) | MoveRepr::Chess960(mv) => mv.is_null(),
            MoveRepr::Xiangqi(mv) => mv.is_null(),
            MoveRepr::Text { text, .. } => text == NULL_MOVE,
        }
    }

    /// The from and to squares as python-chess numbers them: in chess 0 (`a1`) to 63 (`h8`),
    /// rank by rank; in Xiangqi 0 (`a0`) to 89 (`i9`), `rank * 9 + file`. Castling goes to the
    /// square the coordinates name (the king's target in standard chess, the rook in Chess960).
    /// Coordinate text not tied to a game is read as chess when it fits a chess board. The null
    /// move is `(0, 0)`, as in python-chess.
    pub fn squares(&self) -> (u32, u32) {
        match self {
            MoveRepr::Chess(mv) => (mv.from().index() as u32, mv.king_to().index() as u32),
            MoveRepr::Chess960(mv) => (mv.from().index() as u32, mv.to().index() as u32),
            MoveRepr::Xiangqi(mv) => (mv.from().index() as u32, mv.to().index() as u32),
            MoveRepr::Text { text, game } => {
                let b = text.as_bytes();
                if b.len() < 4 || self.is_null() {
                    return (0, 0);
                }
                if b[1] == b'@' {
                    // A drop (`P@e4`) goes from and to its square, as python-chess's.
                    let to = u32::from(b[2] - b'a') + 8 * u32::from(b[3] - b'1');
                    return (to, to);
                }
                let chess_square = |f: u8, r: u8| {
                    ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
                        .then(|| u32::from(f - b'a') + 8 * u32::from(r - b'1'))
                };
                let as_chess = match game {
                    Some(GameKind::Xiangqi) => None,
                    _ => chess_square(b[0], b[1]).zip(chess_square(b[2], b[3])),
                };
                as_chess.unwrap_or_else(|| {
                    let xq = |f: u8, r: u8| u32::from(f - b'a') + 9 * u32::from(r - b'0');
                    (xq(b[0], b[1]), xq(b[2], b[3]))
                })
            }
        }
    }

    /// The piece type a drop (`P@e4`, text only) puts on the board, as python-chess numbers it.
    pub fn drop(&self) -> Option<u8> {
        match self {
            MoveRepr::Text { text, .. } if text.as_bytes().get(1) == Some(&b'@') => {
                let letter = text.as_bytes()[0].to_ascii_lowercase();
                b"pnbrqk"
                    .iter()
                    .position(|&l| l == letter)
                    .map(|i| i as u8 + 1)
            }
            _ => None,
        }
    }

    /// The piece type a pawn promotes to, as python-chess numbers it (2 knight to 5 queen).
    pub fn promotion(&self) -> Option<u8> {
        match self {
            MoveRepr::Chess(mv) | MoveRepr::Chess960(mv) => {
                mv.promotion_role().map(|role| role.index() as u8 + 1)
            }
            MoveRepr::Xiangqi(_) => None,
            MoveRepr::Text { text, .. } => match text.as_bytes().get(4) {
                Some(b'p') => Some(1),
                Some(b'n') => Some(2),
                Some(b'b') => Some(3),
                Some(b'r') => Some(4),
                Some(b'q') => Some(5),
                Some(b'k') => Some(6),
                _ => None,
            },
        }
    }
}

/// The null move's coordinates, as UCI writes it.
pub const NULL_MOVE: &str = "0000";
