//! The game chosen at run time as values: [`AnyPosition`], [`AnyMove`] and [`AnyGame`] — chess
//! (Chess960 included) or Xiangqi — that answer the questions a front end asks without naming
//! the game's type (shakmaty's `VariantPosition` is the model). The dispatch on the game is
//! written here and in [`crate::tree::AnyGameTree`], once, so the command line and the bindings
//! call methods instead of matching on the game.
//!
//! ```
//! use qipan::{AnyPosition, GameKind};
//! let pos = AnyPosition::start(GameKind::Xiangqi);
//! let mv = pos.parse_any("C2.5").unwrap();
//! assert_eq!(pos.coord(mv), Some("h2e2".to_owned()));
//! assert!(pos.is_legal(mv));
//! assert!(!AnyPosition::start(GameKind::Chess).is_legal(mv));
//! ```

use std::fmt;

use crate::Notate;
use crate::{Chess, Game, GameKind, MoveError, Variant, Xiangqi};

/// Runs `$body` with `$inner` bound to the value inside an any-game enum (`AnyPosition`,
/// `AnyGame`: their variants are named after the game).
macro_rules! with_any {
    ($any:expr, $ty:ident, |$inner:ident| $body:expr) => {
        match $any {
            $ty::Chess($inner) => $body,
            $ty::Xiangqi($inner) => $body,
        }
    };
}

/// A move of chess (Chess960 included) or Xiangqi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A chess move.
    Chess(<Chess as Variant>::Move),
    /// A Xiangqi move.
    Xiangqi(<Xiangqi as Variant>::Move),
}

impl fmt::Display for AnyMove {
    /// Coordinates (UCI for chess in standard castling, ICCS for Xiangqi).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Chess(mv) => mv.fmt(f),
            AnyMove::Xiangqi(mv) => mv.fmt(f),
        }
    }
}

impl From<<Chess as Variant>::Move> for AnyMove {
    fn from(mv: <Chess as Variant>::Move) -> Self {
        AnyMove::Chess(mv)
    }
}

impl From<<Xiangqi as Variant>::Move> for AnyMove {
    fn from(mv: <Xiangqi as Variant>::Move) -> Self {
        AnyMove::Xiangqi(mv)
    }
}

/// A game the any-game types hold: its own move inside an [`AnyMove`] (how a move of the other
/// game is told apart).
pub trait AnyVariant: Variant {
    /// The move when it is one of this game.
    fn unwrap_move(mv: AnyMove) -> Option<Self::Move>;
}

impl AnyVariant for Chess {
    fn unwrap_move(mv: AnyMove) -> Option<Self::Move> {
        match mv {
            AnyMove::Chess(mv) => Some(mv),
            AnyMove::Xiangqi(_) => None,
        }
    }
}

impl AnyVariant for Xiangqi {
    fn unwrap_move(mv: AnyMove) -> Option<Self::Move> {
        match mv {
            AnyMove::Xiangqi(mv) => Some(mv),
            AnyMove::Chess(_) => None,
        }
    }
}

/// The error of a move of one game given to a position of the other.
pub(crate) fn foreign_move(mv: AnyMove, fen: String) -> MoveError {
    MoveError::illegal(&mv.to_string(), fen)
}

/// A position of chess (Chess960 included: the position knows its castling mode) or Xiangqi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// A chess position.
    Chess(Chess),
    /// A Xiangqi position.
    Xiangqi(Xiangqi),
}

/// A FEN that is not a position of the game it was read for.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AnyFenError {
    /// A chess FEN's error.
    #[error(transparent)]
    Chess(<Chess as Variant>::FenError),
    /// A Xiangqi FEN's error.
    #[error(transparent)]
    Xiangqi(<Xiangqi as Variant>::FenError),
}

impl AnyPosition {
    /// The start position of `kind`.
    pub fn start(kind: GameKind) -> AnyPosition {
        crate::with_game_kind!(kind, |V, rules| V::start_with(&rules).into())
    }

    /// The position of `kind` a FEN describes.
    pub fn from_fen(kind: GameKind, fen: &str) -> Result<AnyPosition, AnyFenError> {
        match kind {
            GameKind::Xiangqi => Xiangqi::from_fen_for(fen, &Default::default())
                .map(AnyPosition::Xiangqi)
                .map_err(AnyFenError::Xiangqi),
            chess => {
                let rules = if chess == GameKind::Chess960 {
                    crate::chess::ChessRules::CHESS960
                } else {
                    crate::chess::ChessRules::FIDE
                };
                Chess::from_fen_for(fen, &rules)
                    .map(AnyPosition::Chess)
                    .map_err(AnyFenError::Chess)
            }
        }
    }

    /// The game (chess, Chess960 or Xiangqi).
    pub fn kind(&self) -> GameKind {
        with_any!(self, AnyPosition, |pos| kind_of(pos, &pos.rules_of()))
    }

    /// The notations the game writes, its usual one first.
    pub fn notations(&self) -> &'static [crate::Notation] {
        match self {
            AnyPosition::Chess(_) => Chess::NOTATIONS,
            AnyPosition::Xiangqi(_) => Xiangqi::NOTATIONS,
        }
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        with_any!(self, AnyPosition, |pos| pos.fen())
    }

    /// The move written in coordinates (UCI, ICCS), `None` for a move of the other game.
    pub fn coord(&self, mv: AnyMove) -> Option<String> {
        with_any!(self, AnyPosition, |pos| Some(pos.coord(own(pos, mv)?)))
    }

    /// The move written in the game's usual notation (SAN, WXF), `None` for a move of the other
    /// game.
    pub fn notation(&self, mv: AnyMove) -> Option<String> {
        with_any!(self, AnyPosition, |pos| Some(pos.notation(own(pos, mv)?)))
    }

    /// The move written in `notation` (an error for a notation the game does not write), `None`
    /// for a move of the other game.
    pub fn write_move(
        &self,
        mv: AnyMove,
        notation: crate::Notation,
    ) -> Option<Result<String, crate::NotationError>> {
        with_any!(self, AnyPosition, |pos| Some(
            pos.write_move(own(pos, mv)?, notation)
        ))
    }

    /// Whether `mv` is a legal move here (a move of the other game never is).
    pub fn is_legal(&self, mv: AnyMove) -> bool {
        with_any!(self, AnyPosition, |pos| own(pos, mv)
            .is_some_and(|mv| pos.is_legal(mv)))
    }

    /// A legal move written in coordinates (UCI, ICCS).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        with_any!(self, AnyPosition, |pos| pos
            .parse_move(text)
            .map(AnyMove::from))
    }

    /// A legal move written in any notation of the game.
    pub fn parse_any(&self, text: &str) -> Result<AnyMove, MoveError> {
        with_any!(self, AnyPosition, |pos| pos
            .parse_any(text)
            .map(AnyMove::from))
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        with_any!(self, AnyPosition, |pos| pos
            .legal_moves()
            .into_iter()
            .map(AnyMove::from)
            .collect())
    }
}

/// The game `pos` is of under `rules`.
fn kind_of<V: Variant>(_pos: &V, rules: &V::Rules) -> GameKind {
    V::kind(rules)
}

/// `mv` as a move of `pos`'s game.
fn own<V: AnyVariant>(_pos: &V, mv: AnyMove) -> Option<V::Move> {
    V::unwrap_move(mv)
}

impl From<Chess> for AnyPosition {
    fn from(pos: Chess) -> Self {
        AnyPosition::Chess(pos)
    }
}

impl From<Xiangqi> for AnyPosition {
    fn from(pos: Xiangqi) -> Self {
        AnyPosition::Xiangqi(pos)
    }
}

/// A played game — start, moves and history — of chess (Chess960 included) or Xiangqi.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// A chess game.
    Chess(Game<Chess>),
    /// A Xiangqi game.
    Xiangqi(Game<Xiangqi>),
}

impl AnyGame {
    /// The game (chess, Chess960 or Xiangqi).
    pub fn kind(&self) -> GameKind {
        with_any!(self, AnyGame, |game| kind_of(game.position(), game.rules()))
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        with_any!(self, AnyGame, |game| (*game.position()).into())
    }

    /// How the game ended by the rules, if it did.
    pub fn outcome(&self) -> Option<crate::Outcome> {
        with_any!(self, AnyGame, |game| game.outcome())
    }
}

impl From<Game<Chess>> for AnyGame {
    fn from(game: Game<Chess>) -> Self {
        AnyGame::Chess(game)
    }
}

impl From<Game<Xiangqi>> for AnyGame {
    fn from(game: Game<Xiangqi>) -> Self {
        AnyGame::Xiangqi(game)
    }
}
