//! [`Record`]: the headers and comments a board keeps beside its moves (chess.js's `_header`
//! and `_comments`). A leaf: the board holds one, and `records.rs` reads and writes it.

use std::collections::HashMap;

use qipan::pgn::SEVEN_TAG_ROSTER;

/// The headers and comments of a board's game: what chess.js keeps beside the moves.
#[derive(Debug, Clone)]
pub struct Record {
    /// The tag pairs in order, the Seven Tag Roster first.
    pub(crate) tags: Vec<(String, String)>,
    /// Comments by the FEN of the position they follow (chess.js's `_comments`).
    pub(crate) comments: HashMap<String, String>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            tags: roster(),
            comments: HashMap::new(),
        }
    }
}

/// The Seven Tag Roster with its defaults.
fn roster() -> Vec<(String, String)> {
    SEVEN_TAG_ROSTER
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect()
}
