//! Xiangqi archives as users hold them: XQF (象棋演播室, every version, the encrypted ones from
//! 1.1 on), CBR and CBL (象棋桥, one game and a library) and DhtmlXQ (the `[DhtmlXQ]` blocks of
//! web pages).
//!
//! [`read_archive`] tells the format from the bytes (never from a file name) and reads every game
//! into an [`ArchiveGame`]: tags, an optional start position, and a tree of moves as pairs of
//! squares with their comments. Reading checks the structure only; the rules are applied when a
//! game is played through (a move that is illegal in the record is then reported at its ply,
//! and the rest of the file is still read). docs/records.md describes each format and what is
//! kept.
//!
//! Every size is bounded ([`ArchiveLimits`]) and every tree is read without recursion; a file that
//! is truncated, corrupt or hostile gives an [`ArchiveError`] naming the game and the byte
//! offset, never a panic.
//!
//! ```
//! use qipan::archive::{read_archive, ArchiveFormat, ArchiveLimits};
//! let page = "[DhtmlXQ][DhtmlXQ_title]中炮[/DhtmlXQ_title]\
//!             [DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist][/DhtmlXQ]";
//! assert_eq!(ArchiveFormat::detect(page.as_bytes()), Some(ArchiveFormat::DhtmlXq));
//! let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("Title"), Some("中炮"));
//! let line: Vec<String> = game.mainline().iter().map(|m| m.iccs()).collect();
//! assert_eq!(line, ["h2e2", "h7e7"]);
//! ```

mod cbl;
mod cbr;
mod convert;
mod dhtmlxq;
mod error;
mod game;
mod text;
mod xqf;

pub use convert::check_game;
pub use error::{ArchiveError, ArchiveErrorKind};
pub use game::{ArchiveGame, ArchiveMove, ArchiveNode, ArchiveSetup};

/// Bounds on what reading one archive may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveLimits {
    /// The most moves (tree nodes, all variations counted) in one game (default
    /// [`MAX_TREE_NODES`](crate::tree::MAX_TREE_NODES), what a game tree holds).
    pub max_nodes: usize,
    /// The longest line of play, in plies (default 20,000, as PGN's
    /// [`Limits::max_plies`](crate::pgn::Limits)).
    pub max_plies: usize,
    /// The most games in one library or page (default 1,000,000).
    pub max_games: usize,
    /// The longest comment, in bytes (default 1 MiB).
    pub max_comment: usize,
}

impl Default for ArchiveLimits {
    fn default() -> Self {
        ArchiveLimits {
            max_nodes: crate::tree::MAX_TREE_NODES,
            max_plies: 20_000,
            max_games: 1_000_000,
            max_comment: 1 << 20,
        }
    }
}

/// The archive formats qipan reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArchiveFormat {
    /// XQF (象棋演播室 XQStudio): one game, bytes `XQ` then the version.
    Xqf,
    /// CBR (象棋桥 CCBridge): one game, bytes `CCBridge Record`.
    Cbr,
    /// CBL (象棋桥 CCBridge): a library of CBR games, bytes `CCBridgeLibrary`.
    Cbl,
    /// DhtmlXQ: text with one or more `[DhtmlXQ]...[/DhtmlXQ]` blocks.
    DhtmlXq,
}

impl ArchiveFormat {
    /// The format of `bytes`, from their content alone, or `None`.
    pub fn detect(bytes: &[u8]) -> Option<ArchiveFormat> {
        if bytes.starts_with(cbl::MAGIC) {
            Some(ArchiveFormat::Cbl)
        } else if bytes.starts_with(cbr::MAGIC) {
            Some(ArchiveFormat::Cbr)
        } else if bytes.starts_with(xqf::MAGIC) {
            Some(ArchiveFormat::Xqf)
        } else if dhtmlxq::contains_block(bytes) {
            Some(ArchiveFormat::DhtmlXq)
        } else {
            None
        }
    }

    /// The format's usual name (`XQF`, `CBR`, `CBL`, `DhtmlXQ`).
    pub fn name(self) -> &'static str {
        match self {
            ArchiveFormat::Xqf => "XQF",
            ArchiveFormat::Cbr => "CBR",
            ArchiveFormat::Cbl => "CBL",
            ArchiveFormat::DhtmlXq => "DhtmlXQ",
        }
    }
}

/// Every game of an archive, each read or with the error that stopped it (a library's other games
/// are still read). An error for the whole file (an unknown format, a library whose header is cut
/// short) is the outer `Err`.
pub fn read_archive(
    bytes: &[u8],
    limits: &ArchiveLimits,
) -> Result<Vec<Result<ArchiveGame, ArchiveError>>, ArchiveError> {
    match ArchiveFormat::detect(bytes) {
        Some(ArchiveFormat::Xqf) => Ok(vec![xqf::read(bytes, limits)]),
        Some(ArchiveFormat::Cbr) => Ok(vec![cbr::read(bytes, 0, 1, limits)]),
        Some(ArchiveFormat::Cbl) => cbl::read(bytes, limits),
        Some(ArchiveFormat::DhtmlXq) => Ok(dhtmlxq::read(bytes, limits)),
        None => Err(ArchiveError::new(1, 0, ArchiveErrorKind::UnknownFormat)),
    }
}

/// A cursor over a game's bytes that turns running out into [`ArchiveErrorKind::Truncated`].
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    /// The position in `bytes`.
    pub(crate) pos: usize,
    /// The offset of `bytes[0]` in the file (for error reports).
    base: usize,
    /// The game's 1-based index.
    game: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(bytes: &'a [u8], pos: usize, base: usize, game: usize) -> Cursor<'a> {
        Cursor {
            bytes,
            pos,
            base,
            game,
        }
    }

    /// The offset in the file of the next byte.
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    pub(crate) fn error(&self, kind: ArchiveErrorKind) -> ArchiveError {
        ArchiveError::new(self.game, self.offset(), kind)
    }

    pub(crate) fn take(
        &mut self,
        len: usize,
        what: &'static str,
    ) -> Result<&'a [u8], ArchiveError> {
        if self.remaining() < len {
            return Err(self.error(ArchiveErrorKind::Truncated(what)));
        }
        let slice = &self.bytes[self.pos..self.pos + len];
        self.pos += len;
        Ok(slice)
    }

    pub(crate) fn u32_le(&mut self, what: &'static str) -> Result<u32, ArchiveError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// The bytes of a comment of `len` bytes, checked against what is left and the limit.
    pub(crate) fn comment(
        &mut self,
        len: u64,
        limits: &ArchiveLimits,
    ) -> Result<&'a [u8], ArchiveError> {
        let available = self.remaining().min(limits.max_comment);
        match usize::try_from(len) {
            Ok(len) if len <= available => self.take(len, "a comment"),
            _ => Err(self.error(ArchiveErrorKind::CommentTooLong { len, available })),
        }
    }
}
