//! Tablebase adjudication of a [`Game`]: a server ends a game whose result the tables prove.

use super::{SyzygyError, Tablebase, Wdl};
use crate::{Chess, Game, Outcome, Termination};

/// What the tables prove about `pos` under the 50-move rule, with its counter: a win for one
/// side, a draw, or nothing (a win so close to the 50-move limit that the table's DTZ rounding
/// leaves it open).
///
/// A win counts when DTZ plus the counter stays within 100 plies (DTZ may be one ply too large,
/// never too small, so the win is certain); a cursed win or blessed loss is a draw, and so is a
/// win whose DTZ plus counter passes 101.
pub fn proven_outcome(tables: &Tablebase, pos: &Chess) -> Result<Option<Outcome>, SyzygyError> {
    let wdl = tables.probe_wdl(pos)?;
    Ok(match wdl {
        Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => {
            Some(Outcome::draw(Termination::Tablebase))
        }
        Wdl::Win | Wdl::Loss => {
            let dtz = tables.probe_dtz(pos)?.unsigned_abs();
            let plies = dtz.saturating_add(pos.halfmoves());
            let winner = if wdl == Wdl::Win {
                pos.turn()
            } else {
                !pos.turn()
            };
            if plies <= 100 {
                Some(Outcome::win(Termination::Tablebase, winner))
            } else if plies > 101 {
                Some(Outcome::draw(Termination::Tablebase))
            } else {
                None
            }
        }
    })
}

impl Game<Chess> {
    /// Ends the game with the result the tables prove for the current position (see
    /// [`proven_outcome`]), as a server that adjudicates by tablebase does; the outcome's
    /// termination is [`Termination::Tablebase`]. Returns the outcome recorded, or `None` when
    /// the game is already over or the tables prove nothing. A position the tables cannot hold
    /// (castling rights, more pieces than the tables added) or a missing table is an error, and
    /// the game goes on.
    pub fn adjudicate_by_tablebase(
        &mut self,
        tables: &Tablebase,
    ) -> Result<Option<Outcome>, SyzygyError> {
        if self.outcome().is_some() {
            return Ok(None);
        }
        let proven = proven_outcome(tables, self.position())?;
        Ok(proven.filter(|&outcome| self.adjudicate(outcome)))
    }
}
