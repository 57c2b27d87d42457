"""python-chess's ``chess.pgn`` on qipan: game trees, headers, reading and writing records, and
the visitor API (``read_game(handle, Visitor=...)``, ``game.accept(visitor)``)."""

from qipan.pgn import *  # noqa: F401,F403
