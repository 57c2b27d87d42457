//! [`ArchiveError`]: why an archive, or one game of it, could not be read.

use std::fmt;

/// What is wrong with the bytes of an archive (as opposed to its moves, which the game tree
/// checks when a game is converted).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArchiveErrorKind {
    /// The bytes are none of the formats qipan reads.
    #[error("not an XQF, CBR, CBL or DhtmlXQ record")]
    UnknownFormat,
    /// The data ends inside a structure of the given name.
    #[error("the data ends inside {0}")]
    Truncated(&'static str),
    /// A comment claims more bytes than the data holds, or more than the limit.
    #[error("a comment of {len} bytes does not fit ({available} bytes available)")]
    CommentTooLong {
        /// The length the record claims.
        len: u64,
        /// The bytes left (or the limit, when smaller).
        available: usize,
    },
    /// A game has more moves (nodes of its tree) than [`ArchiveLimits::max_nodes`](super::ArchiveLimits).
    #[error("more than {0} moves in one game")]
    TooManyMoves(usize),
    /// A line of play is longer than [`ArchiveLimits::max_plies`](super::ArchiveLimits).
    #[error("a line of more than {0} plies")]
    TooDeep(usize),
    /// A library holds more games than [`ArchiveLimits::max_games`](super::ArchiveLimits).
    #[error("more than {0} games in one library")]
    TooManyGames(usize),
    /// A DhtmlXQ field does not hold what its name promises.
    #[error("bad DhtmlXQ field {field}: {why}")]
    BadField {
        /// The field's name (`DhtmlXQ_binit`, `DhtmlXQ_movelist`, ...).
        field: String,
        /// What is wrong with it.
        why: &'static str,
    },
}

/// An archive, or one game of it, that could not be read: which game, where, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ArchiveError {
    /// The 1-based index of the game in its file (1 for a single-game format).
    pub game: usize,
    /// The byte offset in the file where the problem was found.
    pub offset: usize,
    /// What is wrong.
    pub kind: ArchiveErrorKind,
}

impl fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, byte {}: {}", self.game, self.offset, self.kind)
    }
}

impl ArchiveError {
    pub(crate) fn new(game: usize, offset: usize, kind: ArchiveErrorKind) -> ArchiveError {
        ArchiveError { game, offset, kind }
    }
}
