"""A small typed program over `qipan.chess` written as a python-chess program; `mypy --strict`
checks it against the stubs, and test_chess_dropin_diff.py runs it against python-chess too."""

from __future__ import annotations


from qipan import chess


def dropin_usage() -> dict[str, object]:
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    pseudo: list[chess.Move] = list(board.generate_pseudo_legal_moves(chess.BB_ALL, chess.BB_RANK_1 | chess.BB_CENTER))
    captures: list[str] = sorted(m.uci() for m in board.generate_legal_captures())
    castles: list[str] = [m.uci() for m in board.generate_castling_moves()]
    squares = chess.SquareSet.from_square(chess.E4)
    squares.add(chess.D5)
    squares |= chess.BB_A1
    popped: int = squares.pop()
    epd: str = board.epd(bm=board.parse_san("Qxf6"), id="kiwipete")
    again, ops = chess.Board.from_epd(epd)
    return {
        "pseudo": len(pseudo),
        "pseudo_count": board.pseudo_legal_moves.count(),
        "captures": captures,
        "castles": castles,
        "is_pseudo_legal": board.is_pseudo_legal(chess.Move.from_uci("e1d1")),
        "squares": list(squares),
        "popped": popped,
        "distance": chess.square_knight_distance(chess.A1, chess.H8),
        "flip": chess.flip_vertical(chess.BB_RANK_2) == chess.BB_RANK_7,
        "epd": epd,
        "id": ops["id"],
        "same": again.board_fen() == board.board_fen(),
        "xboard": board.xboard(board.parse_xboard("O-O")),
        "find": board.find_move(chess.E1, chess.G1).uci(),
        "clean": board.clean_castling_rights() == chess.BB_A1 | chess.BB_H1 | chess.BB_A8 | chess.BB_H8,
    }


if __name__ == "__main__":
    print(dropin_usage())
