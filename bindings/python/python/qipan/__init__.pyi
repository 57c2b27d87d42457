"""qipan: fast rules of chess and Xiangqi (Chinese chess), written in Rust."""

import os
import enum
from typing import Any, Callable, Protocol, overload, Dict, Iterable, Iterator, List, Literal, Optional, Sequence, TypedDict, Union, final
import qipan.pgn

from qipan import rating as rating
from qipan import svg as svg

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
    "A1",
    "B1",
    "C1",
    "D1",
    "E1",
    "F1",
    "G1",
    "H1",
    "A2",
    "B2",
    "C2",
    "D2",
    "E2",
    "F2",
    "G2",
    "H2",
    "A3",
    "B3",
    "C3",
    "D3",
    "E3",
    "F3",
    "G3",
    "H3",
    "A4",
    "B4",
    "C4",
    "D4",
    "E4",
    "F4",
    "G4",
    "H4",
    "A5",
    "B5",
    "C5",
    "D5",
    "E5",
    "F5",
    "G5",
    "H5",
    "A6",
    "B6",
    "C6",
    "D6",
    "E6",
    "F6",
    "G6",
    "H6",
    "A7",
    "B7",
    "C7",
    "D7",
    "E7",
    "F7",
    "G7",
    "H7",
    "A8",
    "B8",
    "C8",
    "D8",
    "E8",
    "F8",
    "G8",
    "H8",
    "rating",
    "read_games",
    "iter_games",
    "svg",
    "replay_pgn",
    "replay_pgn_range",
    "ReplayError",
    "ReplaySummary",
]

__version__: str

_ColorLike = Union[str, bool]
"""A colour: ``"white"``, ``"red"``, ``"black"`` (or ``"w"``, ``"r"``, ``"b"``), or a bool
(``True`` for White / Red) as in python-chess."""

# --- python-chess names -------------------------------------------------------------

Color = bool
PieceType = int
Square = int

WHITE: Literal[True]
BLACK: Literal[False]
RED: Literal[True]
COLORS: List[bool]
COLOR_NAMES: List[str]
PAWN: Literal[1]
KNIGHT: Literal[2]
BISHOP: Literal[3]
ROOK: Literal[4]
QUEEN: Literal[5]
KING: Literal[6]
PIECE_TYPES: List[int]
PIECE_SYMBOLS: List[Optional[str]]
PIECE_NAMES: List[Optional[str]]
GENERAL: Literal[1]
ADVISOR: Literal[2]
ELEPHANT: Literal[3]
HORSE: Literal[4]
CHARIOT: Literal[5]
CANNON: Literal[6]
SOLDIER: Literal[7]
XIANGQI_PIECE_TYPES: List[int]
XIANGQI_SQUARE_NAMES: List[str]
XIANGQI_SQUARES: List[int]
FILE_NAMES: List[str]
RANK_NAMES: List[str]
SQUARES: List[int]
SQUARE_NAMES: List[str]
A1: int
B1: int
C1: int
D1: int
E1: int
F1: int
G1: int
H1: int
A2: int
B2: int
C2: int
D2: int
E2: int
F2: int
G2: int
H2: int
A3: int
B3: int
C3: int
D3: int
E3: int
F3: int
G3: int
H3: int
A4: int
B4: int
C4: int
D4: int
E4: int
F4: int
G4: int
H4: int
A5: int
B5: int
C5: int
D5: int
E5: int
F5: int
G5: int
H5: int
A6: int
B6: int
C6: int
D6: int
E6: int
F6: int
G6: int
H6: int
A7: int
B7: int
C7: int
D7: int
E7: int
F7: int
G7: int
H7: int
A8: int
B8: int
C8: int
D8: int
E8: int
F8: int
G8: int
H8: int

def square(file_index: int, rank_index: int) -> int:
    """The square on file ``file_index`` (0 = a) and rank ``rank_index`` (0 = rank 1)."""

def square_name(square: int) -> str:
    """The name of ``square``: ``square_name(E4) == "e4"``."""

def parse_square(name: str) -> int:
    """The square called ``name`` (``"e4"``); ``ValueError`` for any other text."""

def square_file(square: int) -> int:
    """The file of ``square``: 0 (a) to 7 (h)."""

def square_rank(square: int) -> int:
    """The rank of ``square``: 0 (rank 1) to 7 (rank 8)."""

class Termination(enum.Enum):
    """Why a game ended: python-chess's names and qipan's own; each value is the lower-case name."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    SEVENTYFIVE_MOVES = "seventyfive_moves"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    FIFTY_MOVES = "fifty_moves"
    THREEFOLD_REPETITION = "threefold_repetition"
    PERPETUAL_CHECK = "perpetual_check"
    PERPETUAL_CHASE = "perpetual_chase"
    REPETITION = "repetition"
    MOVE_LIMIT = "move_limit"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    TIMEOUT = "timeout"
    VARIANT_WIN = "variant_win"
    VARIANT_LOSS = "variant_loss"
    VARIANT_DRAW = "variant_draw"
    DEAD_POSITION = "dead_position"
    TABLEBASE = "tablebase"

_TerminationLike = Union[Termination, str]

@final
class Piece:
    """A chess piece: ``piece_type`` (1 pawn to 6 king) and ``color`` (``True`` for White)."""

    def __new__(cls, piece_type: int, color: _ColorLike) -> Piece: ...
    @staticmethod
    def from_symbol(symbol: str) -> Piece:
        """The piece of a FEN letter (``"P"``, ``"n"``)."""
    @property
    def piece_type(self) -> int: ...
    @property
    def color(self) -> bool: ...
    def symbol(self) -> str: ...
    def unicode_symbol(self, *, invert_color: bool = False) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class XiangqiPiece:
    """A Xiangqi piece: ``piece_type`` 1 (``GENERAL``) to 7 (``SOLDIER``), ``color`` ``True`` for
    Red."""

    def __new__(cls, piece_type: int, color: _ColorLike) -> XiangqiPiece: ...
    @staticmethod
    def from_symbol(symbol: str) -> XiangqiPiece:
        """The piece of a FEN letter (``"K"``, ``"a"``, ``"N"``, ``"c"``; Red upper case)."""
    @property
    def piece_type(self) -> int: ...
    @property
    def color(self) -> bool: ...
    def symbol(self) -> str: ...
    def unicode_symbol(self) -> str:
        """The Chinese character (``帅``, ``将``, ``车``...)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

class _UciMove(Protocol):
    """Any move with coordinates, such as python-chess's ``chess.Move``."""

    def uci(self) -> str: ...

_MoveLike = Union["Move", _UciMove]

class _ChessPiece(Protocol):
    """A piece with python-chess's ``piece_type`` and ``color`` (a ``chess.Piece``)."""

    @property
    def piece_type(self) -> int: ...
    @property
    def color(self) -> bool: ...

_PieceLike = Union["Piece", _ChessPiece]

@final
class LegalMoves:
    """The legal moves of the position a board had when ``board.legal_moves`` was read."""

    def count(self) -> int: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object, /) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...

@final
class SquareSet:
    """A set of chess squares as python-chess's: a 64-bit mask, a1 the lowest bit; or, with
    ``xiangqi=True`` (what a ``XiangqiBoard`` returns), of the 90 points of a Xiangqi board, a0
    the lowest bit (``rank * 9 + file``)."""

    def __new__(
        cls, squares: Union[int, SquareSet, Iterable[int], None] = None, xiangqi: bool = False
    ) -> SquareSet: ...
    @property
    def mask(self) -> int: ...
    @property
    def xiangqi(self) -> bool: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __contains__(self, square: object, /) -> bool: ...
    def __iter__(self) -> Iterator[int]: ...
    def __reversed__(self) -> Iterator[int]: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def __and__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __rand__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __or__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __ror__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __xor__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __rxor__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __sub__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __rsub__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __invert__(self) -> SquareSet: ...
    def issubset(self, other: _SquareSetLike) -> bool: ...
    def issuperset(self, other: _SquareSetLike) -> bool: ...
    def isdisjoint(self, other: _SquareSetLike) -> bool: ...
    def tolist(self) -> list[bool]: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    # python-chess's mutable set operations (qipan.chess)
    @classmethod
    def from_square(cls, square: int) -> SquareSet: ...
    @staticmethod
    def between(a: int, b: int) -> SquareSet: ...
    @staticmethod
    def ray(a: int, b: int) -> SquareSet: ...
    def mirror(self) -> SquareSet: ...
    def carry_rippler(self) -> CarryRippler: ...
    def copy(self) -> SquareSet: ...
    def union(self, *others: _SquareSetLike) -> SquareSet: ...
    def intersection(self, *others: _SquareSetLike) -> SquareSet: ...
    def difference(self, *others: _SquareSetLike) -> SquareSet: ...
    def symmetric_difference(self, other: _SquareSetLike) -> SquareSet: ...
    def update(self, *others: _SquareSetLike) -> None: ...
    def intersection_update(self, *others: _SquareSetLike) -> None: ...
    def difference_update(self, other: _SquareSetLike) -> None: ...
    def symmetric_difference_update(self, other: _SquareSetLike) -> None: ...
    def __ior__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __iand__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __ixor__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __isub__(self, other: _SquareSetLike, /) -> SquareSet: ...
    def __lshift__(self, shift: int, /) -> SquareSet: ...
    def __rshift__(self, shift: int, /) -> SquareSet: ...
    def __rlshift__(self, value: Any, /) -> Any: ...
    def __rrshift__(self, value: Any, /) -> Any: ...
    def __ilshift__(self, shift: int, /) -> SquareSet: ...
    def __irshift__(self, shift: int, /) -> SquareSet: ...
    def add(self, square: int) -> None: ...
    def discard(self, square: int) -> None: ...
    def remove(self, square: int) -> None: ...
    def pop(self) -> int: ...
    def clear(self) -> None: ...

@final
class CarryRippler:
    """The subsets of a square set, lazily (``SquareSet.carry_rippler()``)."""

    def __iter__(self) -> CarryRippler: ...
    def __next__(self) -> int: ...

@final
class PseudoLegalMoveGenerator:
    """python-chess's ``board.pseudo_legal_moves``: a live view of the pseudo-legal moves."""

    def count(self) -> int: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object, /) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...

_SquareSetLike = Union[int, SquareSet, Iterable[int]]

# --- end of python-chess names ------------------------------------------------------------------

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

    @overload
    def __new__(cls, uci: str, game_name: Optional[str] = None, /) -> Move: ...
    @overload
    def __new__(cls, uci: str, /, *, game: Optional[str] = None) -> Move: ...
    @overload
    def __new__(
        cls, from_square: int, to_square: int, promotion_type: Optional[int] = None, /
    ) -> Move: ...
    @overload
    def __new__(
        cls, from_square: int, to_square: int, /, *, promotion: Optional[int] = None,
        drop: Optional[int] = None,
    ) -> Move:
        """python-chess's ``Move(from_square, to_square, promotion=None, drop=None)`` (chess
        squares 0-63; a drop goes from and to its square)."""
    @staticmethod
    def from_uci(uci: str, game: Optional[str] = None) -> Move:
        """The move with coordinates ``uci`` (UCI for chess, ICCS for Xiangqi)."""
    @staticmethod
    def null() -> Move:
        """The null move (``"0000"``, a pass), falsy as in python-chess."""
    def __bool__(self) -> bool: ...
    def uci(self) -> str:
        """The move in coordinate notation: UCI for chess, ICCS for Xiangqi."""
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def promotion(self) -> Optional[int]: ...
    @property
    def drop(self) -> Optional[int]:
        """The piece type a drop (``P@e4``) puts down, else ``None``."""
    @property
    def game(self) -> Optional[Literal["chess", "xiangqi"]]:
        """The game the move belongs to, or ``None`` when not known."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any, /) -> Move: ...
    def xboard(self) -> str:
        """The move in XBoard notation: coordinates, ``@@@@`` for the null move."""

@final
class Outcome:
    """How a game ended."""

    def __new__(
        cls, termination: _TerminationLike, winner: Optional[_ColorLike] = None
    ) -> Outcome: ...
    @property
    def termination(self) -> Termination:
        """Why the game ended."""
    @property
    def winner(self) -> Optional[bool]:
        """``True`` (White / Red), ``False`` (Black), or ``None`` for a draw."""
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

class _Board:
    """What both boards share (not a runtime class)."""

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the current position."""
    @property
    def turn(self) -> bool:
        """``True`` for White (Red), ``False`` for Black."""
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    @property
    def move_stack(self) -> list[Move]:
        """The moves played, oldest first."""
    @property
    def rules(self) -> str:
        """The name of the rule set in force."""
    def is_legal(self, move: _MoveLike) -> bool: ...
    def push(self, move: _MoveLike) -> None:
        """Plays ``move``; a move that is not legal raises ``IllegalMoveError`` and changes
        nothing (a chess board plays a pseudo-legal one, as python-chess's)."""
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
    def cannot_win_proof(self, color: _ColorLike) -> Optional[str]:
        """The kind of proof behind ``can_win(color) is False``: ``"material"``,
        ``"game_over"``, ``"blocked_structure"`` or ``"exhausted_search"``; ``None`` otherwise."""
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
    def _svg(
        self,
        lastmove: Optional[tuple[int, int]],
        check: Optional[int],
        arrows: list[tuple[int, int, str]],
        fill: list[tuple[int, str]],
        flipped: bool,
        size: Optional[int],
        coordinates: bool,
    ) -> str: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[Any, ...]) -> None: ...

@final
class ChessBoard(_Board):
    """A chess game, from ``fen`` or the start position; ``rules`` is ``"fide"`` (the default)
    or ``"chess960"`` (the same as ``chess960=True``)."""

    def __new__(
        cls, fen: Optional[str] = ..., chess960: bool = False, rules: Optional[str] = None
    ) -> ChessBoard:
        """``fen`` defaults to the start position; ``None`` is the empty board."""
    def fen(  # type: ignore[override]
        self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None
    ) -> str:
        """The FEN: Shredder-FEN castling with ``shredder``; the en passant square when a capture
        there is legal (``"legal"``), pseudo-legal (``"xfen"``) or always (``"fen"``)."""
    def unicode(
        self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "\u2b58",
        orientation: bool = True,
    ) -> str:
        """The board in Unicode chess symbols, as python-chess draws it."""
    def set_castling_fen(self, castling_fen: str) -> None:
        """Sets the castling rights from a FEN castling field; the moves are forgotten."""
    def has_chess960_castling_rights(self) -> bool:
        """Whether a castling right only Chess960 has is held."""
    @staticmethod
    def from_chess960_pos(n: int) -> ChessBoard:
        """The Chess960 start position number ``n`` (0-959, Scharnagl; 518 is standard)."""
    @property
    def chess960(self) -> bool:
        """Whether castling follows Chess960 rules (UCI castling written king-takes-rook)."""
    @chess960.setter
    def chess960(self, value: bool) -> None: ...
    def chess960_pos(self) -> Optional[int]:
        """The Scharnagl number of the position if it is a Chess960 start position, else None."""
    def copy(self, stack: bool = True) -> ChessBoard: ...
    def __copy__(self) -> ChessBoard: ...
    def __deepcopy__(self, memo: Any) -> ChessBoard: ...
    def san(self, move: _MoveLike) -> str:
        """``move`` in Standard Algebraic Notation."""
    def push_san(self, san: str) -> Move:
        """Plays a move in SAN and returns it."""
    def parse_san(self, san: str) -> Move: ...
    # --- inspection ---
    def piece_at(self, square: int) -> Optional[Piece]: ...
    def piece_type_at(self, square: int) -> Optional[int]: ...
    def color_at(self, square: int) -> Optional[bool]: ...
    def piece_map(self) -> Dict[int, Piece]: ...
    def pieces(self, piece_type: int, color: _ColorLike) -> SquareSet: ...
    def king(self, color: _ColorLike) -> Optional[int]: ...
    def attacks(self, square: int) -> SquareSet: ...
    def attackers(self, color: _ColorLike, square: int) -> SquareSet: ...
    def is_attacked_by(self, color: _ColorLike, square: int) -> bool: ...
    def checkers(self) -> SquareSet: ...
    def pin(self, color: _ColorLike, square: int) -> SquareSet: ...
    def is_pinned(self, color: _ColorLike, square: int) -> bool: ...
    def is_capture(self, move: _MoveLike) -> bool: ...
    def gives_check(self, move: _MoveLike) -> bool: ...
    def is_castling(self, move: _MoveLike) -> bool: ...
    def is_kingside_castling(self, move: _MoveLike) -> bool: ...
    def is_queenside_castling(self, move: _MoveLike) -> bool: ...
    def is_en_passant(self, move: _MoveLike) -> bool: ...
    def is_zeroing(self, move: _MoveLike) -> bool: ...
    def is_irreversible(self, move: _MoveLike) -> bool: ...
    def board_fen(self, *, promoted: Optional[bool] = False) -> str: ...
    def lan(self, move: _MoveLike) -> str: ...
    def variation_san(self, moves: Iterable[_MoveLike]) -> str: ...
    def is_repetition(self, count: int = 3) -> bool: ...
    def is_fivefold_repetition(self) -> bool: ...
    def is_seventyfive_moves(self) -> bool: ...
    def is_fifty_moves(self) -> bool: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def ep_square(self) -> Optional[int]: ...
    @ep_square.setter
    def ep_square(self, square: Optional[int]) -> None: ...
    @property
    def castling_rights(self) -> int: ...
    @castling_rights.setter
    def castling_rights(self, mask: int) -> None: ...
    def has_castling_rights(self, color: _ColorLike) -> bool: ...
    def has_kingside_castling_rights(self, color: _ColorLike) -> bool: ...
    def has_queenside_castling_rights(self, color: _ColorLike) -> bool: ...
    # --- setup: boards that fail validation are held; moves need a valid one ---
    @property
    def turn(self) -> bool:
        """``True`` for White, ``False`` for Black; settable."""
    @turn.setter
    def turn(self, turn: bool) -> None: ...
    def status(self) -> int:
        """``STATUS_*`` flags saying what makes the board unplayable; ``STATUS_VALID`` (0)."""
    def is_valid(self) -> bool: ...
    def set_fen(self, fen: str) -> None: ...
    def set_board_fen(self, fen: str) -> None: ...
    def set_piece_at(
        self, square: int, piece: Optional[_PieceLike], promoted: bool = False
    ) -> None: ...
    def remove_piece_at(self, square: int) -> Optional[Piece]: ...
    def clear(self) -> None: ...
    def clear_board(self) -> None: ...
    def reset(self) -> None: ...
    def clear_stack(self) -> None: ...
    def mirror(self) -> ChessBoard: ...
    def transform(self, f: Callable[[int], int]) -> ChessBoard: ...
    # --- python-chess's generation with masks, EPD, XBoard (qipan.chess) ---
    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator: ...
    def generate_pseudo_legal_moves(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def generate_pseudo_legal_captures(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def generate_pseudo_legal_ep(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def generate_legal_moves(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def generate_legal_captures(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def generate_legal_ep(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def generate_castling_moves(self, from_mask: Optional[int] = None, to_mask: Optional[int] = None) -> Iterator[Move]: ...
    def is_pseudo_legal(self, move: _MoveLike) -> bool: ...
    def has_legal_en_passant(self) -> bool: ...
    def has_pseudo_legal_en_passant(self) -> bool: ...
    @property
    def promoted(self) -> int:
        """The squares of the promoted pieces, a mask (python-chess's ``promoted``)."""
    @property
    def occupied(self) -> int: ...
    @property
    def occupied_co(self) -> list[int]: ...
    @property
    def pawns(self) -> int: ...
    @property
    def knights(self) -> int: ...
    @property
    def bishops(self) -> int: ...
    @property
    def rooks(self) -> int: ...
    @property
    def queens(self) -> int: ...
    @property
    def kings(self) -> int: ...
    @classmethod
    def empty(cls, *, chess960: bool = False) -> ChessBoard: ...
    def clean_castling_rights(self) -> int: ...
    def xboard(self, move: _MoveLike, chess960: Optional[bool] = None) -> str: ...
    def parse_xboard(self, xboard: str) -> Move: ...
    def push_xboard(self, xboard: str) -> Move: ...
    def find_move(self, from_square: int, to_square: int, promotion: Optional[int] = None) -> Move: ...
    def epd(
        self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None, **operations: Any
    ) -> str: ...
    def set_epd(self, epd: str) -> Dict[str, Any]: ...
    def shredder_fen(self) -> str: ...
    def set_chess960_pos(self, n: int) -> None: ...
    def apply_mirror(self) -> None: ...
    def apply_transform(self, f: Callable[[int], int]) -> None: ...
    @classmethod
    def from_epd(cls, epd: str, *, chess960: bool = False) -> tuple[ChessBoard, Dict[str, Any]]: ...

@final
class XiangqiBoard(_Board):
    """A Xiangqi game under ``rules`` ``"asian"`` (perpetual check and chase lose),
    ``"chinese"`` (CXA: a side attacking with every move of the cycle is at fault) or
    ``"simple"`` (every repetition is a draw); other names raise ``ValueError``."""

    def __new__(cls, fen: Optional[str] = None, rules: str = "asian") -> XiangqiBoard: ...
    def copy(self, stack: bool = True) -> XiangqiBoard: ...
    def __copy__(self) -> XiangqiBoard: ...
    def __deepcopy__(self, memo: Any) -> XiangqiBoard: ...
    def wxf(self, move: _MoveLike) -> str:
        """``move`` in WXF notation (``"C2.5"``)."""
    def push_wxf(self, wxf: str) -> Move: ...
    def parse_wxf(self, wxf: str) -> Move: ...
    # --- inspection and set-up; squares 0 (a0) to 89 (i9), rank * 9 + file ---
    @property
    def turn(self) -> bool:
        """``True`` for Red, ``False`` for Black; settable."""
    @turn.setter
    def turn(self, turn: bool) -> None: ...
    def piece_at(self, square: int) -> Optional[XiangqiPiece]: ...
    def piece_map(self) -> Dict[int, XiangqiPiece]: ...
    def pieces(self, piece_type: int, color: _ColorLike) -> SquareSet: ...
    def king(self, color: _ColorLike) -> Optional[int]: ...
    def attackers(self, color: _ColorLike, square: int) -> SquareSet: ...
    def is_attacked_by(self, color: _ColorLike, square: int) -> bool: ...
    def checkers(self) -> SquareSet: ...
    def is_capture(self, move: _MoveLike) -> bool: ...
    def gives_check(self, move: _MoveLike) -> bool: ...
    def board_fen(self) -> str: ...
    def is_valid(self) -> bool: ...
    def set_piece_at(self, square: int, piece: Optional[XiangqiPiece]) -> None: ...
    def remove_piece_at(self, square: int) -> Optional[XiangqiPiece]: ...
    def clear(self) -> None: ...
    def chinese(self, move: _MoveLike, traditional: bool = False) -> str:
        """``move`` in Chinese notation (``"炮二平五"``); traditional characters on request."""
    def push_chinese(self, text: str) -> Move: ...
    def parse_chinese(self, text: str) -> Move: ...

STATUS_VALID: int
STATUS_NO_WHITE_KING: int
STATUS_NO_BLACK_KING: int
STATUS_TOO_MANY_KINGS: int
STATUS_TOO_MANY_WHITE_PAWNS: int
STATUS_TOO_MANY_BLACK_PAWNS: int
STATUS_PAWNS_ON_BACKRANK: int
STATUS_TOO_MANY_WHITE_PIECES: int
STATUS_TOO_MANY_BLACK_PIECES: int
STATUS_BAD_CASTLING_RIGHTS: int
STATUS_INVALID_EP_SQUARE: int
STATUS_OPPOSITE_CHECK: int
STATUS_EMPTY: int
STATUS_RACE_CHECK: int
STATUS_RACE_OVER: int
STATUS_RACE_MATERIAL: int
STATUS_TOO_MANY_CHECKERS: int
STATUS_IMPOSSIBLE_CHECK: int
Board = ChessBoard
STARTING_FEN: str
STARTING_BOARD_FEN: str

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

def read_games(source: Union[str, bytes, bytearray, memoryview, "os.PathLike[str]"]) -> List["qipan.pgn.Game"]: ...
def iter_games(source: Union[str, bytes, bytearray, memoryview, "os.PathLike[str]"]) -> Iterator["qipan.pgn.Game"]: ...
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
