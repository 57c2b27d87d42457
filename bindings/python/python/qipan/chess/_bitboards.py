"""python-chess's bitboard vocabulary: squares as ints (a1 = 0 ... h8 = 63), sets of squares as
64-bit ints (bit ``n`` = square ``n``), and the small helpers over them.

These are facts of the board's geometry, written once at import; no rule of the game is here (the
native core answers those).
"""

from __future__ import annotations

from operator import index
from typing import Iterator, List, SupportsIndex

Bitboard = int

BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF

BB_SQUARES = [1 << square for square in range(64)]
_SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]
globals().update({f"BB_{name.upper()}": 1 << index for index, name in enumerate(_SQUARE_NAMES)})

BB_FILES = [0x0101_0101_0101_0101 << file for file in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS = [0xFF << (8 * rank) for rank in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS = BB_RANK_1 | BB_RANK_8
BB_CORNERS = 1 | 1 << 7 | 1 << 56 | 1 << 63
BB_CENTER = 1 << 27 | 1 << 28 | 1 << 35 | 1 << 36
BB_DARK_SQUARES = sum(1 << sq for sq in range(64) if (sq >> 3) % 2 == (sq & 7) % 2)
BB_LIGHT_SQUARES = BB_ALL ^ BB_DARK_SQUARES

SQUARES_180 = [square ^ 0x38 for square in range(64)]


def square_mirror(square: int) -> int:
    """The square seen from the other side: the same file, the rank flipped (a1 <-> a8)."""
    return square ^ 0x38


def square_distance(a: int, b: int) -> int:
    """King steps from ``a`` to ``b`` on an empty board (the larger of file and rank distance)."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_manhattan_distance(a: int, b: int) -> int:
    """File distance plus rank distance."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


def _steps(square: int, deltas: List[tuple[int, int]]) -> int:
    file, rank = square & 7, square >> 3
    bits = 0
    for df, dr in deltas:
        f, r = file + df, rank + dr
        if 0 <= f < 8 and 0 <= r < 8:
            bits |= 1 << (r * 8 + f)
    return bits


_KNIGHT_DELTAS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
_KING_DELTAS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
BB_KNIGHT_ATTACKS = [_steps(sq, _KNIGHT_DELTAS) for sq in range(64)]
BB_KING_ATTACKS = [_steps(sq, _KING_DELTAS) for sq in range(64)]
BB_PAWN_ATTACKS = [
    [_steps(sq, [(-1, -1), (1, -1)]) for sq in range(64)],  # black pawns capture downwards
    [_steps(sq, [(-1, 1), (1, 1)]) for sq in range(64)],
]


def _knight_distances(start: int) -> List[int]:
    """Knight moves from ``start`` to every square on an empty 8x8 board (breadth first)."""
    distance = [-1] * 64
    distance[start] = 0
    frontier = [start]
    while frontier:
        following = []
        for square in frontier:
            for target in scan_forward(BB_KNIGHT_ATTACKS[square]):
                if distance[target] < 0:
                    distance[target] = distance[square] + 1
                    following.append(target)
        frontier = following
    return distance


def square_knight_distance(a: int, b: int) -> int:
    """Knight moves from ``a`` to ``b`` on an empty board."""
    return _KNIGHT_DISTANCES[a][b]


def lsb(bb: int) -> int:
    """The lowest square of a non-empty bitboard."""
    return (bb & -bb).bit_length() - 1


def msb(bb: int) -> int:
    """The highest square of a non-empty bitboard."""
    return bb.bit_length() - 1


def scan_forward(bb: int) -> Iterator[int]:
    """The squares of ``bb``, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: int) -> Iterator[int]:
    """The squares of ``bb``, highest first."""
    while bb:
        square = bb.bit_length() - 1
        yield square
        bb ^= 1 << square


def popcount(bb: int) -> int:
    """The number of squares in ``bb``."""
    return bin(bb).count("1")


def flip_vertical(bb: SupportsIndex) -> int:
    """Ranks reversed (a1 <-> a8)."""
    return int.from_bytes((index(bb) & BB_ALL).to_bytes(8, "little"), "big")


def flip_horizontal(bb: SupportsIndex) -> int:
    """Files reversed (a1 <-> h1)."""
    return int.from_bytes(bytes(_REVERSED_BYTE[b] for b in (index(bb) & BB_ALL).to_bytes(8, "little")), "little")


def flip_diagonal(bb: SupportsIndex) -> int:
    """Mirrored on the a1-h8 diagonal (a2 <-> b1)."""
    out = 0
    for square in scan_forward(index(bb) & BB_ALL):
        out |= 1 << ((square & 7) * 8 + (square >> 3))
    return out


def flip_anti_diagonal(bb: SupportsIndex) -> int:
    """Mirrored on the a8-h1 diagonal (a1 <-> h8)."""
    out = 0
    for square in scan_forward(index(bb) & BB_ALL):
        out |= 1 << ((7 - (square & 7)) * 8 + (7 - (square >> 3)))
    return out


_REVERSED_BYTE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def shift_down(b: int) -> int:
    return b >> 8


def shift_2_down(b: int) -> int:
    return b >> 16


def shift_up(b: int) -> int:
    return (b << 8) & BB_ALL


def shift_2_up(b: int) -> int:
    return (b << 16) & BB_ALL


def shift_right(b: int) -> int:
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: int) -> int:
    return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL


def shift_left(b: int) -> int:
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: int) -> int:
    return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H


def shift_up_left(b: int) -> int:
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: int) -> int:
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: int) -> int:
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: int) -> int:
    return (b >> 7) & ~BB_FILE_A


def _line(a: int, b: int) -> int:
    """The whole rank, file or diagonal through ``a`` and ``b`` (both included), else 0."""
    if a == b:
        return 0
    df, dr = (b & 7) - (a & 7), (b >> 3) - (a >> 3)
    if df and dr and abs(df) != abs(dr):
        return 0
    step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    bits = 1 << a
    for sign in (1, -1):
        f, r = a & 7, a >> 3
        while True:
            f, r = f + sign * step[0], r + sign * step[1]
            if not (0 <= f < 8 and 0 <= r < 8):
                break
            bits |= 1 << (r * 8 + f)
    return bits


BB_RAYS = [[_line(a, b) for b in range(64)] for a in range(64)]


def ray(a: int, b: int) -> int:
    """The rank, file or diagonal through ``a`` and ``b``, edge to edge; 0 when there is none."""
    return BB_RAYS[a][b]


def between(a: int, b: int) -> int:
    """The squares strictly between ``a`` and ``b`` on their rank, file or diagonal."""
    bb = BB_RAYS[a][b] & ((BB_ALL << a) ^ (BB_ALL << b))
    return bb & (bb - 1)


_KNIGHT_DISTANCES = [_knight_distances(square) for square in range(64)]

__all__ = [
    "Bitboard",
    "BB_EMPTY",
    "BB_ALL",
    "BB_SQUARES",
    *(f"BB_{name.upper()}" for name in _SQUARE_NAMES),
    "BB_FILES",
    *(f"BB_FILE_{f}" for f in "ABCDEFGH"),
    "BB_RANKS",
    *(f"BB_RANK_{r}" for r in "12345678"),
    "BB_BACKRANKS",
    "BB_CORNERS",
    "BB_CENTER",
    "BB_DARK_SQUARES",
    "BB_LIGHT_SQUARES",
    "BB_KNIGHT_ATTACKS",
    "BB_KING_ATTACKS",
    "BB_PAWN_ATTACKS",
    "BB_RAYS",
    "SQUARES_180",
    "square_mirror",
    "square_distance",
    "square_manhattan_distance",
    "square_knight_distance",
    "lsb",
    "msb",
    "scan_forward",
    "scan_reversed",
    "popcount",
    "flip_vertical",
    "flip_horizontal",
    "flip_diagonal",
    "flip_anti_diagonal",
    "shift_down",
    "shift_2_down",
    "shift_up",
    "shift_2_up",
    "shift_right",
    "shift_2_right",
    "shift_left",
    "shift_2_left",
    "shift_up_left",
    "shift_up_right",
    "shift_down_left",
    "shift_down_right",
    "ray",
    "between",
]
