"""Shared helpers: the shipped test data, seeded random playouts, coordinate conversions.

Expected values always come from python-chess, pyffish (Fairy-Stockfish) or the shipped data files,
never from qipan's own output.
"""

from __future__ import annotations

import json
import pathlib
import re
from typing import Iterator

import chess

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT / "data"


def chess_perft_cases(max_nodes: int = 300_000) -> list[tuple[str, int, int]]:
    """(fen, depth, nodes) from data/chess-perft.epd, strictly legal sections only (not E)."""
    cases = []
    section = ""
    for line in (DATA / "chess-perft.epd").read_text().splitlines():
        header = re.match(r"# --- ([A-Z]):", line)
        if header:
            section = header.group(1)
            continue
        if not line.strip() or line.startswith("#") or section == "E":
            continue
        fen, *counts = [part.strip() for part in line.split(";")]
        for count in counts:
            depth_text, nodes_text = count.split()
            depth, nodes = int(depth_text[1:]), int(nodes_text)
            if nodes <= max_nodes and depth <= 6:
                cases.append((fen, depth, nodes))
    return cases


def xiangqi_perft_cases(max_nodes: int = 300_000) -> list[tuple[str, int, int]]:
    """(fen, depth, nodes) from data/xiangqi-perft.epd."""
    cases = []
    for line in (DATA / "xiangqi-perft.epd").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, *counts = [part.strip() for part in line.split(";")]
        for count in counts:
            depth_text, nodes_text = count.split()
            depth, nodes = int(depth_text[1:]), int(nodes_text)
            if nodes <= max_nodes:
                cases.append((fen, depth, nodes))
    return cases


def xiangqi_repetition_cases() -> list[dict]:
    """The AXF repetition cases of data/xiangqi-repetition.jsonl."""
    lines = (DATA / "xiangqi-repetition.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


_SQUARES = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def sf_to_iccs(move: str) -> str:
    """A pyffish Xiangqi move (ranks 1-10) in ICCS (ranks 0-9): "b1c3" -> "b0c2"."""
    m = _SQUARES.match(move)
    assert m, move
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def iccs_to_sf(move: str) -> str:
    """An ICCS move (ranks 0-9) as pyffish writes it (ranks 1-10): "b0c2" -> "b1c3"."""
    m = _SQUARES.match(move)
    assert m, move
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"


def fen_fields(fen: str, n: int) -> str:
    """The first `n` fields of a FEN."""
    return " ".join(fen.split()[:n])


def chunks(seq: list, size: int) -> Iterator[list]:
    for i in range(0, len(seq), size):
        yield seq[i : i + size]


def mates_within(board: chess.Board, color: chess.Color, plies: int) -> bool:
    """Whether `color` can checkmate within `plies` plies by some sequence of legal moves, by
    python-chess's move generator (the independent oracle for "cannot win" and dead positions)."""
    if board.is_checkmate():
        return board.turn != color
    if plies == 0:
        return False
    for move in list(board.legal_moves):
        board.push(move)
        found = mates_within(board, color, plies - 1)
        board.pop()
        if found:
            return True
    return False
