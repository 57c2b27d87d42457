//! [`ParallelMap`]: a function of each game of a stream, on worker threads, results in order.

use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Condvar, Mutex};

use super::super::RawGame;

/// Games are handed to the workers in batches of at most this many games...
const BATCH_GAMES: usize = 64;
/// ...or of about this many bytes.
const BATCH_BYTES: usize = 1 << 20;

/// A stream of games to map.
pub type Games = Box<dyn Iterator<Item = io::Result<RawGame>> + Send>;
/// The function mapped over the games.
type MapFn<T> = Arc<dyn Fn(&RawGame) -> T + Send + Sync>;

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
    /// `false` when the map was dropped.
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

enum Engine<T> {
    /// Everything in the calling thread.
    Inline { games: Games, done: bool },
    /// A reader thread and worker threads.
    Threads {
        results: Receiver<(u64, io::Result<Vec<T>>)>,
        pending: BTreeMap<u64, io::Result<Vec<T>>>,
        next: u64,
        window: Arc<Window>,
    },
}

/// `f` applied to every game of a stream by `jobs` threads, the results in game order.
///
/// One thread reads the games and hands out batches of at most 64 games or about 1 MiB; the
/// workers apply `f`; the iterator puts the batches back in order. The reader runs at most
/// `4 × jobs` batches ahead of the consumer, so memory stays bounded whatever the length of the
/// stream. With `jobs <= 1`, or where threads cannot be spawned (wasm), everything runs in the
/// calling thread. Iterating yields `Err` once for an I/O error of the stream and then ends;
/// dropping the map early stops the threads.
pub struct ParallelMap<T> {
    engine: Engine<T>,
    f: MapFn<T>,
    current: std::vec::IntoIter<T>,
}

impl<T> std::fmt::Debug for ParallelMap<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParallelMap").finish_non_exhaustive()
    }
}

/// Applies `f` to each game of `games` on `jobs` threads ([`ParallelMap`]).
///
/// ```
/// use qipan::pgn::{parallel_map, Limits, Splitter};
/// let text = b"1. e4 e5 1-0\n1. d4 0-1\n";
/// let games = Splitter::new(&text[..], Limits::default());
/// let lines: Vec<u64> = parallel_map(games, 2, |raw| raw.line).map(|l| l.unwrap()).collect();
/// assert_eq!(lines, [1, 2]);
/// ```
pub fn parallel_map<I, T, F>(games: I, jobs: usize, f: F) -> ParallelMap<T>
where
    I: Iterator<Item = io::Result<RawGame>> + Send + 'static,
    T: Send + 'static,
    F: Fn(&RawGame) -> T + Send + Sync + 'static,
{
    ParallelMap::start(Box::new(games), jobs, Arc::new(f))
}

impl<T: Send + 'static> ParallelMap<T> {
    /// Starts the map over `games`.
    pub(crate) fn start(games: Games, jobs: usize, f: MapFn<T>) -> ParallelMap<T> {
        let engine = if jobs <= 1 {
            Engine::Inline { games, done: false }
        } else {
            spawn(games, jobs, &f)
        };
        ParallelMap {
            engine,
            f,
            current: Vec::new().into_iter(),
        }
    }

    /// The next batch of results (up to 64), in order; `None` at the end.
    pub fn next_batch(&mut self) -> Option<io::Result<Vec<T>>> {
        let rest: Vec<T> = self.current.by_ref().collect();
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
                    Ok(batch) => Some(Ok(batch.iter().map(|raw| (self.f)(raw)).collect())),
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
                        let e = io::Error::other("a replay thread failed");
                        return Some(Err(e));
                    }
                }
            },
        }
    }
}

impl<T: Send + 'static> Iterator for ParallelMap<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.current.next() {
                return Some(Ok(item));
            }
            match self.next_batch()? {
                Ok(batch) => self.current = batch.into_iter(),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

impl<T> Drop for ParallelMap<T> {
    fn drop(&mut self) {
        if let Engine::Threads { window, .. } = &self.engine {
            window.update(|s| s.1 = true);
        }
    }
}

/// Starts the reader and `jobs` workers; falls back to [`Engine::Inline`] when threads cannot be
/// spawned.
fn spawn<T: Send + 'static>(mut games: Games, jobs: usize, f: &MapFn<T>) -> Engine<T> {
    let window = Arc::new(Window::default());
    let size = 4 * jobs as u64;
    let (job_tx, job_rx) = sync_channel::<(u64, io::Result<Vec<RawGame>>)>(jobs);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<(u64, io::Result<Vec<T>>)>(2 * jobs);
    let mut workers = 0;
    for _ in 0..jobs {
        let job_rx = Arc::clone(&job_rx);
        let done_tx = done_tx.clone();
        let f = Arc::clone(f);
        let worker = move || loop {
            let job = job_rx.lock().map(|rx| rx.recv());
            let Ok(Ok((seq, batch))) = job else { return };
            let results = batch.map(|games| games.iter().map(|raw| f(raw)).collect());
            if done_tx.send((seq, results)).is_err() {
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
