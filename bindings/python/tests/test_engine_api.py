"""qipan.chess.engine's python-chess shapes: scores against chess.engine's own classes (the oracle),
and misbehaving engines replayed from the transcripts in crates/qipan/tests/engines, each ending in
a typed error within its timeout."""

from __future__ import annotations

import time
from pathlib import Path

import chess
import chess.engine as ref
import pytest

import qipan
import qipan.chess.engine as engine

ENGINES = Path(__file__).resolve().parents[3] / "crates/qipan/tests/engines"


def scores() -> list[tuple[engine.Score, ref.Score]]:
    out: list[tuple[engine.Score, ref.Score]] = []
    for cp in (-900, -31, -1, 0, 1, 17, 250):
        out.append((engine.Cp(cp), ref.Cp(cp)))
    for m in (-5, -1, 1, 2, 7):
        out.append((engine.Mate(m), ref.Mate(m)))
    out.append((engine.Mate(0), ref.Mate(0)))
    out.append((engine.MateGiven, ref.MateGiven))
    return out


def test_scores_behave_as_python_chess() -> None:
    pairs = scores()
    for ours, theirs in pairs:
        assert str(ours) == str(theirs)
        assert repr(ours) == repr(theirs)
        assert ours.mate() == theirs.mate()
        assert ours.is_mate() == theirs.is_mate()
        for mate_score in (None, 1000, 100000):
            assert ours.score(mate_score=mate_score) == theirs.score(mate_score=mate_score)
        assert str(-ours) == str(-theirs)
        assert str(abs(ours)) == str(abs(theirs))
        assert ours.wdl(model="lichess") == engine.Wdl(*theirs.wdl(model="lichess"))
    order = sorted(range(len(pairs)), key=lambda i: pairs[i][0])
    assert order == sorted(range(len(pairs)), key=lambda i: pairs[i][1])
    for a, ra in pairs:
        for b, rb in pairs:
            assert (a < b, a == b, a >= b) == (ra < rb, ra == rb, ra >= rb), (a, b)
    pov = engine.PovScore(engine.Cp(30), chess.BLACK)
    theirs_pov = ref.PovScore(ref.Cp(30), chess.BLACK)
    assert str(pov.white()) == str(theirs_pov.white())
    assert repr(pov) == repr(theirs_pov)
    wdl = engine.PovWdl(engine.Wdl(100, 800, 100), chess.WHITE)
    assert wdl.black().wins == ref.PovWdl(ref.Wdl(100, 800, 100), chess.WHITE).black().wins
    assert engine.Wdl(300, 400, 300).expectation() == ref.Wdl(300, 400, 300).expectation()
    assert engine.Limit(nodes=5) == engine.Limit(nodes=5)
    assert int(engine.INFO_ALL) == int(ref.INFO_ALL)


def fake(name: str, protocol: str = "uci") -> engine.SimpleEngine:
    command = ["sh", str(ENGINES / "replay.sh"), str(ENGINES / name)]
    popen = engine.SimpleEngine.popen_uci if protocol == "uci" else engine.SimpleEngine.popen_ucci
    return popen(command, timeout=1.0, search_timeout=1.0)


def test_pikafish_dialect() -> None:
    with fake("pikafish.txt") as pikafish:
        assert pikafish.dialect == "uci-plain"
        assert pikafish.id["name"] == "Pikafish dev-20240822"
        assert pikafish.options["evalfile"].default == "pikafish.nnue"
        board = qipan.XiangqiBoard()
        board.push_uci("h2e2")
        result = pikafish.play(board, engine.Limit(nodes=5000), info=engine.INFO_ALL)
        assert result.move is not None and result.move.uci() == "b9c7"
        assert result.ponder is not None and result.ponder.uci() == "b0c2"
        assert result.info["score"] == engine.PovScore(engine.Cp(-25), qipan.BLACK)
        assert result.info["upperbound"] is True
        assert result.info["wdl"].relative == engine.Wdl(12, 950, 38)


def test_hostile_engines_end_in_typed_errors() -> None:
    board = qipan.ChessBoard()
    limit = engine.Limit(nodes=10)
    cases = [
        ("dies.txt", engine.EngineTerminatedError),
        ("flood.txt", TimeoutError),
        ("zeros.txt", TimeoutError),
        ("hangs.txt", TimeoutError),
        ("illegal.txt", engine.EngineError),
    ]
    for name, error in cases:
        started = time.monotonic()
        with fake(name) as e:
            with pytest.raises(error):
                e.play(board, limit)
        assert time.monotonic() - started < 5, name
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        fake("silent.txt")
    assert time.monotonic() - started < 4
    with pytest.raises(engine.EngineTerminatedError):
        engine.SimpleEngine.popen_uci("/nonexistent/engine")


def test_ucci_nobestmove_and_draw_offer() -> None:
    with fake("nobestmove.txt", "ucci") as e:
        board = qipan.XiangqiBoard()
        assert e.play(board, engine.Limit(depth=0)).move is None
        result = e.play(board, engine.Limit(depth=3), info=engine.INFO_SCORE)
        assert result.move is not None and result.move.uci() == "h2e2"
        assert result.draw_offered and not result.resigned
        assert "depth" not in result.info and result.info["score"].white() == engine.Cp(12)


def test_live_analysis_stops(stockfish: str = "") -> None:
    import shutil

    path = shutil.which("stockfish") or "/usr/games/stockfish"
    with engine.SimpleEngine.popen_uci(path) as sf:
        sf.configure({"Threads": 1})
        with pytest.raises(engine.EngineError):
            sf.configure({"MultiPV": 3})
        with pytest.raises(engine.EngineError):
            sf.configure({"Threads": "many"})
        analysis = sf.analysis(qipan.ChessBoard(), multipv=2)
        seen = 0
        for info in analysis:
            seen += 1
            if info.get("depth", 0) >= 6 and "pv" in info:
                analysis.stop()
        best = analysis.wait()
        assert best.move is not None and seen > 0
        assert len(analysis.multipv) == 2 and "score" in analysis.info
        assert analysis.empty() and analysis.next() is None


def test_typed_usage_runs() -> None:
    import shutil

    from typed_usage import engine_usage

    move, cp, best = engine_usage(shutil.which("stockfish") or "/usr/games/stockfish")
    assert len(move) == 4 and isinstance(cp, int) and len(best) == 4


def test_play_with_ponder_ponders_until_the_next_command() -> None:
    # The transcript waits for `go ponder` after e2e4 e7e5, then for `stop` before the next search.
    with fake("ponder.txt") as eng:
        board = qipan.ChessBoard()
        result = eng.play(board, engine.Limit(nodes=100), ponder=True)
        assert (result.move.uci(), result.ponder.uci()) == ("e2e4", "e7e5")
        board.push_uci("e2e4")
        board.push_uci("c7c5")
        assert eng.play(board, engine.Limit(nodes=100)).move.uci() == "g1f3"
