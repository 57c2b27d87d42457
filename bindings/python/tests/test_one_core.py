"""The names and adjudications every front end shares: the rule-set table and the adjudication
table in data/ are read by the Rust, CLI, Python and JS tests alike."""

from pathlib import Path
from typing import List, Optional, Tuple, Union

import pytest

import qipan

DATA = Path(__file__).resolve().parents[3] / "data"


def rows(name: str) -> List[List[str]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [l.split("\t") for l in lines if l.strip() and not l.startswith("#")]


Board = Union[qipan.ChessBoard, qipan.XiangqiBoard]


def board(game: str, fen: Optional[str] = None, rules: Optional[str] = None) -> Board:
    if game == "chess":
        return qipan.ChessBoard(rules=rules) if fen is None else qipan.ChessBoard(fen, rules=rules)
    return qipan.XiangqiBoard(fen, rules) if rules is not None else qipan.XiangqiBoard(fen)


@pytest.mark.parametrize("game,given,expected", rows("rule-names.tsv"))
def test_rule_names(game: str, given: str, expected: str) -> None:
    if expected.startswith("="):
        assert board(game, rules=given).rules == expected[1:]
    else:
        with pytest.raises(ValueError) as error:
            board(game, rules=given)
        assert str(error.value) == expected[1:]


@pytest.mark.parametrize("game,fen,action,color,termination,winner", rows("adjudications.tsv"))
def test_adjudications(
    game: str, fen: str, action: str, color: str, termination: str, winner: str
) -> None:
    b = board(game, None if fen == "-" else fen)
    done = b.agree_draw() if action == "agree" else getattr(b, action)(color)
    assert done
    outcome = b.outcome()
    assert outcome is not None
    assert outcome.termination is qipan.Termination[termination.upper()]
    assert outcome.winner is {"-": None, "white": True, "red": True, "black": False}[winner]
    # Over is over: a second adjudication is refused and changes nothing.
    assert not b.agree_draw()
    assert b.outcome() == outcome
