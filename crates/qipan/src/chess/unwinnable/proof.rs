//! Proving that a side cannot checkmate: the static material test, the semi-static proof, and a
//! small exhaustive look-ahead that follows forced moves (positions with a single legal move) for
//! free and branches into every legal move of a few narrow positions.
//!
//! Every "cannot" here is a proof over all continuations: a position is unwinnable for the winner
//! when the game is over without the winner's mate, when a sound test says so, or when every legal
//! move leads to an unwinnable position. Running out of nodes or depth gives "not proven", never
//! "cannot".

use super::super::Chess;
use super::semistatic::semistatic_cannot_mate;
use super::Budget;
use crate::Color;

/// At most this many legal moves in a position the look-ahead branches into (a forced position,
/// with one, always continues).
const MAX_BRANCHING: usize = 8;

/// At most this many plies deep (forced ones included): a cycle of forced moves must end, and the
/// recursion must fit a small stack (wasm, Python threads).
const MAX_PLIES: u32 = 96;

/// Whether `winner` provably cannot checkmate from `pos` by any sequence of legal moves, looking
/// ahead at most `depth` branching positions (forced moves are free) within `budget`.
pub(super) fn cannot_mate(pos: &Chess, winner: Color, depth: u32, budget: &mut Budget) -> bool {
    cannot_mate_within(pos, winner, depth, 0, budget)
}

fn cannot_mate_within(
    pos: &Chess,
    winner: Color,
    depth: u32,
    ply: u32,
    budget: &mut Budget,
) -> bool {
    if ply >= MAX_PLIES || !budget.spend() {
        return false;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        // Checkmate or stalemate ends the game: only the loser's mate is the winner's.
        return !(pos.is_check() && pos.turn() != winner);
    }
    if pos.has_insufficient_material(winner) || semistatic_cannot_mate(pos, winner) {
        return true;
    }
    let forced = moves.len() == 1;
    if !forced && (depth == 0 || moves.len() > MAX_BRANCHING) {
        return false;
    }
    let next_depth = if forced { depth } else { depth - 1 };
    moves.into_iter().all(|mv| {
        let mut child = *pos;
        child.play_unchecked(mv);
        cannot_mate_within(&child, winner, next_depth, ply + 1, budget)
    })
}
