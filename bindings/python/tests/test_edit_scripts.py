"""The shared edit scripts (data/edit-scripts/scripts.json: set and remove pieces, clear, set the
turn and the castling rights, make a board unplayable, push, pop) on ChessBoard and XiangqiBoard:
after every step the FEN, the move stack and the error raised must be python-chess's (chess, run
again here on the same scripts) and the Xiangqi board model's (scripts/data/gen_edit_scripts.py,
its moves from pyffish, run again here too). The Rust core and the JS boards run the same file."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import qipan

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "edit-scripts"
SCRIPTS: list[dict[str, Any]] = json.loads((DATA / "scripts.json").read_text())
STORED: dict[str, Any] = json.loads((DATA / "python-chess.json").read_text())

_spec = importlib.util.spec_from_file_location("gen_edit_scripts", ROOT / "scripts" / "data" / "gen_edit_scripts.py")
assert _spec is not None and _spec.loader is not None
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)


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
        # A move on a board that cannot be played, or a piece the board does not take there.
        return "not_playable" if op == "push" else "refused"
    except IndexError:
        return "empty"
    return None


def answers(script: dict[str, Any]) -> list[dict[str, Any]]:
    game = script["game"]
    cls = qipan.ChessBoard if game == "chess" else qipan.XiangqiBoard
    board = cls(script["start"]) if script["start"] else cls()
    out = []
    for op, *args in script["steps"]:
        error = step(board, game, op, args)
        fen = board.fen() if game == "chess" else " ".join(board.fen().split()[:2])
        out.append({"fen": fen, "stack": [m.uci() for m in board.move_stack], "error": error})
    return out


@pytest.mark.parametrize("script", SCRIPTS, ids=[s["name"] for s in SCRIPTS])
def test_stored_answers_are_the_oracles(script: dict[str, Any]) -> None:
    stored = STORED[script["name"]]
    if script["game"] == "chess":
        assert oracle.chess_answers(script) == stored["clear_history"]
    else:
        assert oracle.xiangqi_answers(script, keep=False) == stored["clear_history"]
        assert oracle.xiangqi_answers(script, keep=True) == stored["keep_history"]


@pytest.mark.parametrize("script", SCRIPTS, ids=[s["name"] for s in SCRIPTS])
def test_boards_follow_the_edit_scripts(script: dict[str, Any]) -> None:
    expected = STORED[script["name"]]["clear_history"]
    for i, (got, want) in enumerate(zip(answers(script), expected)):
        assert got == want, (script["name"], i, script["steps"][i])
