//! Player ratings: the Chinese **levels-and-points** method (级别、积分制) and **Elo**.
//!
//! The levels-and-points method is the one described in "记分方法" (scoring method): every
//! player has *points* (积分); after each game the winner gains a number of points that depends
//! on the points difference `d = |mine − theirs|` and on whether the side with fewer points (the
//! "lower" side) or the side with more points (the "higher" side) won, and the loser loses exactly
//! what the winner gains. Points map to *levels* (级别): below 100 points a player is unrated,
//! then level 30 (100–199 points) up to level 1 (3000 points and above).
//!
//! | result | `d < 10` | `10 ≤ d < 100` | `100 ≤ d < 200` | `d ≥ 200` |
//! |---|---|---|---|---|
//! | draw (lower side gains) | 0 | (10 + d/10)/2 | d/4 | d/4 |
//! | lower side wins | 10 | 10 + d/10 | d/2 | d/2 |
//! | higher side wins | 10 | 10 − d/12.5 | 2 | 0 |
//!
//! With equal points (`d = 0`) a win gives 10 to the winner and a draw gives nothing.
//!
//! Arithmetic is **exact**: [`Points`] is a reduced rational number (`i128` numerator and
//! denominator) parsed from decimal strings such as `"1234.5"` and displayed as an exact decimal
//! (`10.8`, `25.25`, `-10`, `0`): every division in the method (by 2, 4, 10 and 12.5) keeps the
//! denominator a product of 2s and 5s, so every value has a finite decimal expansion.
//! Points are **not clamped**: a player with few points who keeps losing goes below zero; the
//! arithmetic is applied exactly as written.
//!
//! Elo ([`elo_change`]) uses `f64`: the expected score is `E = 1/(1 + 10^(−(mine − theirs)/400))`
//! and the change is `K × (S − E)` with `S` = 1, 0.5 or 0.
//!
//! # Example
//!
//! ```
//! use qipan::rating::{level, level_change, elo_change, GameResult, Points};
//!
//! let mine: Points = "1500".parse().unwrap();
//! let theirs: Points = "1580".parse().unwrap();
//!
//! // d = 80: the lower side wins and gains 10 + 80/10 = 18; the higher side loses 18.
//! assert_eq!(level_change(mine, theirs, GameResult::Win).to_string(), "18");
//! assert_eq!(level_change(theirs, mine, GameResult::Loss).to_string(), "-18");
//!
//! // d = 80: the higher side wins and gains 10 − 80/12.5 = 3.6.
//! assert_eq!(level_change(theirs, mine, GameResult::Win).to_string(), "3.6");
//!
//! // A draw: the lower side gains (10 + 80/10)/2 = 9, the higher side loses 9.
//! assert_eq!(level_change(mine, theirs, GameResult::Draw).to_string(), "9");
//! assert_eq!(level_change(theirs, mine, GameResult::Draw).to_string(), "-9");
//!
//! // Exact decimals: 1500 + 18 = 1518 points is level 31 − 15 = 16.
//! let after = mine + level_change(mine, theirs, GameResult::Win);
//! assert_eq!(after.to_string(), "1518");
//! assert_eq!(level(after), Some(16));
//! assert_eq!(level("99.9".parse().unwrap()), None); // unrated
//!
//! // Elo: equal ratings, a win with K = 20 gains 10.
//! assert!((elo_change(1500.0, 1500.0, GameResult::Win, 20.0) - 10.0).abs() < 1e-9);
//!
//! // Garbage is a typed error, never a panic.
//! assert!("12x".parse::<Points>().is_err());
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

mod points;
pub use points::Points;

/// The default Elo K-factor used by the command line (`--k`).
pub const DEFAULT_K: f64 = 20.0;

/// Most digits accepted on either side of the decimal point when parsing [`Points`].
///
/// The limit keeps every single-game computation on parsed inputs far from `i128` overflow.
pub const MAX_DIGITS: usize = 15;

/// Errors from parsing ratings, results and rating systems, and from exact arithmetic overflow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    /// The points string was empty.
    #[error("empty points value")]
    Empty,
    /// The points string is not a plain decimal number (`[+-]digits[.digits]`).
    #[error("invalid points value {0:?}: expected a decimal number such as 1234 or 1234.5")]
    InvalidPoints(String),
    /// The points string has more than [`MAX_DIGITS`] digits before or after the decimal point.
    #[error(
        "points value {0:?} has too many digits (at most {MAX_DIGITS} on each side of the point)"
    )]
    TooManyDigits(String),
    /// The game result is not `win`, `draw` or `loss`.
    #[error("invalid game result {0:?}: expected win, draw or loss")]
    InvalidResult(String),
    /// The rating system is not `levels` or `elo`.
    #[error("invalid rating system {0:?}: expected levels or elo")]
    InvalidSystem(String),
    /// Exact arithmetic on [`Points`] overflowed `i128`.
    #[error("points arithmetic overflow")]
    Overflow,
}

/// The result of one game from the point of view of "mine" (the first player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// "Mine" won.
    Win,
    /// The game was drawn.
    Draw,
    /// "Mine" lost.
    Loss,
}

impl GameResult {
    /// The score `S` of "mine": 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }

    /// The same game seen from the other player: a win becomes a loss and vice versa.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

impl FromStr for GameResult {
    type Err = RatingError;

    /// Parses `win`, `draw` or `loss` (ASCII case-insensitive; also `w`, `d`, `l`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "win" | "w" => Ok(GameResult::Win),
            "draw" | "d" => Ok(GameResult::Draw),
            "loss" | "l" => Ok(GameResult::Loss),
            _ => Err(RatingError::InvalidResult(s.to_string())),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        })
    }
}

/// Which rating method to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RatingSystem {
    /// The levels-and-points method (级别、积分制), see [`level_change`] and [`level`].
    #[default]
    Levels,
    /// Elo, see [`elo_change`].
    Elo,
}

impl FromStr for RatingSystem {
    type Err = RatingError;

    /// Parses `levels` or `elo` (ASCII case-insensitive).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "levels" => Ok(RatingSystem::Levels),
            "elo" => Ok(RatingSystem::Elo),
            _ => Err(RatingError::InvalidSystem(s.to_string())),
        }
    }
}

impl fmt::Display for RatingSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RatingSystem::Levels => "levels",
            RatingSystem::Elo => "elo",
        })
    }
}

/// Points gained by the lower side in a draw with difference `d ≥ 0`.
fn draw_gain(d: Points) -> Result<Points, RatingError> {
    let ten = Points::from_integer(10);
    let hundred = Points::from_integer(100);
    if d < ten {
        // 相差10分以内，无积分
        Ok(Points::ZERO)
    } else if d < hundred {
        // 相差10-99分，则分低方得(10+差分/10)/2  =  (10 + d/10)/2  =  5 + d/20
        ten.checked_add(d.scale(1, 10)?)?.scale(1, 2)
    } else {
        // 相差100分以上，分低方得差分/4
        d.scale(1, 4)
    }
}

/// Points gained by the lower side when it wins with difference `d ≥ 0`.
fn lower_win_gain(d: Points) -> Result<Points, RatingError> {
    let ten = Points::from_integer(10);
    let hundred = Points::from_integer(100);
    if d >= hundred {
        // 相差100分以上，则得差分/2
        d.scale(1, 2)
    } else if d >= ten {
        // 相差10-99分，得10+差分/10
        ten.checked_add(d.scale(1, 10)?)
    } else {
        // 相差10分以内，得10分
        Ok(ten)
    }
}

/// Points gained by the higher side when it wins with difference `d ≥ 0`.
fn higher_win_gain(d: Points) -> Result<Points, RatingError> {
    let ten = Points::from_integer(10);
    if d >= Points::from_integer(200) {
        // 相差200分以上，无积分
        Ok(Points::ZERO)
    } else if d >= Points::from_integer(100) {
        // 相差100-199分，得2分
        Ok(Points::from_integer(2))
    } else if d >= ten {
        // 相差10-99分，得10-差分/12.5  (d/12.5 = 2d/25)
        ten.checked_sub(d.scale(2, 25)?)
    } else {
        // 相差10分以内，得10分
        Ok(ten)
    }
}

/// Like [`level_change`], but returns [`RatingError::Overflow`] instead of panicking when the
/// exact arithmetic would overflow `i128`.
pub fn checked_level_change(
    mine: Points,
    theirs: Points,
    result: GameResult,
) -> Result<Points, RatingError> {
    let d = mine.checked_sub(theirs)?;
    let d = if d.is_negative() { d.checked_neg()? } else { d };
    match result {
        GameResult::Draw => {
            // The lower side gains, the higher side loses the same; equal points → d < 10 → 0.
            let gain = draw_gain(d)?;
            match mine.cmp(&theirs) {
                Ordering::Less => Ok(gain),
                Ordering::Equal => Ok(Points::ZERO),
                Ordering::Greater => gain.checked_neg(),
            }
        }
        GameResult::Win => {
            if mine < theirs {
                lower_win_gain(d)
            } else {
                // Higher side, or equal points (d = 0 < 10: both rules give 10).
                higher_win_gain(d)
            }
        }
        // The loser loses exactly what the winner gains.
        GameResult::Loss => checked_level_change(theirs, mine, GameResult::Win)?.checked_neg(),
    }
}

/// The change of "mine"'s points after one game against "theirs" under the levels-and-points
/// method (negative if "mine" lost points).
///
/// With `d = |mine − theirs|`, "lower" the side with fewer points and "higher" the side with more:
///
/// * **draw**: `d < 10` → nobody gains; `10 ≤ d < 100` → the lower side gains `(10 + d/10)/2`;
///   `d ≥ 100` → the lower side gains `d/4`; the higher side loses what the lower side gains.
/// * **lower side wins**: `d ≥ 100` → `d/2`; `10 ≤ d < 100` → `10 + d/10`; `d < 10` → 10.
/// * **higher side wins**: `d ≥ 200` → 0; `100 ≤ d < 200` → 2; `10 ≤ d < 100` → `10 − d/12.5`;
///   `d < 10` → 10.
/// * the loser loses exactly what the winner gains; with equal points a win gives 10 and a draw 0.
///
/// The result is exact; points are not clamped at zero.
///
/// ```
/// use qipan::rating::{level_change, GameResult, Points};
/// let p = |s: &str| s.parse::<Points>().unwrap();
/// assert_eq!(level_change(p("1000"), p("1008"), GameResult::Draw).to_string(), "0");
/// assert_eq!(level_change(p("1000"), p("1016"), GameResult::Draw).to_string(), "5.8");
/// assert_eq!(level_change(p("1000"), p("1101"), GameResult::Draw).to_string(), "25.25");
/// assert_eq!(level_change(p("1067.5"), p("1000"), GameResult::Win).to_string(), "4.6");
/// assert_eq!(level_change(p("1000"), p("1000"), GameResult::Loss).to_string(), "-10");
/// ```
///
/// # Panics
///
/// Only on `i128` overflow, which cannot happen for values parsed from strings (see
/// [`Points`]); use [`checked_level_change`] to get an error instead.
pub fn level_change(mine: Points, theirs: Points, result: GameResult) -> Points {
    checked_level_change(mine, theirs, result).expect("Points arithmetic overflowed i128")
}

/// The level (级别) for a number of points: `None` below 100 points (unrated, 无级别), then
/// `31 − floor(points/100)` for `100 ≤ points < 3000`, and 1 for 3000 points and above.
///
/// | points | level |
/// |---|---|
/// | below 100 (including negative) | `None` (unrated) |
/// | 100 – 199.xx | 30 |
/// | 200 – 299.xx | 29 |
/// | … | … |
/// | 2900 – 2999.xx | 2 |
/// | 3000 and above | 1 |
///
/// ```
/// use qipan::rating::{level, Points};
/// assert_eq!(level(Points::from(99)), None);
/// assert_eq!(level(Points::from(100)), Some(30));
/// assert_eq!(level(Points::from(2999)), Some(2));
/// assert_eq!(level(Points::from(1_000_000)), Some(1));
/// ```
pub fn level(points: Points) -> Option<u8> {
    let hundreds = points.floor().div_euclid(100);
    match hundreds {
        h if h < 1 => None,
        h if h >= 30 => Some(1),
        h => Some((31 - h) as u8),
    }
}

/// The Elo change of "mine" after one game: `K × (S − E)` with `S` = 1 / 0.5 / 0 for a
/// win / draw / loss and `E = 1 / (1 + 10^(−(mine − theirs)/400))`.
///
/// Computed in `f64` (not exact; the command line rounds to 2 decimals). The change is
/// antisymmetric: the opponent's change is the negation. Non-finite inputs give non-finite output.
///
/// ```
/// use qipan::rating::{elo_change, GameResult};
/// // 400 points stronger: E = 10/11, a win gains 20 × (1 − 10/11) = 20/11 ≈ 1.82.
/// let c = elo_change(1800.0, 1400.0, GameResult::Win, 20.0);
/// assert!((c - 20.0 / 11.0).abs() < 1e-9);
/// ```
pub fn elo_change(mine: f64, theirs: f64, result: GameResult, k: f64) -> f64 {
    k * (result.score() - elo_expected(mine, theirs))
}

/// The Elo expected score of "mine" against "theirs": `1 / (1 + 10^(−(mine − theirs)/400))`.
pub fn elo_expected(mine: f64, theirs: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(mine - theirs) / 400.0))
}
