//! UCI move notation: `e2e4`, `e7e8q`; castling `e1g1` in standard chess (`e1h1` also read) and
//! king-takes-rook (`e1h1`) in Chess960 mode. `0000` is the null move (a pass), refused in check.
//!
//! ```
//! use qipan::{Chess, MoveError, Variant};
//! let pos = Chess::start();
//! let mv = pos.parse_uci("g1f3").unwrap();
//! assert_eq!(pos.uci(mv), "g1f3");
//! assert_eq!(pos.parse_uci("0000"), Ok(qipan::chess::Move::null()));
//! assert!(matches!(pos.parse_uci("e2e5"), Err(MoveError::Illegal { .. })));
//! ```

use super::{Bitboard, CastlingMode, Chess, Move, Role, Square};
use crate::{CoordMove, MoveError, Variant};

impl Move {
    /// The move in UCI as a game in castling `mode` writes it: castling `e1g1` in standard
    /// chess, king-takes-rook (`e1h1`) in Chess960.
    ///
    /// ```
    /// use qipan::chess::{CastlingMode, ChessRules};
    /// use qipan::{Chess, Variant};
    /// let pos = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = pos.parse_uci("e1g1").unwrap();
    /// assert_eq!(castle.uci(CastlingMode::Standard), "e1g1");
    /// assert_eq!(castle.uci(CastlingMode::Chess960), "e1h1");
    /// ```
    pub fn uci(self, mode: CastlingMode) -> String {
        if self.is_castle() && mode == CastlingMode::Chess960 {
            format!("{}{}", self.from(), self.to())
        } else {
            self.to_string()
        }
    }
}

impl Chess {
    /// Writes `mv` in UCI as this position's mode asks (Chess960: castling king-takes-rook).
    pub fn uci(&self, mv: Move) -> String {
        mv.uci(Variant::rules_of(self).castling)
    }

    /// Reads a UCI move and checks that it is legal here.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        if text == "0000" {
            return self.null_unless_check(text);
        }
        let mv = self.uci_to_move(text)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(text, self.to_fen()))
        }
    }

    /// The null move, or [`MoveError::Illegal`] when the side to move is in check.
    pub(crate) fn null_unless_check(&self, text: &str) -> Result<Move, MoveError> {
        if self.is_check() {
            Err(MoveError::illegal(text, self.to_fen()))
        } else {
            Ok(Move::null())
        }
    }

    /// Reads UCI text into the move it names, without checking legality.
    pub(crate) fn uci_to_move(&self, text: &str) -> Result<Move, MoveError> {
        self.uci_bytes_to_move(text.as_bytes())
            .map_err(|why| MoveError::invalid(text, why))
    }

    /// Coordinates read without a position ([`CoordMove`]) as the move they name here, without
    /// checking legality (python-chess's `Move.from_uci` meeting a board); `None` for
    /// coordinates that name no chess move (off the board, a drop, the null move).
    pub fn coords_unchecked(&self, mv: CoordMove) -> Option<Move> {
        self.uci_bytes_to_move(mv.as_bytes()).ok()
    }

    /// [`Chess::uci_to_move`] on bytes, with the reason for text that is no move as a static
    /// string (the bytes of a [`CoordMove`] are read without making text of them).
    fn uci_bytes_to_move(&self, b: &[u8]) -> Result<Move, &'static str> {
        if b == b"0000" {
            return Err("the null move 0000 is not a move");
        }
        if b.len() != 4 && b.len() != 5 {
            return Err("expected 4 or 5 characters like e2e4 or e7e8q");
        }
        let (Some(from), Some(to)) = (Square::from_ascii(&b[0..2]), Square::from_ascii(&b[2..4]))
        else {
            return Err("expected two squares like e2e4");
        };
        if b.len() == 5 {
            return match Role::from_char(b[4] as char) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => {
                    Ok(Move::promotion(from, to, role))
                }
                _ => Err("the promotion piece must be one of n, b, r, q"),
            };
        }
        let us = self.turn;
        if self.pieces(us, Role::King).contains(from) {
            let rooks = self.castling & self.pieces(us, Role::Rook) & Bitboard::backrank(us);
            if rooks.contains(to) {
                return Ok(Move::castle(from, to));
            }
            if !self.chess960
                && from.rank() == to.rank()
                && from.file() == 4
                && (to.file() == 6 || to.file() == 2)
            {
                let corner = Square::new(from.rank() * 8 + if to.file() == 6 { 7 } else { 0 });
                if rooks.contains(corner) {
                    return Ok(Move::castle(from, corner));
                }
            }
        }
        if self.pieces(us, Role::Pawn).contains(from)
            && Some(to) == self.ep
            && from.file() != to.file()
        {
            return Ok(Move::en_passant(from, to));
        }
        Ok(Move::normal(from, to))
    }
}
