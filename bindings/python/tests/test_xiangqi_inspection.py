"""XiangqiBoard inspection against pyffish (Fairy-Stockfish) on positions of seeded
random games: the placement (piece_at, piece_map, pieces, king) against pyffish's FEN, parsed
here; is_check and checkers against pyffish's gives_check of the position; is_capture and
gives_check of legal moves against pyffish's is_capture and gives_check. Squares are ints,
rank * 9 + file (a0 = 0 ... i9 = 89); pyffish writes ranks 1-10 (see conftest's converters).
Set-up: random set_piece_at / remove_piece_at sequences keep the placement a plain dict model
predicts, and every board that is valid plays pyffish's legal moves."""

from __future__ import annotations

import random

import pyffish as sf
import pytest

import qipan

from conftest import iccs_to_sf, sf_to_iccs

START = sf.start_fen("xiangqi")
TYPES = {"K": 1, "A": 2, "B": 3, "N": 4, "R": 5, "C": 6, "P": 7}


def placement(fen: str) -> dict[int, str]:
    """{square: FEN letter} of a FEN's first field (rank 9 first, files a-i)."""
    out: dict[int, str] = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - row, 0
        for c in text:
            if c.isdigit():
                file += int(c)
            else:
                out[rank * 9 + file] = c
                file += 1
        assert file == 9, fen
    return out


def test_inspection_matches_pyffish_on_random_games() -> None:
    rng = random.Random(2015)
    positions = moves_checked = checks = captures = 0
    for game in range(6):
        moves_sf: list[str] = []
        board = qipan.XiangqiBoard()
        for _ in range(rng.randrange(40, 140)):
            legal = sorted(sf.legal_moves("xiangqi", START, moves_sf))
            if not legal:
                break
            fen = sf.get_fen("xiangqi", START, moves_sf)
            expected = placement(fen)
            assert {sq: p.symbol() for sq, p in board.piece_map().items()} == expected
            for sq in range(90):
                piece = board.piece_at(sq)
                assert (piece.symbol() if piece else None) == expected.get(sq)
            for letter, piece_type in TYPES.items():
                for color, symbol in ((qipan.RED, letter), (qipan.BLACK, letter.lower())):
                    assert board.pieces(piece_type, color) == sorted(
                        sq for sq, c in expected.items() if c == symbol
                    )
            assert board.king(qipan.RED) == next(sq for sq, c in expected.items() if c == "K")
            assert board.king(qipan.BLACK) == next(sq for sq, c in expected.items() if c == "k")
            in_check = sf.gives_check("xiangqi", START, moves_sf)
            assert board.is_check() is in_check
            assert bool(board.checkers()) is in_check
            king = board.king(board.turn)
            assert king is not None
            assert board.checkers() == board.attackers(not board.turn, king)
            checks += in_check
            for move_sf in rng.sample(legal, min(3, len(legal))):
                move = board.parse_uci(sf_to_iccs(move_sf))
                capture = sf.is_capture("xiangqi", START, moves_sf, move_sf)
                assert board.is_capture(move) is capture, (fen, move_sf)
                gives = sf.gives_check("xiangqi", START, moves_sf + [move_sf])
                assert board.gives_check(move) is gives, (fen, move_sf)
                moves_checked += 1
                captures += capture
            positions += 1
            move_sf = rng.choice(legal)
            moves_sf.append(move_sf)
            board.push_uci(sf_to_iccs(move_sf))
    assert positions > 300 and moves_checked > 900 and checks >= 3 and captures > 30, (
        positions, moves_checked, checks, captures,
    )


def test_random_set_up_sequences() -> None:
    rng = random.Random(7)
    pieces = [qipan.XiangqiPiece(t, c) for t in qipan.XIANGQI_PIECE_TYPES for c in (True, False)]
    refused = valid = invalid = 0
    for _ in range(300):
        board = qipan.XiangqiBoard()
        model = {sq: p.symbol() for sq, p in board.piece_map().items()}
        for _ in range(rng.randint(1, 10)):
            sq = rng.randrange(90)
            general = board.king(rng.random() < 0.5)
            if general is not None and rng.random() < 0.15:
                sq = general  # a general taken off, or replaced
            if rng.random() < 0.5:
                piece = rng.choice(pieces)
                try:
                    board.set_piece_at(sq, piece)
                    model[sq] = piece.symbol()
                except qipan.InvalidFenError:
                    refused += 1  # off its points, or one too many: nothing changed
            else:
                taken = board.remove_piece_at(sq)
                assert (taken.symbol() if taken else None) == model.pop(sq, None)
            assert {sq: p.symbol() for sq, p in board.piece_map().items()} == model
            assert board.move_stack == []
            if board.is_valid():
                valid += 1
                ours = {m.uci() for m in board.legal_moves}
                ref = {sf_to_iccs(m) for m in sf.legal_moves("xiangqi", board.fen(), [])}
                assert ours == ref, board.fen()
            else:
                invalid += 1
                with pytest.raises(qipan.InvalidFenError, match="not a playable position"):
                    board.legal_moves
                with pytest.raises(qipan.InvalidFenError):
                    board.push_uci("h2e2")
    assert refused > 50 and valid > 200 and invalid > 100, (refused, valid, invalid)


def test_clear_turn_and_garbage() -> None:
    board = qipan.XiangqiBoard()
    board.push_uci("h2e2")
    board.clear()
    assert board.piece_map() == {} and board.move_stack == [] and not board.is_valid()
    assert board.king(qipan.RED) is None and board.checkers() == [] and not board.is_check()
    board.set_piece_at(4, qipan.XiangqiPiece.from_symbol("K"))
    board.set_piece_at(85, qipan.XiangqiPiece(qipan.GENERAL, qipan.BLACK))
    assert not board.is_valid()  # the generals face each other
    board.set_piece_at(13, qipan.XiangqiPiece.from_symbol("A"))
    assert board.is_valid() and board.fen() == "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"
    board.turn = qipan.BLACK
    assert board.fen().split()[1] == "b" and board.is_valid()
    assert qipan.XiangqiPiece.from_symbol("c").unicode_symbol() == "炮"
    for bad in (-1, 90, 2**70, "e0", None, 3.5):
        with pytest.raises((TypeError, IndexError, OverflowError)):
            board.piece_at(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        board.set_piece_at(4, qipan.Piece(qipan.KING, True))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        qipan.XiangqiPiece(8, True)
    assert qipan.XIANGQI_SQUARE_NAMES[89] == "i9" and qipan.XIANGQI_SQUARE_NAMES[9] == "a1"


def test_xiangqi_square_sets() -> None:
    """A XiangqiBoard's square sets hold the 90 points (rank * 9 + file), as chess's hold 64."""
    board = qipan.XiangqiBoard()
    cannons = board.pieces(qipan.CANNON, qipan.RED)
    assert isinstance(cannons, qipan.SquareSet) and cannons.xiangqi
    assert list(cannons) == [2 * 9 + 1, 2 * 9 + 7] and cannons.mask == (1 << 19) | (1 << 25)
    # Both red elephants guard e2 (their eyes d1 and f1 are empty); the horses do not reach it.
    assert list(board.attackers(qipan.RED, 2 * 9 + 4)) == [2, 6]
    assert board.is_attacked_by(qipan.RED, 2 * 9 + 4)
    assert not board.is_attacked_by(qipan.BLACK, 2 * 9 + 4)
    black_soldiers = board.pieces(qipan.SOLDIER, qipan.BLACK)
    # Seen from the other side (ranks flipped), Black's soldiers stand where Red's do.
    assert black_soldiers.mirror() == board.pieces(qipan.SOLDIER, qipan.RED)
    assert len(~black_soldiers) == 90 - 5 and 89 in ~black_soldiers and 90 not in ~black_soldiers
    everything = qipan.SquareSet(-1, xiangqi=True)  # an int is read modulo 2**90
    assert len(everything) == 90 and everything.mask == (1 << 90) - 1
    assert str(qipan.SquareSet([0, 89], xiangqi=True)).splitlines() == (
        [". . . . . . . . 1"] + [". " * 8 + "."] * 8 + ["1 . . . . . . . ."]
    )
    assert "xiangqi=True" in repr(cannons)
    assert eval(repr(cannons), {"SquareSet": qipan.SquareSet}) == cannons
    import pickle

    copy = pickle.loads(pickle.dumps(cannons))
    assert copy == cannons and copy.xiangqi
    with pytest.raises(ValueError):
        cannons | qipan.SquareSet([0])  # a chess set does not combine with points
    with pytest.raises(IndexError):
        cannons.add(90)
    cannons.add(89)
    assert cannons.pop() == 19 and list(cannons) == [25, 89]
    chess = qipan.SquareSet([63])
    assert not chess.xiangqi and len(~chess) == 63
