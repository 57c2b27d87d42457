"""python-chess's ``chess`` module surface on qipan: ``from qipan import chess`` (or
``import qipan.chess as chess``) and a python-chess program runs after changing its import.

Every rule is the native core's; this package only gathers python-chess's names, with the
bitboard constants and square helpers (facts of the board's geometry) in ``_bitboards``. The
submodules ``qipan.chess.pgn`` and ``qipan.chess.svg`` are python-chess's ``chess.pgn`` and
``chess.svg``.
"""

from typing import Any, Iterator, Optional

from qipan import *  # noqa: F401,F403  (python-chess's names live at qipan's top level too)
from qipan import __all__ as _qipan_all
from qipan import Color, PieceType, Square, LegalMoves, PIECE_SYMBOLS, PIECE_NAMES
from qipan.chess._bitboards import *  # noqa: F401,F403
from qipan.chess._baseboard import BaseBoard
from qipan.chess._bitboards import __all__ as _bitboards_all

from qipan import PseudoLegalMoveGenerator



class _LegalMovesType(type):
    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, LegalMoves) or type.__instancecheck__(cls, instance)


class LegalMoveGenerator(metaclass=_LegalMovesType):
    """python-chess's ``LegalMoveGenerator(board)``: the legal moves of any object with
    ``generate_legal_moves()`` and ``is_legal()``. ``board.legal_moves`` is the native
    ``qipan.LegalMoves``, which counts as an instance of this class."""

    def __init__(self, board: Any) -> None:
        self.board = board

    def __bool__(self) -> bool:
        return any(self.board.generate_legal_moves())

    def count(self) -> int:
        return sum(1 for _ in self)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.board.generate_legal_moves())

    def __contains__(self, move: Any) -> bool:
        return bool(self.board.is_legal(move))

    def __repr__(self) -> str:
        return f"<LegalMoveGenerator ({', '.join(str(move) for move in self)})>"

UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜",
    "N": "♘", "n": "♞",
    "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛",
    "K": "♔", "k": "♚",
    "P": "♙", "p": "♟",
}


def piece_symbol(piece_type: int) -> str:
    """The lower-case letter of ``piece_type`` (``"p"`` for PAWN ... ``"k"`` for KING)."""
    symbol: Optional[str] = PIECE_SYMBOLS[piece_type]
    if symbol is None:
        raise IndexError(f"no piece type {piece_type}")
    return symbol


def piece_name(piece_type: int) -> str:
    """The English name of ``piece_type`` (``"pawn"`` ... ``"king"``)."""
    name: Optional[str] = PIECE_NAMES[piece_type]
    if name is None:
        raise IndexError(f"no piece type {piece_type}")
    return name


__all__ = [name for name in _qipan_all if name not in ("rating", "svg", "read_games")] + [
    "Color",
    "PieceType",
    "Square",
    "LegalMoveGenerator",
    "BaseBoard",
    "PseudoLegalMoveGenerator",
    "UNICODE_PIECE_SYMBOLS",
    "piece_symbol",
    "piece_name",
    *_bitboards_all,
]
