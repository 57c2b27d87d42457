//! [`PositionProblems`]: the set of problems [`Chess::from_setup`](super::Chess::from_setup)
//! names, with their names as python-chess and the FEN reader word them.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Sub};

/// A set of problems that keep a [`Setup`](super::Setup) from being a position a game can reach.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PositionProblems(u32);

impl PositionProblems {
    /// No problem.
    pub const NONE: PositionProblems = PositionProblems(0);
    /// A side has no king.
    pub const MISSING_KING: PositionProblems = PositionProblems(1 << 0);
    /// A side has more than one king.
    pub const TOO_MANY_KINGS: PositionProblems = PositionProblems(1 << 1);
    /// A pawn on the first or last rank.
    pub const PAWNS_ON_BACKRANK: PositionProblems = PositionProblems(1 << 2);
    /// A castling right without its king and rook where the right needs them. Waived, the
    /// rights the board supports are kept (python-chess's `clean_castling_rights`).
    pub const INVALID_CASTLING_RIGHTS: PositionProblems = PositionProblems(1 << 3);
    /// An en passant square no double step of the last move explains. Waived, it is dropped.
    pub const INVALID_EP_SQUARE: PositionProblems = PositionProblems(1 << 4);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: PositionProblems = PositionProblems(1 << 5);
    /// Checks that no single last move can have given (more than two checkers, two on one line
    /// with the king, two and neither a sliding piece, a check older than the double step).
    pub const IMPOSSIBLE_CHECK: PositionProblems = PositionProblems(1 << 6);
    /// More pieces than a side can have: over 16, over 8 pawns, more promoted pieces than
    /// missing pawns.
    pub const TOO_MUCH_MATERIAL: PositionProblems = PositionProblems(1 << 7);
    /// Every problem.
    pub const ALL: PositionProblems = PositionProblems((1 << 8) - 1);
    /// What the relaxed FEN reading waives: positions no game reaches but that play by the
    /// rules (impossible checks, too much material), rights and en passant squares dropped.
    pub const UNREACHABLE: PositionProblems = PositionProblems(
        PositionProblems::IMPOSSIBLE_CHECK.0
            | PositionProblems::TOO_MUCH_MATERIAL.0
            | PositionProblems::INVALID_CASTLING_RIGHTS.0
            | PositionProblems::INVALID_EP_SQUARE.0,
    );

    /// What a board that plays any placement waives, as chess.js's and python-chess's boards
    /// play one: [`PositionProblems::UNREACHABLE`], a side without a king (its moves are every
    /// move its pieces can make; it is never in check), pawns on the back rank (they move as
    /// pawns of their side do from there), and the side not to move in check (its king can be
    /// taken). Only a second king of one side stays refused: neither library sets one up.
    pub const UNCHECKED: PositionProblems = PositionProblems(
        PositionProblems::UNREACHABLE.0
            | PositionProblems::MISSING_KING.0
            | PositionProblems::PAWNS_ON_BACKRANK.0
            | PositionProblems::OPPOSITE_CHECK.0,
    );

    /// Every problem with its name, lowest bit first.
    pub const NAMED: [(&'static str, PositionProblems); 8] = [
        ("missing king", PositionProblems::MISSING_KING),
        ("too many kings", PositionProblems::TOO_MANY_KINGS),
        (
            "pawns on the back rank",
            PositionProblems::PAWNS_ON_BACKRANK,
        ),
        (
            "invalid castling rights",
            PositionProblems::INVALID_CASTLING_RIGHTS,
        ),
        (
            "invalid en passant square",
            PositionProblems::INVALID_EP_SQUARE,
        ),
        ("opposite check", PositionProblems::OPPOSITE_CHECK),
        ("impossible check", PositionProblems::IMPOSSIBLE_CHECK),
        ("too much material", PositionProblems::TOO_MUCH_MATERIAL),
    ];

    /// The bits (stable: bindings may hand them out).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether no problem is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every problem of `other` is in the set.
    pub const fn contains(self, other: PositionProblems) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether any problem of `other` is in the set.
    pub const fn intersects(self, other: PositionProblems) -> bool {
        self.0 & other.0 != 0
    }
}

impl BitOr for PositionProblems {
    type Output = PositionProblems;
    fn bitor(self, rhs: PositionProblems) -> PositionProblems {
        PositionProblems(self.0 | rhs.0)
    }
}

impl BitOrAssign for PositionProblems {
    fn bitor_assign(&mut self, rhs: PositionProblems) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for PositionProblems {
    type Output = PositionProblems;
    fn bitand(self, rhs: PositionProblems) -> PositionProblems {
        PositionProblems(self.0 & rhs.0)
    }
}

impl Sub for PositionProblems {
    type Output = PositionProblems;
    fn sub(self, rhs: PositionProblems) -> PositionProblems {
        PositionProblems(self.0 & !rhs.0)
    }
}

impl Not for PositionProblems {
    type Output = PositionProblems;
    fn not(self) -> PositionProblems {
        PositionProblems(!self.0 & PositionProblems::ALL.0)
    }
}

impl fmt::Debug for PositionProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionProblems({self})")
    }
}

impl fmt::Display for PositionProblems {
    /// The names of the problems, joined by `, ` (`none` for the empty set).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<&str> = PositionProblems::NAMED
            .iter()
            .filter(|(_, p)| self.contains(*p))
            .map(|(name, _)| *name)
            .collect();
        f.write_str(&names.join(", "))
    }
}
