//! [`Setup::from_fen`]: a FEN read as python-chess's `Board.set_fen` reads it — any placement,
//! castling letters resolved against the rooks on the back rank, the en passant square as
//! written — so that a board that fails validation can be loaded, inspected and asked its
//! `status()`. Only text that is not a FEN is refused.

use super::{Bitboard, Chess, ChessRules, FenError, Role, Setup, SetupError, Square};
use crate::Color;

impl Setup {
    /// The setup a FEN describes, playable or not (python-chess's `Board(fen)`): `K`/`Q` name
    /// the outermost rook on the king's side of the back rank (the corner when there is none),
    /// file letters (Shredder-FEN, X-FEN) the rook on that file; missing fields take their
    /// start values and a move number of 0 reads as 1. `chess960` fills the setup's castling
    /// mode. Errors only for text that is not a FEN: whether the setup can be played is
    /// [`Chess::from_setup`]'s question.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(1..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut setup = Setup::from_fen_fields(&fields, chess960)?;
        setup.fullmoves = setup.fullmoves.max(1);
        Ok(setup)
    }

    /// The setup of FEN fields (1 to 6 of them), syntax only; the move number as written (0
    /// included).
    pub(crate) fn from_fen_fields(fields: &[&str], chess960: bool) -> Result<Setup, FenError> {
        let mut setup = Setup::from_board_fen(fields[0])?;
        setup.chess960 = chess960;
        setup.turn = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(other.to_owned())),
        };
        let castling = fields.get(2).copied().unwrap_or("-");
        if castling != "-" {
            for letter in castling.chars() {
                let rook = setup
                    .castling_rook(letter)
                    .ok_or_else(|| FenError::CastlingSyntax(castling.to_owned()))?;
                setup.castling_rights |= rook;
            }
        }
        setup.ep_square = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            text => Some(
                text.parse::<Square>()
                    .map_err(|_| FenError::EnPassantSyntax(text.to_owned()))?,
            ),
        };
        if let Some(text) = fields.get(4) {
            setup.halfmoves = text
                .parse()
                .map_err(|_| FenError::HalfmoveClock((*text).to_owned()))?;
        }
        if let Some(text) = fields.get(5) {
            setup.fullmoves = text
                .parse::<u32>()
                .map_err(|_| FenError::FullmoveNumber((*text).to_owned()))?;
        }
        Ok(setup)
    }

    /// The rook square a castling letter names (python-chess's `set_castling_fen`), `None` for a
    /// character that is no castling letter.
    pub(super) fn castling_rook(&self, letter: char) -> Option<Bitboard> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let backrank = Bitboard::backrank(color);
        let rooks = self.pieces(color, Role::Rook) & backrank;
        let king = self.king(color);
        let corner = |file: u32| backrank & Bitboard::file(file);
        match letter.to_ascii_lowercase() {
            'q' => match (king, rooks.first()) {
                (Some(king), Some(rook)) if rook.index() < king.index() => {
                    Some(Bitboard::from_square(rook))
                }
                // With a king and no rook on its rank python-chess names no square for `Q`
                // (`k` names the corner): kept, so that the rights read are the same mask.
                (Some(_), None) => Some(Bitboard::EMPTY),
                _ => Some(corner(0)),
            },
            'k' => match (king, rooks.last()) {
                (Some(king), Some(rook)) if king.index() < rook.index() => {
                    Some(Bitboard::from_square(rook))
                }
                _ => Some(corner(7)),
            },
            file @ 'a'..='h' => Some(corner(file as u32 - 'a' as u32)),
            _ => None,
        }
    }
}

/// Why a [`Setup`] is not a position to play from ([`Chess::from_setup_for`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnplayableSetup {
    /// python-chess's status rules refuse it.
    #[error("{0}")]
    Status(SetupError),
    /// The status rules let it through but the stricter rules of [`Chess::from_setup`] do not
    /// (more promoted pieces than missing pawns, say), with the problem in detail.
    #[error("{0}")]
    Fen(FenError),
}

impl Chess {
    /// The position to play from a setup under `rules`: [`Chess::from_setup`] with the castling
    /// mode of the rules, its refusal told as python-chess's status flags when they see a
    /// problem, in detail otherwise. What every front end asks when a board edited piece by
    /// piece is to generate moves again.
    pub fn from_setup_for(setup: &Setup, rules: &ChessRules) -> Result<Chess, UnplayableSetup> {
        Chess::from_setup(*setup, rules.castling).map_err(|err| {
            let status = err.status();
            if status.is_valid() {
                UnplayableSetup::Fen(err.into())
            } else {
                UnplayableSetup::Status(SetupError(status))
            }
        })
    }
}
