"""qipan.ChessBoard against python-chess on positions from seeded random playouts."""

from __future__ import annotations

import functools
import random
from typing import Iterator

import chess
import pytest

import qipan

from conftest import chess_perft_cases, mates_within


def _playout(seed: int, plies: int) -> list[str]:
    """The UCI moves of a seeded random game played by python-chess, biased towards captures and
    promotions so that games reach mates, promotions and bare kings."""
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=chess.Move.uci)
        if not moves:
            break
        forcing = [m for m in moves if board.is_capture(m) or m.promotion]
        pool = forcing if forcing and rng.random() < 0.4 else moves
        board.push(rng.choice(pool))
        if board.is_game_over():
            break
    return [m.uci() for m in board.move_stack]


def _games(positions: int, seed: int) -> list[list[str]]:
    games: list[list[str]] = []
    total = 0
    while total < positions:
        games.append(_playout(seed * 10_000 + len(games), 160))
        total += len(games[-1]) + 1
    return games


GAMES = _games(4000, seed=1)
CHUNKS = 8


def _walk(moves: list[str]) -> Iterator[tuple[int, chess.Board, qipan.ChessBoard]]:
    """Every position of a game, in python-chess and in qipan, pushed in step."""
    ref = chess.Board()
    ours = qipan.ChessBoard()
    yield 0, ref, ours
    for ply, uci in enumerate(moves, 1):
        ref.push_uci(uci)
        ours.push_uci(uci)
        yield ply, ref, ours


def _outcome(ref: chess.Outcome | None) -> tuple[str, bool | None] | None:
    """python-chess's outcome: its termination's name and its winner (a bool or None)."""
    if ref is None:
        return None
    return ref.termination.name, ref.winner


def _check_fen(ours: str, ref: chess.Board) -> None:
    """The same FEN; the en-passant field as any of python-chess's conventions writes it."""
    styles = {ref.fen(en_passant=style) for style in ("legal", "fen", "xfen")}  # type: ignore[arg-type]
    assert ours in styles, (ours, styles)


def test_enough_positions() -> None:
    assert sum(len(g) + 1 for g in GAMES) >= 4000


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_positions_match_python_chess(chunk: int) -> None:
    """Legal moves, check, mate, stalemate, material, FEN and SAN on 4000 positions."""
    for game in GAMES[chunk::CHUNKS]:
        for ply, ref, ours in _walk(game):
            ref_moves = {m.uci() for m in ref.legal_moves}
            our_moves = [m.uci() for m in ours.legal_moves]
            assert len(our_moves) == len(set(our_moves)), ref.fen()
            assert set(our_moves) == ref_moves, (ref.fen(), sorted(set(our_moves) ^ ref_moves))
            _check_fen(ours.fen(), ref)
            assert ours.turn is ref.turn
            assert ours.is_check() == ref.is_check(), ref.fen()
            assert ours.is_checkmate() == ref.is_checkmate(), ref.fen()
            assert ours.is_stalemate() == ref.is_stalemate(), ref.fen()
            assert ours.is_insufficient_material() == ref.is_insufficient_material(), ref.fen()
            for color, name in ((chess.WHITE, "white"), (chess.BLACK, "black")):
                assert ours.has_insufficient_material(name) == ref.has_insufficient_material(
                    color
                ), ref.fen()
            assert ours.can_claim_fifty_moves() == ref.can_claim_fifty_moves(), ref.fen()
            if ply % 3 == 0:
                # SAN of every legal move, both ways; python-chess's SAN is the expected text.
                for move in ours.legal_moves:
                    expected = ref.san(chess.Move.from_uci(move.uci()))
                    assert ours.san(move) == expected, (ref.fen(), move.uci())
                    assert ours.parse_san(expected) == move, (ref.fen(), expected)


def test_fen_round_trip_matches_python_chess() -> None:
    for game in GAMES[::5]:
        for ply, ref, _ in _walk(game):
            if ply % 9:
                continue
            fen = ref.fen(en_passant="fen")
            board = qipan.ChessBoard(fen)
            assert {m.uci() for m in board.legal_moves} == {m.uci() for m in ref.legal_moves}
            _check_fen(board.fen(), ref)


@functools.lru_cache(maxsize=None)
def _random_game(seed: int, max_plies: int = 700) -> tuple[chess.Board, qipan.ChessBoard]:
    rng = random.Random(seed)
    ref = chess.Board()
    ours = qipan.ChessBoard()
    while ref.outcome() is None and ref.ply() < max_plies:
        moves = sorted(ref.legal_moves, key=chess.Move.uci)
        forcing = [m for m in moves if ref.is_capture(m) or ref.gives_check(m)]
        pool = forcing if forcing and rng.random() < 0.3 else moves
        move = rng.choice(pool)
        ref.push(move)
        ours.push(qipan.Move.from_uci(move.uci()))
        if ref.ply() % 13 == 0:
            assert _same_outcome(ours, ref), ref.fen()
            assert ours.is_game_over() == ref.is_game_over() or _dead_accepted(ours, ref)
            assert ours.can_claim_threefold_repetition() == ref.can_claim_threefold_repetition()
            assert ours.can_claim_draw() == ref.can_claim_draw()
            assert _same_outcome(ours, ref, claim_draw=True), ref.fen()
    return ref, ours


def _key(outcome: qipan.Outcome | None) -> tuple[str, bool | None] | None:
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def _same_outcome(ours: qipan.ChessBoard, ref: chess.Board, claim_draw: bool = False) -> bool:
    mine = _key(ours.outcome(claim_draw=claim_draw))
    return mine == _outcome(ref.outcome(claim_draw=claim_draw)) or (
        mine == ("dead_position", None) and _dead_accepted(ours, ref)
    )


def _dead_accepted(ours: qipan.ChessBoard, ref: chess.Board) -> bool:
    """qipan ends a dead position (FIDE 5.2.2) that python-chess plays on or ends under another
    name. Accepted only when qipan proves it, python-chess's outcome is not a win, and
    python-chess finds no mate by either side within two plies."""
    theirs = ref.outcome()
    return (
        _key(ours.outcome()) == ("dead_position", None)
        and ours.is_dead_position()
        and (theirs is None or theirs.winner is None)
        and not any(mates_within(ref.copy(), color, 2) for color in chess.COLORS)
    )


@pytest.mark.parametrize("seed", range(60))
def test_complete_random_games_end_as_in_python_chess(seed: int) -> None:
    ref, ours = _random_game(seed)
    expected = _outcome(ref.outcome())
    assert _same_outcome(ours, ref), ref.fen()
    assert ours.is_game_over() == (expected is not None) or _dead_accepted(ours, ref)
    assert _same_outcome(ours, ref, claim_draw=True)
    if expected is not None:
        assert ours.outcome() is not None
        assert ours.outcome().result() == ref.outcome().result()  # type: ignore[union-attr]
        assert ours.result() == ref.result()


def test_outcomes_cover_the_terminations() -> None:
    """The random games above reach several kinds of ending (so they test something)."""
    seen = set()
    for seed in range(60):
        ref, _ = _random_game(seed)
        if ref.outcome() is not None:
            seen.add(ref.outcome().termination.name.lower())  # type: ignore[union-attr]
    assert {"checkmate", "insufficient_material"} <= seen, seen
    assert len(seen) >= 3, seen


@pytest.mark.parametrize("fen,depth,nodes", chess_perft_cases())
def test_perft_suite(fen: str, depth: int, nodes: int) -> None:
    board = qipan.ChessBoard(fen)
    # A position python-chess flags (an impossible double check, say) is played all the same,
    # with python-chess's flags.
    assert board.status() == int(chess.Board(fen).status())
    assert board.perft(depth) == nodes


def test_perft_matches_python_chess_counts() -> None:
    """perft(3) of a few playout positions against a python-chess perft."""


    def ref_perft(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += ref_perft(board, depth - 1)
            board.pop()
        return total

    for game in GAMES[::6]:
        ref = chess.Board()
        for uci in game[: len(game) // 2]:
            ref.push_uci(uci)
        if ref.is_game_over():
            continue
        ours = qipan.ChessBoard(ref.fen())
        assert ours.perft(3) == ref_perft(ref, 3), ref.fen()
