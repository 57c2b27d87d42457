from typing import Optional

from qipan import Piece
from qipan.svg import Arrow as Arrow
from qipan.svg import board as board

__all__ = ["Arrow", "board", "piece"]

def piece(piece: Piece, size: Optional[int] = None) -> str: ...
