"""Runs the typed usage example that the test script also checks with mypy."""

from decimal import Decimal

import qipan
from typed_usage import python_chess_names, summary


def test_typed_usage_runs() -> None:
    result = summary()
    assert result["termination"] is qipan.Termination.CHECKMATE
    assert result["winner"] is False
    assert result["result"] == "0-1"
    assert result["moves"] == 20
    assert result["nodes"] == 400
    assert result["xiangqi"] == ["C2.5", "炮二平五", "h9g7"]
    assert result["change"] == Decimal(18)
    assert result["level"] == 16


def test_typed_python_chess_names_run() -> None:
    assert python_chess_names() == {
        "count": 20,
        "first_is_move": True,
        "turn": True,
        "symbol": "P",
        "attackers": ["d2", "f2"],
        "pinned": False,
        "lan": "Ng1-f3",
        "line": "1. e4",
        "ending": "checkmate",
        "winner": False,
        "equal": True,
    }
