//! [`GameKind`]: the game chosen at run time — chess, Chess960 or Xiangqi — with its names, how a
//! record's tags name it, and [`with_game_kind!`](crate::with_game_kind) to run code written
//! once over [`Variant`](crate::Variant) for the kind chosen.
//!
//! Every front end (the command line, Python, JavaScript, the bulk replay) reads game names
//! through [`GameKind`]'s `FromStr` and dispatches with the macro, so the names and the error
//! text are the same everywhere.
//!
//! ```
//! use qipan::{GameKind, Variant};
//! let kind: GameKind = "Fischerandom".parse().unwrap();
//! assert_eq!(kind, GameKind::Chess960);
//! assert_eq!(kind.name(), "chess960");
//! let moves = qipan::with_game_kind!(kind, |V, rules| {
//!     qipan::Game::<V>::new_with(rules).position().legal_moves().len()
//! });
//! assert_eq!(moves, 20);
//! assert_eq!("象棋".parse::<GameKind>(), Ok(GameKind::Xiangqi));
//! assert_eq!(
//!     "shogi".parse::<GameKind>().unwrap_err().to_string(),
//!     "unknown game \"shogi\" (expected: chess, chess960, xiangqi)"
//! );
//! ```

use std::fmt;
use std::str::FromStr;

/// A game qipan plays, chosen at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// FIDE chess.
    Chess,
    /// Chess960 (Fischer Random): chess with the castling rules of art. 3.8 / Chess960.
    Chess960,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

/// A name that is not a game qipan plays (a `Variant` tag of another game, a wrong `--variant`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown game {0:?} (expected: chess, chess960, xiangqi)")]
pub struct UnknownGame(pub String);

impl GameKind {
    /// Every game, in declaration order.
    pub const ALL: [GameKind; 3] = [GameKind::Chess, GameKind::Chess960, GameKind::Xiangqi];

    /// The canonical name: `"chess"`, `"chess960"`, `"xiangqi"`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Chess960 => "chess960",
            GameKind::Xiangqi => "xiangqi",
        }
    }

    /// The game whose positions and moves this one uses: chess for Chess960.
    pub const fn family(self) -> GameKind {
        match self {
            GameKind::Chess960 => GameKind::Chess,
            other => other,
        }
    }

    /// Which game a record is of, from its tags:
    ///
    /// - a `Variant` tag names the game (any name [`GameKind::from_str`] reads; empty and
    ///   `from position` are chess); any other value is an [`UnknownGame`];
    /// - else a `Game` tag naming Xiangqi, a `Format` tag `ICCS`, `WXF` or `Chinese`, or a `FEN`
    ///   tag with ten ranks is Xiangqi;
    /// - else chess.
    pub fn from_tags(tags: &[(String, String)]) -> Result<GameKind, UnknownGame> {
        GameKind::from_tag_values(|name| crate::pgn::tag(tags, name))
    }

    /// [`GameKind::from_tags`] with `tag` giving the value of the first tag of a name.
    pub(crate) fn from_tag_values<'a>(
        tag: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<GameKind, UnknownGame> {
        let tag = |name: &str| tag(name).map(str::trim);
        if let Some(variant) = tag("Variant") {
            if variant.is_empty() || variant.eq_ignore_ascii_case("from position") {
                return Ok(GameKind::Chess);
            }
            return variant.parse();
        }
        let names_xiangqi = tag("Game").is_some_and(|g| g.parse() == Ok(GameKind::Xiangqi));
        let xiangqi_format = tag("Format").is_some_and(|f| {
            ["iccs", "wxf", "chinese"]
                .iter()
                .any(|n| f.eq_ignore_ascii_case(n))
        });
        let ten_ranks = tag("FEN").is_some_and(|fen| {
            fen.split_whitespace()
                .next()
                .is_some_and(|board| board.split('/').count() == 10)
        });
        if names_xiangqi || xiangqi_format || ten_ranks {
            Ok(GameKind::Xiangqi)
        } else {
            Ok(GameKind::Chess)
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// Reads a game name, any case, surrounding space ignored: `chess` (`standard`, `fide`),
    /// `chess960` (`chess 960`, `fischerandom`, `fischer random`, `frc`, `960`), `xiangqi`
    /// (`chinese chess`, `cchess`, `象棋`, `中国象棋`).
    fn from_str(name: &str) -> Result<GameKind, UnknownGame> {
        let lower = name.trim().to_lowercase();
        Ok(match lower.as_str() {
            "chess" | "standard" | "fide" => GameKind::Chess,
            "chess960" | "chess 960" | "chess-960" | "fischerandom" | "fischer random"
            | "fischer-random" | "frc" | "960" => GameKind::Chess960,
            "xiangqi" | "chinese chess" | "chinese-chess" | "cchess" | "象棋" | "中国象棋" => {
                GameKind::Xiangqi
            }
            _ => return Err(UnknownGame(crate::text::shorten(name.trim()))),
        })
    }
}

/// Runs `$body` with the type `$v` bound to the [`Variant`](crate::Variant) of a [`GameKind`]
/// and `$rules` to the rules that kind is played under (Chess960's castling for
/// [`GameKind::Chess960`]). The body is compiled once per game.
#[macro_export]
macro_rules! with_game_kind {
    ($kind:expr, |$v:ident, $rules:ident| $body:expr) => {
        match $kind {
            $crate::GameKind::Chess => {
                #[allow(unused_variables)]
                let $rules = $crate::chess::ChessRules::FIDE;
                type $v = $crate::Chess;
                $body
            }
            $crate::GameKind::Chess960 => {
                #[allow(unused_variables)]
                let $rules = $crate::chess::ChessRules::CHESS960;
                type $v = $crate::Chess;
                $body
            }
            $crate::GameKind::Xiangqi => {
                #[allow(unused_variables)]
                let $rules = <$crate::xiangqi::XiangqiRules as ::std::default::Default>::default();
                type $v = $crate::Xiangqi;
                $body
            }
        }
    };
}
