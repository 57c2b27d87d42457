"""Errors: the right exception with a useful message, nothing changed, and no input of any type
that raises PanicException or crashes the interpreter."""

from __future__ import annotations

import random
import string

import chess
import pytest

import qipan

# What a bad input may raise. pyo3's PanicException derives from BaseException, so it is not
# caught here and fails the test.
ALLOWED = (ValueError, TypeError, IndexError, OverflowError)

BOARDS = [qipan.ChessBoard, qipan.XiangqiBoard]


def test_invalid_fen() -> None:
    for cls in BOARDS:
        for fen in ["", "garbage", "8/8/8/8/8/8/8/8 w - - 0 1", "x" * 100_000, "🐉" * 1000, " "]:
            if cls is qipan.ChessBoard and fen.startswith("8/"):
                continue  # an empty chess board is read, as python-chess reads it (status() flags it)
            with pytest.raises(qipan.InvalidFenError) as err:
                cls(fen)
            assert "FEN" in str(err.value)
            assert len(str(err.value)) < 2000


def test_invalid_fen_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        qipan.ChessBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")


def test_wrong_types() -> None:
    board = qipan.ChessBoard()
    for bad in [None, 1, 1.5, b"e2e4", ["e2e4"], object()]:
        if bad is not None:
            with pytest.raises(TypeError):
                qipan.ChessBoard(bad)  # type: ignore[arg-type]
            with pytest.raises(TypeError):
                board.push_san(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.push_uci(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.push(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            board.san(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        board.has_insufficient_material(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        board.has_insufficient_material("purple")
    with pytest.raises(TypeError):
        board.resign(3)  # type: ignore[arg-type]
    assert board.move_stack == []


def test_illegal_move_changes_nothing() -> None:
    board = qipan.ChessBoard()
    board.push_uci("e2e4")
    before = (board.fen(), board.move_stack)
    with pytest.raises(qipan.IllegalMoveError) as err:
        board.push_uci("e7e4")
    assert "e7e4" in str(err.value)
    with pytest.raises(qipan.IllegalMoveError):
        board.push(qipan.Move.from_uci("e2e4"))
    with pytest.raises(qipan.IllegalMoveError):
        board.push_san("Ke2")
    with pytest.raises(qipan.InvalidMoveError):
        board.push_san("Zz9")
    with pytest.raises(qipan.InvalidMoveError):
        board.push_uci("e7")
    assert (board.fen(), board.move_stack) == before


def test_ambiguous_san_as_python_chess() -> None:
    fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
    with pytest.raises(chess.AmbiguousMoveError):
        chess.Board(fen).parse_san("Nd2")
    board = qipan.ChessBoard(fen)
    with pytest.raises(qipan.AmbiguousMoveError) as err:
        board.push_san("Nd2")
    assert "Nd2" in str(err.value)
    assert board.move_stack == []
    assert board.push_san("Nbd2").uci() == "b1d2"


def test_move_from_uci_garbage() -> None:
    for text in ["", "e2", "e2e4e6", "z9z9", "e2-e4", "x" * 10_000, "ä1ä2", "\x00\x00\x00\x00"]:
        with pytest.raises(qipan.InvalidMoveError):
            qipan.Move.from_uci(text)
    with pytest.raises(ValueError):
        qipan.Move.from_uci("e2e4", game="go")
    with pytest.raises(TypeError):
        qipan.Move.from_uci(None)  # type: ignore[arg-type]


def test_perft_bounds() -> None:
    board = qipan.ChessBoard()
    with pytest.raises(ValueError):
        board.perft(-1)
    with pytest.raises(ValueError):
        board.perft(1000)
    with pytest.raises(ALLOWED):
        board.perft(10**40)
    with pytest.raises(TypeError):
        board.perft("3")  # type: ignore[arg-type]


def _garbage(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(12)))
    if kind == 1:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(8)))
    if kind == 2:
        files, ranks = "abcdefghijk", "0123456789"
        return "".join(rng.choice(files) + rng.choice(ranks) for _ in range(2)) + rng.choice(
            ["", "q", "n", "k", "x", "="]
        )
    if kind == 3:
        return rng.choice(["O-O", "O-O-O", "0-0", "e8=Q", "exd6", "Qxh8+", "N1c3", "C2=5", "H8+7"]) + rng.choice(["", "+", "#", "!?", "="])
    if kind == 4:
        return rng.choice(["炮二平五", "马8进7", "车一进一", "兵五进一", "前炮平四", "炮二退五"]) + rng.choice(["", "进", "九"])
    return rng.choice(["", " ", "\n", "\x00", "0000", "--", "e2e4 ", " e2e4"]) * rng.randrange(1, 4)


def test_garbage_text_never_panics() -> None:
    rng = random.Random(2024)
    chess_board = qipan.ChessBoard()
    xq = qipan.XiangqiBoard()
    pushers = [
        chess_board.push_uci,
        chess_board.push_san,
        chess_board.parse_san,
        chess_board.parse_uci,
        xq.push_uci,
        xq.parse_uci,
        xq.push_wxf,
        xq.parse_wxf,
        xq.push_chinese,
        xq.parse_chinese,
    ]
    for _ in range(4000):
        text = _garbage(rng)
        push = rng.choice(pushers)
        try:
            push(text)
        except (qipan.InvalidMoveError, qipan.IllegalMoveError, qipan.AmbiguousMoveError):
            pass
        for board in (chess_board, xq):
            if board.is_game_over() or len(board.move_stack) > 60:
                board.pop()
    for board in (chess_board, xq):
        while board.move_stack:
            board.pop()
        assert board.perft(2) in (400, 1920)


def _mutate(rng: random.Random, fen: str) -> str:
    chars = list(fen)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice("pnbrqkPNBRQKacehCEHA0123456789/ -wb"))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice("pnbrqkPNBRQK12345678/ -wbKQkq")
        else:
            chars = chars[:i]
    return "".join(chars)


def test_mutated_fens_never_panic() -> None:
    rng = random.Random(99)
    seeds = {
        qipan.ChessBoard: [
            chess.STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ],
        qipan.XiangqiBoard: [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        ],
    }
    accepted = 0
    for cls, fens in seeds.items():
        for _ in range(3000):
            fen = _mutate(rng, rng.choice(fens))
            try:
                board = cls(fen)
            except qipan.InvalidFenError:
                continue
            accepted += 1
            try:
                moves = list(board.legal_moves)
            except qipan.InvalidFenError:
                # A board held without moves (several kings of a side, a Xiangqi board that
                # fails validation): it still answers every question without moves.
                assert not board.is_valid()
                str(board)
                continue
            board.outcome(claim_draw=True)
            board.is_checkmate()
            board.is_insufficient_material()
            str(board)
            assert cls(board.fen()).fen() == board.fen()
            assert board.perft(2) >= 0
            if moves:
                board.push(moves[0])
                board.pop()
    assert accepted > 0


def test_foreign_and_random_moves_never_panic() -> None:
    rng = random.Random(5)
    boards = [qipan.ChessBoard(), qipan.XiangqiBoard()]
    files, ranks = "abcdefghi", "0123456789"
    for _ in range(5000):
        text = "".join(rng.choice(files) + rng.choice(ranks) for _ in range(2))
        if text[:2] == text[2:]:
            continue  # a move to its own square is no move text
        move = qipan.Move.from_uci(text, rng.choice([None, "chess", "xiangqi"]))
        board = rng.choice(boards)
        before = board.fen()
        try:
            board.push(move)
        except (qipan.IllegalMoveError, qipan.InvalidMoveError):
            assert board.fen() == before
        if len(board.move_stack) > 40 or board.is_game_over():
            board.pop()
    chess_board, xq = boards
    for a, b in [(chess_board, xq), (xq, chess_board)]:
        for move in a.legal_moves:
            with pytest.raises((qipan.IllegalMoveError, qipan.InvalidMoveError)):
                b.push(move)


def test_bad_pickle_state() -> None:
    board = qipan.ChessBoard()
    for state in [
        ("garbage", "fide", [], None),
        (chess.STARTING_FEN, "fide", ["e2e5"], None),
        (chess.STARTING_FEN, "nope", [], None),
        (chess.STARTING_FEN, "fide", [], ("checkmate", "white")),
        (chess.STARTING_FEN, "fide", [], ("resignation", "purple")),
    ]:
        with pytest.raises(ValueError):
            board.__setstate__(state)
    with pytest.raises(TypeError):
        board.__setstate__(42)  # type: ignore[arg-type]
    assert board.fen() == chess.STARTING_FEN
