//! What only a chess board does: python-chess's castling-rights mask, chess.js's en passant
//! square set again, python-chess's push of a pseudo-legal move (one that may leave the own
//! king attacked).

use super::{Board, EditPolicy, PlayError};
use crate::chess::{Chess, EnPassantField, FenError, Move, Square, UnplayableSetup};
use crate::{MoveError, Notate};

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

    /// Sets the en passant square (`None`: none), the moves kept ([`Board::edit_state`]: taking
    /// a move back restores the square before it), as chess.js's `history()` sets its last
    /// double step's square again after a `put` or `remove` cleared it. The position holds the
    /// square only while a pawn of the side to move stands ready to take there
    /// ([`Chess::ep_square`]). A square no double step of the side not to move explains is
    /// refused with [`FenError::EnPassant`] ([`Setup::check_ep_square`](crate::chess::Setup::check_ep_square)),
    /// nothing changed.
    pub fn set_ep_square(&mut self, square: Option<Square>) -> Result<(), FenError> {
        self.edit_state(|setup| {
            if let Some(square) = square {
                setup.check_ep_square(square)?;
            }
            setup.ep_square = square;
            Ok(())
        })
    }

    /// The FEN with [`Game::fen_with`](crate::Game::fen_with)'s options. At the start of a
    /// game set up with an en passant square no pawn can take on, that square is the one the
    /// last double step passed over, as python-chess's `fen(en_passant="fen")` writes it.
    pub fn fen_with(&self, shredder: bool, en_passant: EnPassantField) -> String {
        let passed = match self.given_setup() {
            Some(given) => given.ep_square,
            None => self.game.passed_ep_square(),
        };
        self.game.fen_with_passed(shredder, en_passant, passed)
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
