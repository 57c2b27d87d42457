import os
import random as _random_module
from types import TracebackType
from typing import Container, Iterator, NamedTuple, Optional, Type, Union

from qipan import ChessBoard, Move

__all__ = ["Entry", "MemoryMappedReader", "Reader", "open_reader", "zobrist_hash"]

_Path = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]

class Entry(NamedTuple):
    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move

def zobrist_hash(board: ChessBoard) -> int: ...

class Reader:
    def __init__(self, path: _Path) -> None: ...
    @classmethod
    def from_bytes(cls, data: bytes) -> Reader: ...
    def __enter__(self) -> Reader: ...
    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Entry: ...
    def __iter__(self) -> Iterator[Entry]: ...
    def __contains__(self, entry: Entry) -> bool: ...
    def find_all(
        self,
        board: Union[ChessBoard, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]: ...
    def find(
        self,
        board: Union[ChessBoard, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry: ...
    def get(
        self,
        board: Union[ChessBoard, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]: ...
    def choice(
        self,
        board: Union[ChessBoard, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[_random_module.Random] = None,
    ) -> Entry: ...
    def weighted_choice(
        self,
        board: Union[ChessBoard, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Optional[_random_module.Random] = None,
    ) -> Entry: ...
    def close(self) -> None: ...

MemoryMappedReader = Reader

def open_reader(path: _Path) -> Reader: ...
