"""ChessBoard setup against python-chess, the oracle:
STATUS_* values, status() and is_valid() on positions of random games and on perturbed FENs that
qipan plays, set_fen, reset, clear_stack and mirror. (The core's status flags on invalid setups —
random placements — are checked against python-chess in crates/qipan/tests/chess_status.rs.)"""

from __future__ import annotations

import random

import chess
import pytest

import qipan

from chess_positions import random_positions

POSITIONS = random_positions(600, seed=3015)


def test_status_constants_are_python_chess_values() -> None:
    names = [name for name in dir(chess) if name.startswith("STATUS_")]
    assert len(names) == 18
    for name in names:
        assert getattr(qipan, name) == int(getattr(chess, name)), name


def test_status_of_game_positions() -> None:
    for ref, ours in POSITIONS:
        assert ours.status() == int(ref.status()) == qipan.STATUS_VALID
        assert ours.is_valid() is ref.is_valid() is True


def test_status_of_perturbed_positions_that_qipan_accepts() -> None:
    """Pieces added or removed, turn flipped: every FEN qipan reads has python-chess's status."""
    rng = random.Random(5)
    pieces = [chess.Piece(t, c) for t in chess.PIECE_TYPES for c in chess.COLORS]
    accepted = refused = 0
    for ref, _ in POSITIONS:
        board = ref.copy(stack=False)
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            if r < 0.4:
                board.set_piece_at(rng.choice(chess.SQUARES), rng.choice(pieces))
            elif r < 0.8:
                board.remove_piece_at(rng.choice(chess.SQUARES))
            else:
                board.turn = not board.turn
        fen = board.fen()
        # The FEN read again: what a FEN says (python-chess's board object keeps castling rights
        # of rooks it removed, which its FEN leaves out).
        board = chess.Board(fen, chess960=board.chess960)
        try:
            ours = qipan.ChessBoard(fen, chess960=board.chess960)
        except qipan.InvalidFenError:
            refused += 1
            continue
        accepted += 1
        assert ours.status() == int(board.status()), board.fen()
    # Every FEN python-chess reads is read (boards that fail validation included).
    assert accepted > 250 and refused == 0, (accepted, refused)


def test_set_fen_reset_and_clear_stack() -> None:
    rng = random.Random(9)
    for ref, ours in rng.sample(POSITIONS, 100):
        board = qipan.ChessBoard(chess960=ref.chess960)
        if not ref.chess960:
            board.push_uci("e2e4")
        board.set_fen(ref.fen())
        assert board.fen() == ref.fen() and board.move_stack == []
        assert board == ours and board.ply() == ref.ply()
        ours_copy, ref_copy = ours.copy(), ref.copy()
        ours_copy.clear_stack()
        ref_copy.clear_stack()
        assert ours_copy.move_stack == [] and ours_copy.fen() == ref_copy.fen()
        ours_copy.reset()
        ref_copy.reset()
        assert ours_copy.fen() == ref_copy.fen() and ours_copy.move_stack == []
    board = qipan.ChessBoard()
    board.push_uci("e2e4")
    before = board.fen()
    for bad in ["not a fen", "x" * 100_000, "8/8/8/8/8/8/8/8 x - - 0 1", "8/8/8/8/8/8/8/8 w - - z 1"]:
        with pytest.raises(qipan.InvalidFenError):
            board.set_fen(bad)
        assert board.fen() == before and len(board.move_stack) == 1
    # A FEN of a board that fails validation is held, as python-chess's set_fen holds it.
    board.set_fen("8/8/8/8/8/8/8/8 w - - 0 1")
    assert board.status() == int(chess.Board("8/8/8/8/8/8/8/8 w - - 0 1").status())
    assert board.move_stack == [] and not board.is_valid()


def test_mirror_is_python_chess_mirror() -> None:
    for ref, ours in POSITIONS:
        mirrored = ours.mirror()
        assert mirrored.fen() == ref.mirror().fen(), ref.fen()
        assert mirrored.move_stack == [] and mirrored.chess960 == ours.chess960
        assert mirrored.mirror() == ours.copy(stack=False)


GARBAGE: list[object] = [
    None, True, -1, 64, 2**70, -(2**70), 3.5, "", "e4", "x" * 100_000, b"e2e4", [], [1, 2], {},
    object(), chess.Move.from_uci("e2e4"), qipan.Move.null(), chess.Piece(1, True),
]


def test_garbage_into_the_python_chess_methods_is_a_typed_error() -> None:
    """Every new entry point with every garbage argument: a result or TypeError, ValueError,
    IndexError, OverflowError — never a PanicException, never a changed board."""
    allowed = (TypeError, ValueError, IndexError, OverflowError)
    one_arg = [
        "piece_at", "piece_type_at", "color_at", "king", "attacks", "checkers", "is_capture",
        "gives_check", "is_castling", "is_kingside_castling", "is_queenside_castling",
        "is_en_passant", "is_zeroing", "is_irreversible", "lan", "variation_san",
        "is_repetition", "has_castling_rights", "has_kingside_castling_rights",
        "has_queenside_castling_rights", "set_fen", "push", "is_legal", "san",
    ]  # fmt: skip
    two_args = ["pieces", "attackers", "is_attacked_by", "pin", "is_pinned"]
    board = qipan.ChessBoard("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    fen = board.fen()
    calls = 0
    for name in one_arg + two_args:
        method = getattr(board, name)
        for a in GARBAGE:
            for args in ([a],) if name in one_arg else ([a, a], [True, a], [a, 12]):
                try:
                    method(*args)
                except allowed:
                    pass
                except BaseException as e:  # noqa: BLE001 - a PanicException is a BaseException
                    pytest.fail(f"{name}{tuple(args)!r:.80} raised {type(e).__name__}: {e!s:.100}")
                calls += 1
                if name != "push":
                    assert board.fen() == fen, name
                else:
                    while board.move_stack:
                        board.pop()
    for a in GARBAGE:
        for make in (qipan.SquareSet, qipan.Piece.from_symbol, lambda x: qipan.Piece(x, True),
                     lambda x: qipan.Outcome(x), lambda x: qipan.SquareSet(1) | x, qipan.parse_square):  # fmt: skip
            try:
                make(a)  # type: ignore[arg-type, operator]
            except allowed:
                pass
            except BaseException as e:  # noqa: BLE001
                pytest.fail(f"{make}({a!r:.40}) raised {type(e).__name__}: {e!s:.100}")
            calls += 1
    assert calls > 500
