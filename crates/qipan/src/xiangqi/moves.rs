//! [`Move`]: a Xiangqi move, from one point to another, written in ICCS.

use std::fmt;

use super::Square;

/// A move: from one square to another. `Display` writes ICCS with ranks 0–9 (`h2e2`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub(super) from: Square,
    pub(super) to: Square,
}

impl Move {
    /// The move from `from` to `to` (legal or not).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The null move (`0000`: from a0 to a0): no piece moves, the side to move passes. It is
    /// never legal; [`Game::push`](crate::Game::push) plays it when the side to move is not in
    /// check.
    #[inline]
    pub const fn null() -> Move {
        Move {
            from: Square(0),
            to: Square(0),
        }
    }

    /// Whether this is [`Move::null`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.from.0 == 0 && self.to.0 == 0
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece goes to.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// A compact code: `from * 90 + to` (0–8099).
    pub const fn to_u16(self) -> u16 {
        self.from.0 as u16 * 90 + self.to.0 as u16
    }

    /// The move of a [`Move::to_u16`] code, `None` above 8099.
    pub const fn from_u16(code: u16) -> Option<Move> {
        if code < 8100 {
            Some(Move {
                from: Square((code / 90) as u8),
                to: Square((code % 90) as u8),
            })
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
