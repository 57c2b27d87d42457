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


@dataclass(frozen=True)
class Arrow:
    """An arrow from ``tail`` to ``head`` (squares) in ``color`` (a CSS colour), as python-chess's
    ``chess.svg.Arrow``."""

    tail: int
    head: int
    color: str = "green"


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
    board: _Drawable,
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
    """The SVG picture of ``board`` (a ``ChessBoard`` or ``XiangqiBoard``): ``lastmove`` (a move)
    tinted, the king (general) on ``check`` marked, ``arrows`` (``Arrow`` objects or
    ``(tail, head)`` pairs), squares tinted by ``fill`` (``{square: colour}``), drawn from the
    second player's side when ``flipped`` or ``orientation`` is ``False`` (``qipan.BLACK``),
    ``size`` pixels wide, with or without ``coordinates``."""
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
