"""qipan.XiangqiBoard against pyffish (Fairy-Stockfish) on positions from seeded random playouts,
and against the shipped perft and repetition data.

pyffish writes Xiangqi squares with ranks 1-10; ICCS (qipan) uses 0-9: see conftest's converters.
pyffish is slow per call (milliseconds), so each position is asked once and kept.
"""

from __future__ import annotations

import random
from typing import Optional

import pyffish as sf
import pytest

import qipan

from conftest import (
    fen_fields,
    iccs_to_sf,
    sf_to_iccs,
    xiangqi_perft_cases,
    xiangqi_repetition_cases,
)

START = sf.start_fen("xiangqi")


Position = tuple[list[str], set[str], bool, Optional[str]]


def _playout(seed: int, plies: int) -> list[Position]:
    """Positions of a seeded random game played with pyffish's moves: (moves so far in ICCS,
    legal moves in ICCS, in check, pyffish's FEN for every fifth position, else None)."""
    rng = random.Random(seed)
    moves_sf: list[str] = []
    out = []
    for _ in range(plies + 1):
        legal = sorted(sf.legal_moves("xiangqi", START, moves_sf))
        check = sf.gives_check("xiangqi", START, moves_sf)
        fen = sf.get_fen("xiangqi", START, moves_sf) if len(moves_sf) % 5 == 0 else None
        out.append(([sf_to_iccs(m) for m in moves_sf], {sf_to_iccs(m) for m in legal}, check, fen))
        if not legal:
            break
        moves_sf.append(rng.choice(legal))
    return out


def _positions(count: int) -> list[Position]:
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        out.extend(_playout(seed, 140))
        seed += 1
    return out


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return _positions(2000)


def test_positions_match_pyffish(positions: list[Position]) -> None:
    """Legal moves, check, mate and FEN on 2000 positions (pyffish answers ~3 ms a call)."""
    assert len(positions) >= 2000
    board = qipan.XiangqiBoard()
    for moves, legal, check, fen in positions:
        if len(board.move_stack) + 1 != len(moves) or [m.uci() for m in board.move_stack] != moves[:-1]:
            board = qipan.XiangqiBoard()
            for uci in moves:
                board.push_uci(uci)
        else:
            board.push_uci(moves[-1])
        ours = {m.uci() for m in board.legal_moves}
        assert ours == legal, (fen, sorted(ours ^ legal))
        assert len(board.legal_moves) == len(ours)
        # count() and bool() of a fresh legal_moves count without making move objects.
        assert board.legal_moves.count() == len(legal) and bool(board.legal_moves) is bool(legal)
        assert board.is_check() == check, moves
        assert board.is_checkmate() == (check and not legal), moves
        assert board.is_stalemate() == (not check and not legal), moves
        assert board.turn is (qipan.RED if len(moves) % 2 == 0 else qipan.BLACK)
        if fen is not None:
            assert fen_fields(board.fen(), 2) == fen_fields(fen, 2)
            # FEN round trip through qipan, judged by pyffish's move list.
            assert {m.uci() for m in qipan.XiangqiBoard(fen).legal_moves} == legal


def test_wxf_matches_pyffish(positions: list[Position]) -> None:
    """WXF of one random legal move in every fifth position, as Fairy-Stockfish writes it."""
    rng = random.Random(7)
    same = tandem = 0
    for moves, legal, _, fen in positions:
        if not legal or fen is None:
            continue
        board = qipan.XiangqiBoard(fen)
        uci = rng.choice(sorted(legal))
        expected = sf.get_san("xiangqi", fen, iccs_to_sf(uci), False, sf.NOTATION_XIANGQI_WXF)
        move = qipan.Move.from_uci(uci, "xiangqi")
        ours = board.wxf(move)
        assert board.parse_wxf(ours) == move, (fen, ours)
        # qipan writes a traverse as "." (the WXF standard), pyffish as "=".
        if ours.replace(".", "=") == expected:
            same += 1
            assert board.parse_wxf(expected) == move, (fen, expected)
        else:
            # Two pieces of a kind on one file: WXF (and qipan) put "+"/"-" (front/rear) in
            # place of the file number; pyffish keeps the file number.
            assert ours[1] in "+-" or ours[0].isdigit(), (fen, uci, ours, expected)
            tandem += 1
    assert same > 10 * tandem, (same, tandem)


@pytest.mark.parametrize(
    "fen",
    [
        "3k5/9/9/9/9/9/9/9/1r7/r3K4 w - - 0 1",  # two rooks mate the red king
        "4k4/4P4/9/9/9/9/9/9/9/3K5 b - - 0 1",  # a red pawn checks; the king takes it
    ],
)
def test_game_end_matches_pyffish(fen: str) -> None:
    legal = {sf_to_iccs(m) for m in sf.legal_moves("xiangqi", fen, [])}
    check = sf.gives_check("xiangqi", fen, [])
    board = qipan.XiangqiBoard(fen)
    assert {m.uci() for m in board.legal_moves} == legal
    assert board.is_check() == check
    assert board.is_checkmate() == (check and not legal)
    outcome = board.outcome()
    if legal:
        assert outcome is None
    else:
        # No legal move loses in Xiangqi, in check or not.
        assert outcome is not None
        assert outcome.winner is (qipan.BLACK if fen.split()[1] == "w" else qipan.RED)
        assert outcome.termination is (qipan.Termination.CHECKMATE if check else qipan.Termination.STALEMATE)


@pytest.mark.parametrize("fen,depth,nodes", xiangqi_perft_cases())
def test_perft_suite(fen: str, depth: int, nodes: int) -> None:
    assert qipan.XiangqiBoard(fen).perft(depth) == nodes


@pytest.mark.parametrize(
    "case", xiangqi_repetition_cases(), ids=lambda c: c["note"][:40]
)
def test_repetition_cases_asian(case: dict) -> None:
    board = qipan.XiangqiBoard(case["fen"], rules="asian")
    for uci in case["moves"]:
        board.push_uci(uci)
    outcome = board.outcome()
    assert outcome is not None
    winner = {None: None, "red": True, "black": False}[case["expected"]["winner"]]
    assert (outcome.termination.value, outcome.winner) == (case["expected"]["termination"], winner)
    assert board.is_game_over()


@pytest.mark.parametrize("case", xiangqi_repetition_cases(), ids=lambda c: c["note"][:40])
def test_repetition_cases_simple(case: dict) -> None:
    board = qipan.XiangqiBoard(case["fen"], rules="simple")
    assert board.rules == "simple"
    for uci in case["moves"]:
        board.push_uci(uci)
    outcome = board.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.winner) == (qipan.Termination.REPETITION, None)
