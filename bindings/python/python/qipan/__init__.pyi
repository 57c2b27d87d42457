"""qipan: fast rules of chess and Xiangqi (Chinese chess), written in Rust."""

import os
from typing import Any, Dict, Iterator, Literal, Optional, Sequence, TypedDict, Union, final

from qipan import rating as rating

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

__version__: str

_ColorLike = Union[str, bool]
"""A colour: ``"white"``, ``"red"``, ``"black"`` (or ``"w"``, ``"r"``, ``"b"``), or a bool
(``True`` for White / Red) as in python-chess."""

_Termination = Literal[
    "checkmate",
    "stalemate",
    "insufficient_material",
    "seventyfive_moves",
    "fivefold_repetition",
    "fifty_moves",
    "threefold_repetition",
    "perpetual_check",
    "perpetual_chase",
    "repetition",
    "move_limit",
    "resignation",
    "agreement",
    "timeout",
    "dead_position",
]

class InvalidFenError(ValueError):
    """A FEN that does not describe a legal position."""

class InvalidMoveError(ValueError):
    """Text that is not a move in the notation asked for."""

class IllegalMoveError(ValueError):
    """A well-formed move that the position does not allow."""

class AmbiguousMoveError(ValueError):
    """Move text that fits several legal moves."""

@final
class Move:
    """A move of chess or Xiangqi, compared by its coordinates and game."""

    def __new__(cls, uci: str, game: Optional[str] = None) -> Move: ...
    @staticmethod
    def from_uci(uci: str, game: Optional[str] = None) -> Move:
        """The move with coordinates ``uci`` (UCI for chess, ICCS for Xiangqi)."""
    def uci(self) -> str:
        """The move in coordinate notation: UCI for chess, ICCS for Xiangqi."""
    @property
    def game(self) -> Optional[Literal["chess", "xiangqi"]]:
        """The game the move belongs to, or ``None`` when not known."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any, /) -> Move: ...

@final
class Outcome:
    """How a game ended."""

    def __new__(cls, termination: _Termination, winner: Optional[str] = None) -> Outcome: ...
    @property
    def termination(self) -> _Termination:
        """Why the game ended, in lower case."""
    @property
    def winner(self) -> Optional[Literal["white", "red", "black"]]:
        """The winner, or ``None`` for a draw."""
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

class _Board:
    """What both boards share (not a runtime class)."""

    @property
    def legal_moves(self) -> list[Move]:
        """The legal moves of the current position."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves played, oldest first."""
    @property
    def rules(self) -> str:
        """The name of the rule set in force."""
    def is_legal(self, move: Move) -> bool: ...
    def push(self, move: Move) -> None:
        """Plays ``move``; an illegal move raises ``IllegalMoveError`` and changes nothing."""
    def push_uci(self, uci: str) -> Move:
        """Plays a move in coordinate notation (UCI / ICCS) and returns it."""
    def parse_uci(self, uci: str) -> Move: ...
    def pop(self) -> Move:
        """Takes back the last move (``IndexError`` at the start)."""
    def peek(self) -> Move:
        """The last move played (``IndexError`` at the start)."""
    def ply(self) -> int: ...
    def fen(self) -> str: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def has_insufficient_material(self, color: _ColorLike) -> bool: ...
    def is_dead_position(self) -> bool:
        """Whether neither side can win by any sequence of legal moves, proven (chess: the
        unwinnability analysis; Xiangqi: the material test)."""
    def can_win(self, color: _ColorLike) -> Optional[bool]:
        """``True`` (a mating line exists), ``False`` (proven impossible) or ``None``
        (undetermined within the analysis's bound)."""
    def helpmate(self, color: _ColorLike) -> Optional[list[Move]]:
        """Legal moves of both sides ending in ``color``'s checkmate, or ``None``."""
    def can_claim_threefold_repetition(self) -> bool: ...
    def can_claim_fifty_moves(self) -> bool: ...
    def can_claim_draw(self) -> bool: ...
    def is_game_over(self, claim_draw: bool = False) -> bool: ...
    def outcome(self, claim_draw: bool = False) -> Optional[Outcome]: ...
    def result(self, claim_draw: bool = False) -> Literal["1-0", "0-1", "1/2-1/2", "*"]: ...
    def resign(self, color: _ColorLike) -> bool: ...
    def agree_draw(self) -> bool: ...
    def flag(self, color: _ColorLike) -> bool:
        """``color`` runs out of time: a loss, or a draw when the opponent cannot win."""
    def perft(self, depth: int, threads: int = 1) -> int:
        """Leaf nodes ``depth`` plies below the current position (releases the GIL)."""
    def _repr_svg_(self) -> str: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[Any, ...]) -> None: ...

@final
class ChessBoard(_Board):
    """A chess game (FIDE rules), from ``fen`` or the start position."""

    def __new__(cls, fen: Optional[str] = None, chess960: bool = False) -> ChessBoard: ...
    @staticmethod
    def from_chess960_pos(n: int) -> ChessBoard:
        """The Chess960 start position number ``n`` (0-959, Scharnagl; 518 is standard)."""
    @property
    def chess960(self) -> bool:
        """Whether castling follows Chess960 rules (UCI castling written king-takes-rook)."""
    def chess960_pos(self) -> Optional[int]:
        """The Scharnagl number of the position if it is a Chess960 start position, else None."""
    @property
    def turn(self) -> Literal["white", "black"]: ...
    def copy(self, stack: bool = True) -> ChessBoard: ...
    def __copy__(self) -> ChessBoard: ...
    def __deepcopy__(self, memo: Any) -> ChessBoard: ...
    def san(self, move: Move) -> str:
        """``move`` in Standard Algebraic Notation."""
    def push_san(self, san: str) -> Move:
        """Plays a move in SAN and returns it."""
    def parse_san(self, san: str) -> Move: ...

@final
class XiangqiBoard(_Board):
    """A Xiangqi game under ``rules`` ``"asian"`` (perpetual check and chase lose) or
    ``"simple"`` (every repetition is a draw); other names raise ``ValueError``."""

    def __new__(cls, fen: Optional[str] = None, rules: str = "asian") -> XiangqiBoard: ...
    @property
    def turn(self) -> Literal["red", "black"]: ...
    def copy(self, stack: bool = True) -> XiangqiBoard: ...
    def __copy__(self) -> XiangqiBoard: ...
    def __deepcopy__(self, memo: Any) -> XiangqiBoard: ...
    def wxf(self, move: Move) -> str:
        """``move`` in WXF notation (``"C2.5"``)."""
    def push_wxf(self, wxf: str) -> Move: ...
    def parse_wxf(self, wxf: str) -> Move: ...
    def chinese(self, move: Move) -> str:
        """``move`` in Chinese notation (``"炮二平五"``)."""
    def push_chinese(self, text: str) -> Move: ...
    def parse_chinese(self, text: str) -> Move: ...


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

def replay_pgn(
    source: Union[str, bytes, os.PathLike[str]],
    tags: Sequence[str] = ...,
    jobs: Optional[int] = None,
) -> Iterator[ReplaySummary]:
    """Replays every game of a PGN source (a path, or PGN text) on all cores, in game order."""

def replay_pgn_range(
    path: Union[str, os.PathLike[str]],
    start: int,
    end: int,
    tags: Sequence[str] = ...,
    jobs: Optional[int] = None,
) -> Iterator[ReplaySummary]:
    """Replays the games of the file ``path`` that start in the byte range ``[start, end)``."""
