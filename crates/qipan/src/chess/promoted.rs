//! Promoted pieces: python-chess's `promoted` mask, the squares of the pieces that came from a
//! pawn's promotion. Standard chess plays no differently with it; it is kept so that a board
//! answers `promoted` and writes (and reads) the `~` marks of `fen(promoted=True)` as
//! python-chess does. The mask is carried by the editable board and its history
//! ([`crate::board::Board`]), never by the position: move generation and `play` do not see it.
//!
//! ```
//! use qipan::chess::{mark_promoted, Bitboard, Chess, Setup, Square};
//! let setup = Setup::from_board_fen("4k2Q~/8/8/8/8/8/8/4K3").unwrap();
//! assert_eq!(setup.promoted, Bitboard::from_square(Square::H8));
//! assert_eq!(mark_promoted("4k2Q/8/8/8/8/8/8/4K3", setup.promoted), "4k2Q~/8/8/8/8/8/8/4K3");
//! ```

use std::borrow::Cow;

use super::{Bitboard, Chess, FenError, Move, MoveKind, Square};

/// The placement field without its `~` marks, and the squares they mark (each `~` follows the
/// piece it marks, as python-chess writes them). A `~` after anything but a piece letter is an
/// error, as in python-chess.
pub(crate) fn strip_marks(board_fen: &str) -> Result<(Cow<'_, str>, Bitboard), FenError> {
    if !board_fen.contains('~') {
        return Ok((Cow::Borrowed(board_fen), Bitboard::EMPTY));
    }
    let mut plain = String::with_capacity(board_fen.len());
    let mut marks = Bitboard::EMPTY;
    // python-chess's square order: a8 to h8, then a7 ..., down to h1.
    let (mut rank, mut file) = (7u32, 0u32);
    let mut after_piece = false;
    for c in board_fen.chars() {
        match c {
            '~' if after_piece && file > 0 && file <= 8 => {
                marks |= Bitboard::from_square(Square::new(rank * 8 + file - 1));
                after_piece = false;
                continue;
            }
            '~' => {
                return Err(FenError::Board(format!(
                    "'~' not after a piece in {board_fen:?}"
                )))
            }
            '/' => {
                rank = rank.wrapping_sub(1);
                file = 0;
                after_piece = false;
            }
            '1'..='8' => {
                file += c as u32 - '0' as u32;
                after_piece = false;
            }
            _ => {
                file += 1;
                after_piece = true;
            }
        }
        if rank > 7 {
            return Err(FenError::Board(format!("too many ranks in {board_fen:?}")));
        }
        plain.push(c);
    }
    Ok((Cow::Owned(plain), marks))
}

/// The placement field `board_fen` with a `~` after each piece on a square of `promoted`
/// (python-chess's `board_fen(promoted=True)`).
pub fn mark_promoted(board_fen: &str, promoted: Bitboard) -> String {
    if promoted.is_empty() {
        return board_fen.to_owned();
    }
    let mut out = String::with_capacity(board_fen.len() + 2 * promoted.count() as usize);
    let (mut rank, mut file) = (7u32, 0u32);
    for c in board_fen.chars() {
        out.push(c);
        match c {
            '/' => {
                rank = rank.saturating_sub(1);
                file = 0;
            }
            '1'..='8' => file += c as u32 - '0' as u32,
            ' ' => break,
            _ => {
                if file < 8 && promoted.contains(Square::new(rank * 8 + file)) {
                    out.push('~');
                }
                file += 1;
            }
        }
    }
    out
}

impl Chess {
    /// The promoted mask after `mv` is played here, `promoted` before it (python-chess's
    /// `push`): the mover keeps its mark, a promotion marks the new piece, a captured piece's
    /// mark goes, and a castling king and rook land unmarked.
    pub fn promoted_after(&self, mv: Move, promoted: Bitboard) -> Bitboard {
        if mv.is_null() {
            return promoted;
        }
        let (from, to) = (mv.from(), mv.to());
        let moved = Bitboard::from_square(from) | Bitboard::from_square(to);
        match mv.kind() {
            MoveKind::Castle => promoted - moved,
            MoveKind::EnPassant => {
                let captured = Square::new((to.index() ^ 8) as u32);
                let was = promoted.contains(from);
                let rest = promoted - moved - Bitboard::from_square(captured);
                if was {
                    rest | Bitboard::from_square(to)
                } else {
                    rest
                }
            }
            kind => {
                let marked = promoted.contains(from) || matches!(kind, MoveKind::Promotion(_));
                if marked {
                    (promoted - moved) | Bitboard::from_square(to)
                } else {
                    promoted - moved
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn marks_are_read_and_written_back() {
        let fen = "rn~bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R~NBQKBNQ~";
        let (plain, marks) = strip_marks(fen).unwrap();
        assert_eq!(plain, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ");
        assert_eq!(
            marks,
            Bitboard::from_square(Square::B8)
                | Bitboard::from_square(Square::A1)
                | Bitboard::from_square(Square::H1)
        );
        assert_eq!(mark_promoted(&plain, marks), fen);
        assert!(strip_marks("~8/8/8/8/8/8/8/8").is_err());
        assert!(strip_marks("8~/8/8/8/8/8/8/8").is_err());
    }

    #[test]
    fn a_promotion_marks_its_piece_and_a_capture_clears_the_mark() {
        let pos = Chess::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mv = pos.parse_move("a7b8q").unwrap();
        let marks = pos.promoted_after(mv, Bitboard::EMPTY);
        assert_eq!(marks, Bitboard::from_square(Square::B8));
        let mut after = pos;
        after.play_unchecked(mv);
        let mv = after.parse_move("e8f7").unwrap();
        assert_eq!(after.promoted_after(mv, marks), marks);
    }
}
