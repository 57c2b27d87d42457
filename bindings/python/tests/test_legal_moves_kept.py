"""`board.legal_moves` is kept per position (the board hands the same object out again while its
position is unchanged): it must never answer for a position the board has left.

Checked against python-chess after every push, pop and edit of a seeded random walk, each position's
moves read several times (the second read is the kept object); for Xiangqi, against a board made
from the FEN alone (which keeps nothing).
"""

from __future__ import annotations

import random

import chess

import qipan

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def _ucis(moves: object) -> list[str]:
    return sorted(m.uci() for m in moves)  # type: ignore[attr-defined]


def _same(ours: qipan.ChessBoard, ref: chess.Board) -> None:
    want = _ucis(ref.legal_moves)
    for _ in range(2):
        legal = ours.legal_moves
        assert _ucis(legal) == want, ref.fen()
        assert legal.count() == len(want) and len(legal) == len(want)
        assert bool(legal) == bool(want)


def test_kept_moves_follow_pushes_pops_and_edits() -> None:
    rng = random.Random(31)
    for start in (chess.STARTING_FEN, KIWIPETE):
        ref, ours = chess.Board(start), qipan.ChessBoard(start)
        for step in range(300):
            _same(ours, ref)
            action = rng.random()
            if action < 0.55 and not ref.is_game_over():
                move = rng.choice(sorted(ref.legal_moves, key=chess.Move.uci))
                ref.push(move)
                ours.push_uci(move.uci())
            elif action < 0.8 and ref.move_stack:
                assert ref.pop().uci() == ours.pop().uci()
            elif action < 0.9:
                # An edit that keeps the position playable: a piece of the side not to move
                # removed (never a king), or the clocks changed through the FEN.
                squares = [
                    sq
                    for sq, piece in ref.piece_map().items()
                    if piece.color != ref.turn and piece.piece_type != chess.KING
                ]
                if squares:
                    square = rng.choice(sorted(squares))
                    ref.remove_piece_at(square)
                    ours.remove_piece_at(square)
                    if not ref.is_valid():
                        ref.set_fen(start)
                        ours.set_fen(start)
            else:
                fen = ref.fen()
                ref.set_fen(fen)
                ours.set_fen(fen)
            assert ours.fen() == ref.fen()


def test_copies_and_castling_edits_are_read_afresh() -> None:
    ref, ours = chess.Board(KIWIPETE), qipan.ChessBoard(KIWIPETE)
    _same(ours, ref)
    copy = ours.copy()
    copy.push_uci("e1g1")
    ref_copy = ref.copy()
    ref_copy.push_uci("e1g1")
    _same(copy, ref_copy)
    _same(ours, ref)
    # The same pieces with fewer castling rights: another position, other moves.
    fewer = KIWIPETE.replace(" KQkq ", " kq ")
    ref.set_fen(fewer)
    ours.set_fen(fewer)
    _same(ours, ref)


def test_xiangqi_kept_moves_match_a_fresh_board() -> None:
    rng = random.Random(31)
    board = qipan.XiangqiBoard()
    for _ in range(400):
        kept = board.legal_moves
        fresh = qipan.XiangqiBoard(board.fen()).legal_moves
        assert _ucis(board.legal_moves) == _ucis(fresh) == _ucis(kept)
        if board.move_stack and rng.random() < 0.3:
            board.pop()
        elif fresh:
            board.push(rng.choice(sorted(fresh, key=lambda m: m.uci())))
        else:
            board.pop()
