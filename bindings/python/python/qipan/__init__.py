"""qipan: fast rules of chess and Xiangqi (Chinese chess), written in Rust.

>>> import qipan
>>> board = qipan.ChessBoard()
>>> for san in ["f3", "e5", "g4", "Qh4#"]:
...     _ = board.push_san(san)
>>> board.outcome()
Outcome(termination='checkmate', winner='black')
"""

import os
from typing import Dict, Iterator, Optional, Sequence, TypedDict, Union

from qipan import _qipan
from qipan._qipan import (
    AmbiguousMoveError,
    ChessBoard,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Outcome,
    XiangqiBoard,
    __version__,
)
from qipan import rating

__all__ = [
    "AmbiguousMoveError",
    "ChessBoard",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "XiangqiBoard",
    "__version__",
    "rating",
    "replay_pgn",
    "replay_pgn_range",
    "ReplayError",
    "ReplaySummary",
]


class ReplayError(TypedDict):
    """The first error of a game in a :class:`ReplaySummary`."""

    index: int
    ply: Optional[int]
    line: int
    move: Optional[str]
    message: str
    kind: str


class ReplaySummary(TypedDict):
    """What :func:`replay_pgn` and :func:`replay_pgn_range` yield for each game."""

    index: int
    line: int
    offset: int
    variant: str
    tags: Dict[str, Optional[str]]
    plies: int
    fen: str
    termination: Optional[str]
    winner: Optional[str]
    result: Optional[str]
    first_move: Optional[str]
    error: Optional[ReplayError]


_DEFAULT_TAGS = ("White", "Black", "Result")


def _is_path(source: Union[str, bytes, "os.PathLike[str]"]) -> bool:
    if isinstance(source, os.PathLike):
        return True
    if isinstance(source, str):
        return "\n" not in source and os.path.isfile(source)
    return False


def replay_pgn(
    source: Union[str, bytes, "os.PathLike[str]"],
    tags: Sequence[str] = _DEFAULT_TAGS,
    jobs: Optional[int] = None,
) -> Iterator[ReplaySummary]:
    r"""Replays every game of a PGN source on all cores; yields one summary dict per game, in order.

    ``source`` is a path when it is an ``os.PathLike``, or a ``str`` without a newline that names
    an existing file; any other ``str`` (and ``bytes``) is PGN text. Games are detected as chess,
    Chess960 or Xiangqi from their tags. ``jobs``: replay threads (``None``: one per core; ``1``:
    the calling thread only). The GIL is released while games are replayed.

    >>> games = list(replay_pgn('[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'))
    >>> games[0]["termination"], games[0]["winner"], games[0]["error"]
    ('checkmate', 'black', None)
    """
    tags = list(tags)
    if _is_path(source):
        return _qipan._replay_pgn_path(os.fspath(source), tags, jobs)  # type: ignore[arg-type]
    text = source.encode() if isinstance(source, str) else bytes(source)  # type: ignore[arg-type]
    return _qipan._replay_pgn_text(text, tags, jobs)  # type: ignore[no-any-return]


def replay_pgn_range(
    path: Union[str, "os.PathLike[str]"],
    start: int,
    end: int,
    tags: Sequence[str] = _DEFAULT_TAGS,
    jobs: Optional[int] = None,
) -> Iterator[ReplaySummary]:
    """Replays the games of the file ``path`` that start in the byte range ``[start, end)``.

    Ranges that cut a file (``[0, c1), [c1, c2), ..., [cn, size)``) replay together exactly the
    games of :func:`replay_pgn` on the whole file. ``index`` counts from 1 within the range (add the
    game counts of the ranges before); ``offset`` and ``line`` are those in the file. See
    docs/bulk-replay.md for the exact contract.
    """
    return _qipan._replay_pgn_range(os.fspath(path), start, end, list(tags), jobs)  # type: ignore[no-any-return]
