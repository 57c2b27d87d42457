"""Chess960 in the Python API, against python-chess's Chess960 mode (the oracle)."""

from __future__ import annotations

import pickle
import random

import chess
import pytest

import qipan


@pytest.mark.parametrize("n", [0, 1, 100, 359, 518, 700, 959])
def test_from_chess960_pos_matches_python_chess(n: int) -> None:
    ours = qipan.ChessBoard.from_chess960_pos(n)
    theirs = chess.Board.from_chess960_pos(n)
    assert ours.chess960
    assert ours.fen().split()[0] == theirs.fen().split()[0]
    assert ours.turn is True
    assert ours.chess960_pos() == theirs.chess960_pos() == n


@pytest.mark.parametrize("bad", [-1, 960, 10**20])
def test_from_chess960_pos_rejects_numbers_out_of_range(bad: int) -> None:
    with pytest.raises((ValueError, OverflowError)):
        qipan.ChessBoard.from_chess960_pos(bad)


def test_chess960_flag_reads_shredder_fen() -> None:
    # Perft suite xfen-00 (data/chess960-perft.epd): D1 23.
    fen = "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1"
    board = qipan.ChessBoard(fen, chess960=True)
    assert len(board.legal_moves) == 23
    # KQkq without kings on e1/e8 is no standard castling: python-chess reads the board, flags
    # the rights (STATUS_BAD_CASTLING_RIGHTS) and plays without them.
    standard, ref = qipan.ChessBoard(fen), chess.Board(fen)
    assert standard.status() == ref.status() != 0 and standard.fen() == ref.fen()
    assert sorted(m.uci() for m in standard.legal_moves) == sorted(m.uci() for m in ref.legal_moves)


def _random_960_games(games: int, plies: int) -> list[tuple[int, list[str]]]:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        n = rng.randrange(960)
        board = chess.Board.from_chess960_pos(n)
        for _ in range(plies):
            moves = sorted(board.legal_moves, key=board.uci)
            if not moves or board.is_game_over():
                break
            castles = [m for m in moves if board.is_castling(m)]
            board.push(rng.choice(castles) if castles and rng.random() < 0.5 else rng.choice(moves))
        out.append((n, [m.uci() for m in board.move_stack]))
    return out


def test_random_chess960_games_match_python_chess() -> None:
    castled = 0
    for n, moves in _random_960_games(60, 80):
        ours = qipan.ChessBoard.from_chess960_pos(n)
        theirs = chess.Board.from_chess960_pos(n)
        for uci in moves:
            expected = sorted(theirs.uci(m) for m in theirs.legal_moves)
            assert sorted(m.uci() for m in ours.legal_moves) == expected, theirs.fen()
            assert ours.is_check() == theirs.is_check()
            move = theirs.parse_uci(uci)
            castled += theirs.is_castling(move)
            assert ours.san(ours.parse_uci(theirs.uci(move))) == theirs.san(move)
            ours.push_uci(theirs.uci(move))
            theirs.push(move)
            assert ours.fen() == theirs.fen(), (n, moves)
        outcome = theirs.outcome()
        ours_outcome = ours.outcome()
        assert (ours_outcome is None) == (outcome is None)
    assert castled > 20  # the games do exercise castling


def test_chess960_boards_pickle_in_chess960_mode() -> None:
    board = qipan.ChessBoard.from_chess960_pos(0)
    for uci in ["g2g3", "g7g6", "f2f3", "f7f6"]:
        board.push_uci(uci)
    copy = pickle.loads(pickle.dumps(board))
    assert copy.chess960
    assert copy.fen() == board.fen()
    assert [m.uci() for m in copy.move_stack] == [m.uci() for m in board.move_stack]


def test_chess960_pos_of_other_positions_matches_python_chess() -> None:
    assert qipan.ChessBoard().chess960_pos() == chess.Board().chess960_pos() == 518
    board = qipan.ChessBoard()
    board.push_uci("e2e4")
    assert board.chess960_pos() is None
