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
//! no square the loser's king can ever stand on. When they can, but the winner's only pieces are
//! bishops of one square colour, the mate-pattern test ([`bishops_never_mate`]) may still show
//! that the king always keeps a flight square of the other colour: one that no loser's piece can
//! ever fill, or more of them than the loser has pieces to fill them. The proof gives up (`false`)
//! whenever one of the conditions fails: it never says "cannot" without them.

use super::super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::super::{Bitboard, Chess, Role, Square};
use crate::Color;
use arrayvec::ArrayVec;

/// What one piece can ever do behind the fixed pawns.
#[derive(Clone, Copy)]
struct Reach {
    /// Squares it can ever stand on (its own square included).
    squares: Bitboard,
    /// Squares it can ever attack from them (pawns block its lines).
    attacks: Bitboard,
}

/// Whether `winner` provably can never checkmate because every pawn is fixed for ever and the
/// winner's pieces can never attack a square the enemy king can reach (see the module's proof).
pub(super) fn locked_cannot_mate(pos: &Chess, winner: Color) -> bool {
    locked_verdicts(pos)[winner.index()]
}

/// [`locked_cannot_mate`] for both winners at once (indexed by the winner's colour), sharing the
/// reach of every piece. Gives up (`[false, false]`) at the first sign that a pawn may move, so a
/// position that is not locked costs little.
pub(super) fn locked_verdicts(pos: &Chess) -> [bool; 2] {
    const NOT_LOCKED: [bool; 2] = [false, false];
    let pawns = pos.by_role(Role::Pawn);
    // An en passant capture would move a pawn this very move; no locked proof then.
    if pawns.is_empty() || pos.ep_square().is_some() || !all_pawns_rammed(pos) {
        return NOT_LOCKED;
    }
    let pawn_attacks_of = |color: Color| -> Bitboard {
        pos.pieces(color, Role::Pawn)
            .into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq))
    };
    let covered_by_pawns = [pawn_attacks_of(Color::White), pawn_attacks_of(Color::Black)];
    // Every unit's reach holds its own square: a pawn that attacks an enemy unit now (a pawn, a
    // piece, the king in check) can capture, and nothing is locked. Tested first: it is free.
    for color in Color::ALL {
        if (covered_by_pawns[color.index()] & pos.by_color(!color)).any() {
            return NOT_LOCKED;
        }
    }

    // Per colour: squares its non-king pieces can ever attack, stand on, and its king's reach.
    let mut checks = [Bitboard::EMPTY; 2];
    let mut piece_stands = [Bitboard::EMPTY; 2];
    // Each non-king piece's reach, per colour (at most 15 a side).
    let mut piece_reaches: [ArrayVec<Bitboard, 16>; 2] = [ArrayVec::new(), ArrayVec::new()];
    let mut king = [Reach {
        squares: Bitboard::EMPTY,
        attacks: Bitboard::EMPTY,
    }; 2];
    for color in Color::ALL {
        let enemy_pawns = pos.pieces(!color, Role::Pawn);
        let enemy_cover = covered_by_pawns[(!color).index()];
        for sq in pos.by_color(color) - pawns {
            let Some(role) = pos.role_at(sq) else {
                continue;
            };
            // A king can take only a pawn that no enemy pawn protects; a piece takes any pawn
            // it attacks, and is taken by a pawn wherever one attacks it.
            let (no_attack, no_stand) = if role == Role::King {
                (enemy_pawns & !enemy_cover, Bitboard::EMPTY)
            } else {
                (enemy_pawns, enemy_cover)
            };
            let Some(reach) = piece_reach(role, sq, pawns, enemy_cover, no_attack, no_stand) else {
                return NOT_LOCKED;
            };
            if role == Role::King {
                king[color.index()] = reach;
            } else {
                checks[color.index()] |= reach.attacks;
                piece_stands[color.index()] |= reach.squares;
                // A side has at most 15 non-king pieces on a legal board; more: no proof.
                if piece_reaches[color.index()]
                    .try_push(reach.squares)
                    .is_err()
                {
                    return NOT_LOCKED;
                }
            }
        }
    }
    // The pieces never stand where an enemy pawn attacks (tested in `piece_reach`), and a king
    // never steps there: no pawn can ever capture, none can ever be captured.
    let mut verdicts = NOT_LOCKED;
    for winner in Color::ALL {
        let (w, l) = (winner.index(), (!winner).index());
        let winner_checks = checks[w] | covered_by_pawns[w];
        verdicts[w] = (winner_checks & king[l].squares).is_empty()
            || bishops_never_mate(
                pos,
                winner,
                checks[w] & king[l].squares,
                pawns | covered_by_pawns[w] | king[w].attacks,
                &piece_reaches[l],
            );
    }
    verdicts
}

/// The mate-pattern test for a winner whose only pieces are bishops of one square colour (its
/// pawns are fixed): a mate needs the loser's king on a square `m` a bishop checks (a fixed pawn
/// never checks it: the king never steps onto a square a pawn attacks). Bishops of the checking
/// colour never attack a square of the other colour, and a slider's line through `m` stays on
/// `m`'s colour, so every neighbour of `m` of the other colour that is not `covered` for ever (a
/// pawn's square, attacked by a winner's pawn or ever by the winner's king) must be filled by a
/// loser's piece for the king to have no flight — one piece a square. `m` is no mate when some
/// such neighbour can be reached by no loser's piece (`loser_reaches`: each piece's reach), or
/// when there are more such neighbours than loser's pieces that can reach any of them (the
/// pattern needs more blockers than the loser has). When no `m` can be a mate, the winner never
/// mates.
fn bishops_never_mate(
    pos: &Chess,
    winner: Color,
    checked: Bitboard,
    covered: Bitboard,
    loser_reaches: &[Bitboard],
) -> bool {
    let pieces = pos.by_color(winner) - pos.by_role(Role::Pawn) - pos.by_role(Role::King);
    let bishops = pos.pieces(winner, Role::Bishop);
    if pieces != bishops {
        return false;
    }
    let other_colour = if (bishops & Bitboard::DARK).is_empty() {
        Bitboard::DARK
    } else if (bishops & Bitboard::LIGHT).is_empty() {
        Bitboard::LIGHT
    } else {
        return false;
    };
    let open = other_colour & !covered;
    checked.into_iter().all(|m| {
        let flights = king_attacks(m) & open;
        let unfillable = flights
            .into_iter()
            .any(|sq| loser_reaches.iter().all(|reach| !reach.contains(sq)));
        let fillers = loser_reaches
            .iter()
            .filter(|&&reach| (reach & flights).any())
            .count();
        unfillable || flights.count() as usize > fillers
    })
}

/// How many pawns have no pawn (of either side) on the square in front of them.
pub(super) fn free_pawns(pos: &Chess) -> u32 {
    let pawns = pos.by_role(Role::Pawn);
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    ((white << 8) & !pawns.0).count_ones() + ((black >> 8) & !pawns.0).count_ones()
}

/// Whether every pawn has a pawn (of either side) on the square in front of it.
pub(super) fn all_pawns_rammed(pos: &Chess) -> bool {
    let pawns = pos.by_role(Role::Pawn);
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    // Pawns never stand on the first or last rank, so the shifts lose no pawn.
    (white << 8) & !pawns.0 == 0 && (black >> 8) & !pawns.0 == 0
}

/// The squares a piece of `role` on `from` can ever reach with the pawns `fixed` as the only
/// obstacles, and the squares it attacks from them. A king avoids `enemy_cover`, the squares enemy
/// pawns attack. `None` as soon as it can attack a square of `no_attack` or stand on one of
/// `no_stand` (the proof is lost; the rest of the reach is not needed).
fn piece_reach(
    role: Role,
    from: Square,
    fixed: Bitboard,
    enemy_cover: Bitboard,
    no_attack: Bitboard,
    no_stand: Bitboard,
) -> Option<Reach> {
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
        if (targets & no_attack).any() || (new & no_stand).any() {
            return None;
        }
        squares |= new;
        frontier |= new;
    }
    Some(Reach { squares, attacks })
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

    #[test]
    fn a_bishop_of_one_colour_that_checks_never_mates_a_king_with_flights_of_the_other() {
        // The bishop reaches Black's half and checks on light squares, but every light square of
        // Black's king region has a dark neighbour no white unit can ever cover or fill.
        let p = pos("4k3/1B6/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1");
        assert!(locked_cannot_mate(&p, Color::White));
        assert!(locked_cannot_mate(&p, Color::Black));
    }

    #[test]
    fn a_bishop_mate_that_needs_more_blockers_than_the_loser_has_never_happens() {
        // White's bishops check on one colour only; every checking square Black's king can stand
        // on has more open flight squares of the other colour than Black has pieces to fill them
        // (from positions of the labelled set's kind wall-bishop, after White's king stepped out
        // of a pawn's check; chasolver says White cannot win there).
        for fen in [
            "8/B7/2p3b1/1pPp1k1p/pP1Pp1pP/P1B1PpP1/3K1P2/8 b - - 0 1",
            "4B3/8/5k1p/p1b3pP/Pp1p1pP1/1PpPpP2/2P1P1Kb/8 w - - 0 1",
            "3b4/4k3/6B1/4p3/1p1pPp1p/pPpP1P1P/P1P5/3K4 b - - 0 1",
        ] {
            assert!(locked_cannot_mate(&pos(fen), Color::White), "{fen}");
        }
    }

    /// Every locked proof, for each colour of every position of the labelled set, agrees with
    /// the set's label (chasolver's verdict): the proof never says "cannot" to a side that can win.
    #[test]
    fn locked_proofs_agree_with_the_labelled_set() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/chess-unwinnable-labelled.epd"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut proofs = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let label = fields[1].strip_prefix("can_win ").unwrap();
            let p: Chess = fields[0].parse().unwrap();
            for (color, name) in [(Color::White, "white"), (Color::Black, "black")] {
                if locked_cannot_mate(&p, color) {
                    proofs += 1;
                    assert!(
                        label != "both" && label != name,
                        "{line}: locked proof says {name} cannot win"
                    );
                }
            }
        }
        assert!(proofs >= 300, "{proofs} locked proofs");
    }
}
