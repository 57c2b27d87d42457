"""ChessBoard set up piece by piece, python-chess's model: random sequences of
set_piece_at / remove_piece_at / clear_board / set_board_fen / turn changes / clear on boards
from random games and on random placements (no king, three kings, pawns on the back rank, too
many pieces, opposite check, too many checkers...), each step applied to a python-chess board,
the oracle, and to a qipan board: placement, status() flags, is_valid(), kings, checkers and
attackers equal python-chess's after every step; a board that fails validation generates
python-chess's moves (one with several kings of a side raises InvalidFenError for everything that
needs legal moves), never a PanicException."""

from __future__ import annotations

import pickle
import random
from typing import Callable

import chess
import pytest

import qipan

from chess_positions import random_positions

PIECES = [chess.Piece(t, c) for t in chess.PIECE_TYPES for c in chess.COLORS]


def piece_map(board: qipan.ChessBoard) -> dict[int, str]:
    return {sq: p.symbol() for sq, p in board.piece_map().items()}


def ref_piece_map(board: chess.Board) -> dict[int, str]:
    return {sq: p.symbol() for sq, p in board.piece_map().items()}


def random_placement(rng: random.Random) -> str:
    """A random placement field: anything from empty to crowded, kings sometimes missing or
    doubled, pawns anywhere (back ranks included)."""
    board = chess.BaseBoard.empty()
    for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 33, 40])):
        board.set_piece_at(rng.choice(chess.SQUARES), rng.choice(PIECES))
    for color in chess.COLORS:
        for _ in range(rng.choice([0, 1, 1, 1, 1, 2])):
            board.set_piece_at(rng.choice(chess.SQUARES), chess.Piece(chess.KING, color))
    return board.board_fen()


def check_same(ref: chess.Board, ours: qipan.ChessBoard, what: str) -> None:
    assert ours.board_fen() == ref.board_fen(), what
    assert piece_map(ours) == ref_piece_map(ref), what
    assert ours.turn is ref.turn, what
    assert ours.status() == int(ref.status()), (what, ref.fen(), ours.status(), ref.status())
    assert ours.is_valid() is ref.is_valid(), what
    for color in chess.COLORS:
        assert ours.king(color) == ref.king(color), what
    assert ours.checkers().mask == ref.checkers_mask(), what
    assert ours.is_check() is ref.is_check(), what


def step(rng: random.Random, ref: chess.Board, ours: qipan.ChessBoard) -> str:
    """One random set-up edit on both boards; its description."""
    r = rng.random()
    sq = rng.choice(chess.SQUARES)
    if r < 0.45:
        piece = rng.choice(PIECES)
        ref.set_piece_at(sq, piece)
        # Half the time a qipan Piece, half the time python-chess's own.
        ours.set_piece_at(sq, qipan.Piece(piece.piece_type, piece.color) if rng.random() < 0.5 else piece)
        return f"set_piece_at({sq}, {piece.symbol()})"
    if r < 0.8:
        taken_ref = ref.remove_piece_at(sq)
        taken = ours.remove_piece_at(sq)
        assert (taken.symbol() if taken else None) == (taken_ref.symbol() if taken_ref else None)
        return f"remove_piece_at({sq})"
    if r < 0.87:
        ref.turn = not ref.turn
        ours.turn = not ours.turn
        return "turn"
    if r < 0.92:
        placement = random_placement(rng)
        ref.set_board_fen(placement)
        ours.set_board_fen(placement)
        return f"set_board_fen({placement})"
    if r < 0.96:
        ref.clear_board()
        ours.clear_board()
        return "clear_board"
    ref.clear()
    ours.clear()
    return "clear"


NEEDS_MOVES: list[Callable[[qipan.ChessBoard], object]] = [
    lambda b: b.legal_moves,
    lambda b: b.push_uci("e2e4"),
    lambda b: b.push(chess.Move.from_uci("e2e4")),
    lambda b: b.push(qipan.Move.from_uci("e2e4")),
    lambda b: b.push(qipan.Move.from_uci("e1e2")),
    lambda b: b.push_san("e4"),
    lambda b: b.san(chess.Move.from_uci("e2e4")),
    lambda b: b.is_checkmate(),
    lambda b: b.is_stalemate(),
    lambda b: b.outcome(),
    lambda b: b.is_game_over(),
    lambda b: b.result(),
    lambda b: b.perft(1),
    lambda b: b.gives_check(chess.Move.from_uci("e2e4")),
    lambda b: b.is_capture(chess.Move.from_uci("e2e4")),
    lambda b: b.can_claim_draw(),
    lambda b: b.is_insufficient_material(),
    lambda b: b.variation_san([]),
    lambda b: b.is_repetition(),
]


def test_random_set_up_sequences_match_python_chess() -> None:
    rng = random.Random(1515)
    starts = random_positions(150, seed=77)
    steps = invalid = playable = refused = 0
    seen_flags = 0
    for i in range(600):
        if i < len(starts):
            ref = chess.Board(starts[i][0].fen(), chess960=starts[i][0].chess960)
            ours = qipan.ChessBoard(ref.fen(), chess960=ref.chess960)
        else:
            placement = random_placement(rng)
            ref = chess.Board(None)
            ref.set_board_fen(placement)
            ours = qipan.ChessBoard()
            ours.clear()
            ours.set_board_fen(placement)
            ref.turn = ours.turn = rng.random() < 0.5
        check_same(ref, ours, "start")
        for _ in range(rng.randint(1, 8)):
            what = step(rng, ref, ours)
            steps += 1
            check_same(ref, ours, what)
            assert ours.move_stack == []
            # The FEN python-chess writes, read by set_fen (python-chess's reading the oracle),
            # and the board pickled and loaded.
            fen = ref.fen()
            loaded = qipan.ChessBoard(chess960=ref.chess960)
            loaded.set_fen(fen)
            check_same(chess.Board(fen, chess960=ref.chess960), loaded, f"set_fen({fen})")
            # A pickle holds the FEN, so it loads as python-chess reads that FEN (castling rights
            # the placement does not support and the en passant square of an unplayable board
            # are not written, as in python-chess's fen()).
            again = pickle.loads(pickle.dumps(ours))
            check_same(chess.Board(ours.fen(), chess960=ref.chess960), again, f"pickle {what}")
            seen_flags |= ours.status()
            for sq in rng.sample(chess.SQUARES, 3):
                for color in chess.COLORS:
                    assert ours.attackers(color, sq).mask == ref.attackers_mask(color, sq), what
            if ours.is_valid():
                try:
                    moves = {m.uci() for m in ours.legal_moves}
                except qipan.InvalidFenError:
                    # python-chess's status rules let through a few placements qipan's FEN
                    # reader refuses (more promoted pieces than missing pawns, say).
                    refused += 1
                    continue
                playable += 1
                assert moves == {m.uci() for m in ref.legal_moves}, ref.fen()
                assert ours.fen() == ref.fen(), what
            else:
                invalid += 1
                fen = ours.fen()
                several_kings = any(len(ref.pieces(chess.KING, c)) > 1 for c in chess.COLORS)
                if several_kings:
                    # Held without moves (python-chess plays the highest king as the king).
                    for call in NEEDS_MOVES:
                        with pytest.raises(qipan.InvalidFenError, match="not a playable position"):
                            call(ours)
                else:
                    # Played as python-chess plays it.
                    assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in ref.legal_moves}, ref.fen()
                assert ours.fen() == fen and ours.move_stack == []
    assert steps > 2000 and invalid > 1000 and playable > 300, (steps, invalid, playable)
    assert refused * 50 < playable, (refused, playable)
    # Every flag python-chess can raise on a standard board without a history showed up.
    expected = (
        chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
        | chess.STATUS_TOO_MANY_WHITE_PAWNS | chess.STATUS_TOO_MANY_BLACK_PAWNS
        | chess.STATUS_PAWNS_ON_BACKRANK | chess.STATUS_TOO_MANY_WHITE_PIECES
        | chess.STATUS_TOO_MANY_BLACK_PIECES | chess.STATUS_BAD_CASTLING_RIGHTS
        | chess.STATUS_OPPOSITE_CHECK | chess.STATUS_EMPTY | chess.STATUS_TOO_MANY_CHECKERS
        | chess.STATUS_IMPOSSIBLE_CHECK
    )  # fmt: skip
    assert seen_flags & expected == expected, bin(expected & ~seen_flags)


def test_a_board_set_up_piece_by_piece_becomes_playable() -> None:
    board = qipan.ChessBoard()
    board.push_san("e4")
    board.clear()
    assert board.move_stack == [] and board.board_fen() == "8/8/8/8/8/8/8/8"
    assert board.status() == qipan.STATUS_NO_WHITE_KING | qipan.STATUS_NO_BLACK_KING | qipan.STATUS_EMPTY
    assert not board.is_valid() and str(board).count(".") == 64 and "<svg" in board._repr_svg_()
    with pytest.raises(qipan.IllegalMoveError):  # played as python-chess plays it: no pawn there
        board.push_uci("e2e4")
    board.set_piece_at(qipan.E1, qipan.Piece(qipan.KING, qipan.WHITE))
    assert board.status() == qipan.STATUS_NO_BLACK_KING
    board.set_piece_at(qipan.E8, qipan.Piece.from_symbol("k"))
    board.set_piece_at(qipan.E2, qipan.Piece.from_symbol("P"))
    assert board.is_valid() and board.fen() == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    board.push_uci("e2e4")
    assert board.peek().uci() == "e2e4" and not board.turn
    # remove_piece_at of an empty square is an edit still: the move stack goes, as python-chess's.
    ref = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    ref.push_uci("e2e4")
    ref_piece = ref.remove_piece_at(chess.A1)
    assert board.remove_piece_at(qipan.A1) is ref_piece is None and len(board.move_stack) == len(ref.move_stack) == 0
    assert board.remove_piece_at(qipan.E4) == qipan.Piece.from_symbol("P")
    assert board.move_stack == [] and board.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    with pytest.raises(TypeError):
        board.set_piece_at(qipan.E4, "P")  # type: ignore[arg-type]
    with pytest.raises(qipan.InvalidFenError):
        board.set_board_fen("9/8/8/8/8/8/8/8")
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    board.set_piece_at(qipan.E4, None)
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"


def test_unplayable_boards_copy_mirror_and_compare() -> None:
    ref = chess.Board()
    ref.remove_piece_at(chess.E1)
    board = qipan.ChessBoard()
    board.remove_piece_at(qipan.E1)
    assert board.status() == int(ref.status())
    copy = board.copy()
    assert copy == board and copy.status() == board.status()
    mirrored, ref_mirrored = board.mirror(), ref.mirror()
    assert mirrored.board_fen() == ref_mirrored.board_fen()
    assert mirrored.status() == int(ref_mirrored.status())
    assert board.castling_rights == ref.castling_rights
    for color in chess.COLORS:
        assert board.has_castling_rights(color) == ref.has_castling_rights(color)
        assert board.has_kingside_castling_rights(color) == ref.has_kingside_castling_rights(color)
        assert board.has_queenside_castling_rights(color) == ref.has_queenside_castling_rights(color)
    board.set_fen(chess.STARTING_FEN)
    assert board.is_valid() and board.legal_moves.count() == 20


GARBAGE: list[object] = [
    None, True, -1, 64, 90, 2**63, 2**70, -(2**70), 3.5, "", "e4", "x" * 100_000, b"K", [], [1, 2], {},
    object(), chess.Piece(1, True), qipan.Piece(6, False), qipan.XiangqiPiece(1, True),
]


def test_garbage_into_set_up_and_pictures_is_a_typed_error() -> None:
    """Every set-up entry point and qipan.svg.board with garbage: a result or TypeError,
    ValueError, IndexError, OverflowError — never a PanicException."""
    import qipan.svg

    allowed = (TypeError, ValueError, IndexError, OverflowError, AttributeError)
    calls = 0

    def attempt(call: Callable[[], object], what: str) -> None:
        nonlocal calls
        calls += 1
        try:
            call()
        except allowed:
            pass
        except BaseException as e:  # noqa: BLE001 - a PanicException is a BaseException
            pytest.fail(f"{what} raised {type(e).__name__}: {e!s:.100}")

    for make in (qipan.ChessBoard, qipan.XiangqiBoard):
        for a in GARBAGE:
            for b in GARBAGE[:8]:
                board = make()
                attempt(lambda: board.set_piece_at(a, b), f"set_piece_at({a!r:.30}, {b!r:.30})")  # type: ignore[arg-type]
                attempt(lambda: board.set_piece_at(b, a), f"set_piece_at({b!r:.30}, {a!r:.30})")  # type: ignore[arg-type]
            board = make()
            attempt(lambda: board.remove_piece_at(a), "remove_piece_at")  # type: ignore[arg-type]
            attempt(lambda: setattr(board, "turn", a), "turn")
            attempt(lambda: board.piece_at(a), "piece_at")  # type: ignore[arg-type]
            attempt(lambda: board.attackers(a, a), "attackers")  # type: ignore[arg-type]
            attempt(lambda: board.pieces(a, a), "pieces")  # type: ignore[arg-type]
            if isinstance(board, qipan.ChessBoard):
                attempt(lambda: board.set_board_fen(a), "set_board_fen")  # type: ignore[arg-type]
                attempt(lambda: setattr(board, "castling_rights", a), "castling_rights")
                attempt(lambda: setattr(board, "ep_square", a), "ep_square")
            for kw in ("lastmove", "check", "arrows", "fill", "size", "flipped", "coordinates"):
                attempt(lambda: qipan.svg.board(board, **{kw: a}), f"svg {kw}={a!r:.30}")  # type: ignore[arg-type]
            attempt(lambda: qipan.svg.board(board, arrows=[(a, a)]), "svg arrow")  # type: ignore[list-item]
            attempt(lambda: qipan.svg.board(board, fill={a: a}), "svg fill")  # type: ignore[dict-item]
            board.clear()
            for name in ("fen", "board_fen", "piece_map", "checkers", "is_check", "is_valid", "_repr_svg_", "__str__", "copy"):
                attempt(getattr(board, name), name)
    assert calls > 500
