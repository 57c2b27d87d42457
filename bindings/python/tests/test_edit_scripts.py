"""The shared edit scripts (data/edit-scripts.json: set and remove pieces, clear, set the turn and
the castling rights, make a board unplayable, push, pop) on ChessBoard and XiangqiBoard: after
every step the FEN, the move stack and the error raised must be python-chess's (chess) and the
Xiangqi board model's (its moves from pyffish), both run here on the same scripts
(crates/qipan/tests/oracles/edit_scripts.py). Where qipan differs on purpose, the oracle's answer
names one of the exceptions the data file lists. The Rust core and the JS boards run the same
file."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

import qipan

ROOT = Path(__file__).resolve().parents[3]

_spec = importlib.util.spec_from_file_location(
    "edit_scripts_oracle", ROOT / "crates" / "qipan" / "tests" / "oracles" / "edit_scripts.py"
)
assert _spec is not None and _spec.loader is not None
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

DATA: dict[str, Any] = oracle.load()
SCRIPTS: list[dict[str, Any]] = DATA["scripts"]


def square(game: str, name: str) -> int:
    return qipan.parse_square(name) if game == "chess" else qipan.XIANGQI_SQUARE_NAMES.index(name)


def step(board: Any, game: str, op: str, args: list[str]) -> str | None:
    try:
        if op == "put":
            piece = qipan.Piece.from_symbol(args[1]) if game == "chess" else qipan.XiangqiPiece.from_symbol(args[1])
            board.set_piece_at(square(game, args[0]), piece)
        elif op == "remove":
            board.remove_piece_at(square(game, args[0]))
        elif op == "clear":
            board.clear()
        elif op == "turn":
            board.turn = args[0] == "w"
        elif op == "castling":
            mask = 0
            for letter, name in zip("KQkq", ("h1", "a1", "h8", "a8")):
                if letter in args[0]:
                    mask |= 1 << qipan.parse_square(name)
            board.castling_rights = mask
        elif op == "load":
            board.set_fen(args[0])
        elif op == "push":
            board.push_uci(args[0])
        elif op == "pop":
            board.pop()
        else:
            raise ValueError(op)
    except qipan.IllegalMoveError:
        return "illegal_move"
    except qipan.InvalidFenError:
        # A move on a board that cannot be played, or a piece or FEN the board does not take.
        return "not_playable" if op == "push" else "refused"
    except IndexError:
        return "empty"
    return None


def answers(script: dict[str, Any]) -> list[dict[str, Any]]:
    game = script["game"]
    cls = qipan.ChessBoard if game == "chess" else qipan.XiangqiBoard
    board = cls(script["start"]) if script["start"] else cls()
    out = []
    for raw in script["steps"]:
        op, args = oracle.step_args(raw)
        error = step(board, game, op, args)
        fen = board.fen() if game == "chess" else " ".join(board.fen().split()[:2])
        out.append({"fen": fen, "stack": [m.uci() for m in board.move_stack], "error": error})
    return out


def expected(script: dict[str, Any]) -> list[dict[str, Any]]:
    """The oracle's answers, each exception it names checked against the data file's list."""
    if script["game"] == "chess":
        # The Python board plays boards python-chess's is_valid() rejects, as python-chess does.
        want = oracle.chess_answers(script, plays_any=True)
    else:
        want = oracle.xiangqi_answers(script, keep=False)
    for answer in want:
        name = answer.pop("exception", None)
        assert name is None or name in DATA["exceptions"], name
    return want


@pytest.mark.parametrize("script", SCRIPTS, ids=[s["name"] for s in SCRIPTS])
def test_boards_follow_the_edit_scripts(script: dict[str, Any]) -> None:
    want = expected(script)
    got = answers(script)
    assert len(got) == len(want) == len(script["steps"])
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, (script["name"], i, script["steps"][i])


def test_the_scripts_meet_every_listed_exception() -> None:
    """A listed exception some script still meets: one the oracles no longer need is dropped."""
    met = {
        a["exception"]
        for s in SCRIPTS
        if s["game"] == "chess"
        for a in oracle.chess_answers(s)
        if "exception" in a
    }
    listed = {name for name, e in DATA["exceptions"].items() if "python-chess" in e["oracle"].split(", ")}
    assert met == listed
