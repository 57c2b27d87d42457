"""Engine scores with python-chess's names and arithmetic (``chess.engine``'s ``Score``, ``Cp``,
``Mate``, ``MateGiven`` and ``PovScore``), so that ``node.eval()`` returns what a python-chess
program expects.

>>> from qipan.engine_score import Cp, Mate, MateGiven, PovScore
>>> Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1) < MateGiven
True
>>> -Cp(20), -Mate(-4), -Mate(0)
(Cp(-20), Mate(+4), MateGiven)
>>> PovScore(Cp(35), False).white()
Cp(-35)
"""

from __future__ import annotations

import math
from typing import Iterator, Optional

__all__ = ["Score", "Cp", "Mate", "MateGiven", "MateGivenType", "PovScore", "Wdl", "PovWdl"]

WHITE = True
BLACK = False


def _lichess_wins(cp: int) -> int:
    """Lichess's win-rate curve: wins per mille for a centipawn advantage."""
    return round(1000 / (1 + math.exp(-0.00368208 * cp)))


class Score:
    """An evaluation from one side's point of view: ``Cp``, ``Mate`` or ``MateGiven``."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def wdl(self, *, model: str = "lichess", ply: int = 30) -> "Wdl":
        """Win/draw/loss expectation per mille. Only the ``lichess`` model (a logistic curve of
        the centipawns, mates counted as won or lost) is implemented."""
        if model != "lichess":
            raise NotImplementedError(f"wdl model {model!r} is not implemented (only 'lichess')")
        if isinstance(self, MateGivenType):
            return Wdl(1000, 0, 0)
        mate = self.mate()
        if mate is not None:
            # A mate counts as a large advantage that shrinks with its distance.
            wins = _lichess_wins((21 - min(10, abs(mate))) * 100)
            return Wdl(wins, 0, 1000 - wins) if mate > 0 else Wdl(1000 - wins, 0, wins)
        cp = self.score()
        assert cp is not None
        wins = _lichess_wins(max(-1000, min(cp, 1000)))
        return Wdl(wins, 0, 1000 - wins)

    def _key(self) -> "tuple[int, int]":
        raise NotImplementedError

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        return self

    def __abs__(self) -> "Score":
        return -self if self._key() < Cp(0)._key() else self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: "Score") -> bool:
        return self._key() < other._key()

    def __le__(self, other: "Score") -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: "Score") -> bool:
        return self._key() > other._key()

    def __ge__(self, other: "Score") -> bool:
        return self._key() >= other._key()


class Cp(Score):
    """Centipawns."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def mate(self) -> None:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def _key(self) -> "tuple[int, int]":
        return (1, self.cp)

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"


class Mate(Score):
    """Mate in ``moves``: positive when this side mates, negative (or ``-0``) when it is mated."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        return self.moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - self.moves
        return -mate_score - self.moves

    def _key(self) -> "tuple[int, int]":
        return (2, -self.moves) if self.moves > 0 else (0, -self.moves)

    def __neg__(self) -> Score:
        return MateGiven if not self.moves else Mate(-self.moves)

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return "Mate({})".format(str(self).lstrip("#"))


class MateGivenType(Score):
    """The side has given mate (``-Mate(0)``)."""

    def mate(self) -> int:
        return 0

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def _key(self) -> "tuple[int, int]":
        return (3, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __str__(self) -> str:
        return "#+0"

    def __repr__(self) -> str:
        return "MateGiven"


MateGiven = MateGivenType()


class PovScore:
    """A score (``relative``) from the point of view of ``turn``."""

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        return self.pov(WHITE)

    def black(self) -> Score:
        return self.pov(BLACK)

    def pov(self, color: bool) -> Score:
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def wdl(self, *, model: str = "lichess", ply: int = 30) -> "PovWdl":
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __neg__(self) -> "PovScore":
        return PovScore(-self.relative, not self.turn)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return "PovScore({!r}, {})".format(self.relative, "WHITE" if self.turn else "BLACK")


class Wdl:
    """Win, draw and loss counts (per mille from an engine)."""

    def __init__(self, wins: int, draws: int, losses: int) -> None:
        self.wins = wins
        self.draws = draws
        self.losses = losses

    def total(self) -> int:
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        return self.draws / self.total()

    def losing_chance(self) -> float:
        return self.losses / self.total()

    def expectation(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.total()

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)

    def __pos__(self) -> "Wdl":
        return self

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Wdl):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Wdl(wins={self.wins}, draws={self.draws}, losses={self.losses})"


class PovWdl:
    """A ``Wdl`` (``relative``) from the point of view of ``turn``."""

    def __init__(self, relative: Wdl, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        return self.pov(WHITE)

    def black(self) -> Wdl:
        return self.pov(BLACK)

    def pov(self, color: bool) -> Wdl:
        return self.relative if self.turn == color else -self.relative

    def __neg__(self) -> "PovWdl":
        return PovWdl(-self.relative, not self.turn)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return "PovWdl({!r}, {})".format(self.relative, "WHITE" if self.turn else "BLACK")
