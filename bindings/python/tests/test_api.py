"""The Python API of both boards. Expected values are chess and Xiangqi facts or python-chess's."""

from __future__ import annotations

import copy
import threading
import time

import chess
import pytest

import qipan


def test_names_exported() -> None:
    for name in [
        "ChessBoard",
        "XiangqiBoard",
        "Move",
        "Outcome",
        "InvalidFenError",
        "InvalidMoveError",
        "IllegalMoveError",
        "AmbiguousMoveError",
        "rating",
    ]:
        assert hasattr(qipan, name), name
    assert isinstance(qipan.__version__, str)
    for error in ["InvalidFenError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"]:
        assert issubclass(getattr(qipan, error), ValueError)


def test_chess_start_position() -> None:
    board = qipan.ChessBoard()
    ref = chess.Board()
    assert board.fen() == ref.fen()
    assert board.turn is qipan.WHITE is True
    moves = board.legal_moves
    assert len(moves) == 20
    assert all(isinstance(m, qipan.Move) for m in moves)
    assert {m.uci() for m in moves} == {m.uci() for m in ref.legal_moves}
    assert qipan.Move.from_uci("e2e4") in board.legal_moves
    assert qipan.Move.from_uci("e2e5") not in board.legal_moves
    assert not board.is_check() and not board.is_game_over()
    assert board.outcome() is None
    assert board.result() == "*"


def test_move_identity() -> None:
    board = qipan.ChessBoard()
    e4 = next(m for m in board.legal_moves if m.uci() == "e2e4")
    assert str(e4) == "e2e4"
    assert e4 == qipan.Move.from_uci("e2e4")
    assert e4 == qipan.Move("e2e4", "chess")
    assert qipan.Move.from_uci("E2E4") == e4
    assert hash(e4) == hash(qipan.Move.from_uci("e2e4"))
    assert len({e4, qipan.Move.from_uci("e2e4"), next(iter(board.legal_moves))}) <= 2
    assert e4 != qipan.Move.from_uci("e2e3")
    assert e4 != "e2e4"
    assert e4.game == "chess"
    assert qipan.Move.from_uci("e2e4").game is None
    assert "e2e4" in repr(e4)
    # The same coordinates in the other game are another move.
    assert e4 != qipan.Move.from_uci("e2e4", game="xiangqi")
    assert {e4: 1}[qipan.Move.from_uci("e2e4")] == 1


def test_push_pop_peek_move_stack() -> None:
    board = qipan.ChessBoard()
    ref = chess.Board()
    board.push(qipan.Move.from_uci("e2e4"))
    ref.push_uci("e2e4")
    assert board.push_uci("e7e5") == qipan.Move.from_uci("e7e5")
    ref.push_uci("e7e5")
    assert board.push_san("Nf3").uci() == "g1f3"
    ref.push_san("Nf3")
    assert board.fen() == ref.fen()
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    assert board.peek().uci() == "g1f3"
    assert board.ply() == 3
    assert board.pop().uci() == "g1f3"
    ref.pop()
    assert board.fen() == ref.fen()
    assert board.turn is ref.turn is chess.WHITE
    board.pop()
    board.pop()
    assert board.fen() == chess.STARTING_FEN
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_copy_is_independent() -> None:
    board = qipan.ChessBoard()
    board.push_uci("d2d4")
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        other.push_uci("d7d5")
        assert len(other.move_stack) == 2
        assert len(board.move_stack) == 1
    bare = board.copy(stack=False)
    assert bare.fen() == board.fen() and bare.move_stack == []


def test_san_and_parse() -> None:
    board = qipan.ChessBoard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    ref = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    for move in board.legal_moves:
        assert board.san(move) == ref.san(chess.Move.from_uci(move.uci()))
    assert board.parse_san("O-O").uci() == "e1g1"
    assert board.parse_uci("e1c1").uci() == "e1c1"
    assert board.is_legal(qipan.Move.from_uci("e1g1"))
    assert not board.is_legal(qipan.Move.from_uci("e1e3"))


def test_fools_mate() -> None:
    board = qipan.ChessBoard()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    assert board.is_check() and board.is_checkmate() and not board.is_stalemate()
    assert board.is_game_over()
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.termination is qipan.Termination.CHECKMATE
    assert outcome.winner is False
    assert outcome.result() == "0-1"
    assert board.result() == "0-1"
    assert outcome == qipan.Outcome(qipan.Termination.CHECKMATE, qipan.BLACK)
    assert "checkmate" in repr(outcome)
    assert not board.legal_moves and board.legal_moves.count() == 0


def test_stalemate_and_insufficient_material() -> None:
    stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    board = qipan.ChessBoard(stalemate)
    assert chess.Board(stalemate).is_stalemate()
    assert board.is_stalemate() and not board.is_checkmate()
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is qipan.Termination.STALEMATE
    assert outcome.winner is None and outcome.result() == "1/2-1/2"

    bare = "8/8/4k3/8/8/3BK3/8/8 w - - 0 1"
    board = qipan.ChessBoard(bare)
    assert board.is_insufficient_material()
    assert board.has_insufficient_material("white") and board.has_insufficient_material(True)
    assert board.has_insufficient_material("black")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is qipan.Termination.INSUFFICIENT_MATERIAL


def test_claims() -> None:
    board = qipan.ChessBoard()
    for _ in range(2):
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            board.push_uci(uci)
    ref = chess.Board()
    for m in board.move_stack:
        ref.push_uci(m.uci())
    assert board.can_claim_threefold_repetition() == ref.can_claim_threefold_repetition() is True
    assert board.can_claim_draw()
    assert board.outcome() is None
    claimed = board.outcome(claim_draw=True)
    assert claimed is not None and claimed.termination is qipan.Termination.THREEFOLD_REPETITION
    assert board.is_game_over(claim_draw=True) and not board.is_game_over()

    fifty = "8/8/4k3/8/8/3RK3/8/8 w - - 100 80"
    board = qipan.ChessBoard(fifty)
    assert board.can_claim_fifty_moves() == chess.Board(fifty).can_claim_fifty_moves() is True
    claimed = board.outcome(claim_draw=True)
    assert claimed is not None and claimed.termination is qipan.Termination.FIFTY_MOVES


def test_adjudications() -> None:
    board = qipan.ChessBoard()
    board.push_uci("e2e4")
    assert board.resign("white")
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (qipan.Termination.RESIGNATION, False, "0-1")
    assert not board.agree_draw()  # the game is over already
    board.pop()  # taking a move back takes the resignation back
    assert board.outcome() is None
    assert board.agree_draw()
    assert board.outcome() == qipan.Outcome(qipan.Termination.AGREEMENT)

    # A flag loses, unless the opponent cannot mate: then it is a draw.
    board = qipan.ChessBoard("8/8/4k3/8/8/3QK3/8/8 b - - 0 1")
    assert board.flag("black")
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (qipan.Termination.TIMEOUT, True)
    board = qipan.ChessBoard("8/8/4k3/8/8/3QK3/8/8 b - - 0 1")
    assert board.flag(True)
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (qipan.Termination.TIMEOUT, None)


def test_diagram_and_svg() -> None:
    board = qipan.ChessBoard()
    text = str(board)
    assert len(text.splitlines()) >= 8
    assert board._repr_svg_().lstrip().startswith("<svg")
    assert repr(board).startswith("ChessBoard(")

    xq = qipan.XiangqiBoard()
    text = str(xq)
    assert len(text.splitlines()) >= 10
    assert any(ch in text for ch in "帥帅將将"), text
    assert xq._repr_svg_().lstrip().startswith("<svg")


def test_perft() -> None:
    assert qipan.ChessBoard().perft(0) == 1
    assert qipan.ChessBoard().perft(1) == 20
    assert qipan.ChessBoard().perft(3) == 8902
    assert qipan.ChessBoard().perft(4, threads=2) == 197281
    assert qipan.XiangqiBoard().perft(1) == 44
    assert qipan.XiangqiBoard().perft(3) == 79666


def test_perft_releases_the_gil() -> None:
    board = qipan.ChessBoard()
    done = threading.Event()
    result: list[int] = []

    def work() -> None:
        result.append(board.perft(5))
        done.set()

    thread = threading.Thread(target=work)
    ticks = 0
    start = time.perf_counter()
    thread.start()
    while not done.is_set():
        ticks += 1
        if ticks % 1000 == 0:
            # The board is not borrowed while perft runs: it can be used meanwhile.
            board.push_uci("e2e4")
            board.pop()
    thread.join()
    elapsed = time.perf_counter() - start
    assert result == [4865609]
    # Holding the GIL for the whole call would freeze this loop; released, it spins freely.
    assert ticks > 1000 or elapsed < 0.005, (ticks, elapsed)


def test_xiangqi_basics() -> None:
    board = qipan.XiangqiBoard()
    assert board.turn is qipan.RED is True
    assert board.rules == "asian"
    assert len(board.legal_moves) == 44
    assert board.fen().split()[0] == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
    move = board.push_uci("h2e2")  # ICCS: the central cannon
    assert move.uci() == "h2e2" and move.game == "xiangqi"
    assert board.turn is qipan.BLACK is False
    assert board.peek() == move
    assert qipan.XiangqiBoard(rules="simple").rules == "simple"
    with pytest.raises(ValueError):
        qipan.XiangqiBoard(rules="western")


def test_xiangqi_notations() -> None:
    board = qipan.XiangqiBoard()
    cannon = qipan.Move.from_uci("h2e2")
    assert board.wxf(cannon) == "C2.5"
    assert board.chinese(cannon) == "炮二平五"
    assert board.parse_wxf("C2.5") == cannon
    assert board.parse_wxf("C2=5") == cannon  # pyffish writes the traverse as "="
    assert board.parse_chinese("炮二平五") == cannon
    assert board.push_wxf("C2.5") == cannon
    assert board.push_chinese("马8进7").uci() == "h9g7"
    assert board.wxf(board.parse_uci("h0g2")) == "H2+3"
    with pytest.raises(qipan.IllegalMoveError):
        board.wxf(qipan.Move.from_uci("a0a5"))


def test_other_games_move_is_refused() -> None:
    chess_board = qipan.ChessBoard()
    xq = qipan.XiangqiBoard()
    xq_move = next(iter(xq.legal_moves))
    before = chess_board.fen()
    with pytest.raises((qipan.IllegalMoveError, qipan.InvalidMoveError)):
        chess_board.push(xq_move)
    assert chess_board.fen() == before and chess_board.move_stack == []
    e4 = chess_board.parse_uci("e2e4")
    with pytest.raises((qipan.IllegalMoveError, qipan.InvalidMoveError)):
        xq.push(e4)
    assert len(xq.move_stack) == 0
    assert not xq.is_legal(e4)


def test_moves_compare_by_coordinates_across_positions() -> None:
    # e5d6 is an en passant capture in one position and a plain capture in the other; as in
    # python-chess, a move is its squares, so either object plays in either position.
    en_passant = qipan.ChessBoard("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    plain = qipan.ChessBoard("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1")
    ep_move = en_passant.parse_uci("e5d6")
    plain_move = plain.parse_uci("e5d6")
    assert ep_move == plain_move and hash(ep_move) == hash(plain_move)
    assert plain_move in en_passant.legal_moves
    plain.push(ep_move)
    en_passant.push(plain_move)
    ref = chess.Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    ref.push_uci("e5d6")
    assert en_passant.fen() == ref.fen()
    assert plain.fen().split()[0] == "4k3/8/3P4/8/8/8/8/4K3"


def test_threads_share_the_move_tables() -> None:
    """Boards in several threads (the interned Move tables are shared) while perft runs detached."""
    import random

    errors: list[BaseException] = []

    def playouts(seed: int) -> None:
        try:
            rng = random.Random(seed)
            for _ in range(20):
                board: qipan.ChessBoard | qipan.XiangqiBoard
                board = qipan.ChessBoard() if rng.random() < 0.5 else qipan.XiangqiBoard()
                for _ in range(60):
                    moves = board.legal_moves
                    if not moves or board.is_game_over():
                        break
                    board.push(rng.choice(list(moves)))
                stack = board.move_stack
                while board.move_stack:
                    assert board.pop() == stack.pop()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=playouts, args=(seed,)) for seed in range(4)]
    threads.append(threading.Thread(target=lambda: qipan.XiangqiBoard().perft(4)))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert errors == []
