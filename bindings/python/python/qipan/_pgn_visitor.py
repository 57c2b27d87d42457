"""python-chess's visitor API for ``chess.pgn``: visitors, builders, exporters and the walk of a
record tree in PGN order (``node.accept(visitor)``).

A visitor receives a game as calls, in the order the parts stand in a PGN text: ``begin_game``,
the headers (``begin_headers``, ``visit_header`` per tag, ``end_headers``), the start position
(``visit_board``), then per move its starting comment, ``visit_move`` with the board before the
move, ``visit_board`` after it, its NAGs and comment, each variation between
``begin_variation`` and ``end_variation``, and at the end ``visit_result`` and ``end_game``.
Returning :data:`SKIP` from ``begin_game``, ``end_headers`` or ``begin_variation`` skips that
part. The same calls come from reading a text (``read_game(handle, Visitor=...)``, in
:mod:`qipan._pgn_reader`) and from walking a tree (``game.accept(visitor)``, here).

Every rule (moves, SAN) is the core's: the boards handed to visitors are native boards.
"""

from __future__ import annotations

import enum
from typing import Any, Generic, List, Optional, Tuple, TypeVar

__all__ = [
    "SkipType",
    "SKIP",
    "BaseVisitor",
    "GameBuilder",
    "HeadersBuilder",
    "BoardBuilder",
    "SkipVisitor",
    "StringExporterMixin",
    "StringExporter",
    "FileExporter",
    "Mainline",
]

ResultT = TypeVar("ResultT", covariant=True)


class SkipType(enum.Enum):
    """What a visitor returns to skip a part of the game."""

    SKIP = None


SKIP = SkipType.SKIP


class BaseVisitor(Generic[ResultT]):
    """A visitor: every method does nothing by default except :meth:`result` (to be given)
    and :meth:`handle_error` (raises the error)."""

    def begin_game(self) -> Optional[SkipType]:
        """A game starts; :data:`SKIP` skips it (``end_game`` still comes)."""
        return None

    def begin_headers(self) -> Any:
        """The headers start. A visitor may return the :class:`~qipan.pgn.Headers` it fills."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """A tag pair."""

    def end_headers(self) -> Optional[SkipType]:
        """The headers are over; :data:`SKIP` skips the moves."""
        return None

    def begin_parse_san(self, board: Any, san: str) -> Optional[SkipType]:
        """Reading a text: a move is about to be read; :data:`SKIP` skips reading it."""
        return None

    def parse_san(self, board: Any, san: str) -> Any:
        """Reading a text: the move ``san`` means on ``board`` (``board.parse_san``)."""
        return board.parse_san(san)

    def visit_move(self, board: Any, move: Any) -> None:
        """A move, with the board before it (to be left as it was)."""

    def visit_board(self, board: Any) -> None:
        """The start position, and the position after each move (to be left as it was)."""

    def visit_comment(self, comment: str) -> None:
        """A comment."""

    def visit_nag(self, nag: int) -> None:
        """A numeric annotation glyph."""

    def begin_variation(self) -> Optional[SkipType]:
        """A variation starts (never for the main line); :data:`SKIP` skips it
        (``end_variation`` still comes)."""
        return None

    def end_variation(self) -> None:
        """A variation is over."""

    def visit_result(self, result: str) -> None:
        """The game's result: the ``Result`` tag when walking a tree, the termination marker
        when reading a text."""

    def end_game(self) -> None:
        """The game is over."""

    def result(self) -> ResultT:
        """What the visitor made of the game."""
        raise NotImplementedError("a visitor gives result()")

    def handle_error(self, error: Exception) -> None:
        """An error while reading (an illegal move, a bad FEN): raised by default."""
        raise error


GameT = TypeVar("GameT")


class GameBuilder(BaseVisitor[GameT]):
    """Builds a game tree (a ``Game``, or the class ``Game`` given); the errors met while
    reading go to ``game.errors``."""

    _default_game: Any = None  # qipan.pgn.Game, set by qipan.pgn

    def __init__(self, *, Game: Any = None) -> None:
        self.Game = Game if Game is not None else type(self)._default_game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: List[Any] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Any:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        try:
            self.variation_stack[-1].nags.add(nag)
        except (ValueError, OverflowError):  # qipan's NAGs are PGN's, 0 to 255
            self.handle_error(ValueError(f"a NAG is 0 to 255, not {nag}"))

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation at the root"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            # After a move, or before the first move of the game: the node's comment.
            top.comment = " ".join(part for part in (top.comment, comment) if part)
        else:
            # At the start of a variation: the next move's starting comment.
            self.starting_comment = " ".join(part for part in (self.starting_comment, comment) if part)

    def visit_move(self, board: Any, move: Any) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Keeps the error in ``game.errors`` (python-chess also logs it)."""
        self.game.errors.append(error)

    def result(self) -> GameT:
        return self.game  # type: ignore[no-any-return]


HeadersT = TypeVar("HeadersT")


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Collects the headers (a ``Headers``, or the class ``Headers`` given) and skips the moves."""

    _default_headers: Any = None  # qipan.pgn.Headers, set by qipan.pgn

    def __init__(self, *, Headers: Any = None) -> None:
        self.Headers = Headers if Headers is not None else type(self)._default_headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue  # type: ignore[index]

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[Any]):
    """The board at the end of the main line, with the main line's moves on its stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Any) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Any:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game: its result is ``True``."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class StringExporterMixin:
    """PGN text from visitor calls: ``columns`` characters per line of moves (``None``: one
    line), with or without headers, comments (and NAGs) and variations."""

    def __init__(
        self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True
    ) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and len(self.current_line) + len(token) > self.columns:
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def _shows_annotations(self) -> bool:
        return self.comments and (self.variations or not self.variation_depth)

    def visit_comment(self, comment: str) -> None:
        if self._shows_annotations():
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self._shows_annotations():
            self.write_token(f"${nag} ")

    def visit_move(self, board: Any, move: Any) -> None:
        if self.variations or not self.variation_depth:
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """A game as a PGN string (no newline at its end): ``game.accept(StringExporter())``."""

    def result(self) -> str:
        lines = list(self.lines)
        if self.current_line:
            lines.append(self.current_line.rstrip())
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes games to a text handle as it goes, a blank line after each; the result is the
    number of characters written for the last game."""

    def __init__(
        self,
        handle: Any,
        *,
        columns: Optional[int] = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# --- walking a tree in PGN order


def _visit_node(board: Any, node: Any, visitor: BaseVisitor[Any]) -> None:
    """One move's calls, ``board`` the position before it (left as it was)."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    move = node.move
    visitor.visit_move(board, move)
    board.push(move)
    visitor.visit_board(board)
    board.pop()
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def walk(board: Any, node: Any, visitor: BaseVisitor[Any], sidelines: bool) -> None:
    """The calls for ``node``, its siblings after it (when ``sidelines``) as variations, and
    what follows it, ``board`` the position before ``node`` (left as it was). The work to do
    is a stack, not recursion, so neither long lines nor deep nesting run out of stack."""
    todo: List[Tuple[str, Any, bool]] = [("node", node, sidelines)]
    while todo:
        step, item, flag = todo.pop()
        if step == "node":
            _visit_node(board, item, visitor)
            following = item.variations
            if following:  # last: the line goes on from this move
                todo.append(("pop", None, False))
                todo.append(("node", following[0], True))
                todo.append(("push", item.move, False))
            if flag:  # first: the siblings, each a variation
                for side in reversed(item.parent.variations[1:]):
                    todo.append(("variation", side, False))
        elif step == "variation":
            if visitor.begin_variation() is SKIP:
                visitor.end_variation()
            else:
                todo.append(("end", None, False))
                todo.append(("node", item, False))
        elif step == "end":
            visitor.end_variation()
        elif step == "push":
            board.push(item)
        else:
            board.pop()


def accept_game(game: Any, visitor: BaseVisitor[ResultT]) -> ResultT:
    """``Game.accept``: the headers, the root's comment, the main line with its variations,
    the ``Result`` tag."""
    if visitor.begin_game() is not SKIP:
        headers = game.headers
        for name, value in headers.items():
            visitor.visit_header(name, value)
        if visitor.end_headers() is not SKIP:
            board = game.board()
            visitor.visit_board(board)
            if game.comment:
                visitor.visit_comment(game.comment)
            following = game.variations
            if following:
                walk(board, following[0], visitor, True)
            visitor.visit_result(headers.get("Result", "*"))
    visitor.end_game()
    return visitor.result()


class _Visited:
    """``accept`` and ``accept_subgame`` for the nodes of :mod:`qipan.pgn`."""

    __slots__ = ()

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the move leading to this node and what follows it (its siblings excluded)
        in PGN order; the visitor's result."""
        node: Any = self
        walk(node.parent.board(), node, visitor, False)
        return visitor.result()

    def accept_subgame(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the game as if it started at this node: its headers with ``FEN`` and
        ``SetUp`` of this position, then what follows this node."""
        node: Any = self
        if visitor.begin_game() is not SKIP:
            game = node.game()
            board = node.board()
            start = type(game).without_tag_roster()
            start.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in start.headers:
                    visitor.visit_header(name, value)
            for name, value in start.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                following = node.variations
                if following:
                    walk(board, following[0], visitor, True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()


class Mainline(List[Any]):
    """python-chess's main line view: a list of the nodes (or moves) after ``start``, which
    also walks them (``accept``) and prints as PGN move text."""

    def __init__(self, start: Any, items: List[Any]) -> None:
        super().__init__(items)
        self.start = start

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the main line's moves (without variations); the visitor's result."""
        board = self.start.board()
        for node in self.start.mainline():
            _visit_node(board, node, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))
