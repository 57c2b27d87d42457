"""The qipan side of bench.py's rows that push, pop, list legal moves and read games, alone (no
python-chess, no perft): for comparing two builds of qipan on a loaded machine, run alternately
with each build's Python. Prints one line per row, the best of `--repeat` timings.

    .venv/bin/python bindings/python/bench_ab.py --repeat 7
"""

from __future__ import annotations

import argparse
import io
import os
import timeit

import qipan
import qipan.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "games")
FENS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}


def best(stmt: object, number: int, repeat: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    for name, fen in FENS.items():
        board = qipan.ChessBoard(fen)
        print(f"legal moves ({name}): {best(lambda: list(board.legal_moves), 20000, repeat) * 1e6:.3f} µs")
    board = qipan.ChessBoard(FENS["kiwipete"])
    moves = list(board.legal_moves)

    def push_pop() -> None:
        for m in moves:
            board.push(m)
            board.pop()

    print(f"push + pop (kiwipete, per move): {best(push_pop, 500, repeat) / len(moves) * 1e9:.1f} ns")
    with open(os.path.join(EXAMPLES, "chess-classics.pgn"), encoding="utf-8") as f:
        text = f.read() * 20

    def read_all() -> int:
        handle, games = io.StringIO(text), 0
        while qipan.pgn.read_game(handle) is not None:
            games += 1
        return games

    n = read_all()
    print(f"read_game loop (chess-classics.pgn x20, per game): {best(read_all, 3, repeat) / n * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
