//! What the bindings need from each game beyond [`Variant`]: how its moves are held by the
//! game-independent Python `Move`, its rule sets, and its material tests.

use std::sync::LazyLock;

use qipan::chess::Chess;
use qipan::xiangqi::{RuleSet, Xiangqi, XiangqiRules};
use qipan::{Color, Variant};

use crate::cache::MoveCache;

/// The games the bindings know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// FIDE chess.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

impl GameKind {
    /// The game's name as Python sees it: `"chess"` or `"xiangqi"`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Xiangqi => "xiangqi",
        }
    }

    /// The game called `name` (`"chess"`, `"xiangqi"`, case-insensitive).
    pub fn from_name(name: &str) -> Option<GameKind> {
        match name.to_ascii_lowercase().as_str() {
            "chess" => Some(GameKind::Chess),
            "xiangqi" => Some(GameKind::Xiangqi),
            _ => None,
        }
    }
}

/// A move as the Python `Move` holds it: a typed move of one game (cheap to make, written out only
/// when asked), or coordinate text from `Move.from_uci`, optionally tied to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRepr {
    /// A chess move.
    Chess(<Chess as Variant>::Move),
    /// A chess move of a Chess960 game (castling written king-takes-rook).
    Chess960(<Chess as Variant>::Move),
    /// A Xiangqi move.
    Xiangqi(<Xiangqi as Variant>::Move),
    /// Coordinate text (UCI / ICCS), lower case.
    Text {
        /// The coordinates.
        text: String,
        /// The game it belongs to, when known.
        game: Option<GameKind>,
    },
}

impl MoveRepr {
    /// The game the move belongs to, when known.
    pub fn game(&self) -> Option<GameKind> {
        match self {
            MoveRepr::Chess(_) | MoveRepr::Chess960(_) => Some(GameKind::Chess),
            MoveRepr::Xiangqi(_) => Some(GameKind::Xiangqi),
            MoveRepr::Text { game, .. } => *game,
        }
    }

    /// The move in coordinate notation (UCI for chess, ICCS for Xiangqi).
    pub fn coord(&self) -> String {
        match self {
            MoveRepr::Chess(mv) => mv.to_string(),
            MoveRepr::Chess960(mv) if mv.is_castle() => format!("{}{}", mv.from(), mv.to()),
            MoveRepr::Chess960(mv) => mv.to_string(),
            MoveRepr::Xiangqi(mv) => mv.to_string(),
            MoveRepr::Text { text, .. } => text.clone(),
        }
    }

    /// Equality as Python sees it: the same coordinates, and no two different games.
    pub fn same_move(&self, other: &MoveRepr) -> bool {
        match (self, other) {
            (MoveRepr::Chess(a), MoveRepr::Chess(b)) if a == b => true,
            (MoveRepr::Xiangqi(a), MoveRepr::Xiangqi(b)) if a == b => true,
            _ => match (self.game(), other.game()) {
                (Some(a), Some(b)) if a != b => false,
                _ => self.coord() == other.coord(),
            },
        }
    }
}

/// The interned-move table of a game mode and the function that wraps its moves.
pub type MovesOf<M> = (&'static MoveCache<M>, fn(M) -> MoveRepr);

/// A [`Variant`] the Python bindings wrap.
pub trait BindVariant: Variant {
    /// Which game this is.
    const KIND: GameKind;
    /// The names of the rule sets `rules=` accepts, the default first.
    const RULE_NAMES: &'static [&'static str];

    /// Wraps a move of this game.
    fn wrap(mv: Self::Move) -> MoveRepr;
    /// The move table and wrapper for the moves of `pos`, whose mode (Chess960 for one) may
    /// change how a move is written.
    fn moves_of(pos: &Self) -> MovesOf<Self::Move> {
        let _ = pos;
        (Self::cache(), Self::wrap)
    }
    /// The interned Python objects of this game's moves.
    fn cache() -> &'static MoveCache<Self::Move>;
    /// The typed move inside `repr`, if it is one of this game.
    fn unwrap(repr: &MoveRepr) -> Option<Self::Move>;
    /// The rule set called `name` (one of [`BindVariant::RULE_NAMES`]).
    fn parse_rules(name: &str) -> Option<Self::Rules>;
    /// The name of the rule set a game from `start` is played under, as
    /// [`BindVariant::parse_rules`] reads it (the start position carries modes such as Chess960).
    fn rules_name(start: &Self, rules: &Self::Rules) -> &'static str;
    /// The start position: `fen`, or the standard start, read in the mode the rule-set name
    /// `rules` selects (`"chess960"` for chess).
    fn start_position(fen: Option<&str>, rules: Option<&str>) -> Result<Self, String> {
        let _ = rules;
        match fen {
            None => Ok(Self::start()),
            Some(fen) => Self::from_fen(fen).map_err(|e| e.to_string()),
        }
    }
    /// Whether neither side can win by any sequence of legal moves.
    fn is_insufficient_material(&self) -> bool {
        Color::ALL.iter().all(|&c| !self.has_mating_material(c))
    }
    /// Whether `color` cannot win by any sequence of legal moves.
    fn has_insufficient_material(&self, color: Color) -> bool {
        !self.has_mating_material(color)
    }
    /// Whether `color` can still win: `Some(true)` with a line of moves ending in its win,
    /// `Some(false)` when proven impossible, `None` when undetermined. Defaults to the material
    /// test (which proves only "cannot").
    fn can_win_line(&self, color: Color) -> (Option<bool>, Option<Vec<Self::Move>>) {
        let known = if self.has_mating_material(color) {
            None
        } else {
            Some(false)
        };
        (known, None)
    }
    /// Whether neither side can win by any sequence of legal moves, proven. Defaults to the
    /// material test.
    fn is_dead_position(&self) -> bool {
        BindVariant::is_insufficient_material(self)
    }
}

impl BindVariant for Chess {
    const KIND: GameKind = GameKind::Chess;
    const RULE_NAMES: &'static [&'static str] = &["fide", "chess960"];

    fn wrap(mv: Self::Move) -> MoveRepr {
        MoveRepr::Chess(mv)
    }
    fn cache() -> &'static MoveCache<Self::Move> {
        static CACHE: LazyLock<MoveCache<<Chess as Variant>::Move>> =
            LazyLock::new(Default::default);
        &CACHE
    }
    fn moves_of(pos: &Self) -> MovesOf<Self::Move> {
        static CACHE_960: LazyLock<MoveCache<<Chess as Variant>::Move>> =
            LazyLock::new(Default::default);
        if pos.chess960() {
            (&CACHE_960, MoveRepr::Chess960)
        } else {
            (Self::cache(), Self::wrap)
        }
    }
    fn unwrap(repr: &MoveRepr) -> Option<Self::Move> {
        match repr {
            MoveRepr::Chess(mv) | MoveRepr::Chess960(mv) => Some(*mv),
            _ => None,
        }
    }
    fn parse_rules(name: &str) -> Option<Self::Rules> {
        (name.eq_ignore_ascii_case("fide") || name.eq_ignore_ascii_case("chess960"))
            .then(Default::default)
    }
    fn rules_name(start: &Self, _: &Self::Rules) -> &'static str {
        if start.chess960() {
            "chess960"
        } else {
            "fide"
        }
    }
    fn start_position(fen: Option<&str>, rules: Option<&str>) -> Result<Self, String> {
        let chess960 = rules.is_some_and(|r| r.eq_ignore_ascii_case("chess960"));
        match (fen, chess960) {
            (None, false) => Ok(Chess::start()),
            (None, true) => Chess::chess960_start(518).ok_or_else(|| "no position 518".into()),
            (Some(fen), false) => Chess::from_fen(fen).map_err(|e| e.to_string()),
            (Some(fen), true) => Chess::from_fen_960(fen).map_err(|e| e.to_string()),
        }
    }
    fn is_insufficient_material(&self) -> bool {
        Chess::is_insufficient_material(self)
    }
    fn has_insufficient_material(&self, color: Color) -> bool {
        Chess::has_insufficient_material(self, color)
    }
    fn can_win_line(&self, color: Color) -> (Option<bool>, Option<Vec<Self::Move>>) {
        let verdict = Chess::can_win(self, color);
        (verdict.known(), verdict.mating_line().map(<[_]>::to_vec))
    }
    fn is_dead_position(&self) -> bool {
        Chess::is_dead_position(self)
    }
}

impl BindVariant for Xiangqi {
    const KIND: GameKind = GameKind::Xiangqi;
    const RULE_NAMES: &'static [&'static str] = &["asian", "simple"];

    fn wrap(mv: Self::Move) -> MoveRepr {
        MoveRepr::Xiangqi(mv)
    }
    fn cache() -> &'static MoveCache<Self::Move> {
        static CACHE: LazyLock<MoveCache<<Xiangqi as Variant>::Move>> =
            LazyLock::new(Default::default);
        &CACHE
    }
    fn unwrap(repr: &MoveRepr) -> Option<Self::Move> {
        match repr {
            MoveRepr::Xiangqi(mv) => Some(*mv),
            _ => None,
        }
    }
    fn parse_rules(name: &str) -> Option<Self::Rules> {
        let repetition = match name.to_ascii_lowercase().as_str() {
            "asian" => RuleSet::Asian,
            "simple" => RuleSet::SimpleRepetition,
            _ => return None,
        };
        Some(XiangqiRules {
            repetition,
            ..XiangqiRules::default()
        })
    }
    fn rules_name(_: &Self, rules: &Self::Rules) -> &'static str {
        match rules.repetition {
            RuleSet::Asian => "asian",
            RuleSet::SimpleRepetition => "simple",
        }
    }
}
