//! Bulk replay of PGN for Python: `qipan.replay_pgn` and `qipan.replay_pgn_range` (wrapped in
//! `python/qipan/__init__.py`) over [`qipan::pgn::replay_source`] and
//! [`qipan::pgn::replay_range`]. The replay runs on Rust threads with the GIL released; Python
//! receives one plain `dict` per game.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufReader, Cursor};
use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipan::pgn::{replay_range, replay_source, BulkOptions, BulkReplay, GameSummary, RecordError};

/// An iterator of game summaries (dicts), in game order.
#[pyclass(module = "qipan._qipan", name = "ReplayIter")]
pub struct ReplayIter {
    replay: Mutex<BulkReplay>,
    ready: Mutex<VecDeque<GameSummary>>,
    tags: Vec<String>,
}

fn options(tags: &[String], jobs: Option<usize>) -> BulkOptions {
    BulkOptions {
        tags: tags.to_vec(),
        jobs: jobs.unwrap_or(0),
        ..BulkOptions::default()
    }
}

fn poisoned() -> PyErr {
    PyRuntimeError::new_err("the replay failed in another thread")
}

impl ReplayIter {
    fn new(replay: BulkReplay, tags: Vec<String>) -> ReplayIter {
        ReplayIter {
            replay: Mutex::new(replay),
            ready: Mutex::new(VecDeque::new()),
            tags,
        }
    }

    fn error_dict<'py>(py: Python<'py>, e: &RecordError) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("index", e.game)?;
        d.set_item("ply", e.ply)?;
        d.set_item("line", e.line)?;
        d.set_item("move", e.text.as_deref())?;
        d.set_item("message", &e.message)?;
        d.set_item("kind", e.kind.as_str())?;
        Ok(d)
    }

    fn dict<'py>(&self, py: Python<'py>, s: &GameSummary) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("index", s.index)?;
        d.set_item("line", s.line)?;
        d.set_item("offset", s.offset)?;
        d.set_item("variant", s.variant_name())?;
        let tags = PyDict::new(py);
        for (name, value) in self.tags.iter().zip(&s.tags) {
            tags.set_item(name, value.as_deref())?;
        }
        d.set_item("tags", tags)?;
        d.set_item("plies", s.plies)?;
        d.set_item("fen", &s.fen)?;
        d.set_item("termination", s.termination().map(|t| t.as_str()))?;
        d.set_item("winner", s.winner_name())?;
        d.set_item("result", s.result.as_deref())?;
        d.set_item("first_move", s.first_move.as_deref())?;
        match &s.error {
            Some(e) => d.set_item("error", Self::error_dict(py, e)?)?,
            None => d.set_item("error", py.None())?,
        }
        Ok(d)
    }
}

#[pymethods]
impl ReplayIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let next = self.ready.lock().map_err(|_| poisoned())?.pop_front();
            if let Some(summary) = next {
                return self.dict(py, &summary).map(Some);
            }
            let batch = py.detach(|| match self.replay.lock() {
                Ok(mut replay) => Ok(replay.next_batch()),
                Err(_) => Err(()),
            });
            match batch.map_err(|()| poisoned())? {
                None => return Ok(None),
                Some(Err(e)) => return Err(e.into()),
                Some(Ok(batch)) => self.ready.lock().map_err(|_| poisoned())?.extend(batch),
            }
        }
    }
}

/// Replays the PGN file at `path` (the Python wrapper decides what is a path).
#[pyfunction]
#[pyo3(signature = (path, tags, jobs=None))]
pub fn _replay_pgn_path(
    py: Python<'_>,
    path: PathBuf,
    tags: Vec<String>,
    jobs: Option<usize>,
) -> PyResult<ReplayIter> {
    let file = py.detach(|| File::open(&path))?;
    let reader = BufReader::with_capacity(1 << 16, file);
    let replay = replay_source(reader, options(&tags, jobs));
    Ok(ReplayIter::new(replay, tags))
}

/// Replays PGN text given as bytes.
#[pyfunction]
#[pyo3(signature = (text, tags, jobs=None))]
pub fn _replay_pgn_text(text: Vec<u8>, tags: Vec<String>, jobs: Option<usize>) -> ReplayIter {
    let replay = replay_source(Cursor::new(text), options(&tags, jobs));
    ReplayIter::new(replay, tags)
}

/// Replays the games of the chunks that begin in `[start, end)` of the file at `path`.
#[pyfunction]
#[pyo3(signature = (path, start, end, tags, jobs=None))]
pub fn _replay_pgn_range(
    py: Python<'_>,
    path: PathBuf,
    start: u64,
    end: u64,
    tags: Vec<String>,
    jobs: Option<usize>,
) -> PyResult<ReplayIter> {
    let opts = options(&tags, jobs);
    let replay = py.detach(|| replay_range(File::open(&path)?, start, end, opts))?;
    Ok(ReplayIter::new(replay, tags))
}

/// Adds the bulk-replay functions and class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ReplayIter>()?;
    m.add_function(wrap_pyfunction!(_replay_pgn_path, m)?)?;
    m.add_function(wrap_pyfunction!(_replay_pgn_text, m)?)?;
    m.add_function(wrap_pyfunction!(_replay_pgn_range, m)?)?;
    Ok(())
}
