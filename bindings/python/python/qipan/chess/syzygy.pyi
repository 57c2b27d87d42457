"""python-chess's ``chess.syzygy`` on qipan: Syzygy endgame tablebases (WDL and DTZ)."""

import os
from typing import Optional, Protocol, TypeVar, Union, final, overload

__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]

_T = TypeVar("_T")

class _HasFen(Protocol):
    def fen(self) -> str: ...

class MissingTableError(KeyError):
    """The table a position needs was not added (a ``KeyError``, as in python-chess)."""

@final
class Tablebase:
    """Syzygy endgame tables: WDL (``.rtbw``) and DTZ (``.rtbz``) files added by directory,
    opened on first use and read on demand."""

    def __new__(cls, *, max_fds: Optional[int] = 128) -> Tablebase: ...
    def add_directory(
        self,
        directory: Union[str, "os.PathLike[str]"],
        *,
        load_wdl: bool = True,
        load_dtz: bool = True,
    ) -> int:
        """Adds the tables of a directory; returns how many files were added."""
    def probe_wdl(self, board: _HasFen) -> int:
        """2 win, 1 cursed win, 0 draw, -1 blessed loss, -2 loss (side to move)."""
    @overload
    def get_wdl(self, board: _HasFen) -> Optional[int]: ...
    @overload
    def get_wdl(self, board: _HasFen, default: _T) -> Union[int, _T]: ...
    def probe_dtz(self, board: _HasFen) -> int:
        """Plies to the next capture or pawn move with best play (side to move)."""
    @overload
    def get_dtz(self, board: _HasFen) -> Optional[int]: ...
    @overload
    def get_dtz(self, board: _HasFen, default: _T) -> Union[int, _T]: ...
    def close(self) -> None:
        """Closes every table and forgets them."""
    def __enter__(self) -> Tablebase: ...
    def __exit__(self, *_args: object) -> None: ...
    def __len__(self) -> int: ...

def open_tablebase(
    directory: Union[str, "os.PathLike[str]"],
    *,
    load_wdl: bool = True,
    load_dtz: bool = True,
    max_fds: Optional[int] = 128,
) -> Tablebase:
    """A ``Tablebase`` with the tables of ``directory``."""
