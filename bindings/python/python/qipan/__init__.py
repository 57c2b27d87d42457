"""qipan: fast rules of chess and Xiangqi (Chinese chess), written in Rust.

>>> import qipan
>>> board = qipan.ChessBoard()
>>> for san in ["f3", "e5", "g4", "Qh4#"]:
...     _ = board.push_san(san)
>>> board.outcome()
Outcome(termination=<Termination.CHECKMATE: 'checkmate'>, winner=False)
"""

import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, TypedDict, Union

from qipan import _qipan
from qipan._qipan import (
    AmbiguousMoveError,
    ChessBoard,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    LegalMoves,
    Move,
    Outcome,
    Piece,
    SquareSet,
    Termination,
    XiangqiBoard,
    XiangqiPiece,
    __version__,
)
from qipan._qipan import CarryRippler, PseudoLegalMoveGenerator  # python-chess's shapes (qipan.chess)
from qipan import rating
from qipan import svg

# --- python-chess names: colours, piece types and squares as python-chess numbers
# them, so that a program written for python-chess runs after changing its import. These are
# facts of the notation (python-chess's numbering: a1 = 0, b1 = 1, ..., h8 = 63), not rules.

Color = bool
PieceType = int
Square = int

WHITE = True
BLACK = False
RED = True
"""Xiangqi's first side: ``XiangqiBoard.turn`` is ``RED`` (``True``) or ``BLACK``."""
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

# Xiangqi piece types (XiangqiPiece.piece_type) and squares: ICCS names, files a-i from Red's
# left, ranks 0-9 from Red's side; square = rank * 9 + file (a0 = 0, i0 = 8, a1 = 9, i9 = 89).
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
XIANGQI_PIECE_TYPES = [GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER]
XIANGQI_SQUARE_NAMES = [f + r for r in "0123456789" for f in "abcdefghi"]
XIANGQI_SQUARES = list(range(90))

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
SQUARES = list(range(64))
_SQUARE_CONSTANT_NAMES = [name.upper() for name in SQUARE_NAMES]
globals().update({name: index for index, name in enumerate(_SQUARE_CONSTANT_NAMES)})
_SQUARE_OF_NAME = {name: index for index, name in enumerate(SQUARE_NAMES)}


def square(file_index: int, rank_index: int) -> int:
    """The square on file ``file_index`` (0 = a) and rank ``rank_index`` (0 = rank 1)."""
    return rank_index * 8 + file_index


def square_name(square: int) -> str:
    """The name of ``square``: ``square_name(E4) == "e4"``."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """The square called ``name`` (``"e4"``); ``ValueError`` for any other text."""
    try:
        return _SQUARE_OF_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(f"not a square name: {name!r}"[:200]) from None


def square_file(square: int) -> int:
    """The file of ``square``: 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: int) -> int:
    """The rank of ``square``: 0 (rank 1) to 7 (rank 8)."""
    return square >> 3


# python-chess's status flags (``board.status()``), with its values.
STATUS_VALID = 0
STATUS_NO_WHITE_KING = 1
STATUS_NO_BLACK_KING = 2
STATUS_TOO_MANY_KINGS = 4
STATUS_TOO_MANY_WHITE_PAWNS = 8
STATUS_TOO_MANY_BLACK_PAWNS = 16
STATUS_PAWNS_ON_BACKRANK = 32
STATUS_TOO_MANY_WHITE_PIECES = 64
STATUS_TOO_MANY_BLACK_PIECES = 128
STATUS_BAD_CASTLING_RIGHTS = 256
STATUS_INVALID_EP_SQUARE = 512
STATUS_OPPOSITE_CHECK = 1024
STATUS_EMPTY = 2048
STATUS_RACE_CHECK = 4096
STATUS_RACE_OVER = 8192
STATUS_RACE_MATERIAL = 16384
STATUS_TOO_MANY_CHECKERS = 32768
STATUS_IMPOSSIBLE_CHECK = 65536

Board = ChessBoard
"""python-chess's name for a chess board: ``import qipan as chess; chess.Board()``."""
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

# --- end of python-chess names

__all__ = [
    "AmbiguousMoveError",
    "ChessBoard",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "XiangqiBoard",
    "XiangqiPiece",
    "__version__",
    # python-chess names
    "LegalMoves",
    "Piece",
    "SquareSet",
    "Termination",
    "Board",
    "STATUS_VALID",
    "STATUS_NO_WHITE_KING",
    "STATUS_NO_BLACK_KING",
    "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS",
    "STATUS_TOO_MANY_BLACK_PAWNS",
    "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES",
    "STATUS_TOO_MANY_BLACK_PIECES",
    "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE",
    "STATUS_OPPOSITE_CHECK",
    "STATUS_EMPTY",
    "STATUS_RACE_CHECK",
    "STATUS_RACE_OVER",
    "STATUS_RACE_MATERIAL",
    "STATUS_TOO_MANY_CHECKERS",
    "STATUS_IMPOSSIBLE_CHECK",
    "STARTING_FEN",
    "STARTING_BOARD_FEN",
    "WHITE",
    "BLACK",
    "RED",
    "COLORS",
    "COLOR_NAMES",
    "PAWN",
    "KNIGHT",
    "BISHOP",
    "ROOK",
    "QUEEN",
    "KING",
    "PIECE_TYPES",
    "PIECE_SYMBOLS",
    "PIECE_NAMES",
    "GENERAL",
    "ADVISOR",
    "ELEPHANT",
    "HORSE",
    "CHARIOT",
    "CANNON",
    "SOLDIER",
    "XIANGQI_PIECE_TYPES",
    "XIANGQI_SQUARE_NAMES",
    "XIANGQI_SQUARES",
    "FILE_NAMES",
    "RANK_NAMES",
    "SQUARES",
    "SQUARE_NAMES",
    "square",
    "square_name",
    "parse_square",
    "square_file",
    "square_rank",
    *_SQUARE_CONSTANT_NAMES,
    "rating",
    "read_games",
    "iter_games",
    "svg",
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


def read_games(source: Union[str, bytes, "os.PathLike[str]"]) -> "List[Any]":
    """Every game of a record file as :class:`qipan.pgn.Game` trees, of any format qipan reads:
    PGN and the Xiangqi archives XQF, CBR, CBL and DhtmlXQ, told from the bytes (see
    :func:`qipan.pgn.read_games`)."""
    from qipan import pgn

    return pgn.read_games(source)


def iter_games(source: Union[str, bytes, "os.PathLike[str]"]) -> "Iterator[Any]":
    """The games of a record file one at a time, as :func:`read_games` gives them, the file read
    once and a PGN file game by game (see :func:`qipan.pgn.iter_games`)."""
    from qipan import pgn

    return pgn.iter_games(source)
