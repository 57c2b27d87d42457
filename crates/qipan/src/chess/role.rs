//! [`Role`]: the kind of a chess piece, without its colour.
//!
//! ```
//! use qipan::chess::Role;
//! assert_eq!(Role::from_char('n'), Some(Role::Knight));
//! assert_eq!(Role::Queen.upper_char(), 'Q');
//! assert_eq!(Role::Pawn.char(), 'p');
//! ```

use std::fmt;

/// The kind of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles a pawn may promote to, queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Index 0 (pawn) to 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case letter (`P N B R Q K`).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter, either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        };
        f.write_str(name)
    }
}
