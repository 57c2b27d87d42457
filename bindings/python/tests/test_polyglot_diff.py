"""qipan.chess.polyglot against python-chess's chess.polyglot on the books of data/polyglot and
on positions from the books' own lines and seeded random playouts."""

from __future__ import annotations

import pathlib
import random

import chess
import chess.polyglot
import pytest

import qipan
from qipan.chess import polyglot

DATA = pathlib.Path(__file__).resolve().parents[3] / "data" / "polyglot"
BOOKS = ["performance.bin", "lasker-trap.bin"]


def _positions(path: pathlib.Path, seed: int, count: int) -> list[tuple[str, bool]]:
    """FENs (with a Chess960 flag) from the book's lines (python-chess's walk) and playouts."""
    rng = random.Random(seed)
    out: list[tuple[str, bool]] = []
    with chess.polyglot.open_reader(path) as reader:
        frontier = [chess.Board()]
        seen: set[int] = set()
        while frontier and len(out) < count // 2:
            board = frontier.pop(0)
            key = chess.polyglot.zobrist_hash(board)
            if key in seen:
                continue
            seen.add(key)
            out.append((board.fen(), False))
            for entry in reader.find_all(board):
                child = board.copy()
                child.push(entry.move)
                frontier.append(child)
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randrange(1, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            out.append((board.fen(), rng.random() < 0.1))
    # The Lasker trap (the lasker-trap book holds Black's moves of it).
    board = chess.Board()
    for san in "d4 d5 c4 e5 dxe5 d4 e3 Bb4+ Bd2 dxe3 Bxb4 exf2+ Ke2 fxg1=N+".split():
        board.push_san(san)
        out.append((board.fen(), False))
    # Castling by the book in both modes: a book position with rooks and king at home.
    out.append(("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1", False))
    out.append(("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1", True))
    return out


def _entries(entries: object) -> list[tuple[int, int, int, int, str]]:
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in entries]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", BOOKS)
def test_find_all_as_python_chess(name: str) -> None:
    path = DATA / name
    ours = polyglot.open_reader(path)
    in_memory = polyglot.Reader.from_bytes(path.read_bytes())
    theirs = chess.polyglot.open_reader(path)
    hits = 0
    for i, (fen, chess960) in enumerate(_positions(path, 7, 1500)):
        ref = chess.Board(fen, chess960=chess960)
        board = qipan.ChessBoard(fen, chess960=chess960)
        assert polyglot.zobrist_hash(board) == chess.polyglot.zobrist_hash(ref)
        for minimum_weight in (0, 1, 50):
            expected = _entries(theirs.find_all(ref, minimum_weight=minimum_weight))
            assert _entries(ours.find_all(board, minimum_weight=minimum_weight)) == expected, fen
            assert _entries(in_memory.find_all(board, minimum_weight=minimum_weight)) == expected
        key = chess.polyglot.zobrist_hash(ref)
        assert _entries(ours.find_all(key, minimum_weight=0)) == _entries(theirs.find_all(key, minimum_weight=0))
        entries = list(theirs.find_all(ref))
        hits += bool(entries)
        found, expected_found = ours.get(board), theirs.get(ref)
        assert (found and _entries([found])) == (expected_found and _entries([expected_found]))
        if entries:
            excluded = [entries[0].move]
            ours_ex = ours.find_all(board, exclude_moves=[qipan.Move.from_uci(m.uci()) for m in excluded])
            assert _entries(ours_ex) == _entries(theirs.find_all(ref, exclude_moves=excluded))
            for seed in range(3):
                a, b = random.Random(i * 10 + seed), random.Random(i * 10 + seed)
                assert _entries([ours.choice(board, random=a)]) == _entries([theirs.choice(ref, random=b)])
                assert a.random() == b.random()  # the same number of draws
                a, b = random.Random(seed), random.Random(seed)
                assert _entries([ours.weighted_choice(board, random=a)]) == _entries(
                    [theirs.weighted_choice(ref, random=b)]
                )
                # A bare integer key, as python-chess takes it: the entries as stored.
                a, b = random.Random(seed + 7), random.Random(seed + 7)
                assert _entries([ours.choice(key, random=a)]) == _entries([theirs.choice(key, random=b)])
                assert a.random() == b.random()
                a, b = random.Random(seed + 9), random.Random(seed + 9)
                assert _entries([ours.weighted_choice(key, random=a)]) == _entries(
                    [theirs.weighted_choice(key, random=b)]
                )
        else:
            with pytest.raises(IndexError):
                ours.find(board)
            with pytest.raises(IndexError):
                ours.choice(board)
    assert hits >= (7 if name == "lasker-trap.bin" else 300)


@pytest.mark.parametrize("name", BOOKS)
def test_entries_by_index_and_iteration(name: str) -> None:
    path = DATA / name
    with polyglot.open_reader(path) as ours, chess.polyglot.open_reader(path) as theirs:
        assert len(ours) == len(theirs)
        picks = list(range(min(50, len(theirs)))) + [-1, -2, len(theirs) - 1]
        for i in picks:
            assert _entries([ours[i]]) == _entries([theirs[i]])
        assert _entries(list(ours)[:200]) == _entries(list(theirs)[:200])
        with pytest.raises(IndexError):
            ours[len(theirs)]
        assert ours[0] in ours
    with pytest.raises(ValueError):
        len(ours)


def test_bad_books(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.bin"
    bad.write_bytes((DATA / "lasker-trap.bin").read_bytes()[:-3])
    with pytest.raises(OSError):
        chess.polyglot.open_reader(bad)
    with pytest.raises(OSError):
        polyglot.open_reader(bad)
    with pytest.raises(OSError):
        polyglot.Reader.from_bytes(b"\0" * 17)
    with pytest.raises(OSError):
        polyglot.open_reader(tmp_path / "missing.bin")
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    assert len(polyglot.open_reader(empty)) == 0
    assert polyglot.open_reader(empty).get(qipan.ChessBoard()) is None
