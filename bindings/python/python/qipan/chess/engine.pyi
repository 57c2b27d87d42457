import enum
import typing
from typing import Any, Dict, Iterator, List, Mapping, Optional, Union

from qipan import ChessBoard, Move, XiangqiBoard

__all__ = [
    "EngineError",
    "EngineTerminatedError",
    "AnalysisComplete",
    "Limit",
    "Info",
    "INFO_NONE",
    "INFO_BASIC",
    "INFO_SCORE",
    "INFO_PV",
    "INFO_REFUTATION",
    "INFO_CURRLINE",
    "INFO_ALL",
    "Score",
    "Cp",
    "Mate",
    "MateGiven",
    "PovScore",
    "Wdl",
    "PovWdl",
    "Option",
    "PlayResult",
    "BestMove",
    "InfoDict",
    "SimpleEngine",
    "SimpleAnalysisResult",
]

_Board = Union[ChessBoard, XiangqiBoard]

WHITE: bool
BLACK: bool

class EngineError(RuntimeError): ...
class EngineTerminatedError(EngineError): ...
class AnalysisComplete(Exception): ...

class Limit:
    time: Optional[float]
    depth: Optional[int]
    nodes: Optional[int]
    mate: Optional[int]
    white_clock: Optional[float]
    black_clock: Optional[float]
    white_inc: Optional[float]
    black_inc: Optional[float]
    remaining_moves: Optional[int]
    clock_id: object
    def __init__(
        self,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        mate: Optional[int] = None,
        white_clock: Optional[float] = None,
        black_clock: Optional[float] = None,
        white_inc: Optional[float] = None,
        black_inc: Optional[float] = None,
        remaining_moves: Optional[int] = None,
        clock_id: object = None,
    ) -> None: ...
    def _fields(self) -> Dict[str, Any]: ...

class Info(enum.IntFlag):
    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = 31

INFO_NONE: Info
INFO_BASIC: Info
INFO_SCORE: Info
INFO_PV: Info
INFO_REFUTATION: Info
INFO_CURRLINE: Info
INFO_ALL: Info

class Score:
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def mate(self) -> Optional[int]: ...
    def is_mate(self) -> bool: ...
    def wdl(self, *, model: str = "lichess", ply: int = 30) -> Wdl: ...
    def _key(self) -> tuple[int, int]: ...
    def __neg__(self) -> Score: ...
    def __pos__(self) -> Score: ...
    def __abs__(self) -> Score: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Score) -> bool: ...
    def __le__(self, other: Score) -> bool: ...
    def __gt__(self, other: Score) -> bool: ...
    def __ge__(self, other: Score) -> bool: ...

class Cp(Score):
    cp: int
    def __init__(self, cp: int) -> None: ...
    def mate(self) -> None: ...
    def score(self, *, mate_score: Optional[int] = None) -> int: ...
    def __neg__(self) -> Cp: ...

class Mate(Score):
    moves: int
    def __init__(self, moves: int) -> None: ...
    def mate(self) -> int: ...

class MateGivenType(Score):
    def mate(self) -> int: ...
    def __neg__(self) -> Mate: ...

MateGiven: MateGivenType

class PovScore:
    relative: Score
    turn: bool
    def __init__(self, relative: Score, turn: bool) -> None: ...
    def white(self) -> Score: ...
    def black(self) -> Score: ...
    def pov(self, color: bool) -> Score: ...
    def is_mate(self) -> bool: ...
    def wdl(self, *, model: str = "lichess", ply: int = 30) -> PovWdl: ...
    def __neg__(self) -> PovScore: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Wdl:
    wins: int
    draws: int
    losses: int
    def __init__(self, wins: int, draws: int, losses: int) -> None: ...
    def total(self) -> int: ...
    def winning_chance(self) -> float: ...
    def drawing_chance(self) -> float: ...
    def losing_chance(self) -> float: ...
    def expectation(self) -> float: ...
    def __neg__(self) -> Wdl: ...
    def __pos__(self) -> Wdl: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[int]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class PovWdl:
    relative: Wdl
    turn: bool
    def __init__(self, relative: Wdl, turn: bool) -> None: ...
    def white(self) -> Wdl: ...
    def black(self) -> Wdl: ...
    def pov(self, color: bool) -> Wdl: ...
    def __neg__(self) -> PovWdl: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Option(typing.NamedTuple):
    name: str
    type: str
    default: Any
    min: Optional[int]
    max: Optional[int]
    var: Optional[List[str]]
    def parse(self, value: Any) -> Any: ...

InfoDict = Dict[str, Any]

class PlayResult:
    move: Optional[Move]
    ponder: Optional[Move]
    info: InfoDict
    draw_offered: bool
    resigned: bool
    def __init__(
        self,
        move: Optional[Any],
        ponder: Optional[Any],
        info: Optional[InfoDict] = None,
        *,
        draw_offered: bool = False,
        resigned: bool = False,
    ) -> None: ...

class BestMove:
    move: Optional[Move]
    ponder: Optional[Move]
    def __init__(self, move: Optional[Any], ponder: Optional[Any]) -> None: ...

class SimpleEngine:
    timeout: Optional[float]
    id: Dict[str, str]
    options: Mapping[str, Option]
    def __init__(self, native: Any, *, timeout: Optional[float] = 10.0) -> None: ...
    @classmethod
    def popen_uci(
        cls,
        command: Union[str, List[str]],
        *,
        timeout: Optional[float] = 10.0,
        search_timeout: Optional[float] = 300.0,
        **popen_args: Any,
    ) -> SimpleEngine: ...
    @classmethod
    def popen_ucci(
        cls,
        command: Union[str, List[str]],
        *,
        timeout: Optional[float] = 10.0,
        search_timeout: Optional[float] = 300.0,
        **popen_args: Any,
    ) -> SimpleEngine: ...
    @property
    def protocol(self) -> str: ...
    @property
    def dialect(self) -> str: ...
    @dialect.setter
    def dialect(self, value: str) -> None: ...
    @property
    def config(self) -> Dict[str, Any]: ...
    def configure(self, options: Mapping[str, Any]) -> None: ...
    def ping(self) -> None: ...
    def play(
        self,
        board: _Board,
        limit: Limit,
        *,
        game: object = None,
        info: int = ...,
        ponder: bool = False,
        draw_offered: bool = False,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = ...,
        opponent: object = None,
    ) -> PlayResult: ...
    @typing.overload
    def analyse(
        self,
        board: _Board,
        limit: Limit,
        *,
        multipv: None = None,
        game: object = None,
        info: int = ...,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = ...,
    ) -> InfoDict: ...
    @typing.overload
    def analyse(
        self,
        board: _Board,
        limit: Limit,
        *,
        multipv: int,
        game: object = None,
        info: int = ...,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = ...,
    ) -> List[InfoDict]: ...
    def analysis(
        self,
        board: _Board,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        game: object = None,
        info: int = ...,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = ...,
    ) -> SimpleAnalysisResult: ...
    def quit(self) -> None: ...
    def close(self) -> None: ...
    def __enter__(self) -> SimpleEngine: ...
    def __exit__(self, *args: object) -> None: ...

class SimpleAnalysisResult:
    multipv: List[InfoDict]
    def __init__(self, engine: SimpleEngine, turn: bool, selector: int) -> None: ...
    @property
    def info(self) -> InfoDict: ...
    def stop(self) -> None: ...
    def wait(self) -> BestMove: ...
    def would_block(self) -> bool: ...
    def empty(self) -> bool: ...
    def get(self) -> InfoDict: ...
    def next(self) -> Optional[InfoDict]: ...
    def __iter__(self) -> Iterator[InfoDict]: ...
    def __next__(self) -> InfoDict: ...
    def __enter__(self) -> SimpleAnalysisResult: ...
    def __exit__(self, *args: object) -> None: ...
