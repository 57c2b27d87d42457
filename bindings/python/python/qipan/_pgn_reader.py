"""Reading one game of a PGN text handle into a visitor's calls (``read_game(handle,
Visitor=...)``). The text is read by the core's event reader (``qipan::pgn::EventReader``, bound
as ``_PgnEvents``), whose reading rules are python-chess's: the game ends at the first blank line
after its moves (the handle is never read past it), ``%`` lines are skipped, a tag line that does
not parse is ignored, text that is no token is passed over. What is left here is the visitor
protocol: which call each event becomes, and the boards the visitor sees (an illegal move goes to
``handle_error`` and the rest of its variation is skipped; a ``(`` before any move opens nothing).
Moves are read by the visitor's ``parse_san`` (the core's SAN reader by default).

The default ``read_game(handle)`` builds the tree with the core's record reader instead; this
module serves visitors, whose calls are Python anyway.
"""

from __future__ import annotations

from typing import Any, Optional

from qipan._pgn_visitor import SKIP, BaseVisitor
from qipan._qipan import ChessBoard, _PgnEvents

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

__all__ = ["read_with_visitor"]

# The kinds of the core's events (`_PgnEvents.next()`).
_BEGIN_GAME, _TAG, _END_HEADERS, _COMMENT, _NAG, _OPEN, _CLOSE, _MOVE, _RESULT, _END_GAME = range(10)


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


def _skip(events: Any, visitor: BaseVisitor[Any]) -> Any:
    events.skip_game()
    while events.next()[0] != _END_GAME:
        pass
    visitor.end_game()
    return visitor.result()


def read_with_visitor(handle: Any, visitor: BaseVisitor[Any], headers_class: Any) -> Any:
    """Reads the next game of ``handle`` into ``visitor``; its result, or ``None`` at the end
    of the text. ``headers_class`` makes the headers a visitor does not keep itself."""
    events = _PgnEvents(handle)
    if events.next() is None:
        return None
    if visitor.begin_game() is SKIP:
        return _skip(events, visitor)
    headers = visitor.begin_headers()
    own_headers = isinstance(headers, headers_class)
    if not own_headers:
        headers = headers_class({})
    while True:
        kind, name, value = events.next()
        if kind != _TAG:
            break
        visitor.visit_header(name, value)
        if not own_headers:
            headers[name] = value
    if visitor.end_headers() is SKIP:
        return _skip(events, visitor)
    board = _start_board(headers, visitor)
    if board is None:
        return _skip(events, visitor)
    visitor.visit_board(board)
    _read_movetext(events, visitor, board)
    visitor.end_game()
    return visitor.result()


def _read_movetext(events: Any, visitor: BaseVisitor[Any], board: Any) -> None:
    boards = [board]  # the position of each open variation, the main line's first
    skip_depth = 0  # > 0 inside a skipped variation (or the rest of a line with an error)
    while True:
        kind, text, _ = events.next()
        if kind == _END_GAME:
            return
        if kind == _COMMENT:
            if not skip_depth:
                visitor.visit_comment(text)
        elif kind == _OPEN:
            if skip_depth:
                skip_depth += 1
            elif boards[-1].move_stack:
                if visitor.begin_variation() is SKIP:
                    skip_depth = 1
                else:
                    variation = boards[-1].copy()
                    variation.pop()
                    boards.append(variation)
        elif kind == _CLOSE:
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
        elif kind == _NAG:
            visitor.visit_nag(int(text))
        elif kind == _RESULT and len(boards) == 1:
            visitor.visit_result(text)
        else:  # a move, or a result marker inside a variation (read as a move)
            current = boards[-1]
            if visitor.begin_parse_san(current, text) is not SKIP:
                try:
                    move = visitor.parse_san(current, text)
                except ValueError as error:
                    visitor.handle_error(error)
                    skip_depth = 1
                else:
                    visitor.visit_move(current, move)
                    current.push(move)
            visitor.visit_board(current)


def default_board(fen: str, chess960: bool) -> Any:
    """python-chess's start board for a game's tags: Chess960 castling when the tags say
    Chess960 or when the castling rights need it."""
    board = ChessBoard(fen, chess960=chess960)
    if not chess960 and board.has_chess960_castling_rights():
        board = ChessBoard(fen, chess960=True)
    return board
