//! Tag pairs: reading a game's tags alone, and the Seven Tag Roster a written record starts with.

use std::ops::ControlFlow;

use super::{visit_game, Limits, RawGame, SyntaxError, Visitor};

/// The Seven Tag Roster, in its order, with the value written when a tag is missing.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The column PGN movetext is wrapped at.
pub const MAX_COLUMN: usize = 80;

/// The value of the first tag named `name` in `tags`.
pub(crate) fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Reads only the tag pairs of one game (for choosing its variant before replaying it).
pub fn read_tags(game: &RawGame, limits: &Limits) -> Result<Vec<(String, String)>, SyntaxError> {
    let mut tags = TagReader(Vec::new());
    visit_game(game, limits, &mut tags)?;
    Ok(tags.0)
}

/// A [`Visitor`] that keeps the tags and stops at the movetext.
struct TagReader(Vec<(String, String)>);

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
