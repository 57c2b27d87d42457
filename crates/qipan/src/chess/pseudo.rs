//! Pseudo-legal move generation: the moves the pieces can make without asking whether the own
//! king is left in check (castling is still checked fully, as it is in python-chess), with
//! python-chess's masks and order, so that a front end following python-chess hands the same
//! list back.
//!
//! ```
//! use qipan::chess::{Bitboard, Chess};
//! let pos = Chess::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
//! // The king may "take" the rook or step beside it: pseudo-legal, only one of them legal.
//! assert_eq!(pos.pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL).len(), 5);
//! assert_eq!(pos.legal_moves().len(), 3);
//! ```

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::{Bitboard, Chess, Move, MoveKind, MoveList, Role, Square};
use crate::Color;

/// The en passant captures of one position: at most two.
pub type EnPassantCaptures = arrayvec::ArrayVec<Move, 2>;

impl Chess {
    /// The squares the piece on `from` attacks (empty for an empty square).
    fn piece_attacks(&self, from: Square, occupied: Bitboard) -> Bitboard {
        match self.role_at(from) {
            Some(Role::Knight) => knight_attacks(from),
            Some(Role::Bishop) => bishop_attacks(from, occupied),
            Some(Role::Rook) => rook_attacks(from, occupied),
            Some(Role::Queen) => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            Some(Role::King) => king_attacks(from),
            Some(Role::Pawn) => pawn_attacks(self.turn, from),
            None => Bitboard::EMPTY,
        }
    }

    /// The pseudo-legal moves of the pieces on `from` to the squares in `to`, in python-chess's
    /// order: pieces other than pawns (highest square first), castling (legal castling only;
    /// the rook's square must be in `to`), pawn captures, single pushes, double pushes, en
    /// passant. Moves that leave the own king attacked are included.
    pub fn pseudo_legal_moves(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        let us = self.turn;
        let our = self.colors[us.index()];
        let their = self.colors[(!us).index()];
        let occ = our | their;
        let from = from & our;
        let rooks_to = to;
        let to = to - our;
        let pawns = self.roles[Role::Pawn.index()] & our;

        for sq in (from - pawns).into_iter().rev() {
            for target in (self.piece_attacks(sq, occ) & to).into_iter().rev() {
                list.push(Move::normal(sq, target));
            }
        }
        list.extend(self.castling_moves(from, rooks_to));

        let movers = pawns & from;
        if movers.is_empty() {
            return list;
        }
        let last = Bitboard::backrank(!us);
        let push = |list: &mut MoveList, from_sq: Square, target: Square| {
            if last.contains(target) {
                for role in Role::PROMOTIONS {
                    list.push(Move::promotion(from_sq, target, role));
                }
            } else {
                list.push(Move::normal(from_sq, target));
            }
        };
        for sq in movers.into_iter().rev() {
            for target in (pawn_attacks(us, sq) & their & to).into_iter().rev() {
                push(&mut list, sq, target);
            }
        }
        let up = |bb: Bitboard| pawn_push(us, bb);
        let back = |sq: Square, steps: u32| match us {
            Color::White => Square::new(sq.index() as u32 - 8 * steps),
            Color::Black => Square::new(sq.index() as u32 + 8 * steps),
        };
        let single = up(movers) - occ;
        // A pawn steps twice when its first step ends on its third rank, or (a pawn set up on
        // its own back rank, as python-chess lets it; chess.js does not) on its second.
        let third = self.double_step_from(us);
        let double = up(single & third) - occ;
        for target in (single & to).into_iter().rev() {
            push(&mut list, back(target, 1), target);
        }
        for target in (double & to).into_iter().rev() {
            list.push(Move::normal(back(target, 2), target));
        }
        list.extend(self.pseudo_legal_en_passant(from, to));
        list
    }

    /// The en passant captures of the pawns on `from` when the en passant square is in `to`,
    /// whether or not they leave the own king attacked (highest capturing square first).
    pub fn pseudo_legal_en_passant(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        list.extend(self.en_passant_captures(from, to));
        list
    }

    /// [`Chess::pseudo_legal_en_passant`] as a list of at most two moves (two pawns at most can
    /// take en passant): small enough to return by value where a full move list is a 2 KiB copy.
    pub fn en_passant_captures(&self, from: Bitboard, to: Bitboard) -> EnPassantCaptures {
        let mut list = EnPassantCaptures::new();
        let Some(ep) = self.ep else { return list };
        if !to.contains(ep) || self.occupied().contains(ep) {
            return list;
        }
        let fifth = match self.turn {
            Color::White => Bitboard::rank(4),
            Color::Black => Bitboard::rank(3),
        };
        let capturers =
            self.pieces(self.turn, Role::Pawn) & from & fifth & pawn_attacks(!self.turn, ep);
        for sq in capturers.into_iter().rev() {
            list.push(Move::en_passant(sq, ep));
        }
        list
    }

    /// The en passant captures of [`Chess::en_passant_captures`] that leave the own king
    /// unattacked (all of them for a side without a king): python-chess's `generate_legal_ep`,
    /// one attack test a capture instead of a generation.
    pub fn legal_en_passant_captures(&self, from: Bitboard, to: Bitboard) -> EnPassantCaptures {
        let mut list = self.en_passant_captures(from, to);
        let Some(king) = self.king(self.turn) else {
            return list;
        };
        list.retain(|mv| self.en_passant_keeps_king_safe(king, mv.from(), mv.to()));
        list
    }

    /// The legal castling moves of the king on `from` with the rooks on `to`.
    pub fn castling_moves(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let kings = self.pieces(self.turn, Role::King) & from;
        if kings.is_empty() || (self.castling & self.by_color(self.turn) & to).is_empty() {
            return MoveList::new();
        }
        let mut list = self.legal_moves_filtered(kings, to | self.castling);
        list.retain(|mv| mv.castling_side().is_some() && to.contains(mv.to()));
        // python-chess's order: the rook on the higher square first.
        list.sort_by_key(|mv| std::cmp::Reverse(mv.to().index()));
        list
    }

    /// Reads UCI text into the move it names here (castling as `e1g1` or king-takes-rook, en
    /// passant by the en passant square), without asking whether it is legal or even possible.
    pub fn parse_uci_unchecked(&self, text: &str) -> Result<Move, crate::MoveError> {
        self.uci_to_move(text)
    }

    /// The legal move from `from` to `to` (python-chess's `find_move`): a pawn reaching the last
    /// rank promotes to `promotion`, a queen when `None`; outside Chess960 the king moving two
    /// squares along its rank or onto its castling rook castles.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let mut promotion = promotion;
        if promotion.is_none()
            && self.pieces(self.turn, Role::Pawn).contains(from)
            && (Bitboard::rank(0) | Bitboard::rank(7)).contains(to)
        {
            promotion = Some(Role::Queen);
        }
        let mv = match promotion {
            Some(role) => Move::promotion(from, to, role),
            None => {
                let text = format!("{from}{to}");
                self.uci_to_move(&text).ok()?
            }
        };
        let mv = match mv.castling_side() {
            // In Chess960 only king-takes-rook castles.
            Some(_) if self.chess960 && mv.to() != to => return None,
            _ => mv,
        };
        self.is_legal(mv).then_some(mv)
    }

    /// Plays the pseudo-legal `mv` as python-chess's `push` does: as [`Chess::play_unchecked`],
    /// and a king captured (the move left it attacked) takes its side's castling rights with it.
    pub fn play_pseudo_legal(&mut self, mv: Move) {
        let king_taken = !mv.is_null() && self.pieces(!self.turn, Role::King).contains(mv.to());
        let them = !self.turn;
        self.play_unchecked(mv);
        if king_taken {
            self.castling &= !Bitboard::backrank(them);
            self.rehash();
        }
    }

    /// Whether `mv` is one of [`Chess::pseudo_legal_moves`].
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        // A plain move is answered from the piece's attacks (a pawn's: its captures and
        // steps, as `pseudo_legal_moves` makes them); promotions, en passant and castling are
        // checked against the generated moves.
        if matches!(mv.kind(), MoveKind::Normal) {
            let us = self.turn;
            let our = self.colors[us.index()];
            let (from, to) = (mv.from(), mv.to());
            if !our.contains(from) || our.contains(to) {
                return false;
            }
            let occupied = self.occupied();
            if !self.roles[Role::Pawn.index()].contains(from) {
                return self.piece_attacks(from, occupied).contains(to);
            }
            // Only a promotion reaches the last rank.
            if Bitboard::backrank(!us).contains(to) {
                return false;
            }
            if pawn_attacks(us, from).contains(to) {
                return self.colors[(!us).index()].contains(to);
            }
            let up = |bb: Bitboard| pawn_push(us, bb);
            let single = up(Bitboard::from_square(from)) - occupied;
            let double = up(single & self.double_step_from(us)) - occupied;
            return (single | double).contains(to);
        }
        self.pseudo_legal_moves(
            Bitboard::from_square(mv.from()),
            Bitboard::from_square(mv.to()),
        )
        .contains(&mv)
    }
}

/// The squares one step ahead of the pawns of `us` on `bb`.
fn pawn_push(us: Color, bb: Bitboard) -> Bitboard {
    match us {
        Color::White => Bitboard(bb.0 << 8),
        Color::Black => Bitboard(bb.0 >> 8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal move is pseudo-legal, and a pseudo-legal move is legal exactly when the
    /// position after it does not leave the mover's king attacked.
    #[test]
    fn legal_moves_are_the_pseudo_legal_moves_that_keep_the_king_safe() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1",
            // En passant: exposing the king along the rank; taking the checking pawn.
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            "8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1",
        ] {
            let pos = Chess::from_fen(fen).unwrap();
            let pseudo = pos.pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL);
            for mv in pos.legal_moves() {
                assert!(pseudo.contains(&mv), "{fen}: legal {mv:?} not pseudo-legal");
            }
            for &mv in &pseudo {
                let mut after = pos;
                after.play_unchecked(mv);
                let king = after.king(pos.turn()).unwrap();
                let safe = !after.is_attacked(king, !pos.turn(), after.occupied());
                assert_eq!(pos.is_legal(mv), safe, "{fen}: {mv:?}");
                assert!(pos.is_pseudo_legal(mv));
            }
            let ep_legal: Vec<Move> = pos
                .en_passant_captures(Bitboard::FULL, Bitboard::FULL)
                .into_iter()
                .filter(|mv| pos.is_legal(*mv))
                .collect();
            let ep_fast = pos.legal_en_passant_captures(Bitboard::FULL, Bitboard::FULL);
            assert_eq!(ep_fast.as_slice(), ep_legal.as_slice(), "{fen}");
            // The plain-move shortcut says no exactly where the generator makes no such move.
            for from in Bitboard::FULL {
                for to in Bitboard::FULL {
                    let mv = Move::normal(from, to);
                    assert_eq!(
                        pos.is_pseudo_legal(mv),
                        pseudo.contains(&mv),
                        "{fen}: {mv:?}"
                    );
                }
            }
        }
    }
}
