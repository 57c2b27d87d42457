"""qipan.chess against python-chess for the drop-in names the other differential tests leave out:
`push_xboard`, `shredder_fen`, `set_chess960_pos`, `apply_mirror`, `LegalMoveGenerator(board)`
and `read_game(..., Visitor=SkipVisitor)`, on seeded random positions (standard and Chess960)
and games. Answers, types and exceptions must agree."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import pytest

import qipan.chess as qchess
from chess_positions import walk_positions
import qipan.chess.pgn as qpgn


POSITIONS = walk_positions(2000, seed=2611, plies=(5, 80), chess960_share=0.3)


def _ours(ref: chess.Board) -> qchess.Board:
    return qchess.Board(ref.fen(), chess960=ref.chess960)


def test_push_xboard_as_python_chess() -> None:
    rng = random.Random(5)
    for ref in POSITIONS:
        moves = sorted(ref.legal_moves, key=chess.Move.uci)
        for move in rng.sample(moves, min(3, len(moves))):
            text = ref.xboard(move)
            ref_after, ours = ref.copy(), _ours(ref)
            pushed = ref_after.push_xboard(text)
            mine = ours.push_xboard(text)
            assert type(mine).__name__ == "Move"
            assert mine.uci() == pushed.uci(), (ref.fen(), text)
            assert ours.fen() == ref_after.fen()
    for ref in POSITIONS[:200]:
        with pytest.raises(ValueError):
            ref.copy().push_xboard("a1a1")
        with pytest.raises(ValueError):
            _ours(ref).push_xboard("a1a1")


def test_shredder_fen_as_python_chess() -> None:
    for ref in POSITIONS:
        assert _ours(ref).shredder_fen() == ref.shredder_fen()


@pytest.mark.parametrize("start", range(0, 960, 8))
def test_set_chess960_pos_as_python_chess(start: int) -> None:
    for n in range(start, start + 8):
        ref, ours = chess.Board(), qchess.Board()
        ref.set_chess960_pos(n)
        ours.set_chess960_pos(n)
        assert ours.fen() == ref.fen()
        assert ours.shredder_fen() == ref.shredder_fen()
        assert ours.chess960_pos() == ref.chess960_pos() == n


def test_apply_mirror_as_python_chess() -> None:
    for ref in POSITIONS:
        ours = _ours(ref)
        mirrored = ref.copy(stack=False)
        mirrored.apply_mirror()
        ours.apply_mirror()
        assert ours.fen() == mirrored.fen()
        assert ours.turn == mirrored.turn
        assert ours.castling_rights == mirrored.castling_rights


def test_legal_move_generator_as_python_chess() -> None:
    for ref in POSITIONS[:1000]:
        ours = _ours(ref)
        gen_ref, gen_ours = chess.LegalMoveGenerator(ref), qchess.LegalMoveGenerator(ours)
        # The same moves (qipan's legal moves come in its own order, see docs/python.md).
        assert sorted(m.uci() for m in gen_ours) == sorted(m.uci() for m in gen_ref)
        assert gen_ours.count() == gen_ref.count()
        assert bool(gen_ours) == bool(gen_ref)
        for move in list(gen_ref)[:3]:
            assert qchess.Move.from_uci(move.uci()) in gen_ours
        assert isinstance(ours.legal_moves, qchess.LegalMoveGenerator)


def test_skip_visitor_as_python_chess() -> None:
    rng = random.Random(9)
    games = []
    for i in range(40):
        board = chess.Board()
        for _ in range(rng.randrange(0, 30)):
            moves = sorted(board.legal_moves, key=chess.Move.uci)
            if not moves:
                break
            board.push(rng.choice(moves))
        game = chess.pgn.Game.from_board(board)
        game.headers["Round"] = str(i)
        games.append(str(game))
    text = "\n\n".join(games) + "\n"
    ref_handle, our_handle = io.StringIO(text), io.StringIO(text)
    while True:
        skipped_ref = chess.pgn.read_game(ref_handle, Visitor=chess.pgn.SkipVisitor)
        skipped_ours = qpgn.read_game(our_handle, Visitor=qpgn.SkipVisitor)
        assert skipped_ours == skipped_ref
        assert chess.pgn.skip_game(ref_handle) == qpgn.skip_game(our_handle)
        ref_game, our_game = chess.pgn.read_game(ref_handle), qpgn.read_game(our_handle)
        if ref_game is None:
            assert our_game is None
            break
        assert our_game is not None
        assert our_game.headers["Round"] == ref_game.headers["Round"]
        assert [m.uci() for m in our_game.mainline_moves()] == [m.uci() for m in ref_game.mainline_moves()]
