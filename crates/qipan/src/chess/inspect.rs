//! Questions about a chess position and its moves that python-chess users ask of a board:
//! attacks of a square, pins, whether a move checks or is irreversible, long algebraic notation
//! and a SAN variation. Each answer is python-chess's (checked against it by the Python tests).
//!
//! ```
//! use qipan::chess::{Chess, Square};
//! use qipan::{Color, Variant};
//! let pos = Chess::from_fen("4k3/8/8/1b6/8/3N4/4K3/8 w - - 0 1").unwrap();
//! assert_eq!(pos.pin_line(Color::White, Square::D3), Some(qipan::chess::attacks::line(Square::E2, Square::B5)));
//! let mv = pos.parse_uci("e2e3").unwrap();
//! assert_eq!(pos.lan(mv), "Ke2-e3");
//! assert_eq!(pos.board_fen(), "4k3/8/8/1b6/8/3N4/4K3/8");
//! ```

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use super::{Bitboard, CastlingSide, Chess, Move, MoveKind, Role, Square};
use crate::{Color, Game, MoveError};

impl Chess {
    /// The squares the piece on `sq` attacks (its captures for a pawn), with the pieces on the
    /// board blocking sliders; empty when `sq` is empty.
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        let Some(piece) = self.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        let occupied = self.occupied();
        match piece.role {
            Role::Pawn => pawn_attacks(piece.color, sq),
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occupied),
            Role::Rook => rook_attacks(sq, occupied),
            Role::Queen => queen_attacks(sq, occupied),
            Role::King => king_attacks(sq),
        }
    }

    /// When `sq` is the only square occupied between the king of `color` and an enemy slider
    /// that moves along that line: the whole line (edge to edge) through the king and that
    /// slider, along which a pinned piece may still move. `None` when nothing pins `sq` or
    /// `color` has no king. This is python-chess's `pin_mask` (which answers every square for
    /// "not pinned"): the square's own piece is not looked at, so an empty square or an enemy
    /// piece there counts too.
    pub fn pin_line(&self, color: Color, sq: Square) -> Option<Bitboard> {
        let king = self.king_of(color)?;
        let them = self.by_color(!color);
        let queens = self.by_role(Role::Queen);
        let straight = (self.by_role(Role::Rook) | queens) & them;
        let diagonal = (self.by_role(Role::Bishop) | queens) & them;
        let occupied_and_sq = self.occupied().with(sq);
        // Only the family of lines (file, rank, diagonals) that holds `sq` is looked at, as
        // python-chess does: a file first, then a rank, then both diagonals.
        let file = Bitboard::file(king.file());
        let rank = Bitboard::rank(king.rank());
        let diagonals = bishop_attacks(king, Bitboard::EMPTY);
        let (rays, sliders) = if file.contains(sq) {
            (file.without(king), straight)
        } else if rank.contains(sq) {
            (rank.without(king), straight)
        } else if diagonals.contains(sq) {
            (diagonals, diagonal)
        } else {
            return None;
        };
        (rays & sliders)
            .into_iter()
            .find(|&sniper| between(sniper, king) & occupied_and_sq == Bitboard::from_square(sq))
            .map(|sniper| line(king, sniper))
    }

    /// Whether the piece of `color` on `sq` is pinned to its king (see [`Chess::pin_line`]).
    pub fn is_pinned(&self, color: Color, sq: Square) -> bool {
        self.pin_line(color, sq).is_some()
    }

    /// Whether the legal move `mv` checks the opponent.
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = *self;
        after.play_unchecked(mv);
        after.is_check()
    }

    /// Whether no position before the legal move `mv` can come back after it (python-chess's
    /// `is_irreversible`): a capture or pawn move, a move that loses a castling right, or any
    /// move from a position where an en passant capture is legal.
    pub fn is_irreversible(&self, mv: Move) -> bool {
        if mv.is_null() {
            // A pass moves nothing: only the en passant chance it lets go is lost.
            return self.legal_ep_square().is_some();
        }
        if self.is_zeroing(mv) || self.legal_ep_square().is_some() {
            return true;
        }
        let mut after = *self;
        after.play_unchecked(mv);
        after.castling_rooks() != self.castling_rooks()
    }

    /// The square a double pawn step `mv` passes over (where an en passant capture would land),
    /// whether or not a pawn could capture there; `None` for any other move.
    pub fn double_step_square(&self, mv: Move) -> Option<Square> {
        let (from, to) = (mv.from(), mv.to());
        let is_pawn = self.role_at(from) == Some(Role::Pawn);
        (is_pawn && mv.kind() == MoveKind::Normal && from.index().abs_diff(to.index()) == 16)
            .then(|| Square::new(((from.index() + to.index()) / 2) as u32))
    }

    /// The legal move `mv` in long algebraic notation as python-chess writes it: the piece
    /// letter (none for a pawn), both squares joined by `-` or `x`, `=Q` for a promotion, then
    /// `+` or `#` (`Ng1-f3`, `e7xd8=Q+`, `O-O`).
    pub fn lan(&self, mv: Move) -> String {
        let mut lan = match mv.castling_side() {
            Some(CastlingSide::KingSide) => "O-O".to_owned(),
            Some(CastlingSide::QueenSide) => "O-O-O".to_owned(),
            None => {
                let mut text = String::with_capacity(10);
                match self.role_at(mv.from()) {
                    Some(Role::Pawn) | None => {}
                    Some(role) => text.push(role.upper_char()),
                }
                text.push_str(&mv.from().to_string());
                text.push(if self.is_capture(mv) { 'x' } else { '-' });
                text.push_str(&mv.to().to_string());
                if let Some(role) = mv.promotion_role() {
                    text.push('=');
                    text.push(role.upper_char());
                }
                text
            }
        };
        let mut after = *self;
        after.play_unchecked(mv);
        if after.is_check() {
            lan.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        lan
    }

    /// The moves `moves`, played one after the other from here, in SAN with move numbers as
    /// python-chess's `variation_san` writes them (`1. e4 e5 2. Nf3`, `3...Nc6 4. Bb5`). An
    /// illegal move is an error naming it.
    pub fn variation_san(&self, moves: &[Move]) -> Result<String, MoveError> {
        let mut pos = *self;
        let mut out = String::new();
        for (i, &mv) in moves.iter().enumerate() {
            if !pos.is_legal(mv) {
                return Err(MoveError::illegal(&pos.uci(mv), pos.fen()));
            }
            if i > 0 {
                out.push(' ');
            }
            if pos.turn() == Color::White {
                out.push_str(&format!("{}. ", pos.fullmoves()));
            } else if i == 0 {
                out.push_str(&format!("{}...", pos.fullmoves()));
            }
            out.push_str(&pos.san(mv));
            pos.play_unchecked(mv);
        }
        Ok(out)
    }

    /// Whether 75 moves by each side have passed without a capture or pawn move (the halfmove
    /// clock is at least 150) and the game is not over on the board (a legal move remains), as
    /// python-chess's `is_seventyfive_moves`.
    pub fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves() >= 150 && self.has_legal_moves()
    }

    /// Whether 50 moves by each side have passed without a capture or pawn move (the halfmove
    /// clock is at least 100) and a legal move remains, as python-chess's `is_fifty_moves`.
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmoves() >= 100 && self.has_legal_moves()
    }

    /// Whether the side to move can claim a draw by the fifty-move rule (python-chess
    /// `can_claim_fifty_moves`): [`Chess::is_fifty_moves`] now, or at a halfmove clock of 99
    /// after some legal move that is neither a capture nor a pawn move.
    pub fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        if self.halfmoves() >= 99 {
            return self.legal_moves().into_iter().any(|mv| {
                if self.is_zeroing(mv) {
                    return false;
                }
                let mut after = *self;
                after.play_unchecked(mv);
                after.is_fifty_moves()
            });
        }
        false
    }

    /// The piece placement field of the FEN (`rnbqkbnr/pppppppp/8/...`).
    pub fn board_fen(&self) -> String {
        let fen = self.to_fen();
        match fen.split_once(' ') {
            Some((board, _)) => board.to_owned(),
            None => fen,
        }
    }
}

impl Game<Chess> {
    /// The en passant square as python-chess's `ep_square` reports it: the square the last
    /// move's double pawn step passed over, whether or not a pawn can capture there; without
    /// such a move, the en passant square the position keeps (from a FEN).
    pub fn passed_ep_square(&self) -> Option<Square> {
        let passed = self.last_move().and_then(|mv| {
            let before = &self.positions()[self.ply() - 1];
            before.double_step_square(mv)
        });
        passed.or_else(|| self.position().ep_square())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn a_piece_between_king_and_slider_is_pinned_on_that_line() {
        let pos = Chess::from_fen("4k3/8/8/1b6/8/3N4/4K3/8 w - - 0 1").unwrap();
        assert!(pos.is_pinned(Color::White, Square::D3));
        assert!(!pos.is_pinned(Color::White, Square::E2));
        // Two pieces between: neither is pinned.
        let pos = Chess::from_fen("4k3/8/8/1b6/2P5/3N4/4K3/8 w - - 0 1").unwrap();
        assert!(!pos.is_pinned(Color::White, Square::D3));
    }

    #[test]
    fn variation_san_numbers_moves_from_either_side() {
        let mut pos = Chess::start();
        let e4 = pos.parse_san("e4").unwrap();
        let e5 = pos.variation_san(&[e4]).unwrap();
        assert_eq!(e5, "1. e4");
        pos.play_unchecked(e4);
        let reply = pos.parse_san("e5").unwrap();
        assert_eq!(pos.variation_san(&[reply]).unwrap(), "1...e5");
        assert!(pos.variation_san(&[e4]).is_err());
    }
}
