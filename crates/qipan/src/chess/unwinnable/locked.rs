//! The proof for locked positions: when every pawn is fixed for ever (it can never move and never
//! be captured), each other piece stays inside the squares it can reach around those pawns, and a
//! side whose pieces can never attack a square the enemy king can reach cannot checkmate.
//!
//! The argument, by induction over any sequence of legal moves (no search):
//!
//! 1. Every pawn stands head-on against another pawn, so it can never step forward while that
//!    pawn stays.
//! 2. The reach of every other piece is computed as a fixpoint with the pawns as the only
//!    obstacles (other pieces are treated as transparent, which only enlarges the reach): a king
//!    steps onto squares no enemy pawn attacks, a knight jumps and a slider slides onto squares
//!    without a pawn.
//! 3. No pawn can ever capture: no enemy piece's reach (nor an enemy pawn) touches a square it
//!    attacks. No pawn can ever be captured: no enemy piece attacks it from any square of its
//!    reach (a king only when the pawn is not protected by a pawn of its own side).
//!
//! Under 1–3 the pawns stay where they are in every position that can follow, so every piece
//! stays inside its reach; a checkmate needs a check, and the winner's pieces (and pawns) attack
//! no square the loser's king can ever stand on. The proof gives up (`false`) whenever one of the
//! conditions fails: it never says "cannot" without them.

use super::super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::super::{Bitboard, Chess, Role, Square};
use crate::Color;

/// What one piece can ever do behind the fixed pawns.
struct Reach {
    /// Squares it can ever stand on (its own square included).
    squares: Bitboard,
    /// Squares it can ever attack from them (pawns block its lines).
    attacks: Bitboard,
}

/// Whether `winner` provably can never checkmate because every pawn is fixed for ever and the
/// winner's pieces can never attack a square the enemy king can reach (see the module's proof).
pub(super) fn locked_cannot_mate(pos: &Chess, winner: Color) -> bool {
    let pawns = pos.by_role(Role::Pawn);
    // An en passant capture would move a pawn this very move; no locked proof then.
    if pawns.is_empty() || pos.ep_square().is_some() {
        return false;
    }
    if !all_pawns_rammed(pos) {
        return false;
    }
    let pawn_attacks_of = |color: Color| -> Bitboard {
        pos.pieces(color, Role::Pawn)
            .into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq))
    };
    let covered_by_pawns = [pawn_attacks_of(Color::White), pawn_attacks_of(Color::Black)];

    let mut stands = [Bitboard::EMPTY; 2];
    let mut checks = [Bitboard::EMPTY; 2];
    let mut captures_pawns = [false; 2];
    let mut king_region = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        let enemy_pawns = pos.pieces(!color, Role::Pawn);
        let enemy_cover = covered_by_pawns[(!color).index()];
        for sq in pos.by_color(color) - pawns {
            let Some(role) = pos.role_at(sq) else {
                continue;
            };
            let reach = piece_reach(role, sq, pawns, enemy_cover);
            stands[color.index()] |= reach.squares;
            if role == Role::King {
                king_region[color.index()] |= reach.squares;
                // A king can take only a pawn that no enemy pawn protects.
                if (reach.attacks & enemy_pawns & !enemy_cover).any() {
                    captures_pawns[color.index()] = true;
                }
            } else {
                checks[color.index()] |= reach.attacks;
                if (reach.attacks & enemy_pawns).any() {
                    captures_pawns[color.index()] = true;
                }
            }
        }
    }
    for color in Color::ALL {
        // A pawn of `color` could capture when an enemy piece ever stands where it attacks.
        let enemy_material = stands[(!color).index()] | pos.pieces(!color, Role::Pawn);
        if (covered_by_pawns[color.index()] & enemy_material).any() {
            return false;
        }
        if captures_pawns[color.index()] {
            return false;
        }
    }
    let winner_checks = checks[winner.index()] | covered_by_pawns[winner.index()];
    (winner_checks & king_region[(!winner).index()]).is_empty()
}

/// Whether there are at least four pawns and at most one of them is not rammed against a pawn (the
/// blocked structures where `outcome()`'s quick check looks for a proof).
pub(super) fn nearly_rammed(pos: &Chess) -> bool {
    let pawns = pos.by_role(Role::Pawn);
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    let free_white = (white << 8) & !pawns.0;
    let free_black = (black >> 8) & !pawns.0;
    pawns.count() >= 4 && (free_white.count_ones() + free_black.count_ones()) == 0
}

/// Whether every pawn has a pawn (of either side) on the square in front of it.
fn all_pawns_rammed(pos: &Chess) -> bool {
    let pawns = pos.by_role(Role::Pawn);
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    // Pawns never stand on the first or last rank, so the shifts lose no pawn.
    (white << 8) & !pawns.0 == 0 && (black >> 8) & !pawns.0 == 0
}

/// The squares a piece of `role` on `from` can ever reach with the pawns `fixed` as the only
/// obstacles, and the squares it attacks from them. A king avoids `enemy_cover`, the squares enemy
/// pawns attack.
fn piece_reach(role: Role, from: Square, fixed: Bitboard, enemy_cover: Bitboard) -> Reach {
    let free = !fixed;
    let step = |sq: Square| -> Bitboard {
        match role {
            Role::King => king_attacks(sq),
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, fixed),
            Role::Rook => rook_attacks(sq, fixed),
            Role::Queen => queen_attacks(sq, fixed),
            Role::Pawn => Bitboard::EMPTY,
        }
    };
    let allowed = if role == Role::King {
        free & !enemy_cover
    } else {
        free
    };
    let mut squares = Bitboard::from_square(from);
    let mut frontier = squares;
    let mut attacks = Bitboard::EMPTY;
    // At most 64 squares join, so the loop ends; each square is expanded once.
    while let Some(sq) = frontier.first() {
        frontier.remove(sq);
        let targets = step(sq);
        attacks |= targets;
        let new = targets & allowed & !squares;
        squares |= new;
        frontier |= new;
    }
    Reach { squares, attacks }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        Chess::from_fen_strict(fen).unwrap()
    }

    #[test]
    fn pawn_wall_with_kings_only_is_locked_for_both() {
        // lichess issue 4514: the kings cannot pass the wall and no pawn can move.
        let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1");
        assert!(locked_cannot_mate(&p, Color::White));
        assert!(locked_cannot_mate(&p, Color::Black));
    }

    #[test]
    fn a_gap_in_the_wall_is_not_locked() {
        // Without the g-pawns the kings walk through the g- and h-files and take pawns.
        let p = pos("4k3/8/8/p2p4/P2P4/8/8/4K3 w - - 0 1");
        assert!(!locked_cannot_mate(&p, Color::White));
    }

    #[test]
    fn a_free_pawn_is_not_locked() {
        let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/7P/4K3 w - - 0 1");
        assert!(!locked_cannot_mate(&p, Color::White));
    }

    #[test]
    fn a_rook_slides_through_an_open_file() {
        // The kings cannot pass, but the rook reaches the b-file and attacks the a5 pawn.
        let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/8/R3K3 w - - 0 1");
        assert!(!locked_cannot_mate(&p, Color::White));
    }

    #[test]
    fn a_rook_behind_a_full_wall_can_be_sacrificed_to_a_pawn() {
        // Ra3 bxa3 frees the b3 pawn and the a3 pawn: nothing is locked.
        let p = pos("4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/R3K3 w - - 0 1");
        assert!(!locked_cannot_mate(&p, Color::White));
    }

    #[test]
    fn a_light_bishop_behind_a_full_wall_is_locked_in() {
        // The pawn-attacked squares of rank 3 are dark, the light ones hold white pawns.
        let p = pos("4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4KB2 w - - 0 1");
        assert!(locked_cannot_mate(&p, Color::White));
        assert!(locked_cannot_mate(&p, Color::Black));
    }
}
