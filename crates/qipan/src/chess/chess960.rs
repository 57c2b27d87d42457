//! Chess960 start positions by Scharnagl number, and Shredder-FEN output.
//!
//! ```
//! use qipan::chess::Chess;
//! use qipan::Variant;
//! let standard = Chess::chess960_start(518).unwrap();
//! assert_eq!(standard.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(standard.fen_shredder(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
//! assert_eq!(Chess::chess960_start(0).unwrap().fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! assert!(Chess::chess960_start(960).is_none());
//! ```

use super::{Bitboard, Chess, Role, Square};
use crate::Color;

/// The ten ways to put two knights on five empty squares, in Scharnagl's order.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

impl Chess {
    /// The Chess960 start position with Scharnagl number `n` (0–959; 518 is the standard
    /// position), in Chess960 mode. `None` for `n >= 960`.
    pub fn chess960_start(n: u32) -> Option<Chess> {
        if n >= 960 {
            return None;
        }
        let mut rank: [Option<Role>; 8] = [None; 8];
        let mut n = n as usize;
        rank[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        let place = |rank: &mut [Option<Role>; 8], nth: usize, role: Role| {
            if let Some(file) = (0..8).filter(|&f| rank[f].is_none()).nth(nth) {
                rank[file] = Some(role);
            }
        };
        place(&mut rank, n % 6, Role::Queen);
        n /= 6;
        let (a, b) = KNIGHTS[n];
        // Place the second knight first so the first one's index is not shifted.
        place(&mut rank, b, Role::Knight);
        place(&mut rank, a, Role::Knight);
        place(&mut rank, 0, Role::Rook);
        place(&mut rank, 0, Role::King);
        place(&mut rank, 0, Role::Rook);

        let mut pos = Chess::empty();
        for (file, role) in rank.iter().enumerate() {
            let role = role.unwrap_or(Role::Pawn);
            let file = file as u32;
            pos.put(Square::new(file), Color::White, role);
            pos.put(Square::new(8 + file), Color::White, Role::Pawn);
            pos.put(Square::new(48 + file), Color::Black, Role::Pawn);
            pos.put(Square::new(56 + file), Color::Black, role);
        }
        let rooks = pos.by_role(Role::Rook);
        pos.castling = rooks;
        pos.chess960 = true;
        pos.zobrist = pos.zobrist_recomputed();
        Some(pos)
    }

    /// The Scharnagl number (0–959) of the start position this is — pieces, castling rights,
    /// side to move and en passant as at the start of a Chess960 game (clocks aside) — or `None`
    /// for any other position. Works in either mode: the standard start position is 518.
    pub fn chess960_number(&self) -> Option<u32> {
        // Most positions fail here, before the 960 candidates are built.
        let home = Bitboard::rank(0) | Bitboard::rank(1) | Bitboard::rank(6) | Bitboard::rank(7);
        let pawns = Bitboard::rank(1) | Bitboard::rank(6);
        if self.occupied() != home
            || self.by_role(Role::Pawn) != pawns
            || self.turn != Color::White
            || self.ep_square().is_some()
        {
            return None;
        }
        (0..960).find(|&n| {
            Chess::chess960_start(n).is_some_and(|start| {
                Color::ALL
                    .iter()
                    .all(|&c| start.by_color(c) == self.by_color(c))
                    && Role::ALL
                        .iter()
                        .all(|&r| start.by_role(r) == self.by_role(r))
                    && start.castling == self.castling
                    && self.turn == Color::White
                    && self.ep_square().is_none()
            })
        })
    }

    /// The position as Shredder-FEN: castling rights as the files of the castling rooks
    /// (`HAha` for the standard position), White's first.
    pub fn fen_shredder(&self) -> String {
        let fen = self.to_fen();
        let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
        let mut castling = String::new();
        for color in Color::ALL {
            let rooks = self.castling & self.by_color(color) & Bitboard::backrank(color);
            for rook in rooks.into_iter().rev() {
                let c = (b'A' + rook.file() as u8) as char;
                castling.push(if color == Color::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                });
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        fields[2] = castling;
        fields.join(" ")
    }
}

impl super::Setup {
    /// Whether the set-up holds a castling right only Chess960 has: a rook off the corners, or
    /// a king off its e-file square with a right on its side (python-chess's
    /// `has_chess960_castling_rights`; a PGN reader then reads the game as Chess960).
    pub fn has_chess960_castling_rights(&self) -> bool {
        let rights = self.clean_castling_rights_for(true);
        let corners = Bitboard::file(0) | Bitboard::file(7);
        if (rights & !corners).any() {
            return true;
        }
        Color::ALL.into_iter().any(|color| {
            let home = Square::new(if color == Color::White { 4 } else { 60 });
            (rights & Bitboard::backrank(color)).any()
                && !(self.pieces(color, Role::King)).contains(home)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_960_start_positions_are_valid_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let pos = Chess::chess960_start(n).unwrap();
            let fen = pos.to_fen();
            assert!(seen.insert(fen.clone()));
            // King between the rooks, bishops on opposite colours.
            let back: Vec<char> = fen
                .split('/')
                .next_back()
                .unwrap()
                .chars()
                .take(8)
                .collect();
            let k = back.iter().position(|&c| c == 'K').unwrap();
            let rooks: Vec<usize> = (0..8).filter(|&i| back[i] == 'R').collect();
            assert!(rooks[0] < k && k < rooks[1], "{fen}");
            let bishops: Vec<usize> = (0..8).filter(|&i| back[i] == 'B').collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{fen}");
            let again = Chess::from_fen_960(&pos.fen_shredder()).unwrap();
            assert_eq!(again, pos);
            assert_eq!(pos.count_legal_moves(), pos.legal_moves().len());
        }
    }
}
