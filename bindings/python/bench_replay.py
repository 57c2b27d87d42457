"""Bulk replay speed: games per second replaying one generated PGN file.

    .venv/bin/python bindings/python/bench_replay.py [--games 20000] [--reference-games 2000]

Compares python-chess's PGN reader (``chess.pgn.read_game`` in a loop, each mainline move pushed
on a board), ``qipan.replay_pgn`` on one thread (``jobs=1``) and on every core, and
``examples/python/dask_replay.py`` on a 2-worker LocalCluster (timed after the cluster started). qipan and Dask rows: best of 3 runs.
The file holds chess and Chess960 games (python-chess cannot read Xiangqi), random playouts of
1-400 plies and some broken games (tests/pgn_gen.py, seeded). python-chess replays only the first
``--reference-games`` games: it is slow.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pathlib
import sys
import tempfile
import time

import chess.pgn

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "tests"))

import qipan  # noqa: E402
from pgn_gen import make_file  # noqa: E402


def python_chess(path: pathlib.Path, limit: int) -> tuple[int, float]:
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)  # the broken games' messages
    start = time.perf_counter()
    games = 0
    with open(path, encoding="utf-8") as f:
        while games < limit:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            games += 1
    return games, time.perf_counter() - start


def qipan_replay(path: pathlib.Path, jobs: int | None) -> tuple[int, float]:
    """The best of 3 runs (the machine may be shared)."""
    best = float("inf")
    games = 0
    for _ in range(3):
        start = time.perf_counter()
        games = sum(1 for _ in qipan.replay_pgn(path, jobs=jobs))
        best = min(best, time.perf_counter() - start)
    return games, best


def dask_replay(path: pathlib.Path) -> tuple[int, float]:
    from dask.distributed import Client, LocalCluster

    # The worker processes import the example by name: put it on their path too.
    examples = str(HERE.parents[1] / "examples" / "python")
    sys.path.insert(0, examples)
    os.environ["PYTHONPATH"] = os.pathsep.join([examples, os.environ.get("PYTHONPATH", "")])
    module = importlib.import_module("dask_replay")
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            module.replay_on(client, str(path), 2, 1, 0)  # warm the workers
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                report = module.replay_on(client, str(path), None, 1, 0)
                best = min(best, time.perf_counter() - start)
            return report["games"], best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--reference-games", type=int, default=2_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = make_file(pathlib.Path(tmp) / "bench.pgn", 5, args.games, pool=2000, xiangqi=False)
        size = path.stat().st_size
        print(f"{args.games} games, {size / 1e6:.1f} MB, {os.cpu_count()} cores")
        runs = [
            ("python-chess read_game + push", lambda: python_chess(path, args.reference_games)),
            ("qipan.replay_pgn jobs=1", lambda: qipan_replay(path, 1)),
            ("qipan.replay_pgn all cores", lambda: qipan_replay(path, None)),
            ("dask_replay.py, 2 workers", lambda: dask_replay(path)),
        ]
        base = 0.0
        for name, run in runs:
            games, seconds = run()
            rate = games / seconds
            base = base or rate
            print(f"{name:32} {games:7} games {seconds:8.2f} s {rate:10.0f} games/s  x{rate / base:.0f}", flush=True)


if __name__ == "__main__":
    main()
