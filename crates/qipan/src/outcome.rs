//! How a game ended: [`Termination`] and [`Outcome`].
//!
//! The termination names are the lower-case strings python-chess users know, extended with the
//! Xiangqi endings (`perpetual_check`, `perpetual_chase`, `repetition`, `move_limit`) and chess's
//! `dead_position` and `tablebase`.
//!
//! ```
//! use qipan::{Color, Outcome, Termination};
//! let mate = Outcome::win(Termination::Checkmate, Color::Black);
//! assert_eq!(mate.result(), "0-1");
//! assert_eq!(Outcome::draw(Termination::Stalemate).result(), "1/2-1/2");
//! assert_eq!("fifty_moves".parse::<Termination>(), Ok(Termination::FiftyMoves));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (a draw in chess, a loss in Xiangqi).
    Stalemate,
    /// Neither side can win by any legal sequence of moves.
    InsufficientMaterial,
    /// Chess: 75 moves by each side without a pawn move or capture (automatic draw).
    SeventyfiveMoves,
    /// Chess: the same position for the fifth time (automatic draw).
    FivefoldRepetition,
    /// Chess: 50 moves by each side without a pawn move or capture (claimable draw).
    FiftyMoves,
    /// Chess: the same position for the third time (claimable draw).
    ThreefoldRepetition,
    /// Xiangqi: a side checked with every move of a repeated cycle and loses.
    PerpetualCheck,
    /// Xiangqi: a side chased one unprotected piece with every move of a repeated cycle and loses
    /// (under Chinese rules: any cycle forbidden to it other than perpetual check — chases of one
    /// piece or several, mate threats, one check one chase).
    PerpetualChase,
    /// Xiangqi: a repeated cycle that no rule forbids, drawn.
    Repetition,
    /// Xiangqi: too many moves without a capture, drawn.
    MoveLimit,
    /// A side resigned.
    Resignation,
    /// Both sides agreed to a draw.
    Agreement,
    /// A side ran out of time.
    Timeout,
    /// Chess: neither side can checkmate by any sequence of legal moves, proven by the analysis
    /// of [`Chess::is_dead_position`](crate::Chess::is_dead_position) beyond the material test
    /// (FIDE 1.3 / 5.2.2: the game ends at once, drawn).
    DeadPosition,
    /// Chess: adjudicated by endgame tablebases, which prove the result with best play and the
    /// 50-move rule (opt-in: [`Game::adjudicate_by_tablebase`](crate::Game::adjudicate_by_tablebase)).
    Tablebase,
}

impl Termination {
    /// Every termination, in declaration order.
    pub const ALL: [Termination; 16] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::InsufficientMaterial,
        Termination::SeventyfiveMoves,
        Termination::FivefoldRepetition,
        Termination::FiftyMoves,
        Termination::ThreefoldRepetition,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::Repetition,
        Termination::MoveLimit,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Timeout,
        Termination::DeadPosition,
        Termination::Tablebase,
    ];

    /// The lower-case name, as in python-chess (`"checkmate"`, `"fifty_moves"`, ...).
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::SeventyfiveMoves => "seventyfive_moves",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::PerpetualChase => "perpetual_chase",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move_limit",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Timeout => "timeout",
            Termination::DeadPosition => "dead_position",
            Termination::Tablebase => "tablebase",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a [`Termination`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown termination {0:?}")]
pub struct ParseTerminationError(pub String);

impl FromStr for Termination {
    type Err = ParseTerminationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| ParseTerminationError(s.to_owned()))
    }
}

/// The end of a game: why, and who won (`None` for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// A decisive outcome.
    pub const fn win(termination: Termination, winner: Color) -> Outcome {
        Outcome {
            termination,
            winner: Some(winner),
        }
    }

    /// A drawn outcome.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            termination,
            winner: None,
        }
    }

    /// The PGN result string: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub const fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Whether nobody won.
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.termination)
    }
}

/// How a game record ended by the rules, as replaying its moves finds it: the one answer of
/// [`check_game`](crate::pgn::check_game) (`qipan validate`), the replay
/// ([`GameReport::ending`](crate::pgn::GameReport::ending)) and the bulk summaries
/// ([`GameSummary::ending`](crate::pgn::GameSummary::ending)).
///
/// ```
/// use qipan::{Color, Ending, Outcome, Termination};
/// let mate = Ending::Ended(Outcome::win(Termination::Checkmate, Color::Black));
/// assert_eq!(mate.name(), Some("checkmate"));
/// assert_eq!(mate.winner(), Some(Color::Black));
/// assert_eq!(Ending::Undecided.name(), Some("none"));
/// assert_eq!(Ending::Unknown.name(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The moves could not all be played: how the game ended is not known.
    Unknown,
    /// Every move was played and the rules did not end the game (it may still have ended by
    /// resignation, agreement or time, which are not in the moves).
    Undecided,
    /// The rules ended the game at its last position.
    Ended(Outcome),
}

impl Ending {
    /// The ending of a game whose every move was played: [`Ending::Ended`] with the rules'
    /// outcome, or [`Ending::Undecided`] without one.
    pub const fn of(outcome: Option<Outcome>) -> Ending {
        match outcome {
            Some(outcome) => Ending::Ended(outcome),
            None => Ending::Undecided,
        }
    }

    /// The rules' outcome, if they ended the game.
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            Ending::Ended(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// Why the rules ended the game, if they did.
    pub const fn termination(self) -> Option<Termination> {
        match self {
            Ending::Ended(outcome) => Some(outcome.termination),
            _ => None,
        }
    }

    /// The winner by the rules (`None` for a draw or no ending).
    pub const fn winner(self) -> Option<Color> {
        match self {
            Ending::Ended(outcome) => outcome.winner,
            _ => None,
        }
    }

    /// The name `qipan validate` counts: the termination's ([`Termination::as_str`]), `"none"`
    /// for [`Ending::Undecided`], `None` for [`Ending::Unknown`].
    pub const fn name(self) -> Option<&'static str> {
        match self {
            Ending::Unknown => None,
            Ending::Undecided => Some("none"),
            Ending::Ended(outcome) => Some(outcome.termination.as_str()),
        }
    }
}
