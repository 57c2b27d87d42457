//! Bulk replay: every game of a PGN source replayed on all cores, in bounded memory, each kept as
//! a compact [`GameSummary`], delivered in game order.
//!
//! - [`replay_source`] replays a whole stream (a file, a buffer);
//! - [`replay_range`] replays the games of a byte range of a file, so that independent workers
//!   (processes, machines) can share one file without overlap or loss.
//!
//! Both return a [`BulkReplay`], an iterator of summaries (or of batches of them, with
//! [`BulkReplay::next_batch`]). One thread splits the source into games ([`Splitter`] in *sync
//! mode*, below) and hands out batches of at most 64 games or about 1 MiB; `jobs` threads replay
//! them; the iterator puts the batches back in order. At most `4 × jobs` batches are in flight
//! (read, queued, being replayed or waiting for their turn), so memory is bounded by a small
//! multiple of `jobs × (1 MiB + the largest game)`, whatever the size of the source. With
//! `jobs == 1`, or where threads cannot be spawned (wasm), the replay runs in the calling thread.
//!
//! # Sync lines and byte ranges
//!
//! A *sync line* is a tag line (its first non-blank byte is `[`, after an optional BOM; not a `%`
//! escape line) that follows a blank line (white space only), when the last non-blank line before
//! it is no tag line (blank lines inside a tag section, as ChessBase writes them, split nothing).
//! Bulk replay splits games as the [`Splitter`] does, and in addition starts a game at every sync
//! line, whatever came before it (an unclosed comment, an XQBase trailer). So what follows a sync
//! line does not depend on what precedes it, and the file cuts into *chunks*: from the start of the
//! file to the first sync line, and from each sync line to the next. A chunk usually holds one game
//! (more for games without tags, each starting after a result).
//!
//! [`replay_range`]`(file, start, end)` replays the games of the chunks that begin in
//! `[start, end)`: the chunk at offset 0 when `start == 0`, and those of the sync lines whose first
//! byte is in the range. It reads past `end` only to finish its last chunk. For any cut points
//! `0 = c0 < c1 < ... < cn = file size`, the ranges `[c(i), c(i+1))` replay together exactly the
//! games of the whole file, once each, in order. In a file where every game starts with tags
//! after a blank line — what PGN writers produce — these are the games that start in the range.

mod engine;
mod range;
mod summary;
#[cfg(test)]
mod tests;

use std::io::{self, BufRead};
use std::sync::Arc;

pub use engine::{parallel_map, ParallelMap};
pub use range::replay_range;
pub use summary::{summarize, GameSummary};

use super::{Limits, Splitter};
use engine::Games;

/// What to replay and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkOptions {
    /// The tags each [`GameSummary`] keeps the values of, in this order.
    pub tags: Vec<String>,
    /// Threads replaying games; 0 means one per core.
    pub jobs: usize,
    /// Bounds on each game.
    pub limits: Limits,
}

impl Default for BulkOptions {
    fn default() -> Self {
        BulkOptions {
            tags: ["White", "Black", "Result"].map(String::from).to_vec(),
            jobs: 0,
            limits: Limits::default(),
        }
    }
}

impl BulkOptions {
    /// The number of replay threads: [`BulkOptions::jobs`], or one per core when it is 0.
    pub fn threads(&self) -> usize {
        match self.jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}

/// The summaries of a bulk replay, in game order ([`replay_source`], [`replay_range`]): a
/// [`ParallelMap`] of [`summarize`].
///
/// Iterating yields `Err` once for an I/O error of the source and then ends. Dropping it early
/// stops the threads (after the batches they are replaying).
#[derive(Debug)]
pub struct BulkReplay(ParallelMap<GameSummary>);

/// Replays every game of `reader` (see the module docs of `pgn::bulk`).
///
/// ```
/// use qipan::pgn::{replay_source, BulkOptions};
/// let text = b"[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let games: Vec<_> = replay_source(&text[..], BulkOptions::default()).map(|g| g.unwrap()).collect();
/// assert_eq!(games[0].termination().map(|t| t.as_str()), Some("checkmate"));
/// assert_eq!(games[0].winner_name(), Some("black"));
/// assert_eq!(games[1].error.as_ref().map(|e| (e.ply, e.line)), Some((Some(3), 7)));
/// ```
pub fn replay_source<R: BufRead + Send + 'static>(reader: R, options: BulkOptions) -> BulkReplay {
    let splitter = Splitter::new(reader, options.limits).sync_mode(None);
    BulkReplay::start(Box::new(splitter), options)
}

impl BulkReplay {
    fn start(games: Games, options: BulkOptions) -> BulkReplay {
        let jobs = options.threads();
        let (tags, limits) = (options.tags, options.limits);
        let f = Arc::new(move |raw: &super::RawGame| summarize(raw, &limits, &tags));
        BulkReplay(ParallelMap::start(games, jobs, f))
    }

    /// An empty replay (a byte range that holds no game).
    fn empty(options: BulkOptions) -> BulkReplay {
        BulkReplay::start(
            Box::new(std::iter::empty()),
            BulkOptions { jobs: 1, ..options },
        )
    }

    /// The next batch of summaries (up to 64 games), in order; `None` at the end.
    pub fn next_batch(&mut self) -> Option<io::Result<Vec<GameSummary>>> {
        self.0.next_batch()
    }
}

impl Iterator for BulkReplay {
    type Item = io::Result<GameSummary>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}
