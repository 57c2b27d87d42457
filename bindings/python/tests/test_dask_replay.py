"""examples/python/dask_replay.py on a 2-worker LocalCluster equals a single-process replay."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from collections import Counter
from typing import Any, Dict

import pytest

import qipan
from conftest import ROOT
from pgn_gen import make_file

pytest.importorskip("dask.distributed")

SCRIPT = ROOT / "examples" / "python" / "dask_replay.py"
GAMES = 20_000


def single_process(path: pathlib.Path) -> Dict[str, Any]:
    """The same report from one qipan.replay_pgn over the whole file (counted independently)."""
    endings: Counter[str] = Counter()
    results: Counter[str] = Counter()
    openings: Dict[str, Counter[str]] = {}
    by_kind: Counter[str] = Counter()
    errors = []
    games = plies = 0
    for game in qipan.replay_pgn(path, tags=("Result",)):
        games += 1
        plies += game["plies"]
        if game["termination"] is not None:
            endings[f"{game['termination']}:{game['winner'] or 'draw'}"] += 1
        else:
            endings["unfinished" if game["error"] is None else "unplayable"] += 1
        results[game["result"] or "none"] += 1
        if game["first_move"]:
            openings.setdefault(game["variant"], Counter())[game["first_move"]] += 1
        if game["error"] is not None:
            by_kind[game["error"]["kind"]] += 1
            errors.append({**game["error"], "offset": game["offset"]})
    return {
        "games": games,
        "plies": plies,
        "endings": dict(endings),
        "results": dict(results),
        "openings": {v: dict(c) for v, c in openings.items()},
        "errors": {"by_kind": dict(by_kind), "list": errors},
    }


def test_dask_report_equals_single_process(tmp_path: pathlib.Path) -> None:
    path = make_file(tmp_path / "big.pgn", seed=2026, games=GAMES, pool=500)
    run = subprocess.run(
        [sys.executable, str(SCRIPT), str(path), "--ranges", "13", "--max-errors", "1000000"],
        check=True,
        capture_output=True,
        text=True,
        timeout=240,
    )
    report = json.loads(run.stdout)
    expected = single_process(path)
    assert report["ranges"] == 13
    assert report["games"] == GAMES == expected["games"]
    for key in ("plies", "endings", "results", "openings", "errors"):
        assert report[key] == expected[key], key
    # Every kind of ending and error is there.
    assert {"checkmate:white", "checkmate:black", "stalemate:draw", "unfinished", "unplayable"} <= set(
        report["endings"]
    )
    assert {"illegal_move", "unparsable_move", "result_mismatch"} <= set(report["errors"]["by_kind"])
    assert set(report["openings"]) == {"chess", "chess960", "xiangqi"}
