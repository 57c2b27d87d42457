//! Root probing: every legal move of a position with its WDL and DTZ, ranked as engines rank
//! tablebase moves (the DTZ root ranking of the format's author, in Fathom's tbprobe.c, MIT; the
//! notice is in encode.rs), and the best of them.

use super::probe::WDL_TO_DTZ;
use super::{SyzygyError, Tablebase, Wdl};
use crate::chess::{Chess, Move};

/// One legal move of a probed position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The WDL value after the move, for the side that made it (the 50-move counter ignored).
    pub wdl: Wdl,
    /// Plies to the next zeroing move counted from before this move, for the side that made
    /// it: 1 (or 101 for a cursed win) when the move itself zeroes and wins; 1 for mate.
    pub dtz: i32,
    /// The rank (higher is better): 1000 for a win within the 50-move rule with the current
    /// counter, 1000 - (DTZ + counter) for a win it spoils, 0 for a draw, -1000 for a loss the
    /// 50-move rule cannot save, -1000 + (-DTZ + counter) for one it may.
    pub rank: i32,
}

impl RootMove {
    /// The sort key, larger is better: the rank, then the DTZ (lower for wins and losses alike:
    /// a faster win, a longer defence).
    fn order(&self) -> (i32, i32) {
        (self.rank, -self.dtz)
    }
}

/// A position's tablebase value and its moves, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootProbe {
    /// The position's WDL value (side to move).
    pub wdl: Wdl,
    /// The position's DTZ value (side to move).
    pub dtz: i32,
    /// Every legal move, best first: by rank, then among wins the shortest DTZ, among losses
    /// the longest (ties in move generation order).
    pub moves: Vec<RootMove>,
}

impl RootProbe {
    /// The best moves: the best rank and, within it, the fastest win (shortest DTZ) or the
    /// longest resistance (none when the side to move has no legal move).
    pub fn best_moves(&self) -> impl Iterator<Item = &RootMove> {
        let best = self.moves.first().map(RootMove::order);
        self.moves
            .iter()
            .take_while(move |m| Some(m.order()) == best)
    }
}

/// The rank of a move with DTZ `v` (from the root's side) under the 50-move counter `cnt50`.
fn rank(v: i32, cnt50: i32) -> i32 {
    if v > 0 {
        if v + cnt50 <= 99 {
            1000
        } else {
            1000 - (v + cnt50)
        }
    } else if v < 0 {
        if -v * 2 + cnt50 < 100 {
            -1000
        } else {
            -1000 + (-v + cnt50)
        }
    } else {
        0
    }
}

impl Tablebase {
    /// Probes `pos` and every legal move: their WDL, DTZ and rank, best first.
    pub fn probe_root(&self, pos: &Chess) -> Result<RootProbe, SyzygyError> {
        Tablebase::check(pos)?;
        let wdl = Wdl::from_i32(self.wdl(pos)?);
        let dtz = self.dtz(pos)?;
        let cnt50 = pos.halfmoves().min(1000) as i32;
        let mut moves = Vec::new();
        for mv in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(mv);
            let after = -self.wdl(&next)?;
            let mut v = if pos.is_zeroing(mv) {
                WDL_TO_DTZ[(after + 2) as usize]
            } else {
                let d = -self.dtz(&next)?;
                d + d.signum()
            };
            if v == 2 && next.is_checkmate() {
                v = 1;
            }
            moves.push(RootMove {
                mv,
                wdl: Wdl::from_i32(after),
                dtz: v,
                rank: rank(v, cnt50),
            });
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.order()));
        Ok(RootProbe { wdl, dtz, moves })
    }
}
