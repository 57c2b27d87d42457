"""The values of ``qipan.chess.engine`` (python-chess's ``Limit``, ``Info``, ``Option``,
``PlayResult``, ``BestMove``, ``InfoDict``) and the reading of the native engine's info dicts, shared
by the synchronous and the asyncio clients."""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Any, Dict, Iterator, List, Mapping, Optional

from qipan.engine_score import Cp, Mate, PovScore, PovWdl, Wdl

WHITE = True
BLACK = False


class AnalysisComplete(Exception):
    """Raised by ``SimpleAnalysisResult.get()`` when the analysis is over."""


@dataclasses.dataclass
class Limit:
    """When a search stops: the first limit reached (python-chess's ``Limit``). Times in seconds."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    clock_id: object = None

    def _fields(self) -> Dict[str, Any]:
        return {
            "time": self.time,
            "depth": self.depth,
            "nodes": self.nodes,
            "mate": self.mate,
            "white_clock": self.white_clock,
            "black_clock": self.black_clock,
            "white_inc": self.white_inc,
            "black_inc": self.black_inc,
            "remaining_moves": self.remaining_moves,
        }


class Info(enum.IntFlag):
    """Which parts of an engine's info lines to keep."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


class Option(typing.NamedTuple):
    """An option the engine offers."""

    name: str
    type: str
    default: Any
    min: Optional[int]
    max: Optional[int]
    var: Optional[List[str]]

    def parse(self, value: Any) -> Any:
        """The value as the engine takes it (a check as ``bool``, a spin as ``int``)."""
        if self.type == "check":
            return value and value != "false"
        if self.type == "spin":
            return int(value)
        return value


def _option_default(kind: str, default: Optional[str]) -> Any:
    if default is None:
        return None
    if kind == "check":
        return default.lower() == "true"
    if kind == "spin":
        try:
            return int(default)
        except ValueError:
            return None
    return default


class _CaseInsensitiveOptions(Mapping[str, Option]):
    def __init__(self, options: List[Option]) -> None:
        self._options = {o.name.lower(): o for o in options}

    def __getitem__(self, key: str) -> Option:
        return self._options[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return (o.name for o in self._options.values())

    def __len__(self) -> int:
        return len(self._options)

    def __repr__(self) -> str:
        return repr({o.name: o for o in self._options.values()})


InfoDict = Dict[str, Any]
"""An engine's info: ``score`` (``PovScore``), ``pv`` (moves), ``depth``, ``nodes``, ``time``…"""


class PlayResult:
    """What ``play`` returns."""

    def __init__(
        self,
        move: Optional[Any],
        ponder: Optional[Any],
        info: Optional[InfoDict] = None,
        *,
        draw_offered: bool = False,
        resigned: bool = False,
    ) -> None:
        self.move = move
        self.ponder = ponder
        self.info: InfoDict = info if info is not None else {}
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return "<PlayResult at {:#x} (move={}, ponder={}, info={}, draw_offered={}, resigned={})>".format(
            id(self), self.move, self.ponder, self.info, self.draw_offered, self.resigned
        )


class BestMove:
    """The end of an analysis: the best move and the expected reply."""

    def __init__(self, move: Optional[Any], ponder: Optional[Any]) -> None:
        self.move = move
        self.ponder = ponder

    def __repr__(self) -> str:
        return f"<BestMove at {id(self):#x} (move={self.move}, ponder={self.ponder})>"


_BASIC = {
    "depth", "seldepth", "time", "nodes", "nps", "multipv", "hashfull", "tbhits", "cpuload",
    "currmovenumber", "currmove", "ebf",
}


def _info(raw: Dict[str, Any], turn: bool, selector: int) -> InfoDict:
    """python-chess's InfoDict from the native dict, keeping what ``selector`` asks for."""
    info: InfoDict = {}
    for key, value in raw.items():
        if key == "string":
            info["string"] = value
        elif key in _BASIC:
            if selector & Info.BASIC:
                info[key] = value
        elif key == "score":
            if selector & Info.SCORE:
                kind, n = value
                info["score"] = PovScore(Cp(n) if kind == "cp" else Mate(n), turn)
        elif key in ("lowerbound", "upperbound"):
            if selector & Info.SCORE:
                info[key] = value
        elif key == "wdl":
            if selector & Info.SCORE:
                info["wdl"] = PovWdl(Wdl(*value), turn)
        elif key == "pv":
            if selector & Info.PV:
                info["pv"] = value
        elif key == "refutation":
            if selector & Info.REFUTATION:
                info["refutation"] = value
        elif key == "currline":
            if selector & Info.CURRLINE:
                info["currline"] = value
    return info


_MANAGED = ("uci_chess960", "uci_variant", "multipv", "ponder")


def _option_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
