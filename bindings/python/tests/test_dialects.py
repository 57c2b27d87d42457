"""PGN dialects of real files (docs/records.md): qipan.replay_pgn against python-chess's reader
(the oracle) on data/pgn-dialects, and null moves on a board against python-chess's
``push(Move.null())``."""

from __future__ import annotations

import pathlib
from typing import List, Tuple

import chess
import chess.pgn
import pytest

import qipan

DATA = pathlib.Path(__file__).resolve().parents[3] / "data" / "pgn-dialects"
FILES = sorted(DATA.glob("*.pgn"))


def python_chess_games(path: pathlib.Path) -> List[Tuple[int, str, bool]]:
    """Per game: main-line plies, final FEN, whether python-chess reported an error."""
    games = []
    with open(path, encoding="utf-8-sig") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return games
            board = game.board()
            plies = 0
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
            games.append((plies, board.fen(), bool(game.errors)))


def test_the_samples_are_there() -> None:
    names = {p.name for p in FILES}
    assert {"anastasian-lewis.pgn", "chess-null-moves.pgn", "chess-en-passant-mark.pgn"} <= names
    assert {"chess-long-algebraic.pgn", "chess-unmarked-endings.pgn"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_replay_matches_python_chess(path: pathlib.Path) -> None:
    theirs = python_chess_games(path)
    ours = list(qipan.replay_pgn(path, jobs=1))
    assert len(ours) == len(theirs)
    for summary, (plies, fen, broken) in zip(ours, theirs):
        where = (path.name, summary["index"])
        assert not broken, where
        assert summary["error"] is None, (where, summary["error"])
        assert summary["plies"] == plies, where
        assert summary["fen"] == fen, where


def test_null_moves_on_a_board_as_python_chess() -> None:
    ours = qipan.ChessBoard()
    theirs = chess.Board()
    for san in ["e4", None, "Nf3", None, "Ng1", "e5"]:
        if san is None:
            ours.push(qipan.Move.null())
            theirs.push(chess.Move.null())
        else:
            ours.push_san(san)
            theirs.push_san(san)
        assert ours.fen() == theirs.fen()
    assert ours.move_stack[1] == qipan.Move.null()
    assert not ours.is_legal(qipan.Move.null()) and not theirs.is_legal(chess.Move.null())
    assert qipan.Move.null() not in ours.legal_moves
    assert not qipan.Move.null() and qipan.Move.from_uci("e2e4")
    assert qipan.Move.null().uci() == chess.Move.null().uci() == "0000"
    assert qipan.Move.from_uci("0000") == qipan.Move.null()
    assert ours.pop() == qipan.Move.from_uci("e7e5")
    ours.push_san("Z0")
    theirs.pop()
    theirs.push(chess.Move.null())
    assert ours.fen() == theirs.fen()
    assert ours.san(qipan.Move.null()) == chess.Board().san(chess.Move.null()) == "--"


def test_a_null_move_in_check_is_refused() -> None:
    fen = "4k3/8/8/8/8/8/8/4K2r w - - 0 1"
    board = qipan.ChessBoard(fen)
    assert chess.Board(fen).is_check()
    with pytest.raises(qipan.IllegalMoveError):
        board.push(qipan.Move.null())
    with pytest.raises(qipan.IllegalMoveError):
        board.push_uci("0000")
    assert board.fen() == fen


def test_xiangqi_null_move() -> None:
    board = qipan.XiangqiBoard()
    board.push_uci("h2e2")
    board.push(qipan.Move.null())
    assert board.fen().split()[1] == "w"
    assert board.move_stack[-1] == qipan.Move.null()
