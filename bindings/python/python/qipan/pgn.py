"""Game records as trees, with python-chess's ``chess.pgn`` names and shapes.

``read_game(handle)`` reads the next game of a text handle (python-chess's rule: the game ends at
the first blank line after its moves, so the handle is never read past it); a ``Game`` is the
root of a tree of ``ChildNode`` objects, each with its move, comments, NAGs and variations;
``str(game)`` writes it back as PGN. Chess, Chess960 and Xiangqi records are read alike.

Nodes are views into one record held by the native core: two views of the same node compare
equal (``game.next() == game.next()``), and every change through one is seen through all.
Reading, writing and every rule are the core's (``qipan::tree``); this module only names things.

>>> import io, qipan.pgn
>>> game = qipan.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
>>> [node.san() for node in game.mainline()]
['e4', 'e5', 'Nf3']
"""

from __future__ import annotations

import os

from typing import Any, Iterable, Iterator, List, Mapping, MutableMapping, MutableSet, Optional, Tuple, Union

from qipan._pgn_annotations import _Annotated, _Nags
from qipan._pgn_classes import class_of, remember
from qipan._pgn_reader import read_with_visitor
from qipan._pgn_time import TimeControl, TimeControlPart, TimeControlType, parse_time_control
from qipan._pgn_setup import START_TAGS, _GameSetup, _HeadersRules, check_tag, restart
from qipan._pgn_visitor import (
    SKIP,
    BaseVisitor,
    BoardBuilder,
    FileExporter,
    GameBuilder,
    HeadersBuilder,
    Mainline,
    SkipType,
    SkipVisitor,
    StringExporter,
    StringExporterMixin,
    _Visited,
    accept_game,
)
from qipan._qipan import InvalidPgnError, _PgnTree, _RecordStream

__all__ = [
    "Game",
    "GameNode",
    "ChildNode",
    "Headers",
    "InvalidPgnError",
    "read_game",
    "read_games",
    "iter_games",
    "read_headers",
    "skip_game",
    "SKIP",
    "SkipType",
    "BaseVisitor",
    "GameBuilder",
    "HeadersBuilder",
    "BoardBuilder",
    "SkipVisitor",
    "StringExporterMixin",
    "StringExporter",
    "FileExporter",
    "Mainline",
    "TimeControl",
    "TimeControlPart",
    "TimeControlType",
    "parse_time_control",
    "NAG_GOOD_MOVE",
    "NAG_MISTAKE",
    "NAG_BRILLIANT_MOVE",
    "NAG_BLUNDER",
    "NAG_SPECULATIVE_MOVE",
    "NAG_DUBIOUS_MOVE",
    "TAG_ROSTER",
]

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


class Headers(_HeadersRules, MutableMapping[str, str]):
    """The tag pairs of a record, in order: the Seven Tag Roster first, then the others as read
    or set. ``Headers()`` has the roster's defaults; ``Headers(data)`` only ``data``.
    ``game.headers`` is a live view of the game's tags."""

    __slots__ = ("_tree",)

    def __init__(self, data: Union[Mapping[str, str], Iterable[Tuple[str, str]], None] = None, **kwargs: str) -> None:
        self._tree = _PgnTree.new()
        if data is not None:
            self._tree.set_tags([])
            self.update(data)
        self.update(kwargs)

    @classmethod
    def _of(cls, tree: _PgnTree) -> "Headers":
        headers = cls.__new__(cls)
        headers._tree = tree
        return headers

    def __getitem__(self, name: str) -> str:
        value = self._tree.tag(name)
        if value is None:
            raise KeyError(name)
        return value

    def __setitem__(self, name: str, value: str) -> None:
        check_tag(name, value)
        self._tree.set_tag(name, value)
        if name in START_TAGS:
            restart(self._tree)

    def __delitem__(self, name: str) -> None:
        if not self._tree.remove_tag(name):
            raise KeyError(name)
        if name in START_TAGS:
            restart(self._tree)

    @classmethod
    def builder(cls) -> "HeadersBuilder[Headers]":
        """A visitor collecting headers of this class."""
        return HeadersBuilder(Headers=cls)

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, _ in self._tree.tags()])

    def __len__(self) -> int:
        return len(self._tree.tags())

    def copy(self) -> "Headers":
        """A detached copy."""
        return Headers(self._tree.tags())

    def __copy__(self) -> "Headers":
        return self.copy()

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={value!r}" for name, value in self._tree.tags())
        return f"Headers({pairs})"


def _node(tree: _PgnTree, index: int) -> "GameNode":
    node = object.__new__(class_of(tree, index, Game if index == 0 else ChildNode))
    node._tree = tree
    node._id = index
    return node


def _child(tree: _PgnTree, index: int) -> "ChildNode":
    return _node(tree, index)  # type: ignore[return-value]  # (never the root)


class GameNode(_Annotated, _Visited):
    """A node of a record: the root (a :class:`Game`) or a move (a :class:`ChildNode`), with
    python-chess's comment commands (``clock()``, ``emt()``, ``eval()``, ``arrows()`` and their
    setters)."""

    __slots__ = ("_tree", "_id")
    _tree: _PgnTree
    _id: int

    # --- identity: views of the same node of the same record are equal

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameNode):
            return NotImplemented
        return self._tree is other._tree and self._id == other._id

    def __hash__(self) -> int:
        return hash((id(self._tree), self._id))

    # --- what the node holds

    @property
    def parent(self) -> Optional["GameNode"]:
        """The parent node, ``None`` for the root (and a removed variation)."""
        parent = self._tree.parent(self._id)
        return None if parent is None else _node(self._tree, parent)

    @property
    def move(self) -> Any:
        """The move leading to this node, ``None`` at the root."""
        return self._tree.move(self._id)

    @property
    def variations(self) -> List["ChildNode"]:
        """The continuations, the main one first (a new list: change them with the methods)."""
        return [_child(self._tree, i) for i in self._tree.variations(self._id)]

    @property
    def comment(self) -> str:
        """The comment after the move (at the root: before the first move)."""
        return self._tree.comment(self._id)

    @comment.setter
    def comment(self, text: str) -> None:
        self._tree.set_comment(self._id, text)

    @property
    def starting_comment(self) -> str:
        """The comment before the move, written for a move that starts a variation."""
        return self._tree.starting_comment(self._id)

    @starting_comment.setter
    def starting_comment(self, text: str) -> None:
        self._tree.set_starting_comment(self._id, text)

    @property
    def nags(self) -> MutableSet[int]:
        """The numeric annotation glyphs, a live set."""
        return _Nags(self._tree, self._id)

    @nags.setter
    def nags(self, nags: Iterable[int]) -> None:
        wanted = set(nags)
        for nag in self._tree.nags(self._id):
            self._tree.discard_nag(self._id, nag)
        for nag in sorted(wanted):
            self._tree.add_nag(self._id, nag)

    # --- positions

    def board(self) -> Any:
        """A new board (``ChessBoard`` or ``XiangqiBoard``) at this node, with its history. A
        game whose ``FEN`` tag could not be read has no board: ``InvalidFenError``, as
        python-chess raises."""
        for error in self.game().errors:
            if getattr(error, "kind", None) == "bad_fen":
                raise type(error)(str(error))
        return self._tree.board(self._id)

    def ply(self) -> int:
        """The ply of the position, from its move number and side to move."""
        return self._tree.ply(self._id)

    def turn(self) -> bool:
        """The side to move: ``True`` for White (Red)."""
        return self._tree.ply(self._id) % 2 == 0

    # --- the tree

    def root(self) -> "Game":
        """The root node."""
        return _node(self._tree, 0)  # type: ignore[return-value]

    def game(self) -> "Game":
        """The root node: the game."""
        return self.root()

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        return _node(self._tree, self._tree.end(self._id))

    def is_end(self) -> bool:
        """Whether the node has no continuation."""
        return not self._tree.variations(self._id)

    def starts_variation(self) -> bool:
        """Whether the node is not its parent's main continuation."""
        return self._tree.starts_variation(self._id)

    def is_mainline(self) -> bool:
        """Whether the node is on the game's main line."""
        return self._tree.is_mainline(self._id)

    def is_main_variation(self) -> bool:
        """Whether the node is its parent's main continuation."""
        return self._tree.is_main_variation(self._id)

    def next(self) -> Optional["ChildNode"]:
        """The main continuation, ``None`` at the end."""
        variations = self._tree.variations(self._id)
        return _child(self._tree, variations[0]) if variations else None

    def mainline(self) -> "Mainline":
        """The nodes of the main line after this one (a list that also walks them and prints
        as PGN)."""
        return Mainline(self, [_child(self._tree, i) for i in self._tree.mainline(self._id)])

    def mainline_moves(self) -> "Mainline":
        """The moves of the main line after this node (a list that also prints as PGN)."""
        return Mainline(self, self._tree.mainline_moves(self._id))

    def _find(self, move: Any) -> Optional[int]:
        if isinstance(move, GameNode):
            return move._id if move._tree is self._tree and move._id in self._tree.variations(self._id) else None
        if isinstance(move, int):
            variations = self._tree.variations(self._id)
            return variations[move] if -len(variations) <= move < len(variations) else None
        return self._tree.variation_with(self._id, move)

    def variation(self, move: Any) -> "ChildNode":
        """The continuation with this index, move or node; ``KeyError`` when there is none."""
        found = self._find(move)
        if found is None:
            raise KeyError("variation not found")
        return _child(self._tree, found)

    def __getitem__(self, move: Any) -> "ChildNode":
        return self.variation(move)

    def __contains__(self, move: object) -> bool:
        return self._find(move) is not None

    def has_variation(self, move: Any) -> bool:
        """Whether a continuation plays ``move``."""
        return self._find(move) is not None

    def add_variation(
        self, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "ChildNode":
        """Adds a legal move as the last continuation; ``IllegalMoveError`` otherwise."""
        node = _child(self._tree, self._tree.add_variation(self._id, move, False))
        self._annotate(node._id, comment, starting_comment, nags)
        return node

    def add_main_variation(self, move: Any, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a legal move as the main continuation, the others after it."""
        node = _child(self._tree, self._tree.add_variation(self._id, move, True))
        self._annotate(node._id, comment, "", nags)
        return node

    def add_line(
        self, moves: Iterable[Any], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "GameNode":
        """Adds moves one after another; the comment and NAGs go on the last, the starting
        comment on the first. The last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        self._annotate(node._id, comment, None, nags)
        return node

    def _annotate(self, index: int, comment: str, starting_comment: Optional[str], nags: Iterable[int]) -> None:
        if comment:
            self._tree.set_comment(index, comment)
        if starting_comment:
            self._tree.set_starting_comment(index, starting_comment)
        for nag in nags:
            self._tree.add_nag(index, nag)

    def promote_to_main(self, move: Any) -> None:
        """Makes the continuation with this move (index, node) the main one."""
        self._tree.promote_to_main(self.variation(move)._id)

    def promote(self, move: Any) -> None:
        """Moves the continuation with this move one place up."""
        self._tree.promote(self.variation(move)._id)

    def demote(self, move: Any) -> None:
        """Moves the continuation with this move one place down."""
        self._tree.demote(self.variation(move)._id)

    def remove_variation(self, move: Any) -> None:
        """Removes the continuation with this move and everything after it."""
        self._tree.remove_variation(self.variation(move)._id)


class ChildNode(GameNode):
    """A node reached by a move."""

    __slots__ = ()

    def __init__(
        self, parent: GameNode, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> None:
        """python-chess's constructor: adds ``move`` as the last continuation of ``parent``."""
        self._tree = parent._tree
        self._id = parent._tree.add_variation(parent._id, move, False)
        remember(self, ChildNode)
        parent._annotate(self._id, comment, starting_comment, nags)

    @property
    def parent(self) -> GameNode:  # type: ignore[override]
        """The parent node."""
        parent = self._tree.parent(self._id)
        if parent is None:
            raise ValueError("a removed variation has no parent")
        return _node(self._tree, parent)

    @property
    def move(self) -> Any:
        """The move leading to this node."""
        return self._tree.move(self._id)

    def san(self) -> str:
        """The move in the game's usual notation: SAN for chess, WXF for Xiangqi."""
        text = self._tree.move_text(self._id)
        assert text is not None
        return text

    def uci(self) -> str:
        """The move in coordinates: UCI for chess, ICCS for Xiangqi."""
        return str(self._tree.move(self._id).uci())

    def text(self, notation: Optional[str] = None) -> str:
        """The move in the notation named (``san``, ``lan``, ``uci``, ``iccs``, ``wxf``,
        ``chinese``, ``chinese-traditional``); the game's usual one when ``None``."""
        text = self._tree.move_text(self._id, notation)
        assert text is not None
        return text

    def __repr__(self) -> str:
        return f"<ChildNode {self.san()} at ply {self.ply()}>"


class Game(_GameSetup, GameNode):
    """A game record: the root node, with the tags (``headers``) and the reading errors."""

    __slots__ = ("_errors",)

    def __init__(self, headers: Union[Mapping[str, str], Iterable[Tuple[str, str]], None] = None) -> None:
        """An empty record. ``headers``: its tags (the roster's defaults when ``None``); a
        ``Variant`` tag chooses the game and a ``FEN`` tag the start position."""
        if headers is None:
            self._tree = _PgnTree.new()
        else:
            items = headers.items() if isinstance(headers, Mapping) else headers
            self._tree = _PgnTree.new([(str(k), str(v)) for k, v in items])
        self._id = 0
        remember(self, Game)

    @classmethod
    def without_tag_roster(cls) -> "Game":
        """An empty chess record without any tag."""
        return cls({})

    @classmethod
    def from_board(cls, board: Any) -> "Game":
        """The record of the game a board played: its start, its moves, its result."""
        game = object.__new__(cls)
        game._tree = _PgnTree.from_board(board)
        game._id = 0
        remember(game, Game)
        return game

    @property
    def headers(self) -> Headers:
        """The tags, a live ordered mapping."""
        return Headers._of(self._tree)

    @headers.setter
    def headers(self, headers: Mapping[str, str]) -> None:
        self._tree.set_tags([(str(k), str(v)) for k, v in headers.items()])
        restart(self._tree)

    @property
    def errors(self) -> List[Exception]:
        """What went wrong while reading, in order: ``IllegalMoveError``, ``InvalidMoveError``,
        ``AmbiguousMoveError``, ``InvalidFenError`` or ``InvalidPgnError``, each with ``line``, ``ply``,
        ``text`` and ``kind`` (the reader's); a list kept with this object, to which a
        ``GameBuilder`` adds what its reading met."""
        try:
            return self._errors
        except AttributeError:
            self._errors: List[Exception] = self._tree.errors()
            return self._errors

    @errors.setter
    def errors(self, errors: List[Exception]) -> None:
        self._errors = errors

    def accept(self, visitor: BaseVisitor[Any]) -> Any:
        """Walks the game in PGN order (headers, moves, variations, result) with a visitor;
        its result."""
        return accept_game(self, visitor)

    def time_control(self) -> TimeControl:
        """The ``TimeControl`` tag read (an unknown time control without one)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def builder(cls) -> "GameBuilder[Game]":
        """A visitor building games of this class."""
        return GameBuilder(Game=cls)

    @property
    def kind(self) -> str:
        """The game: ``chess``, ``chess960`` or ``xiangqi``."""
        return self._tree.kind()

    def export(
        self,
        notation: Optional[str] = None,
        *,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
        columns: Optional[int] = 80,
    ) -> str:
        """The record as PGN in ``notation`` (the record's own when ``None``); ``columns=None``
        writes the moves on one line."""
        return self._tree.write(notation, headers, comments, variations, columns)

    def __str__(self) -> str:
        return self._tree.write(columns=None)

    def __repr__(self) -> str:
        return f"<Game ({self.headers.get('White', '?')} vs. {self.headers.get('Black', '?')}, {self.kind})>"


def read_game(handle: Any, *, Visitor: Any = GameBuilder) -> Any:
    """The next game of a text handle (read with ``readline()``, never past the game), or
    ``None`` at its end. Errors are on ``game.errors``; the rest of the record is still read.

    ``Visitor``: a callable making a visitor (a ``BaseVisitor`` class), which receives the game
    as python-chess's reader calls it, in the same order; the visitor's result is returned.
    With ``GameBuilder`` itself (the default) the core's reader builds the game."""
    if Visitor is not GameBuilder:
        return read_with_visitor(handle, Visitor(), Headers)
    tree = _PgnTree.read(handle)
    if tree is None:
        return None
    game = object.__new__(Game)
    game._tree = tree
    game._id = 0
    return game


def _source(source: Any, caller: str) -> Tuple[Optional[str], bytes]:
    """A record source as a path to open, or else as bytes: ``source`` is a path (an
    ``os.PathLike``, or a ``str`` naming an existing file), bytes, or PGN text."""
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and os.path.isfile(source)
    ):
        return os.fspath(source), b""
    if isinstance(source, str):
        return None, source.encode()
    if isinstance(source, (bytes, bytearray, memoryview)):
        return None, bytes(source)
    raise TypeError(f"{caller} takes a path, bytes or PGN text, not {type(source).__name__}")


def _game_of(tree: _PgnTree) -> Game:
    game = object.__new__(Game)
    game._tree = tree
    game._id = 0
    return game


def iter_games(source: Any) -> Iterator[Game]:
    """The games of a record file one at a time, in file order, as :func:`read_games` gives
    them (any format qipan reads, told from the bytes; a game that cannot be read at all is an
    empty game whose ``errors`` say why). A file is opened at once (``OSError`` when it cannot
    be) and read once: a PGN file game by game as the iteration asks, so a database of any
    size streams in constant memory; a Xiangqi archive is read whole when opened."""
    path, data = _source(source, "iter_games")
    stream = _RecordStream.from_path(path) if path is not None else _RecordStream.from_bytes(data)
    return (_game_of(tree) for tree in stream)


def read_games(source: Any) -> List[Game]:
    """Every game of a record file, of any format qipan reads: PGN (chess, Chess960, Xiangqi;
    UTF-8 or GBK) and the Xiangqi archives XQF, CBR, CBL and DhtmlXQ, told from the bytes, not
    the name. ``source`` is a path (an ``os.PathLike``, or a ``str`` naming an existing file),
    ``bytes``, or PGN text. A game that cannot be read at all is an empty game whose ``errors``
    say why; the other games are still read. :func:`iter_games` gives them one at a time."""
    path, data = _source(source, "read_games")
    if path is not None:
        with open(path, "rb") as file:
            data = file.read()
    return [_game_of(tree) for tree in _PgnTree.read_all(data)]


def skip_game(handle: Any) -> bool:
    """Reads past the next game of a text handle; whether there was one."""
    return bool(read_with_visitor(handle, SkipVisitor(), Headers))


def read_headers(handle: Any) -> Optional[Headers]:
    """The tags of the next game of a text handle, its moves skipped; ``None`` at its end."""
    tags = _PgnTree.read_headers(handle)
    if tags is None:
        return None
    headers = Headers({})
    headers._tree.set_tags(tags)
    return headers


GameBuilder._default_game = Game
HeadersBuilder._default_headers = Headers
