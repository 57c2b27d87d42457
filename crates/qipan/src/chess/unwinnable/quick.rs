//! The dead-position check every `outcome()` runs. It must cost next to nothing on the positions
//! of ordinary games, so it never searches: it looks only where the dead positions of real games
//! are, through bitboard tests first, and proves "dead" only by the static proofs.
//!
//! * **Locked structures.** At least four pawns, all rammed against a pawn but at most two that
//!   can still step, none with an open file in front of it, and no rook or queen: the semi-static
//!   proof for both colours at once ([`semistatic_dead`]), which gives up as soon as one side may
//!   promote. When the side to move is in check by a pawn (the one obstacle a
//!   single move removes: the king steps off the pawn's diagonal or takes it), every legal move is
//!   tried and each position it leads to must be proven (or be a stalemate, or leave too little
//!   material).
//! * **Forced moves.** A position with a single legal move is as dead as the position that move
//!   leads to: forced moves are followed (at most [`QUICK_NODES`] of them) while they last, and
//!   the chain ends in a dead position when it reaches a stalemate, too little material for both
//!   sides, or a locked structure proven as above. A forced move is only played when a bitboard
//!   test allows one of these ends one move later ([`may_end_dead_in_one_move`]).
//!
//! It only ever answers "dead" or "not proven"; every "dead" is one of the proofs of
//! [`Chess::is_dead_position`], so the two never disagree on a "dead".

use super::super::{Chess, Role};
use super::semistatic::{
    blocked_candidate, free_pawns, pawns_on_open_files, semistatic_cannot_mate, semistatic_dead,
    MAX_FREE_PAWNS, MIN_PAWNS,
};
use super::QUICK_NODES;
use crate::Color;

/// The most legal moves of a position in check by a pawn that the check branches into.
const QUICK_BRANCHING: usize = 8;

/// Whether `pos` (not checkmate, not stalemate, with `legal_moves` legal moves) is proven dead
/// by the quick check.
pub(super) fn dead(pos: &Chess, legal_moves: usize) -> bool {
    let mut pos = *pos;
    let mut legal_moves = legal_moves;
    for _ in 0..QUICK_NODES {
        if locked_candidate(&pos) {
            return locked_dead(&pos, legal_moves);
        }
        if legal_moves != 1 || !may_end_dead_in_one_move(&pos) {
            return false;
        }
        let Some(&only) = pos.legal_moves().first() else {
            return false;
        };
        pos.play_unchecked(only);
        legal_moves = pos.count_legal_moves();
        if legal_moves == 0 {
            // Checkmate ends the game with a win; stalemate with a draw, nobody mated.
            return !pos.is_check();
        }
        if pos.is_insufficient_material() {
            return true;
        }
    }
    false
}

/// A necessary condition, by bitboards, for the position after one move to be insufficient
/// material for both sides or a locked candidate, tested before a forced move is played (forced
/// moves are common in long games, playing one is not free). Insufficient material afterwards
/// needs no pawn, rook or queen left, and a move removes or promotes at most one. A locked
/// candidate afterwards needs four pawns, and one move fixes at most two pawns that are free
/// now (a push that rams an enemy pawn fixes both; a pawn's capture removes one free pawn and
/// may ram the capturer).
fn may_end_dead_in_one_move(pos: &Chess) -> bool {
    let heavy = pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    heavy.count() <= 1
        || (pos.by_role(Role::Pawn).count() >= MIN_PAWNS && free_pawns(pos) <= MAX_FREE_PAWNS + 2)
}

/// The bitboard test before any proof: the semi-static proof's own ([`blocked_candidate`]: at
/// least four pawns, all but at most two of them rammed against a pawn; a pawn that can still
/// step behind a wall is common in dead walls, 13 of the labelled set's 498 dead positions were
/// left to the full analysis for that alone), no pawn on an open file (it would promote), and no
/// rook or queen (the dead walls of real games hold kings and minor pieces; a rook or a queen
/// beside a wall almost always gets through, and the fixpoint would cost `outcome()` its
/// microseconds on the long games where such walls form).
fn locked_candidate(pos: &Chess) -> bool {
    (pos.by_role(Role::Rook) | pos.by_role(Role::Queen)).is_empty()
        && blocked_candidate(pos)
        && pawns_on_open_files(pos).is_empty()
}

/// Whether a locked candidate is proven dead: by the semi-static proof for both colours, or in
/// check by a pawn with every legal move leading to a proven position.
fn locked_dead(pos: &Chess, legal_moves: usize) -> bool {
    if semistatic_dead(pos) {
        return true;
    }
    let pawn_check = (pos.checkers() & pos.by_role(Role::Pawn)).any();
    if !pawn_check || legal_moves > QUICK_BRANCHING {
        return false;
    }
    let proven = Color::ALL.map(|color| semistatic_cannot_mate(pos, color));
    pos.legal_moves().into_iter().all(|mv| {
        let mut child = *pos;
        child.play_unchecked(mv);
        if !child.has_legal_moves() {
            return !child.is_check();
        }
        Color::ALL.into_iter().all(|color| {
            proven[color.index()]
                || child.has_insufficient_material(color)
                || semistatic_cannot_mate(&child, color)
        })
    })
}
