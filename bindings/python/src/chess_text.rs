//! python-chess's text forms and settable modes of a `ChessBoard`: `fen(shredder=...,
//! en_passant=..., promoted=...)`, `str(board)` (ASCII), `unicode(...)`, `set_castling_fen` and
//! the `chess960` setter. The core writes every text ([`qipan::chess::Setup::ascii_board`],
//! [`qipan::Game::fen_with`]); [`with_chess_text!`] adds the methods to the `ChessBoard` class.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use qipan::chess::{CastlingMode, Chess, EnPassantField, TextBoardOptions};
use qipan::{shorten, Color, ErrorKind};

use crate::board::Board;
use crate::errors::BoardError;

/// The FEN with python-chess's options. `promoted` marks promoted pieces in variants with drops
/// only: standard chess writes none.
pub fn fen(board: &Board<Chess>, shredder: bool, en_passant: &str) -> PyResult<String> {
    let field: EnPassantField = en_passant.parse().map_err(PyValueError::new_err)?;
    if !board.is_playable() {
        return Ok(board.fen());
    }
    Ok(board.core().fen_with(shredder, field))
}

/// `fen` with the `~` marks of the promoted pieces when `promoted` (python-chess's
/// `fen(promoted=True)`; its default writes none in standard chess).
pub fn marked(board: &Board<Chess>, fen: String, promoted: Option<bool>) -> String {
    if promoted != Some(true) {
        return fen;
    }
    let mask = qipan::chess::Bitboard(board.setup().promoted.0);
    let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
    let placement = qipan::chess::mark_promoted(placement, mask);
    if rest.is_empty() {
        placement
    } else {
        format!("{placement} {rest}")
    }
}

/// python-chess's `board.unicode(...)`.
pub fn unicode(
    board: &Board<Chess>,
    invert_color: bool,
    borders: bool,
    empty_square: &str,
    orientation: bool,
) -> String {
    board.setup().unicode_board(&TextBoardOptions {
        invert_color,
        borders,
        empty_square: empty_square.to_owned(),
        orientation: if orientation {
            Color::White
        } else {
            Color::Black
        },
    })
}

/// Sets the castling rights from a FEN castling field; the moves are forgotten (python-chess's
/// `set_castling_fen`). Text that is no castling field raises `ValueError` (`InvalidFenError`).
pub fn set_castling_fen(board: &mut Board<Chess>, castling: &str) -> PyResult<()> {
    board.edit(|setup| {
        setup.set_castling_fen(castling).map_err(|e| {
            PyErr::from(BoardError::new(
                ErrorKind::InvalidFen,
                format!("invalid castling field {:?}: {e}", shorten(castling)),
            ))
        })
    })
}

/// The board with Chess960 castling on or off (python-chess's `board.chess960 = ...`): the
/// same start and moves, castling written in the new mode.
pub fn with_chess960(board: &Board<Chess>, chess960: bool) -> PyResult<Board<Chess>> {
    let mut snapshot = board.snapshot();
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    if board.is_playable() {
        snapshot.moves = board.game().moves().iter().map(|mv| mv.uci(mode)).collect();
    }
    snapshot.rules = if chess960 { "chess960" } else { "fide" }.to_owned();
    Ok(Board::restore(&snapshot)?)
}

/// Wraps a `board_class!` invocation of `ChessBoard`, adding the methods of this module.
macro_rules! with_chess_text {
    (board_class! { $(#[$doc:meta])* $name:ident($variant:ty, $pyname:literal) { $($extra:tt)* } }) => {
        $crate::chess_inspect::with_chess_inspection! {
        board_class! {
            $(#[$doc])*
            $name($variant, $pyname) {
                $($extra)*

                // --- text forms and modes (chess_text.rs) -----------------------------------

                /// The FEN of the board: Shredder-FEN castling letters with `shredder=True`;
                /// the en passant square only when a capture there is legal (`"legal"`), when
                /// one is pseudo-legal (`"xfen"`) or after every double step (`"fen"`).
                /// `promoted` is python-chess's option for variants with drops (ignored).
                #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
                fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> ::pyo3::PyResult<String> {
                    let fen = $crate::chess_text::fen(&self.inner, shredder, en_passant)?;
                    Ok($crate::chess_text::marked(&self.inner, fen, promoted))
                }

                /// The board as python-chess prints it: rank 8 first, FEN letters and `.`.
                fn __str__(&self) -> String {
                    self.inner.setup().ascii_board()
                }

                /// The board in Unicode chess symbols, as python-chess's `unicode()`.
                #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "\u{2b58}", orientation = true))]
                fn unicode(&self, invert_color: bool, borders: bool, empty_square: &str, orientation: bool) -> String {
                    $crate::chess_text::unicode(&self.inner, invert_color, borders, empty_square, orientation)
                }

                /// Sets the castling rights from a FEN castling field (`"KQkq"`, `"-"`,
                /// Shredder-FEN files); the moves are forgotten.
                fn set_castling_fen(&mut self, castling_fen: &str) -> ::pyo3::PyResult<()> {
                    $crate::chess_text::set_castling_fen(&mut self.inner, castling_fen)?;
                    self.stack.clear();
                    Ok(())
                }

                /// Whether the board holds a castling right only Chess960 has (a rook off the
                /// corners, a king off the e-file).
                fn has_chess960_castling_rights(&self) -> bool {
                    self.inner.setup().has_chess960_castling_rights()
                }

                /// Switches Chess960 castling on or off; the moves stay.
                #[setter(chess960)]
                fn set_chess960(&mut self, py: ::pyo3::Python<'_>, chess960: bool) -> ::pyo3::PyResult<()> {
                    if chess960 != self.inner.position().chess960() {
                        let inner = $crate::chess_text::with_chess960(&self.inner, chess960)?;
                        *self = Self::from_board(py, inner)?;
                    }
                    Ok(())
                }
            }
        }
        }
    };
}

pub(crate) use with_chess_text;
