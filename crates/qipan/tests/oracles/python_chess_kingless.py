"""python-chess's legal moves on generated boards without a king of the side to move (and boards
where only the other side lacks its king): a seeded random placement, then a short random playout
from it, each position written as `FEN<TAB>sorted UCI moves<TAB>their SAN`. The oracle of
tests/lenient_positions.rs (python-chess is a test-time oracle only)."""

import random
import sys

import chess

ROLES = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]


def random_board(rng: random.Random) -> chess.Board:
    board = chess.Board(None)
    board.turn = rng.random() < 0.5
    for color in (chess.WHITE, chess.BLACK):
        for _ in range(rng.randint(0, 9)):
            role = rng.choice(ROLES)
            ranks = range(1, 7) if role == chess.PAWN else range(8)
            square = chess.square(rng.randrange(8), rng.choice(ranks))
            if board.piece_at(square) is None:
                board.set_piece_at(square, chess.Piece(role, color))
    # Mostly the side to move lacks its king; sometimes the other side, sometimes both.
    kinged = rng.choice([[], [not board.turn], [not board.turn], [board.turn]])
    for color in kinged:
        empty = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
        board.set_piece_at(rng.choice(empty), chess.Piece(chess.KING, color))
    return board


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(25)
    for _ in range(count):
        board = random_board(rng)
        for _ in range(rng.randint(1, 6)):
            moves = list(board.legal_moves)
            ordered = sorted(moves, key=lambda m: m.uci())
            print(board.fen(), " ".join(m.uci() for m in ordered), " ".join(board.san(m) for m in ordered), sep="\t")
            if not moves:
                break
            board.push(rng.choice(moves))


main()
