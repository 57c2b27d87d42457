"""Analyses every position of a PGN file's games with an engine over a dask.distributed cluster,
one engine per worker process, and prints a JSON report.

    python examples/python/dask_analyse.py games.pgn --engine stockfish --nodes 20000
    python examples/python/dask_analyse.py xq.pgn --engine fairy-stockfish --protocol ucci --depth 10
    python examples/python/dask_analyse.py games.pgn --engine stockfish --scheduler tcp://host:8786

The file is cut into byte ranges as the bulk replay cuts it (docs/bulk-replay.md): each task runs
``qipan.replay_pgn_range`` on its range to find the games (their byte offsets, variants and
errors), reads each playable game at its offset with ``qipan.pgn.read_game`` and has the worker's
engine analyse every position of its mainline (the game's moves sent from its start, so the engine
sees repetitions; a new game for the engine at each game). The engine is started by a worker
plugin when the worker starts and quit when it stops: its lifetime is the worker's, and a worker
that dies takes its engine with it (the engine's input closes). A task holds the engine for its
whole range; with more than one thread per worker, tasks wait for it in turn.

Report: ``games``, ``positions``, and per game in file order ``index`` (in the file), ``offset``,
``variant``, ``evals`` (one per position: centipawns from White's (Red's) point of view, a mate as
±100000 less its distance), ``best`` (the engine's move in each position, as text), ``mistakes``
(the plies whose move lost at least ``--swing`` centipawns for its side), or ``error`` for a game
that cannot be played or analysed. Every worker must see the file at the same path.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from typing import Any, Dict, List, Optional, Sequence, Tuple

import qipan
import qipan.chess.engine as engine
import qipan.pgn

PLUGIN = "qipan-engine"
MATE = 100_000


def split_ranges(path: str, count: int) -> List[Tuple[int, int]]:
    """`count` byte ranges of about equal size that cut the whole file."""
    size = os.path.getsize(path)
    count = max(1, min(count, size or 1))
    cuts = [size * i // count for i in range(count + 1)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if a < b] or [(0, 0)]


def open_engine(command: str, protocol: str, options: Dict[str, str]) -> engine.SimpleEngine:
    """Starts an engine (`protocol`: uci, ucci or xboard) and sets its options."""
    popen = {"uci": engine.SimpleEngine.popen_uci, "ucci": engine.SimpleEngine.popen_ucci,
             "xboard": engine.SimpleEngine.popen_xboard}[protocol]
    started = popen(command)
    started.configure(options)
    return started


def analyse_game(eng: engine.SimpleEngine, game: Any, limit: engine.Limit, swing: int) -> Dict[str, Any]:
    """Every position of `game`'s mainline analysed: evaluations, best moves, mistakes."""
    board = game.board()
    new_game = object()  # one engine game per record: the engine forgets the one before
    evals: List[int] = []
    best: List[Optional[str]] = []
    movers: List[bool] = []
    moves = list(game.mainline_moves())
    for ply in range(len(moves) + 1):
        if board.is_game_over():
            break
        movers.append(bool(board.turn))
        info = eng.analyse(board, limit, game=new_game)
        score = info.get("score")
        evals.append(0 if score is None else score.white().score(mate_score=MATE))
        pv = info.get("pv") or [None]
        best.append(None if pv[0] is None else str(pv[0]))
        if ply < len(moves):
            board.push(moves[ply])
    # A move loses what the evaluation drops for the side that made it.
    mistakes = []
    for ply in range(1, len(evals)):
        drop = evals[ply - 1] - evals[ply] if movers[ply - 1] else evals[ply] - evals[ply - 1]
        if drop >= swing:
            mistakes.append({"ply": ply, "move": str(moves[ply - 1]), "loss": drop})
    return {"plies": len(moves), "evals": evals, "best": best, "mistakes": mistakes}


def analyse_range_with(
    eng: engine.SimpleEngine, path: str, start: int, end: int, limit: Dict[str, Any], swing: int
) -> List[Dict[str, Any]]:
    """The games that start in [start, end), each analysed (`index` counts from 1 in the range)."""
    out = []
    with open(path, encoding="utf-8", errors="replace", newline="") as handle:
        for summary in qipan.replay_pgn_range(path, start, end, tags=(), jobs=1):
            row: Dict[str, Any] = {"index": summary["index"], "offset": summary["offset"],
                                   "variant": summary["variant"]}
            if summary["error"] is not None:
                row["error"] = summary["error"]["message"]
            else:
                handle.seek(summary["offset"])
                game = qipan.pgn.read_game(handle)
                try:
                    row.update(analyse_game(eng, game, engine.Limit(**limit), swing))
                except (engine.EngineError, TimeoutError) as e:
                    row["error"] = f"{type(e).__name__}: {e}"
            out.append(row)
    return out


try:
    from distributed import WorkerPlugin
except ImportError:  # the in-process path needs no dask
    WorkerPlugin = object  # type: ignore[misc,assignment]


class EnginePlugin(WorkerPlugin):  # type: ignore[misc,valid-type]
    """A dask worker plugin: the worker's engine, started with the worker and quit with it."""

    idempotent = False

    def __init__(self, command: str, protocol: str, options: Dict[str, str]) -> None:
        self.command, self.protocol, self.options = command, protocol, options
        self.engine: Optional[engine.SimpleEngine] = None

    def setup(self, worker: Any) -> None:
        # Made in the worker: the plugin travels to it pickled, a lock and an engine cannot.
        self.lock = threading.Lock()
        self.engine = open_engine(self.command, self.protocol, self.options)

    def teardown(self, worker: Any) -> None:
        if self.engine is not None:
            self.engine.quit()
            self.engine = None

    def transition(self, key: Any, start: str, finish: str, **kwargs: Any) -> None:
        pass


def analyse_range_task(path: str, start: int, end: int, limit: Dict[str, Any], swing: int) -> List[Dict[str, Any]]:
    """One dask task: a range analysed by the worker's engine."""
    from distributed import get_worker

    plugin = get_worker().plugins[PLUGIN]
    with plugin.lock:
        return analyse_range_with(plugin.engine, path, start, end, limit, swing)


def merge(parts: Sequence[List[Dict[str, Any]]]) -> Dict[str, Any]:
    """Range results in range order; indexes become indexes in the file."""
    games: List[Dict[str, Any]] = []
    for part in parts:
        base = len(games)
        games.extend({**row, "index": row["index"] + base} for row in part)
    return {"games": len(games), "positions": sum(len(g.get("evals", ())) for g in games), "analysed": games}


def analyse_in_process(
    path: str, command: str, protocol: str, options: Dict[str, str], limit: Dict[str, Any],
    ranges: int = 4, swing: int = 200,
) -> Dict[str, Any]:
    """The same report without a cluster: one engine, the ranges one after the other."""
    eng = open_engine(command, protocol, options)
    try:
        parts = [analyse_range_with(eng, path, a, b, limit, swing) for a, b in split_ranges(path, ranges)]
    finally:
        eng.quit()
    return merge(parts)


def run(
    path: str, command: str, protocol: str = "uci", options: Optional[Dict[str, str]] = None,
    limit: Optional[Dict[str, Any]] = None, scheduler: Optional[str] = None, n_workers: int = 2,
    ranges: Optional[int] = None, swing: int = 200,
) -> Dict[str, Any]:
    """Analyses `path` on a cluster (a new LocalCluster of `n_workers` processes, one thread
    each, unless `scheduler` is given)."""
    from dask.distributed import Client, LocalCluster

    path = os.path.abspath(path)
    limit = limit or {"nodes": 20_000}
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        client.register_plugin(EnginePlugin(command, protocol, dict(options or {})), name=PLUGIN)
        if ranges is None:
            ranges = 4 * (sum(client.nthreads().values()) or 1)
        parts = split_ranges(path, ranges)
        futures = client.map(
            analyse_range_task,
            [path] * len(parts),
            [a for a, _ in parts],
            [b for _, b in parts],
            [limit] * len(parts),
            [swing] * len(parts),
            pure=False,
        )
        return merge(client.gather(futures))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a PGN file (chess, Chess960 and Xiangqi games)")
    parser.add_argument("--engine", required=True, help="the engine command")
    parser.add_argument("--protocol", default="uci", choices=["uci", "ucci", "xboard"])
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE (repeatable)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--nodes", type=int, help="nodes per position (default 20000)")
    group.add_argument("--depth", type=int, help="depth per position")
    group.add_argument("--movetime", type=float, help="seconds per position")
    parser.add_argument("--swing", type=int, default=200, help="centipawns lost that make a mistake")
    parser.add_argument("--scheduler", help="a dask scheduler address (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (engines)")
    parser.add_argument("--ranges", type=int, help="byte ranges (default: 4 per worker)")
    parser.add_argument("--in-process", action="store_true", help="no cluster: one engine here")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    if args.depth is not None:
        limit: Dict[str, Any] = {"depth": args.depth}
    elif args.movetime is not None:
        limit = {"time": args.movetime}
    else:
        limit = {"nodes": args.nodes or 20_000}
    if args.in_process:
        report = analyse_in_process(args.file, args.engine, args.protocol, options, limit, args.ranges or 4, args.swing)
    else:
        report = run(args.file, args.engine, args.protocol, options, limit, args.scheduler, args.workers,
                     args.ranges, args.swing)
    json.dump(report, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
