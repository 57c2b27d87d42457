"""python-chess's ``chess.svg`` on qipan: SVG pictures of boards."""

from qipan.svg import *  # noqa: F401,F403
