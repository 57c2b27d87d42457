"""Replays a PGN file over a dask.distributed cluster and prints a JSON report.

    python examples/python/dask_replay.py games.pgn                      # a LocalCluster, 2 workers
    python examples/python/dask_replay.py games.pgn --scheduler tcp://host:8786 --ranges 64

The file is cut into byte ranges; each task runs ``qipan.replay_pgn_range`` on one range (inside
Rust, with the GIL released) and sends back only the range's counts and errors; the client adds
them up in range order. Every worker must see the file at the same path (a shared file system).
The ranges together replay each game of the file exactly once (see docs/bulk-replay.md).

Report: ``games``, ``plies``, ``endings`` (``termination:winner`` — ``draw`` when nobody wins —,
``unfinished`` when the rules did not end the game, ``unplayable`` when its moves could not all be
played), ``results`` (the Result tags), ``openings`` (first moves, per variant), ``errors``
(``by_kind`` counts and the first ``--max-errors`` errors in file order, with their game index
in the file).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence, Tuple

import qipan


def split_ranges(path: str, count: int) -> List[Tuple[int, int]]:
    """`count` byte ranges of about equal size that cut the whole file."""
    size = os.path.getsize(path)
    count = max(1, min(count, size or 1))
    cuts = [size * i // count for i in range(count + 1)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if a < b] or [(0, 0)]


def ending(game: Dict[str, Any]) -> str:
    """The ending key of one summary."""
    termination = game["termination"]
    if termination is None:
        return "unfinished" if game["error"] is None else "unplayable"
    return f"{termination}:{game['winner'] or 'draw'}"


def summarize(games: Any, max_errors: int) -> Dict[str, Any]:
    """The counts of some summaries (one range's, or a whole file's)."""
    count = plies = 0
    endings: Counter[str] = Counter()
    results: Counter[str] = Counter()
    openings: Dict[str, Counter[str]] = {}
    by_kind: Counter[str] = Counter()
    errors = []
    for game in games:
        count += 1
        plies += game["plies"]
        endings[ending(game)] += 1
        results[game["result"] or "none"] += 1
        if game["first_move"] is not None:
            openings.setdefault(game["variant"], Counter())[game["first_move"]] += 1
        error = game["error"]
        if error is not None:
            by_kind[error["kind"]] += 1
            if len(errors) < max_errors:
                errors.append({**error, "offset": game["offset"]})
    return {
        "games": count,
        "plies": plies,
        "endings": dict(endings),
        "results": dict(results),
        "openings": {v: dict(c) for v, c in openings.items()},
        "errors": {"by_kind": dict(by_kind), "list": errors},
    }


def replay_range_task(
    path: str, start: int, end: int, jobs: Optional[int], max_errors: int
) -> Dict[str, Any]:
    """One task: a range's counts (its errors' `index` counts from 1 in the range)."""
    return summarize(qipan.replay_pgn_range(path, start, end, tags=("Result",), jobs=jobs), max_errors)


def merge(parts: Sequence[Dict[str, Any]], max_errors: int) -> Dict[str, Any]:
    """Adds up range counts, in range order; error indexes become indexes in the file."""
    total: Dict[str, Any] = {"games": 0, "plies": 0, "ranges": len(parts)}
    endings: Counter[str] = Counter()
    results: Counter[str] = Counter()
    openings: Dict[str, Counter[str]] = {}
    by_kind: Counter[str] = Counter()
    errors: List[Dict[str, Any]] = []
    for part in parts:
        base = total["games"]
        total["games"] += part["games"]
        total["plies"] += part["plies"]
        endings.update(part["endings"])
        results.update(part["results"])
        for variant, moves in part["openings"].items():
            openings.setdefault(variant, Counter()).update(moves)
        by_kind.update(part["errors"]["by_kind"])
        for error in part["errors"]["list"]:
            if len(errors) < max_errors:
                errors.append({**error, "index": error["index"] + base})
    total.update(
        endings=dict(sorted(endings.items())),
        results=dict(sorted(results.items())),
        openings={v: dict(c.most_common()) for v, c in sorted(openings.items())},
        errors={"by_kind": dict(sorted(by_kind.items())), "list": errors},
    )
    return total


def replay_on(
    client: Any, path: str, ranges: Optional[int], jobs: Optional[int], max_errors: int
) -> Dict[str, Any]:
    """Replays `path` with a connected `dask.distributed.Client`."""
    if ranges is None:
        threads = sum(client.nthreads().values()) or 1
        ranges = 4 * threads
    parts = split_ranges(path, ranges)
    futures = client.map(
        replay_range_task,
        [path] * len(parts),
        [a for a, _ in parts],
        [b for _, b in parts],
        [jobs] * len(parts),
        [max_errors] * len(parts),
        pure=False,
    )
    return merge(client.gather(futures), max_errors)


def run(
    path: str,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    threads_per_worker: int = 1,
    ranges: Optional[int] = None,
    jobs: Optional[int] = 1,
    max_errors: int = 100,
) -> Dict[str, Any]:
    """Replays `path` on a cluster (a new LocalCluster unless `scheduler` is given)."""
    from dask.distributed import Client, LocalCluster

    path = os.path.abspath(path)
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(
            n_workers=n_workers,
            threads_per_worker=threads_per_worker,
            processes=True,
            dashboard_address=None,
        )
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        report = replay_on(client, path, ranges, jobs, max_errors)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return report


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a PGN file (chess, Chess960 and Xiangqi games)")
    parser.add_argument("--scheduler", help="a dask scheduler address (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    parser.add_argument("--threads-per-worker", type=int, default=1)
    parser.add_argument("--ranges", type=int, help="byte ranges (default: 4 per worker thread)")
    parser.add_argument("--jobs", type=int, default=1, help="qipan threads inside each task")
    parser.add_argument("--max-errors", type=int, default=100, help="errors listed in full")
    args = parser.parse_args(argv)
    report = run(
        args.file,
        scheduler=args.scheduler,
        n_workers=args.workers,
        threads_per_worker=args.threads_per_worker,
        ranges=args.ranges,
        jobs=args.jobs,
        max_errors=args.max_errors,
    )
    json.dump(report, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
