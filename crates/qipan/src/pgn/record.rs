//! [`PgnGame`]: a game record as text — tags, main-line moves with their annotations, result.

use std::ops::ControlFlow;

use super::{visit_game, Limits, RawGame, SyntaxError, Visitor};

/// One move of a [`PgnGame`]: its text and what annotates it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (SAN, UCI, ICCS, WXF, Chinese...), without `!`/`?` suffixes.
    pub text: String,
    /// Numeric annotation glyphs (`$1`, or `!` read as 1, ...).
    pub nags: Vec<u8>,
    /// The comments after the move, joined by a space, white space collapsed to single spaces.
    pub comment: Option<String>,
}

/// A game record at the level of text: nothing is checked against the rules (see
/// [`replay`](super::replay) for that). Variations are not kept.
///
/// [`PgnGame::parse`] reads one, [`PgnGame::from_game`](PgnGame::from_game) makes one from a
/// played [`Game`](crate::Game), and `Display` / [`PgnGame::write`] write it as PGN.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves of the main line.
    pub moves: Vec<PgnMove>,
    /// The result token of the movetext (`*` when it has none).
    pub result: String,
}

impl PgnGame {
    /// Reads one game of the [`Splitter`](super::Splitter).
    pub fn parse(game: &RawGame, limits: &Limits) -> Result<PgnGame, SyntaxError> {
        let mut reader = Reader {
            game: PgnGame::default(),
            result: None,
        };
        visit_game(game, limits, &mut reader)?;
        let mut game = reader.game;
        game.result = reader.result.unwrap_or_else(|| "*".to_owned());
        Ok(game)
    }

    /// The value of the first tag named `name` (case-sensitive, as PGN tag names are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }
}

/// The value of the first tag named `name` in `tags`.
pub(crate) fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

struct Reader {
    game: PgnGame,
    result: Option<String>,
}

fn add_comment(slot: &mut Option<String>, text: &str) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
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

impl Visitor for Reader {
    fn tag(&mut self, name: &str, value: &str) {
        self.game.tags.push((name.to_owned(), value.to_owned()));
    }

    fn move_text(&mut self, text: &str, _line: u64, _depth: usize) -> ControlFlow<()> {
        self.game.moves.push(PgnMove {
            text: text.to_owned(),
            ..PgnMove::default()
        });
        ControlFlow::Continue(())
    }

    fn nag(&mut self, nag: u8, _depth: usize) {
        if let Some(last) = self.game.moves.last_mut() {
            last.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &str, _depth: usize) {
        match self.game.moves.last_mut() {
            Some(last) => add_comment(&mut last.comment, text),
            None => add_comment(&mut self.game.comment, text),
        }
    }

    fn result(&mut self, result: &str, _line: u64) {
        self.result = Some(result.to_owned());
    }
}

/// Reads only the tag pairs of one game (for choosing its variant before replaying it).
pub fn read_tags(game: &RawGame, limits: &Limits) -> Result<Vec<(String, String)>, SyntaxError> {
    let mut tags = TagReader(Vec::new());
    visit_game(game, limits, &mut tags)?;
    Ok(tags.0)
}

/// A [`Visitor`] that keeps the tags and stops at the movetext.
pub(crate) struct TagReader(pub(crate) Vec<(String, String)>);

impl Visitor for TagReader {
    fn tag(&mut self, name: &str, value: &str) {
        self.0.push((name.to_owned(), value.to_owned()));
    }
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
    fn move_text(&mut self, _: &str, _: u64, _: usize) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}
