"""python-chess's reading of the PGN ``TimeControl`` tag: ``parse_time_control`` and
``Game.time_control()``.

The tag holds periods separated by ``:``; a period is ``moves/seconds`` or ``seconds`` (sudden
death, only as the last period), with ``+increment`` or ``+delayd`` after it; ``-`` means no
limit and ``?`` (or nothing) an unknown one. The type follows the first period's time for 60
moves (``time + 60 × increment``): under 3 minutes bullet, under 15 blitz, under 60 rapid, else
standard (FIDE's classes, with bullet below blitz).
"""

from __future__ import annotations

import dataclasses
import enum
from typing import List

__all__ = ["TimeControlType", "TimeControlPart", "TimeControl", "parse_time_control"]


class TimeControlType(enum.Enum):
    """The class of a time control."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period: ``moves`` to play (0: the rest of the game) in ``time`` seconds, with
    ``increment`` or ``delay`` seconds per move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A ``TimeControl`` tag read: its periods and its class."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _period(text: str) -> TimeControlPart:
    part = TimeControlPart()
    limit, _, bonus = text.partition("+")
    if bonus:
        if bonus.lower().endswith("d"):
            part.delay = float(bonus[:-1])
        else:
            part.increment = float(bonus)
    moves, slash, seconds = limit.partition("/")
    if slash:
        part.moves, part.time = int(moves), int(seconds)
    else:
        part.time = int(limit)
    return part


def parse_time_control(time_control: str) -> TimeControl:
    """The time control a ``TimeControl`` tag names; a ``ValueError`` when it does not read."""
    control = TimeControl()
    if not time_control or time_control.startswith("?"):
        return control
    if time_control.startswith("-"):
        control.type = TimeControlType.UNLIMITED
        return control
    control.parts = [_period(text) for text in time_control.split(":")]
    if any(part.moves == 0 for part in control.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    first = control.parts[0]
    minutes = (first.time + 60 * first.increment) / 60
    if minutes < 3:
        control.type = TimeControlType.BULLET
    elif minutes < 15:
        control.type = TimeControlType.BLITZ
    elif minutes < 60:
        control.type = TimeControlType.RAPID
    else:
        control.type = TimeControlType.STANDARD
    return control
