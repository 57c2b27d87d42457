//! Game records: PGN for chess, and the same container for Xiangqi (`[Variant "xiangqi"]`, moves in
//! ICCS, WXF or Chinese notation).
//!
//! Reading is split in three stages so that a later bulk replay can run them on different threads
//! and in constant memory, whatever the size of the file:
//!
//! 1. [`Splitter`] reads any [`BufRead`](std::io::BufRead) line by line and yields one
//!    [`RawGame`] at a time: the game's bytes, its 1-based index, first line and byte offset.
//!    Nothing else of the file is kept.
//! 2. [`visit_game`] tokenizes one game ([`Tokenizer`]) and hands tags, moves, comments, NAGs,
//!    variations and the result to a [`Visitor`]. Variations are skipped unless the visitor asks
//!    for them.
//! 3. [`replay`] plays the moves of one game on a [`Variant`](crate::Variant) (from the `FEN` tag
//!    when there is one), and checks the `Result` tag against the real ending
//!    ([`GameReport`]). [`GameKind::from_tags`](crate::GameKind::from_tags) tells which game a
//!    record is from its tags.
//!
//! The [game tree](crate::tree) is the record model: [`GameTree::read`](crate::tree::GameTree)
//! builds one from a game (moves checked), and `write_pgn` writes it back as PGN (Seven Tag
//! Roster, numbered moves, comments, NAGs, variations, wrapped at 80 columns).
//!
//! Resources are bounded by [`Limits`]: a line, a game and the nesting of variations each have a
//! maximum; going over is an error for that game, never a crash or an unbounded allocation.
//!
//! ```
//! use qipan::pgn::{read_tags, Splitter, Limits};
//! use qipan::tree::AnyGameTree;
//! let text = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 1-0\n";
//! let games: Vec<_> = Splitter::new(&text[..], Limits::default()).map(|g| g.unwrap()).collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!((games[1].index, games[1].line), (2, 5));
//! let tags = read_tags(&games[1], &Limits::default()).unwrap();
//! assert_eq!(tags, [("Event".to_owned(), "b".to_owned())]);
//! let second = AnyGameTree::read(&games[1], &Limits::default()).unwrap();
//! assert_eq!(second.mainline_texts(None), ["d4"]);
//! ```

mod bulk;
mod check;
mod decode;
mod events;
mod lines;
mod plain;
pub(crate) mod replay;
mod split;
mod tags;
mod token;
mod visit;

#[cfg(test)]
mod plain_tests;
#[cfg(test)]
mod tests;

pub use bulk::{
    parallel_map, replay_range, replay_source, summarize, BulkOptions, BulkReplay, GameSummary,
    ParallelMap,
};
pub use check::{check_game, GameCheck};
pub use events::{EventReader, LineSource, PgnEvent, ReadLines};
pub use lines::{GameLines, LineStep};
pub use replay::{
    replay, replay_with, GameReport, RecordError, RecordErrorKind, ResultCheck, INVALID_PGN_ERROR,
};
pub use split::{RawGame, Splitter};
pub(crate) use tags::tag;
pub use tags::{read_tags, MAX_COLUMN, SEVEN_TAG_ROSTER};
pub use token::{is_tag_name, movetext_moves, MovetextError, Token, Tokenizer};
pub use visit::{visit_game, Skip, Visitor};

/// Bounds on what one record may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest line, in bytes (default 1 MiB). The rest of a longer line is skipped and the
    /// game is reported as [`SyntaxError::LineTooLong`].
    pub max_line: usize,
    /// The largest game, in bytes (default 16 MiB). The rest of a larger game is skipped and the
    /// game is reported as [`SyntaxError::GameTooLarge`].
    pub max_game: usize,
    /// The deepest nesting of variations `( ... )` (default 64).
    pub max_depth: usize,
    /// The most plies [`replay`] plays in one game (default 20,000: more than the longest game the
    /// automatic draw rules allow). A [`Game`](crate::Game) keeps every position, so this bounds
    /// a replay's memory; a longer game is a `syntax` error at the first ply beyond.
    pub max_plies: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_line: 1 << 20,
            max_game: 16 << 20,
            max_depth: 64,
            max_plies: 20_000,
        }
    }
}

/// What is wrong with the text of a record (as opposed to its moves).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// A line is longer than [`Limits::max_line`].
    #[error("line {line} is longer than {max} bytes")]
    LineTooLong {
        /// The line.
        line: u64,
        /// The limit.
        max: usize,
    },
    /// A game is larger than [`Limits::max_game`].
    #[error("the game is larger than {max} bytes")]
    GameTooLarge {
        /// The limit.
        max: usize,
    },
    /// Variations are nested deeper than [`Limits::max_depth`].
    #[error("line {line}: variations nested deeper than {max}")]
    TooDeep {
        /// The line of the `(` that goes too deep.
        line: u64,
        /// The limit.
        max: usize,
    },
    /// A `)` without its `(`.
    #[error("line {line}: `)` closes no variation")]
    UnmatchedParen {
        /// Its line.
        line: u64,
    },
    /// A `(` never closed.
    #[error("line {line}: variation not closed")]
    UnclosedVariation {
        /// The line of the `(`.
        line: u64,
    },
    /// A `{` never closed.
    #[error("line {line}: comment not closed")]
    UnclosedComment {
        /// The line of the `{`.
        line: u64,
    },
    /// A tag pair that does not read `[Name "value"]`.
    #[error("line {line}: malformed tag: {reason}")]
    BadTag {
        /// Its line.
        line: u64,
        /// What is wrong.
        reason: &'static str,
    },
    /// A tag pair after the first move.
    #[error("line {line}: tag pair inside the movetext")]
    TagInMovetext {
        /// Its line.
        line: u64,
    },
}

impl SyntaxError {
    /// What is wrong, without the line (for a report that names the line itself).
    pub fn message(&self) -> String {
        let text = self.to_string();
        match self.line() {
            Some(line) => text
                .strip_prefix(&format!("line {line}: "))
                .map_or(text.clone(), str::to_owned),
            None => text,
        }
    }

    /// The line the error is on (the game's first line for [`SyntaxError::GameTooLarge`]).
    pub fn line(&self) -> Option<u64> {
        match *self {
            SyntaxError::GameTooLarge { .. } => None,
            SyntaxError::LineTooLong { line, .. }
            | SyntaxError::TooDeep { line, .. }
            | SyntaxError::UnmatchedParen { line }
            | SyntaxError::UnclosedVariation { line }
            | SyntaxError::UnclosedComment { line }
            | SyntaxError::BadTag { line, .. }
            | SyntaxError::TagInMovetext { line } => Some(line),
        }
    }
}

/// Whether `line` opens the trailer that XQBase (象棋巫师) exports write after each game: a line
/// of at least four `=` and nothing else but white space. The trailer — this line and the free
/// text after it, up to the next line that starts with `[` — belongs to the game before, as its
/// trailing comment, and never starts a game. Splitter and tokenizer share this test.
pub(crate) fn is_trailer_rule(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line.len() >= 4 && line.iter().all(|&b| b == b'=')
}

/// The move-suffix glyphs of NAGs 1 to 6, in order: `!` good, `?` mistake, `!!` brilliant, `??`
/// blunder, `!?` speculative, `?!` dubious.
pub const NAG_GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The NAG a glyph stands for (`?!` is 6), `None` for other text.
pub fn nag_of_glyph(glyph: &str) -> Option<u8> {
    NAG_GLYPHS
        .iter()
        .position(|g| *g == glyph)
        .map(|i| i as u8 + 1)
}

/// The glyph of a NAG (`Some("?!")` for 6), `None` for NAGs without one.
pub fn nag_glyph(nag: u8) -> Option<&'static str> {
    NAG_GLYPHS.get(usize::from(nag).checked_sub(1)?).copied()
}

/// Whether `text` is a game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn is_result(text: &str) -> bool {
    result_of(text.as_bytes()).is_some()
}

/// The game termination marker `text` is, if it is one ([`is_result`] on bytes).
pub(crate) fn result_of(text: &[u8]) -> Option<&'static str> {
    match text {
        b"1-0" => Some("1-0"),
        b"0-1" => Some("0-1"),
        b"1/2-1/2" => Some("1/2-1/2"),
        b"*" => Some("*"),
        _ => None,
    }
}
