"""python-chess's asyncio engine API: ``await popen_uci(command)`` (and ``popen_xboard``,
``popen_ucci``) returns ``(transport, protocol)``; ``await protocol.play(...)``, ``analyse``,
``analysis`` (an async iterator), ``configure``, ``ping``, ``quit``.

The native client blocks, so each engine gets one worker thread of its own: its commands run there
in the order they are awaited (the native calls release the GIL), and the event loop never waits
on the engine. An analysis still running when the next command comes is stopped and read to its
end first, as python-chess does."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, TypeVar, Union

from qipan.chess._engine_sync import SimpleAnalysisResult, SimpleEngine
from qipan.chess._engine_types import (
    AnalysisComplete,
    BestMove,
    Info,
    InfoDict,
    Limit,
    Option,
    PlayResult,
)

T = TypeVar("T")


class Protocol:
    """A running engine (python-chess's ``Protocol``; ``UciProtocol``, ``XBoardProtocol`` and
    ``UcciProtocol`` name the kinds ``popen_*`` return)."""

    def __init__(self, engine: SimpleEngine) -> None:
        self._engine = engine
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="qipan-engine")
        self._analysis: Optional[AnalysisResult] = None
        self.loop = asyncio.get_running_loop()
        self.returncode: "asyncio.Future[int]" = self.loop.create_future()
        self.initialized = True

    @property
    def id(self) -> Dict[str, str]:
        return self._engine.id

    @property
    def options(self) -> Mapping[str, Option]:
        return self._engine.options

    @property
    def config(self) -> Dict[str, Any]:
        return self._engine.config

    @property
    def protocol(self) -> str:
        """``"uci"``, ``"ucci"`` or ``"xboard"``."""
        return self._engine.protocol

    def _finish_analysis(self) -> None:
        """In the worker: ends an analysis the program left running."""
        analysis, self._analysis = self._analysis, None
        if analysis is not None and not analysis._sync.empty():
            analysis._sync.stop()
            analysis._sync.wait()

    def _command(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        self._finish_analysis()
        return fn(*args, **kwargs)

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Runs ``fn`` in the engine's worker, after what was asked before."""
        if self._executor is None:
            raise asyncio.CancelledError("the engine has quit")
        call = functools.partial(fn, *args, **kwargs)
        return await self.loop.run_in_executor(self._executor, call)

    async def initialize(self) -> None:
        """The handshake is done when ``popen_*`` returns."""

    async def ping(self) -> None:
        await self._run(self._command, self._engine.ping)

    async def configure(self, options: Mapping[str, Any]) -> None:
        await self._run(self._command, self._engine.configure, dict(options))

    async def play(self, board: Any, limit: Limit, **kwargs: Any) -> PlayResult:
        """The engine's move (``SimpleEngine.play``'s keywords)."""
        return await self._run(self._command, self._engine.play, board.copy(), limit, **kwargs)

    async def analyse(self, board: Any, limit: Limit, **kwargs: Any) -> Union[InfoDict, List[InfoDict]]:
        """The info after a search (``SimpleEngine.analyse``'s keywords)."""
        return await self._run(self._command, self._engine.analyse, board.copy(), limit, **kwargs)

    async def analysis(self, board: Any, limit: Optional[Limit] = None, **kwargs: Any) -> "AnalysisResult":
        """A live analysis, read with ``async for``; ``stop()`` ends it."""
        sync = await self._run(self._command, self._engine.analysis, board.copy(), limit, **kwargs)
        result = AnalysisResult(self, sync)
        self._analysis = result
        return result

    async def quit(self) -> None:
        """Sends ``quit``; the engine is killed if it has not exited after a second."""
        if self._executor is None:
            return
        await self._run(self._quit)
        self._executor.shutdown(wait=False)
        self._executor = None  # type: ignore[assignment]
        if not self.returncode.done():
            self.returncode.set_result(0)

    def _quit(self) -> None:
        self._analysis = None
        self._engine.quit()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} (protocol={self.protocol!r}, id={self.id!r})>"


class UciProtocol(Protocol):
    """A UCI engine."""


class UcciProtocol(Protocol):
    """A UCCI engine (Xiangqi)."""


class XBoardProtocol(Protocol):
    """An XBoard engine."""


class AnalysisResult:
    """A running analysis (python-chess's ``AnalysisResult``): ``async for info in analysis``,
    ``info``, ``multipv``, ``stop()``, ``await wait()``, ``await get()``, ``empty()``."""

    def __init__(self, protocol: Protocol, sync: SimpleAnalysisResult) -> None:
        self._protocol = protocol
        self._sync = sync

    @property
    def info(self) -> InfoDict:
        return self._sync.info

    @property
    def multipv(self) -> List[InfoDict]:
        return self._sync.multipv

    def stop(self) -> None:
        """Asks the engine to stop, after the read under way (at most a quarter of a second)."""
        if self._protocol._executor is not None and not self._sync.empty():
            self._protocol._executor.submit(self._sync.stop)

    async def wait(self) -> BestMove:
        """Reads to the end of the analysis; the best move."""
        return await self._protocol._run(self._sync.wait)

    async def get(self) -> InfoDict:
        """The next info dict; ``AnalysisComplete`` when the analysis is over."""
        return await self._protocol._run(self._sync.get)

    async def next(self) -> Optional[InfoDict]:
        return await self._protocol._run(self._sync.next)

    def empty(self) -> bool:
        return self._sync.empty()

    def would_block(self) -> bool:
        return not self._sync.empty()

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> InfoDict:
        info = await self.next()
        if info is None:
            raise StopAsyncIteration
        return info

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, *args: object) -> None:
        self.stop()


class EngineTransport:
    """What ``popen_*`` return first (python-chess returns asyncio's subprocess transport):
    ``get_pid()``, ``close()`` (kills the engine), ``is_closing()``."""

    def __init__(self, engine: SimpleEngine) -> None:
        self._engine = engine
        self._closed = False

    def get_pid(self) -> Optional[int]:
        return self._engine._native.pid()

    def get_returncode(self) -> Optional[int]:
        return None

    def is_closing(self) -> bool:
        return self._closed

    def close(self) -> None:
        self._closed = True
        self._engine._native.quit()


async def _popen(kind: type, start: Callable[[], SimpleEngine]) -> Tuple[EngineTransport, Any]:
    loop = asyncio.get_running_loop()
    engine = await loop.run_in_executor(None, start)
    return EngineTransport(engine), kind(engine)


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False, **popen_args: Any) -> Tuple[EngineTransport, UciProtocol]:
    """Starts a UCI engine: ``transport, engine = await popen_uci("stockfish")``."""
    return await _popen(UciProtocol, lambda: SimpleEngine.popen_uci(command, **popen_args))


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False, **popen_args: Any) -> Tuple[EngineTransport, XBoardProtocol]:
    """Starts an XBoard engine."""
    return await _popen(XBoardProtocol, lambda: SimpleEngine.popen_xboard(command, **popen_args))


async def popen_ucci(command: Union[str, List[str]], *, setpgrp: bool = False, **popen_args: Any) -> Tuple[EngineTransport, UcciProtocol]:
    """Starts a UCCI engine (Xiangqi boards)."""
    return await _popen(UcciProtocol, lambda: SimpleEngine.popen_ucci(command, **popen_args))


__all__ = [
    "AnalysisComplete",
    "AnalysisResult",
    "EngineTransport",
    "Info",
    "Protocol",
    "UciProtocol",
    "UcciProtocol",
    "XBoardProtocol",
    "popen_uci",
    "popen_xboard",
    "popen_ucci",
]
