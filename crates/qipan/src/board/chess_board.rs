//! What only a chess board does: python-chess's castling-rights mask, its push of a
//! pseudo-legal move (one that may leave the own king attacked).

use super::{Board, EditPolicy, PlayError};
use crate::chess::{Chess, Move, UnplayableSetup};
use crate::{MoveError, Variant};

impl Board<Chess> {
    /// Sets the castling rights: the rooks that may castle (python-chess's `castling_rights`
    /// mask), the moves kept ([`Board::edit_state`]). Under [`EditPolicy::KeepHistory`] the
    /// rights the placement does not support are dropped, as chess.js's `setCastlingRights`
    /// drops them.
    pub fn set_castling_rights(&mut self, rooks: crate::chess::Bitboard) {
        let keep = self.policy == EditPolicy::KeepHistory;
        let _ = self.edit_state(|setup| {
            setup.castling_rights = rooks;
            if keep {
                setup.castling_rights = setup.clean_castling_rights();
            }
            Ok::<(), ()>(())
        });
    }

    /// Plays `mv` when it is pseudo-legal here ([`Chess::is_pseudo_legal`]), whether or not it
    /// leaves the own king attacked, as python-chess's `push` plays it (on a board that plays
    /// every set-up, [`Board::with_plays_any`], a king then taken loses its side's castling
    /// rights, as in python-chess). Anything else changes nothing. Taking the move back
    /// ([`Board::pop`]) restores the position before it.
    pub fn push_pseudo_legal(&mut self, mv: Move) -> Result<(), PlayError<UnplayableSetup>> {
        self.playable()?;
        let pos = self.game.position();
        if !pos.is_pseudo_legal(mv) {
            return Err(MoveError::illegal(&pos.coord(mv), pos.fen()).into());
        }
        self.push_unchecked(mv);
        Ok(())
    }
}
