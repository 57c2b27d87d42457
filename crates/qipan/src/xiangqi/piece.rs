//! [`Piece`] and [`PieceKind`]: the seven kinds of Xiangqi pieces, their FEN letters and
//! Chinese characters.
//!
//! ```
//! use qipan::Color;
//! use qipan::xiangqi::{Piece, PieceKind};
//! let red_cannon = Piece { color: Color::RED, kind: PieceKind::Cannon };
//! assert_eq!(red_cannon.fen_char(), 'C');
//! assert_eq!(red_cannon.chinese(), '炮');
//! assert_eq!(Piece::from_fen_char('e'), Some(Piece { color: Color::Black, kind: PieceKind::Elephant }));
//! assert_eq!(Piece { color: Color::Black, kind: PieceKind::General }.chinese(), '将');
//! ```

use crate::Color;

/// The kind of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
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

impl PieceKind {
    /// Every kind, in the order of their discriminants.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// 0 (general) to 6 (soldier).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter: `K A B N R C P`.
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }

    /// The kind of a FEN letter, either case; `E` reads as elephant and `H` as horse.
    pub const fn from_fen_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        })
    }

    /// How many of this kind one side has at the start (and at most): 1, 2 or 5.
    pub const fn max_count(self) -> usize {
        match self {
            PieceKind::General => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }
}

/// A piece: a side and a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side (Red is [`Color::White`]).
    pub color: Color,
    /// Its kind.
    pub kind: PieceKind,
}

impl Piece {
    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_char();
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
        match PieceKind::from_fen_char(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }

    /// The Chinese character: red 帅仕相马车炮兵, black 将士象马车炮卒.
    pub const fn chinese(self) -> char {
        match (self.color, self.kind) {
            (Color::White, PieceKind::General) => '帅',
            (Color::White, PieceKind::Advisor) => '仕',
            (Color::White, PieceKind::Elephant) => '相',
            (Color::White, PieceKind::Soldier) => '兵',
            (Color::Black, PieceKind::General) => '将',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Black, PieceKind::Elephant) => '象',
            (Color::Black, PieceKind::Soldier) => '卒',
            (_, PieceKind::Horse) => '马',
            (_, PieceKind::Chariot) => '车',
            (_, PieceKind::Cannon) => '炮',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_letters_round_trip() {
        for kind in PieceKind::ALL {
            for color in Color::ALL {
                let p = Piece { color, kind };
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(PieceKind::from_fen_char('H'), Some(PieceKind::Horse));
        assert_eq!(PieceKind::from_fen_char('x'), None);
        assert_eq!(Piece::from_fen_char('马'), None);
    }
}
