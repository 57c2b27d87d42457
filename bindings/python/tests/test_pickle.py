"""Boards, moves and outcomes pickle (start FEN, rules, move stack, adjudication), so they travel
to multiprocessing workers (and Dask or Spark executors)."""

from __future__ import annotations

import copy
import multiprocessing
import pickle

import chess

import qipan


def _same(a: qipan.ChessBoard | qipan.XiangqiBoard, b: qipan.ChessBoard | qipan.XiangqiBoard) -> None:
    assert type(a) is type(b)
    assert a.fen() == b.fen()
    assert a.move_stack == b.move_stack
    assert [m.uci() for m in a.move_stack] == [m.uci() for m in b.move_stack]
    assert a.rules == b.rules
    assert a.outcome() == b.outcome()
    assert a.can_claim_draw() == b.can_claim_draw()


def test_chess_board_round_trip() -> None:
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    board = qipan.ChessBoard(fen)
    for uci in ["e1g1", "e8c8", "g1g2"]:
        board.push_uci(uci)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(board, protocol=protocol))
        _same(board, again)
        # The start position travels too: popping everything gets back to it.
        while again.move_stack:
            again.pop()
        assert again.fen() == fen


def test_repetition_history_survives() -> None:
    board = qipan.ChessBoard()
    for _ in range(2):
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            board.push_uci(uci)
    again = pickle.loads(pickle.dumps(board))
    assert again.can_claim_threefold_repetition()
    outcome = again.outcome(claim_draw=True)
    assert outcome is not None and outcome.termination is qipan.Termination.THREEFOLD_REPETITION


def test_xiangqi_board_round_trip_keeps_rules() -> None:
    for rules in ["asian", "simple"]:
        board = qipan.XiangqiBoard(rules=rules)
        for uci in ["h2e2", "h9g7", "h0g2"]:
            board.push_uci(uci)
        again = pickle.loads(pickle.dumps(board))
        _same(board, again)
        assert again.rules == rules


def test_adjudications_survive() -> None:
    resigned = qipan.ChessBoard()
    resigned.push_uci("e2e4")
    resigned.resign("black")
    drawn = qipan.XiangqiBoard()
    drawn.agree_draw()
    flagged = qipan.ChessBoard("8/8/4k3/8/8/3QK3/8/8 b - - 0 1")
    flagged.flag("white")  # black has a bare king: a draw
    flagged_win = qipan.ChessBoard("8/8/4k3/8/8/3QK3/8/8 b - - 0 1")
    flagged_win.flag("black")
    red_resigns = qipan.XiangqiBoard()
    red_resigns.resign("red")
    boards: list[qipan.ChessBoard | qipan.XiangqiBoard] = [
        resigned,
        drawn,
        flagged,
        flagged_win,
        red_resigns,
    ]
    for board in boards:
        again = pickle.loads(pickle.dumps(board))
        _same(board, again)
        assert again.outcome() is not None
    assert red_resigns.outcome() == qipan.Outcome("resignation", "black")


def test_moves_and_outcomes_pickle() -> None:
    board = qipan.ChessBoard()
    moves = list(board.legal_moves)
    assert pickle.loads(pickle.dumps(moves)) == moves
    move = pickle.loads(pickle.dumps(moves[0]))
    assert move.game == "chess"
    board.push(move)
    xq_move = list(qipan.XiangqiBoard().legal_moves)[3]
    again = pickle.loads(pickle.dumps(xq_move))
    assert again == xq_move and again.game == "xiangqi"
    assert copy.copy(xq_move) == xq_move and copy.deepcopy(xq_move) == xq_move
    outcome = qipan.Outcome("checkmate", "red")
    assert pickle.loads(pickle.dumps(outcome)) == outcome
    assert pickle.loads(pickle.dumps(outcome)).winner is qipan.RED
    assert pickle.loads(pickle.dumps(qipan.Termination.PERPETUAL_CHASE)) is qipan.Termination.PERPETUAL_CHASE
    assert pickle.loads(pickle.dumps(qipan.Piece.from_symbol("n"))) == qipan.Piece(qipan.KNIGHT, qipan.BLACK)


def _count(board: qipan.ChessBoard | qipan.XiangqiBoard) -> tuple[str, int, str]:
    return board.fen(), board.perft(2), board.turn


def test_multiprocessing_spawn() -> None:
    boards: list[qipan.ChessBoard | qipan.XiangqiBoard] = [qipan.ChessBoard(), qipan.XiangqiBoard()]
    boards[0].push_uci("e2e4")
    boards[1].push_uci("b0c2")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.map(_count, boards)
    ref = chess.Board()
    ref.push_uci("e2e4")
    assert results[0][0] == ref.fen()
    expected = 0
    for move in list(ref.legal_moves):
        ref.push(move)
        expected += ref.legal_moves.count()
        ref.pop()
    assert results[0][1] == expected
    assert results[1][2] is qipan.BLACK
    assert [_count(b) for b in boards] == results
