"""``SimpleEngine``: an engine process driven synchronously through the native client."""

from __future__ import annotations

import shlex
import typing
from typing import Any, Dict, Iterator, List, Mapping, Optional, Union

from qipan._qipan import NativeEngine  # type: ignore[import-not-found]  # the native module has no stub of its own
from qipan.chess._engine_types import (
    AnalysisComplete,
    BestMove,
    Info,
    InfoDict,
    Limit,
    Option,
    PlayResult,
    _CaseInsensitiveOptions,
    _info,
    _option_default,
    _option_text,
)

class SimpleEngine:
    """An engine process driven synchronously (python-chess's ``SimpleEngine``).

    Every wait has a timeout: ``timeout`` (seconds, default 10) for the handshake and for answers
    to commands, added to a search's own time limit; ``search_timeout`` (default 300) for a search
    with no time limit (depth, nodes, mate). A ``None`` waits (nearly) for ever.
    """

    def __init__(self, native: NativeEngine, *, timeout: Optional[float] = 10.0) -> None:
        self._native = native
        self.timeout = timeout
        self._game: object = None
        self._config: Dict[str, Any] = {}
        self.id: Dict[str, str] = dict(native.id())
        self.options: Mapping[str, Option] = _CaseInsensitiveOptions(
            [
                Option(name, kind, _option_default(kind, default), lo, hi, list(var) if kind == "combo" else None)
                for name, kind, default, lo, hi, var in native.options()
            ]
        )

    @classmethod
    def _popen(
        cls,
        command: Union[str, List[str]],
        protocol: str,
        timeout: Optional[float],
        search_timeout: Optional[float],
    ) -> "SimpleEngine":
        argv = shlex.split(command) if isinstance(command, str) and " " in command else command
        if isinstance(argv, str):
            argv = [argv]
        native = NativeEngine(list(argv), protocol, timeout, search_timeout)
        return cls(native, timeout=timeout)

    @classmethod
    def popen_uci(
        cls,
        command: Union[str, List[str]],
        *,
        timeout: Optional[float] = 10.0,
        search_timeout: Optional[float] = 300.0,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """Starts a UCI engine (chess; Xiangqi on Fairy-Stockfish or Pikafish)."""
        return cls._popen(command, "uci", timeout, search_timeout)

    @classmethod
    def popen_xboard(
        cls,
        command: Union[str, List[str]],
        *,
        timeout: Optional[float] = 10.0,
        search_timeout: Optional[float] = 300.0,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """Starts an XBoard (CECP) engine: chess, and Xiangqi on engines that list the variant."""
        return cls._popen(command, "xboard", timeout, search_timeout)

    @classmethod
    def popen_ucci(
        cls,
        command: Union[str, List[str]],
        *,
        timeout: Optional[float] = 10.0,
        search_timeout: Optional[float] = 300.0,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """Starts a UCCI engine (Xiangqi boards only)."""
        return cls._popen(command, "ucci", timeout, search_timeout)

    @property
    def protocol(self) -> str:
        """``"uci"``, ``"ucci"`` or ``"xboard"``."""
        return self._native.protocol()

    @property
    def dialect(self) -> str:
        """How Xiangqi is spoken: ``"ucci"``, ``"uci-variant"`` (Fairy-Stockfish) or
        ``"uci-plain"`` (Pikafish), detected from the handshake."""
        return self._native.dialect()

    @dialect.setter
    def dialect(self, value: str) -> None:
        self._native.set_dialect(value)

    @property
    def config(self) -> Dict[str, Any]:
        """The options set through ``configure``."""
        return dict(self._config)

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options (``{"Threads": 1, "Hash": 64}``); values are checked against their types."""
        for name, value in options.items():
            self._native.configure(name, _option_text(value))
            self._config[name] = value

    def ping(self) -> None:
        self._native.ping()

    def _start(
        self,
        board: Any,
        limit: Optional[Limit],
        multipv: Optional[int],
        game: object,
        root_moves: Optional[Any],
        options: Mapping[str, Any],
        analysis: bool = False,
        ponder: bool = False,
    ) -> None:
        if options:
            self.configure(options)
        fields = limit._fields() if limit is not None else {}
        fields["infinite"] = limit is None
        new_game = game is not None and game is not self._game
        if game is not None:
            self._game = game
        self._native.start_search(board, fields, multipv, root_moves, new_game, analysis, ponder)

    def _run(self, board: Any, selector: int, limit: Limit) -> "tuple[List[InfoDict], tuple[Any, Any, bool, bool]]":
        turn = bool(board.turn)
        lines: List[InfoDict] = []
        while True:
            event = self._native.next_event(None)
            if isinstance(event, tuple):
                return lines, event
            if event is None:
                continue
            index = max(1, event.get("multipv", 1)) - 1
            while len(lines) <= index:
                lines.append({})
            lines[index].update(_info(event, turn, selector))

    def play(
        self,
        board: Any,
        limit: Limit,
        *,
        game: object = None,
        info: int = Info.NONE,
        ponder: bool = False,
        draw_offered: bool = False,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = {},
        opponent: object = None,
    ) -> PlayResult:
        """The engine's move in ``board``'s position. With ``ponder`` the engine then searches the
        reply it expects until the next command (which stops that search first)."""
        self._start(board, limit, None, game, root_moves, options, ponder=ponder)
        lines, (move, ponder_move, draw, resign) = self._run(board, info, limit)
        return PlayResult(move, ponder_move, lines[0] if lines else {}, draw_offered=draw, resigned=resign)

    @typing.overload
    def analyse(
        self, board: Any, limit: Limit, *, multipv: None = None, game: object = None, info: int = Info.ALL,
        root_moves: Optional[Any] = None, options: Mapping[str, Any] = {},
    ) -> InfoDict: ...

    @typing.overload
    def analyse(
        self, board: Any, limit: Limit, *, multipv: int, game: object = None, info: int = Info.ALL,
        root_moves: Optional[Any] = None, options: Mapping[str, Any] = {},
    ) -> List[InfoDict]: ...

    def analyse(
        self,
        board: Any,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        game: object = None,
        info: int = Info.ALL,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = {},
    ) -> Union[InfoDict, List[InfoDict]]:
        """The engine's info after a search: one ``InfoDict``, or a list with ``multipv``."""
        self._start(board, limit, multipv, game, root_moves, options, analysis=True)
        lines, _ = self._run(board, info, limit)
        if multipv is None:
            return lines[0] if lines else {}
        return lines

    def analysis(
        self,
        board: Any,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        game: object = None,
        info: int = Info.ALL,
        root_moves: Optional[Any] = None,
        options: Mapping[str, Any] = {},
    ) -> "SimpleAnalysisResult":
        """A live analysis: iterate over its info dicts; ``stop()`` ends it, ``wait()`` returns the
        best move. Without a limit the engine searches until stopped."""
        self._start(board, limit, multipv, game, root_moves, options, analysis=True)
        return SimpleAnalysisResult(self, bool(board.turn), info)

    def quit(self) -> None:
        """Sends ``quit``; the engine is killed if it has not exited after a second."""
        self._native.quit()

    def close(self) -> None:
        self._native.quit()

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *args: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SimpleEngine (pid={self._native.pid()}, protocol={self.protocol!r}, id={self.id!r})>"


class SimpleAnalysisResult:
    """A running analysis (python-chess's ``SimpleAnalysisResult``), read as it is iterated."""

    def __init__(self, engine: SimpleEngine, turn: bool, selector: int) -> None:
        self._engine = engine
        self._turn = turn
        self._selector = selector
        self.multipv: List[InfoDict] = [{}]
        self._best: Optional[BestMove] = None

    @property
    def info(self) -> InfoDict:
        """The merged info of the best line so far."""
        return self.multipv[0]

    def _read(self, wait: Optional[float]) -> Optional[InfoDict]:
        """The next info dict, or ``None`` when the analysis is over (or ``wait`` passed)."""
        if self._best is not None:
            return None
        event = self._engine._native.next_event(wait)
        if event is None:
            return None
        if isinstance(event, tuple):
            self._best = BestMove(event[0], event[1])
            return None
        info = _info(event, self._turn, self._selector)
        index = max(1, event.get("multipv", 1)) - 1
        while len(self.multipv) <= index:
            self.multipv.append({})
        self.multipv[index].update(info)
        return info

    def stop(self) -> None:
        """Asks the engine to stop (its best move is read by ``wait()`` or the iteration)."""
        if self._best is None:
            self._engine._native.stop()

    def wait(self) -> BestMove:
        """Reads to the end of the analysis and returns the best move."""
        while self._best is None:
            self._read(0.25)
        return self._best

    def would_block(self) -> bool:
        return False

    def empty(self) -> bool:
        return self._best is not None

    def get(self) -> InfoDict:
        """The next info dict; ``AnalysisComplete`` when the analysis is over."""
        info = self.next()
        if info is None:
            raise AnalysisComplete()
        return info

    def next(self) -> Optional[InfoDict]:
        """The next info dict, or ``None`` when the analysis is over."""
        while self._best is None:
            info = self._read(0.25)
            if info is not None:
                return info
        return None

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        info = self.next()
        if info is None:
            raise StopIteration
        return info

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, *args: object) -> None:
        self.stop()
        self.wait()
