"""qipan.rating: expected values from the rule table of the levels-and-points method (记分方法)
and the Elo formula, computed by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from qipan import rating


@pytest.mark.parametrize(
    "mine,theirs,result,expected",
    [
        (1500, 1580, "win", "18"),  # lower side wins, d = 80: 10 + 80/10
        (1580, 1500, "loss", "-18"),
        (1580, 1500, "win", "3.6"),  # higher side wins, d = 80: 10 - 80/12.5
        (1500, 1580, "draw", "9"),  # draw, d = 80: (10 + 8) / 2 to the lower side
        (1580, 1500, "draw", "-9"),
        (1000, 1000, "win", "10"),
        (1000, 1000, "draw", "0"),
        ("1000", "1101", "draw", "25.25"),  # d = 101: d/4
        (1000, 1300, "win", "150"),  # lower side wins, d = 300: d/2
        (1300, 1000, "win", "0"),  # higher side wins, d >= 200: 0
        (1150, 1000, "win", "2"),  # higher side wins, 100 <= d < 200: 2
        (Decimal("1067.5"), 1000, "win", "4.6"),
        (1000.5, 1000, "W", "10"),
        (Decimal("1.0E+3"), Decimal("1016.00"), "draw", "5.8"),
    ],
)
def test_level_change(mine: object, theirs: object, result: str, expected: str) -> None:
    change = rating.level_change(mine, theirs, result)  # type: ignore[arg-type]
    assert isinstance(change, Decimal)
    assert change == Decimal(expected)


@pytest.mark.parametrize(
    "points,expected",
    [(99, None), (-5, None), (100, 30), (199.5, 30), (200, 29), (1518, 16), (2999, 2), (3000, 1), (10**6, 1), ("99.9", None)],
)
def test_level(points: object, expected: int | None) -> None:
    assert rating.level(points) == expected  # type: ignore[arg-type]


def test_elo() -> None:
    assert rating.elo_change(1500, 1500, "win") == pytest.approx(10.0)
    assert rating.elo_change(1500, 1500, "draw", k=32) == pytest.approx(0.0)
    assert rating.elo_change(1800, 1400, "win", 20) == pytest.approx(20 / 11)
    assert rating.elo_expected(1800, 1400) == pytest.approx(10 / 11)
    assert rating.DEFAULT_K == 20


def test_rating_errors() -> None:
    for bad in ["12x", "", "1" * 40, "nan", float("inf")]:
        with pytest.raises(ValueError):
            rating.level(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        rating.level_change(1, 2, "victory")
    for bad_type in [None, True, [1], object()]:
        with pytest.raises(TypeError):
            rating.level(bad_type)  # type: ignore[arg-type]
