"""python-chess's ``chess.pgn`` on qipan: game trees, headers, reading and writing records."""

from qipan.pgn import *  # noqa: F401,F403
