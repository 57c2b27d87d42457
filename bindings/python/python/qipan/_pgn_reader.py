"""Reading one game of a PGN text handle into a visitor's calls (``read_game(handle,
Visitor=...)``), with python-chess's reading rules so that a visitor sees the same calls in the
same order as on python-chess: the game ends at the first blank line after its moves (the handle
is never read past it), lines starting with ``%`` are skipped, a tag line that does not parse is
ignored, a token that is not PGN is skipped, an illegal move goes to ``handle_error`` and the
rest of its variation is skipped. Moves are read by the visitor's ``parse_san`` (the core's SAN
reader by default) on native boards.

The default ``read_game(handle)`` reads with the core's record reader instead (much faster); this
module serves visitors, whose calls are Python anyway.
"""

from __future__ import annotations

import re
from typing import Any, List, Optional

from qipan._pgn_visitor import SKIP, BaseVisitor
from qipan._qipan import ChessBoard

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

__all__ = ["read_with_visitor", "TAG_LINE"]

# A tag line: `[Name "value"]`; the value is taken as it stands (no escapes resolved).
TAG_LINE = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$')

# The tokens of a line of moves; whatever matches none of them (move numbers, check signs,
# stray characters) is passed over.
_SAN = r"[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?"
_DROP = r"[PNBRQK]?@[a-h][1-8]"
_SPECIAL = r"--|Z0|0000|@@@@|O-O(?:-O)?|0-0(?:-0)?"
_MOVETEXT = re.compile(
    rf"(?:{_SAN}|{_DROP}|{_SPECIAL})"
    r"|\{.*|;.*|\$[0-9]+|\(|\)|\*|1-0|0-1|1/2-1/2|[?!]{1,2}",
    re.DOTALL,
)
_BRACES = re.compile(r"[;{}]")
_GLYPHS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def _skippable(line: str) -> bool:
    return line.startswith("%") or line.startswith(";")


def _start_board(headers: Any, visitor: BaseVisitor[Any]) -> Optional[Any]:
    """The start position the headers name, or ``None`` (after ``handle_error``) when their
    FEN does not read. A variant qipan does not play is reported and read as chess."""
    try:
        headers.variant()
    except ValueError as error:
        visitor.handle_error(error)
    try:
        return default_board(headers.get("FEN", STARTING_FEN), headers.is_chess960())
    except ValueError as error:
        visitor.handle_error(error)
        return None


def _skip_movetext(handle: Any, line: str) -> None:
    """Reads past the moves of a skipped game: to the first blank line outside a comment."""
    in_comment = False
    while line:
        if not in_comment:
            if line.isspace():
                return
            if line.startswith("%"):
                line = handle.readline()
                continue
        for match in _BRACES.finditer(line):
            token = match.group(0)
            if token == "{":
                in_comment = True
            elif token == ";" and not in_comment:
                break
            elif token == "}":
                in_comment = False
        line = handle.readline()


def _read_comment(handle: Any, token: str) -> "tuple[str, str]":
    """The text of a comment starting with ``token`` (``{`` to the end of its line), read on
    to its ``}``, and the rest of the line after it. One space after ``{`` and one before ``}``
    are the delimiters' padding."""
    rest = token[2:] if token.startswith("{ ") else token[1:]
    parts: List[str] = []
    while rest and "}" not in rest:
        parts.append(rest)
        rest = handle.readline()
    if rest:
        close = rest.index("}")
        end = close - 1 if close > 0 and rest[close - 1] == " " else close
        parts.append(rest[:end])
        rest = rest[close + 1 :]
    return "".join(parts), rest


def read_with_visitor(handle: Any, visitor: BaseVisitor[Any], headers_class: Any) -> Any:
    """Reads the next game of ``handle`` into ``visitor``; its result, or ``None`` at the end
    of the text. ``headers_class`` makes the headers a visitor does not keep itself."""
    line = handle.readline().lstrip("\ufeff")
    while line.isspace() or _skippable(line):
        line = handle.readline()

    started = skipping = False
    headers: Any = None
    own_headers = True
    blank_lines = 0
    while line:
        if _skippable(line):
            line = handle.readline()
            continue
        if blank_lines < 1 and line.isspace():  # one blank line may stand between tags
            blank_lines += 1
            line = handle.readline()
            continue
        if not started:
            started = True
            skipping = visitor.begin_game() is SKIP
            if not skipping:
                headers = visitor.begin_headers()
                own_headers = isinstance(headers, headers_class)
                if not own_headers:
                    headers = headers_class({})
        if not line.startswith("["):
            break
        blank_lines = 0
        if not skipping:
            tag = TAG_LINE.match(line)
            if tag:
                visitor.visit_header(tag.group(1), tag.group(2))
                if not own_headers:
                    headers[tag.group(1)] = tag.group(2)
        line = handle.readline()

    if not started:
        return None
    if not skipping:
        skipping = visitor.end_headers() is SKIP
    if not skipping:
        board = _start_board(headers, visitor)
        skipping = board is None
    if skipping:
        _skip_movetext(handle, line)
        visitor.end_game()
        return visitor.result()

    visitor.visit_board(board)
    _read_movetext(handle, line, visitor, board)
    visitor.end_game()
    return visitor.result()


def _read_movetext(handle: Any, line: str, visitor: BaseVisitor[Any], board: Any) -> None:
    boards = [board]  # the position of each open variation, the main line's first
    skip_depth = 0  # > 0 inside a skipped variation (or the rest of a line with an error)
    fresh_line = True
    while line:
        if fresh_line:
            if _skippable(line):
                line = handle.readline()
                continue
            if line.isspace():
                return
        fresh_line = True
        for match in _MOVETEXT.finditer(line):
            token = match.group(0)
            first = token[0]
            if first == "{":
                comment, line = _read_comment(handle, token)
                if not skip_depth:
                    visitor.visit_comment(comment)
                fresh_line = False  # go on with the rest of the line
                break
            if token == "(":
                if skip_depth:
                    skip_depth += 1
                elif boards[-1].move_stack:
                    if visitor.begin_variation() is SKIP:
                        skip_depth = 1
                    else:
                        variation = boards[-1].copy()
                        variation.pop()
                        boards.append(variation)
            elif token == ")":
                if skip_depth == 1:
                    skip_depth = 0
                    visitor.end_variation()
                elif skip_depth:
                    skip_depth -= 1
                elif len(boards) > 1:
                    visitor.end_variation()
                    boards.pop()
            elif skip_depth:
                continue
            elif first == ";":
                break
            elif first == "$":
                visitor.visit_nag(int(token[1:]))
            elif token in _GLYPHS:
                visitor.visit_nag(_GLYPHS[token])
            elif token in _RESULTS and len(boards) == 1:
                visitor.visit_result(token)
            else:
                current = boards[-1]
                if visitor.begin_parse_san(current, token) is not SKIP:
                    try:
                        move = visitor.parse_san(current, token)
                    except ValueError as error:
                        visitor.handle_error(error)
                        skip_depth = 1
                    else:
                        visitor.visit_move(current, move)
                        current.push(move)
                visitor.visit_board(current)
        if fresh_line:
            line = handle.readline()


def default_board(fen: str, chess960: bool) -> Any:
    """python-chess's start board for a game's tags: Chess960 castling when the tags say
    Chess960 or when the castling rights need it."""
    try:
        return ChessBoard(fen, chess960=chess960)
    except ValueError:
        if chess960:
            raise
        board = ChessBoard(fen, chess960=True)
        return board
