//! [`Bitboard`]: a set of Xiangqi points in a `u128`, bit `i` for the point with index `i`
//! (`a0 = 0`, `rank * 9 + file`), as chess's [`Bitboard`](crate::chess::Bitboard) is a set of
//! chess squares: the same name and methods for the same concept in both games.
//!
//! ```
//! use qipan::xiangqi::{Bitboard, Square};
//! let e2 = Square::new(4, 2);
//! let set = Bitboard::from_square(e2) | Bitboard::from_square(Square::new(0, 9));
//! assert_eq!(set.count(), 2);
//! assert!(set.contains(e2));
//! assert_eq!(set.into_iter().map(Square::index).collect::<Vec<_>>(), [22, 81]);
//! assert_eq!((!Bitboard::EMPTY).count(), 90);
//! ```

use std::fmt;
use std::ops::Not;

use super::Square;

/// A set of points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No point.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every point of the board.
    pub const FULL: Bitboard = Bitboard((1 << 90) - 1);

    /// The point with the lowest index.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }
}

crate::square_set::square_set!(Bitboard, Square, u128);

/// The points of a [`Bitboard`], lowest index first.
#[derive(Debug, Clone)]
pub struct IntoIter(u128);

impl Iterator for IntoIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = Bitboard(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(sq)
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
            return None;
        }
        let index = 127 - self.0.leading_zeros();
        self.0 ^= 1 << index;
        Some(Square(index as u8))
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
    /// The points of the board not in the set (the 38 bits beyond the board stay clear).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Ten lines, rank 9 first, `X` for a point in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#x})", self.0)?;
        for rank in (0..10).rev() {
            for file in 0..9 {
                f.write_str(if self.0 >> (rank * 9 + file) & 1 == 1 {
                    "X"
                } else {
                    "."
                })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_exactly_the_points_put_in_it() {
        let points = [0usize, 8, 9, 44, 81, 89];
        let set: Bitboard = points
            .iter()
            .map(|&i| Square::from_index(i).unwrap())
            .collect();
        assert_eq!(set.count(), 6);
        for sq in Square::all() {
            assert_eq!(set.contains(sq), points.contains(&sq.index()), "{sq:?}");
        }
        let forward: Vec<usize> = set.into_iter().map(Square::index).collect();
        let backward: Vec<usize> = set.into_iter().rev().map(Square::index).collect();
        assert_eq!(forward, points);
        assert_eq!(backward, points.iter().rev().copied().collect::<Vec<_>>());
        assert_eq!((!set).count(), 84);
        assert_eq!(
            set - Bitboard::from_square(Square::new(0, 0)),
            set.without(Square::new(0, 0))
        );
        assert_eq!(Bitboard::FULL.0 >> 90, 0, "no bit beyond the board");
    }
}
