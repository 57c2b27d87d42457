"""python-chess's ``BaseBoard``: pieces on squares, without side to move, castling rights, en
passant square or clocks. It holds a ``ChessBoard`` that never plays a move; every answer
(attacks, pins, FEN text, pictures) is that board's, that is the native core's."""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Optional

from qipan import STARTING_BOARD_FEN, ChessBoard, Piece

_DELEGATED = (
    "piece_at",
    "piece_type_at",
    "color_at",
    "piece_map",
    "pieces",
    "king",
    "attacks",
    "attackers",
    "is_attacked_by",
    "pin",
    "is_pinned",
    "promoted",
    "occupied",
    "occupied_co",
    "pawns",
    "knights",
    "bishops",
    "rooks",
    "queens",
    "kings",
    "_repr_svg_",
)


class BaseBoard:
    """A board of pieces: ``BaseBoard(board_fen=STARTING_BOARD_FEN)``, empty with ``None``."""

    def __init__(self, board_fen: Optional[str] = STARTING_BOARD_FEN) -> None:
        self._board = ChessBoard()
        self._board.clear()
        if board_fen is not None:
            self._board.set_board_fen(board_fen)

    @classmethod
    def empty(cls) -> BaseBoard:
        """A board without pieces."""
        return cls(None)

    def __getattr__(self, name: str) -> Any:
        if name in _DELEGATED:
            return getattr(self._board, name)
        raise AttributeError(f"'BaseBoard' object has no attribute {name!r}")

    def set_board_fen(self, fen: str) -> None:
        self._board.set_board_fen(fen)

    def set_piece_at(self, square: int, piece: Optional[Piece], promoted: bool = False) -> None:
        self._board.set_piece_at(square, piece, promoted)

    def remove_piece_at(self, square: int) -> Optional[Piece]:
        return self._board.remove_piece_at(square)

    def clear_board(self) -> None:
        self._board.clear_board()

    def reset_board(self) -> None:
        self._board.set_board_fen(STARTING_BOARD_FEN)

    def set_piece_map(self, pieces: Mapping[int, Piece]) -> None:
        """Replaces every piece with those of ``pieces`` (square -> piece)."""
        self._board.clear_board()
        for square, piece in pieces.items():
            self._board.set_piece_at(square, piece)

    def copy(self) -> BaseBoard:
        return type(self)(self._board.board_fen(promoted=True))

    def __copy__(self) -> BaseBoard:
        return self.copy()

    def mirror(self) -> BaseBoard:
        """The board seen from the other side: ranks flipped, colours swapped."""
        return type(self)(self._board.mirror().board_fen())

    def apply_mirror(self) -> None:
        self._board.set_board_fen(self._board.mirror().board_fen())

    def transform(self, f: Callable[[int], int]) -> BaseBoard:
        """A copy with ``f`` applied to each square set (``chess.flip_vertical``, ...)."""
        board = self.copy()
        board.apply_transform(f)
        return board

    def apply_transform(self, f: Callable[[int], int]) -> None:
        # The held board transforms its pieces; only they are kept (a BaseBoard has no castling
        # rights or en passant square).
        self._board.set_board_fen(self._board.transform(f).board_fen(promoted=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BaseBoard):
            return self.board_fen() == other.board_fen()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return str(self._board)

    def __repr__(self) -> str:
        return f"BaseBoard({self._board.board_fen()!r})"

    def board_fen(self, *, promoted: Optional[bool] = False) -> str:
        return self._board.board_fen(promoted=promoted)

    def piece_map(self) -> Dict[int, Piece]:
        return self._board.piece_map()
