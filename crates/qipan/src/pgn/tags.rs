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
    visit_game(game, limits, &mut TagReader)
}

/// A [`Visitor`] that gathers the tags and stops at the movetext.
struct TagReader;

impl Visitor for TagReader {
    type Tags = Vec<(String, String)>;
    type Movetext = ();
    type Output = Vec<(String, String)>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }
    fn tag(&mut self, tags: &mut Self::Tags, name: &str, value: &str) -> ControlFlow<Self::Output> {
        tags.push((name.to_owned(), value.to_owned()));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, ()> {
        ControlFlow::Break(tags)
    }
    // Never called: the visit ends at the movetext.
    fn move_text(&mut self, _: &mut (), _: &str, _: u64, _: usize) -> ControlFlow<Self::Output> {
        ControlFlow::Break(Vec::new())
    }
    fn end_game(&mut self, _: ()) -> Self::Output {
        Vec::new()
    }
}
