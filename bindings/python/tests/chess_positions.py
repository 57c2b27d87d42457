"""Positions of seeded random games (standard and Chess960), played by python-chess and pushed
on qipan boards move by move (python-chess's move objects, as a ported program would)."""

from __future__ import annotations

import random
from typing import Iterator

import chess

import qipan


def playout(rng: random.Random, board: chess.Board, plies: int) -> Iterator[chess.Board]:
    """The positions of a random game from `board` (python-chess plays it), captures favoured."""
    yield board
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=board.uci)
        if not moves or board.is_game_over():
            return
        forcing = [m for m in moves if board.is_capture(m) or m.promotion]
        board.push(rng.choice(forcing if forcing and rng.random() < 0.4 else moves))
        yield board


def random_positions(count: int, seed: int) -> list[tuple[chess.Board, qipan.ChessBoard]]:
    """`count` positions of random standard and Chess960 games, in python-chess and in qipan,
    each with the moves that led to it."""
    rng = random.Random(seed)
    out: list[tuple[chess.Board, qipan.ChessBoard]] = []
    while len(out) < count:
        if rng.random() < 0.3:
            n = rng.randrange(960)
            start, ours = chess.Board.from_chess960_pos(n), qipan.ChessBoard.from_chess960_pos(n)
        else:
            start, ours = chess.Board(), qipan.ChessBoard()
        for ref in playout(rng, start, rng.randrange(20, 160)):
            if ref.move_stack:
                ours.push(ref.move_stack[-1])  # a python-chess move, pushed as it is
            if rng.random() < 0.3:
                out.append((ref.copy(), ours.copy()))
    return out


def walk_positions(
    count: int, seed: int, plies: tuple[int, int], chess960_share: float = 0.0
) -> list[chess.Board]:
    """`count` positions (without move stacks) of uniform random walks from the start position
    (a share of them from Chess960 starts), every position along each walk of `plies` moves."""
    rng = random.Random(seed)
    out: list[chess.Board] = []
    while len(out) < count:
        chess960 = chess960_share > 0 and rng.random() < chess960_share
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        for _ in range(rng.randrange(*plies)):
            moves = sorted(board.legal_moves, key=chess.Move.uci)
            if not moves:
                break
            board.push(rng.choice(moves))
            out.append(board.copy(stack=False))
    return out[:count]
