//! `qipan.chess.syzygy`: python-chess's `chess.syzygy` shapes over [`qipan::chess::syzygy`]
//! (`open_tablebase`, `Tablebase.add_directory`, `probe_wdl`, `probe_dtz`, `get_wdl`, `get_dtz`,
//! `close`, a context manager, `MissingTableError`).

use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use qipan::chess::syzygy::{SyzygyError, TableKind, Tablebase as CoreTablebase};
use qipan::Chess;

use crate::pyboard::ChessBoard;

create_exception!(
    qipan,
    MissingTableError,
    PyKeyError,
    "The table a position needs was not added (a KeyError, as in python-chess)."
);

fn error(e: SyzygyError) -> PyErr {
    match e {
        SyzygyError::MissingTable { name, kind } => {
            let kind = match kind {
                TableKind::Wdl => "wdl",
                TableKind::Dtz => "dtz",
            };
            MissingTableError::new_err(format!("did not find {kind} table {name}"))
        }
        SyzygyError::Castling | SyzygyError::TooManyPieces(_) => PyKeyError::new_err(e.to_string()),
        SyzygyError::BadTable { .. } | SyzygyError::BadName(_) => PyOSError::new_err(e.to_string()),
    }
}

/// The chess position of a `qipan.ChessBoard`, or of any board with a `fen()` method (a
/// python-chess `chess.Board`).
fn position_of(board: &Bound<'_, PyAny>) -> PyResult<Chess> {
    if let Ok(b) = board.cast::<ChessBoard>() {
        return Ok(*b.borrow().inner.position());
    }
    let fen: String = board
        .call_method0("fen")
        .and_then(|f| f.extract())
        .map_err(|_| PyTypeError::new_err("a board is a qipan.ChessBoard or has a fen() method"))?;
    Chess::from_fen(&fen).map_err(|e| crate::errors::InvalidFenError::new_err(e.to_string()))
}

/// Syzygy endgame tables: WDL (`.rtbw`) and DTZ (`.rtbz`) files added by directory, opened on
/// first use and read on demand.
#[pyclass(frozen, module = "qipan.chess.syzygy", name = "Tablebase")]
pub struct PyTablebase {
    tables: CoreTablebase,
}

#[pymethods]
impl PyTablebase {
    #[new]
    #[pyo3(signature = (*, max_fds = 128))]
    fn new(max_fds: Option<usize>) -> PyTablebase {
        PyTablebase {
            tables: CoreTablebase::with_open_limit(max_fds.unwrap_or(128)),
        }
    }

    /// Adds the tables of a directory; returns how many files were added.
    #[pyo3(signature = (directory, *, load_wdl = true, load_dtz = true))]
    fn add_directory(
        &self,
        directory: std::path::PathBuf,
        load_wdl: bool,
        load_dtz: bool,
    ) -> PyResult<usize> {
        let _ = (load_wdl, load_dtz);
        self.tables
            .add_directory_shared(&directory)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", directory.display())))
    }

    /// The WDL value for the side to move: 2 win, 1 cursed win, 0 draw, -1 blessed loss, -2
    /// loss. Raises `MissingTableError` (a `KeyError`) without the table, `KeyError` for a
    /// position with castling rights or too many pieces.
    fn probe_wdl(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        py.detach(|| self.tables.probe_wdl(&pos))
            .map(|w| w.to_i32())
            .map_err(error)
    }

    /// [`probe_wdl`](Self::probe_wdl), or `default` when the position is not in the tables.
    #[pyo3(signature = (board, default = None))]
    fn get_wdl(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match self.probe_wdl(py, board) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            Err(e) if e.is_instance_of::<PyKeyError>(py) => {
                Ok(default.unwrap_or_else(|| py.None()))
            }
            Err(e) => Err(e),
        }
    }

    /// The DTZ value for the side to move (plies to the next capture or pawn move with best
    /// play; may be one too large, never changing the result; 0 for a draw).
    fn probe_dtz(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        py.detach(|| self.tables.probe_dtz(&pos)).map_err(error)
    }

    /// [`probe_dtz`](Self::probe_dtz), or `default` when the position is not in the tables.
    #[pyo3(signature = (board, default = None))]
    fn get_dtz(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match self.probe_dtz(py, board) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            Err(e) if e.is_instance_of::<PyKeyError>(py) => {
                Ok(default.unwrap_or_else(|| py.None()))
            }
            Err(e) => Err(e),
        }
    }

    /// Closes every table and forgets them.
    fn close(&self) {
        self.tables.clear();
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, pyo3::types::PyTuple>) {
        self.close();
    }

    fn __len__(&self) -> usize {
        self.tables.len()
    }
}

/// `open_tablebase(directory, *, load_wdl=True, load_dtz=True, max_fds=128)`: a `Tablebase`
/// with the tables of `directory`.
#[pyfunction]
#[pyo3(signature = (directory, *, load_wdl = true, load_dtz = true, max_fds = 128))]
fn open_tablebase(
    directory: std::path::PathBuf,
    load_wdl: bool,
    load_dtz: bool,
    max_fds: Option<usize>,
) -> PyResult<PyTablebase> {
    let tables = PyTablebase::new(max_fds);
    tables.add_directory(directory, load_wdl, load_dtz)?;
    Ok(tables)
}

/// Adds the classes, the function and the exception to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTablebase>()?;
    m.add_function(wrap_pyfunction!(open_tablebase, m)?)?;
    m.add("MissingTableError", m.py().get_type::<MissingTableError>())?;
    Ok(())
}
