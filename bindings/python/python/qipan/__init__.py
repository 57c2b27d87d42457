"""qipan: fast rules of chess and Xiangqi (Chinese chess), written in Rust.

>>> import qipan
>>> board = qipan.ChessBoard()
>>> for san in ["f3", "e5", "g4", "Qh4#"]:
...     _ = board.push_san(san)
>>> board.outcome()
Outcome(termination='checkmate', winner='black')
"""

from qipan._qipan import (
    AmbiguousMoveError,
    ChessBoard,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Outcome,
    XiangqiBoard,
    __version__,
)
from qipan import rating

__all__ = [
    "AmbiguousMoveError",
    "ChessBoard",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "XiangqiBoard",
    "__version__",
    "rating",
]
