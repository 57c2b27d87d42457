"""qipan.replay_pgn / replay_pgn_range against python-chess's PGN reader (the oracle)."""

from __future__ import annotations

import io
import pathlib
import random
from typing import Any, Iterator, List, Tuple

import chess
import chess.pgn
import pytest

import qipan

from conftest import mates_within
from pgn_gen import make_file

GAMES = 700


@pytest.fixture(scope="module")
def pgn_file(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    path = tmp_path_factory.mktemp("replay") / "games.pgn"
    return make_file(path, seed=7, games=GAMES, pool=GAMES, xiangqi=False)


@pytest.fixture(scope="module")
def mixed_file(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    path = tmp_path_factory.mktemp("replay") / "mixed.pgn"
    return make_file(path, seed=11, games=600, pool=300, xiangqi=True)


def reference(path: pathlib.Path) -> Iterator[Tuple[chess.pgn.Game, chess.Board, int]]:
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            board = game.board()
            plies = 0
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
            yield game, board, plies


def fen_styles(board: chess.Board) -> set[str]:
    styles = ("legal", "fen", "xfen")
    fens = {board.fen(en_passant=s) for s in styles}  # type: ignore[arg-type]
    return fens | {board.shredder_fen(en_passant=s) for s in styles}  # type: ignore[arg-type]


def test_replay_matches_python_chess(pgn_file: pathlib.Path) -> None:
    ours = list(qipan.replay_pgn(pgn_file))
    theirs = list(reference(pgn_file))
    assert len(ours) == len(theirs) == GAMES
    kinds: dict[str, int] = {}
    for i, (summary, (game, board, plies)) in enumerate(zip(ours, theirs), start=1):
        where = (i, summary)
        assert summary["index"] == i
        assert summary["tags"] == {k: game.headers.get(k) for k in ("White", "Black", "Result")}
        assert summary["variant"] == ("chess960" if board.chess960 else "chess"), where
        assert summary["plies"] == plies, where
        assert summary["fen"] in fen_styles(board), where
        first = next(iter(game.mainline_moves()), None)
        assert summary["first_move"] == (None if first is None else game.board().san(first)), where
        error = summary["error"]
        if game.errors:
            assert error is not None and error["kind"] == "illegal_move", where
            assert error["ply"] == plies + 1 and error["index"] == i, where
            assert summary["termination"] is None
        else:
            outcome = board.outcome()
            if summary["termination"] == "dead_position" and (outcome is None or outcome.winner is None):
                # qipan ends a dead position (FIDE 5.2.2) that python-chess plays on or names
                # otherwise: accepted only when qipan proves it at that position and python-chess
                # finds no mate by either side within two plies.
                assert summary["winner"] is None, where
                assert qipan.ChessBoard(board.fen()).is_dead_position(), where
                assert not any(mates_within(board.copy(), c, 2) for c in chess.COLORS), where
            elif outcome is None:
                assert (summary["termination"], summary["winner"]) == (None, None), where
            else:
                winner = None if outcome.winner is None else ("white" if outcome.winner else "black")
                assert summary["termination"] == outcome.termination.name.lower(), where
                assert summary["winner"] == winner, where
            # `*` ("unknown or unfinished") on a finished game is a note, not an error.
            tag = game.headers["Result"]
            if outcome is not None and tag not in ("*", outcome.result()):
                assert error is not None and error["kind"] == "result_mismatch", where
            else:
                assert error is None, where
        kind = "none" if error is None else error["kind"]
        kinds[kind] = kinds.get(kind, 0) + 1
        kinds[summary["termination"] or "-"] = kinds.get(summary["termination"] or "-", 0) + 1
    # The file has games that end each way, and broken ones.
    for needed in ("none", "illegal_move", "result_mismatch", "checkmate", "stalemate"):
        assert kinds.get(needed, 0) > 0, kinds


def test_jobs_and_sources_agree(mixed_file: pathlib.Path) -> None:
    one = list(qipan.replay_pgn(mixed_file, jobs=1))
    assert len(one) == 600
    assert list(qipan.replay_pgn(mixed_file, jobs=3)) == one
    assert list(qipan.replay_pgn(str(mixed_file))) == one
    text = mixed_file.read_text(encoding="utf-8")
    assert list(qipan.replay_pgn(text)) == one
    assert list(qipan.replay_pgn(text.encode())) == one
    variants = {g["variant"] for g in one}
    assert variants == {"chess", "chess960", "xiangqi"}
    assert any(g["error"] and g["error"]["kind"] == "unparsable_move" for g in one)
    assert all(g["error"] is None for g in one if g["variant"] == "xiangqi")


def test_ranges_cut_the_file_exactly(mixed_file: pathlib.Path) -> None:
    whole = list(qipan.replay_pgn(mixed_file, tags=("Event",)))
    size = mixed_file.stat().st_size
    rng = random.Random(3)
    for _ in range(8):
        cuts = sorted({0, size, *(rng.randrange(size) for _ in range(rng.randrange(1, 9)))})
        joined: List[Any] = []
        for start, end in zip(cuts, cuts[1:]):
            base = len(joined)
            for game in qipan.replay_pgn_range(mixed_file, start, end, tags=("Event",), jobs=2):
                game["index"] += base
                if game["error"] is not None:
                    game["error"]["index"] += base
                joined.append(game)
        assert joined == whole, cuts


def test_games_start_where_their_range_says(mixed_file: pathlib.Path) -> None:
    data = mixed_file.read_bytes()
    for game in qipan.replay_pgn_range(mixed_file, 5000, 9000):
        assert 5000 <= game["offset"] < 9000
        assert data[game["offset"] :].startswith(b"[Event ")
        assert data.count(b"\n", 0, game["offset"]) + 1 == game["line"]


def test_path_or_text() -> None:
    # A str without a newline that is no file is PGN text.
    [game] = list(qipan.replay_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"))
    assert (game["termination"], game["winner"], game["result"]) == ("checkmate", "white", "1-0")
    with pytest.raises(FileNotFoundError):
        qipan.replay_pgn(pathlib.Path("/nonexistent/games.pgn"))
    with pytest.raises(FileNotFoundError):
        qipan.replay_pgn_range("/nonexistent/games.pgn", 0, 10)
    assert list(qipan.replay_pgn("")) == []


def test_errors_and_variants() -> None:
    text = (
        '[Variant "crazyhouse"]\n\n1. e4 *\n\n'
        '[FEN "not a fen"]\n\n1. e4 *\n\n'
        '[Variant "xiangqi"]\n[Result "1-0"]\n\n1. C2.5 H8+7 1-0\n\n'
    )
    games = list(qipan.replay_pgn(text, tags=["Variant"]))
    assert [g["error"]["kind"] if g["error"] else None for g in games] == [
        "unsupported_variant",
        "bad_fen",
        None,
    ]
    assert games[2]["variant"] == "xiangqi" and games[2]["first_move"] == "C2.5"
    assert games[2]["tags"] == {"Variant": "xiangqi"}


def test_stops_early_without_leaking(mixed_file: pathlib.Path) -> None:
    for _ in range(20):
        it = qipan.replay_pgn(mixed_file, jobs=2)
        next(it)
        del it
    # A file object is not a source.
    with pytest.raises(TypeError):
        qipan.replay_pgn(io.StringIO("1. e4 *"))  # type: ignore[arg-type]
