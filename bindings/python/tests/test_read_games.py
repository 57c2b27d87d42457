"""qipan.read_games: record files of any format as game trees, the Xiangqi archives (XQF, CBR,
CBL) checked against cchess (GPL; a test-time oracle only), PGN against the same text read by
qipan.pgn.read_game, hostile bytes never crashing."""

import io
import pathlib
import random

import pytest

import qipan
import qipan.pgn

from conftest import DATA, ROOT

cchess = pytest.importorskip("cchess")  # installed by scripts/test-parts/30-python.sh

ARCHIVES = sorted((DATA / "xiangqi-archives").glob("*"))
ARCHIVES = [p for p in ARCHIVES if p.suffix.lower() in (".xqf", ".cbr", ".cbl")]


def cchess_games(path: pathlib.Path) -> list:
    head = path.read_bytes()[:16]
    if head.startswith(b"CCBridgeLibrary"):
        return list(cchess.read_from_cbl(str(path))["games"])
    if head.startswith(b"CCBridge Record"):
        return [cchess.read_from_cbr(str(path))]
    return [cchess.read_from_xqf(str(path))]


def test_the_shared_archives_are_there():
    assert len(ARCHIVES) >= 24, ARCHIVES


def _streamed(source: object) -> list:
    """The games of ``iter_games``, which must be an iterator, read to its end."""
    games = qipan.iter_games(source)  # type: ignore[arg-type]
    assert iter(games) is games
    read = list(games)
    assert list(games) == [] and next(games, None) is None
    return read


READERS = {"read_games": qipan.read_games, "iter_games": _streamed}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("path", ARCHIVES, ids=lambda p: p.name)
def test_archive_main_lines_and_starts_equal_cchess(path: pathlib.Path, reader: str) -> None:
    ours = READERS[reader](path)
    theirs = cchess_games(path)
    assert len(ours) == len(theirs)
    for index, (game, oracle) in enumerate(zip(ours, theirs), 1):
        expected = [str(m) for m in oracle.iter_moves()]
        if game.errors and not game.mainline_moves():
            # A record qipan refuses whole (a library's section heading on an empty board):
            # cchess has no moves for it either.
            assert expected == [], (index, game.errors)
            continue
        got = [node.uci() for node in game.mainline()]
        assert got == expected, f"{path.name} game {index}"
        start = oracle.init_board.to_fen().split()[0]
        assert game.board().fen().split()[0] == start, f"{path.name} game {index}"


@pytest.mark.parametrize("path", ARCHIVES, ids=lambda p: p.name)
def test_archives_read_the_same_from_bytes_and_round_trip_through_pgn(path: pathlib.Path) -> None:
    from_path = qipan.read_games(path)
    from_bytes = qipan.read_games(path.read_bytes())
    assert [str(g) for g in from_path] == [str(g) for g in from_bytes]
    for game in from_path:
        if game.errors:
            continue
        for notation in ("iccs", "wxf", "chinese"):
            text = game.export(notation=notation)
            back = qipan.pgn.read_game(io.StringIO(text))
            assert back is not None and not back.errors, text
            assert [n.uci() for n in back.mainline()] == [n.uci() for n in game.mainline()]
            assert back.export(notation=notation) == text


@pytest.mark.parametrize("reader", READERS)
def test_pgn_files_read_as_read_game_reads_them(reader: str) -> None:
    read = READERS[reader]
    for path in sorted((ROOT / "examples" / "games").glob("*.pgn")):
        games = read(path)
        handle = io.StringIO(path.read_text(encoding="utf-8"))
        one_by_one = []
        while (game := qipan.pgn.read_game(handle)) is not None:
            one_by_one.append(str(game))
        assert [str(g) for g in games] == one_by_one, path.name
        assert [str(g) for g in read(str(path))] == one_by_one, path.name
        assert [str(g) for g in read(path.read_bytes())] == one_by_one, path.name
    text = "[Event \"a\"]\n\n1. e4 e5 *\n"
    assert [str(g) for g in read(text)] == [str(g) for g in qipan.read_games(text.encode())]


def test_iter_games_streams_a_pgn_file_game_by_game(tmp_path: pathlib.Path) -> None:
    # The first games of a file come before the rest is read: a file whose tail is appended
    # after the first game was taken gives the appended games too.
    path = tmp_path / "growing.pgn"
    first = "[Event \"one\"]\n\n1. e4 e5 *\n\n"
    # More than the first MiB the format is told from, so the end is read later.
    filler = "".join(f"[Event \"{i}\"]\n\n1. d4 d5 *\n\n" for i in range(40_000))
    path.write_text(first + filler)
    games = qipan.iter_games(path)
    assert next(games).headers["Event"] == "one"
    with open(path, "a") as handle:
        handle.write("[Event \"last\"]\n\n1. c4 *\n")
    rest = list(games)
    assert len(rest) == 40_001 and rest[-1].headers["Event"] == "last"
    with pytest.raises(FileNotFoundError):
        qipan.iter_games(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        qipan.iter_games(12)  # type: ignore[arg-type]


def test_hostile_bytes_give_games_with_errors_never_a_crash() -> None:
    rng = random.Random(14)
    samples = [p.read_bytes() for p in ARCHIVES]
    for _ in range(300):
        data = bytearray(rng.choice(samples))
        for _ in range(rng.randrange(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        data = bytes(data[: rng.randrange(1, len(data) + 1)])
        read = qipan.read_games(data)
        assert [str(g) for g in qipan.iter_games(data)] == [str(g) for g in read]
        for game in read:
            str(game)
            for error in game.errors:
                assert str(error)
    with pytest.raises(TypeError):
        qipan.read_games(12)  # type: ignore[arg-type]
