"""Writes data/chess-status.tsv: chess setups (random placements, valid or not, and perturbed
positions of random standard and Chess960 games) with python-chess 1.11.2's `Board.status()`,
the oracle the core's `Setup::status` is tested against.

    .venv/bin/python scripts/data/gen_chess_status.py > data/chess-status.tsv

Columns: placement (FEN board field), side to move (w/b), castling rights (python-chess's
`castling_rights` mask, hex), en passant square (or -), chess960 (0/1), status flags (int).
"""

from __future__ import annotations

import random
import sys

import chess

rng = random.Random(20151)
PIECES = [chess.Piece(t, c) for t in chess.PIECE_TYPES for c in chess.COLORS]
BACKRANKS = list(chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_8))
EP_RANKS = list(chess.SquareSet(chess.BB_RANK_3 | chess.BB_RANK_6))


def random_placement(board: chess.Board) -> None:
    board.clear_board()
    for king_color in chess.COLORS:
        if rng.random() < 0.85:
            board.set_piece_at(rng.choice(chess.SQUARES), chess.Piece(chess.KING, king_color))
    for _ in range(rng.choice([0, 2, 5, 10, 20, 34, 40])):
        board.set_piece_at(rng.choice(chess.SQUARES), rng.choice(PIECES))


def random_fields(board: chess.Board) -> None:
    board.turn = rng.random() < 0.5
    r = rng.random()
    if r < 0.4:
        board.castling_rights = board.clean_castling_rights() if rng.random() < 0.5 else chess.BB_EMPTY
    elif r < 0.8:
        rooks = [sq for sq in BACKRANKS if board.piece_type_at(sq) == chess.ROOK]
        board.castling_rights = chess.SquareSet(rng.sample(rooks, rng.randint(0, len(rooks))) if rooks else []).mask
    else:
        board.castling_rights = chess.SquareSet(rng.sample(BACKRANKS, rng.randint(1, 4))).mask
    r = rng.random()
    board.ep_square = None if r < 0.5 else rng.choice(EP_RANKS) if r < 0.9 else rng.choice(chess.SQUARES)


def game_position() -> chess.Board:
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if rng.random() < 0.4 else chess.Board()
    for _ in range(rng.randrange(0, 80)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def perturb(board: chess.Board) -> None:
    board.clear_stack()
    r = rng.random()
    if r < 0.3:
        board.set_piece_at(rng.choice(chess.SQUARES), rng.choice(PIECES))
    elif r < 0.5:
        board.remove_piece_at(rng.choice(chess.SQUARES))
    elif r < 0.65:
        board.turn = not board.turn
    elif r < 0.8:
        board.ep_square = rng.choice(EP_RANKS)
    elif r < 0.9:
        board.castling_rights = chess.SquareSet(rng.sample(BACKRANKS, rng.randint(1, 3))).mask


def row(board: chess.Board) -> str:
    ep = "-" if board.ep_square is None else chess.square_name(board.ep_square)
    return "\t".join([
        board.board_fen(), "w" if board.turn else "b", f"{board.castling_rights:x}", ep,
        "1" if board.chess960 else "0", str(int(board.status())),
    ])


def main() -> None:
    rows = []
    for i in range(4000):
        if i % 2 == 0:
            board = chess.Board(None, chess960=rng.random() < 0.4)
            random_placement(board)
            random_fields(board)
        else:
            board = game_position()
            for _ in range(rng.randint(0, 2)):
                perturb(board)
        rows.append(row(board))
    sys.stdout.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
