"""Repetition rulings on reconstructed rule-book cycles and contested cycles (chessdb issue 7):
qipan's "asian" rules against pyffish (Fairy-Stockfish, AXF chasing rules) as the oracle, and the
rule-set names. The same cycles are judged by hand, per rule set, in
crates/qipan/tests/xiangqi_rulings.rs.
"""

from __future__ import annotations

from typing import Optional

import pyffish as sf
import pytest

import qipan

from conftest import iccs_to_sf

# (FEN, one turn of the cycle in ICCS); the cycle is played twice: the start position's third
# occurrence.
CYCLES = [
    ("4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1", "f4e4 e9f9 e4f4 f9e9"),
    ("5k3/9/9/9/6R2/9/9/6n2/9/3K5 w - - 0 1", "g5f5 f9e9 f5g5 e9f9"),
    ("5k3/9/9/9/9/9/4p4/9/3R5/3K5 w - - 0 1", "d1e1 e3d3 e1d1 d3e3"),
    ("4k4/9/9/9/1r7/4p4/1N7/9/9/3K5 w - - 0 1", "b3d4 b5c5 d4b3 c5b5"),
    ("4k4/1r7/4b4/9/9/4R4/9/9/1C7/3K5 w - - 0 1", "b1a1 b8a8 a1b1 a8b8"),
    ("4k4/9/5r3/9/5PP2/9/9/6C2/9/3K5 w - - 0 1", "g2f2 f7g7 f2g2 g7f7"),
    ("4k4/4a4/4bn3/9/5R3/5C3/9/9/9/4K4 w - - 0 1", "f4e4 e9f9 e4f4 f9e9"),
    ("1RC1k4/9/4n4/9/9/9/9/4B4/9/4K4 w - - 0 1", "b9b7 e7f9 b7b9 f9e7"),
    ("4k4/9/4n4/9/3c5/9/4N4/9/9/3K5 w - - 0 1", "d0e0 e7c8 e0d0 c8e7"),
    ("4k4/9/c6c1/9/9/9/9/9/9/1R3K2R w - - 0 1", "i0h0 h7i7 b0a0 a7b7 h0i0 i7h7 a0b0 b7a7"),
    ("4k4/9/9/9/9/r1r6/3C5/4B4/9/5K3 w - - 0 1", "d3f3 c4g4 f3d3 g4c4"),
    ("3c1k3/9/3R5/9/9/9/3cR4/9/4A4/3K1A3 w - - 0 1", "d0e0 d9e9 e0d0 e9d9"),
]


def _pyffish_winner(fen: str, moves: list[str]) -> Optional[bool]:
    """The winner pyffish gives at the end of `moves`: True for Red, False for Black, None for a
    draw (python-chess's types, as qipan's outcome has them)."""
    over, value = sf.is_optional_game_end("xiangqi", fen, [iccs_to_sf(m) for m in moves])
    assert over, "pyffish sees no end"
    red_to_move = len(moves) % 2 == 0
    return None if value == 0 else (red_to_move if value > 0 else not red_to_move)


@pytest.mark.parametrize("fen,cycle", CYCLES)
def test_asian_rulings_match_pyffish(fen: str, cycle: str) -> None:
    moves = cycle.split() * 2
    board = qipan.XiangqiBoard(fen, rules="asian")
    for uci in moves:
        board.push_uci(uci)
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner == _pyffish_winner(fen, moves)


@pytest.mark.parametrize("fen,cycle", CYCLES)
def test_chinese_and_simple_rules_end_the_cycle_too(fen: str, cycle: str) -> None:
    for rules in ["chinese", "simple"]:
        board = qipan.XiangqiBoard(fen, rules=rules)
        assert board.rules == rules
        for uci in cycle.split() * 2:
            board.push_uci(uci)
        outcome = board.outcome()
        assert outcome is not None
        if rules == "simple":
            assert (outcome.termination, outcome.winner) == (qipan.Termination.REPETITION, None)


def test_one_check_one_chase_differs_between_the_rule_sets() -> None:
    # CXA 细则2 reconstructed: AXF draws, CXA makes the checking-and-chasing side lose.
    fen, cycle = CYCLES[1]
    verdicts = {}
    for rules in ["asian", "chinese"]:
        board = qipan.XiangqiBoard(fen, rules=rules)
        for uci in cycle.split() * 2:
            board.push_uci(uci)
        outcome = board.outcome()
        assert outcome is not None
        verdicts[rules] = (outcome.termination, outcome.winner)
    assert verdicts == {
        "asian": (qipan.Termination.REPETITION, None),
        "chinese": (qipan.Termination.PERPETUAL_CHASE, qipan.BLACK),
    }
