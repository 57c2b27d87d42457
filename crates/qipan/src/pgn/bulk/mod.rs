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
//! escape line) that follows a blank line (white space only). Bulk replay splits games as the
//! [`Splitter`] does, and in addition starts a game at every sync line, whatever came before it
//! (an unclosed comment, a tag section without movetext). So what follows a sync line does not
//! depend on what precedes it, and the file cuts into *chunks*: from the start of the file to the
//! first sync line, and from each sync line to the next. A chunk usually holds one game (more for
//! games without tags, each starting after a result).
//!
//! [`replay_range`]`(file, start, end)` replays the games of the chunks that begin in
//! `[start, end)`: the chunk at offset 0 when `start == 0`, and those of the sync lines whose first
//! byte is in the range. It reads past `end` only to finish its last chunk. For any cut points
//! `0 = c0 < c1 < ... < cn = file size`, the ranges `[c(i), c(i+1))` replay together exactly the
//! games of the whole file, once each, in order. In a file where every game starts with tags
//! after a blank line — what PGN writers produce — these are the games that start in the range.

mod range;
mod summary;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Condvar, Mutex};

pub use range::replay_range;
pub use summary::{summarize, GameSummary};

use super::{Limits, RawGame, Splitter};

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

/// Games are handed to the workers in batches of at most this many games...
const BATCH_GAMES: usize = 64;
/// ...or of about this many bytes.
const BATCH_BYTES: usize = 1 << 20;

type Games = Box<dyn Iterator<Item = io::Result<RawGame>> + Send>;
type Batch = io::Result<Vec<GameSummary>>;

/// Reads the next batch of games: `Ok(empty)` at the end.
fn read_batch(games: &mut Games) -> io::Result<Vec<RawGame>> {
    let mut batch = Vec::new();
    let mut bytes = 0;
    for game in games.by_ref() {
        let game = game?;
        bytes += game.bytes.len();
        batch.push(game);
        if batch.len() >= BATCH_GAMES || bytes >= BATCH_BYTES {
            break;
        }
    }
    Ok(batch)
}

/// How many batches the consumer has taken, against which the reader paces itself.
#[derive(Default)]
struct Window {
    /// (batches taken by the consumer, cancelled).
    state: Mutex<(u64, bool)>,
    moved: Condvar,
}

impl Window {
    /// Waits until batch `seq` may be read: fewer than `size` batches ahead of the consumer.
    /// `false` when the replay was dropped.
    fn wait_for(&self, seq: u64, size: u64) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        while !state.1 && seq >= state.0 + size {
            state = match self.moved.wait(state) {
                Ok(state) => state,
                Err(_) => return false,
            };
        }
        !state.1
    }

    fn update(&self, f: impl FnOnce(&mut (u64, bool))) {
        if let Ok(mut state) = self.state.lock() {
            f(&mut state);
        }
        self.moved.notify_all();
    }
}

enum Engine {
    /// Everything in the calling thread.
    Inline { games: Games, done: bool },
    /// A reader thread and worker threads.
    Threads {
        results: Receiver<(u64, Batch)>,
        pending: BTreeMap<u64, Batch>,
        next: u64,
        window: Arc<Window>,
    },
}

/// The summaries of a bulk replay, in game order ([`replay_source`], [`replay_range`]).
///
/// Iterating yields `Err` once for an I/O error of the source and then ends. Dropping it early
/// stops the threads (after the batches they are replaying).
pub struct BulkReplay {
    engine: Engine,
    tags: Arc<Vec<String>>,
    limits: Limits,
    current: std::vec::IntoIter<GameSummary>,
}

impl std::fmt::Debug for BulkReplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BulkReplay").finish_non_exhaustive()
    }
}

/// Replays every game of `reader` (see the [module docs](self)).
///
/// ```
/// use qipan::pgn::{replay_source, BulkOptions};
/// let text = b"[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let games: Vec<_> = replay_source(&text[..], BulkOptions::default()).map(|g| g.unwrap()).collect();
/// assert_eq!(games[0].termination.map(|t| t.as_str()), Some("checkmate"));
/// assert_eq!(games[0].winner_name(), Some("black"));
/// assert_eq!(games[1].error.as_ref().map(|e| (e.ply, e.line)), Some((Some(3), 7)));
/// ```
pub fn replay_source<R: BufRead + Send + 'static>(reader: R, options: BulkOptions) -> BulkReplay {
    let splitter = Splitter::new(reader, options.limits).sync_mode(None);
    BulkReplay::start(Box::new(splitter), options)
}

impl BulkReplay {
    fn start(games: Games, options: BulkOptions) -> BulkReplay {
        let tags = Arc::new(options.tags.clone());
        let jobs = options.threads();
        let engine = if jobs <= 1 {
            Engine::Inline { games, done: false }
        } else {
            spawn(games, jobs, &tags, options.limits)
        };
        BulkReplay {
            engine,
            tags,
            limits: options.limits,
            current: Vec::new().into_iter(),
        }
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
        let rest: Vec<GameSummary> = self.current.by_ref().collect();
        if !rest.is_empty() {
            return Some(Ok(rest));
        }
        match &mut self.engine {
            Engine::Inline { games, done } => {
                if *done {
                    return None;
                }
                match read_batch(games) {
                    Ok(batch) if batch.is_empty() => {
                        *done = true;
                        None
                    }
                    Ok(batch) => Some(Ok(batch
                        .iter()
                        .map(|raw| summarize(raw, &self.limits, &self.tags))
                        .collect())),
                    Err(e) => {
                        *done = true;
                        Some(Err(e))
                    }
                }
            }
            Engine::Threads {
                results,
                pending,
                next,
                window,
            } => loop {
                if let Some(batch) = pending.remove(next) {
                    *next += 1;
                    window.update(|s| s.0 += 1);
                    return Some(batch);
                }
                match results.recv() {
                    Ok((seq, batch)) => {
                        pending.insert(seq, batch);
                    }
                    Err(_) if pending.is_empty() => return None,
                    Err(_) => {
                        pending.clear();
                        let e = io::Error::other("a bulk replay thread failed");
                        return Some(Err(e));
                    }
                }
            },
        }
    }
}

impl Iterator for BulkReplay {
    type Item = io::Result<GameSummary>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(summary) = self.current.next() {
                return Some(Ok(summary));
            }
            match self.next_batch()? {
                Ok(batch) => self.current = batch.into_iter(),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

impl Drop for BulkReplay {
    fn drop(&mut self) {
        if let Engine::Threads { window, .. } = &self.engine {
            window.update(|s| s.1 = true);
        }
    }
}

/// Starts the reader and `jobs` workers; falls back to [`Engine::Inline`] when threads cannot be
/// spawned.
fn spawn(mut games: Games, jobs: usize, tags: &Arc<Vec<String>>, limits: Limits) -> Engine {
    let window = Arc::new(Window::default());
    let size = 4 * jobs as u64;
    let (job_tx, job_rx) = sync_channel::<(u64, io::Result<Vec<RawGame>>)>(jobs);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<(u64, Batch)>(2 * jobs);
    let mut workers = 0;
    for _ in 0..jobs {
        let job_rx = Arc::clone(&job_rx);
        let done_tx = done_tx.clone();
        let tags = Arc::clone(tags);
        let worker = move || loop {
            let job = job_rx.lock().map(|rx| rx.recv());
            let Ok(Ok((seq, batch))) = job else { return };
            let summaries = batch.map(|games| {
                games
                    .iter()
                    .map(|raw| summarize(raw, &limits, &tags))
                    .collect()
            });
            if done_tx.send((seq, summaries)).is_err() {
                return;
            }
        };
        if std::thread::Builder::new().spawn(worker).is_ok() {
            workers += 1;
        }
    }
    drop(done_tx);
    if workers == 0 {
        return Engine::Inline { games, done: false };
    }
    let reader_window = Arc::clone(&window);
    let reader = move || {
        let mut seq = 0;
        while reader_window.wait_for(seq, size) {
            let batch = read_batch(&mut games);
            let last = !matches!(&batch, Ok(b) if !b.is_empty());
            if matches!(&batch, Ok(b) if b.is_empty()) || job_tx.send((seq, batch)).is_err() {
                return;
            }
            if last {
                return;
            }
            seq += 1;
        }
    };
    if let Err(e) = std::thread::Builder::new().spawn(reader) {
        // The workers see the job channel closed and stop.
        let games: Games = Box::new(std::iter::once(Err(e)));
        return Engine::Inline { games, done: false };
    }
    Engine::Threads {
        results: done_rx,
        pending: BTreeMap::new(),
        next: 0,
        window,
    }
}
