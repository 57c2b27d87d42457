//! [`Setup`]: a Xiangqi board being set up — pieces put on and taken off one by one, playable or
//! not — and the test that makes it a [`Xiangqi`] position (`Xiangqi::try_from(setup)`).
//!
//! A setup holds what a FEN can describe: every piece on a point it can ever reach, at most as
//! many of a kind as a side starts with (so at most one general each). Whether the result can be
//! played (both generals, not facing each other, the side not to move not in check) is asked only
//! when it becomes a position, as chess's [`crate::chess::Setup`] does.
//!
//! ```
//! use qipan::xiangqi::{FenError, Piece, Role, Setup, Square, Xiangqi};
//! use qipan::{Color, Variant};
//! let mut setup = Setup::empty();
//! let general = |color| Some(Piece { color, role: Role::General });
//! setup.set_piece_at(Square::new(4, 0), general(Color::RED)).unwrap();
//! assert_eq!(Xiangqi::try_from(setup).unwrap_err(), FenError::MissingGeneral(Color::Black));
//! setup.set_piece_at(Square::new(3, 9), general(Color::Black)).unwrap();
//! assert_eq!(Xiangqi::try_from(setup).unwrap().fen(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
//! // A second red general has no place to go, nor has an elephant off its points.
//! assert!(setup.set_piece_at(Square::new(3, 0), general(Color::RED)).is_err());
//! ```

use super::Bitboard;

use super::fen::reachable;
use super::position::code_color;
use super::tables::NONE;
use super::{FenError, Piece, Role, Square, Xiangqi, XiangqiRules};
use crate::Color;

/// A Xiangqi board being set up: pieces, side to move and clocks, playable or not.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The pieces and the other FEN fields, never asked for moves.
    placement: Xiangqi,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, Red to move, move 1.
    pub fn empty() -> Setup {
        Setup {
            placement: Xiangqi::empty(),
        }
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.placement.piece_at(sq)
    }

    /// Puts `piece` on `sq` (whatever stood there is taken off), or empties `sq` with `None`.
    /// Refused, and the setup left as it was, for a piece on a point it can never reach
    /// ([`FenError::BadSquare`]) or one more than its side starts with ([`FenError::TooMany`]).
    pub fn set_piece_at(&mut self, sq: Square, piece: Option<Piece>) -> Result<(), FenError> {
        let mut next = self.placement;
        next.take(sq.index());
        if let Some(piece) = piece {
            if !reachable(piece, sq) {
                return Err(FenError::BadSquare { piece, square: sq });
            }
            if !next.put(sq.index(), piece) {
                return Err(FenError::TooMany {
                    color: piece.color,
                    role: piece.role,
                });
            }
        }
        next.key = next.compute_key();
        self.placement = next;
        Ok(())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.placement.turn
    }

    /// The move number the setup's FEN carries.
    pub fn fullmove_number(&self) -> u32 {
        self.placement.fullmove_number()
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, color: Color) {
        self.placement.turn = color;
        self.placement.key = self.placement.compute_key();
    }

    /// The pieces of `by` that attack `sq` ([`Xiangqi::attackers`]), on any setup.
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        self.placement.attackers(sq, by)
    }

    /// The square of `color`'s general, if it has one.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.placement
            .pieces(color)
            .find(|(_, piece)| piece.role == Role::General)
            .map(|(sq, _)| sq)
    }

    /// The pieces of `color` with their squares ([`Xiangqi::pieces`]), on any setup.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.placement.pieces(color)
    }

    /// The pieces giving check to the side to move's general; none without a general.
    pub fn checkers(&self) -> Bitboard {
        let turn = self.turn();
        match self.king(turn) {
            Some(general) => self.attackers(general, !turn),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move has a general and it is attacked (`false` without a general).
    pub fn is_check(&self) -> bool {
        self.placement.general_attacked(self.placement.turn)
    }

    /// The FEN of the setup (playable or not).
    pub fn fen(&self) -> String {
        self.placement.write_fen()
    }

    /// A Unicode diagram of the setup ([`Xiangqi::diagram`]).
    pub fn diagram(&self) -> String {
        self.placement.diagram()
    }

    /// An SVG picture of the setup, a general in check marked as on a position.
    pub fn svg(&self) -> String {
        super::svg::xiangqi_svg(&self.placement)
    }

    /// An SVG picture of the setup with `options` ([`Xiangqi::svg_with`]).
    pub fn svg_with(&self, options: &crate::render::SvgOptions) -> String {
        self.placement.svg_with(options)
    }
}

impl From<&Xiangqi> for Setup {
    fn from(pos: &Xiangqi) -> Setup {
        Setup { placement: *pos }
    }
}

impl TryFrom<Setup> for Xiangqi {
    type Error = FenError;

    /// The position of a playable setup ([`Xiangqi::from_setup`]); the first reason it cannot be
    /// played otherwise ([`FenError::MissingGeneral`], [`FenError::FacingGenerals`],
    /// [`FenError::OppositeCheck`]).
    fn try_from(setup: Setup) -> Result<Xiangqi, FenError> {
        Xiangqi::from_setup(setup).map_err(FenError::from)
    }
}

impl Setup {
    /// The setup a FEN describes, syntax only (see [`Xiangqi::from_fen`] for the form): each
    /// piece on a point it can reach, no more of a kind than a side starts with, but not asked
    /// whether it can be played.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        Ok(Setup {
            placement: Xiangqi::read_fen_placement(fen)?,
        })
    }
}

/// A set of problems that keep a Xiangqi [`Setup`] from being played (the same shape as
/// chess's [`crate::chess::PositionProblems`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PositionProblems(u32);

impl PositionProblems {
    /// No problem.
    pub const NONE: PositionProblems = PositionProblems(0);
    /// A side has no general.
    pub const MISSING_GENERAL: PositionProblems = PositionProblems(1 << 0);
    /// The generals face each other on an open file.
    pub const FACING_GENERALS: PositionProblems = PositionProblems(1 << 1);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: PositionProblems = PositionProblems(1 << 2);

    /// The bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether no problem is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every problem of `other` is in the set.
    pub const fn contains(self, other: PositionProblems) -> bool {
        self.0 & other.0 == other.0
    }
}

/// Why [`Xiangqi::from_setup`] refused a setup. No problem can be waived: the move generator
/// needs both generals, and a side that could take the other's general would leave it without
/// one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    // Boxed: the error stays small on the `Ok` path of every reader.
    setup: Box<Setup>,
    problems: PositionProblems,
}

impl PositionError {
    /// Every problem of the setup.
    pub fn problems(&self) -> PositionProblems {
        self.problems
    }

    /// The setup that was refused.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", FenError::from(self.clone()))
    }
}

impl std::error::Error for PositionError {}

impl From<PositionError> for FenError {
    /// The first problem: a missing general (Red's first), facing generals, opposite check.
    fn from(err: PositionError) -> FenError {
        for color in Color::ALL {
            if err.setup.king(color).is_none() {
                return FenError::MissingGeneral(color);
            }
        }
        if err.problems.contains(PositionProblems::FACING_GENERALS) {
            return FenError::FacingGenerals;
        }
        FenError::OppositeCheck(!err.setup.turn())
    }
}

impl Xiangqi {
    /// The position of a setup, or every problem that keeps it from being played: both
    /// generals, not facing each other on an open file, the side not to move not in check. The
    /// one place Xiangqi positions are validated.
    pub fn from_setup(setup: Setup) -> Result<Xiangqi, PositionError> {
        let pos = setup.placement;
        let mut problems = PositionProblems::NONE;
        for color in Color::ALL {
            if pos.slots[color.index()][0] == NONE {
                problems.0 |= PositionProblems::MISSING_GENERAL.0;
            }
        }
        if problems.is_empty() {
            let (r, b) = (pos.general(Color::White), pos.general(Color::Black));
            if r.file() == b.file() && pos.between_count(r.index(), b.index()) == Some(0) {
                problems.0 |= PositionProblems::FACING_GENERALS.0;
            }
            if pos.general_attacked(!pos.turn) {
                problems.0 |= PositionProblems::OPPOSITE_CHECK.0;
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError {
                setup: Box::new(setup),
                problems,
            })
        }
    }

    /// The position to play from a setup under `rules` ([`Xiangqi::from_setup`]; the rules
    /// change nothing a setup holds). What every front end asks when a board edited piece by
    /// piece is to generate moves again.
    pub fn from_setup_for(setup: &Setup, rules: &XiangqiRules) -> Result<Xiangqi, FenError> {
        let _ = rules;
        Xiangqi::from_setup(*setup).map_err(FenError::from)
    }

    /// Takes the piece on `sq` off the board, piece lists and occupancy masks (not the key).
    pub(crate) fn take(&mut self, sq: usize) -> Option<Piece> {
        let code = *self.board.get(sq)?;
        if code == 0 {
            return None;
        }
        let piece = self.piece_at(Square(sq as u8));
        self.board[sq] = 0;
        self.slots[code_color(code).index()][(code & 15) as usize] = NONE;
        self.rank_occ[sq / 9] &= !(1 << (sq % 9));
        self.file_occ[sq % 9] &= !(1 << (sq / 9));
        piece
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Role;
    use crate::Variant;

    #[test]
    fn every_position_round_trips_through_a_setup_and_pieces_come_off() {
        let start = Xiangqi::start();
        let mut setup = Setup::from(&start);
        assert_eq!(Xiangqi::try_from(setup), Ok(start));
        // Take every piece off; then the placement is empty and both generals are missing.
        for sq in Square::all() {
            setup.set_piece_at(sq, None).unwrap();
        }
        assert_eq!(setup, Setup::empty());
        let horse = Piece {
            color: Color::Black,
            role: Role::Horse,
        };
        for file in 0..2 {
            setup
                .set_piece_at(Square::new(file, 5), Some(horse))
                .unwrap();
        }
        let third = setup.set_piece_at(Square::new(2, 5), Some(horse));
        assert!(matches!(third, Err(FenError::TooMany { .. })));
        // Replacing a horse by a horse on the same point is no third horse.
        setup.set_piece_at(Square::new(0, 5), Some(horse)).unwrap();
    }
}
