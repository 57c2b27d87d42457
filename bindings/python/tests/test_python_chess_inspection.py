"""ChessBoard inspection against python-chess, the oracle: pieces, attacks,
attackers, pins, checkers, move properties, LAN, variation SAN, repetitions, clocks, en passant
square and castling rights, on 1,600 positions of seeded random standard and Chess960 games
(every square, every legal move), and on games that repeat positions."""

from __future__ import annotations

import random

import chess
import pytest

import qipan

from chess_positions import random_positions

POSITIONS = random_positions(1600, seed=2015)
CHUNKS = 8
COLORS = [chess.WHITE, chess.BLACK]


def _symbol(piece: qipan.Piece | chess.Piece | None) -> str | None:
    return None if piece is None else piece.symbol()


def test_positions_cover_the_cases() -> None:
    """The random positions include what the tests below must see."""
    assert len(POSITIONS) >= 1600
    assert sum(1 for ref, _ in POSITIONS if ref.chess960) >= 200
    assert sum(1 for ref, _ in POSITIONS if ref.is_check()) >= 50
    pinned = sum(
        1
        for ref, _ in POSITIONS
        if any(ref.is_pinned(c, sq) for c in COLORS for sq in ref.pieces(chess.KNIGHT, c) | ref.pieces(chess.BISHOP, c) | ref.pieces(chess.ROOK, c) | ref.pieces(chess.PAWN, c))
    )
    assert pinned >= 50
    moves = [(ref, m) for ref, _ in POSITIONS for m in ref.legal_moves]
    assert sum(1 for ref, m in moves if ref.is_en_passant(m)) >= 5
    assert sum(1 for ref, m in moves if ref.is_castling(m)) >= 50
    assert sum(1 for ref, m in moves if m.promotion) >= 20
    assert sum(1 for ref, _ in POSITIONS if ref.ep_square is not None) >= 50


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_squares_pieces_and_attacks_match(chunk: int) -> None:
    for ref, ours in POSITIONS[chunk::CHUNKS]:
        fen = ref.fen()
        assert ours.board_fen() == ref.board_fen(), fen
        assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {
            sq: p.symbol() for sq, p in ref.piece_map().items()
        }, fen
        assert list(ours.piece_map()) == list(ref.piece_map()), fen  # the same order
        for sq in chess.SQUARES:
            assert _symbol(ours.piece_at(sq)) == _symbol(ref.piece_at(sq)), (fen, sq)
            assert ours.piece_type_at(sq) == ref.piece_type_at(sq), (fen, sq)
            assert ours.color_at(sq) == ref.color_at(sq), (fen, sq)
            assert int(ours.attacks(sq)) == int(ref.attacks(sq)), (fen, sq)
            for color in COLORS:
                assert int(ours.attackers(color, sq)) == int(ref.attackers(color, sq)), (fen, color, sq)
                assert ours.is_attacked_by(color, sq) == ref.is_attacked_by(color, sq), (fen, sq)
                assert int(ours.pin(color, sq)) == int(ref.pin(color, sq)), (fen, color, sq)
                assert ours.is_pinned(color, sq) == ref.is_pinned(color, sq), (fen, color, sq)
        for color in COLORS:
            assert ours.king(color) == ref.king(color), fen
            for piece_type in chess.PIECE_TYPES:
                theirs = ref.pieces(piece_type, color)
                mine = ours.pieces(piece_type, color)
                assert list(mine) == list(theirs) and len(mine) == len(theirs), fen
                assert int(mine) == int(theirs) and mine == qipan.SquareSet(int(theirs))
        assert int(ours.checkers()) == int(ref.checkers()), fen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_move_properties_match(chunk: int) -> None:
    """Every legal move: capture, check, castling (both sides), en passant, zeroing,
    irreversible, LAN and SAN; python-chess's move objects are passed as they are."""
    rng = random.Random(chunk)
    for ref, ours in POSITIONS[chunk::CHUNKS]:
        fen = ref.fen()
        for move in ref.legal_moves:
            where = (fen, move.uci())
            assert ours.is_capture(move) == ref.is_capture(move), where
            assert ours.gives_check(move) == ref.gives_check(move), where
            assert ours.is_castling(move) == ref.is_castling(move), where
            assert ours.is_kingside_castling(move) == ref.is_kingside_castling(move), where
            assert ours.is_queenside_castling(move) == ref.is_queenside_castling(move), where
            assert ours.is_en_passant(move) == ref.is_en_passant(move), where
            assert ours.is_zeroing(move) == ref.is_zeroing(move), where
            assert ours.is_irreversible(move) == ref.is_irreversible(move), where
            assert ours.lan(move) == ref.lan(move), where
            assert ours.san(move) == ref.san(move), where
        # A variation of up to 6 random legal moves from here.
        line = []
        board = ref.copy()
        for _ in range(rng.randrange(1, 7)):
            moves = sorted(board.legal_moves, key=board.uci)
            if not moves:
                break
            line.append(rng.choice(moves))
            board.push(line[-1])
        assert ours.variation_san(line) == ref.variation_san(line), (fen, [m.uci() for m in line])


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_clocks_rights_and_draw_rules_match(chunk: int) -> None:
    for ref, ours in POSITIONS[chunk::CHUNKS]:
        fen = ref.fen()
        assert ours.ply() == ref.ply(), fen
        assert ours.fullmove_number == ref.fullmove_number, fen
        assert ours.halfmove_clock == ref.halfmove_clock, fen
        assert ours.ep_square == ref.ep_square, fen
        assert ours.castling_rights == ref.castling_rights == ref.clean_castling_rights(), fen
        for color in COLORS:
            assert ours.has_castling_rights(color) == ref.has_castling_rights(color), fen
            assert ours.has_kingside_castling_rights(color) == ref.has_kingside_castling_rights(color), fen
            assert ours.has_queenside_castling_rights(color) == ref.has_queenside_castling_rights(color), fen
        for count in (1, 2, 3):
            assert ours.is_repetition(count) == ref.is_repetition(count), (fen, count)
        assert ours.is_fivefold_repetition() == ref.is_fivefold_repetition(), fen
        assert ours.is_seventyfive_moves() == ref.is_seventyfive_moves(), fen
        assert ours.is_fifty_moves() == ref.is_fifty_moves(), fen
        assert ours.can_claim_threefold_repetition() == ref.can_claim_threefold_repetition(), fen
        assert ours.can_claim_fifty_moves() == ref.can_claim_fifty_moves(), fen
        assert ours.can_claim_draw() == ref.can_claim_draw(), fen


def test_repetitions_along_shuffling_games() -> None:
    """Knights and kings shuffled back and forth, with random captures: positions repeat two to
    six times; is_repetition(n) for n = 1..6 against python-chess after every move."""
    rng = random.Random(7)
    seen_counts = set()
    for _ in range(40):
        ref, ours = chess.Board(), qipan.ChessBoard()
        for _ in range(120):
            moves = sorted(ref.legal_moves, key=ref.uci)
            if not moves or ref.is_game_over():
                break
            quiet = [m for m in moves if ref.piece_type_at(m.from_square) in (chess.KNIGHT, chess.KING)]
            move = rng.choice(quiet if quiet and rng.random() < 0.9 else moves)
            ref.push(move)
            ours.push(move)
            for n in range(1, 7):
                assert ours.is_repetition(n) == ref.is_repetition(n), (ref.fen(), n)
                if ref.is_repetition(n):
                    seen_counts.add(n)
            assert ours.is_fivefold_repetition() == ref.is_fivefold_repetition()
            assert ours.can_claim_threefold_repetition() == ref.can_claim_threefold_repetition()
    assert {2, 3, 4} <= seen_counts, seen_counts


def test_positions_set_up_from_fen_count_ply_as_python_chess() -> None:
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 30"
    assert qipan.ChessBoard(fen).ply() == chess.Board(fen).ply() == 58


def test_square_set_is_python_chess_square_set() -> None:
    board, ref = qipan.ChessBoard(), chess.Board()
    ours, theirs = board.pieces(chess.PAWN, chess.WHITE), ref.pieces(chess.PAWN, chess.WHITE)
    assert repr(ours) == repr(theirs)
    assert str(ours) == str(theirs)
    assert list(reversed(ours)) == list(reversed(theirs))
    assert ours.tolist() == theirs.tolist()
    assert chess.E2 in ours and chess.E4 not in ours and 64 not in ours and "e2" not in ours
    for other in [board.pieces(chess.ROOK, chess.WHITE), 0xFF, [chess.A2, chess.H8]]:
        ref_other = chess.SquareSet(other if not isinstance(other, qipan.SquareSet) else int(other))
        assert int(ours | other) == int(theirs | ref_other)
        assert int(ours & other) == int(theirs & ref_other)
        assert int(ours ^ other) == int(theirs ^ ref_other)
        assert int(ours - other) == int(theirs - ref_other)
        assert int(other - ours) == int(ref_other - theirs)  # type: ignore[operator]
        assert ours.isdisjoint(other) == theirs.isdisjoint(ref_other)
        assert ours.issubset(other) == theirs.issubset(ref_other)
        assert ours.issuperset(other) == theirs.issuperset(ref_other)
    assert int(~ours) == int(~theirs)
    assert bool(qipan.SquareSet()) is bool(chess.SquareSet()) is False
    assert ours == int(theirs) and ours == list(theirs)
    with pytest.raises(TypeError):
        hash(ours)


def test_bad_squares_and_moves_are_typed_errors() -> None:
    board = qipan.ChessBoard()
    for bad in [64, -1]:
        with pytest.raises(IndexError):
            board.piece_at(bad)
        with pytest.raises(IndexError):
            board.attacks(bad)
    with pytest.raises(OverflowError):
        board.piece_at(2**80)
    with pytest.raises(TypeError):
        board.piece_at("e4")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        board.pieces(7, chess.WHITE)
    with pytest.raises(qipan.IllegalMoveError):
        board.is_capture(chess.Move.from_uci("e2e5"))
    with pytest.raises(qipan.IllegalMoveError):
        board.variation_san([chess.Move.from_uci("e2e4"), chess.Move.from_uci("e2e4")])
    with pytest.raises(TypeError):
        board.variation_san(3)  # type: ignore[arg-type]
    assert board.fen() == chess.STARTING_FEN
