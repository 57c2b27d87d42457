//! A fast, greedy first try at a mating line: both sides walk towards a mating picture (the
//! loser's king to a corner, the winner's pieces and king next to it, the winner's pawns to
//! promotion), one move at a time. Every winner's step sees a mating move among the moves it
//! tries; a loser's step, once its king has at most three free squares, tries each loser move
//! around the king with every winner reply. Most positions with mating material get their line
//! here in a few thousand nodes; the iterative-deepening search takes over when this fails.

use std::collections::HashSet;

use super::super::attacks::king_attacks;
use super::super::{Bitboard, Chess, Move, Role, Square};
use super::Budget;
use crate::Color;

/// Moves of one greedy walk at most.
const MAX_STEPS: usize = 160;

/// How the loser's king is steered.
#[derive(Clone, Copy)]
enum Target {
    /// To the nearest corner.
    Corner,
    /// Towards the winner's pieces (when they cannot come to it).
    WinnerPieces,
}

/// Tries greedy walks; the line of the first that ends in the winner's checkmate.
pub(super) fn greedy_mate(pos: &Chess, winner: Color, budget: &mut Budget) -> Option<Vec<Move>> {
    // Plain walks first; then one that also counts the loser king's free flight squares (the
    // minor-piece mates need every one taken, which the plain walk rarely arranges).
    for (target, flight_weight) in [
        (Target::Corner, 0),
        (Target::WinnerPieces, 0),
        (Target::Corner, 4),
        (Target::WinnerPieces, 4),
    ] {
        if let Some(line) = walk(pos, winner, target, flight_weight, budget) {
            return Some(line);
        }
    }
    None
}

fn walk(
    start: &Chess,
    winner: Color,
    target: Target,
    flight_weight: i32,
    budget: &mut Budget,
) -> Option<Vec<Move>> {
    let mut pos = *start;
    let mut line = Vec::new();
    let mut seen = HashSet::new();
    seen.insert(pos.zobrist());
    for _ in 0..MAX_STEPS {
        let winner_moves = pos.turn() == winner;
        // The winner's mate is seen among the children below; a loser's move that allows a mate
        // is looked for only when its king has few free squares left (the look costs a move
        // generation per loser move).
        if !winner_moves && free_flight_squares(&pos, winner) <= 3 {
            if let Some(finish) = mate_after_loser_move(&pos, winner, budget) {
                line.extend(finish);
                return Some(line);
            }
        }
        let mut best: Option<(i32, Move, Chess)> = None;
        for mv in pos.legal_moves() {
            if !budget.spend() {
                return None;
            }
            let mut child = pos;
            child.play_unchecked(mv);
            if winner_moves && child.is_check() && !child.has_legal_moves() {
                line.push(mv);
                return Some(line);
            }
            if seen.contains(&child.zobrist()) || child.has_insufficient_material(winner) {
                continue;
            }
            let cost = distance_to_mate(&child, winner, target, flight_weight);
            if best.as_ref().map_or(true, |(c, _, _)| cost < *c) {
                best = Some((cost, mv, child));
            }
        }
        let (_, mv, child) = best?;
        line.push(mv);
        pos = child;
        seen.insert(pos.zobrist());
    }
    None
}

/// The squares next to the loser's king that hold no loser piece and that no winner piece attacks.
fn free_flight_squares(pos: &Chess, winner: Color) -> u32 {
    let Some(king) = pos.king_of(!winner) else {
        return 0;
    };
    let occupied = pos.occupied();
    (king_attacks(king) - pos.by_color(!winner))
        .into_iter()
        .filter(|&sq| pos.attackers_to(sq, winner, occupied).is_empty())
        .count() as u32
}

/// A mate by the winner right after a loser's move: the loser's move and the winner's mating
/// move (called with the loser to move).
fn mate_after_loser_move(pos: &Chess, winner: Color, budget: &mut Budget) -> Option<Vec<Move>> {
    // Only the loser's king moves and the moves next to its king (taking a flight square) are
    // tried: the rest are left to the walk, which keeps a loser's step cheap.
    let king = pos.king_of(!winner)?;
    let near_king = king_attacks(king).with(king);
    for mv in pos.legal_moves() {
        if !near_king.contains(mv.to()) && mv.from() != king {
            continue;
        }
        if !budget.spend() {
            return None;
        }
        let mut child = *pos;
        child.play_unchecked(mv);
        if let Some(mate) = mating_move(&child, budget) {
            return Some(vec![mv, mate]);
        }
    }
    None
}

/// A move of the side to move that checkmates.
fn mating_move(pos: &Chess, budget: &mut Budget) -> Option<Move> {
    for mv in pos.legal_moves() {
        if !budget.spend() {
            return None;
        }
        let mut child = *pos;
        child.play_unchecked(mv);
        if child.is_check() && !child.has_legal_moves() {
            return Some(mv);
        }
    }
    None
}

/// A rough count of what is still missing for the winner's mate (lower is closer).
fn distance_to_mate(pos: &Chess, winner: Color, target: Target, flight_weight: i32) -> i32 {
    let (Some(loser_king), Some(winner_king)) = (pos.king_of(!winner), pos.king_of(winner)) else {
        return i32::MAX;
    };
    let winner_pieces = pos.by_color(winner) - pos.by_role(Role::King) - pos.by_role(Role::Pawn);
    let mut cost = 0;
    cost += match target {
        Target::Corner => mating_corner_distance(pos, winner, loser_king) * 6,
        Target::WinnerPieces => {
            let nearest = (winner_pieces | Bitboard::from_square(winner_king))
                .into_iter()
                .map(|sq| distance(sq, loser_king))
                .min()
                .unwrap_or(0);
            nearest * 6
        }
    };
    // The winner's king as a helper two squares away, its pieces close by.
    cost += (distance(winner_king, loser_king) - 2).abs() * 2;
    for sq in winner_pieces {
        cost += distance(sq, loser_king) * 2;
        cost -= 20 * value(pos.role_at(sq));
    }
    // Without pieces the winner needs a promotion.
    for sq in pos.pieces(winner, Role::Pawn) {
        cost += (7 - sq.relative_rank(winner) as i32) * 3 - 5;
    }
    // Every square the loser's king could flee to must be taken before a check mates.
    if flight_weight > 0 {
        let occupied = pos.occupied();
        for sq in king_attacks(loser_king) - pos.by_color(!winner) {
            if pos.attackers_to(sq, winner, occupied).is_empty() {
                cost += flight_weight;
            }
        }
    }
    // The loser's pieces near their own king take its flight squares.
    for sq in pos.by_color(!winner) - pos.by_role(Role::King) {
        cost += distance(sq, loser_king);
    }
    cost
}

/// A material weight of the winner's pieces (keeping them is worth more than approaching).
fn value(role: Option<Role>) -> i32 {
    match role {
        Some(Role::Queen) => 9,
        Some(Role::Rook) => 5,
        Some(Role::Bishop | Role::Knight) => 3,
        _ => 1,
    }
}

/// The king distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// Moves of the loser's king on `sq` to the nearest corner where the winner can mate: when the
/// winner's only pieces are bishops of one colour, a corner of that colour (a bishop never
/// attacks the other two).
fn mating_corner_distance(pos: &Chess, winner: Color, sq: Square) -> i32 {
    let pieces = pos.by_color(winner) - pos.by_role(Role::King) - pos.by_role(Role::Pawn);
    let bishops = pieces & pos.by_role(Role::Bishop);
    let light_only = bishops == pieces && bishops.any() && (bishops & Bitboard::DARK).is_empty();
    let dark_only = bishops == pieces && bishops.any() && (bishops & Bitboard::LIGHT).is_empty();
    if !light_only && !dark_only {
        return corner_distance(sq);
    }
    [Square::A1, Square::H1, Square::A8, Square::H8]
        .into_iter()
        .filter(|corner| corner.is_light() == light_only)
        .map(|corner| distance(sq, corner))
        .min()
        .unwrap_or(0)
}

/// Moves of a king from `sq` to the nearest corner.
fn corner_distance(sq: Square) -> i32 {
    let file = sq.file() as i32;
    let rank = sq.rank() as i32;
    file.min(7 - file).max(rank.min(7 - rank))
}
