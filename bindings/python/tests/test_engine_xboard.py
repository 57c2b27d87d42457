"""qipan.chess.engine's XBoard client against python-chess's ``chess.engine.popen_xboard`` on the same
binary (Fairy-Stockfish in XBoard mode, which searches deterministically to a fixed depth once its
hash is cleared): the same move, score, PV, depth and node count in play (``sd``), and the same
thinking lines up to the depth asked for in analysis (``analyze``).

Fairy-Stockfish answers ``post``, ``nopost`` and ``.`` with ``Error (unkown command): …``, which
python-chess takes as a failed command, so python-chess talks to it through a filter that drops
exactly those three lines (qipan ignores them itself: they change nothing a client relies on).

GNU Chess 6.2.7 (Debian's ``gnuchess``) speaks XBoard only, and python-chess's ``popen_xboard`` does not
finish a handshake with it (it answers ``protover 2`` late), so no reference client is the oracle there: every
move must be legal, two fresh processes searching to the same depth must agree, and what it prints must read as
typed values."""

from __future__ import annotations

import os
import shutil
import stat
import time
from pathlib import Path
from typing import Any

import chess
import chess.engine
import pytest

import qipan
import qipan.chess.engine as engine
from chess_positions import random_positions

DEPTH = 5


def binary(name: str) -> str:
    path = shutil.which(name) or shutil.which(f"/usr/games/{name}")
    assert path, f"{name} is not installed (scripts/test-parts/30-python.sh installs it)"
    return path


@pytest.fixture(scope="module")
def quiet_fairy(tmp_path_factory: pytest.TempPathFactory) -> str:
    script = tmp_path_factory.mktemp("xboard") / "fairy-quiet.sh"
    script.write_text(
        "#!/bin/sh\n"
        f"{binary('fairy-stockfish')} \"$@\" | "
        "grep --line-buffered -v -E '^Error \\(unkown command\\): (post|nopost|\\.)$'\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def cases() -> list[tuple[chess.Board, qipan.ChessBoard]]:
    out = [(r, o) for r, o in random_positions(60, seed=2828) if not r.chess960 and not r.is_game_over()]
    for fen in [
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "2k5/8/1K6/8/8/8/8/1R6 w - - 0 1",
    ]:
        out.append((chess.Board(fen), qipan.ChessBoard(fen)))
    for line in (["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"], ["e2e4", "e7e5", "e1e2", "e8e7"]):
        ref, ours = chess.Board(), qipan.ChessBoard()
        for uci in line:
            ref.push_uci(uci)
            ours.push_uci(uci)
        out.append((ref, ours))
    return out


def clear_hash(ref: chess.engine.SimpleEngine) -> None:
    """``option Clear Hash`` through python-chess (whose ``configure`` knows the name as ``Clear``)."""
    ref.protocol.loop.call_soon_threadsafe(ref.protocol.send_line, "option Clear Hash")
    ref.ping()


def summary(move: Any, info: dict) -> tuple:
    score = info.get("score")
    return (
        None if move is None else move.uci(),
        None if score is None else str(score.relative),
        [m.uci() for m in info.get("pv", [])],
        info.get("depth"),
        info.get("seldepth"),
        info.get("nodes"),
    )


def test_play_against_python_chess(quiet_fairy: str) -> None:
    all_cases = cases()
    assert len(all_cases) >= 60
    ref = chess.engine.SimpleEngine.popen_xboard(quiet_fairy)
    ours = engine.SimpleEngine.popen_xboard(binary("fairy-stockfish"))
    try:
        assert ours.id == ref.id
        assert ours.protocol == "xboard"
        # Option names may have spaces (python-chess keeps their first word only).
        assert {"Clear Hash", "Skill Level", "memory", "cores"} <= set(ours.options)
        assert ours.options["skill level"] == engine.Option("Skill Level", "spin", 20, -20, 20, None)
        mismatches = []
        for ref_board, our_board in all_cases:
            clear_hash(ref)
            ours.configure({"Clear Hash": None})
            expected = ref.play(ref_board, chess.engine.Limit(depth=DEPTH), info=chess.engine.INFO_ALL, game=object())
            got = ours.play(our_board, engine.Limit(depth=DEPTH), info=engine.INFO_ALL, game=object())
            a, b = summary(expected.move, expected.info), summary(got.move, got.info)
            if a != b:
                mismatches.append((ref_board.fen(), a, b))
        assert not mismatches, (len(mismatches), mismatches[:3])
    finally:
        ref.quit()
        ours.quit()


def until_depth(analysis: Any) -> list[tuple]:
    """The thinking lines to the first of depth ``DEPTH``: what the engine prints after that, until
    the client's ``exit`` reaches it, depends on timing."""
    lines = []
    for info in analysis:
        lines.append(summary(None, info))
        if info.get("depth", 0) >= DEPTH:
            break
    return lines


def test_analysis_against_python_chess(quiet_fairy: str) -> None:
    """Every thinking line up to the depth asked for. An analysis is stopped while the engine is in
    its next iteration, which leaves state behind that ``Clear Hash`` does not clear: each
    position gets fresh engines."""
    chosen = cases()[::6]
    assert len(chosen) >= 10
    mismatches = []
    for ref_board, our_board in chosen:
        ref = chess.engine.SimpleEngine.popen_xboard(quiet_fairy)
        ours = engine.SimpleEngine.popen_xboard(binary("fairy-stockfish"))
        try:
            with ref.analysis(ref_board, chess.engine.Limit(depth=DEPTH)) as live:
                ref_lines = until_depth(live)
            with ours.analysis(our_board, engine.Limit(depth=DEPTH)) as mine:
                our_lines = until_depth(mine)
            best = mine.wait().move
            assert best is not None and best in our_board.legal_moves
            if ref_lines != our_lines or len(our_lines) < DEPTH:
                mismatches.append((ref_board.fen(), ref_lines, our_lines))
        finally:
            ref.quit()
            ours.quit()
    assert not mismatches, (len(mismatches), mismatches[:2])


def test_xiangqi_and_limits_over_xboard() -> None:
    with engine.SimpleEngine.popen_xboard(binary("fairy-stockfish")) as fairy:
        board = qipan.XiangqiBoard()
        for _ in range(4):
            result = fairy.play(board, engine.Limit(depth=4), info=engine.INFO_ALL)
            assert result.move is not None and result.info["pv"][0] == result.move
            board.push(result.move)
        info = fairy.analyse(board, engine.Limit(depth=3))
        assert info["depth"] >= 3 and info["pv"]
        # A timed analysis ends near its time; the engine's own mate score reads as a mate.
        start = time.monotonic()
        with fairy.analysis(qipan.ChessBoard(), engine.Limit(time=0.3)) as live:
            for _ in live:
                pass
        assert time.monotonic() - start < 5
        mate = fairy.play(qipan.ChessBoard("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), engine.Limit(depth=3), info=engine.INFO_ALL)
        assert mate.move.uci() == "a1a8" and mate.info["score"].relative == engine.Mate(1)
        # An infinite analysis runs until stopped.
        with fairy.analysis(qipan.ChessBoard()) as live:
            for info in live:
                if info.get("depth", 0) >= 3:
                    live.stop()
        assert live.wait().move is not None
        # What XBoard cannot do is a typed error, and the engine goes on.
        with pytest.raises(engine.EngineError):
            fairy.analyse(qipan.ChessBoard(), engine.Limit(depth=2), multipv=2)
        with pytest.raises(engine.EngineError):
            fairy.play(qipan.ChessBoard(), engine.Limit(nodes=100))  # no `nps` in Fairy-Stockfish
        assert fairy.play(qipan.ChessBoard(), engine.Limit(depth=2)).move is not None


GNU_START = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"  # out of its opening book


def start_gnuchess() -> engine.SimpleEngine:
    """GNU Chess over XBoard, started again when a start stays silent.

    GNU Chess 6.2.7 now and then deadlocks as it starts (its engine thread waits for the stdin
    lock its input thread holds in ``fgets``) and never answers: the handshake then ends in the
    client's reply timeout, as it must. Such a start is retried, at most three times in all.
    """
    for attempt in range(3):
        try:
            return engine.SimpleEngine.popen_xboard([binary("gnuchess"), "--xboard"])
        except TimeoutError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def gnu_session() -> tuple[list[str], list[tuple]]:
    """Plays a few moves at depth 3, analyses, and is refused what it cannot do."""
    with start_gnuchess() as gnu:
        assert gnu.id["name"] == "GNU Chess" and gnu.protocol == "xboard"
        board = qipan.ChessBoard(GNU_START)
        moves = []
        for _ in range(6):
            result = gnu.play(board, engine.Limit(depth=3), info=engine.INFO_ALL)
            assert result.move in board.legal_moves
            assert result.info["pv"][0] == result.move and result.info["depth"] >= 3
            assert isinstance(result.info["score"].relative, (engine.Cp, engine.Mate))
            moves.append(result.move.uci())
            board.push(result.move)
        info = gnu.analyse(board, engine.Limit(depth=3))
        assert info["depth"] >= 3 and info["pv"][0] in board.legal_moves
        lines = []
        with gnu.analysis(board) as live:
            for info in live:
                lines.append((info.get("depth"), repr(info.get("score")), [m.uci() for m in info.get("pv", [])]))
                if info.get("depth", 0) >= 4:
                    break
        assert live.wait().move in board.legal_moves
        # GNU Chess has no `nps`: a node limit is refused, and the engine plays on.
        with pytest.raises(engine.EngineError):
            gnu.play(board, engine.Limit(nodes=100))
        assert gnu.play(board, engine.Limit(depth=2)).move in board.legal_moves
        return moves, lines


def test_gnu_chess_plays_and_analyses_the_same_way_twice() -> None:
    first = gnu_session()
    assert len(first[0]) == 6 and len(first[1]) >= 4
    assert gnu_session() == first
