//! A game record at the level of text, for the tests of the reader: the tags, the main line's
//! move texts with their NAGs and comments, the result token. Nothing is checked against the
//! rules. It is collected by a [`Visitor`] of [`visit_game`], so a test sees exactly what the
//! tokenizer and the visitor hand on. (The library's one record model is the game tree.)
//!
//! Included by path in the unit tests of `src/pgn` and in the integration tests; the includer
//! has `visit_game`, `Limits`, `RawGame`, `SyntaxError` and `Visitor` of `qipan::pgn` in scope.

use std::ops::ControlFlow;

use super::{visit_game, Limits, RawGame, SyntaxError, Visitor};

/// One move: its text and what annotates it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextMove {
    /// The move as written, without `!`/`?` suffixes.
    pub text: String,
    /// Numeric annotation glyphs (`!` read as 1, ...).
    pub nags: Vec<u8>,
    /// The comments after the move, joined by a space, white space collapsed.
    pub comment: Option<String>,
}

/// The text of one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextRecord {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves of the main line.
    pub moves: Vec<TextMove>,
    /// The result token of the movetext (`*` when it has none).
    pub result: String,
}

impl TextRecord {
    /// Reads one game of a splitter.
    pub fn parse(game: &RawGame, limits: &Limits) -> Result<TextRecord, SyntaxError> {
        visit_game(game, limits, &mut Collector)
    }

    /// The value of the first tag named `name`.
    #[allow(dead_code)]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The move texts.
    #[allow(dead_code)]
    pub fn texts(&self) -> Vec<&str> {
        self.moves.iter().map(|m| m.text.as_str()).collect()
    }
}

/// Gathers a [`TextRecord`]: the tags, then the movetext in the record they start.
struct Collector;
fn add_comment(slot: &mut Option<String>, text: &str) {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return;
    }
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = TextRecord;
    type Output = TextRecord;

    fn begin_tags(&mut self) -> ControlFlow<TextRecord, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &str, value: &str) -> ControlFlow<TextRecord> {
        tags.push((name.to_owned(), value.to_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<TextRecord, TextRecord> {
        ControlFlow::Continue(TextRecord {
            tags,
            ..TextRecord::default()
        })
    }

    fn move_text(
        &mut self,
        record: &mut TextRecord,
        text: &str,
        _: u64,
        _: usize,
    ) -> ControlFlow<TextRecord> {
        record.moves.push(TextMove {
            text: text.to_owned(),
            ..TextMove::default()
        });
        ControlFlow::Continue(())
    }

    fn nag(&mut self, record: &mut TextRecord, nag: u8, _: usize) {
        if let Some(last) = record.moves.last_mut() {
            last.nags.push(nag);
        }
    }

    fn comment(&mut self, record: &mut TextRecord, text: &str, _: usize) {
        match record.moves.last_mut() {
            Some(last) => add_comment(&mut last.comment, text),
            None => add_comment(&mut record.comment, text),
        }
    }

    fn result(&mut self, record: &mut TextRecord, result: &str, _: u64) {
        record.result = result.to_owned();
    }

    fn end_game(&mut self, mut record: TextRecord) -> TextRecord {
        if record.result.is_empty() {
            record.result = "*".to_owned();
        }
        record
    }
}
