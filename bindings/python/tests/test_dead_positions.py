"""Dead positions and who can still win (FIDE 1.3 / 5.2.2 / 6.9).

The labels come from data/chess-dead-positions.epd (lichess issues, the Chess Unwinnability
Analyzer's README, hand-proved cases) and data/chess-unwinnable-handmade.epd (proved by hand);
every mating line qipan gives is replayed in python-chess, the oracle, to the right side's mate.
"""

from __future__ import annotations

import pathlib
import random
from typing import List, Optional, Tuple

import chess
import pytest

import qipan

from conftest import mates_within

DATA = pathlib.Path(__file__).resolve().parents[3] / "data"


def labelled(name: str) -> List[Tuple[str, bool, bool, str]]:
    out = []
    for line in (DATA / name).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, label, source = (field.strip() for field in line.split(";", 2))
        who = label.removeprefix("can_win ")
        assert who in ("both", "white", "black", "none"), line
        out.append((fen, who in ("both", "white"), who in ("both", "black"), source))
    return out


CASES = labelled("chess-dead-positions.epd") + labelled("chess-unwinnable-handmade.epd")


def assert_mates(fen: str, color: chess.Color, line: List[qipan.Move]) -> None:
    """Replays `line` in python-chess and checks that it ends in `color`'s checkmate."""
    board = chess.Board(fen)
    for mv in line:
        move = chess.Move.from_uci(mv.uci())
        assert move in board.legal_moves, f"{fen}: illegal {mv.uci()} in {board.fen()}"
        board.push(move)
    assert board.is_checkmate(), f"{fen}: line ends without mate in {board.fen()}"
    assert board.turn == (not color), f"{fen}: the wrong side is mated"


@pytest.mark.parametrize("fen,white,black,source", CASES)
def test_labelled_positions(fen: str, white: bool, black: bool, source: str) -> None:
    board = qipan.ChessBoard(fen)
    for name, color, expected in (("white", chess.WHITE, white), ("black", chess.BLACK, black)):
        assert board.can_win(name) is expected, f"{fen} ({source}) {name}"
        line = board.helpmate(name)
        if expected:
            assert line is not None
            assert_mates(fen, color, line)
        else:
            assert line is None
    assert board.is_dead_position() is (not white and not black)
    outcome = board.outcome()
    if not white and not black:
        assert outcome is not None
        assert outcome.termination.value in ("dead_position", "insufficient_material", "stalemate")
    elif outcome is None:
        for flagged, opponent_wins in (("white", black), ("black", white)):
            flag_board = qipan.ChessBoard(fen)
            assert flag_board.flag(flagged)
            result = flag_board.outcome()
            assert result is not None and result.termination == qipan.Termination.TIMEOUT
            # python-chess's types: the winner is True for White, False for Black, None for a draw.
            assert result.winner == ((flagged == "black") if opponent_wins else None)


def random_game_positions(count: int, seed: int) -> List[str]:
    """Every 5th position of random python-chess games up to 300 plies (many low-material endings)."""
    rng = random.Random(seed)
    fens: List[str] = []
    while len(fens) < count:
        board = chess.Board()
        for ply in range(300):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            if ply % 5 == 4:
                fens.append(board.fen())
    return fens[:count]


def test_mating_lines_replay_in_python_chess() -> None:
    """Soundness: whenever qipan says a side can win, its line mates in python-chess; when it
    says a side cannot, python-chess finds no mate by that side within two plies."""
    verdicts = {True: 0, False: 0, None: 0}
    for fen in random_game_positions(2000, 16):
        board = qipan.ChessBoard(fen)
        for name, color in (("white", chess.WHITE), ("black", chess.BLACK)):
            verdict: Optional[bool] = board.can_win(name)
            verdicts[verdict] += 1
            if verdict:
                line = board.helpmate(name)
                assert line is not None
                assert_mates(fen, color, line)
            elif verdict is False:
                assert not mates_within(chess.Board(fen), color, 2), fen
    assert verdicts[True] > 1000 and verdicts[False] > 0, verdicts


def test_dead_position_termination_name() -> None:
    board = qipan.ChessBoard("4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1")
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner, outcome.result()) == (
        qipan.Termination.DEAD_POSITION,
        None,
        "1/2-1/2",
    )
    assert qipan.Outcome("dead_position").termination == qipan.Termination.DEAD_POSITION


PROOF_KINDS = ("material", "game_over", "blocked_structure", "exhausted_search")


@pytest.mark.parametrize("fen,white,black,source", CASES)
def test_cannot_win_proof_is_behind_every_false(fen: str, white: bool, black: bool, source: str) -> None:
    board = qipan.ChessBoard(fen)
    reference = chess.Board(fen)
    for name, color, expected in (("white", chess.WHITE, white), ("black", chess.BLACK, black)):
        proof: Optional[str] = board.cannot_win_proof(name)
        if expected:
            assert proof is None, f"{fen} ({source}) {name}: {proof}"
            continue
        assert proof in PROOF_KINDS, f"{fen} ({source}) {name}: {proof}"
        # The cheap proofs come first, as python-chess sees the position.
        if reference.has_insufficient_material(color):
            assert proof == "material", f"{fen} {name}"
        elif not any(reference.legal_moves):
            assert proof == "game_over", f"{fen} {name}"


def test_cannot_win_proof_names_each_kind() -> None:
    # Black mated: White's win is over; the pawn wall no king crosses; a bare king; Xiangqi's
    # material test.
    mated = qipan.ChessBoard("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mated.cannot_win_proof("white") == "game_over"
    assert mated.cannot_win_proof("black") is None
    wall = qipan.ChessBoard("4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1")
    assert wall.cannot_win_proof(chess.WHITE) == "blocked_structure"
    rook = qipan.ChessBoard("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
    assert rook.cannot_win_proof("white") is None
    assert rook.cannot_win_proof("black") == "material"
    generals = qipan.XiangqiBoard("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    assert generals.cannot_win_proof("red") == "material"
    assert qipan.XiangqiBoard().cannot_win_proof("red") is None
    with pytest.raises((TypeError, ValueError)):
        rook.cannot_win_proof("green")
