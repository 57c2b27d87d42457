"""A seeded generator of PGN files for the bulk-replay tests and benchmark.

Games are random legal playouts (moves chosen with qipan's legal-move lists, written as SAN or WXF
by qipan), a few fixed endings (checkmates, a stalemate) and broken games: an illegal move, an
unparsable token, a Result tag that contradicts a checkmate. A pool of distinct games is made
first and then sampled with fresh Event/White/Black tags, so large files are quick to make.
Expected values in the tests come from python-chess, not from this generator.
"""

from __future__ import annotations

import pathlib
import random
from typing import Dict, List, Tuple

import qipan

FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]
SCHOLARS_MATE = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
STALEMATE = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6".split()
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]

Game = Tuple[List[Tuple[str, str]], List[str], str]
"""(extra tags, moves as written, result)."""


def _playout(rng: random.Random, board: qipan.ChessBoard, plies: int) -> List[str]:
    moves = []
    for _ in range(plies):
        if board.outcome() is not None:
            break
        legal = board.legal_moves
        if not legal:
            break
        move = rng.choice(list(legal))
        moves.append(board.san(move))
        board.push(move)
    return moves


def _result(rng: random.Random, board: qipan.ChessBoard | qipan.XiangqiBoard) -> str:
    outcome = board.outcome()
    return outcome.result() if outcome is not None else rng.choice(RESULTS)


def _chess(rng: random.Random) -> Game:
    board = qipan.ChessBoard()
    # Long games sometimes: the board empties and ends in insufficient material or 75 moves.
    plies = rng.choice([rng.randint(1, 80), rng.randint(1, 80), rng.randint(150, 400)])
    moves = _playout(rng, board, plies)
    return [], moves, _result(rng, board)


def _chess960(rng: random.Random) -> Game:
    n = rng.randrange(960)
    board = qipan.ChessBoard.from_chess960_pos(n)
    tags = [("Variant", "Chess960"), ("SetUp", "1"), ("FEN", board.fen())]
    moves = _playout(rng, board, rng.randint(1, 60))
    return tags, moves, _result(rng, board)


def _xiangqi(rng: random.Random) -> Game:
    board = qipan.XiangqiBoard()
    moves = []
    for _ in range(rng.randint(1, 60)):
        if board.outcome() is not None or not board.legal_moves:
            break
        move = rng.choice(list(board.legal_moves))
        moves.append(board.wxf(move))
        board.push(move)
    return [("Variant", "xiangqi")], moves, _result(rng, board)


def _fixed(rng: random.Random) -> Game:
    moves = list(rng.choice([FOOLS_MATE, SCHOLARS_MATE, STALEMATE]))
    board = qipan.ChessBoard()
    for san in moves:
        board.push_san(san)
    return [], moves, _result(rng, board)


def _broken(rng: random.Random, unparsable: bool = True) -> Game:
    kind = rng.choice([0, 1, 2] if unparsable else [0, 2])
    if kind == 0:  # an illegal move in the middle of a game
        tags, moves, result = _chess(rng)
        at = rng.randint(0, len(moves))
        return tags, moves[:at] + ["Ke5"] + moves[at:], result
    if kind == 1:  # a token that is no move
        tags, moves, result = _chess(rng)
        at = rng.randint(0, len(moves))
        return tags, moves[:at] + ["@@@"] + moves[at:], result
    # the result contradicts a checkmate
    return [], list(FOOLS_MATE), rng.choice(["1-0", "1/2-1/2", "*"])


def _broken_legible(rng: random.Random) -> Game:
    return _broken(rng, unparsable=False)


def make_pool(seed: int, size: int, xiangqi: bool = True) -> List[Game]:
    """`size` games of every kind. Without `xiangqi`, only what python-chess reads as qipan does:
    no Xiangqi and no unparsable tokens (python-chess skips tokens it does not recognise)."""
    rng = random.Random(seed)
    broken = _broken if xiangqi else _broken_legible
    makers = [_chess] * 6 + [_chess960, _fixed, broken] + ([_xiangqi] if xiangqi else [])
    return [rng.choice(makers)(rng) for _ in range(size)]


def write_game(tags: Dict[str, str], extra: List[Tuple[str, str]], moves: List[str], result: str) -> str:
    lines = [f'[{k} "{v}"]' for k, v in tags.items()] + [f'[{k} "{v}"]' for k, v in extra]
    words = []
    for i, move in enumerate(moves):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(move)
    words.append(result)
    text, line = [], ""
    for word in words:
        if len(line) + len(word) + 1 > 79:
            text.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    text.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(text) + "\n\n"


def make_file(path: pathlib.Path, seed: int, games: int, pool: int = 400, xiangqi: bool = True) -> pathlib.Path:
    """Writes `games` games sampled from a pool of `pool` distinct ones."""
    rng = random.Random(seed + 1)
    base = make_pool(seed, pool, xiangqi)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(games):
            extra, moves, result = base[rng.randrange(len(base))]
            tags = {
                "Event": f"gen {i + 1}",
                "White": f"w{rng.randrange(1000)}",
                "Black": f"b{rng.randrange(1000)}",
                "Result": result,
            }
            out.write(write_game(tags, extra, moves, result))
    return path
