//! [`Piece`]: a [`Role`] of a [`Color`].
//!
//! ```
//! use qipan::chess::{Piece, Role};
//! use qipan::Color;
//! let p = Piece::from_char('N').unwrap();
//! assert_eq!(p, Piece { color: Color::White, role: Role::Knight });
//! assert_eq!(p.char(), 'N');
//! assert_eq!(p.unicode(), '♘');
//! ```

use std::fmt;

use super::Role;
use crate::Color;

/// A piece: its colour and role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// The Unicode chess symbol (`♔` ... `♟`).
    pub const fn unicode(self) -> char {
        const WHITE: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
        const BLACK: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];
        match self.color {
            Color::White => WHITE[self.role.index()],
            Color::Black => BLACK[self.role.index()],
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
