"""Player ratings: the Chinese levels-and-points method (exact) and Elo."""

from decimal import Decimal
from typing import Union

_PointsLike = Union[int, float, str, Decimal]

__all__ = ["DEFAULT_K", "elo_change", "elo_expected", "level", "level_change"]

DEFAULT_K: float

def level_change(mine: _PointsLike, theirs: _PointsLike, result: str) -> Decimal:
    """The exact change of ``mine``'s points after a game against ``theirs``
    (``result`` is ``"win"``, ``"draw"`` or ``"loss"`` from ``mine``'s side)."""

def level(points: _PointsLike) -> int | None:
    """The level (30 at 100 points up to 1 at 3000), or ``None`` below 100 points."""

def elo_change(mine: float, theirs: float, result: str, k: float = ...) -> float:
    """The Elo change of ``mine``: ``k * (S - E)``."""

def elo_expected(mine: float, theirs: float) -> float:
    """The Elo expected score of ``mine`` against ``theirs``."""
