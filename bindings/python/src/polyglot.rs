//! `qipan.chess.polyglot`'s native part: a Polyglot book over a file (positioned reads) or bytes,
//! and `zobrist_hash`. Every rule is the core's ([`qipan::chess::polyglot`]); this converts
//! boards, keys, moves and errors, and calls the caller's `random.randint`.

use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use qipan::chess::polyglot::{
    legal_move_like_python_chess, uniform_pick, weighted_pick, Book, BookEntry, BookError,
    BookSource, Entry, FileSource,
};
use qipan::chess::{Move, Role, Square};
use qipan::{Chess, GameKind};

use crate::games::BindVariant;
use crate::pyboard::ChessBoard;
use crate::pymove::PyMove;
use crate::repr::MoveRepr;

/// A book over a file (positioned reads) or over bytes, chosen when it is opened.
type AnyBook = Book<Box<dyn BookSource + Send + Sync>>;

fn book_error(e: BookError) -> PyErr {
    match e {
        BookError::OutOfRange { .. } => PyIndexError::new_err(e.to_string()),
        BookError::Io(io) => PyOSError::new_err(io.to_string()),
        other => PyOSError::new_err(other.to_string()),
    }
}

/// The tuple the Python `Entry` is made from: key, raw move, weight, learn, move.
type EntryTuple = (u64, u16, u16, u32, Py<PyMove>);

/// A Polyglot book (the native part of `qipan.chess.polyglot.MemoryMappedReader`).
#[pyclass(module = "qipan._qipan", name = "PolyglotBook")]
pub struct PolyglotBook {
    book: Option<AnyBook>,
}

/// What a lookup is given: a board (moves resolved and checked) or a bare key (raw moves).
enum Lookup {
    Board(Chess),
    Key(u64),
}

fn lookup(board: &Bound<'_, PyAny>) -> PyResult<Lookup> {
    if let Ok(board) = board.cast::<ChessBoard>() {
        let board = board.borrow();
        board.inner.playable()?;
        return Ok(Lookup::Board(*board.inner.position()));
    }
    if let Ok(key) = board.extract::<u64>() {
        return Ok(Lookup::Key(key));
    }
    Err(PyTypeError::new_err(
        "a Polyglot lookup takes a qipan.ChessBoard or an integer key",
    ))
}

/// A move as the book stores it, before it meets a position (python-chess's raw `Entry.move`).
fn raw_move_object(py: Python<'_>, entry: &Entry) -> PyResult<Py<PyMove>> {
    Py::new(
        py,
        PyMove::new(MoveRepr::Coords {
            mv: entry.raw().coords(),
            game: Some(GameKind::Chess),
        }),
    )
}

fn entry_tuple(py: Python<'_>, entry: Entry, mv: Py<PyMove>) -> EntryTuple {
    let _ = py;
    (entry.key, entry.raw_move, entry.weight, entry.learn, mv)
}

fn found_tuple(py: Python<'_>, pos: &Chess, found: BookEntry) -> PyResult<EntryTuple> {
    let (cache, wrap) = <Chess as BindVariant>::moves_of(pos);
    Ok(entry_tuple(py, found.entry, cache.one(py, found.mv, wrap)?))
}

/// The legal moves of `pos` among `exclude_moves`, compared as python-chess compares moves
/// (castling in standard chess is the king's two-square move). Moves that are not legal here
/// cannot match a book move, so they are dropped.
fn excluded(pos: &Chess, exclude_moves: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
    let mut out = Vec::new();
    if exclude_moves.is_none() {
        return Ok(out);
    }
    for item in exclude_moves.try_iter()? {
        let item = item?;
        let Ok(mv) = item.cast::<PyMove>() else {
            continue;
        };
        let text = mv.get().repr.coord();
        let b = text.as_bytes();
        let square = |at: usize| b.get(at..at + 2).and_then(Square::from_ascii);
        let (Some(from), Some(to)) = (square(0), square(2)) else {
            continue;
        };
        let promotion = match b.get(4) {
            None => None,
            Some(b'n') => Some(Role::Knight),
            Some(b'b') => Some(Role::Bishop),
            Some(b'r') => Some(Role::Rook),
            Some(b'q') => Some(Role::Queen),
            Some(_) => continue,
        };
        if b.len() > 5 {
            continue;
        }
        out.extend(legal_move_like_python_chess(pos, from, to, promotion));
    }
    Ok(out)
}

impl PolyglotBook {
    fn with<T>(&self, f: impl FnOnce(&AnyBook) -> Result<T, BookError>) -> PyResult<T> {
        match &self.book {
            Some(book) => f(book).map_err(book_error),
            None => Err(PyValueError::new_err("the Polyglot book is closed")),
        }
    }
}

/// The caller's random generator, or the `random` module when `None` (as python-chess draws).
fn generator<'py>(
    py: Python<'py>,
    random: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    match random {
        Some(r) if !r.is_none() => Ok(r),
        _ => Ok(py.import("random")?.into_any()),
    }
}

/// `rng.randint(0, n - 1)`; the first Python error is kept in `failed` (and `n`, out of range,
/// returned) to be raised once the core's draw is over.
fn randint_below(rng: &Bound<'_, PyAny>, n: u64, failed: &mut Option<PyErr>) -> u64 {
    match rng
        .call_method1("randint", (0u64, n - 1))
        .and_then(|v| v.extract::<u64>())
    {
        Ok(v) => v,
        Err(e) => {
            failed.get_or_insert(e);
            n
        }
    }
}

#[pymethods]
impl PolyglotBook {
    /// `PolyglotBook(path)` reads the file with positioned reads; `PolyglotBook(data=bytes)`
    /// holds a copy of the bytes.
    #[new]
    #[pyo3(signature = (path = None, *, data = None))]
    fn new(path: Option<std::path::PathBuf>, data: Option<&Bound<'_, PyBytes>>) -> PyResult<Self> {
        let book = match (path, data) {
            (Some(path), None) => FileSource::open(&path)
                .map_err(BookError::from)
                .and_then(|file| Book::new(Box::new(file) as Box<dyn BookSource + Send + Sync>))
                .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?,
            (None, Some(data)) => {
                let bytes: Box<dyn BookSource + Send + Sync> = Box::new(data.as_bytes().to_vec());
                Book::new(bytes).map_err(book_error)?
            }
            _ => {
                return Err(PyTypeError::new_err(
                    "PolyglotBook(path) or PolyglotBook(data=bytes)",
                ))
            }
        };
        Ok(PolyglotBook { book: Some(book) })
    }

    fn __len__(&self) -> PyResult<usize> {
        self.with(|b| Ok(b.len() as usize))
    }

    /// Entry `index` as stored (negative indices count from the end), with its raw move.
    fn entry(&self, py: Python<'_>, index: i64) -> PyResult<EntryTuple> {
        let len = self.__len__()? as i64;
        let at = if index < 0 { index + len } else { index };
        if at < 0 || at >= len {
            return Err(PyIndexError::new_err("book index out of range"));
        }
        let entry = self.with(|b| b.get(at as u64))?;
        Ok(entry_tuple(py, entry, raw_move_object(py, &entry)?))
    }

    /// python-chess's `find_all` as a list: for a board, the legal entries with their moves;
    /// for an integer key, every entry of the key with its raw move.
    #[pyo3(signature = (board, minimum_weight = 1, exclude_moves = None))]
    fn find_all(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<EntryTuple>> {
        let min = u16::try_from(minimum_weight.max(0)).unwrap_or(u16::MAX);
        let over_max = minimum_weight > i64::from(u16::MAX);
        match lookup(board)? {
            Lookup::Board(pos) => {
                if over_max {
                    return Ok(Vec::new());
                }
                let exclude = match exclude_moves {
                    Some(moves) => excluded(&pos, moves)?,
                    None => Vec::new(),
                };
                let found = self.with(|b| b.find_all(&pos, min, &exclude))?;
                found
                    .into_iter()
                    .map(|f| found_tuple(py, &pos, f))
                    .collect()
            }
            Lookup::Key(key) => self.key_entries(py, key, minimum_weight, exclude_moves),
        }
    }

    /// python-chess's `choice` on a board, drawing with `random.randint`; `None` when the
    /// position has no entry.
    #[pyo3(signature = (board, minimum_weight = 1, exclude_moves = None, random = None))]
    fn choice<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
        random: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<EntryTuple>> {
        let pos = match lookup(board)? {
            Lookup::Board(pos) => pos,
            Lookup::Key(key) => {
                let mut all = self.key_entries(py, key, minimum_weight, exclude_moves)?;
                let rng = generator(py, random)?;
                let mut failed = None;
                let picked = uniform_pick(all.len(), |n| randint_below(&rng, n, &mut failed));
                if let Some(e) = failed {
                    return Err(e);
                }
                return Ok(picked.map(|i| all.swap_remove(i)));
            }
        };
        let min = u16::try_from(minimum_weight.max(0)).unwrap_or(u16::MAX);
        let exclude = match exclude_moves {
            Some(moves) => excluded(&pos, moves)?,
            None => Vec::new(),
        };
        let rng = generator(py, random)?;
        let mut failed = None;
        let mut below = |n: u64| randint_below(&rng, n, &mut failed);
        let chosen = self.with(|b| b.choice(&pos, min, &exclude, &mut below))?;
        if let Some(e) = failed {
            return Err(e);
        }
        chosen.map(|f| found_tuple(py, &pos, f)).transpose()
    }

    /// python-chess's `weighted_choice` on a board; `None` when no entry has a weight.
    #[pyo3(signature = (board, exclude_moves = None, random = None))]
    fn weighted_choice<'py>(
        &self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
        exclude_moves: Option<&Bound<'py, PyAny>>,
        random: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<EntryTuple>> {
        let pos = match lookup(board)? {
            Lookup::Board(pos) => pos,
            Lookup::Key(key) => {
                let mut all = self.key_entries(py, key, 1, exclude_moves)?;
                let weights: Vec<u16> = all.iter().map(|entry| entry.2).collect();
                let rng = generator(py, random)?;
                let mut failed = None;
                let picked = weighted_pick(&weights, |n| randint_below(&rng, n, &mut failed));
                if let Some(e) = failed {
                    return Err(e);
                }
                return Ok(picked.map(|i| all.swap_remove(i)));
            }
        };
        let exclude = match exclude_moves {
            Some(moves) => excluded(&pos, moves)?,
            None => Vec::new(),
        };
        let rng = generator(py, random)?;
        let mut failed = None;
        let mut below = |n: u64| randint_below(&rng, n, &mut failed);
        let chosen = self.with(|b| b.weighted_choice(&pos, &exclude, &mut below))?;
        if let Some(e) = failed {
            return Err(e);
        }
        chosen.map(|f| found_tuple(py, &pos, f)).transpose()
    }

    /// Closes the book (a closed book raises `ValueError` on use).
    fn close(&mut self) {
        self.book = None;
    }
}

/// The Polyglot zobrist key of a board (python-chess's `chess.polyglot.zobrist_hash`).
#[pyfunction]
fn zobrist_hash(board: &Bound<'_, ChessBoard>) -> PyResult<u64> {
    let board = board.borrow();
    board.inner.playable()?;
    Ok(board.inner.position().zobrist())
}

/// Adds the Polyglot names to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PolyglotBook>()?;
    m.add_function(wrap_pyfunction!(zobrist_hash, m)?)?;
    Ok(())
}

impl PolyglotBook {
    /// Every entry of `key` with its raw move (as stored, not checked against a position), at
    /// least `minimum_weight`, its move not in `exclude_moves`: python-chess's reading of a bare
    /// integer key.
    fn key_entries(
        &self,
        py: Python<'_>,
        key: u64,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<EntryTuple>> {
        let min = u16::try_from(minimum_weight.max(0)).unwrap_or(u16::MAX);
        let over_max = minimum_weight > i64::from(u16::MAX);
        let entries = self.with(|b| b.entries(key))?;
        let mut out = Vec::new();
        for entry in entries {
            if over_max || entry.weight < min {
                continue;
            }
            let mv = raw_move_object(py, &entry)?;
            if let Some(moves) = exclude_moves {
                if !moves.is_none() && moves.contains(mv.bind(py))? {
                    continue;
                }
            }
            out.push(entry_tuple(py, entry, mv));
        }
        Ok(out)
    }
}
