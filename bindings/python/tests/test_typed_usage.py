"""Runs the typed usage example that the test script also checks with mypy."""

from decimal import Decimal

import qipan
from typed_usage import game_records, python_chess_names, summary


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


def test_typed_game_records_run() -> None:
    assert game_records() == {
        "errors": 1,
        "comment": "open",
        "nags": [1],
        "sans": ["e5", "c5", "e6"],
        "fen": "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "pgn": "1. e4 { open } 1... e5 ( 1... c5 $1 ) ( 1... e6 $6 { french } ) *",
        "black": "b",
    }
