//! Xiangqi (中国象棋): the board, legal moves, FEN, ICCS / WXF / Chinese notation and the game's
//! results.
//!
//! [`Xiangqi`] is a position: a 9×10 mailbox board (square = `rank * 9 + file`, files `a`–`i` from
//! Red's left, ranks 0–9 from Red's side) with per-side piece lists, the side to move, the clocks
//! and a zobrist key. It implements [`Variant`], so [`Game`](crate::Game) and
//! [`perft`](crate::perft) work on it. Red is [`Color::RED`] (= `Color::White`) and moves first.
//!
//! ```
//! use qipan::{perft, Color, Game, Notate, Termination, Variant, Xiangqi};
//! let start = Xiangqi::start();
//! assert_eq!(start.legal_moves().len(), 44);
//! assert_eq!(perft(&start, 2), 1920);
//! assert_eq!(Xiangqi::color_name(Color::RED), "red");
//!
//! // Two chariots mate on d9: i8 guards rank 8, the red general guards the open e-file.
//! let mut game: Game<Xiangqi> = Game::from_fen("3k5/8R/9/9/9/9/9/9/R8/4K4 w").unwrap();
//! game.push_coord("a1a9").unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.termination, Termination::Checkmate);
//! assert_eq!(outcome.winner, Some(Color::RED));
//! ```

mod attacks;
mod bitboard;
mod chinese;
mod fen;
mod iccs;
mod known_check;
mod material;
mod move_limit;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
pub(crate) mod repetition;
mod setup;
mod square;
mod svg;
mod tables;
mod wxf;
mod zobrist;

pub use bitboard::Bitboard;
pub use chinese::ChineseStyle;
pub use fen::FenError;
pub use iccs::{parse_iccs_move, write_iccs, IccsRanks};
pub use move_limit::{counted_plies, CHECKS_COUNTED};
pub use movegen::MoveList;
pub use moves::Move;
pub use piece::{Piece, Role};
pub use position::Xiangqi;

/// The name [`Role`] had before chess and Xiangqi named their pieces' kinds alike.
#[deprecated(note = "renamed `Role`, the name chess uses (`qipan::chess::Role`)")]
pub type PieceKind = Role;
pub use setup::{PositionError, PositionProblems, Setup};
pub use square::Square;
pub use zobrist::SIDE_KEY;

use std::fmt;
use std::str::FromStr;

use crate::notation::{Notation, NotationError};
use crate::{
    Color, GameKind, GameRules, History, HistoryRules, MoveError, Notate, Outcome, Termination,
    UnknownRules, Variant, Winnability,
};

/// How repetitions are judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// Asian (AXF) rules: perpetual check and perpetual chase lose, other repetitions draw.
    #[default]
    Asian,
    /// Every threefold repetition is a draw.
    SimpleRepetition,
    /// Chinese Xiangqi Association rules (中国象棋竞赛规则, CXA): a side whose every move in the
    /// cycle attacks (check, mate threat or chase, in any mix, of one piece or several) is at
    /// fault; perpetual check always loses; both at fault is a draw.
    Chinese,
}

/// The rules a Xiangqi [`Game`](crate::Game) is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct XiangqiRules {
    /// How repetitions are judged.
    pub repetition: RuleSet,
    /// Moves (per side) without a capture after which the game is drawn: 60 (120 plies) by
    /// default; 0 switches the rule off. Checks beyond a side's first [`CHECKS_COUNTED`] in that
    /// stretch, and the replies to them, are not counted ([`counted_plies`]).
    pub move_limit: u32,
}

impl Default for XiangqiRules {
    fn default() -> Self {
        XiangqiRules {
            repetition: RuleSet::Asian,
            move_limit: 60,
        }
    }
}

impl RuleSet {
    /// Every rule set, the default first, in the order of [`XiangqiRules::NAMES`].
    pub const ALL: [RuleSet; 3] = [RuleSet::Asian, RuleSet::Chinese, RuleSet::SimpleRepetition];

    /// The canonical name: `"asian"`, `"chinese"`, `"simple"`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Asian => "asian",
            RuleSet::Chinese => "chinese",
            RuleSet::SimpleRepetition => "simple",
        }
    }
}

impl GameRules for XiangqiRules {
    const NAMES: &'static [&'static str] = &["asian", "chinese", "simple"];
}

/// The rule set's name; the move limit is not part of it.
impl fmt::Display for XiangqiRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.repetition.name())
    }
}

impl FromStr for XiangqiRules {
    type Err = UnknownRules;

    /// A rule set by name (any case): `asian` (also `axf`), `chinese` (also `cxa`) or `simple`;
    /// the default move limit.
    ///
    /// ```
    /// use qipan::xiangqi::{RuleSet, XiangqiRules};
    /// assert_eq!("AXF".parse::<XiangqiRules>().unwrap().repetition, RuleSet::Asian);
    /// assert_eq!("cxa".parse::<XiangqiRules>().unwrap().to_string(), "chinese");
    /// assert_eq!("simple".parse::<XiangqiRules>().unwrap().to_string(), "simple");
    /// ```
    fn from_str(name: &str) -> Result<XiangqiRules, UnknownRules> {
        let repetition = match name.trim().to_ascii_lowercase().as_str() {
            "asian" | "axf" => RuleSet::Asian,
            "chinese" | "cxa" => RuleSet::Chinese,
            "simple" => RuleSet::SimpleRepetition,
            _ => return Err(UnknownRules::new("xiangqi", name, Self::NAMES)),
        };
        Ok(XiangqiRules {
            repetition,
            ..XiangqiRules::default()
        })
    }
}

/// The start position's FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Variant for Xiangqi {
    type Move = Move;
    type MoveList = MoveList;
    type FenError = FenError;
    type Rules = XiangqiRules;

    const NAME: &'static str = "xiangqi";

    /// Read from [`START_FEN`] once (every record without a `FEN` tag starts here).
    fn start() -> Self {
        static START: std::sync::LazyLock<Xiangqi> = std::sync::LazyLock::new(|| {
            Xiangqi::from_fen(START_FEN).expect("the start position is valid")
        });
        *START
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Xiangqi::from_fen(fen)
    }

    fn kind(_: &XiangqiRules) -> GameKind {
        GameKind::Xiangqi
    }

    fn fen(&self) -> String {
        self.write_fen()
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self) -> MoveList {
        Xiangqi::legal_moves(self)
    }

    fn count_legal_moves(&self) -> usize {
        Xiangqi::count_legal_moves(self)
    }

    fn is_legal(&self, mv: Move) -> bool {
        Xiangqi::is_legal(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        Xiangqi::play_unchecked(self, mv)
    }

    fn is_check(&self) -> bool {
        Xiangqi::is_check(self)
    }

    fn null_move() -> Move {
        Move::null()
    }

    fn play_null(&mut self) {
        Xiangqi::play_null(self);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_iccs(text)
    }

    /// A null move (`--`, `Z0`, `0000`, `@@@@`), else ICCS, then WXF; text with non-ASCII
    /// characters is read as Chinese notation.
    fn parse_any(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_any_knowing(text, false)
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn fullmove_number(&self) -> u32 {
        Xiangqi::fullmove_number(self)
    }

    fn position_outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            let termination = if self.is_check() {
                Termination::Checkmate
            } else {
                Termination::Stalemate
            };
            return Some(Outcome::win(termination, !self.turn));
        }
        if !material::can_win(self, Color::White) && !material::can_win(self, Color::Black) {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        None
    }
}

impl Notate for Xiangqi {
    fn color_name(color: Color) -> &'static str {
        match color {
            Color::White => "red",
            Color::Black => "black",
        }
    }

    /// WXF (`C2.5`).
    fn notation(&self, mv: Move) -> String {
        self.wxf(mv)
    }

    const NOTATIONS: &'static [Notation] = &[
        Notation::Wxf,
        Notation::Iccs,
        Notation::Chinese,
        Notation::ChineseTraditional,
    ];

    /// ICCS is written as records write it, `H2-E2`.
    fn write_move(&self, mv: Move, notation: Notation) -> Result<String, NotationError> {
        match notation {
            Notation::Wxf => Ok(self.wxf(mv)),
            Notation::Iccs => Ok(iccs_record_text(mv)),
            Notation::Chinese => Ok(self.chinese_with(mv, ChineseStyle::Simplified)),
            Notation::ChineseTraditional => Ok(self.chinese_with(mv, ChineseStyle::Traditional)),
            other => Err(NotationError::NotForGame {
                game: "xiangqi",
                notation: other,
                expected: "wxf, iccs, chinese, chinese-traditional",
            }),
        }
    }

    fn svg(&self) -> String {
        svg::xiangqi_svg(self)
    }

    fn diagram(&self) -> String {
        Xiangqi::diagram(self)
    }
}

impl HistoryRules for Xiangqi {
    fn history_outcome(history: History<'_, Self>) -> Option<Outcome> {
        repetition::judge(history).or_else(|| {
            let limit = history.rules().move_limit;
            let plies = limit.saturating_mul(2);
            // The counted plies never exceed the clock: count them only when the clock is there.
            (limit > 0 && history.position().halfmove >= plies && counted_plies(history) >= plies)
                .then(|| Outcome::draw(Termination::MoveLimit))
        })
    }
}

impl Winnability for Xiangqi {
    /// True only when `color` provably cannot win by any legal sequence of moves: it can never
    /// give check and the opponent can never be left without a legal move. Four material rules,
    /// proved in `xiangqi/material.rs` (summary in `docs/rules-xiangqi.md`, "Dead draws").
    fn has_insufficient_material(&self, color: Color) -> bool {
        !material::can_win(self, color)
    }
}

impl Xiangqi {
    /// [`Variant::parse_any`](crate::Variant::parse_any), told whether the side to move is known
    /// not to be in check ([`Xiangqi::is_legal_knowing`]): a null move (`--`, `Z0`, `0000`,
    /// `@@@@`), else ICCS, then WXF; text with non-ASCII characters is read as Chinese notation.
    #[inline]
    pub(crate) fn parse_any_knowing(
        &self,
        text: &str,
        not_in_check: bool,
    ) -> Result<Move, MoveError> {
        // Only the first byte says it is no null move: Chinese outside ASCII, WXF or ICCS after
        // a letter (the null moves start with `-`, `Z`, `0` or `@`).
        match text.as_bytes().first() {
            Some(b) if !b.is_ascii() => return self.parse_chinese_knowing(text, not_in_check),
            Some(b'a'..=b'z' | b'A'..=b'Y') => {}
            _ => {
                if let Some(null) = self.parse_null(text) {
                    return null;
                }
            }
        }
        if !text.is_ascii() {
            return self.parse_chinese_knowing(text, not_in_check);
        }
        // ICCS as `parse_iccs` reads it (`0000` is a null move, above), without an error built
        // for text that is WXF.
        match iccs::zero_based(notation::trim(text).as_bytes()) {
            Some(mv) if self.is_legal_knowing(mv, not_in_check) => Ok(mv),
            Some(_) => Err(MoveError::illegal(text, self.fen())),
            None => match self.parse_wxf_knowing(text, not_in_check) {
                Err(MoveError::Invalid { .. }) => Err(MoveError::invalid(
                    text,
                    "not a move in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五) notation",
                )),
                result => result,
            },
        }
    }
}

/// ICCS as records write it: upper-case files and a dash (`H2-E2`); `--` for a pass.
fn iccs_record_text(mv: Move) -> String {
    if mv.is_null() {
        return "--".into();
    }
    let text = mv.to_string();
    format!(
        "{}-{}",
        text[..2].to_ascii_uppercase(),
        text[2..].to_ascii_uppercase()
    )
}
