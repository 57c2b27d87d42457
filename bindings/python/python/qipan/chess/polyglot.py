"""python-chess's ``chess.polyglot`` on qipan: Polyglot opening books.

``open_reader(path)`` gives a reader with python-chess's methods (``find_all``, ``find``,
``get``, ``choice``, ``weighted_choice``, indexing, iteration, ``close``, a context manager); its
entries are ``Entry`` named tuples ``(key, raw_move, weight, learn, move)``. Every rule is
qipan's core: the file is read with positioned reads (never loaded whole), entries are found by
binary search, book castling written king-takes-rook becomes the castling move, and entries whose
move is not legal are skipped. ``Reader.from_bytes(data)`` reads a book held in memory.

``exclude_moves`` may be any iterable of moves (python-chess accepts any container).
``choice`` and ``weighted_choice`` take a board (python-chess also takes a bare key).
"""

from __future__ import annotations

import os
import random as _random_module
from types import TracebackType
from typing import Any, Container, Iterator, NamedTuple, Optional, Type, Union

from qipan import ChessBoard, Move
from qipan._qipan import PolyglotBook as _PolyglotBook
from qipan._qipan import zobrist_hash as _zobrist_hash

__all__ = ["Entry", "MemoryMappedReader", "Reader", "open_reader", "zobrist_hash"]


class Entry(NamedTuple):
    """An entry of a Polyglot book: the position's key, the move as stored, its weight, its
    learn value, and the move (resolved against the board when the lookup was given one)."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


def zobrist_hash(board: ChessBoard) -> int:
    """The Polyglot zobrist key of ``board``."""
    return _zobrist_hash(board)  # type: ignore[no-any-return]


class Reader:
    """A Polyglot opening book (python-chess's ``MemoryMappedReader``)."""

    def __init__(self, path: Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]) -> None:
        self._book: Any = _PolyglotBook(os.fsdecode(path))

    @classmethod
    def from_bytes(cls, data: bytes) -> Reader:
        """A book held in memory (its length must be a multiple of 16)."""
        reader = cls.__new__(cls)
        reader._book = _PolyglotBook(data=bytes(data))
        return reader

    def __enter__(self) -> Reader:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        return Entry(*self._book.entry(index))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, entry: Entry) -> bool:
        return any(e == entry for e in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(
        self,
        board: Union[ChessBoard, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]:
        """The entries of a board (legal moves only, castling resolved) or of a key (moves as
        stored), in book order, with at least ``minimum_weight``."""
        for entry in self._book.find_all(board, minimum_weight, exclude_moves):
            yield Entry(*entry)

    def find(
        self,
        board: Union[ChessBoard, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry:
        """The (first) entry with the highest weight; ``IndexError`` when there is none."""
        try:
            return max(
                self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves),
                key=lambda entry: entry.weight,
            )
        except ValueError:
            raise IndexError() from None

    def get(
        self,
        board: Union[ChessBoard, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]:
        """``find``, or ``default`` when there is no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Union[ChessBoard, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[_random_module.Random] = None,
    ) -> Entry:
        """An entry chosen uniformly, drawing with ``random.randint`` as python-chess does (the
        same generator state gives the same entry); ``IndexError`` when there is none."""
        chosen = self._book.choice(board, minimum_weight, exclude_moves, random)
        if chosen is None:
            raise IndexError()
        return Entry(*chosen)

    def weighted_choice(
        self,
        board: Union[ChessBoard, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Optional[_random_module.Random] = None,
    ) -> Entry:
        """An entry chosen with probability proportional to its weight, drawing as python-chess
        does; ``IndexError`` when there is none."""
        chosen = self._book.weighted_choice(board, exclude_moves, random)
        if chosen is None:
            raise IndexError()
        return Entry(*chosen)

    def close(self) -> None:
        """Closes the book; using it afterwards raises ``ValueError``."""
        self._book.close()


MemoryMappedReader = Reader


def open_reader(path: Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]) -> Reader:
    """Opens a Polyglot book file."""
    return Reader(path)
