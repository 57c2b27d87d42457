"""python-chess's ``chess.syzygy`` on qipan: Syzygy endgame tablebases (WDL and DTZ).

>>> import qipan.chess.syzygy as syzygy  # doctest: +SKIP
>>> with syzygy.open_tablebase("data/syzygy") as tables:  # doctest: +SKIP
...     tables.probe_wdl(qipan.ChessBoard("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"))
2

The prober is qipan's own (the native core); boards are ``qipan.ChessBoard`` or any object
with a ``fen()`` method, such as python-chess's ``chess.Board``.
"""

from qipan._qipan import MissingTableError, Tablebase, open_tablebase

__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]
