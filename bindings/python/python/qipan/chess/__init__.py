"""python-chess's ``chess`` module surface on qipan: ``from qipan import chess`` (or
``import qipan.chess as chess``) and a python-chess program runs after changing its import.

Every rule is the native core's; this package only gathers python-chess's names. The submodules
``qipan.chess.pgn`` and ``qipan.chess.svg`` are python-chess's ``chess.pgn`` and ``chess.svg``.
"""

from qipan import *  # noqa: F401,F403  (python-chess's names live at qipan's top level too)
