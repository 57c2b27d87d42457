//! python-chess's remaining `Board` surface on `ChessBoard`: pseudo-legal generation, move
//! generation with square masks, captures, en passant and castling on their own, and the piece
//! masks (`occupied`, `pawns`, ...) as ints.
//!
//! The core computes every answer (`qipan::chess::Chess::pseudo_legal_moves`, ...); the functions
//! here convert masks and moves. [`with_chess_dropin!`] adds them as methods to the `ChessBoard`
//! class (a pyclass has one `#[pymethods]` block, written by `board_class!`).

use pyo3::prelude::*;
use pyo3::types::PyIterator;
use pyo3::IntoPyObjectExt;
use qipan::chess::{Bitboard, Chess, Move, MoveList, Role};
use qipan::Color;

use crate::board::Board;
use crate::pymove::MoveArg;

/// A square mask argument: an int (negative ints are read in two's complement, as python-chess's
/// `~mask` gives) or anything with `__index__` (a `SquareSet`).
pub fn mask_arg(value: &Bound<'_, PyAny>) -> PyResult<Bitboard> {
    if let Ok(mask) = value.extract::<u64>() {
        return Ok(Bitboard(mask));
    }
    let mask: i128 = value.extract()?;
    Ok(Bitboard(mask as u64))
}

/// The position moves are generated in; an error for a board that cannot be played.
pub fn position(board: &Board<Chess>) -> PyResult<&Chess> {
    board.playable()?;
    Ok(board.position())
}

/// What each generator asks of the core.
#[derive(Debug, Clone, Copy)]
pub enum Generate {
    /// Pseudo-legal moves.
    PseudoLegal,
    /// Pseudo-legal captures (en passant included).
    PseudoLegalCaptures,
    /// Pseudo-legal en passant captures.
    PseudoLegalEnPassant,
    /// Legal moves.
    Legal,
    /// Legal captures (en passant included).
    LegalCaptures,
    /// Legal en passant captures.
    LegalEnPassant,
    /// Legal castling moves.
    Castling,
}

/// The moves `what` asks for, from the pieces on `from` to the squares of `to`.
pub fn generate(pos: &Chess, what: Generate, from: Bitboard, to: Bitboard) -> MoveList {
    let theirs = pos.by_color(!pos.turn());
    match what {
        Generate::PseudoLegal => pos.pseudo_legal_moves(from, to),
        Generate::PseudoLegalCaptures => {
            let mut list = pos.pseudo_legal_moves(from, to & theirs);
            list.extend(pos.pseudo_legal_en_passant(from, to));
            list
        }
        Generate::PseudoLegalEnPassant => pos.pseudo_legal_en_passant(from, to),
        Generate::Legal => pos.legal_moves_filtered(from, to),
        Generate::LegalCaptures => {
            let mut list = pos.legal_moves_filtered(from, to & theirs);
            list.retain(|mv| mv.castling_side().is_none());
            list.extend(pos.legal_en_passant_captures(from, to));
            list
        }
        Generate::LegalEnPassant => {
            let mut list = MoveList::new();
            list.extend(pos.legal_en_passant_captures(from, to));
            list
        }
        Generate::Castling => pos.castling_moves(from, to),
    }
}

/// The core move `value` (a move object) names on `pos`, legal or not: `None` for the null
/// move, a drop or text that names no move here.
pub fn unchecked_move(pos: &Chess, value: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
    let arg = MoveArg::extract(value)?;
    if let Some(mv) = <Chess as crate::games::BindVariant>::unwrap(arg.repr()) {
        // A move generated here needs no reading; one of another position is read by its
        // coordinates (an en passant capture there may be a plain move here).
        if pos.is_pseudo_legal(mv) {
            return Ok(Some(mv));
        }
    }
    let coord = arg.repr().coord();
    Ok(pos.parse_uci_unchecked(&coord).ok())
}

/// Whether `value` (a move object) is pseudo-legal on `pos`. One of qipan's own moves is
/// answered without reading text; its coordinates are read again only where the same squares
/// may make another kind of move here (en passant, castling).
pub fn is_pseudo_legal(pos: &Chess, value: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Ok(ours) = value.cast::<crate::pymove::PyMove>() {
        if let Some(mv) = <Chess as crate::games::BindVariant>::unwrap(&ours.get().repr) {
            if pos.is_pseudo_legal(mv) {
                return Ok(true);
            }
            let other_kind = mv.is_null()
                || pos.ep_square() == Some(mv.to())
                || pos.pieces(pos.turn(), Role::King).contains(mv.from());
            if !other_kind {
                return Ok(false);
            }
        }
        // Coordinates (`Move.from_uci`, `Move(from, to)`) are read where they are kept, with no
        // copy of the text and no second look at the argument.
        if let crate::repr::MoveRepr::Coords { mv, .. } = &ours.get().repr {
            return Ok(pos
                .coords_unchecked(*mv)
                .is_some_and(|mv| pos.is_pseudo_legal(mv)));
        }
    }
    Ok(unchecked_move(pos, value)?.is_some_and(|mv| pos.is_pseudo_legal(mv)))
}

/// Whether the piece on `role`'s squares of either colour: python-chess's `board.pawns` & co.
pub fn role_mask(board: &Board<Chess>, role: Role) -> u64 {
    let setup = board.setup();
    (setup.pieces(Color::White, role) | setup.pieces(Color::Black, role)).0
}

/// XBoard move text as the SAN reader takes it: `@@@@` is the null move.
pub fn xboard_text(text: &str) -> &str {
    if text == "@@@@" {
        "--"
    } else {
        text
    }
}

/// `value` (a legal move) in XBoard notation.
pub fn xboard(board: &Board<Chess>, value: &Bound<'_, PyAny>, chess960: bool) -> PyResult<String> {
    let arg = MoveArg::extract(value)?;
    let coord = arg.repr().coord();
    if coord == "0000" {
        return Ok("@@@@".to_owned());
    }
    if chess960 {
        if let Ok(mv) = board.resolve(arg.repr()) {
            match mv.castling_side() {
                Some(qipan::chess::CastlingSide::KingSide) => return Ok("O-O".to_owned()),
                Some(qipan::chess::CastlingSide::QueenSide) => return Ok("O-O-O".to_owned()),
                None => {}
            }
        }
    }
    Ok(coord)
}

/// python-chess's `find_move`: the legal move between two squares.
pub fn find_move(
    board: &Board<Chess>,
    from: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
    promotion: Option<i64>,
) -> PyResult<Move> {
    let from = crate::chess_inspect::square_arg(from)?;
    let to = crate::chess_inspect::square_arg(to)?;
    let pos = position(board)?;
    let promotion = promotion.map(crate::piece::role_of_type).transpose()?;
    pos.find_move(from, to, promotion).ok_or_else(|| {
        crate::errors::BoardError::from(qipan::MoveError::illegal(
            &format!("{from}{to}"),
            pos.to_fen(),
        ))
        .into()
    })
}

/// python-chess's `board.pseudo_legal_moves`: a live view of a board's pseudo-legal moves.
#[pyclass(module = "qipan", name = "PseudoLegalMoveGenerator", frozen)]
pub struct PseudoLegalMoves {
    board: Py<PyAny>,
    with_board: WithBoard,
}

/// Calls the reader with the chess board inside a Python board object (given by the board class,
/// so that this module needs not name it).
pub type WithBoard = fn(
    &Bound<'_, PyAny>,
    &mut dyn FnMut(&Board<Chess>) -> PyResult<Py<PyAny>>,
) -> PyResult<Py<PyAny>>;

impl PseudoLegalMoves {
    /// The view of `board`, whose chess board `with_board` reads.
    pub fn new(board: Py<PyAny>, with_board: WithBoard) -> Self {
        PseudoLegalMoves { board, with_board }
    }

    /// `read` applied to the viewed board.
    fn read<'py, T>(
        &self,
        py: Python<'py>,
        mut read: impl FnMut(&Board<Chess>) -> PyResult<T>,
    ) -> PyResult<Bound<'py, PyAny>>
    where
        T: IntoPyObject<'py>,
    {
        let out = (self.with_board)(self.board.bind(py), &mut |board| {
            read(board)?.into_py_any(py)
        })?;
        Ok(out.into_bound(py))
    }
}

#[pymethods]
impl PseudoLegalMoves {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.read(py, |board| {
            generate_moves(
                board,
                py,
                Generate::PseudoLegal,
                Bitboard::FULL,
                Bitboard::FULL,
            )
        })?
        .try_iter()
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.read(py, |board| {
            Ok(position(board)?
                .pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL)
                .len())
        })?
        .extract()
    }

    /// The number of pseudo-legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.read(py, |board| is_pseudo_legal(position(board)?, r#move))?
            .extract()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.read(py, |board| {
            let pos = position(board)?;
            let moves: Vec<String> = pos
                .pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL)
                .iter()
                .map(|&mv| {
                    if pos.is_legal(mv) {
                        pos.san(mv)
                    } else {
                        pos.uci(mv)
                    }
                })
                .collect();
            Ok(format!("<PseudoLegalMoveGenerator ({})>", moves.join(", ")))
        })?
        .extract()
    }
}

/// Wraps a `board_class!` invocation of `ChessBoard`, adding the methods of this module to its
/// `#[pymethods]` block (and those of `with_chess_inspection!`).
macro_rules! with_chess_dropin {
    (board_class! { $(#[$doc:meta])* $name:ident($variant:ty, $pyname:literal) { $($extra:tt)* } }) => {
        $crate::chess_text::with_chess_text! {
        board_class! {
            $(#[$doc])*
            $name($variant, $pyname) {
                $($extra)*

                // --- python-chess's generation (chess_dropin.rs) ------------------------------

                /// The pseudo-legal moves: a live view (`len`, `in`, iteration, `bool`).
                #[getter]
                fn pseudo_legal_moves(slf: ::pyo3::Py<Self>) -> $crate::chess_dropin::PseudoLegalMoves {
                    $crate::chess_dropin::PseudoLegalMoves::new(slf.into_any(), |board, read| {
                        read(&board.cast::<Self>()?.borrow().inner)
                    })
                }

                /// The pseudo-legal moves from the squares of `from_mask` to those of `to_mask`.
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_pseudo_legal_moves<'py>(&self, py: ::pyo3::Python<'py>, from_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyIterator>> {
                    $crate::chess_dropin::generate_masked(&self.inner, py, $crate::chess_dropin::Generate::PseudoLegal, from_mask, to_mask)
                }

                /// The pseudo-legal captures, en passant included.
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_pseudo_legal_captures<'py>(&self, py: ::pyo3::Python<'py>, from_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyIterator>> {
                    $crate::chess_dropin::generate_masked(&self.inner, py, $crate::chess_dropin::Generate::PseudoLegalCaptures, from_mask, to_mask)
                }

                /// The pseudo-legal en passant captures.
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_pseudo_legal_ep(&mut self, py: ::pyo3::Python<'_>, from_mask: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Py<$crate::few_moves::FewMoves>> {
                    $crate::chess_dropin::generate_en_passant(&self.inner, &mut self.legal.en_passant, py, false, from_mask, to_mask)
                }

                /// The legal moves from the squares of `from_mask` to those of `to_mask`
                /// (castling: the rook's square).
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_legal_moves<'py>(&self, py: ::pyo3::Python<'py>, from_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyIterator>> {
                    $crate::chess_dropin::generate_masked(&self.inner, py, $crate::chess_dropin::Generate::Legal, from_mask, to_mask)
                }

                /// The legal captures, en passant included.
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_legal_captures<'py>(&self, py: ::pyo3::Python<'py>, from_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyIterator>> {
                    $crate::chess_dropin::generate_masked(&self.inner, py, $crate::chess_dropin::Generate::LegalCaptures, from_mask, to_mask)
                }

                /// The legal en passant captures.
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_legal_ep(&mut self, py: ::pyo3::Python<'_>, from_mask: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Py<$crate::few_moves::FewMoves>> {
                    $crate::chess_dropin::generate_en_passant(&self.inner, &mut self.legal.en_passant, py, true, from_mask, to_mask)
                }

                /// The legal castling moves of the king on `from_mask` with the rooks on `to_mask`.
                #[pyo3(signature = (from_mask = None, to_mask = None))]
                fn generate_castling_moves<'py>(&self, py: ::pyo3::Python<'py>, from_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>, to_mask: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyIterator>> {
                    $crate::chess_dropin::generate_masked(&self.inner, py, $crate::chess_dropin::Generate::Castling, from_mask, to_mask)
                }

                /// Whether `move` is pseudo-legal: a move of a piece of the side to move that
                /// its piece can make, perhaps leaving its king attacked (castling fully checked).
                #[pyo3(signature = (r#move))]
                fn is_pseudo_legal(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<bool> {
                    $crate::chess_dropin::is_pseudo_legal($crate::chess_dropin::position(&self.inner)?, r#move)
                }

                /// Whether the side to move has a legal en passant capture.
                fn has_legal_en_passant(&self) -> ::pyo3::PyResult<bool> {
                    Ok($crate::chess_dropin::position(&self.inner)?.legal_ep_square().is_some())
                }

                /// Whether the side to move has a pseudo-legal en passant capture.
                fn has_pseudo_legal_en_passant(&self) -> ::pyo3::PyResult<bool> {
                    let pos = $crate::chess_dropin::position(&self.inner)?;
                    Ok(!pos.pseudo_legal_en_passant(::qipan::chess::Bitboard::FULL, ::qipan::chess::Bitboard::FULL).is_empty())
                }

                /// The occupied squares, as an int mask.
                #[getter]
                fn occupied(&self) -> u64 {
                    self.inner.setup().occupied().0
                }

                /// The squares of each colour's pieces: `occupied_co[WHITE]`, `occupied_co[BLACK]`.
                #[getter]
                fn occupied_co(&self) -> [u64; 2] {
                    let setup = self.inner.setup();
                    [setup.by_color(::qipan::Color::Black).0, setup.by_color(::qipan::Color::White).0]
                }

                /// The squares of the pawns of both colours, as an int mask.
                #[getter]
                fn pawns(&self) -> u64 {
                    $crate::chess_dropin::role_mask(&self.inner, ::qipan::chess::Role::Pawn)
                }

                /// The squares of the knights of both colours, as an int mask.
                #[getter]
                fn knights(&self) -> u64 {
                    $crate::chess_dropin::role_mask(&self.inner, ::qipan::chess::Role::Knight)
                }

                /// The squares of the bishops of both colours, as an int mask.
                #[getter]
                fn bishops(&self) -> u64 {
                    $crate::chess_dropin::role_mask(&self.inner, ::qipan::chess::Role::Bishop)
                }

                /// The squares of the rooks of both colours, as an int mask.
                #[getter]
                fn rooks(&self) -> u64 {
                    $crate::chess_dropin::role_mask(&self.inner, ::qipan::chess::Role::Rook)
                }

                /// The squares of the queens of both colours, as an int mask.
                #[getter]
                fn queens(&self) -> u64 {
                    $crate::chess_dropin::role_mask(&self.inner, ::qipan::chess::Role::Queen)
                }

                /// The squares of the kings of both colours, as an int mask.
                #[getter]
                fn kings(&self) -> u64 {
                    $crate::chess_dropin::role_mask(&self.inner, ::qipan::chess::Role::King)
                }

                /// An empty board (no pieces, White to move, no castling rights), as python-chess's
                /// `Board.empty()`.
                #[classmethod]
                #[pyo3(signature = (*, chess960 = false))]
                fn empty(_cls: &::pyo3::Bound<'_, ::pyo3::types::PyType>, py: ::pyo3::Python<'_>, chess960: bool) -> ::pyo3::PyResult<Self> {
                    let rules = if chess960 { Some("chess960") } else { None };
                    let mut inner = $crate::board::Board::new(None, rules)?;
                    $crate::chess_setup::clear(&mut inner);
                    Self::from_board(py, inner)
                }

                /// The castling rights the placement supports: `castling_rights` itself once moves
                /// were played (a game assigns no new rights), else the rooks of each colour on their
                /// back rank with their king where castling needs it (python-chess's
                /// `clean_castling_rights()`).
                fn clean_castling_rights(&self) -> u64 {
                    let setup = self.inner.setup();
                    if self.inner.game().moves().is_empty() {
                        setup.clean_castling_rights().0
                    } else {
                        setup.castling_rights.0
                    }
                }

                /// `move` in XBoard notation: coordinates, `@@@@` for the null move, and `O-O` /
                /// `O-O-O` for castling in Chess960 (`chess960=None`: the board's mode).
                #[pyo3(signature = (r#move, chess960 = None))]
                fn xboard(&self, r#move: &::pyo3::Bound<'_, ::pyo3::PyAny>, chess960: Option<bool>) -> ::pyo3::PyResult<String> {
                    let chess960 = chess960.unwrap_or_else(|| self.inner.setup().chess960);
                    $crate::chess_dropin::xboard(&self.inner, r#move, chess960)
                }

                /// Reads a legal move in XBoard notation (SAN, coordinates, `@@@@`) without playing it.
                fn parse_xboard(&self, py: ::pyo3::Python<'_>, xboard: &str) -> ::pyo3::PyResult<::pyo3::Py<$crate::pymove::PyMove>> {
                    let text = $crate::chess_dropin::xboard_text(xboard);
                    self.parse_text(py, text, |pos, text| pos.parse_san(text))
                }

                /// Plays a move in XBoard notation and returns it.
                fn push_xboard(&mut self, py: ::pyo3::Python<'_>, xboard: &str) -> ::pyo3::PyResult<::pyo3::Py<$crate::pymove::PyMove>> {
                    let text = $crate::chess_dropin::xboard_text(xboard);
                    self.push_text(py, text, |pos, text| pos.parse_san(text))
                }

                /// The legal move from `from_square` to `to_square` (a pawn reaching the last rank
                /// promotes to `promotion`, a queen by default; the king moving two squares or onto
                /// its rook castles); `IllegalMoveError` when there is none.
                #[pyo3(signature = (from_square, to_square, promotion = None))]
                fn find_move(&self, py: ::pyo3::Python<'_>, from_square: &::pyo3::Bound<'_, ::pyo3::PyAny>, to_square: &::pyo3::Bound<'_, ::pyo3::PyAny>, promotion: Option<i64>) -> ::pyo3::PyResult<::pyo3::Py<$crate::pymove::PyMove>> {
                    let mv = $crate::chess_dropin::find_move(&self.inner, from_square, to_square, promotion)?;
                    $crate::chess_dropin::interned_move(&self.inner, py, mv)
                }

                /// The EPD of the position (the en passant square only when a capture there is
                /// legal) with `operations` given as keywords (`bm=move`, `id="BK.01"`, `pv=[...]`,
                /// `noop=None`). Only python-chess's default formatting options are offered.
                #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None, **operations))]
                fn epd(&self, shredder: bool, en_passant: &str, promoted: Option<bool>, operations: Option<&::pyo3::Bound<'_, ::pyo3::types::PyDict>>) -> ::pyo3::PyResult<String> {
                    if shredder || en_passant != "legal" {
                        return Err(::pyo3::exceptions::PyValueError::new_err("epd(): only shredder=False and en_passant=\"legal\" are supported"));
                    }
                    let epd = $crate::chess_epd::epd(&self.inner, operations)?;
                    Ok($crate::chess_text::marked(&self.inner, epd, promoted))
                }

                /// Sets the position from an EPD (clocks from `hmvc` / `fmvn`, else 0 and 1) and
                /// returns its operations as a dict; the moves are forgotten.
                fn set_epd<'py>(&mut self, py: ::pyo3::Python<'py>, epd: &str) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyDict>> {
                    let ops = $crate::chess_epd::set_epd(py, &mut self.inner, epd)?;
                    self.stack.clear();
                    Ok(ops)
                }

                /// A board and the operations of an EPD: `board, ops = Board.from_epd(text)`.
                #[classmethod]
                #[pyo3(signature = (epd, *, chess960 = false))]
                fn from_epd<'py>(_cls: &::pyo3::Bound<'py, ::pyo3::types::PyType>, py: ::pyo3::Python<'py>, epd: &str, chess960: bool) -> ::pyo3::PyResult<(Self, ::pyo3::Bound<'py, ::pyo3::types::PyDict>)> {
                    let rules = if chess960 { Some("chess960") } else { None };
                    let mut inner = $crate::board::Board::new(None, rules)?;
                    let ops = $crate::chess_epd::set_epd(py, &mut inner, epd)?;
                    Ok((Self::from_board(py, inner)?, ops))
                }

                /// The FEN with Shredder-FEN castling rights (the rooks' files: `HAha`).
                fn shredder_fen(&self) -> ::pyo3::PyResult<String> {
                    Ok($crate::chess_dropin::position(&self.inner)?.fen_shredder())
                }

                /// Sets up Chess960 start position `n` (0-959, Scharnagl numbering; 518 is the
                /// standard one); the moves are forgotten. A standard board becomes a Chess960 one.
                fn set_chess960_pos(&mut self, py: ::pyo3::Python<'_>, n: i64) -> ::pyo3::PyResult<()> {
                    let start = u32::try_from(n)
                        .ok()
                        .and_then(::qipan::chess::Chess::chess960_start)
                        .ok_or_else(|| ::pyo3::exceptions::PyValueError::new_err(format!("no Chess960 position {n}: expected 0 to 959")))?;
                    *self = Self::from_board(py, $crate::board::Board::from_position(start, ::qipan::chess::ChessRules::CHESS960))?;
                    Ok(())
                }

                /// Mirrors the board in place (python-chess's `apply_mirror()`: `mirror()` kept).
                fn apply_mirror(&mut self) {
                    *self = self.mirror();
                }

                /// Applies `f` to the board's square sets in place, forgetting the moves
                /// (python-chess's `apply_transform(f)`: `transform(f)` kept).
                fn apply_transform(&mut self, f: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<()> {
                    *self = self.transform(f)?;
                    Ok(())
                }

                // --- end of python-chess's generation ------------------------------------------
            }
        }
        }
    };
}

pub(crate) use with_chess_dropin;

/// The interned Python object of a move of the board's position.
pub fn interned_move(
    board: &Board<Chess>,
    py: Python<'_>,
    mv: Move,
) -> PyResult<Py<crate::pymove::PyMove>> {
    let (cache, wrap) = <Chess as crate::games::BindVariant>::moves_of(board.position());
    cache.one(py, mv, wrap)
}

/// The squares of a mask pair, every square for a `None`.
fn masks(
    from_mask: Option<&Bound<'_, PyAny>>,
    to_mask: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Bitboard, Bitboard)> {
    let square_set = |mask: Option<&Bound<'_, PyAny>>| {
        mask.map(mask_arg)
            .transpose()
            .map(|set| set.unwrap_or(Bitboard::FULL))
    };
    Ok((square_set(from_mask)?, square_set(to_mask)?))
}

/// The moves `what` asks for between the masks (every square when `None`), as an iterator of
/// interned `Move` objects.
pub fn generate_masked<'py>(
    board: &Board<Chess>,
    py: Python<'py>,
    what: Generate,
    from_mask: Option<&Bound<'py, PyAny>>,
    to_mask: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyIterator>> {
    let (from, to) = masks(from_mask, to_mask)?;
    generate_moves(board, py, what, from, to)?.try_iter()
}

/// The moves `what` asks for between the masks, as a list of interned `Move` objects.
fn generate_moves<'py>(
    board: &Board<Chess>,
    py: Python<'py>,
    what: Generate,
    from: Bitboard,
    to: Bitboard,
) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    let pos = position(board)?;
    let (cache, wrap) = <Chess as crate::games::BindVariant>::moves_of(pos);
    cache.list(py, &generate(pos, what, from, to), wrap)
}

/// The en passant captures between the masks (legal ones when `legal`), as an iterator that
/// holds them inline: at most two, often none.
pub fn generate_en_passant(
    board: &Board<Chess>,
    slot: &mut crate::few_moves::FewMovesSlot,
    py: Python<'_>,
    legal: bool,
    from_mask: Option<&Bound<'_, PyAny>>,
    to_mask: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<crate::few_moves::FewMoves>> {
    let (from, to) = masks(from_mask, to_mask)?;
    let pos = position(board)?;
    let key = crate::few_moves::FewMovesKey {
        state: board.state(),
        legal,
        from,
        to,
    };
    slot.get(py, key, || {
        if pos.ep_square().is_none() {
            return Ok(crate::few_moves::FewMoves::new(None, None));
        }
        let moves = if legal {
            pos.legal_en_passant_captures(from, to)
        } else {
            pos.en_passant_captures(from, to)
        };
        let (cache, wrap) = <Chess as crate::games::BindVariant>::moves_of(pos);
        let mut objects = moves.iter().map(|&mv| cache.one(py, mv, wrap));
        let first = objects.next().transpose()?;
        let second = objects.next().transpose()?;
        Ok(crate::few_moves::FewMoves::new(first, second))
    })
}
