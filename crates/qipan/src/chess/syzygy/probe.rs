//! The probing algorithm: the tables store positions where the side to move has no winning
//! capture to resolve and no en passant right, so a probe searches captures first (alpha-beta
//! over captures only), treats en passant apart, and turns the stored DTZ (which may hold only
//! one side to move) into the position's DTZ with a one-ply search when needed.
//!
//! This is the published algorithm of the format's author (as in Fathom's tbprobe.c, MIT; the
//! notice is in encode.rs), in the variant python-chess follows.

use super::table::{Raw, TableKind};
use super::{Material, SyzygyError, Tablebase};
use crate::chess::{Bitboard, Chess, Move, Role};

/// DTZ of a position whose best move zeroes the counter, by its WDL value (index `wdl + 2`).
pub(crate) const WDL_TO_DTZ: [i32; 5] = [-1, -101, 0, 101, 1];

fn after(pos: &Chess, mv: Move) -> Chess {
    let mut next = *pos;
    next.play_unchecked(mv);
    next
}

/// The legal captures other than en passant (promotions that capture included).
fn captures(pos: &Chess) -> impl Iterator<Item = Move> {
    pos.legal_moves_filtered(Bitboard::FULL, pos.by_color(!pos.turn()))
        .into_iter()
}

/// The legal en passant captures.
fn ep_captures(pos: &Chess) -> Vec<Move> {
    match pos.ep_square() {
        None => Vec::new(),
        Some(ep) => pos
            .legal_moves_filtered(
                pos.pieces(pos.turn(), Role::Pawn),
                Bitboard::from_square(ep),
            )
            .into_iter()
            .filter(|m| m.is_en_passant())
            .collect(),
    }
}

/// Whether every legal move is an en passant capture (so a losing one must be played).
fn only_ep_moves(pos: &Chess) -> bool {
    pos.legal_moves().iter().all(|m| m.is_en_passant())
}

impl Tablebase {
    /// The raw WDL value stored for `pos` (no captures resolved).
    fn wdl_table(&self, pos: &Chess) -> Result<i32, SyzygyError> {
        let material = Material::of(pos);
        if pos.occupied() == pos.by_role(Role::King) {
            return Ok(0);
        }
        let (table_material, flip) = material.normalized();
        let table = self.table(&table_material, TableKind::Wdl)?;
        match table.probe(pos, flip, 0) {
            Ok(Raw::Value(v)) => Ok(v),
            Ok(Raw::OtherSide) => Ok(0),
            Err(c) => Err(SyzygyError::BadTable {
                name: table_material.name(),
                kind: TableKind::Wdl,
                reason: c.0,
            }),
        }
    }

    /// The raw DTZ value stored for `pos` with WDL value `wdl`, or `None` when the table holds
    /// only the other side to move.
    fn dtz_table(&self, pos: &Chess, wdl: i32) -> Result<Option<i32>, SyzygyError> {
        let (table_material, flip) = Material::of(pos).normalized();
        let table = self.table(&table_material, TableKind::Dtz)?;
        match table.probe(pos, flip, wdl) {
            Ok(Raw::Value(v)) => Ok(Some(v)),
            Ok(Raw::OtherSide) => Ok(None),
            Err(c) => Err(SyzygyError::BadTable {
                name: table_material.name(),
                kind: TableKind::Dtz,
                reason: c.0,
            }),
        }
    }

    /// Alpha-beta over captures (en passant aside). Returns the value and whether it comes from
    /// a capture that is at least as good as the table's value (2) or from the table (1).
    pub(crate) fn probe_ab(
        &self,
        pos: &Chess,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), SyzygyError> {
        for mv in captures(pos) {
            let (v, _) = self.probe_ab(&after(pos, mv), -beta, -alpha)?;
            let v = -v;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.wdl_table(pos)?;
        if alpha >= v {
            Ok((alpha, 1 + u8::from(alpha > 0)))
        } else {
            Ok((v, 1))
        }
    }

    /// The WDL value with captures and en passant resolved.
    pub(crate) fn wdl(&self, pos: &Chess) -> Result<i32, SyzygyError> {
        let (mut v, _) = self.probe_ab(pos, -2, 2)?;
        let mut v1 = -3;
        for mv in ep_captures(pos) {
            let (v0, _) = self.probe_ab(&after(pos, mv), -2, 2)?;
            v1 = v1.max(-v0);
        }
        if v1 > -3 {
            if v1 >= v {
                v = v1;
            } else if v == 0 && only_ep_moves(pos) {
                // The position without the en passant right would be stalemate: the en
                // passant capture must be played.
                v = v1;
            }
        }
        Ok(v)
    }

    /// The DTZ value, ignoring en passant captures.
    fn dtz_no_ep(&self, pos: &Chess) -> Result<i32, SyzygyError> {
        let (wdl, success) = self.probe_ab(pos, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if success == 2 {
            // A capture wins (or saves the cursed win): it zeroes the counter.
            return Ok(if wdl == 2 { 1 } else { 101 });
        }
        let us = pos.turn();
        if wdl > 0 {
            // A pawn move that keeps the win zeroes the counter.
            for mv in pos.legal_moves_filtered(pos.pieces(us, Role::Pawn), !pos.occupied()) {
                if pos.is_capture(mv) {
                    continue;
                }
                let (v, _) = self.probe_ab(&after(pos, mv), -2, -wdl + 1)?;
                if -v == wdl {
                    return Ok(if wdl == 2 { 1 } else { 101 });
                }
            }
        }
        if let Some(dtz) = self.dtz_table(pos, wdl)? {
            let dtz = 1 + dtz + if wdl & 1 != 0 { 100 } else { 0 };
            return Ok(if wdl >= 0 { dtz } else { -dtz });
        }
        // The table holds the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            for mv in pos.legal_moves() {
                if pos.is_zeroing(mv) {
                    continue;
                }
                let next = after(pos, mv);
                let v = -self.dtz(&next)?;
                if v == 1 && next.is_checkmate() {
                    // Mate in one: the mated side's -1 is not a zeroing move to count past.
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for mv in pos.legal_moves() {
                let next = after(pos, mv);
                let v = if pos.is_zeroing(mv) {
                    if wdl == -2 {
                        -1
                    } else {
                        let (v, _) = self.probe_ab(&next, 1, 2)?;
                        if v == 2 {
                            0
                        } else {
                            -101
                        }
                    }
                } else {
                    -self.dtz(&next)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// The DTZ value with en passant resolved.
    pub(crate) fn dtz(&self, pos: &Chess) -> Result<i32, SyzygyError> {
        let mut v = self.dtz_no_ep(pos)?;
        let eps = ep_captures(pos);
        if eps.is_empty() {
            return Ok(v);
        }
        let mut v1 = -3;
        for mv in eps {
            let (v0, _) = self.probe_ab(&after(pos, mv), -2, 2)?;
            v1 = v1.max(-v0);
        }
        if v1 > -3 {
            let v1 = WDL_TO_DTZ[(v1 + 2) as usize];
            if v < -100 {
                if v1 >= 0 {
                    v = v1;
                }
            } else if v < 0 {
                if !(-100..0).contains(&v1) {
                    v = v1;
                }
            } else if v > 100 {
                if v1 > 0 {
                    v = v1;
                }
            } else if v > 0 {
                if v1 == 1 {
                    v = v1;
                }
            } else if v1 >= 0 || only_ep_moves(pos) {
                v = v1;
            }
        }
        Ok(v)
    }
}
