//! [`Move`]: a chess move in 16 bits, and [`CastlingSide`].
//!
//! A move is `from | to << 6 | kind << 12`. Castling is stored as *king takes own rook*
//! (`from` = king, `to` = rook), which works for standard chess and Chess960 alike; `Display`
//! writes standard UCI (`e1g1`), and [`Chess::uci`](super::Chess::uci) writes what the
//! position's mode asks for.
//!
//! ```
//! use qipan::chess::{Move, Role, Square};
//! let mv = Move::promotion(Square::E7, Square::E8, Role::Queen);
//! assert_eq!(mv.to_string(), "e7e8q");
//! assert_eq!(Move::castle(Square::E1, Square::H1).to_string(), "e1g1");
//! assert_eq!(Move::from_u16(mv.to_u16()), mv);
//! assert_eq!(Move::null().to_string(), "0000");
//! ```

use std::fmt;

use super::{Role, Square};

/// Which way a king castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: king to g, rook to f (`O-O`).
    KingSide,
    /// Towards the a-file: king to c, rook to d (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// The side on which a rook on `rook` stands relative to a king on `king` (same rank).
    #[inline]
    pub fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The king's destination file (g = 6 or c = 2).
    #[inline]
    pub const fn king_to_file(self) -> u32 {
        match self {
            CastlingSide::KingSide => 6,
            CastlingSide::QueenSide => 2,
        }
    }

    /// The rook's destination file (f = 5 or d = 3).
    #[inline]
    pub const fn rook_to_file(self) -> u32 {
        match self {
            CastlingSide::KingSide => 5,
            CastlingSide::QueenSide => 3,
        }
    }
}

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture without promotion, castling or en passant.
    Normal,
    /// A pawn move to the last rank, turning into the role.
    Promotion(Role),
    /// A pawn capturing en passant (`to` is the square it lands on).
    EnPassant,
    /// Castling, stored king-takes-own-rook (`to` is the rook's square).
    Castle,
    /// A 16-bit value that is no move at all (never legal).
    Invalid,
}

/// A move: from, to and kind in 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const NORMAL: u16 = 0;
const EN_PASSANT: u16 = 5;
const CASTLE: u16 = 6;

impl Move {
    #[inline]
    const fn make(from: Square, to: Square, kind: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | kind << 12)
    }

    /// A normal move or capture.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::make(from, to, NORMAL)
    }

    /// A promotion to `role` (knight, bishop, rook or queen; other roles make an invalid move).
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        let kind = match role {
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            Role::Queen => 4,
            _ => 15,
        };
        Move::make(from, to, kind)
    }

    /// An en passant capture landing on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::make(from, to, EN_PASSANT)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::make(king, rook, CASTLE)
    }

    /// The null move (`0000`, raw value 0: from a1 to a1): no piece moves, the side to move
    /// passes. It is never legal; [`Game::push`](crate::Game::push) plays it when the side to
    /// move is not in check.
    #[inline]
    pub const fn null() -> Move {
        Move(0)
    }

    /// Whether this is [`Move::null`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The move of a raw 16-bit value (any value; nonsense ones are never legal).
    #[inline]
    pub const fn from_u16(raw: u16) -> Move {
        Move(raw)
    }

    /// The raw 16-bit value.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// The square the piece leaves (the king's square for castling).
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 as u32)
    }

    /// The target square (the rook's square for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 >> 6) as u32)
    }

    #[inline]
    pub(crate) const fn kind_bits(self) -> u16 {
        self.0 >> 12
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.kind_bits() {
            NORMAL => MoveKind::Normal,
            1 => MoveKind::Promotion(Role::Knight),
            2 => MoveKind::Promotion(Role::Bishop),
            3 => MoveKind::Promotion(Role::Rook),
            4 => MoveKind::Promotion(Role::Queen),
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            _ => MoveKind::Invalid,
        }
    }

    /// The promotion role, if any.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.kind_bits() == CASTLE
    }

    /// Whether this is an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.kind_bits() == EN_PASSANT
    }

    /// For castling: which side. `None` for other moves.
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle()
            .then(|| CastlingSide::of(self.from(), self.to()))
    }

    /// Where the king lands: for castling the g- or c-file square, otherwise [`Move::to`].
    pub fn king_to(self) -> Square {
        match self.castling_side() {
            Some(side) => {
                Square::from_coords(side.king_to_file(), self.from().rank()).unwrap_or(self.to())
            }
            None => self.to(),
        }
    }

    /// Standard UCI: castling as the king's two-square move (`e1g1`).
    pub fn uci_standard(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    /// UCI in standard mode (castling `e1g1`, promotion `e7e8q`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.king_to())?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Castle => write!(f, "Castle({}{})", self.from(), self.to()),
            MoveKind::EnPassant => write!(f, "EnPassant({}{})", self.from(), self.to()),
            MoveKind::Invalid => write!(f, "Invalid({:#06x})", self.0),
            _ => write!(f, "{self}"),
        }
    }
}
