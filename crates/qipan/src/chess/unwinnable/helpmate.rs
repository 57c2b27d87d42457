//! The cooperative ("helpmate") search: both sides play for the intended winner's checkmate.
//!
//! Iterative deepening over the number of plies, a table of positions already searched without
//! success (and how deep), and mate-directed move ordering: the loser's king heads for a corner
//! and an edge, the loser's other pieces crowd around their own king (to take its flight squares)
//! and avoid capturing, the winner's pieces close in on the loser's king, and pawns promote to a
//! queen first, then a knight. A line found here is a real sequence of legal moves: finding one
//! proves that the winner can still checkmate. Not finding one within the bound proves nothing.

use std::collections::HashMap;

use arrayvec::ArrayVec;

use super::super::{Chess, Move, Role, Square};
use super::Budget;
use crate::Color;

/// Entries of the failure table before it is cleared (bounds the memory of one analysis).
const MAX_TABLE_ENTRIES: usize = 1 << 20;

/// Searches for a line of at most `max_plies` plies that ends in `winner`'s checkmate.
pub(super) fn find_helpmate(
    pos: &Chess,
    winner: Color,
    max_plies: u32,
    budget: &mut Budget,
) -> Option<Vec<Move>> {
    // Narrow passes first: only the few best-ordered moves of every position, which reach the
    // long but straightforward mates quickly; then every move, which finds the short tricky ones.
    // The narrow pass may spend half of what is left.
    for (beam, share) in [(3, 2), (usize::MAX, 1)] {
        let mut pass_budget = Budget::new((budget.limit - budget.used) / share);
        let mut search = Search {
            winner,
            beam,
            failed: HashMap::new(),
            line: Vec::new(),
        };
        // The winner's mating move is the last ply, so the length's parity is fixed by the turn.
        let mut plies = if pos.turn() == winner { 1 } else { 2 };
        let mut found = false;
        while plies <= max_plies && !pass_budget.exhausted() {
            if search.search(pos, plies, &mut pass_budget) {
                found = true;
                break;
            }
            plies += 2;
        }
        budget.used += pass_budget.used;
        if found {
            search.line.reverse();
            return Some(search.line);
        }
    }
    None
}

struct Search {
    winner: Color,
    /// The number of best-ordered moves tried in a position (the winner's mating moves and the
    /// last ply are always tried in full).
    beam: usize,
    /// Zobrist key → the most plies searched from there without finding a mate.
    failed: HashMap<u64, u32>,
    /// The moves of the line found, last move first.
    line: Vec<Move>,
}

impl Search {
    fn search(&mut self, pos: &Chess, plies_left: u32, budget: &mut Budget) -> bool {
        let mover = pos.turn();
        let winner_moves = mover == self.winner;
        let mut ordered: ArrayVec<(i32, Move), 256> = pos
            .legal_moves()
            .into_iter()
            .map(|mv| (-self.score(pos, mv), mv))
            .collect();
        // A stable sort on the score alone keeps the order deterministic.
        ordered.sort_by_key(|&(score, _)| score);
        let width = if plies_left <= 1 {
            usize::MAX
        } else {
            self.beam
        };
        for &(_, mv) in ordered.iter().take(width) {
            if !budget.spend() {
                return false;
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            if winner_moves && child.is_check() && !child.has_legal_moves() {
                self.line.push(mv);
                return true;
            }
            if plies_left <= 1 || child.has_insufficient_material(self.winner) {
                continue;
            }
            let key = child.zobrist();
            if self.failed.get(&key).is_some_and(|&p| p >= plies_left - 1) {
                continue;
            }
            if self.search(&child, plies_left - 1, budget) {
                self.line.push(mv);
                return true;
            }
            if self.failed.len() >= MAX_TABLE_ENTRIES {
                self.failed.clear();
            }
            self.failed.insert(key, plies_left - 1);
        }
        false
    }

    /// How promising `mv` is for a mate by the winner (higher first).
    fn score(&self, pos: &Chess, mv: Move) -> i32 {
        let mover = pos.turn();
        let Some(loser_king) = pos.king_of(!self.winner) else {
            return 0;
        };
        let role = pos.role_at(mv.from()).unwrap_or(Role::Pawn);
        let to = if mv.is_castle() {
            mv.king_to()
        } else {
            mv.to()
        };
        let captures = pos.by_color(!mover).contains(mv.to()) && !mv.is_castle();
        let promotion = match mv.promotion_role() {
            Some(Role::Queen) => 60,
            Some(Role::Knight) => 40,
            Some(Role::Rook) => 20,
            Some(_) => 10,
            None => 0,
        };
        if mover == self.winner {
            let approach = distance(mv.from(), loser_king) - distance(to, loser_king);
            let weight = if role == Role::King { 2 } else { 4 };
            promotion + approach * weight + i32::from(captures) * 3 + i32::from(role == Role::Pawn)
        } else if role == Role::King {
            (corner_distance(mv.from()) - corner_distance(to)) * 3
                + (edge_distance(mv.from()) - edge_distance(to)) * 2
                - i32::from(captures) * 10
        } else {
            // Loser: crowd the own king (taking its flight squares), promote to a blocker
            // (a knight or a bishop rarely gives check), and keep the winner's material.
            let approach = distance(mv.from(), loser_king) - distance(to, loser_king);
            let crowd = approach * 3 + if distance(to, loser_king) <= 1 { 6 } else { 0 };
            let blocker = match mv.promotion_role() {
                Some(Role::Knight | Role::Bishop) => 8,
                Some(_) => 2,
                None => 0,
            };
            crowd + blocker - i32::from(captures) * 10 + i32::from(role == Role::Pawn)
        }
    }
}

/// The king distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// Moves of a king from `sq` to the nearest edge.
fn edge_distance(sq: Square) -> i32 {
    let file = sq.file() as i32;
    let rank = sq.rank() as i32;
    file.min(7 - file).min(rank).min(7 - rank)
}

/// Moves of a king from `sq` to the nearest corner.
fn corner_distance(sq: Square) -> i32 {
    let file = sq.file() as i32;
    let rank = sq.rank() as i32;
    file.min(7 - file).max(rank.min(7 - rank))
}
