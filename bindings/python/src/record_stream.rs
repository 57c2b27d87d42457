//! `qipan.pgn.iter_games`: the games of a record file one at a time, through the core's one
//! record pipeline ([`qipan::records::RecordFile`]): the format told from the first bytes, the
//! file read once, a PGN file split as it is read (a Xiangqi archive is read whole, as the core
//! reads it). Each game is read without the GIL.

use std::io::{BufRead, BufReader, Cursor};
use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use qipan::pgn::Limits;
use qipan::records::{RecordFile, RecordGames};

use crate::pgn_tree::PgnTree;

/// A source the stream reads: a file, or bytes held in memory.
type Source = Box<dyn BufRead + Send>;

/// The games of one record file, in file order, as `_PgnTree`s (a game that cannot be read at
/// all is an empty game whose errors say why, as `read_games` gives it).
#[pyclass(module = "qipan.pgn", name = "_RecordStream")]
pub struct RecordStream {
    /// The games left; `None` once the source is exhausted or failed.
    games: Mutex<Option<RecordGames<Source>>>,
}

impl std::fmt::Debug for RecordStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordStream").finish_non_exhaustive()
    }
}

impl RecordStream {
    fn open(py: Python<'_>, source: Source) -> PyResult<Self> {
        let file = py.detach(|| RecordFile::open(source, Limits::default()))?;
        Ok(RecordStream {
            games: Mutex::new(Some(file.games())),
        })
    }
}

#[pymethods]
impl RecordStream {
    /// The games of the file at `path`, opened now (`OSError` when it cannot be).
    #[staticmethod]
    fn from_path(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        let file = std::fs::File::open(&path)?;
        Self::open(py, Box::new(BufReader::new(file)))
    }

    /// The games of a record file's bytes.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, bytes: Vec<u8>) -> PyResult<Self> {
        Self::open(py, Box::new(Cursor::new(bytes)))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game; the end of the file ends the iteration, and a failing read raises
    /// `OSError` (and ends it too).
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PgnTree>> {
        let games = self
            .games
            .get_mut()
            .map_err(|_| PyValueError::new_err("a read of this record stream failed"))?;
        let Some(left) = games.as_mut() else {
            return Ok(None);
        };
        match py.detach(|| left.next().map(|game| game.map(|game| game.tree()))) {
            Some(Ok(tree)) => Ok(Some(PgnTree { tree })),
            Some(Err(e)) => {
                *games = None;
                Err(e.into())
            }
            None => {
                *games = None;
                Ok(None)
            }
        }
    }
}

/// Adds the stream class to the `qipan.pgn` classes' module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RecordStream>()
}
