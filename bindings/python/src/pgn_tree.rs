//! The native half of `qipan.pgn`: `_PgnTree`, one game record held as the core's
//! [`AnyGameTree`], with its nodes named by index. The Python module `qipan.pgn` wraps it in
//! python-chess's shapes (`Game`, `ChildNode`, `Headers`); every rule — reading, writing, which
//! moves may be added, how variations move — is the core's, this file converts values only.

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use qipan::chess::Chess;
use qipan::pgn::{read_tags, GameLines, Limits, LineStep, RawGame, RecordError, RecordErrorKind};
use qipan::tree::{AnyGameTree, GameTree, NodeId, WriteOptions};
use qipan::{AnyGame, AnyMove, AnyPosition, AnyVariant, ErrorKind, GameKind, Notation};

use crate::board::{resolve_on, Board};
use crate::errors::{to_py, BoardError};
use crate::games::BindVariant;
use crate::pyboard::{ChessBoard, XiangqiBoard};
use crate::pymove::{MoveArg, PyMove};

create_exception!(
    qipan.pgn,
    InvalidPgnError,
    PyValueError,
    "An error on a game record that is not about one move: malformed or oversized text, a game \
     qipan does not play (the core's `RecordErrorKind::error_name`). Found in `Game.errors`, with \
     `line`, `ply`, `text` and `kind`."
);

/// A game record: tags, errors, and a tree of moves with comments, NAGs and variations.
#[pyclass(module = "qipan.pgn", name = "_PgnTree", dict)]
#[derive(Debug)]
pub struct PgnTree {
    pub(crate) tree: AnyGameTree,
}

/// The lines of the next game of `handle`, read with `readline()` and never past the blank line
/// that ends the game (`None` at the end of the stream).
fn read_raw(handle: &Bound<'_, PyAny>) -> PyResult<Option<RawGame>> {
    let readline = handle.getattr("readline")?;
    let mut lines = GameLines::new(Limits::default(), 1);
    loop {
        let line = readline.call0()?;
        let step = if let Ok(text) = line.cast::<PyString>() {
            let text = text.to_cow()?;
            if text.is_empty() {
                break;
            }
            lines.feed(text.as_bytes())
        } else if let Ok(bytes) = line.cast::<PyBytes>() {
            if bytes.as_bytes().is_empty() {
                break;
            }
            lines.feed(bytes.as_bytes())
        } else {
            return Err(PyTypeError::new_err(format!(
                "readline() returned {}, not str",
                line.get_type().name()?
            )));
        };
        if step == LineStep::End {
            break;
        }
    }
    Ok(lines.finish())
}

/// The Python exception for an error of the record, with its `line`, `ply`, `text` and `kind`.
fn error_object(py: Python<'_>, error: &RecordError) -> PyResult<Py<PyAny>> {
    let message = error.to_string();
    let err = match error.kind {
        RecordErrorKind::IllegalMove => to_py(Some(ErrorKind::IllegalMove), message),
        RecordErrorKind::AmbiguousMove => to_py(Some(ErrorKind::AmbiguousMove), message),
        RecordErrorKind::UnparsableMove => to_py(Some(ErrorKind::InvalidMove), message),
        RecordErrorKind::BadFen => to_py(Some(ErrorKind::InvalidFen), message),
        _ => InvalidPgnError::new_err(message),
    };
    let value = err.value(py);
    value.setattr("line", error.line)?;
    value.setattr("ply", error.ply)?;
    value.setattr("text", error.text.clone())?;
    value.setattr("kind", error.kind.as_str())?;
    Ok(value.clone().into_any().unbind())
}

/// The Python objects of `moves`, moves of the game `start` is a position of (its castling mode
/// says how a chess move is written): the conversion of the core's any-game moves.
fn move_objects(
    py: Python<'_>,
    start: &AnyPosition,
    moves: &[AnyMove],
) -> PyResult<Vec<Py<PyMove>>> {
    fn typed<V: BindVariant + AnyVariant>(
        py: Python<'_>,
        start: &V,
        moves: &[AnyMove],
    ) -> PyResult<Vec<Py<PyMove>>> {
        let (cache, wrap) = V::moves_of(start);
        let own: Vec<V::Move> = moves.iter().filter_map(|&m| V::unwrap_move(m)).collect();
        cache.objects(py, &own, wrap)
    }
    match start {
        AnyPosition::Chess(pos) => typed(py, pos, moves),
        AnyPosition::Xiangqi(pos) => typed(py, pos, moves),
    }
}

/// The Python board (`ChessBoard`, `XiangqiBoard`) over a game.
fn board_object(py: Python<'_>, game: AnyGame) -> PyResult<Py<PyAny>> {
    Ok(match game {
        AnyGame::Chess(game) => {
            let board = ChessBoard::from_board(py, Board::from_game(game))?;
            Py::new(py, board)?.into_any()
        }
        AnyGame::Xiangqi(game) => {
            let board = XiangqiBoard::from_board(py, Board::from_game(game))?;
            Py::new(py, board)?.into_any()
        }
    })
}

/// The move `value` stands for at `position`, if it is legal there.
fn resolve(position: &AnyPosition, value: &Bound<'_, PyAny>) -> PyResult<AnyMove> {
    let arg = MoveArg::extract(value)?;
    Ok(match position {
        AnyPosition::Chess(pos) => resolve_on(pos, arg.repr())?.into(),
        AnyPosition::Xiangqi(pos) => resolve_on(pos, arg.repr())?.into(),
    })
}

/// A notation name read for writing `tree`'s moves.
fn notation_for(tree: &AnyGameTree, name: &str) -> PyResult<Notation> {
    let notation: Notation = name
        .parse()
        .map_err(|e: qipan::NotationError| PyValueError::new_err(e.to_string()))?;
    tree.check_notation(notation)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(notation)
}

/// A new record of the game `tags` name, from their `FEN` when they have one, with exactly
/// these tags.
fn tree_for_tags(tags: Vec<(String, String)>) -> PyResult<AnyGameTree> {
    let kind = GameKind::from_tags(&tags).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut tree = AnyGameTree::from_start_tags(kind, &tags)
        .map_err(|e| BoardError::new(ErrorKind::InvalidFen, e.to_string()))?;
    tree.set_tags(&tags);
    Ok(tree)
}

impl PgnTree {
    /// The node with index `index`, or an `IndexError`.
    pub(crate) fn id(&self, index: usize) -> PyResult<NodeId> {
        self.tree
            .get(index)
            .ok_or_else(|| PyIndexError::new_err(format!("no node {index} in this game")))
    }
}

#[pymethods]
impl PgnTree {
    /// The next game of a text handle, or `None` at its end.
    #[staticmethod]
    fn read(handle: &Bound<'_, PyAny>) -> PyResult<Option<PgnTree>> {
        Ok(crate::pgn_events::read_tree(handle)?.map(|tree| PgnTree { tree }))
    }

    /// Every game of a record file's bytes, of any format qipan reads (PGN, XQF, CBR, CBL,
    /// DhtmlXQ; told from the bytes by the core), in order; a game that cannot be read is an
    /// empty game with its error.
    #[staticmethod]
    fn read_all(py: Python<'_>, bytes: Vec<u8>) -> Vec<PgnTree> {
        py.detach(|| qipan::records::read_games(&bytes))
            .into_iter()
            .map(|tree| PgnTree { tree })
            .collect()
    }

    /// The tags of the next game of a text handle (the roster's defaults for those missing),
    /// its moves skipped; `None` at the end.
    #[staticmethod]
    fn read_headers(handle: &Bound<'_, PyAny>) -> PyResult<Option<Vec<(String, String)>>> {
        let Some(raw) = read_raw(handle)? else {
            return Ok(None);
        };
        let mut tree = GameTree::<Chess>::default();
        for (name, value) in read_tags(&raw, &Limits::default()).unwrap_or_default() {
            tree.set_tag(&name, &value);
        }
        Ok(Some(tree.tags))
    }

    /// An empty record of the game `tags` name (chess by default), with exactly these tags;
    /// `None`: an empty chess record with the Seven Tag Roster.
    #[staticmethod]
    #[pyo3(signature = (tags=None))]
    fn new(tags: Option<Vec<(String, String)>>) -> PyResult<PgnTree> {
        let tree = match tags {
            None => AnyGameTree::new(GameKind::Chess),
            Some(tags) => tree_for_tags(tags)?,
        };
        Ok(PgnTree { tree })
    }

    /// The record of the game a `ChessBoard` or `XiangqiBoard` played.
    #[staticmethod]
    fn from_board(board: &Bound<'_, PyAny>) -> PyResult<PgnTree> {
        let tree = if let Ok(b) = board.cast::<ChessBoard>() {
            GameTree::from_game(b.borrow().inner.game()).into()
        } else if let Ok(b) = board.cast::<XiangqiBoard>() {
            GameTree::from_game(b.borrow().inner.game()).into()
        } else {
            return Err(PyTypeError::new_err(format!(
                "a board is a qipan.ChessBoard or qipan.XiangqiBoard, not {}",
                board.get_type().name()?
            )));
        };
        Ok(PgnTree { tree })
    }

    /// The game's name (`chess`, `chess960`, `xiangqi`).
    fn kind(&self) -> &'static str {
        self.tree.kind().name()
    }

    /// The tags in order.
    fn tags(&self) -> Vec<(String, String)> {
        self.tree.tags().to_vec()
    }

    /// The value of a tag.
    fn tag(&self, name: &str) -> Option<String> {
        self.tree.tag(name).map(str::to_owned)
    }

    /// Sets a tag (in the roster's order for a roster tag, else at the end when new).
    fn set_tag(&mut self, name: &str, value: &str) {
        self.tree.set_tag(name, value)
    }

    /// Removes a tag; whether there was one.
    fn remove_tag(&mut self, name: &str) -> bool {
        self.tree.remove_tag(name)
    }

    /// Replaces all the tags.
    fn set_tags(&mut self, tags: Vec<(String, String)>) {
        self.tree.set_tags(&tags)
    }

    /// Starts the record again from its tags (their `Variant` and `FEN`), as python-chess's
    /// games do when a builder sets those tags; only while no move is recorded (a `ValueError`
    /// otherwise, and for tags that name no start position). The tags stay; the comments go.
    fn restart(&mut self) -> PyResult<()> {
        if !self.tree.variations(self.tree.root()).is_empty() {
            return Err(PyValueError::new_err(
                "the record has moves: its start cannot change",
            ));
        }
        self.tree = tree_for_tags(self.tree.tags().to_vec())?;
        Ok(())
    }

    /// What went wrong while reading, as exceptions with `line`, `ply`, `text` and `kind`.
    fn errors(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.tree
            .errors()
            .iter()
            .map(|e| error_object(py, e))
            .collect()
    }

    /// The number of nodes (removed ones included).
    fn __len__(&self) -> usize {
        self.tree.len()
    }

    /// The parent's index (`None` for the root and removed nodes).
    fn parent(&self, index: usize) -> PyResult<Option<usize>> {
        let id = self.id(index)?;
        Ok(self.tree.parent(id).map(NodeId::index))
    }

    /// The continuations' indices, the main one first.
    fn variations(&self, index: usize) -> PyResult<Vec<usize>> {
        let id = self.id(index)?;
        Ok(self.tree.variations(id).iter().map(|v| v.index()).collect())
    }

    /// The move leading to the node (`None` at the root).
    fn r#move(&self, py: Python<'_>, index: usize) -> PyResult<Option<Py<PyMove>>> {
        let id = self.id(index)?;
        let Some(mv) = self.tree.mv(id) else {
            return Ok(None);
        };
        Ok(move_objects(py, &self.tree.start(), &[mv])?.pop())
    }

    /// The comment after the node's move.
    fn comment(&self, index: usize) -> PyResult<String> {
        let id = self.id(index)?;
        Ok(self.tree.comment(id).to_owned())
    }

    /// Sets the comment after the node's move.
    fn set_comment(&mut self, index: usize, text: String) -> PyResult<()> {
        let id = self.id(index)?;
        *self.tree.comment_mut(id) = text;
        Ok(())
    }

    /// The comment before the node's move.
    fn starting_comment(&self, index: usize) -> PyResult<String> {
        let id = self.id(index)?;
        Ok(self.tree.starting_comment(id).to_owned())
    }

    /// Sets the comment before the node's move.
    fn set_starting_comment(&mut self, index: usize, text: String) -> PyResult<()> {
        let id = self.id(index)?;
        *self.tree.starting_comment_mut(id) = text;
        Ok(())
    }

    /// The node's NAGs, ascending.
    fn nags(&self, index: usize) -> PyResult<Vec<u8>> {
        let id = self.id(index)?;
        Ok(self.tree.nags(id).to_vec())
    }

    /// Adds a NAG (0 to 255).
    fn add_nag(&mut self, index: usize, nag: i64) -> PyResult<()> {
        let id = self.id(index)?;
        let nag = u8::try_from(nag)
            .map_err(|_| PyValueError::new_err(format!("a NAG is 0 to 255, not {nag}")))?;
        self.tree.add_nag(id, nag);
        Ok(())
    }

    /// Removes a NAG if the node has it.
    fn discard_nag(&mut self, index: usize, nag: i64) -> PyResult<()> {
        let id = self.id(index)?;
        if let Ok(nag) = u8::try_from(nag) {
            self.tree.discard_nag(id, nag);
        }
        Ok(())
    }

    /// The ply of the node's position (python-chess's `ply()`).
    fn ply(&self, index: usize) -> PyResult<usize> {
        let id = self.id(index)?;
        Ok(self.tree.ply(id))
    }

    /// The board at the node: the start and the moves down to it, with their history.
    fn board(&self, py: Python<'_>, index: usize) -> PyResult<Py<PyAny>> {
        let id = self.id(index)?;
        board_object(py, self.tree.game_at(id))
    }

    /// The node's move in `notation` (the game's usual one, SAN or WXF, when `None`).
    #[pyo3(signature = (index, notation=None))]
    fn move_text(&self, index: usize, notation: Option<&str>) -> PyResult<Option<String>> {
        let id = self.id(index)?;
        let notation = match notation {
            Some(name) => notation_for(&self.tree, name)?,
            None => self.tree.notations()[0],
        };
        Ok(self.tree.move_text(id, Some(notation)))
    }

    /// Whether every node from the root down to this one is a main continuation.
    fn is_mainline(&self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.is_mainline(id))
    }

    /// Whether the node is its parent's main continuation.
    fn is_main_variation(&self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.is_main_variation(id))
    }

    /// Whether the node starts a variation.
    fn starts_variation(&self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.starts_variation(id))
    }

    /// The last node of the main line from the node.
    fn end(&self, index: usize) -> PyResult<usize> {
        let id = self.id(index)?;
        Ok(self.tree.end(id).index())
    }

    /// The nodes of the main line after the node.
    fn mainline(&self, index: usize) -> PyResult<Vec<usize>> {
        let id = self.id(index)?;
        Ok(self
            .tree
            .mainline(id)
            .into_iter()
            .map(NodeId::index)
            .collect())
    }

    /// The moves of the main line after the node.
    fn mainline_moves(&self, py: Python<'_>, index: usize) -> PyResult<Vec<Py<PyMove>>> {
        let id = self.id(index)?;
        move_objects(py, &self.tree.start(), &self.tree.mainline_moves(id))
    }

    /// Adds a legal move (a `qipan.Move` or any object with `uci()`) after the node, as its
    /// main continuation when `main`, else its last; the new node's index.
    fn add_variation(
        &mut self,
        index: usize,
        r#move: &Bound<'_, PyAny>,
        main: bool,
    ) -> PyResult<usize> {
        let id = self.id(index)?;
        let mv = resolve(&self.tree.position(id), r#move)?;
        let added = self.tree.add_variation(id, mv, main);
        Ok(added.map_err(BoardError::from)?.index())
    }

    /// The continuation of the node that plays `move`, if there is one.
    fn variation_with(&self, index: usize, r#move: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let id = self.id(index)?;
        Ok(resolve(&self.tree.position(id), r#move)
            .ok()
            .and_then(|mv| self.tree.variation_with(id, mv))
            .map(NodeId::index))
    }

    /// Makes the node its parent's main continuation.
    fn promote_to_main(&mut self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.promote_to_main(id))
    }

    /// Moves the node one place up among its parent's continuations.
    fn promote(&mut self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.promote(id))
    }

    /// Moves the node one place down among its parent's continuations.
    fn demote(&mut self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.demote(id))
    }

    /// Takes the node and what follows it out of the tree.
    fn remove_variation(&mut self, index: usize) -> PyResult<bool> {
        let id = self.id(index)?;
        Ok(self.tree.remove_variation(id))
    }

    /// The record as PGN (python-chess's `str(game)` layout). `notation`: a notation name (the
    /// record's own when `None`); `columns`: where lines wrap (`None`: no wrapping).
    #[pyo3(signature = (notation=None, headers=true, comments=true, variations=true, columns=Some(80)))]
    fn write(
        &self,
        notation: Option<&str>,
        headers: bool,
        comments: bool,
        variations: bool,
        columns: Option<usize>,
    ) -> PyResult<String> {
        let notation = notation
            .map(|name| notation_for(&self.tree, name))
            .transpose()?;
        Ok(self.tree.write_pgn(&WriteOptions {
            notation,
            headers,
            comments,
            variations,
            columns,
        }))
    }
}

/// Adds `_PgnTree` and `InvalidPgnError` to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PgnTree>()?;
    m.add("InvalidPgnError", m.py().get_type::<InvalidPgnError>())?;
    Ok(())
}
