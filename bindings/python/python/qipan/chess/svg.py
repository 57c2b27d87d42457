"""python-chess's ``chess.svg`` on qipan: SVG pictures of boards (``board``, drawn by the core)
and of single pieces (``piece``)."""

from typing import Any, Optional

from qipan.svg import *  # noqa: F401,F403
from qipan.svg import Arrow, board

__all__ = ["Arrow", "board", "piece"]

_NAMES = {1: "pawn", 2: "knight", 3: "bishop", 4: "rook", 5: "queen", 6: "king"}


def piece(piece: Any, size: Optional[int] = None) -> str:
    """One chess piece as an SVG picture (``id="white-king"`` and so on), drawn as the board
    pictures draw their pieces: the solid glyph, filled in the piece's colour."""
    color = "white" if piece.color else "black"
    name = _NAMES[piece.piece_type]
    fill, stroke = ("#ffffff", "#000000") if piece.color else ("#000000", "#ffffff")
    glyph = piece.unicode_symbol(invert_color=piece.color)  # the solid glyph for both sides
    dimensions = f' width="{size}" height="{size}"' if size is not None else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" viewBox="0 0 45 45"{dimensions}>'
        f'<g id="{color}-{name}" class="piece {color} {name}">'
        f'<text x="22.5" y="37" font-size="38" text-anchor="middle" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="1">{glyph}</text></g></svg>'
    )
