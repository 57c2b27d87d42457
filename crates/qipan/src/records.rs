//! [`read_games`]: every game of a record file of any format qipan reads, as game trees — the
//! one entry point front ends use for "open this file" (Python's `qipan.read_games`, the
//! JavaScript `readGames` on bytes, `qipan convert`).
//!
//! The format is told from the bytes ([`ArchiveFormat::detect`]): XQF, CBR, CBL and DhtmlXQ
//! archives are read by [`crate::archive`]; anything else is PGN (chess, Chess960 or Xiangqi; UTF-8,
//! or GBK with the `gbk` feature).
//!
//! ```
//! use qipan::records::read_games;
//! let games = read_games(b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Variant \"xiangqi\"]\n\n1. C2.5 *\n");
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[1].kind(), qipan::GameKind::Xiangqi);
//! ```

use crate::archive::{read_archive, ArchiveError, ArchiveFormat, ArchiveLimits};
use crate::pgn::{Limits, RecordError, RecordErrorKind, Splitter};
use crate::tree::{AnyGameTree, GameTree};
use crate::xiangqi::XiangqiRules;
use crate::Xiangqi;

/// The most games [`read_games`] returns from one file; the rest are not read. It bounds the
/// memory a hostile file can take (every tree is held at once).
pub const MAX_GAMES: usize = 100_000;

/// Every game of `bytes` (at most [`MAX_GAMES`]), in file order. Nothing is lost silently: a game
/// that cannot be read at all — a PGN game of a variant qipan does not play, a damaged game of a
/// library — is an empty tree with that error in its `errors` (a library's other games are still
/// read), and a file whose whole structure is broken is one such game.
pub fn read_games(bytes: &[u8]) -> Vec<AnyGameTree> {
    if ArchiveFormat::detect(bytes).is_some() {
        let games = read_archive(bytes, &ArchiveLimits::default()).unwrap_or_else(|e| vec![Err(e)]);
        return games
            .into_iter()
            .take(MAX_GAMES)
            .enumerate()
            .map(|(i, game)| {
                let index = i as u64 + 1;
                match game {
                    Ok(game) => game.to_tree(index, XiangqiRules::default()).into(),
                    Err(e) => unreadable(index, &e),
                }
            })
            .collect();
    }
    let limits = Limits::default();
    let mut games = Vec::new();
    for raw in Splitter::new(bytes, limits).take(MAX_GAMES) {
        let Ok(raw) = raw else { break }; // reading memory cannot fail
        games.push(AnyGameTree::read_lenient(&raw, &limits));
    }
    games
}

/// An empty Xiangqi record carrying the error that stopped a game of an archive.
fn unreadable(index: u64, error: &ArchiveError) -> AnyGameTree {
    let mut tree = GameTree::<Xiangqi>::new(XiangqiRules::default());
    tree.errors.push(RecordError {
        game: index,
        line: 0,
        ply: None,
        text: None,
        kind: RecordErrorKind::Syntax,
        message: error.to_string(),
    });
    tree.into()
}
