"""examples/python/dask_analyse.py on a 2-worker LocalCluster (one Stockfish per worker process,
started and quit with the workers) gives the report of the same code in one process, and every
evaluation equals what python-chess's ``chess.engine`` gets from the same engine, game by game
(Threads 1, a fixed node count, a new engine game at each record)."""

from __future__ import annotations

import importlib.util
import io
import pathlib
import shutil
from typing import Any, List

import chess
import chess.engine
import chess.pgn
import pytest

from conftest import ROOT

pytest.importorskip("dask.distributed")

NODES = 400


def example() -> Any:
    spec = importlib.util.spec_from_file_location("dask_analyse", ROOT / "examples" / "python" / "dask_analyse.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def python_chess_evals(text: str, sf: str) -> List[List[int]]:
    out = []
    with chess.engine.SimpleEngine.popen_uci(sf) as ref:
        ref.configure({"Threads": 1})
        handle = io.StringIO(text)
        while (game := chess.pgn.read_game(handle)) is not None:
            board, mark, evals = game.board(), object(), []
            for move in [*game.mainline_moves(), None]:
                if board.is_game_over():
                    break
                info = ref.analyse(board, chess.engine.Limit(nodes=NODES), game=mark)
                evals.append(info["score"].white().score(mate_score=100_000))
                if move is not None:
                    board.push(move)
            out.append(evals)
    return out


def test_cluster_equals_one_process_and_python_chess(tmp_path: pathlib.Path) -> None:
    sf = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")
    assert sf, "stockfish is not installed (scripts/test-parts/30-python.sh installs it)"
    text = "\n".join((ROOT / "examples" / "games" / name).read_text() for name in ("chess-classics.pgn", "chess960.pgn"))
    path = tmp_path / "games.pgn"
    path.write_text(text)
    dask_analyse = example()
    options, limit = {"Threads": "1"}, {"nodes": NODES}
    cluster = dask_analyse.run(str(path), sf, "uci", options, limit, n_workers=2, ranges=3)
    local = dask_analyse.analyse_in_process(str(path), sf, "uci", options, limit, ranges=2)
    assert cluster == local
    assert cluster["games"] == 5 and cluster["positions"] > 150
    assert [g["index"] for g in cluster["analysed"]] == [1, 2, 3, 4, 5]
    assert all("error" not in g and len(g["best"]) == len(g["evals"]) for g in cluster["analysed"])
    assert [g["evals"] for g in cluster["analysed"]] == python_chess_evals(text, sf)
