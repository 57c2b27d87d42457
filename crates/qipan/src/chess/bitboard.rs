//! [`Bitboard`]: a set of squares in a `u64`, bit `i` for the square with index `i` (`a1 = 0`).
//!
//! ```
//! use qipan::chess::{Bitboard, Square};
//! let bb = Bitboard::from_square(Square::E4) | Bitboard::from_square(Square::D5);
//! assert_eq!(bb.count(), 2);
//! assert!(bb.contains(Square::D5));
//! assert_eq!(bb.into_iter().collect::<Vec<_>>(), vec![Square::E4, Square::D5]);
//! assert_eq!(Bitboard::rank(0).count(), 8);
//! ```

use std::fmt;
use std::ops::Not;

use super::Square;

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares.
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares.
    pub const DARK: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// Every square of rank `r` (0 = rank 1).
    #[inline]
    pub const fn rank(r: u32) -> Bitboard {
        Bitboard(0xff << (8 * (r & 7)))
    }

    /// Every square of file `f` (0 = file a).
    #[inline]
    pub const fn file(f: u32) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << (f & 7))
    }

    /// The first rank of `color` (rank 1 for White, rank 8 for Black).
    #[inline]
    pub const fn backrank(color: crate::Color) -> Bitboard {
        match color {
            crate::Color::White => Bitboard::rank(0),
            crate::Color::Black => Bitboard::rank(7),
        }
    }

    /// The lowest square.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// The highest square.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(63 - self.0.leading_zeros()))
        }
    }

    /// The only square of a one-square set.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }
}

crate::square_set::square_set!(Bitboard, Square, u64);

/// The squares of a [`Bitboard`], lowest first.
#[derive(Debug, Clone)]
pub struct IntoIter(u64);

impl Iterator for IntoIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_masked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_masked(63 - self.0.leading_zeros());
            self.0 ^= 1 << sq.index();
            Some(sq)
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;
    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Eight lines, rank 8 first, `X` for a square in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = 1u64 << (rank * 8 + file);
                f.write_str(if self.0 & bit != 0 { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
