//! Setting up a `ChessBoard` as python-chess does: `set_piece_at`,
//! `remove_piece_at`, `clear`, `clear_board`, `set_board_fen`, the `turn`, `castling_rights` and
//! `ep_square` setters, and the inspection of boards that cannot be played. Every edit goes
//! through the core's `qipan::chess::Setup` ([`Board::edit`]); a board that fails validation is
//! held as it is, and `status()` says why.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use qipan::chess::{Bitboard, CastlingSide, Chess, Piece, Role, Setup, Square};
use qipan::{shorten, Color, ErrorKind};

use crate::board::Board;
use crate::chess_inspect::square_arg;
use crate::errors::BoardError;
use crate::piece::{piece_object, role_of_type, PyPiece};
use crate::pymove::color_arg;

/// A piece argument: a `qipan.Piece`, any object with python-chess's `piece_type` and `color`
/// (a `chess.Piece`), or `None` for an empty square.
pub fn piece_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<Piece>> {
    if value.is_none() {
        return Ok(None);
    }
    if let Ok(ours) = value.cast::<PyPiece>() {
        return Ok(Some(ours.get().piece));
    }
    match (value.getattr("piece_type"), value.getattr("color")) {
        (Ok(piece_type), Ok(color)) => Ok(Some(Piece {
            role: role_of_type(piece_type.extract()?)?,
            color: color_arg(&color)?,
        })),
        _ => Err(PyTypeError::new_err(format!(
            "expected a Piece or None, not {}",
            value.get_type().name()?
        ))),
    }
}

/// Puts `piece` on `square` (`None` empties it), marked promoted when `promoted`. The moves
/// played are forgotten.
pub fn set_piece_at(
    board: &mut Board<Chess>,
    square: &Bound<'_, PyAny>,
    piece: &Bound<'_, PyAny>,
    promoted: bool,
) -> PyResult<()> {
    let sq = square_arg(square)?;
    let piece = piece_arg(piece)?;
    board.edit(|setup| {
        setup.set_piece_at(sq, piece);
        if promoted && piece.is_some() {
            setup.promoted.add(sq);
        }
        Ok::<(), PyErr>(())
    })
}

/// Takes the piece off `square` and returns it (`None` for an empty square, which changes
/// nothing, as python-chess's).
pub fn remove_piece_at(
    py: Python<'_>,
    board: &mut Board<Chess>,
    square: &Bound<'_, PyAny>,
) -> PyResult<Option<Py<PyPiece>>> {
    let sq = square_arg(square)?;
    let piece = board.setup().piece_at(sq);
    // An edit even on an empty square: python-chess clears the move stack then too.
    board.edit(|setup| {
        setup.set_piece_at(sq, None);
        Ok::<(), PyErr>(())
    })?;
    piece.map(|piece| piece_object(py, piece)).transpose()
}

/// An empty board, White to move, no castling rights, no en passant square, move 1 (the
/// Chess960 mode stays).
pub fn clear(board: &mut Board<Chess>) {
    let mut empty = Setup::empty();
    empty.chess960 = board.setup().chess960;
    board.set_up(empty);
}

/// Takes every piece off; the side to move, castling rights (now unsupported: python-chess
/// reports `STATUS_BAD_CASTLING_RIGHTS`), en passant square and clocks stay.
pub fn clear_board(board: &mut Board<Chess>) {
    let _ = board.edit(|setup| {
        for sq in Square::all() {
            setup.set_piece_at(sq, None);
        }
        Ok::<(), PyErr>(())
    });
}

/// Sets the pieces from a FEN placement field; the other fields stay. Text that is not a
/// placement raises `InvalidFenError` and changes nothing.
pub fn set_board_fen(board: &mut Board<Chess>, board_fen: &str) -> PyResult<()> {
    let placed = Setup::from_board_fen(board_fen.trim()).map_err(|e| {
        BoardError::new(
            ErrorKind::InvalidFen,
            format!("invalid board FEN {:?}: {e}", shorten(board_fen)),
        )
    })?;
    board.edit(|setup| {
        for sq in Square::all() {
            setup.set_piece_at(sq, placed.piece_at(sq));
        }
        setup.promoted = placed.promoted;
        Ok::<(), PyErr>(())
    })
}

/// Sets the side to move (`True` for White); the moves stay, as python-chess's attribute.
pub fn set_turn(board: &mut Board<Chess>, white: bool) {
    let _ = board.edit_state(|setup| {
        setup.turn = if white { Color::White } else { Color::Black };
        Ok::<(), PyErr>(())
    });
}

/// Sets the castling rights: a mask of the rooks that may castle (python-chess's
/// `castling_rights`).
pub fn set_castling_rights(board: &mut Board<Chess>, mask: u64) {
    let _ = board.edit_state(|setup| {
        setup.castling_rights = Bitboard(mask);
        Ok::<(), PyErr>(())
    });
}

/// Sets the en passant square (`None` for none).
pub fn set_ep_square(board: &mut Board<Chess>, square: &Bound<'_, PyAny>) -> PyResult<()> {
    let ep = if square.is_none() {
        None
    } else {
        Some(square_arg(square)?)
    };
    board.edit_state(|setup| {
        setup.ep_square = ep;
        Ok::<(), PyErr>(())
    })
}

/// python-chess's `ep_square`: on a playable board the square the last double step passed over
/// ([`qipan::Game::passed_ep_square`]), on one set up unplayably the square as set.
pub fn ep_square(board: &Board<Chess>) -> Option<u32> {
    if let Some(given) = board.given_setup() {
        return given.ep_square.map(|sq| sq.index() as u32);
    }
    if board.is_playable() {
        board.game().passed_ep_square().map(|sq| sq.index() as u32)
    } else {
        board.setup().ep_square.map(|sq| sq.index() as u32)
    }
}

/// Whether `color` may still castle on `side` (either side when `None`). On a board set up
/// unplayably this is python-chess's answer from the rights its placement supports.
pub fn has_castling_rights(
    board: &Board<Chess>,
    color: &Bound<'_, PyAny>,
    side: Option<CastlingSide>,
) -> PyResult<bool> {
    let color = color_arg(color)?;
    if board.is_playable() {
        let pos = board.position();
        return Ok(match side {
            Some(side) => pos.has_castling_right(color, side),
            None => pos.has_any_castling_right(color),
        });
    }
    let setup = board.setup();
    let backrank = Bitboard::backrank(color);
    let rooks = setup.clean_castling_rights() & backrank & setup.by_color(color);
    let Some(side) = side else {
        return Ok(rooks.any());
    };
    let Some(king) = (setup.pieces(color, Role::King) & backrank).last() else {
        return Ok(false);
    };
    Ok(rooks.into_iter().any(|rook| match side {
        CastlingSide::KingSide => rook.index() > king.index(),
        CastlingSide::QueenSide => rook.index() < king.index(),
    }))
}
