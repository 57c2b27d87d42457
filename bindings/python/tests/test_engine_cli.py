"""`qipan analyse` writes [%eval] comments and the engine's better moves as variations; python-chess
reads the file back and finds, move by move, the evaluation its own chess.engine gets from the
same engine with the same settings (Threads 1, `go nodes`, `ucinewgame` before each position)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import chess
import chess.engine
import chess.pgn

ROOT = Path(__file__).resolve().parents[3]
NODES = 1500


def qipan_cli(*args: str) -> str:
    run = subprocess.run(
        ["cargo", "run", "-q", "-p", "qipan-cli", "--", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def stockfish() -> str:
    path = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")
    assert path
    return path


def test_analyse_evaluations_read_back_by_python_chess() -> None:
    sf = stockfish()
    text = qipan_cli(
        "analyse", str(ROOT / "examples/games/chess-classics.pgn"), "--engine", sf,
        "--option", "Threads=1", "--nodes", str(NODES),
    )
    reference = chess.engine.SimpleEngine.popen_uci(sf)
    reference.configure({"Threads": 1})
    stream = io.StringIO(text)
    games = checked = variations = 0
    try:
        while (game := chess.pgn.read_game(stream)) is not None:
            games += 1
            assert not game.errors
            for node in game.mainline():
                board = node.board()
                if board.is_game_over():
                    assert node.eval() is None
                    continue
                info = reference.analyse(board, chess.engine.Limit(nodes=NODES), game=object())
                assert node.eval() == info["score"], (board.fen(), node.comment)
                assert node.eval_depth() == info["depth"]
                checked += 1
                # The engine's preferred move in the position before this one is a variation.
                parent = node.parent
                assert parent is not None
                before = reference.analyse(parent.board(), chess.engine.Limit(nodes=NODES), game=object())
                best = before["pv"][0]
                if best != node.move:
                    assert any(v.move == best for v in parent.variations[1:]), (parent.board().fen(), best)
                    variations += 1
    finally:
        reference.quit()
    assert games == 4 and checked > 150 and variations > 20


def test_analyse_xiangqi_over_ucci() -> None:
    fairy = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    text = qipan_cli(
        "analyse", str(ROOT / "examples/games/xiangqi-iccs.pgn"), "--engine", fairy,
        "--protocol", "ucci", "--nodes", "500",
    )
    assert text.count("[%eval ") >= 10
    assert "(" in text
