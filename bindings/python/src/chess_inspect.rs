//! What a python-chess program asks a `ChessBoard`: pieces and squares,
//! attacks, pins, move properties, long algebraic notation, repetitions, clocks and castling
//! rights, with python-chess's names and types (`SquareSet`, `Piece`, squares as ints).
//!
//! Every answer comes from the core (`qipan::chess::Chess`, `qipan::Game`); the functions here
//! convert arguments and results. [`with_chess_inspection!`] adds them as methods to the
//! `ChessBoard` class (a pyclass has one `#[pymethods]` block, written by `board_class!`).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipan::chess::{Bitboard, CastlingSide, Chess, Move, Role, Square};

use crate::board::{resolve_on, Board};
use crate::errors::BoardError;
use crate::piece::{piece_object, role_of_type, type_of_role, PyPiece};
use crate::pymove::{color_arg, MoveArg};
use crate::squareset::{square_index, SquareSet};

/// A chess square argument (0 = a1 ... 63 = h8).
pub fn square_arg(value: &Bound<'_, PyAny>) -> PyResult<Square> {
    Ok(Square::new(square_index(value)?))
}

/// The legal move of the current position that `value` (a move object) stands for.
pub fn legal_move(board: &Board<Chess>, value: &Bound<'_, PyAny>) -> PyResult<Move> {
    let arg = MoveArg::extract(value)?;
    Ok(board.resolve(arg.repr())?)
}

fn set(bits: Bitboard) -> SquareSet {
    SquareSet::new(bits.0)
}

/// The piece on `square`, interned.
pub fn piece_at(
    py: Python<'_>,
    board: &Board<Chess>,
    square: &Bound<'_, PyAny>,
) -> PyResult<Option<Py<PyPiece>>> {
    board
        .setup()
        .piece_at(square_arg(square)?)
        .map(|piece| piece_object(py, piece))
        .transpose()
}

/// The pieces by square, highest square first (python-chess's order).
pub fn piece_map<'py>(py: Python<'py>, board: &Board<Chess>) -> PyResult<Bound<'py, PyDict>> {
    let pos = board.setup();
    let dict = PyDict::new(py);
    for sq in pos.occupied().into_iter().rev() {
        if let Some(piece) = pos.piece_at(sq) {
            dict.set_item(sq.index(), piece_object(py, piece)?)?;
        }
    }
    Ok(dict)
}

/// The squares of the pieces of `piece_type` and `color`.
pub fn pieces(
    board: &Board<Chess>,
    piece_type: i64,
    color: &Bound<'_, PyAny>,
) -> PyResult<SquareSet> {
    let role = role_of_type(piece_type)?;
    Ok(set(board.setup().pieces(color_arg(color)?, role)))
}

/// The squares of `color`'s pieces that attack `square`.
pub fn attackers(
    board: &Board<Chess>,
    color: &Bound<'_, PyAny>,
    square: &Bound<'_, PyAny>,
) -> PyResult<SquareSet> {
    Ok(set(board
        .setup()
        .attackers(square_arg(square)?, color_arg(color)?)))
}

/// The pin line of `square` for `color`, or every square when it is not pinned (python-chess).
pub fn pin(
    board: &Board<Chess>,
    color: &Bound<'_, PyAny>,
    square: &Bound<'_, PyAny>,
) -> PyResult<SquareSet> {
    let line = board
        .setup()
        .pin_line(color_arg(color)?, square_arg(square)?);
    Ok(set(line.unwrap_or(Bitboard::FULL)))
}

/// Which side of the board a legal castling move goes to, `None` for other moves.
pub fn castling_side(
    board: &Board<Chess>,
    mv: &Bound<'_, PyAny>,
) -> PyResult<Option<CastlingSide>> {
    Ok(legal_move(board, mv)?.castling_side())
}

/// The moves `moves` (an iterable of move objects) played from the current position, in SAN
/// with move numbers.
pub fn variation_san(board: &Board<Chess>, moves: &Bound<'_, PyAny>) -> PyResult<String> {
    board.playable()?;
    let mut pos = *board.position();
    let mut typed = Vec::new();
    for item in moves.try_iter()? {
        let arg = MoveArg::extract(&item?)?;
        let mv = resolve_on(&pos, arg.repr())?;
        typed.push(mv);
        pos.play_unchecked(mv);
    }
    board
        .position()
        .variation_san(&typed)
        .map_err(|e| BoardError::from(e).into())
}

/// The python-chess piece type on a square, from the core's role.
pub fn piece_type_of(role: Option<Role>) -> Option<u8> {
    role.map(type_of_role)
}

/// Wraps a `board_class!` invocation of `ChessBoard`, adding the inspection methods to its
/// `#[pymethods]` block.
macro_rules! with_chess_inspection {
    (board_class! { $(#[$doc:meta])* $name:ident($variant:ty, $pyname:literal) { $($extra:tt)* } }) => {
        board_class! {
            $(#[$doc])*
            $name($variant, $pyname) {
                $($extra)*

                // --- inspection: see chess_inspect.rs ---------------------

                /// The piece on `square` (0 = a1 ... 63 = h8), or `None`.
                fn piece_at(&self, py: ::pyo3::Python<'_>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<::pyo3::Py<$crate::piece::PyPiece>>> {
                    $crate::chess_inspect::piece_at(py, &self.inner, square)
                }

                /// The piece type on `square` (1 pawn to 6 king), or `None`.
                fn piece_type_at(&self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<u8>> {
                    let sq = $crate::chess_inspect::square_arg(square)?;
                    Ok($crate::chess_inspect::piece_type_of(self.inner.setup().piece_at(sq).map(|p| p.role)))
                }

                /// The colour of the piece on `square` (`True` for White), or `None`.
                fn color_at(&self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<bool>> {
                    let sq = $crate::chess_inspect::square_arg(square)?;
                    Ok(self.inner.setup().piece_at(sq).map(|p| p.color == ::qipan::Color::White))
                }

                /// The pieces by square: `{square: Piece}`.
                fn piece_map<'py>(&self, py: ::pyo3::Python<'py>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyDict>> {
                    $crate::chess_inspect::piece_map(py, &self.inner)
                }

                /// The squares of the pieces of `piece_type` and `color`.
                fn pieces(&self, piece_type: i64, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$crate::squareset::SquareSet> {
                    $crate::chess_inspect::pieces(&self.inner, piece_type, color)
                }

                /// The square of `color`'s king, or `None`.
                fn king(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<usize>> {
                    Ok(self.inner.setup().king($crate::pymove::color_arg(color)?).map(|sq| sq.index()))
                }

                /// The squares the piece on `square` attacks (empty for an empty square).
                fn attacks(&self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$crate::squareset::SquareSet> {
                    let sq = $crate::chess_inspect::square_arg(square)?;
                    Ok($crate::squareset::SquareSet::new(self.inner.setup().attacks(sq).0))
                }

                /// The squares of `color`'s pieces that attack `square`.
                fn attackers(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$crate::squareset::SquareSet> {
                    $crate::chess_inspect::attackers(&self.inner, color, square)
                }

                /// Whether a piece of `color` attacks `square`.
                fn is_attacked_by(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok($crate::chess_inspect::attackers(&self.inner, color, square)?.mask() != 0)
                }

                /// The pieces giving check to the side to move.
                fn checkers(&self) -> $crate::squareset::SquareSet {
                    $crate::squareset::SquareSet::new(self.inner.setup().checkers().0)
                }

                /// The line `square` may move along when it pins to `color`'s king; every square
                /// when it is not pinned.
                fn pin(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$crate::squareset::SquareSet> {
                    $crate::chess_inspect::pin(&self.inner, color, square)
                }

                /// Whether `square` is pinned to `color`'s king.
                fn is_pinned(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.setup().pin_line($crate::pymove::color_arg(color)?, $crate::chess_inspect::square_arg(square)?).is_some())
                }

                /// Whether the legal move `move` captures (en passant included).
                #[pyo3(signature = (r#move))]
                fn is_capture(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.position().is_capture($crate::chess_inspect::legal_move(&self.inner, r#move)?))
                }

                /// Whether the legal move `move` gives check.
                #[pyo3(signature = (r#move))]
                fn gives_check(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.position().gives_check($crate::chess_inspect::legal_move(&self.inner, r#move)?))
                }

                /// Whether the legal move `move` is castling.
                #[pyo3(signature = (r#move))]
                fn is_castling(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok($crate::chess_inspect::castling_side(&self.inner, r#move)?.is_some())
                }

                /// Whether the legal move `move` is castling on the king's side (towards the h-file).
                #[pyo3(signature = (r#move))]
                fn is_kingside_castling(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok($crate::chess_inspect::castling_side(&self.inner, r#move)? == Some(::qipan::chess::CastlingSide::KingSide))
                }

                /// Whether the legal move `move` is castling on the queen's side (towards the a-file).
                #[pyo3(signature = (r#move))]
                fn is_queenside_castling(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok($crate::chess_inspect::castling_side(&self.inner, r#move)? == Some(::qipan::chess::CastlingSide::QueenSide))
                }

                /// Whether the legal move `move` is an en passant capture.
                #[pyo3(signature = (r#move))]
                fn is_en_passant(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok($crate::chess_inspect::legal_move(&self.inner, r#move)?.is_en_passant())
                }

                /// Whether the legal move `move` resets the halfmove clock (a capture or pawn move).
                #[pyo3(signature = (r#move))]
                fn is_zeroing(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.position().is_zeroing($crate::chess_inspect::legal_move(&self.inner, r#move)?))
                }

                /// Whether no earlier position can come back after the legal move `move`.
                #[pyo3(signature = (r#move))]
                fn is_irreversible(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    Ok(self.inner.position().is_irreversible($crate::chess_inspect::legal_move(&self.inner, r#move)?))
                }

                /// The piece placement field of the FEN.
                #[pyo3(signature = (*, promoted = false))]
                fn board_fen(&self, promoted: Option<bool>) -> String {
                    let setup = self.inner.setup();
                    let fen = setup.board_fen();
                    match promoted {
                        Some(true) => ::qipan::chess::mark_promoted(&fen, setup.promoted),
                        _ => fen,
                    }
                }

                /// The squares of the promoted pieces, a mask (python-chess's `promoted`): a
                /// promotion marks its piece, `set_piece_at(..., promoted=True)` and the `~` of a FEN
                /// mark one; no rule of standard chess reads it.
                #[getter]
                fn promoted(&self) -> u64 {
                    self.inner.setup().promoted.0
                }

                /// The legal move `move` in long algebraic notation (`Ng1-f3`).
                #[pyo3(signature = (r#move))]
                fn lan(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<String> {
                    Ok(self.inner.position().lan($crate::chess_inspect::legal_move(&self.inner, r#move)?))
                }

                /// `moves` played from here, in SAN with move numbers (`1. e4 e5 2. Nf3`).
                fn variation_san(&self, moves: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<String> {
                    $crate::chess_inspect::variation_san(&self.inner, moves)
                }

                /// Whether the current position has occurred `count` times (this time included).
                #[pyo3(signature = (count = 3))]
                fn is_repetition(&self, count: i64) -> ::pyo3::PyResult<bool> {
                    self.inner.playable()?;
                    Ok(i64::try_from(self.inner.game().repetitions()).unwrap_or(i64::MAX) >= count)
                }

                /// Whether the current position has occurred five times.
                fn is_fivefold_repetition(&self) -> ::pyo3::PyResult<bool> {
                    self.inner.playable()?;
                    Ok(self.inner.game().repetitions() >= 5)
                }

                /// Whether 75 moves by each side passed without a capture or pawn move.
                fn is_seventyfive_moves(&self) -> ::pyo3::PyResult<bool> {
                    self.inner.playable()?;
                    Ok(self.inner.position().is_seventyfive_moves())
                }

                /// Whether 50 moves by each side passed without a capture or pawn move.
                fn is_fifty_moves(&self) -> ::pyo3::PyResult<bool> {
                    self.inner.playable()?;
                    Ok(self.inner.position().is_fifty_moves())
                }

                /// The move number: 1 at the start, incremented after Black's move.
                #[getter]
                fn fullmove_number(&self) -> u32 {
                    self.inner.setup().fullmoves
                }

                /// Half-moves since the last capture or pawn move.
                #[getter]
                fn halfmove_clock(&self) -> u32 {
                    self.inner.setup().halfmoves
                }

                /// The square the last double pawn step passed over, or `None` (python-chess's
                /// `ep_square`: whether or not a capture there is possible).
                #[getter]
                fn ep_square(&self) -> Option<u32> {
                    $crate::chess_setup::ep_square(&self.inner)
                }

                /// The rooks that may still castle, as a square mask (python-chess's
                /// `castling_rights`: `qipan.SquareSet(board.castling_rights)`).
                #[getter]
                fn castling_rights(&self) -> u64 {
                    self.inner.setup().castling_rights.0
                }

                /// Whether `color` may still castle on either side.
                fn has_castling_rights(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    $crate::chess_setup::has_castling_rights(&self.inner, color, None)
                }

                /// Whether `color` may still castle on the king's side.
                fn has_kingside_castling_rights(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    $crate::chess_setup::has_castling_rights(&self.inner, color, Some(::qipan::chess::CastlingSide::KingSide))
                }

                /// Whether `color` may still castle on the queen's side.
                fn has_queenside_castling_rights(&self, color: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    $crate::chess_setup::has_castling_rights(&self.inner, color, Some(::qipan::chess::CastlingSide::QueenSide))
                }

                // --- end of inspection -----------------------------------------------------------

                // --- setup: see chess_setup.rs ------------------------------------

                /// What makes the board unplayable, as python-chess's `status()`: an int of
                /// `qipan.STATUS_*` flags, `qipan.STATUS_VALID` (0) for a playable one.
                fn status(&self) -> u32 {
                    self.inner.setup().status().0
                }

                /// Whether `status()` is `STATUS_VALID`.
                fn is_valid(&self) -> bool {
                    self.inner.setup().status().is_valid()
                }

                /// Sets the board from `fen` and forgets the moves played, as python-chess's
                /// `set_fen`: a FEN of a board that fails validation is held (see `status()`);
                /// text that is not a FEN raises `InvalidFenError` and changes nothing.
                fn set_fen(&mut self, fen: &str) -> ::pyo3::PyResult<()> {
                    self.inner.load_fen(fen)?;
                    self.stack.clear();
                    Ok(())
                }

                /// Sets the pieces from a FEN placement field (`"8/8/4k3/..."`); the side to move,
                /// castling rights, en passant square and clocks stay, the moves are forgotten.
                fn set_board_fen(&mut self, fen: &str) -> ::pyo3::PyResult<()> {
                    $crate::chess_setup::set_board_fen(&mut self.inner, fen)?;
                    self.stack.clear();
                    Ok(())
                }

                /// Puts `piece` (a `Piece`, a python-chess piece, or `None` to empty the square) on
                /// `square`; the moves are forgotten. The board may become unplayable: see
                /// `status()`. With `promoted=True` the piece counts as promoted (`board.promoted`).
                #[pyo3(signature = (square, piece, promoted = false))]
                fn set_piece_at(&mut self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>, piece: &::pyo3::Bound<'_, ::pyo3::PyAny>, promoted: bool) -> ::pyo3::PyResult<()> {
                    $crate::chess_setup::set_piece_at(&mut self.inner, square, piece, promoted)?;
                    self.stack.clear();
                    Ok(())
                }

                /// Takes the piece off `square` and returns it (`None` when the square is empty); the moves
                /// are forgotten either way, as python-chess forgets them.
                fn remove_piece_at(&mut self, py: ::pyo3::Python<'_>, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Option<::pyo3::Py<$crate::piece::PyPiece>>> {
                    let piece = $crate::chess_setup::remove_piece_at(py, &mut self.inner, square)?;
                    self.stack.clear();
                    Ok(piece)
                }

                /// An empty board: no pieces, White to move, no castling rights, no en passant
                /// square, move 1, no moves played (unplayable until both kings are put on).
                fn clear(&mut self) {
                    $crate::chess_setup::clear(&mut self.inner);
                    self.stack.clear();
                }

                /// Takes every piece off; the side to move, castling rights, en passant square and
                /// clocks stay, as python-chess's `clear_board()`.
                fn clear_board(&mut self) {
                    $crate::chess_setup::clear_board(&mut self.inner);
                    self.stack.clear();
                }

                /// Sets the side to move (`True` for White); the moves stay (taking one back
                /// restores the side to move before it), as python-chess's `turn`.
                #[setter(turn)]
                fn set_turn(&mut self, turn: bool) {
                    $crate::chess_setup::set_turn(&mut self.inner, turn);
                }

                /// Sets the castling rights, a mask of the rooks that may castle; the moves stay.
                #[setter(castling_rights)]
                fn set_castling_rights(&mut self, mask: u64) {
                    $crate::chess_setup::set_castling_rights(&mut self.inner, mask);
                }

                /// Sets the en passant square (`None` for none); the moves stay.
                #[setter(ep_square)]
                fn set_ep_square(&mut self, square: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<()> {
                    $crate::chess_setup::set_ep_square(&mut self.inner, square)
                }

                /// Back to the start position (of the board's rules), without moves.
                fn reset(&mut self) {
                    let rules = self.inner.game().rules().clone();
                    let start = <::qipan::chess::Chess as ::qipan::Variant>::start_with(&rules);
                    self.inner = Board::from_position(start, rules);
                    self.stack.clear();
                }

                /// Forgets the moves played; the position stays.
                fn clear_stack(&mut self) {
                    self.inner = self.inner.copy(false);
                    self.stack.clear();
                }

                /// A copy seen from the other side (ranks flipped, colours, turn, castling rights
                /// and en passant square swapped), without moves, as python-chess's `mirror()`.
                fn mirror(&self) -> Self {
                    let mut inner = self.inner.copy(false);
                    // A board played from a set-up that fails validation, or pushed into one by
                    // a pseudo-legal move, mirrors its set-up.
                    let mirrored = match inner.is_playable() && inner.given_setup().is_none() {
                        true => self.inner.position().mirror(),
                        false => None,
                    };
                    match mirrored {
                        Some(pos) => {
                            inner = Board::from_position(pos, self.inner.game().rules().clone());
                        }
                        None => inner.set_up(inner.setup().mirror()),
                    }
                    Self { inner, stack: Vec::new(), legal: Default::default() }
                }

                /// A copy with `f` (an int mask to an int mask) applied to each square set of the
                /// board, without moves, as python-chess's `transform(f)`: `chess.flip_vertical`,
                /// `chess.shift_down`, ... (see `Setup::try_transform` for what any other `f` gives).
                fn transform(&self, f: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<Self> {
                    let mut inner = self.inner.copy(false);
                    let transformed = inner.setup().try_transform(|bits| {
                        f.call1((bits.0,))?.extract::<u64>().map(::qipan::chess::Bitboard)
                    })?;
                    inner.set_up(transformed);
                    Ok(Self { inner, stack: Vec::new(), legal: Default::default() })
                }

                // --- end of setup ----------------------------------------------------------------
            }
        }
    };
}

pub(crate) use with_chess_inspection;
