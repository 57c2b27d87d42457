"""qipan.chess.syzygy against python-chess's chess.syzygy (a test-time oracle) on the tables in
data/syzygy: the same WDL and DTZ on random legal positions, the same errors and shapes."""

import pathlib
import random

import chess
import chess.syzygy
import pytest

import qipan
import qipan.chess.syzygy as syzygy

TABLES = pathlib.Path(__file__).resolve().parents[3] / "data" / "syzygy"
MATERIALS = sorted(p.stem for p in TABLES.glob("*.rtbw"))


def random_board(rng: random.Random, material: str) -> chess.Board:
    while True:
        board = chess.Board(None)
        white, black = material.split("v")
        if rng.random() < 0.5:
            white, black = black, white
        for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
            for letter in letters:
                piece = chess.Piece.from_symbol(letter if color else letter.lower())
                while True:
                    square = rng.randrange(64)
                    if board.piece_at(square) is None and not (
                        piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7)
                    ):
                        board.set_piece_at(square, piece)
                        break
        board.turn = rng.random() < 0.5
        if board.is_valid():
            return board


def test_probes_agree_with_python_chess() -> None:
    rng = random.Random(29)
    assert len(MATERIALS) == 15
    with syzygy.open_tablebase(TABLES) as ours, chess.syzygy.open_tablebase(str(TABLES)) as theirs:
        for material in MATERIALS:
            for _ in range(40):
                board = random_board(rng, material)
                ours_board = qipan.ChessBoard(board.fen())
                assert ours.probe_wdl(ours_board) == theirs.probe_wdl(board), board.fen()
                assert ours.probe_dtz(ours_board) == theirs.probe_dtz(board), board.fen()
                # A python-chess board works too (through its FEN).
                assert ours.get_dtz(board) == theirs.get_dtz(board)


def test_errors_and_defaults_as_python_chess() -> None:
    tables = syzygy.Tablebase()
    assert tables.add_directory(str(TABLES)) == 30
    missing = qipan.ChessBoard("8/8/8/8/8/8/1p6/KB5k w - - 0 1")
    with pytest.raises(syzygy.MissingTableError) as info:
        tables.probe_wdl(missing)
    assert "KBvKP" in str(info.value)
    assert isinstance(info.value, KeyError)
    assert tables.get_wdl(missing) is None
    assert tables.get_dtz(missing, 7) == 7
    with pytest.raises(KeyError):
        tables.probe_wdl(qipan.ChessBoard())
    tables.close()
    with pytest.raises(syzygy.MissingTableError):
        tables.probe_wdl(qipan.ChessBoard("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"))
    with pytest.raises(TypeError):
        tables.probe_wdl(42)  # type: ignore[arg-type]
