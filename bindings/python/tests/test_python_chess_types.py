"""python-chess's types on qipan: colours, squares, pieces, terminations,
moves, `legal_moves`, `push` of python-chess moves and board equality — each checked against
python-chess itself (the oracle), on fixed cases and on positions of seeded random games."""

from __future__ import annotations

import copy
import pickle
import random

import chess
import pytest

import qipan

from chess_positions import random_positions

NAME_CONSTANTS = [
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES",
    "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING",
    "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES",
    "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES",
]  # fmt: skip


POSITIONS = random_positions(2000, seed=15)


def test_enough_positions_and_chess960() -> None:
    assert len(POSITIONS) >= 2000
    assert sum(1 for ref, _ in POSITIONS if ref.chess960) >= 300
    assert sum(1 for ref, _ in POSITIONS if any(ref.is_castling(m) for m in ref.legal_moves)) >= 50


def test_constants_are_python_chess_constants() -> None:
    for name in NAME_CONSTANTS + [n.upper() for n in chess.SQUARE_NAMES]:
        assert getattr(qipan, name) == getattr(chess, name), name
    assert qipan.WHITE is True and qipan.BLACK is False and qipan.RED is True
    assert qipan.E4 == 28


def test_square_functions_are_python_chess_functions() -> None:
    for sq in chess.SQUARES:
        assert qipan.square_name(sq) == chess.square_name(sq)
        assert qipan.parse_square(chess.square_name(sq)) == sq
        assert qipan.square_file(sq) == chess.square_file(sq)
        assert qipan.square_rank(sq) == chess.square_rank(sq)
        assert qipan.square(chess.square_file(sq), chess.square_rank(sq)) == sq
    for bad in ["e9", "i1", "E4", "", "e44", "e4" * 1000]:
        with pytest.raises(ValueError):
            chess.parse_square(bad)
        with pytest.raises(ValueError):
            qipan.parse_square(bad)


def test_termination_has_python_chess_names_and_qipan_names() -> None:
    import enum

    assert issubclass(qipan.Termination, enum.Enum)
    for member in chess.Termination:
        assert qipan.Termination[member.name].name == member.name
    for name in [
        "PERPETUAL_CHECK", "PERPETUAL_CHASE", "REPETITION", "MOVE_LIMIT",
        "RESIGNATION", "AGREEMENT", "TIMEOUT", "DEAD_POSITION", "TABLEBASE",
    ]:  # fmt: skip
        assert qipan.Termination[name].value == name.lower()
    assert qipan.Termination("checkmate") is qipan.Termination.CHECKMATE
    assert pickle.loads(pickle.dumps(qipan.Termination.TIMEOUT)) is qipan.Termination.TIMEOUT


def test_outcome_has_python_chess_types() -> None:
    board = qipan.ChessBoard()
    ref = chess.Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
        ref.push_san(san)
    ours, theirs = board.outcome(), ref.outcome()
    assert ours is not None and theirs is not None
    assert ours.termination.name == theirs.termination.name
    assert ours.winner is theirs.winner is False
    assert ours.result() == theirs.result()
    assert ours == qipan.Outcome(qipan.Termination.CHECKMATE, qipan.BLACK)
    assert ours == qipan.Outcome("checkmate", False)
    assert "Termination.CHECKMATE" in repr(ours) and "winner=False" in repr(ours)
    with pytest.raises(ValueError):
        qipan.Outcome("no_such_ending")
    with pytest.raises(ValueError):
        qipan.Outcome(qipan.Termination.VARIANT_WIN)  # a name qipan's rules never decide
    with pytest.raises(TypeError):
        qipan.Outcome(3)  # type: ignore[arg-type]


def test_pieces_are_python_chess_pieces() -> None:
    for symbol in "PNBRQKpnbrqk":
        ours, ref = qipan.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert (ours.piece_type, ours.color) == (ref.piece_type, ref.color)
        assert ours.symbol() == ref.symbol() == str(ours)
        assert ours.unicode_symbol() == ref.unicode_symbol()
        assert ours.unicode_symbol(invert_color=True) == ref.unicode_symbol(invert_color=True)
        assert repr(ours) == repr(ref)
        assert ours == qipan.Piece(ref.piece_type, ref.color)
        assert hash(ours) == hash(qipan.Piece(ref.piece_type, ref.color))
        assert copy.deepcopy(ours) == ours
    assert qipan.Piece.from_symbol("N") != qipan.Piece.from_symbol("n")
    for bad in ["x", "", "PP", "1"]:
        with pytest.raises(ValueError):
            chess.Piece.from_symbol(bad)
        with pytest.raises(ValueError):
            qipan.Piece.from_symbol(bad)
    for bad_type in [0, 7, -1, 2**70]:
        with pytest.raises((ValueError, OverflowError)):
            qipan.Piece(bad_type, True)
    with pytest.raises(TypeError):
        qipan.Piece.from_symbol(b"P")  # type: ignore[arg-type]


def test_move_fields_are_python_chess_fields() -> None:
    """from_square, to_square, promotion of every legal move of 2000 positions (castling both
    standard and Chess960) equal python-chess's for the move with the same coordinates."""
    compared = 0
    for ref, ours in POSITIONS:
        theirs = {m.uci(): m for m in ref.legal_moves}
        for move in ours.legal_moves:
            expected = theirs[move.uci()]
            assert (move.from_square, move.to_square, move.promotion) == (
                expected.from_square,
                expected.to_square,
                expected.promotion,
            ), (ref.fen(), move.uci())
            compared += 1
        for uci, expected in list(theirs.items())[:3]:
            text = qipan.Move.from_uci(uci)
            assert (text.from_square, text.to_square, text.promotion) == (
                expected.from_square,
                expected.to_square,
                expected.promotion,
            )
    assert compared > 40_000


def test_null_move() -> None:
    null, ref = qipan.Move.null(), chess.Move.null()
    assert null.uci() == ref.uci() == "0000"
    assert bool(null) is bool(ref) is False
    assert (null.from_square, null.to_square, null.promotion) == (0, 0, None)
    assert null == qipan.Move.from_uci("0000") and hash(null) == hash(qipan.Move.from_uci("0000"))
    assert bool(qipan.Move.from_uci("e2e4")) is True


def test_moves_compare_and_hash_by_value() -> None:
    board = qipan.ChessBoard()
    a = board.parse_uci("g1f3")
    b = qipan.Move.from_uci("g1f3")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != qipan.Move.from_uci("g1h3")


def test_legal_moves_is_a_python_chess_generator() -> None:
    """count(), len(), bool(), `in` (qipan and python-chess moves) and iteration, against
    python-chess's LegalMoveGenerator on 2000 positions."""
    for ref, ours in POSITIONS:
        legal, theirs = ours.legal_moves, ref.legal_moves
        assert legal.count() == theirs.count() == len(legal), ref.fen()
        assert bool(legal) is bool(theirs)
        assert {m.uci() for m in legal} == {m.uci() for m in theirs}
        for move in list(theirs)[:5]:
            assert move in legal
        for move in list(ref.pseudo_legal_moves)[:20]:
            assert (move in legal) == (move in theirs), (ref.fen(), move.uci())
        assert (chess.Move(chess.A1, chess.H8, chess.QUEEN) in legal) is False


def test_legal_moves_answers_alike_in_any_order_and_moves_keep_their_text() -> None:
    """A fresh `legal_moves` answers len() / bool() / `in` / count() the same whichever is asked
    first (count and bool count without objects, len and iteration make the list), and the
    interned moves' cached uci() / str() / hash() agree with python-chess's uci() and with moves
    made from text (the caches must not change answers)."""
    for i, (ref, ours) in enumerate(POSITIONS[:500]):
        theirs = list(ref.legal_moves)
        if i % 3 == 0:
            assert len(ours.legal_moves) == len(theirs)
        elif i % 3 == 1:
            assert bool(ours.legal_moves) is bool(theirs)
        else:
            legal = ours.legal_moves
            if theirs:
                assert theirs[0] in legal
            assert legal.count() == len(legal) == len(theirs)
        for _ in range(2):  # the second time from the cached text
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs), ref.fen()
            assert sorted(str(m) for m in ours.legal_moves) == sorted(m.uci() for m in theirs)
        for move in ours.legal_moves:
            same = qipan.Move.from_uci(move.uci())
            assert move == same and hash(move) == hash(same)


def test_legal_moves_is_the_position_it_was_read_from() -> None:
    board = qipan.ChessBoard()
    moves = board.legal_moves
    board.push_uci("e2e4")
    assert moves.count() == 20 and qipan.Move.from_uci("e2e4") in moves
    assert board.legal_moves.count() == 20 and qipan.Move.from_uci("e7e5") in board.legal_moves
    with pytest.raises(TypeError):
        "e2e4" in board.legal_moves  # noqa: B015 - a str is not a move (python-chess: an error)


def test_push_takes_python_chess_moves() -> None:
    board, ref = qipan.ChessBoard(), chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]:
        move = ref.parse_san(san)
        assert board.is_legal(move)
        assert board.san(move) == san
        board.push(move)
        ref.push(move)
    assert board.fen() == ref.fen()
    assert isinstance(board.peek(), qipan.Move) and board.peek().uci() == "e1g1"
    with pytest.raises(qipan.IllegalMoveError):
        board.push(chess.Move.from_uci("e1g1"))
    with pytest.raises(TypeError):
        board.push("e2e4")  # type: ignore[arg-type]

    class BadUci:
        def uci(self) -> object:
            return 12

    with pytest.raises(TypeError):
        board.push(BadUci())  # type: ignore[arg-type]

    class LongUci:
        def uci(self) -> str:
            return "e2e4" * 10_000

    with pytest.raises(qipan.InvalidMoveError):
        board.push(LongUci())
    assert board.fen() == ref.fen()


def test_turn_is_a_bool() -> None:
    for ref, ours in POSITIONS[:500]:
        assert ours.turn is ref.turn
    xq = qipan.XiangqiBoard()
    assert xq.turn is qipan.RED
    xq.push_uci("h2e2")
    assert xq.turn is qipan.BLACK


def test_board_equality_is_python_chess_equality() -> None:
    """`==` as python-chess's Board.__eq__: position, turn, castling, legal en passant and clocks;
    the moves that led there do not count. Checked on pairs of the random positions, on
    transpositions and on the same position reached with and without an en passant square."""
    rng = random.Random(3)
    for _ in range(3000):
        (ref_a, ours_a), (ref_b, ours_b) = rng.choice(POSITIONS), rng.choice(POSITIONS)
        assert (ours_a == ours_b) is (ref_a == ref_b)
    for ref, ours in POSITIONS[:300]:
        assert ours == qipan.ChessBoard(ours.fen(), chess960=ours.chess960)
        assert (ours == ours.copy(stack=False)) is (ref == ref.copy(stack=False)) is True
    orders = [["g1f3", "g8f6", "b1c3"], ["b1c3", "g8f6", "g1f3"], ["b1c3", "g8f6"]]
    refs, ours_boards = [], []
    for order in orders:
        ref, ours = chess.Board(), qipan.ChessBoard()
        for uci in order:
            ref.push_uci(uci)
            ours.push_uci(uci)
        refs.append(ref)
        ours_boards.append(ours)
    for i in range(3):
        for j in range(3):
            assert (ours_boards[i] == ours_boards[j]) is (refs[i] == refs[j])
    # e2e4 leaves an en passant square no pawn can use: equal to the same FEN without it.
    after_e4, ref_e4 = qipan.ChessBoard(), chess.Board()
    after_e4.push_uci("e2e4")
    ref_e4.push_uci("e2e4")
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert (after_e4 == qipan.ChessBoard(fen)) is (ref_e4 == chess.Board(fen)) is True
    assert (qipan.ChessBoard() == 1) is False and qipan.ChessBoard() != "board"
    assert qipan.ChessBoard() == qipan.ChessBoard()
    assert qipan.XiangqiBoard() == qipan.XiangqiBoard()
    for board in [qipan.ChessBoard(), chess.Board()]:
        with pytest.raises(TypeError):
            hash(board)


def test_xiangqi_move_squares_are_rank_times_nine_plus_file() -> None:
    """Xiangqi squares as the docs define them: a0 = 0, b0 = 1, ..., i0 = 8, a1 = 9, ..., i9 = 89."""

    def index(name: str) -> int:
        return (ord(name[0]) - ord("a")) + 9 * int(name[1])

    board = qipan.XiangqiBoard()
    for move in board.legal_moves:
        uci = move.uci()
        assert (move.from_square, move.to_square) == (index(uci[:2]), index(uci[2:])), uci
        assert move.promotion is None
    assert board.parse_uci("i0i1").from_square == 8 and board.parse_uci("i0i1").to_square == 17
    tied = qipan.Move.from_uci("h2e2", game="xiangqi")
    assert (tied.from_square, tied.to_square) == (index("h2"), index("e2"))
    untied = qipan.Move.from_uci("a9a8")  # rank 9: not a chess square, read as Xiangqi
    assert (untied.from_square, untied.to_square) == (81, 72)


def test_move_from_squares_as_python_chess() -> None:
    """python-chess's constructor: Move(from_square, to_square, promotion=None)."""
    for ref, ours in POSITIONS[:300]:
        for move in ref.legal_moves:
            made = qipan.Move(move.from_square, move.to_square, move.promotion)
            assert made.uci() == move.uci() and made in ours.legal_moves
            assert (made.from_square, made.to_square, made.promotion) == (
                move.from_square,
                move.to_square,
                move.promotion,
            )
    assert qipan.Move(chess.E7, chess.E8, promotion=chess.QUEEN).uci() == chess.Move(chess.E7, chess.E8, chess.QUEEN).uci()
    assert qipan.Move(0, 0).uci() == chess.Move(0, 0).uci() == "0000"
    assert qipan.Move(12, 12).uci() == chess.Move(12, 12).uci()
    assert qipan.Move("e2e4", "chess") == qipan.Move(chess.E2, chess.E4)
    for bad in [(64, 0), (-1, 3), (2**70, 1)]:
        with pytest.raises((ValueError, OverflowError)):
            qipan.Move(*bad)
    with pytest.raises(ValueError):
        qipan.Move(12, 28, 7)
    with pytest.raises(TypeError):
        qipan.Move()  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        qipan.Move(12)  # type: ignore[call-overload]
