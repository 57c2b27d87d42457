"""``read_game`` on records whose ``FEN`` tag names a position that fails validation (a side
without its king, the side not to move in check, a pawn on the back rank, castling rights
without their rook, an en passant square no double step explains, too much material):
python-chess plays such a record from the board its FEN reader reads, and so must qipan.

Seeded set-ups are made by spoiling positions of random games; python-chess plays random legal
moves from each and writes the record; both libraries then read it. The moves read, the errors,
the boards at the start and the end, their legal moves and the record written back must be
equal. python-chess is the oracle. Two documented exceptions are left out: several kings of one
side (qipan does not play them, and reports the tag as an error on the game) and an en passant
square no double step explains where a pawn could take (python-chess takes nothing there)."""

from __future__ import annotations

import io
import os
import random

import chess
import chess.pgn

import qipan.chess.pgn as qpgn

CASES = int(os.environ.get("QIPAN_LENIENT_FEN_CASES", "2000"))


def _spoiled(rng: random.Random) -> chess.Board:
    """A board of a random game, then spoiled in one to three ways."""
    board = chess.Board()
    for _ in range(rng.randrange(0, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    board = chess.Board(board.fen())
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(7)
        if kind == 0:  # a side loses its king
            color = rng.choice([chess.WHITE, chess.BLACK])
            king = board.king(color)
            if king is not None:
                board.remove_piece_at(king)
        elif kind == 1:  # a pawn on a back rank
            empty = [sq for sq in chess.SquareSet(chess.BB_BACKRANKS) if board.piece_at(sq) is None]
            if empty:
                board.set_piece_at(rng.choice(empty), chess.Piece(chess.PAWN, rng.choice([chess.WHITE, chess.BLACK])))
        elif kind == 2:  # castling rights whatever the rooks
            board.castling_rights |= rng.choice([chess.BB_A1, chess.BB_H1, chess.BB_A8, chess.BB_H8, chess.BB_CORNERS])
        elif kind == 3:  # an en passant square on the third or sixth rank
            board.ep_square = rng.choice(list(chess.SquareSet(chess.BB_RANK_3 | chess.BB_RANK_6)))
        elif kind == 4:  # the other side to move (perhaps leaving a king in check)
            board.turn = not board.turn
        elif kind == 5:  # extra material
            empty = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
            for sq in rng.sample(empty, min(len(empty), rng.randrange(1, 10))):
                board.set_piece_at(sq, chess.Piece(rng.choice([chess.QUEEN, chess.KNIGHT, chess.PAWN]), rng.choice([chess.WHITE, chess.BLACK])))
        else:  # a piece giving check to the side not to move
            color = not board.turn
            king = board.king(color)
            if king is not None:
                attackers = [sq for sq in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[king]) if board.piece_at(sq) is None]
                if attackers:
                    board.set_piece_at(rng.choice(attackers), chess.Piece(chess.KNIGHT, board.turn))
    return board


def _record(rng: random.Random, start: chess.Board) -> str:
    """A record of random legal moves from `start`, played and written by python-chess."""
    game = chess.pgn.Game()
    game.setup(start)
    node: chess.pgn.GameNode = game
    board = start.copy()
    for _ in range(rng.randrange(0, 12)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        node = node.add_main_variation(move)
        board.push(move)
    return str(game)


def _several_kings(board: chess.Board) -> bool:
    return any(len(board.pieces(chess.KING, color)) > 1 for color in chess.COLORS)


def _plays_ep_of_nothing(board: chess.Board) -> bool:
    """python-chess lets a pawn take en passant on a square no double step explains (taking
    nothing); qipan leaves such a square out of the position played (docs/python.md)."""
    return bool(board.status() & chess.STATUS_INVALID_EP_SQUARE) and board.has_pseudo_legal_en_passant()


def _read(module: object, text: str) -> object:
    return module.read_game(io.StringIO(text))  # type: ignore[attr-defined]


def test_unplayable_fen_tags_are_played_as_python_chess_plays_them() -> None:
    rng = random.Random(2026_12_05)
    compared = 0
    invalid = 0
    for case in range(CASES):
        start = _spoiled(rng)
        if _several_kings(start) or _plays_ep_of_nothing(start):
            continue
        text = _record(rng, start)
        ref = _read(chess.pgn, text)
        ours = _read(qpgn, text)
        where = f"case {case}: {text!r}"
        invalid += not start.is_valid()
        assert [str(e) for e in ref.errors] == [], where  # type: ignore[attr-defined]
        assert list(ours.errors) == [], where  # type: ignore[attr-defined]
        ref_moves = [m.uci() for m in ref.mainline_moves()]  # type: ignore[attr-defined]
        assert [m.uci() for m in ours.mainline_moves()] == ref_moves, where  # type: ignore[attr-defined]
        for ref_board, our_board in [(ref.board(), ours.board()), (ref.end().board(), ours.end().board())]:  # type: ignore[attr-defined]
            assert our_board.fen() == ref_board.fen(), where
            assert sorted(m.uci() for m in our_board.legal_moves) == sorted(m.uci() for m in ref_board.legal_moves), where
        assert str(ours) == str(ref), where
        compared += 1
    assert compared > CASES // 2
    assert invalid > compared // 2


def test_several_kings_in_a_fen_tag_are_an_error_on_the_game() -> None:
    text = '[FEN "k7/8/8/8/8/8/8/K6K w - - 0 1"]\n\n1. Kb1 Ka7 *\n'
    ref = _read(chess.pgn, text)
    assert [m.uci() for m in ref.mainline_moves()] == ["a1b1", "a8a7"]  # type: ignore[attr-defined]
    ours = _read(qpgn, text)
    assert [e.kind for e in ours.errors] == ["bad_fen"]  # type: ignore[attr-defined]
    assert list(ours.mainline_moves()) == []  # type: ignore[attr-defined]
