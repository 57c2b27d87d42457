//! The commands real records carry in their comments — `[%clk 0:03:00]` (the clock after the
//! move), `[%emt 0:00:04]` (the time the move took), `[%eval 0.25]` / `[%eval #-3,20]` (an
//! evaluation with its depth) and `[%cal Ge2e4]` / `[%csl Ra1]` (arrows and coloured squares) —
//! read into typed values and written back as python-chess 1.11 writes them.
//!
//! The comment text stays the one truth: a command is read from it when asked for and a setter
//! rewrites it, so a comment that is only read is written back byte for byte, and whatever else
//! it says is never touched. The rules are python-chess's, down to the white space: the first
//! well-formed `clk`, `emt` and `eval` count (a malformed one is plain text); every `csl` and
//! `cal` counts, in order; a setter replaces the first command of its kind in place or appends
//! one at the end (arrows: removes them all and puts the new ones first), and a removed
//! command takes one white space character beside it along. White space is Unicode's (with the
//! four ASCII separators, as Python's `\s`), digits any script's decimal digits.
//!
//! Xiangqi comments carry the same commands; their squares are ICCS squares (`a0`–`i9`).
//!
//! ```
//! use qipan::tree::annotations::{self, Arrow, ArrowColor, Eval, EvalScore};
//! use qipan::GameKind;
//! let mut comment = String::from("good [%clk 0:03:00] move");
//! assert_eq!(annotations::clock(&comment), Some(180.0));
//! annotations::set_clock(&mut comment, Some(175.25)).unwrap();
//! annotations::set_eval(&mut comment, Some(Eval { score: EvalScore::Centipawns(-37), depth: Some(20) }));
//! annotations::set_arrows(&mut comment, GameKind::Chess, &[Arrow::new(ArrowColor::Red, 12, 28)]).unwrap();
//! assert_eq!(comment, "[%cal Re2e4] good [%clk 0:02:55.25] move [%eval -0.37,20]");
//! ```

use crate::GameKind;

/// An evaluation's score, from the first player's point of view (White, Red) as the text gives
/// it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalScore {
    /// Centipawns (`[%eval 0.25]` is 25).
    Centipawns(i64),
    /// Mate in so many moves, negative when the first player is mated; `#0` is written by no
    /// setter (the game is over: the side to move is the one mated).
    Mate(i64),
}

impl std::fmt::Display for EvalScore {
    /// As the command writes it: pawns with two decimals (`0.25`, `-1.20`) or `#n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EvalScore::Centipawns(cp) => write!(f, "{:.2}", cp as f64 / 100.0),
            EvalScore::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// An `[%eval ...]` command: a score and the search depth, if given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The score.
    pub score: EvalScore,
    /// The depth (`[%eval 0.25,18]`).
    pub depth: Option<u64>,
}

/// The colour of an arrow or a square: the letter before it in `[%cal]`/`[%csl]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArrowColor {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl ArrowColor {
    /// Every colour, in the order of their letters `G`, `R`, `Y`, `B`.
    pub const ALL: [ArrowColor; 4] = [
        ArrowColor::Green,
        ArrowColor::Red,
        ArrowColor::Yellow,
        ArrowColor::Blue,
    ];

    /// The letter: `G`, `R`, `Y` or `B`.
    pub const fn letter(self) -> char {
        match self {
            ArrowColor::Green => 'G',
            ArrowColor::Red => 'R',
            ArrowColor::Yellow => 'Y',
            ArrowColor::Blue => 'B',
        }
    }

    /// The colour of a letter.
    pub fn from_letter(letter: char) -> Option<ArrowColor> {
        ArrowColor::ALL.into_iter().find(|c| c.letter() == letter)
    }

    /// The name python-chess gives it: `green`, `red`, `yellow`, `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            ArrowColor::Green => "green",
            ArrowColor::Red => "red",
            ArrowColor::Yellow => "yellow",
            ArrowColor::Blue => "blue",
        }
    }

    /// The colour of a name; any other name is green, as python-chess writes it.
    pub fn from_name(name: &str) -> ArrowColor {
        ArrowColor::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .unwrap_or(ArrowColor::Green)
    }
}

/// An arrow from `tail` to `head`, or a coloured square when they are the same. Squares are
/// indices: `rank * 8 + file` on the chess board (python-chess's numbers), `rank * 9 + file`
/// on the Xiangqi board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The colour.
    pub color: ArrowColor,
    /// Where the arrow starts.
    pub tail: u8,
    /// Where it points.
    pub head: u8,
}

impl Arrow {
    /// An arrow.
    pub const fn new(color: ArrowColor, tail: u8, head: u8) -> Arrow {
        Arrow { color, tail, head }
    }

    /// Whether it is a coloured square (`[%csl]`) rather than an arrow (`[%cal]`).
    pub const fn is_square(self) -> bool {
        self.tail == self.head
    }

    /// The arrow as a command writes it (`Ge2e4`, `Ra1`), or an error for a square off the
    /// board of `game`.
    pub fn text(self, game: GameKind) -> Result<String, AnnotationError> {
        let board = Board::of(game);
        let mut text = String::with_capacity(5);
        text.push(self.color.letter());
        board.push_name(&mut text, self.tail)?;
        if !self.is_square() {
            board.push_name(&mut text, self.head)?;
        }
        Ok(text)
    }
}

/// A value a setter cannot write.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AnnotationError {
    /// A clock or move time that is infinite.
    #[error("a time of {0} seconds cannot be written")]
    Infinite(f64),
    /// A square index off the board.
    #[error("square {square} is not on the {game} board")]
    OffBoard {
        /// The index.
        square: u8,
        /// The game's name.
        game: &'static str,
    },
}

/// Every command of a comment, read at once ([`read`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Annotations {
    /// The clock after the move, in seconds (`[%clk]`).
    pub clock: Option<f64>,
    /// The time the move took, in seconds (`[%emt]`).
    pub emt: Option<f64>,
    /// The evaluation (`[%eval]`).
    pub eval: Option<Eval>,
    /// The arrows and coloured squares, in order (`[%cal]`, `[%csl]`).
    pub arrows: Vec<Arrow>,
    /// The comment without the commands read (the setters' way of taking them out).
    pub text: String,
}

/// Reads every command of a comment, with the rest of the text.
pub fn read(comment: &str, game: GameKind) -> Annotations {
    let mut text = comment.to_owned();
    let clock = take(&mut text, |s| time(s, "clk"));
    let emt = take(&mut text, |s| time(s, "emt"));
    let eval = take(&mut text, eval_command);
    let board = Board::of(game);
    let arrows = arrows(comment, game);
    replace_all(&mut text, |s| arrow_command(s, board));
    Annotations {
        clock,
        emt,
        eval,
        arrows,
        text,
    }
}

/// The clock after the move, in seconds: the first `[%clk h:mm:ss(.f)]`.
pub fn clock(comment: &str) -> Option<f64> {
    find(comment, 0, |s| time(s, "clk")).map(|f| f.value)
}

/// The time the move took, in seconds: the first `[%emt h:mm:ss(.f)]`.
pub fn emt(comment: &str) -> Option<f64> {
    find(comment, 0, |s| time(s, "emt")).map(|f| f.value)
}

/// The evaluation: the first `[%eval 0.25]`, `[%eval #-3]`, either with `,depth`.
pub fn eval(comment: &str) -> Option<Eval> {
    find(comment, 0, eval_command).map(|f| f.value)
}

/// The arrows and coloured squares of every `[%cal]` and `[%csl]`, in order.
pub fn arrows(comment: &str, game: GameKind) -> Vec<Arrow> {
    let board = Board::of(game);
    let mut arrows = Vec::new();
    let mut from = 0;
    while let Some(found) = find(comment, from, |s| arrow_command(s, board)) {
        arrows.extend(found.value);
        from = found.end;
    }
    arrows
}

/// Sets the clock (`None` removes it), as python-chess's `set_clock`: a negative time (or NaN)
/// is zero, the seconds are rounded to milliseconds and written without trailing zeros.
pub fn set_clock(comment: &mut String, seconds: Option<f64>) -> Result<(), AnnotationError> {
    set_time(comment, "clk", seconds)
}

/// Sets the time the move took (`None` removes it), as [`set_clock`].
pub fn set_emt(comment: &mut String, seconds: Option<f64>) -> Result<(), AnnotationError> {
    set_time(comment, "emt", seconds)
}

/// Sets the evaluation (`None` removes it): centipawns with two decimals of a pawn, mates as
/// `#n`, the depth after a comma. A mate in 0 removes it, as python-chess does.
pub fn set_eval(comment: &mut String, eval: Option<Eval>) {
    let command = match eval {
        None
        | Some(Eval {
            score: EvalScore::Mate(0),
            ..
        }) => String::new(),
        Some(Eval { score, depth }) => {
            let depth = depth.map(|d| format!(",{d}")).unwrap_or_default();
            format!("[%eval {score}{depth}]")
        }
    };
    if !replace_first(comment, &command, eval_command) && !command.is_empty() {
        if !comment.is_empty() && !comment.ends_with(' ') {
            comment.push(' ');
        }
        comment.push_str(&command);
    }
}

/// Replaces every `[%csl]` and `[%cal]` by the arrows given: one `[%csl]` with the coloured
/// squares and one `[%cal]` with the arrows, at the start of the comment. A square off the
/// board is an error and the comment is left as it was.
pub fn set_arrows(
    comment: &mut String,
    game: GameKind,
    arrows: &[Arrow],
) -> Result<(), AnnotationError> {
    let (mut squares, mut lines) = (Vec::new(), Vec::new());
    for arrow in arrows {
        let text = arrow.text(game)?;
        if arrow.is_square() {
            squares.push(text)
        } else {
            lines.push(text)
        }
    }
    let board = Board::of(game);
    replace_all(comment, |s| arrow_command(s, board));
    let mut prefix = String::new();
    if !squares.is_empty() {
        prefix = format!("[%csl {}]", squares.join(","));
    }
    if !lines.is_empty() {
        prefix = format!("{prefix}[%cal {}]", lines.join(","));
    }
    if !prefix.is_empty() && !comment.is_empty() && !comment.starts_with([' ', '\n']) {
        prefix.push(' ');
    }
    comment.insert_str(0, &prefix);
    Ok(())
}

fn set_time(comment: &mut String, name: &str, seconds: Option<f64>) -> Result<(), AnnotationError> {
    let command = match seconds {
        None => String::new(),
        Some(s) => format!("[%{name} {}]", time_text(s)?),
    };
    if !replace_first(comment, &command, |s| time(s, name)) && !command.is_empty() {
        if !comment.is_empty() && !comment.ends_with([' ', '\n']) {
            comment.push(' ');
        }
        comment.push_str(&command);
    }
    Ok(())
}

/// A time as `[%clk]` and `[%emt]` write it: `h:mm:ss.fff` without trailing zeros (a negative
/// time or NaN is zero, an infinite one an error), computed as python-chess computes it in
/// floating point, so that a value rounds the same way (59.9996 is `0:00:60`).
pub fn time_text(seconds: f64) -> Result<String, AnnotationError> {
    if seconds == f64::INFINITY {
        return Err(AnnotationError::Infinite(seconds));
    }
    let s = if seconds > 0.0 { seconds } else { 0.0 };
    let hours = floor_div(s, 3600.0);
    let rest = s % 3600.0;
    let minutes = floor_div(rest, 60.0);
    let secs = format!("{:06.3}", rest % 60.0);
    let secs = secs.trim_end_matches('0').trim_end_matches('.');
    Ok(format!("{hours:.0}:{minutes:02.0}:{secs}"))
}

/// Python's float `x // y` for `x >= 0`, `y > 0`.
fn floor_div(x: f64, y: f64) -> f64 {
    let div = (x - x % y) / y;
    if div == 0.0 {
        return 0.0;
    }
    let floor = div.floor();
    if div - floor > 0.5 {
        floor + 1.0
    } else {
        floor
    }
}

// The matching (where a command is, what replaces it, the scanner) is in annotations_scan.rs.
#[path = "annotations_scan.rs"]
mod scan;
use scan::{find, replace_all, replace_first, saturating, take, Scan};

/// `[%clk h:mm:ss]` or `[%emt ...]`: hours and minutes any number of digits, seconds with an
/// optional fraction; the value in seconds, added as python-chess adds them.
fn time(text: &str, name: &str) -> Option<(usize, f64)> {
    let mut scan = Scan { text, at: 0 };
    if !(scan.eat_str("[%") && scan.eat_str(name) && scan.space()) {
        return None;
    }
    let hours = scan.digits();
    if hours.is_empty() || !scan.eat(':') {
        return None;
    }
    let minutes = scan.digits();
    if minutes.is_empty() || !scan.eat(':') {
        return None;
    }
    let mut seconds = scan.digits();
    if seconds.is_empty() {
        return None;
    }
    if scan.eat('.') {
        seconds.push('.');
        seconds.push_str(&scan.digits());
    }
    if !scan.eat(']') {
        return None;
    }
    let whole = saturating(&hours)
        .saturating_mul(3600)
        .saturating_add(saturating(&minutes).saturating_mul(60));
    let seconds: f64 = seconds.parse().ok()?;
    Some((scan.at, whole as f64 + seconds))
}

/// `[%eval 0.25]`, `[%eval #-3]`, either with `,depth`: centipawns at most ten digits before
/// the point and two after it, rounded half to even from the pawns as python-chess rounds them.
fn eval_command(text: &str) -> Option<(usize, Eval)> {
    let mut scan = Scan { text, at: 0 };
    if !(scan.eat_str("[%eval") && scan.space()) {
        return None;
    }
    let score = if scan.eat('#') {
        let negative = scan.eat('-');
        if !negative {
            scan.eat('+');
        }
        let digits = scan.digits();
        if digits.is_empty() {
            return None;
        }
        let moves = i64::try_from(saturating(&digits)).unwrap_or(i64::MAX);
        EvalScore::Mate(if negative { -moves } else { moves })
    } else {
        let mut number = String::new();
        if scan.eat('-') {
            number.push('-');
        } else {
            scan.eat('+');
        }
        let whole = scan.digits();
        let point = scan.eat('.');
        let fraction = if point { scan.digits() } else { String::new() };
        let well_formed = if fraction.is_empty() {
            (1..=10).contains(&whole.chars().count())
        } else {
            whole.chars().count() <= 10 && fraction.len() <= 2
        };
        if !well_formed {
            return None;
        }
        number.push_str(if whole.is_empty() { "0" } else { &whole });
        if !fraction.is_empty() {
            number.push('.');
            number.push_str(&fraction);
        }
        let pawns: f64 = number.parse().ok()?;
        EvalScore::Centipawns((pawns * 100.0).round_ties_even() as i64)
    };
    let depth = if scan.eat(',') {
        let digits = scan.digits();
        if digits.is_empty() {
            return None;
        }
        Some(u64::try_from(saturating(&digits)).unwrap_or(u64::MAX))
    } else {
        None
    };
    scan.eat(']').then_some((scan.at, Eval { score, depth }))
}

/// The geometry of a board, for square names.
#[derive(Clone, Copy)]
struct Board {
    files: u8,
    ranks: u8,
    /// The name of the first rank: `1` in chess, `0` in Xiangqi.
    first_rank: u8,
}

impl Board {
    fn of(game: GameKind) -> Board {
        match game.family() {
            GameKind::Xiangqi => Board {
                files: 9,
                ranks: 10,
                first_rank: b'0',
            },
            _ => Board {
                files: 8,
                ranks: 8,
                first_rank: b'1',
            },
        }
    }

    fn game(self) -> &'static str {
        if self.files == 9 {
            "xiangqi"
        } else {
            "chess"
        }
    }

    fn square(self, scan: &mut Scan<'_>) -> Option<u8> {
        let bytes = scan.text.as_bytes();
        let (&f, &r) = (bytes.get(scan.at)?, bytes.get(scan.at + 1)?);
        let (file, rank) = (f.wrapping_sub(b'a'), r.wrapping_sub(self.first_rank));
        if file < self.files && rank < self.ranks {
            scan.at += 2;
            Some(rank * self.files + file)
        } else {
            None
        }
    }

    fn push_name(self, out: &mut String, square: u8) -> Result<(), AnnotationError> {
        if square >= self.files * self.ranks {
            return Err(AnnotationError::OffBoard {
                square,
                game: self.game(),
            });
        }
        out.push(char::from(b'a' + square % self.files));
        out.push(char::from(self.first_rank + square / self.files));
        Ok(())
    }
}

/// `[%cal Ge2e4,Rd1d8]` or `[%csl Ga1]`: colour letters and one or two squares each.
fn arrow_command(text: &str, board: Board) -> Option<(usize, Vec<Arrow>)> {
    let mut scan = Scan { text, at: 0 };
    if !((scan.eat_str("[%csl") || scan.eat_str("[%cal")) && scan.space()) {
        return None;
    }
    let mut arrows = Vec::new();
    loop {
        let color = scan.peek().and_then(ArrowColor::from_letter)?;
        scan.at += 1;
        let tail = board.square(&mut scan)?;
        let head = board.square(&mut scan).unwrap_or(tail);
        arrows.push(Arrow { color, tail, head });
        if !scan.eat(',') {
            break;
        }
    }
    scan.eat(']').then_some((scan.at, arrows))
}

#[cfg(test)]
#[path = "annotations_tests.rs"]
mod tests;
