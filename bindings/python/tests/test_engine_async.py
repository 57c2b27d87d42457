"""The asyncio API: a small program written for python-chess's ``chess.engine`` (``await
popen_uci``, ``play``, ``analyse``, ``async for`` over an analysis, ``quit``) runs against qipan by
changing its import, and prints the same results (Stockfish, Threads 1, fixed node counts)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import textwrap

import pytest

import qipan
import qipan.chess.engine as engine

PROGRAM = textwrap.dedent(
    """
    import asyncio
    import chess
    import chess.engine


    async def main(path):
        transport, sf = await chess.engine.popen_uci(path)
        assert transport.get_pid() > 0
        await sf.configure({"Threads": 1})
        await sf.ping()
        board = chess.Board()
        out = [sf.id["name"].split()[0]]
        for uci in ["e2e4", "c7c5", "g1f3"]:
            result = await sf.play(board, chess.engine.Limit(nodes=2000), info=chess.engine.INFO_ALL, game=board)
            out.append((result.move.uci(), str(result.info["score"].relative), [m.uci() for m in result.info["pv"]]))
            board.push_uci(uci)
        lines = await sf.analyse(board, chess.engine.Limit(nodes=3000), multipv=2, game=object())
        out.append([(str(i["score"].white()), i["pv"][0].uci(), i["depth"]) for i in lines])
        depths = []
        with await sf.analysis(board, chess.engine.Limit(nodes=4000), game=object()) as analysis:
            async for info in analysis:
                if "depth" in info and "pv" in info:
                    depths.append((info["depth"], info["pv"][0].uci()))
        best = await analysis.wait()
        out.append((depths, best.move.uci(), analysis.info["score"].pov(chess.WHITE).score()))
        # An infinite analysis, stopped from the loop.
        with await sf.analysis(board, game=object()) as analysis:
            async for info in analysis:
                if info.get("depth", 0) >= 4:
                    analysis.stop()
        out.append((await analysis.wait()).move is not None)
        # A command while an analysis runs: the analysis is ended first.
        analysis = await sf.analysis(board, game=object())
        out.append((await sf.play(board, chess.engine.Limit(nodes=1000), game=object())).move in board.legal_moves)
        await sf.quit()
        return out


    print(asyncio.run(main(PATH)))
    """
)


def stockfish() -> str:
    path = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")
    assert path, "stockfish is not installed (scripts/test-parts/30-python.sh installs it)"
    return path


def run(source: str) -> str:
    done = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_python_chess_program_ports_by_its_import() -> None:
    program = PROGRAM.replace("PATH", repr(stockfish()))
    expected = run(program)
    ported = program.replace("import chess\nimport chess.engine\n", "import qipan.chess as chess\nimport qipan.chess.engine\n")
    assert ported != program
    assert run(ported) == expected
    assert "Stockfish" in expected and "True, True" in expected


def test_xboard_and_ucci_coroutines() -> None:
    fairy = shutil.which("fairy-stockfish") or shutil.which("/usr/games/fairy-stockfish")
    assert fairy

    async def main() -> list:
        out = []
        transport, xb = await engine.popen_xboard(fairy)
        assert isinstance(xb, engine.XBoardProtocol) and xb.protocol == "xboard"
        out.append((await xb.play(qipan.XiangqiBoard(), engine.Limit(depth=3))).move)
        info = await xb.analyse(qipan.ChessBoard(), engine.Limit(depth=3))
        out.append(info["depth"])
        await xb.quit()
        transport, ucci = await engine.popen_ucci(fairy)
        assert isinstance(ucci, engine.UcciProtocol)
        out.append((await ucci.play(qipan.XiangqiBoard(), engine.Limit(nodes=2000))).move)
        transport.close()
        assert transport.is_closing()
        return out

    moves = asyncio.run(main())
    assert moves[0] in qipan.XiangqiBoard().legal_moves and moves[1] >= 3
    assert moves[2] in qipan.XiangqiBoard().legal_moves


def test_the_loop_runs_while_the_engine_searches() -> None:
    async def main() -> int:
        _, sf = await engine.popen_uci(stockfish())
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(tick())
        await sf.play(qipan.ChessBoard(), engine.Limit(time=0.3))
        task.cancel()
        await sf.quit()
        return ticks

    assert asyncio.run(main()) >= 10
