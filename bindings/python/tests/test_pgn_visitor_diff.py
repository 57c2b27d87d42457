"""chess.pgn's visitor API against python-chess: the same recording visitor, run on both
libraries over every PGN file of the repository and of python-chess's sdist (data/pgn), must
receive the same calls with the same arguments in the same order, through
``read_game(handle, Visitor=...)`` (with visitors that skip games, headers and variations too),
``game.accept``, ``node.accept``, ``node.accept_subgame``, the builders and exporters, and
``skip_game``/``read_headers`` (same handle offsets). python-chess is the oracle."""

from __future__ import annotations

import hashlib
import io
import pathlib
import subprocess
from typing import Any, Callable, Iterator

import chess
import chess.pgn
import pytest

import qipan.chess as qchess
import qipan.chess.pgn as qpgn
from test_python_chess_suite import _sdist

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _pgn_files() -> list[tuple[str, str]]:
    """(name, text) of each distinct PGN file: the repository's and the sdist's data/pgn."""
    listed = subprocess.run(
        ["git", "ls-files", "*.pgn"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    paths = [ROOT / name for name in listed]
    paths += sorted((_sdist() / "data" / "pgn").glob("*.pgn"))
    seen: set[str] = set()
    files = []
    for path in paths:
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        files.append((path.name, data.decode("utf-8", errors="replace")))
    return files


def _variant_board(tags: Any) -> Any:
    """python-chess's board class for a game's tags, ``None`` for a variant it does not know."""
    try:
        return chess.pgn.Headers(tags).variant()
    except ValueError:
        return None


def _plays_other_variant(text: str) -> bool:
    """Whether a game of ``text`` is of a chess variant python-chess plays (crazyhouse,
    antichess...): chess.variant, which qipan does not have."""
    handle = io.StringIO(text)
    while (headers := chess.pgn.read_headers(handle)) is not None:
        board = _variant_board(headers)
        if board is not None and board is not chess.Board:
            return True
    return False


# Every PGN file, but those of python-chess's other variants.
FILES = [(name, text) for name, text in _pgn_files() if not _plays_other_variant(text)]


def _kind(error: Exception) -> str:
    """The error's python-chess class: the move errors by name; python-chess raises a plain
    ValueError for a FEN or variant (qipan's InvalidFenError is a ValueError)."""
    name = type(error).__name__
    if name in ("IllegalMoveError", "InvalidMoveError", "AmbiguousMoveError"):
        return name
    return "ValueError" if isinstance(error, ValueError) else name


def _recorder(module: Any, skip: str = "") -> Callable[[], Any]:
    """A visitor class of ``module`` (chess.pgn or qipan.chess.pgn) that records every call as
    plain values. ``skip`` names what it skips: "game" (every other game), "headers",
    "variations" (every other variation), "san" (every fifth move)."""

    class Recorder(module.BaseVisitor):  # type: ignore[misc,name-defined]
        games = 0

        def __init__(self) -> None:
            self.calls: list[tuple[Any, ...]] = []
            self.variations = 0
            self.sans = 0

        def begin_game(self) -> Any:
            type(self).games += 1
            self.calls.append(("begin_game",))
            if skip == "game" and type(self).games % 2 == 0:
                return module.SKIP
            return None

        def begin_headers(self) -> Any:
            self.calls.append(("begin_headers",))
            return None

        def visit_header(self, name: str, value: str) -> None:
            self.calls.append(("visit_header", name, value))

        def end_headers(self) -> Any:
            self.calls.append(("end_headers",))
            return module.SKIP if skip == "headers" else None

        def begin_parse_san(self, board: Any, san: str) -> Any:
            self.sans += 1
            self.calls.append(("begin_parse_san", board.fen(), san))
            return module.SKIP if skip == "san" and self.sans % 5 == 0 else None

        def parse_san(self, board: Any, san: str) -> Any:
            move = board.parse_san(san)
            self.calls.append(("parse_san", san, move.uci()))
            return move

        def visit_move(self, board: Any, move: Any) -> None:
            self.calls.append(("visit_move", board.fen(), move.uci()))

        def visit_board(self, board: Any) -> None:
            self.calls.append(("visit_board", board.fen(), len(board.move_stack)))

        def visit_comment(self, comment: str) -> None:
            self.calls.append(("visit_comment", comment))

        def visit_nag(self, nag: int) -> None:
            self.calls.append(("visit_nag", nag))

        def begin_variation(self) -> Any:
            self.variations += 1
            self.calls.append(("begin_variation",))
            return module.SKIP if skip == "variations" and self.variations % 2 == 0 else None

        def end_variation(self) -> None:
            self.calls.append(("end_variation",))

        def visit_result(self, result: str) -> None:
            self.calls.append(("visit_result", result))

        def end_game(self) -> None:
            self.calls.append(("end_game",))

        def handle_error(self, error: Exception) -> None:
            self.calls.append(("handle_error", _kind(error)))

        def result(self) -> list[tuple[Any, ...]]:
            return self.calls

    return Recorder


def _read_all(module: Any, text: str, visitor: Callable[[], Any]) -> Iterator[tuple[int, Any]]:
    """(offset after the game, visitor result) for each game of ``text``."""
    handle = io.StringIO(text)
    while True:
        result = module.read_game(handle, Visitor=visitor)
        if result is None:
            return
        yield handle.tell(), result


@pytest.mark.parametrize("skip", ["", "game", "headers", "variations", "san"])
@pytest.mark.parametrize("name,text", FILES, ids=[name for name, _ in FILES])
def test_read_game_visitor_calls(name: str, text: str, skip: str) -> None:
    ours = list(_read_all(qpgn, text, _recorder(qpgn, skip)))
    theirs = list(_read_all(chess.pgn, text, _recorder(chess.pgn, skip)))
    assert len(ours) == len(theirs)
    for index, (mine, reference) in enumerate(zip(ours, theirs)):
        assert mine == reference, f"{name}: game {index + 1} differs"


@pytest.mark.parametrize("name,text", FILES, ids=[name for name, _ in FILES])
def test_skip_game_and_read_headers(name: str, text: str) -> None:
    def offsets(module: Any, step: Callable[[Any], Any]) -> list[tuple[int, Any]]:
        handle = io.StringIO(text)
        out = []
        while True:
            found = step(handle)
            if not found:
                return out
            out.append((handle.tell(), found if isinstance(found, bool) else dict(found)))

    assert offsets(qpgn, qpgn.skip_game) == offsets(chess.pgn, chess.pgn.skip_game)
    assert offsets(qpgn, lambda h: qpgn.read_game(h, Visitor=qpgn.HeadersBuilder)) == offsets(
        chess.pgn, lambda h: chess.pgn.read_game(h, Visitor=chess.pgn.HeadersBuilder)
    )


class _Builder(qpgn.GameBuilder):  # type: ignore[misc]
    """A GameBuilder subclass: the game is built by the visitor reader, which reads as
    python-chess does, so both libraries hold the same tree and the walks can be compared."""


def _games(module: Any, text: str) -> list[Any]:
    handle = io.StringIO(text)
    games = []
    visitor = _Builder if module is qpgn else chess.pgn.GameBuilder
    while (game := module.read_game(handle, Visitor=visitor)) is not None:
        games.append(game)
    return games


def _same_tree(ours: Any, theirs: Any) -> bool:
    """Whether python-chess plays the game (a chess game, read without error) and both
    libraries hold the same tree."""
    if ours.kind == "xiangqi" or _variant_board(theirs.headers) is not chess.Board or theirs.errors:
        return False  # python-chess reads no chess game there (Xiangqi, say)
    return bool(ours.accept(qpgn.StringExporter()) == theirs.accept(chess.pgn.StringExporter()))


@pytest.mark.parametrize("name,text", FILES, ids=[name for name, _ in FILES])
def test_accept_calls(name: str, text: str) -> None:
    compared = 0
    for ours, theirs in list(zip(_games(qpgn, text), _games(chess.pgn, text)))[:12]:
        if not _same_tree(ours, theirs):
            continue
        compared += 1
        for skip in ("", "variations", "headers"):
            assert ours.accept(_recorder(qpgn, skip)()) == theirs.accept(_recorder(chess.pgn, skip)())
        our_nodes, their_nodes = [ours], [theirs]
        for _ in range(6):  # the first nodes' accept and accept_subgame, breadth first
            if not our_nodes:
                break
            mine, reference = our_nodes.pop(0), their_nodes.pop(0)
            if mine.parent is not None:
                assert mine.accept(_recorder(qpgn)()) == reference.accept(_recorder(chess.pgn)())
            assert mine.accept_subgame(_recorder(qpgn)()) == reference.accept_subgame(_recorder(chess.pgn)())
            our_nodes.extend(mine.variations[:3])
            their_nodes.extend(reference.variations[:3])
        # Builders and exporters driven by the tree walk.
        assert str(ours.accept(qpgn.GameBuilder())) == str(theirs.accept(chess.pgn.GameBuilder()))
        for options in ({}, {"columns": None}, {"columns": 40, "comments": False}, {"variations": False},
                        {"headers": False}):
            assert ours.accept(qpgn.StringExporter(**options)) == theirs.accept(chess.pgn.StringExporter(**options))
            mine_file, their_file = io.StringIO(), io.StringIO()
            written = ours.accept(qpgn.FileExporter(mine_file, **options))
            assert written == theirs.accept(chess.pgn.FileExporter(their_file, **options))
            assert mine_file.getvalue() == their_file.getvalue()
        assert str(ours.mainline_moves()) == str(theirs.mainline_moves())
        assert ours.accept(qpgn.BoardBuilder()).fen() == theirs.accept(chess.pgn.BoardBuilder()).fen()
    COMPARED.append(compared)


COMPARED: list[int] = []


def test_accept_compared_many_games() -> None:
    """The walks above were compared on many games (not skipped as unlike)."""
    assert sum(COMPARED) >= 40, COMPARED


@pytest.mark.parametrize("name,text", FILES, ids=[name for name, _ in FILES])
def test_builders_from_text(name: str, text: str) -> None:
    """GameBuilder (a subclass, so the visitor reader builds), BoardBuilder and the exporters
    read straight from the text."""

    class Builder(qpgn.GameBuilder):  # type: ignore[misc]
        pass

    class TheirBuilder(chess.pgn.GameBuilder):  # type: ignore[misc]
        def handle_error(self, error: Exception) -> None:
            self.game.errors.append(error)

    for ours, theirs in zip(_read_all(qpgn, text, Builder), _read_all(chess.pgn, text, TheirBuilder)):
        assert ours[0] == theirs[0]
        assert [_kind(e) for e in ours[1].errors] == [_kind(e) for e in theirs[1].errors]
        if _variant_board(theirs[1].headers) is not chess.Board or ours[1].kind == "xiangqi":
            continue  # python-chess plays no game there
        try:
            theirs[1].board()
        except ValueError:
            continue  # a FEN python-chess does not read: its game has no start
        assert ours[1].accept(qpgn.StringExporter()) == theirs[1].accept(chess.pgn.StringExporter())
    for visitor, their_visitor in (
        (qpgn.StringExporter, chess.pgn.StringExporter),
        (qpgn.BoardBuilder, chess.pgn.BoardBuilder),
    ):
        assert _outcomes(qpgn, text, visitor) == _outcomes(chess.pgn, text, their_visitor)


def _outcomes(module: Any, text: str, visitor: Any) -> list[tuple[int, str]]:
    """(offset, result) per game read with ``visitor``, whose errors raise: the error's kind
    then (the next read goes on from where the error left the handle)."""
    handle, out = io.StringIO(text), []
    for _ in range(10_000):
        try:
            result = module.read_game(handle, Visitor=visitor)
        except (ValueError, AttributeError) as error:  # AttributeError: BoardBuilder without a board
            out.append((handle.tell(), _kind(error)))
            continue
        if result is None:
            return out
        shown = str(result) if isinstance(result, str) else f"{result.fen()} {[m.uci() for m in result.move_stack]}"
        out.append((handle.tell(), shown))
    raise AssertionError("read_game never reached the end")


def test_typed_visitor_usage() -> None:
    """typed_chess_usage.visitor_usage (what mypy checks) answers as on python-chess."""
    import typed_chess_usage

    ours = typed_chess_usage.visitor_usage()
    typed_chess_usage.chess = chess  # type: ignore[assignment]
    try:
        reference = typed_chess_usage.visitor_usage()
    finally:
        typed_chess_usage.chess = qchess  # type: ignore[assignment]
    assert ours == reference


def test_deep_nesting_walks_without_recursion() -> None:
    """Variations nested 1,200 deep (beyond Python's recursion limit) walk as on python-chess
    (the trees built move by move: python-chess's reader is quadratic in the nesting)."""

    def nested(pgn: Any, module: Any) -> Any:
        game = pgn.Game()
        game.add_variation(module.Move.from_uci("g1f3"))
        parent = game
        for _ in range(1200):
            node = parent
            for uci in ("b1c3", "b8c6", "c3b1", "c6b8"):
                node = node.add_variation(module.Move.from_uci(uci))
            node.add_variation(module.Move.from_uci("g1f3"))
            parent = node
        return game

    ours, theirs = nested(qpgn, qchess), nested(chess.pgn, chess)
    assert ours.accept(qpgn.StringExporter(columns=None)) == theirs.accept(chess.pgn.StringExporter(columns=None))
    assert ours.accept(_recorder(qpgn)()) == theirs.accept(_recorder(chess.pgn)())


_NOISE = list("(){}$;%\n \t!?[]\"*-/01e4Nf3xO=Q+#@.") + ["\n\n", "1-0", "1/2-1/2", "\r\n", "\ufeff"]


def test_mutated_texts_read_alike() -> None:
    """Seeded random damage to the files above (characters of PGN's syntax inserted, deleted or
    replaced; texts cut short): the visitor sees the same calls on both libraries, or both raise
    the same kind of error. QIPAN_VISITOR_MUTATIONS sets how many texts (120 by default)."""
    import os
    import random

    rng = random.Random(26)
    sources = [text for _, text in FILES if len(text) < 8000]
    for _ in range(int(os.environ.get("QIPAN_VISITOR_MUTATIONS", "120"))):
        text = rng.choice(sources)
        if rng.random() < 0.2:
            text = text[: rng.randrange(len(text) + 1)]
        chars = list(text)
        for _ in range(rng.randrange(1, 8)):
            at = rng.randrange(len(chars) + 1)
            roll = rng.random()
            if roll < 0.4:
                chars.insert(at, rng.choice(_NOISE))
            elif chars and roll < 0.8:
                del chars[min(at, len(chars) - 1)]
            elif chars:
                chars[min(at, len(chars) - 1)] = rng.choice(_NOISE)
        damaged = "".join(chars)
        for skip in ("", "variations"):

            def calls(module: Any) -> list[Any]:
                try:
                    return list(_read_all(module, damaged, _recorder(module, skip)))
                except ValueError as error:
                    return [("raised", _kind(error))]

            assert calls(qpgn) == calls(chess.pgn), repr(damaged)
