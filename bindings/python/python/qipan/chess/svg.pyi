from typing import Iterable, Mapping, Optional, Tuple, Union

from qipan import Piece
from qipan.svg import Arrow as Arrow
from qipan.svg import _Drawable, _Squares

__all__ = ["Arrow", "board", "piece"]

def board(
    board: Optional[_Drawable] = None,
    *,
    orientation: bool = True,
    lastmove: Optional[_Squares] = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Mapping[int, str] = {},
    flipped: bool = False,
    size: Optional[int] = None,
    coordinates: bool = True,
) -> str: ...
def piece(piece: Piece, size: Optional[int] = None) -> str: ...
