//! [`Square`]: one of the 90 points of the Xiangqi board.
//!
//! Files `a`–`i` run from Red's left to Red's right, ranks `0`–`9` from Red's side to Black's;
//! the index of a square is `rank * 9 + file`.
//!
//! ```
//! use qipan::xiangqi::Square;
//! let e0 = Square::new(4, 0);
//! assert_eq!(e0.index(), 4);
//! assert_eq!((e0.file(), e0.rank()), (4, 0));
//! assert_eq!(e0.to_string(), "e0");
//! assert_eq!(Square::try_new(9, 0), None);
//! assert_eq!(Square::from_name("e0"), Some(e0));
//! assert_eq!(Square::from_name("j0"), None);
//! assert_eq!(Square::from_index(89), Some(Square::new(8, 9)));
//! ```

use std::fmt;

use crate::Color;

/// A point of the board: file 0–8 (`a`–`i`), rank 0–9. Every value is a valid square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The number of squares (90).
    pub const COUNT: usize = 90;

    /// The square on `file` (0–8, `a`–`i`) and `rank` (0–9).
    ///
    /// # Panics
    /// When `file > 8` or `rank > 9`; see [`Square::try_new`] for a checked version.
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < 9 && rank < 10, "Xiangqi square out of range");
        Square(rank * 9 + file)
    }

    /// The square on `file` and `rank`, or `None` when either is off the board.
    pub const fn try_new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 9 + file`, or `None` when `index >= 90`.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square named like `"e0"` (file `a`–`i`, either case, then rank `0`–`9`), or `None`.
    pub fn from_name(name: &str) -> Option<Square> {
        match name.as_bytes() {
            &[f, r] => Square::try_new(
                f.to_ascii_lowercase().wrapping_sub(b'a'),
                r.wrapping_sub(b'0'),
            ),
            _ => None,
        }
    }

    /// The index `rank * 9 + file` (0–89).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 8 (`i`), counted from Red's left.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// The rank, 0 (Red's back rank) to 9 (Black's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The file letter, `'a'`–`'i'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The same file, rank mirrored (`rank` ↦ `9 - rank`): the point as Black sees Red's.
    pub const fn flip_rank(self) -> Square {
        Square((9 - self.rank()) * 9 + self.file())
    }

    /// The same rank, file mirrored (`file` ↦ `8 - file`).
    pub const fn flip_file(self) -> Square {
        Square(self.rank() * 9 + 8 - self.file())
    }

    /// Every square, `a0`, `b0`, ... `i9`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..90u8).map(Square)
    }

    /// Whether the square lies in `color`'s palace (files d–f, ranks 0–2 for Red, 7–9 for Black).
    pub const fn in_palace(self, color: Color) -> bool {
        let (f, r) = (self.file(), self.rank());
        f >= 3
            && f <= 5
            && match color {
                Color::White => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Whether the square is on `color`'s side of the river (ranks 0–4 for Red, 5–9 for Black).
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::White => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates() {
        for sq in Square::all() {
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            assert_eq!(sq.flip_rank().flip_rank(), sq);
            assert_eq!(sq.flip_file().flip_file(), sq);
        }
        assert_eq!(Square::new(8, 9).to_string(), "i9");
        for sq in Square::all() {
            assert_eq!(Square::from_name(&sq.to_string()), Some(sq));
            assert_eq!(Square::from_name(&sq.to_string().to_uppercase()), Some(sq));
        }
        for bad in ["", "e", "e10", "k0", "e:", "马0", "0e"] {
            assert_eq!(Square::from_name(bad), None, "{bad}");
        }
        assert!(Square::new(4, 0).in_palace(Color::White));
        assert!(!Square::new(4, 0).in_palace(Color::Black));
        assert!(Square::new(3, 7).in_palace(Color::Black));
        assert!(!Square::new(2, 8).in_palace(Color::Black));
    }
}
