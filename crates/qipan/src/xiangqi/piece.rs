//! [`Piece`] and [`Role`]: the seven kinds of Xiangqi pieces, their FEN letters and
//! Chinese characters.
//!
//! ```
//! use qipan::Color;
//! use qipan::xiangqi::{Piece, Role};
//! let red_cannon = Piece { color: Color::RED, role: Role::Cannon };
//! assert_eq!(red_cannon.fen_char(), 'C');
//! assert_eq!(red_cannon.chinese(), '炮');
//! assert_eq!(Piece::from_fen_char('e'), Some(Piece { color: Color::Black, role: Role::Elephant }));
//! assert_eq!(Piece { color: Color::Black, role: Role::General }.chinese(), '将');
//! ```

use crate::Color;

/// The kind of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将, FEN `K`.
    General = 0,
    /// 仕/士, FEN `A`.
    Advisor = 1,
    /// 相/象, FEN `B` (also read: `E`).
    Elephant = 2,
    /// 马, FEN `N` (also read: `H`).
    Horse = 3,
    /// 车, FEN `R`.
    Chariot = 4,
    /// 炮, FEN `C`.
    Cannon = 5,
    /// 兵/卒, FEN `P`.
    Soldier = 6,
}

impl Role {
    /// Every kind, in the order of their discriminants.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// 0 (general) to 6 (soldier).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter: `K A B N R C P`.
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// The kind of a FEN letter, either case; `E` reads as elephant and `H` as horse.
    pub const fn from_fen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        })
    }

    /// How many of this kind one side has at the start (and at most): 1, 2 or 5.
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

/// A piece: a side and a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side (Red is [`Color::White`]).
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter (`E`/`e` and `H`/`h` accepted as synonyms of `B` and `N`).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_fen_char(c) {
            Some(kind) => Some(Piece { color, role: kind }),
            None => None,
        }
    }

    /// The Chinese character: red 帅仕相马车炮兵, black 将士象马车炮卒.
    pub const fn chinese(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::General) => '帅',
            (Color::White, Role::Advisor) => '仕',
            (Color::White, Role::Elephant) => '相',
            (Color::White, Role::Soldier) => '兵',
            (Color::Black, Role::General) => '将',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Soldier) => '卒',
            (_, Role::Horse) => '马',
            (_, Role::Chariot) => '车',
            (_, Role::Cannon) => '炮',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_letters_round_trip() {
        for role in Role::ALL {
            for color in Color::ALL {
                let p = Piece { color, role };
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(Role::from_fen_char('H'), Some(Role::Horse));
        assert_eq!(Role::from_fen_char('x'), None);
        assert_eq!(Piece::from_fen_char('马'), None);
    }
}
