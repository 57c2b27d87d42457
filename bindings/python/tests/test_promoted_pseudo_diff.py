"""qipan.chess against python-chess for two behaviours of python-chess's `Board`: the promoted
mask (`board.promoted`, `set_piece_at(..., promoted=True)`, the `~` marks of
`fen(promoted=True)`, `board_fen(promoted=True)`, `epd(promoted=True)` and `set_fen`) through
push, pop, copies and edits, and `push` of a pseudo-legal move that leaves the own king attacked
(then taken back, or answered by taking the king). Seeded random games; answers and types must
agree."""

from __future__ import annotations

import random

import chess
import pytest

import qipan
import qipan.chess as qchess
from chess_positions import walk_positions


def _pick(rng: random.Random, board: chess.Board) -> chess.Move | None:
    """A seeded move biased towards pawn moves and promotions, so that games promote often."""
    moves = sorted(board.legal_moves, key=chess.Move.uci)
    if not moves:
        return None
    promotions = [m for m in moves if m.promotion]
    pawns = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
    roll = rng.random()
    if promotions and roll < 0.7:
        return rng.choice(promotions)
    if pawns and roll < 0.6:
        return rng.choice(pawns)
    return rng.choice(moves)


def _same(ours: qchess.Board, ref: chess.Board) -> None:
    assert type(ours.promoted) is int
    assert ours.promoted == ref.promoted, (ref.fen(promoted=True), ours.fen(promoted=True))
    assert ours.fen(promoted=True) == ref.fen(promoted=True)
    assert ours.fen() == ref.fen()
    assert ours.board_fen(promoted=True) == ref.board_fen(promoted=True)


GAMES = 150


@pytest.mark.parametrize("seed", range(GAMES))
def test_promoted_mask_through_push_pop_and_fen(seed: int) -> None:
    rng = random.Random(seed)
    ref = chess.Board()
    ours = qchess.Board()
    for _ in range(rng.randrange(60, 160)):
        move = _pick(rng, ref)
        if move is None:
            break
        ref.push(move)
        ours.push(qchess.Move.from_uci(move.uci()))
        _same(ours, ref)
        if rng.random() < 0.1:
            assert ours.pop().uci() == ref.pop().uci()
            _same(ours, ref)
    # The marks written are read back, by both.
    text = ref.fen(promoted=True)
    assert qchess.Board(text).promoted == chess.Board(text).promoted == ref.promoted
    again = qchess.Board()
    again.set_fen(text)
    assert again.promoted == ref.promoted
    assert ours.copy().promoted == ours.copy(stack=False).promoted == ref.promoted
    assert ours.epd(promoted=True) == ref.epd(promoted=True)
    # A side-to-move change keeps the moves; taking them back restores every mask.
    ref.turn = not ref.turn
    ours.turn = not ours.turn
    _same(ours, ref)
    while ref.move_stack:
        assert ours.pop().uci() == ref.pop().uci()
        _same(ours, ref)


@pytest.mark.parametrize("seed", range(40))
def test_promoted_marks_set_and_cleared_by_edits(seed: int) -> None:
    rng = random.Random(1000 + seed)
    ref = chess.Board()
    ours = qchess.Board()
    for _ in range(60):
        square = rng.randrange(64)
        roll = rng.random()
        if roll < 0.5:
            symbol = rng.choice("PNBRQpnbrq")
            promoted = rng.random() < 0.6
            ref.set_piece_at(square, chess.Piece.from_symbol(symbol), promoted=promoted)
            ours.set_piece_at(square, qchess.Piece.from_symbol(symbol), promoted=promoted)
        elif roll < 0.8:
            assert str(ours.remove_piece_at(square)) == str(ref.remove_piece_at(square))
        else:
            ref.set_piece_at(square, None, promoted=True)
            ours.set_piece_at(square, None, promoted=True)
        _same(ours, ref)
    placement = ref.board_fen(promoted=True)
    ref.set_board_fen(placement)
    ours.set_board_fen(placement)
    _same(ours, ref)
    ref.clear_board()
    ours.clear_board()
    assert ours.promoted == ref.promoted == 0


def test_promoted_fen_errors_as_python_chess() -> None:
    for text in ("~7/8/8/8/8/8/8/4K2k w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1~"):
        with pytest.raises(ValueError):
            chess.Board(text)
        with pytest.raises(ValueError):
            qchess.Board(text)


POSITIONS = walk_positions(2500, seed=26, plies=(10, 90))


def test_push_of_pseudo_legal_moves_as_python_chess() -> None:
    pushed = taken = 0
    for ref in POSITIONS:
        illegal = [m for m in ref.generate_pseudo_legal_moves() if not ref.is_legal(m)]
        if not illegal:
            continue
        ours = qchess.Board(ref.fen())
        start = ref.fen()
        for move in sorted(illegal, key=chess.Move.uci):
            ref.push(move)
            ours.push(qchess.Move.from_uci(move.uci()))
            pushed += 1
            assert ours.fen() == ref.fen(), (start, move.uci())
            assert ours.peek().uci() == move.uci()
            assert ours.is_check() == ref.is_check()
            # A board the move left invalid mirrors as python-chess's does (it came back
            # unchanged before).
            assert ours.mirror().fen() == ref.mirror().fen(), (start, move.uci())
            # The king left attacked is taken: its side's castling rights go with it.
            captures = [m for m in ref.generate_pseudo_legal_moves() if ref.piece_type_at(m.to_square) == chess.KING]
            ours_captures = [m.uci() for m in ours.generate_pseudo_legal_moves() if ours.piece_type_at(m.to_square) == qchess.KING]
            assert sorted(ours_captures) == sorted(m.uci() for m in captures)
            for capture in captures[:1]:
                ref.push(capture)
                ours.push(qchess.Move.from_uci(capture.uci()))
                taken += 1
                assert ours.fen() == ref.fen(), (start, move.uci(), capture.uci())
                assert ours.castling_rights == ref.castling_rights
                assert ours.pop().uci() == ref.pop().uci() == capture.uci()
            assert ours.pop().uci() == ref.pop().uci()
            assert ours.fen() == ref.fen() == start
    assert pushed > 1000 and taken > 500, (pushed, taken)


def test_push_refuses_what_is_not_pseudo_legal() -> None:
    # python-chess pushes anything unchecked (and may corrupt its board); qipan refuses what no
    # piece can do and changes nothing.
    rng = random.Random(7)
    for ref in POSITIONS[:500]:
        ours = qchess.Board(ref.fen())
        pseudo = {m.uci() for m in ref.generate_pseudo_legal_moves()}
        for _ in range(5):
            uci = chess.square_name(rng.randrange(64)) + chess.square_name(rng.randrange(64))
            if uci[:2] == uci[2:] or uci in pseudo or ref.is_legal(chess.Move.from_uci(uci)):
                continue
            with pytest.raises(qipan.IllegalMoveError):
                ours.push(qchess.Move.from_uci(uci))
            assert ours.fen() == ref.fen()
            assert not ours.move_stack


def test_null_moves_as_python_chess() -> None:
    # A null move takes nothing, whatever stands on a1 (the squares a null move names).
    for ref in POSITIONS[:800]:
        if ref.is_check():
            continue
        ours = qchess.Board(ref.fen())
        for _ in range(2):
            ref.push(chess.Move.null())
            ours.push(qchess.Move.null())
            assert ours.fen() == ref.fen()
        assert ours.pop().uci() == ref.pop().uci() == "0000"
        assert ours.fen() == ref.fen()


def test_promoted_marks_survive_pickling_and_copies() -> None:
    import copy
    import pickle

    for seed in range(30):
        rng = random.Random(3000 + seed)
        text = "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1"
        ref, ours = chess.Board(text), qchess.Board(text)
        square = rng.choice([chess.A1, chess.H1, chess.A8, chess.H8])
        ref.set_piece_at(square, ref.piece_at(square), promoted=True)
        ours.set_piece_at(square, ours.piece_at(square), promoted=True)
        for _ in range(rng.randrange(1, 12)):
            move = _pick(rng, ref)
            if move is None:
                break
            ref.push(move)
            ours.push(qchess.Move.from_uci(move.uci()))
        for ref_copy, our_copy in (
            (pickle.loads(pickle.dumps(ref)), pickle.loads(pickle.dumps(ours))),
            (copy.deepcopy(ref), copy.deepcopy(ours)),
            (ref.copy(), ours.copy()),
            (ref.copy(stack=False), ours.copy(stack=False)),
        ):
            _same(our_copy, ref_copy)
            assert len(our_copy.move_stack) == len(ref_copy.move_stack)
