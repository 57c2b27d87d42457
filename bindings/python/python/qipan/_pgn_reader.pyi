from typing import Any

from qipan._pgn_visitor import BaseVisitor

__all__ = ["read_with_visitor"]

STARTING_FEN: str

def read_with_visitor(handle: Any, visitor: BaseVisitor[Any], headers_class: Any) -> Any: ...
def default_board(fen: str, chess960: bool) -> Any: ...
