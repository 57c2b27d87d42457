//! [`Square`]: one of the 64 squares, `a1 = 0`, `b1 = 1`, ..., `h8 = 63`.
//!
//! ```
//! use qipan::chess::Square;
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(e4, Square::E4);
//! assert_eq!((e4.file(), e4.rank()), (4, 3));
//! assert_eq!(e4.index(), 28);
//! assert_eq!(e4.to_string(), "e4");
//! assert!("i9".parse::<Square>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// A square of the board. Files and ranks count from 0 (`a` and `1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! squares {
    ($($name:ident = $index:expr,)*) => {
        $(
            #[doc = concat!("The square ", stringify!($name), ".")]
            pub const $name: Square = Square($index);
        )*
    };
}

impl Square {
    squares! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
        A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
        A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
        A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
        A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
        A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
        A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
        A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
    }

    /// The square with this index (`a1 = 0` ... `h8 = 63`).
    ///
    /// # Panics
    /// When `index >= 64`.
    #[inline]
    pub const fn new(index: u32) -> Square {
        assert!(index < 64, "square index out of range");
        Square(index as u8)
    }

    /// The square with index `index & 63` (no check; for indices known to be in range).
    #[inline(always)]
    pub(crate) const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square with this index, or `None` when `index >= 64`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1); `None` off the board.
    #[inline]
    pub const fn from_coords(file: u32, rank: u32) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The index, `a1 = 0` ... `h8 = 63`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u32 {
        (self.0 & 7) as u32
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u32 {
        (self.0 >> 3) as u32
    }

    /// The rank as seen by `color`: 0 is that side's first rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u32 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// The same file on the mirrored rank (`e2` ↔ `e7`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `files` right and `ranks` up, or `None` off the board.
    #[inline]
    pub const fn offset(self, files: i32, ranks: i32) -> Option<Square> {
        let f = self.file() as i32 + files;
        let r = self.rank() as i32 + ranks;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Whether the square is a light square (`h1` is light, `a1` is dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// All 64 squares, `a1` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64u8).map(Square)
    }

    /// The file letter, `'a'` to `'h'`.
    #[inline]
    pub const fn file_char(self) -> char {
        (b'a' + self.file() as u8) as char
    }

    /// The rank digit, `'1'` to `'8'`.
    #[inline]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank() as u8) as char
    }

    /// Reads a square from two ASCII bytes (`b"e4"`).
    pub const fn from_ascii(text: &[u8]) -> Option<Square> {
        if text.len() != 2 {
            return None;
        }
        let (f, r) = (text[0], text[1]);
        if f >= b'a' && f <= b'h' && r >= b'1' && r <= b'8' {
            Some(Square((r - b'1') * 8 + (f - b'a')))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.file_char().to_ascii_uppercase(),
            self.rank_char()
        )
    }
}

/// Text that is not a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates() {
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::from_coords(7, 0), Some(Square::H1));
        assert_eq!(Square::from_coords(8, 0), None);
        assert_eq!(Square::E2.flip_vertical(), Square::E7);
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(1, 2), Some(Square::B3));
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
        assert_eq!(Square::all().count(), 64);
        assert!("".parse::<Square>().is_err());
        assert!("é4".parse::<Square>().is_err());
    }
}
