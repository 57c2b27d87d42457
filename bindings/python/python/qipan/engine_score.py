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

from typing import Optional, Tuple, Union, overload

__all__ = ["Score", "Cp", "Mate", "MateGiven", "MateGivenType", "PovScore"]


class Score:
    """An evaluation from one side's point of view: :class:`Cp` (centipawns), :class:`Mate`
    (mate in so many moves, negative when mated) or :data:`MateGiven`. Scores are totally
    ordered from the worst (mated now) to the best (mate given); ``-score`` is the other side's
    view."""

    __slots__ = ()

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns, or ``None`` for a mate unless ``mate_score`` says what a mate in
        zero is worth (a mate in ``n`` is then worth ``n`` less)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """The moves to mate, negative when mated, ``None`` for centipawns (0 for both
        ``Mate(0)`` and ``MateGiven``)."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    def _rank(self) -> Tuple[int, int]:
        raise NotImplementedError

    def __neg__(self) -> Score:
        raise NotImplementedError

    def __pos__(self) -> Score:
        raise NotImplementedError

    def __abs__(self) -> Score:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._rank() == other._rank()

    def __hash__(self) -> int:
        return hash(self._rank())

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._rank() < other._rank()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._rank() <= other._rank()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._rank() > other._rank()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._rank() >= other._rank()


class Cp(Score):
    """A score in centipawns."""

    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> int:  # type: ignore[override]
        return self.cp

    def mate(self) -> None:
        return None

    def _rank(self) -> Tuple[int, int]:
        return (1, self.cp)

    def __str__(self) -> str:
        return f"+{self.cp:d}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __pos__(self) -> Cp:
        return Cp(self.cp)

    def __abs__(self) -> Cp:
        return Cp(abs(self.cp))


class Mate(Score):
    """Mate in ``moves`` (negative: the side of this view is mated; ``Mate(0)``: mated now)."""

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def _rank(self) -> Tuple[int, int]:
        # Mating sooner is better; being mated later is better.
        return (2, -self.moves) if self.moves > 0 else (0, -self.moves)

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self)[1:]})"

    def __neg__(self) -> Union[MateGivenType, Mate]:
        return Mate(-self.moves) if self.moves else MateGiven

    def __pos__(self) -> Mate:
        return Mate(self.moves)

    def __abs__(self) -> Union[MateGivenType, Mate]:
        return Mate(abs(self.moves)) if self.moves else MateGiven


class MateGivenType(Score):
    """The mate already given (``-Mate(0)``): the best score there is."""

    __slots__ = ()

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> int:
        return 0

    def _rank(self) -> Tuple[int, int]:
        return (3, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __pos__(self) -> MateGivenType:
        return self

    def __abs__(self) -> MateGivenType:
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


class PovScore:
    """A score (``relative``) from the point of view of ``turn`` (``True``: White, Red)."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s side."""
        return self.relative if self.turn == color else -self.relative

    def white(self) -> Score:
        """The score from White's (Red's) side."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's side."""
        return self.pov(False)

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())
