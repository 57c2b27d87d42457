//! The one owner of chess validity: a [`Setup`] (any placement, syntax only) becomes a [`Chess`]
//! position through [`Chess::from_setup`], which names every problem of the setup in a
//! [`PositionError`]. Each problem can be waived one by one (`ignore_…`, or
//! [`PositionError::ignore`] with a set of [`PositionProblems`]), as shakmaty does: the relaxed
//! FEN reading waives the problems of unreachable-but-playable positions, the python-chess and
//! chess.js drop-ins waive missing and extra kings as well.
//!
//! The same examination answers python-chess's `Board.status()` ([`Setup::status`]) and the
//! detailed [`FenError`] of the strict FEN reader (`From<PositionError> for FenError`): one set
//! of rules, three views of it.
//!
//! ```
//! use qipan::chess::{CastlingMode, Chess, PositionProblems, Setup};
//! let setup = Setup::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", false).unwrap();
//! let err = Chess::from_setup(setup, CastlingMode::Standard).unwrap_err();
//! assert_eq!(err.problems(), PositionProblems::MISSING_KING);
//! // python-chess and chess.js play on a board without a king: waive it.
//! let pos = err.ignore_missing_king().unwrap();
//! assert_eq!(pos.legal_moves().len(), 5);
//! ```

use std::fmt;

use super::attacks::{aligned, line, pawn_attacks};
use super::{Bitboard, CastlingMode, CastlingSide, Chess, FenError, Role, Setup, Square};
use super::{SetupError, StatusFlags};
use crate::Color;

pub use super::position_problems::PositionProblems;

/// Why [`Chess::from_setup`] refused a setup: its problems, each of which can be waived to get
/// the position anyway.
#[derive(Clone, PartialEq, Eq)]
pub struct PositionError {
    // Boxed: the error stays small on the `Ok` path of every reader.
    setup: Box<Setup>,
    mode: CastlingMode,
    problems: PositionProblems,
}

impl fmt::Debug for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionError({}: {:?})", self.problems, self.setup)
    }
}

impl fmt::Display for PositionError {
    /// The first problem in detail, as the strict FEN reader reports it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", FenError::from(self.clone()))
    }
}

impl std::error::Error for PositionError {}

impl PositionError {
    /// Every problem of the setup.
    pub fn problems(&self) -> PositionProblems {
        self.problems
    }

    /// The setup that was refused.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// python-chess's `Board.status()` flags of the setup (a view of the same examination).
    pub fn status(&self) -> StatusFlags {
        examine(&self.setup, self.mode).1
    }

    /// The position with the problems in `waived` waived: `Ok` when no other problem is left,
    /// the error unchanged otherwise.
    pub fn ignore(self, waived: PositionProblems) -> Result<Chess, PositionError> {
        if (self.problems - waived).is_empty() {
            Ok(position_of(&self.setup, self.mode))
        } else {
            Err(self)
        }
    }

    /// Waives [`PositionProblems::MISSING_KING`].
    pub fn ignore_missing_king(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::MISSING_KING)
    }

    /// Waives [`PositionProblems::TOO_MANY_KINGS`].
    pub fn ignore_too_many_kings(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::TOO_MANY_KINGS)
    }

    /// Waives [`PositionProblems::PAWNS_ON_BACKRANK`].
    pub fn ignore_pawns_on_backrank(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::PAWNS_ON_BACKRANK)
    }

    /// Waives [`PositionProblems::INVALID_CASTLING_RIGHTS`] (the bad rights are dropped).
    pub fn ignore_invalid_castling_rights(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::INVALID_CASTLING_RIGHTS)
    }

    /// Waives [`PositionProblems::INVALID_EP_SQUARE`] (the square is dropped).
    pub fn ignore_invalid_ep_square(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::INVALID_EP_SQUARE)
    }

    /// Waives [`PositionProblems::OPPOSITE_CHECK`].
    pub fn ignore_opposite_check(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::OPPOSITE_CHECK)
    }

    /// Waives [`PositionProblems::IMPOSSIBLE_CHECK`].
    pub fn ignore_impossible_check(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::IMPOSSIBLE_CHECK)
    }

    /// Waives [`PositionProblems::TOO_MUCH_MATERIAL`].
    pub fn ignore_too_much_material(self) -> Result<Chess, PositionError> {
        self.ignore(PositionProblems::TOO_MUCH_MATERIAL)
    }
}

impl Chess {
    /// The position of `setup` played under `mode`, or every problem that keeps it from being a
    /// position a game can reach (see [`PositionError`] to waive them). The one place chess
    /// positions are validated: every FEN reader and every binding's board comes through here.
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Chess, PositionError> {
        let problems = examine(&setup, mode).0;
        if problems.is_empty() {
            Ok(position_of(&setup, mode))
        } else {
            Err(PositionError {
                setup: Box::new(setup),
                mode,
                problems,
            })
        }
    }
}

impl Setup {
    /// What makes this setup unplayable, as python-chess's `Board.status()`, under the setup's
    /// own castling mode.
    pub fn status(&self) -> StatusFlags {
        examine(self, self.castling_mode()).1
    }

    /// The castling mode of the setup's `chess960` field.
    pub(crate) fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

impl TryFrom<Setup> for Chess {
    type Error = SetupError;

    /// The position of a setup that python-chess's `status()` accepts (under the setup's own
    /// castling mode); a [`SetupError`] with the status flags otherwise.
    fn try_from(setup: Setup) -> Result<Chess, SetupError> {
        let mode = setup.castling_mode();
        let status = examine(&setup, mode).1;
        if status.is_valid() {
            Ok(position_of(&setup, mode))
        } else {
            Err(SetupError(status))
        }
    }
}

/// The position of the setup's fields: the castling rights the placement supports, the en
/// passant square only when it is valid and a pawn stands ready to take there.
fn position_of(setup: &Setup, mode: CastlingMode) -> Chess {
    let chess960 = mode == CastlingMode::Chess960;
    let mut pos = setup.placement_position();
    pos.turn = setup.turn;
    pos.castling = setup.clean_castling_rights_for(chess960);
    pos.ep = setup
        .valid_ep_square()
        .filter(|&ep| (pawn_attacks(!setup.turn, ep) & pos.pieces(setup.turn, Role::Pawn)).any());
    pos.halfmoves = setup.halfmoves;
    pos.fullmoves = setup.fullmoves.max(1);
    pos.chess960 = chess960;
    pos.zobrist = pos.zobrist_recomputed();
    pos
}

/// The examination: our problems, and python-chess's status flags of the same facts.
fn examine(setup: &Setup, mode: CastlingMode) -> (PositionProblems, StatusFlags) {
    let chess960 = mode == CastlingMode::Chess960;
    let mut status = StatusFlags::VALID;
    let mut problems = PositionProblems::NONE;
    let occupied = setup.occupied();
    let kings = setup.by_role(Role::King);
    if occupied.is_empty() {
        status |= StatusFlags::EMPTY;
    }
    for (color, no_king) in [
        (Color::White, StatusFlags::NO_WHITE_KING),
        (Color::Black, StatusFlags::NO_BLACK_KING),
    ] {
        match setup.pieces(color, Role::King).count() {
            0 => {
                status |= no_king;
                problems |= PositionProblems::MISSING_KING;
            }
            1 => {}
            _ => problems |= PositionProblems::TOO_MANY_KINGS,
        }
    }
    if kings.count() > 2 {
        status |= StatusFlags::TOO_MANY_KINGS;
    }
    for (color, too_many_pieces, too_many_pawns) in [
        (
            Color::White,
            StatusFlags::TOO_MANY_WHITE_PIECES,
            StatusFlags::TOO_MANY_WHITE_PAWNS,
        ),
        (
            Color::Black,
            StatusFlags::TOO_MANY_BLACK_PIECES,
            StatusFlags::TOO_MANY_BLACK_PAWNS,
        ),
    ] {
        if setup.by_color(color).count() > 16 {
            status |= too_many_pieces;
        }
        if setup.pieces(color, Role::Pawn).count() > 8 {
            status |= too_many_pawns;
        }
        if too_much_material(setup, color) {
            problems |= PositionProblems::TOO_MUCH_MATERIAL;
        }
    }
    if (setup.by_role(Role::Pawn) & backranks()).any() {
        status |= StatusFlags::PAWNS_ON_BACKRANK;
        problems |= PositionProblems::PAWNS_ON_BACKRANK;
    }
    if setup.castling_rights != setup.clean_castling_rights_for(chess960) {
        status |= StatusFlags::BAD_CASTLING_RIGHTS;
        problems |= PositionProblems::INVALID_CASTLING_RIGHTS;
    }
    let valid_ep = setup.valid_ep_square();
    if setup.ep_square != valid_ep {
        status |= StatusFlags::INVALID_EP_SQUARE;
        problems |= PositionProblems::INVALID_EP_SQUARE;
    }
    let us = setup.turn;
    if let Some(their_king) = setup.king(!us) {
        if setup.attackers(their_king, us).any() {
            status |= StatusFlags::OPPOSITE_CHECK;
            problems |= PositionProblems::OPPOSITE_CHECK;
        }
    }
    let checkers = setup.checkers();
    if checkers.count() > 2 {
        status |= StatusFlags::TOO_MANY_CHECKERS;
    }
    if let Some(why) = impossible_check(setup, checkers, valid_ep) {
        problems |= PositionProblems::IMPOSSIBLE_CHECK;
        // python-chess does not know that two checks by leapers (knights, pawns) are impossible.
        if why != TWO_LEAPERS {
            status |= StatusFlags::IMPOSSIBLE_CHECK;
        }
    }
    (problems, status)
}

const TWO_LEAPERS: &str = "two checkers and neither is a sliding piece";

fn backranks() -> Bitboard {
    Bitboard::rank(0) | Bitboard::rank(7)
}

/// More than 16 pieces, more than 8 pawns, or more promoted pieces than missing pawns.
fn too_much_material(setup: &Setup, color: Color) -> bool {
    let count = |role| setup.pieces(color, role).count();
    let pawns = count(Role::Pawn);
    let promoted = count(Role::Knight).saturating_sub(2)
        + count(Role::Bishop).saturating_sub(2)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Queen).saturating_sub(1);
    setup.by_color(color).count() > 16 || pawns > 8 || pawns + promoted > 8
}

/// Why the checks of the side to move cannot come from one legal last move, if they cannot.
fn impossible_check(
    setup: &Setup,
    checkers: Bitboard,
    valid_ep: Option<Square>,
) -> Option<&'static str> {
    let king = setup.king(setup.turn)?;
    if checkers.is_empty() {
        return None;
    }
    // An en passant square says the last move was that double step: it gave every check.
    if let Some(ep) = valid_ep {
        let pushed_to = Square::new((ep.index() ^ 8) as u32);
        let pushed_from = Square::new((ep.index() ^ 24) as u32);
        if checkers.more_than_one() {
            return Some("a double step gives at most one check");
        }
        let before = setup.occupied().without(pushed_to).with(pushed_from);
        let our_kings = setup.pieces(setup.turn, Role::King);
        let attacked_before = our_kings
            .into_iter()
            .any(|k| setup.placement_attackers(k, !setup.turn, before).any());
        if checkers.last() != Some(pushed_to) && attacked_before {
            return Some("the check was there before the double step");
        }
        return None;
    }
    if checkers.count() > 2 {
        return Some("more than two checkers");
    }
    if let (Some(a), Some(b)) = (checkers.first(), checkers.last()) {
        if a != b {
            let our_kings = setup.pieces(setup.turn, Role::King);
            if aligned(a, b, king) || (line(a, b) & our_kings).any() {
                return Some("two checkers on one line with the king");
            }
            let sliders = setup.by_role(Role::Bishop)
                | setup.by_role(Role::Rook)
                | setup.by_role(Role::Queen);
            if (checkers & sliders).is_empty() {
                return Some(TWO_LEAPERS);
            }
        }
    }
    None
}

/// Why the en passant square of `setup` is not one a double step explains, if it is not.
pub(super) fn ep_problem(setup: &Setup, square: Square) -> Option<&'static str> {
    let us = setup.turn;
    if square.relative_rank(us) != 5 {
        return Some("wrong rank for the side to move");
    }
    let pushed = Square::new((square.index() ^ 8) as u32);
    let origin = Square::new((square.index() ^ 24) as u32);
    if !setup.pieces(!us, Role::Pawn).contains(pushed) {
        return Some("no pawn that just made a double step");
    }
    if setup.occupied().contains(square) || setup.occupied().contains(origin) {
        return Some("the squares the pawn passed are occupied");
    }
    None
}

/// The castling letter a right is written with, and why the board does not support it.
fn castling_problem(setup: &Setup, rook: Square, chess960: bool) -> Option<(char, &'static str)> {
    let color = if rook.rank() < 4 {
        Color::White
    } else {
        Color::Black
    };
    let backrank = Bitboard::backrank(color);
    let king = setup.king(color);
    let side = match king {
        Some(king) if king.rank() == rook.rank() => CastlingSide::of(king, rook),
        _ if rook.file() >= 4 => CastlingSide::KingSide,
        _ => CastlingSide::QueenSide,
    };
    let rooks = setup.pieces(color, Role::Rook) & backrank;
    let is_rook = rooks.contains(rook);
    let outermost = |king: Square| {
        let mut on_side = rooks
            .into_iter()
            .filter(|&r| r.rank() == king.rank() && CastlingSide::of(king, r) == side);
        match side {
            CastlingSide::KingSide => on_side.next_back(),
            CastlingSide::QueenSide => on_side.next(),
        }
    };
    let by_side = match king {
        Some(king) => !is_rook || outermost(king) == Some(rook) || !chess960,
        None => true,
    };
    let letter = if by_side {
        match side {
            CastlingSide::KingSide => 'K',
            CastlingSide::QueenSide => 'Q',
        }
    } else {
        (b'A' + rook.file() as u8) as char
    };
    let letter = match color {
        Color::White => letter,
        Color::Black => letter.to_ascii_lowercase(),
    };
    let reason = match king {
        None => "no king",
        Some(king) if !backrank.contains(king) => "the king is not on its first rank",
        Some(_) if !is_rook && !by_side => "no rook on that file",
        Some(_) if !is_rook && side == CastlingSide::KingSide => "no rook on the king side",
        Some(_) if !is_rook => "no rook on the queen side",
        Some(king)
            if !chess960 && king != Square::new(if color == Color::White { 4 } else { 60 }) =>
        {
            "the king is not on its home square"
        }
        Some(_) if !chess960 && rook.file() != 0 && rook.file() != 7 => {
            "the rook is not in a corner"
        }
        Some(_) => "another rook castles on that side",
    };
    Some((letter, reason))
}

impl From<PositionError> for FenError {
    /// The first problem in detail, in the order the strict FEN reader has always checked them:
    /// kings, pawns on the back rank, castling rights, en passant square, opposite check,
    /// material, impossible checks.
    fn from(err: PositionError) -> FenError {
        let setup = &err.setup;
        let problems = err.problems;
        if problems.intersects(PositionProblems::MISSING_KING | PositionProblems::TOO_MANY_KINGS) {
            for color in Color::ALL {
                let count = setup.pieces(color, Role::King).count();
                if count != 1 {
                    return FenError::KingCount { color, count };
                }
            }
        }
        if problems.contains(PositionProblems::PAWNS_ON_BACKRANK) {
            if let Some(sq) = (setup.by_role(Role::Pawn) & backranks()).first() {
                return FenError::PawnOnBackRank(sq);
            }
        }
        if problems.contains(PositionProblems::INVALID_CASTLING_RIGHTS) {
            let chess960 = err.mode == CastlingMode::Chess960;
            let bad = setup.castling_rights - setup.clean_castling_rights_for(chess960);
            // White's rights first, the king side first, as `KQkq` is written.
            let mut order: Vec<Square> = bad.into_iter().collect();
            order.sort_by_key(|sq| (sq.rank() >= 4, std::cmp::Reverse(sq.file())));
            for rook in order {
                if let Some((right, reason)) = castling_problem(setup, rook, chess960) {
                    return FenError::CastlingRights { right, reason };
                }
            }
        }
        if problems.contains(PositionProblems::INVALID_EP_SQUARE) {
            if let Some(square) = setup.ep_square {
                if let Some(reason) = ep_problem(setup, square) {
                    return FenError::EnPassant { square, reason };
                }
            }
        }
        if problems.contains(PositionProblems::OPPOSITE_CHECK) {
            return FenError::OppositeCheck(!setup.turn);
        }
        if problems.contains(PositionProblems::TOO_MUCH_MATERIAL) {
            for color in Color::ALL {
                if too_much_material(setup, color) {
                    return FenError::TooMuchMaterial(color);
                }
            }
        }
        let reason = impossible_check(setup, setup.checkers(), setup.valid_ep_square());
        FenError::ImpossibleCheck(reason.unwrap_or("impossible check"))
    }
}
