"""SVG pictures of boards, with python-chess's ``chess.svg.board`` as the model.

>>> import qipan, qipan.svg
>>> board = qipan.ChessBoard()
>>> move = board.push_san("e4")
>>> picture = qipan.svg.board(board, lastmove=move, arrows=[(qipan.E7, qipan.E5)])
>>> picture.startswith("<svg")
True

The drawing is the core's (``qipan::chess`` and ``qipan::xiangqi`` ``svg_with``); this module only
converts the arguments. Squares are the board's ints: chess ``0`` (a1) to ``63`` (h8), Xiangqi
``0`` (a0) to ``89`` (i9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional, Protocol, Tuple, Union

__all__ = ["Arrow", "board"]


_FILES = "abcdefgh"
_LETTERS = {"red": "R", "yellow": "Y", "blue": "B"}
_COLORS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}


def _square_name(square: int) -> str:
    if not 0 <= square < 64:
        raise IndexError(f"square {square} is not on the chess board")
    return _FILES[square % 8] + str(square // 8 + 1)


def _parse_square(name: str) -> int:
    if len(name) != 2 or name[0] not in _FILES or name[1] not in "12345678":
        raise ValueError(f"invalid square name: {name!r}")
    return _FILES.index(name[0]) + 8 * (int(name[1]) - 1)


@dataclass(frozen=True, repr=False)
class Arrow:
    """An arrow from ``tail`` to ``head`` (squares) in ``color`` (a CSS colour), as python-chess's
    ``chess.svg.Arrow``; a coloured square when ``tail == head``. ``pgn()`` and ``from_pgn()``
    write and read it as the ``[%cal ...]``/``[%csl ...]`` comment commands do (chess squares;
    a Xiangqi node's ``arrows()`` gives Xiangqi squares and writes them itself)."""

    tail: int
    head: int
    color: str = "green"

    def pgn(self) -> str:
        """The arrow as a comment command writes it, ``Ga1`` or ``Ya2h2``: the colours other
        than red, yellow and blue are green."""
        letter = _LETTERS.get(self.color, "G")
        if self.tail == self.head:
            return letter + _square_name(self.tail)
        return letter + _square_name(self.tail) + _square_name(self.head)

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        def name(square: int) -> str:
            return _square_name(square).upper() if 0 <= square < 64 else str(square)

        return f"Arrow({name(self.tail)}, {name(self.head)}, color={self.color!r})"

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """Reads ``Ga1`` or ``Ya2h2`` (the colour letter may be left out: green);
        ``ValueError`` when it is not an arrow."""
        color = _COLORS.get(pgn[:1])
        if color is not None:
            pgn = pgn[1:]
        tail = _parse_square(pgn[:2])
        head = _parse_square(pgn[2:]) if len(pgn) > 2 else tail
        return cls(tail, head, color=color or "green")


class _Squares(Protocol):
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    def __bool__(self) -> bool: ...


class _Drawable(Protocol):
    def _svg(
        self,
        lastmove: Optional[Tuple[int, int]],
        check: Optional[int],
        arrows: list[Tuple[int, int, str]],
        fill: list[Tuple[int, str]],
        flipped: bool,
        size: Optional[int],
        coordinates: bool,
    ) -> str: ...


def board(
    board: Optional[_Drawable] = None,
    *,
    orientation: bool = True,
    lastmove: Optional[_Squares] = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Mapping[int, str] = {},
    flipped: bool = False,
    size: Optional[int] = None,
    coordinates: bool = True,
) -> str:
    """The SVG picture of ``board`` (a ``ChessBoard`` or ``XiangqiBoard``; an empty chess board
    when ``None``): ``lastmove`` (a move) tinted, the king (general) on ``check`` marked, ``arrows`` (``Arrow`` objects or
    ``(tail, head)`` pairs), squares tinted by ``fill`` (``{square: colour}``), drawn from the
    second player's side when ``flipped`` or ``orientation`` is ``False`` (``qipan.BLACK``),
    ``size`` pixels wide, with or without ``coordinates``."""
    if board is None:  # python-chess's default: an empty chess board
        from qipan import ChessBoard

        board = ChessBoard.empty()
    last = (lastmove.from_square, lastmove.to_square) if lastmove else None
    drawn = []
    for item in arrows:
        if isinstance(item, Arrow):
            drawn.append((item.tail, item.head, item.color))
        else:
            tail, head = item
            drawn.append((tail, head, "green"))
    tinted = [(square, color) for square, color in fill.items()]
    return board._svg(last, check, drawn, tinted, flipped or not orientation, size, coordinates)
