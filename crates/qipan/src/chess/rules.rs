//! [`ChessRules`]: the rules a chess [`Game`](crate::Game) is played under — FIDE chess, or
//! Chess960 with its castling. The mode lives here, in the rules a game carries, so that every
//! FEN read, every castling move written and every record of the game follows it.
//!
//! ```
//! use qipan::chess::{ChessRules, CastlingMode};
//! let rules: ChessRules = "chess960".parse().unwrap();
//! assert_eq!(rules.castling, CastlingMode::Chess960);
//! assert_eq!(rules.to_string(), "chess960");
//! assert_eq!("standard".parse::<ChessRules>(), Ok(ChessRules::FIDE));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{GameRules, UnknownRules};

/// How castling moves are read and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: the king moves two squares (UCI `e1g1`), FEN rights `KQkq`.
    #[default]
    Standard,
    /// Chess960: the king takes its own rook (UCI `e1h1`), FEN rights by file where needed.
    Chess960,
}

/// The rules of a chess game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ChessRules {
    /// Standard or Chess960 castling.
    pub castling: CastlingMode,
}

impl ChessRules {
    /// FIDE chess.
    pub const FIDE: ChessRules = ChessRules {
        castling: CastlingMode::Standard,
    };
    /// Chess960.
    pub const CHESS960: ChessRules = ChessRules {
        castling: CastlingMode::Chess960,
    };

    /// Whether castling follows Chess960.
    pub const fn is_chess960(self) -> bool {
        matches!(self.castling, CastlingMode::Chess960)
    }
}

impl GameRules for ChessRules {
    const NAMES: &'static [&'static str] = &["fide", "chess960"];
}

impl fmt::Display for ChessRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAMES[usize::from(self.is_chess960())])
    }
}

impl FromStr for ChessRules {
    type Err = UnknownRules;

    /// `fide` (also `standard`, `chess`) or `chess960` (also `fischerandom`), any case.
    fn from_str(name: &str) -> Result<ChessRules, UnknownRules> {
        match name.trim().to_ascii_lowercase().as_str() {
            "fide" | "standard" | "chess" => Ok(ChessRules::FIDE),
            "chess960" | "fischerandom" => Ok(ChessRules::CHESS960),
            _ => Err(UnknownRules::new("chess", name, Self::NAMES)),
        }
    }
}
