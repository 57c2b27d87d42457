import dataclasses
import enum
import typing
import asyncio
from typing import Any, AsyncIterator, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from qipan import ChessBoard, Move, XiangqiBoard
from qipan.engine_score import Cp as Cp
from qipan.engine_score import Mate as Mate
from qipan.engine_score import MateGiven as MateGiven
from qipan.engine_score import MateGivenType as MateGivenType
from qipan.engine_score import PovScore as PovScore
from qipan.engine_score import PovWdl as PovWdl
from qipan.engine_score import Score as Score
from qipan.engine_score import Wdl as Wdl


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
    "Protocol",
    "UciProtocol",
    "UcciProtocol",
    "XBoardProtocol",
    "AnalysisResult",
    "EngineTransport",
    "popen_uci",
    "popen_xboard",
    "popen_ucci",
]

_Board = Union[ChessBoard, XiangqiBoard]

WHITE: bool
BLACK: bool

class EngineError(RuntimeError): ...
class EngineTerminatedError(EngineError): ...
class AnalysisComplete(Exception): ...

@dataclasses.dataclass
class Limit:
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
    def popen_xboard(
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

class Protocol:
    def __init__(self, engine: SimpleEngine) -> None: ...
    loop: asyncio.AbstractEventLoop
    returncode: asyncio.Future[int]
    initialized: bool
    @property
    def id(self) -> Dict[str, str]: ...
    @property
    def options(self) -> Mapping[str, Option]: ...
    @property
    def config(self) -> Dict[str, Any]: ...
    @property
    def protocol(self) -> str: ...
    async def initialize(self) -> None: ...
    async def ping(self) -> None: ...
    async def configure(self, options: Mapping[str, Any]) -> None: ...
    async def play(
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
    async def analyse(
        self, board: _Board, limit: Limit, *, multipv: None = None, game: object = None, info: int = ...,
        root_moves: Optional[Any] = None, options: Mapping[str, Any] = ...,
    ) -> InfoDict: ...
    @typing.overload
    async def analyse(
        self, board: _Board, limit: Limit, *, multipv: int, game: object = None, info: int = ...,
        root_moves: Optional[Any] = None, options: Mapping[str, Any] = ...,
    ) -> List[InfoDict]: ...
    async def analysis(
        self,
        board: _Board,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        game: object = None,
        info: int = ...,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = ...,
    ) -> AnalysisResult: ...
    async def quit(self) -> None: ...

class UciProtocol(Protocol): ...
class UcciProtocol(Protocol): ...
class XBoardProtocol(Protocol): ...

class AnalysisResult:
    def __init__(self, protocol: Protocol, sync: SimpleAnalysisResult) -> None: ...
    @property
    def info(self) -> InfoDict: ...
    @property
    def multipv(self) -> List[InfoDict]: ...
    def stop(self) -> None: ...
    async def wait(self) -> BestMove: ...
    async def get(self) -> InfoDict: ...
    async def next(self) -> Optional[InfoDict]: ...
    def empty(self) -> bool: ...
    def would_block(self) -> bool: ...
    def __aiter__(self) -> AsyncIterator[InfoDict]: ...
    async def __anext__(self) -> InfoDict: ...
    def __enter__(self) -> AnalysisResult: ...
    def __exit__(self, *args: object) -> None: ...

class EngineTransport:
    def __init__(self, engine: SimpleEngine) -> None: ...
    def get_pid(self) -> Optional[int]: ...
    def get_returncode(self) -> Optional[int]: ...
    def is_closing(self) -> bool: ...
    def close(self) -> None: ...

async def popen_uci(
    command: Union[str, List[str]], *, setpgrp: bool = False, **popen_args: Any
) -> Tuple[EngineTransport, UciProtocol]: ...
async def popen_xboard(
    command: Union[str, List[str]], *, setpgrp: bool = False, **popen_args: Any
) -> Tuple[EngineTransport, XBoardProtocol]: ...
async def popen_ucci(
    command: Union[str, List[str]], *, setpgrp: bool = False, **popen_args: Any
) -> Tuple[EngineTransport, UcciProtocol]: ...
