//! python-chess's text forms of a board: the ASCII picture `str(board)` prints, the Unicode one of
//! `board.unicode(...)`, and the FEN with its options (`fen(shredder=..., en_passant=...)`).

use super::{Bitboard, Chess, Piece, Setup, Square};
use crate::{Color, Game};

/// Which en passant square a FEN names (python-chess's `en_passant` argument of `Board.fen`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EnPassantField {
    /// Only when an en passant capture is legal (`"legal"`, the default).
    #[default]
    Legal,
    /// When an en passant capture is pseudo-legal (`"xfen"`).
    PseudoLegal,
    /// Always after a double step, as the FEN standard says (`"fen"`).
    Always,
}

impl std::str::FromStr for EnPassantField {
    type Err = String;
    /// python-chess's names: `legal`, `xfen`, `fen`.
    fn from_str(name: &str) -> Result<Self, String> {
        match name {
            "legal" => Ok(EnPassantField::Legal),
            "xfen" => Ok(EnPassantField::PseudoLegal),
            "fen" => Ok(EnPassantField::Always),
            other => Err(format!(
                "en_passant must be \"legal\", \"xfen\" or \"fen\", not {other:?}"
            )),
        }
    }
}

impl Game<Chess> {
    /// The FEN of the current position with Shredder-FEN castling letters when `shredder`, and
    /// the en passant square `en_passant` asks for.
    pub fn fen_with(&self, shredder: bool, en_passant: EnPassantField) -> String {
        self.fen_with_passed(shredder, en_passant, self.passed_ep_square())
    }

    /// [`Game::fen_with`] with `passed` as the square the last double step passed over.
    pub(crate) fn fen_with_passed(
        &self,
        shredder: bool,
        en_passant: EnPassantField,
        passed: Option<Square>,
    ) -> String {
        let pos = self.position();
        let fen = if shredder {
            pos.fen_shredder()
        } else {
            pos.fen()
        };
        let ep = match en_passant {
            EnPassantField::Legal => pos.legal_ep_square(),
            EnPassantField::PseudoLegal => passed.filter(|_| {
                !pos.pseudo_legal_en_passant(Bitboard::FULL, Bitboard::FULL)
                    .is_empty()
            }),
            EnPassantField::Always => passed,
        };
        let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
        if let Some(field) = fields.get_mut(3) {
            *field = ep.map_or_else(|| "-".to_owned(), |sq| sq.to_string());
        }
        fields.join(" ")
    }
}

/// How [`Setup::unicode_board`] draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextBoardOptions {
    /// Each piece drawn in the other colour's glyph.
    pub invert_color: bool,
    /// Lines between the squares, rank numbers and file letters.
    pub borders: bool,
    /// What an empty square shows.
    pub empty_square: String,
    /// The side at the bottom.
    pub orientation: Color,
}

impl Default for TextBoardOptions {
    fn default() -> Self {
        TextBoardOptions {
            invert_color: false,
            borders: false,
            empty_square: "\u{2b58}".to_owned(),
            orientation: Color::White,
        }
    }
}

impl Setup {
    /// The board as python-chess's `str(board)`: rank 8 first, a piece's FEN letter or `.` per
    /// square, separated by spaces, no line break after the last rank.
    pub fn ascii_board(&self) -> String {
        let mut out = String::with_capacity(127);
        for rank in (0..8u32).rev() {
            for file in 0..8u32 {
                if file > 0 {
                    out.push(' ');
                }
                out.push(
                    self.piece_at(Square::new(rank * 8 + file))
                        .map_or('.', Piece::char),
                );
            }
            if rank > 0 {
                out.push('\n');
            }
        }
        out
    }

    /// The board as python-chess's `board.unicode(...)` draws it (see [`TextBoardOptions`]).
    pub fn unicode_board(&self, options: &TextBoardOptions) -> String {
        let white = options.orientation == Color::White;
        let ranks: Vec<u32> = if white {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let files: Vec<u32> = if white {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        let rule = "  -----------------\n";
        let mut out = String::new();
        for (row, &rank) in ranks.iter().enumerate() {
            if options.borders {
                out.push_str(rule);
                out.push(char::from(b'1' + rank as u8));
                out.push(' ');
            }
            for (column, &file) in files.iter().enumerate() {
                if options.borders {
                    out.push('|');
                } else if column > 0 {
                    out.push(' ');
                }
                match self.piece_at(Square::new(rank * 8 + file)) {
                    Some(mut piece) => {
                        if options.invert_color {
                            piece.color = !piece.color;
                        }
                        out.push(piece.unicode());
                    }
                    None => out.push_str(&options.empty_square),
                }
            }
            if options.borders {
                out.push('|');
            }
            if options.borders || row < 7 {
                out.push('\n');
            }
        }
        if options.borders {
            out.push_str(rule);
            out.push_str(if white {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        out
    }

    /// Sets the castling rights from a FEN castling field (python-chess's `set_castling_fen`):
    /// `-` (or nothing) for none, `KQkq` letters for the outermost rooks, file letters for the
    /// rook on that file; at most two White letters, then at most two Black ones. Other text is
    /// an error and changes nothing.
    pub fn set_castling_fen(&mut self, castling: &str) -> Result<(), super::FenError> {
        let white = castling
            .bytes()
            .take_while(|b| b"KQABCDEFGH".contains(b))
            .count();
        let black = castling[white..]
            .bytes()
            .take_while(|b| b"kqabcdefgh".contains(b))
            .count();
        if castling != "-" && (white > 2 || black > 2 || white + black != castling.len()) {
            return Err(super::FenError::CastlingSyntax(castling.to_owned()));
        }
        let mut rights = Bitboard::EMPTY;
        if !castling.is_empty() && castling != "-" {
            for letter in castling.chars() {
                rights |= self
                    .castling_rook(letter)
                    .ok_or_else(|| super::FenError::CastlingSyntax(castling.to_owned()))?;
            }
        }
        self.castling_rights = rights;
        Ok(())
    }
}
