"""A small typed program over `qipan.chess` written as a python-chess program; `mypy --strict`
checks it against the stubs, and test_chess_dropin_diff.py runs it against python-chess too."""

from __future__ import annotations


import io

import qipan.chess.pgn  # noqa: F401  (chess.pgn below)
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
        "flipped": board.transform(chess.flip_vertical).fen(),
        "shifted": chess.BaseBoard().transform(chess.shift_down).board_fen(),
    }


def visitor_usage() -> dict[str, object]:
    """chess.pgn's visitor API, typed: a visitor counting what it sees, the builders, the
    exporters and the walks."""

    class Census(chess.pgn.BaseVisitor[dict[str, int]]):
        def __init__(self) -> None:
            self.seen = {"moves": 0, "comments": 0, "variations": 0}

        def visit_move(self, board: chess.Board, move: chess.Move) -> None:
            self.seen["moves"] += 1

        def visit_comment(self, comment: str) -> None:
            self.seen["comments"] += 1

        def begin_variation(self) -> chess.pgn.SkipType | None:
            self.seen["variations"] += 1
            return chess.pgn.SKIP

        def result(self) -> dict[str, int]:
            return self.seen

    text = '[Event "Typed"]\n\n1. e4 { king pawn } e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n\n1. d4 *\n'
    census = chess.pgn.read_game(io.StringIO(text), Visitor=Census)
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    headers = chess.pgn.read_game(io.StringIO(text), Visitor=chess.pgn.HeadersBuilder)
    board = chess.pgn.read_game(io.StringIO(text), Visitor=chess.pgn.BoardBuilder)
    exported: str = game.accept(chess.pgn.StringExporter(headers=False, columns=None))
    handle = io.StringIO(text)
    skipped: bool = chess.pgn.skip_game(handle)
    second = chess.pgn.read_game(handle)
    first = game.next()
    subgame = first.accept_subgame(chess.pgn.GameBuilder()) if first is not None else None
    start = chess.pgn.Game()
    start.setup("8/8/4k3/8/4P3/4K3/8/8 b - - 0 17")
    return {
        "census": census,
        "event": headers["Event"] if headers is not None else None,
        "final": board.fen() if board is not None else None,
        "exported": exported,
        "skipped": skipped,
        "second": str(second.mainline_moves()) if second is not None else None,
        "subgame": subgame.headers.get("FEN") if subgame is not None else None,
        "setup": (start.headers.get("SetUp"), start.board().fen()),
        "time": start.time_control().type.name,
    }


if __name__ == "__main__":
    print(dropin_usage())
