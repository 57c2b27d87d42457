"""python-chess's ``chess.engine`` on qipan: UCI, UCCI and XBoard engines for chess and Xiangqi
boards, synchronous (``SimpleEngine``) or with asyncio (``await popen_uci(...)``).

>>> import qipan.chess.engine as engine                                      # doctest: +SKIP
>>> with engine.SimpleEngine.popen_uci("stockfish") as sf:                   # doctest: +SKIP
...     result = sf.play(qipan.ChessBoard(), engine.Limit(nodes=10000))
...     info = sf.analyse(qipan.ChessBoard(), engine.Limit(depth=10))

The protocol, the process and every timeout live in the native core (``qipan::engine``); this
module builds python-chess's shapes: ``SimpleEngine``, ``Limit``, ``PlayResult``, ``InfoDict``,
``PovScore``/``Cp``/``Mate``/``MateGiven``, ``PovWdl``/``Wdl``, ``Info`` flags, and the asyncio
API (``popen_uci``, ``popen_xboard``, ``popen_ucci`` as coroutines returning ``(transport,
protocol)``). ``SimpleEngine.analysis()`` reads the engine's lines as it is iterated (no
background thread); the asyncio protocol runs each engine's commands in a worker thread of its own.

A Xiangqi board works with ``popen_ucci`` (UCCI engines), with ``popen_uci`` (Fairy-Stockfish's
``UCI_Variant xiangqi`` dialect, or Pikafish's plain UCI), the dialect chosen from the handshake
(``SimpleEngine.dialect`` tells which and can be set), and with ``popen_xboard`` on engines that
list the ``xiangqi`` variant.
"""

from __future__ import annotations

from qipan._qipan import EngineError, EngineTerminatedError
from qipan.chess._engine_async import (
    AnalysisResult,
    EngineTransport,
    Protocol,
    UcciProtocol,
    UciProtocol,
    XBoardProtocol,
    popen_ucci,
    popen_uci,
    popen_xboard,
)
from qipan.chess._engine_sync import SimpleAnalysisResult, SimpleEngine
from qipan.chess._engine_types import (
    BLACK,
    INFO_ALL,
    INFO_BASIC,
    INFO_CURRLINE,
    INFO_NONE,
    INFO_PV,
    INFO_REFUTATION,
    INFO_SCORE,
    WHITE,
    AnalysisComplete,
    BestMove,
    Info,
    InfoDict,
    Limit,
    Option,
    PlayResult,
)
from qipan.engine_score import (  # python-chess has them in chess.engine
    Cp,
    Mate,
    MateGiven,
    MateGivenType,
    PovScore,
    PovWdl,
    Score,
    Wdl,
)

# The classes live in private modules; they are known by this module's name (reprs, pickles, stubs).
for _cls in (
    AnalysisComplete, Limit, Info, Option, PlayResult, BestMove, SimpleEngine, SimpleAnalysisResult,
    Protocol, UciProtocol, UcciProtocol, XBoardProtocol, AnalysisResult, EngineTransport,
):
    _cls.__module__ = __name__
del _cls

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
