"""`push` skips its legality test for a move that a legal-move list of the board's current state
holds (the move objects are marked with the name of the state they were listed in). A move listed
in any other state must be tested as before, whatever happened in between: pushes, pops, every
kind of edit, copies, other boards listing the same (interned) objects.

A seeded random walk keeps a pool of move objects read from the legal moves of earlier states and
of other boards, and pushes them after edits of every kind. Each push is compared with the same
move pushed as a new object (`Move.from_uci`, never marked, so always tested) on a copy of the
board, and for chess with python-chess: a move python-chess lists as legal is played to the same
FEN, any other move plays or fails exactly as the tested push does.
"""

from __future__ import annotations

import random

import chess

import qipan
import qipan.chess

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# A pinned knight, a pawn that may take en passant, castling through attacked squares.
TRICKY = "r3k2r/8/8/2pP4/8/8/5n2/R3K1qR w KQkq c6 0 1"


def _tested_push(board: qipan.ChessBoard | qipan.XiangqiBoard, uci: str) -> object:
    """What pushing `uci` as a new (unmarked) move object does to a copy of `board`."""
    copy = board.copy()
    try:
        copy.push(qipan.Move.from_uci(uci))
    except Exception as error:  # noqa: BLE001 - the exception's type is the answer
        return type(error)
    return copy.fen()


def _marked_push(board: qipan.ChessBoard | qipan.XiangqiBoard, move: qipan.Move) -> object:
    try:
        board.push(move)
    except Exception as error:  # noqa: BLE001
        return type(error)
    return board.fen()


def _chess_edit(rng: random.Random, ours: qipan.ChessBoard, ref: chess.Board) -> None:
    """One edit of python-chess's kinds, done on both boards."""
    kind = rng.randrange(9)
    squares = sorted(ref.piece_map())
    if kind == 0 and squares:
        square = rng.choice(squares)
        if ref.piece_type_at(square) != chess.KING:
            ref.remove_piece_at(square)
            ours.remove_piece_at(square)
    elif kind == 1:
        square = rng.randrange(64)
        piece = chess.Piece(rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]),
                            rng.random() < 0.5)
        if ref.piece_type_at(square) != chess.KING and not (piece.piece_type == chess.PAWN and square // 8 in (0, 7)):
            ref.set_piece_at(square, piece)
            ours.set_piece_at(square, qipan.chess.Piece(piece.piece_type, piece.color))
    elif kind == 2:
        ref.turn = not ref.turn
        ours.turn = not ours.turn
    elif kind == 3:
        mask = ref.castling_rights & rng.choice([chess.BB_A1 | chess.BB_H8, chess.BB_H1, chess.BB_ALL, 0])
        ref.castling_rights = mask
        ours.castling_rights = mask
    elif kind == 4:
        fen = rng.choice([chess.STARTING_FEN, KIWIPETE, TRICKY])
        ref.set_fen(fen)
        ours.set_fen(fen)
    elif kind == 5:
        ref.clear_stack()
        ours.clear_stack()
    elif kind == 6:
        # Cleared only: a square no double step explains is read differently on purpose
        # (docs/python.md), and clearing is what makes a listed capture illegal.
        ref.ep_square = None
        ours.ep_square = None
    elif kind == 7:
        ref.apply_mirror()
        ours.apply_mirror()
    else:
        fen = ref.board_fen()
        ref.set_board_fen(fen)
        ours.set_board_fen(fen)


def test_marked_chess_moves_are_trusted_only_in_their_state() -> None:
    rng = random.Random(2026_12_06)
    pushes = fast_legal = 0
    for start in (chess.STARTING_FEN, KIWIPETE, TRICKY):
        ref = chess.Board(start)
        ours = qipan.chess.Board(start)
        other = qipan.chess.Board(KIWIPETE)
        pool: list[qipan.Move] = []
        for _ in range(1500):
            action = rng.random()
            if action < 0.15:
                if ours.is_valid():
                    pool.extend(ours.legal_moves)
                pool.extend(other.legal_moves)
                del pool[:-200]
            elif action < 0.55 and pool:
                move = rng.choice(pool) if rng.random() < 0.5 or not ours.is_valid() else rng.choice(list(ours.legal_moves))
                uci = move.uci()
                want = _tested_push(ours, uci)
                legal_in_ref = chess.Move.from_uci(uci) in ref.legal_moves
                got = _marked_push(ours, move)
                assert got == want, (ref.fen(), uci)
                pushes += 1
                if isinstance(got, str):
                    ref.push(chess.Move.from_uci(uci))
                    assert ours.fen() == ref.fen()
                    fast_legal += legal_in_ref
                else:
                    assert not legal_in_ref, (ref.fen(), uci)
            elif action < 0.75 and ref.move_stack:
                assert ours.pop().uci() == ref.pop().uci()
                assert ours.fen() == ref.fen()
            elif action < 0.8:
                copy = ours.copy()
                ours, other = copy, ours
                other = other.copy(stack=False)
            elif action < 0.85 and other.is_valid() and list(other.legal_moves):
                # Another board moves: its lists mark the shared move objects with its states.
                other.push(rng.choice(list(other.legal_moves)))
            else:
                _chess_edit(rng, ours, ref)
                assert ours.fen() == ref.fen()
    # The walk pushed enough legal moves from lists for the shortcut to have been taken.
    assert pushes > 1500 and fast_legal > 500


XIANGQI_FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
]


def _xiangqi_edit(rng: random.Random, board: qipan.XiangqiBoard) -> qipan.XiangqiBoard:
    """One edit; the board edited, or a new one."""
    kind = rng.randrange(4)
    if kind == 0:
        board.turn = not board.turn
    elif kind == 1:
        return qipan.XiangqiBoard(rng.choice(XIANGQI_FENS))
    elif kind == 2:
        squares = [sq for sq in range(90) if board.piece_at(sq) is not None]
        square = rng.choice(squares) if squares else 0
        if squares and str(board.piece_at(square)).lower() != "k":
            board.remove_piece_at(square)
    else:
        board.clear()
    return board


def _listed(board: qipan.XiangqiBoard) -> list[qipan.Move]:
    """The legal moves, none on a board an edit left unplayable."""
    try:
        return list(board.legal_moves)
    except qipan.InvalidFenError:
        return []


def test_marked_xiangqi_moves_are_trusted_only_in_their_state() -> None:
    rng = random.Random(31)
    board = qipan.XiangqiBoard()
    other = qipan.XiangqiBoard()
    pool: list[qipan.Move] = []
    pushes = listed = 0
    for _ in range(3000):
        action = rng.random()
        if action < 0.15:
            pool.extend(_listed(board))
            pool.extend(_listed(other))
            del pool[:-200]
        elif action < 0.55 and pool:
            move = rng.choice(pool) if rng.random() < 0.5 else rng.choice(_listed(board) or pool)
            want = _tested_push(board, move.uci())
            assert _marked_push(board, move) == want, (board.fen(), move.uci())
            pushes += 1
            listed += isinstance(want, str)
        elif action < 0.75 and board.move_stack:
            board.pop()
        elif action < 0.8:
            board, other = board.copy(), board.copy(stack=False)
        elif action < 0.85 and _listed(other):
            other.push(rng.choice(_listed(other)))
        else:
            board = _xiangqi_edit(rng, board)
    assert pushes > 1000 and listed > 300
