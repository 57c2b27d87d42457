"""The shipped example records (examples/games) replayed by the oracles, not by qipan.

Chess games go through python-chess's PGN reader. Xiangqi games go through pyffish: each move
text (ICCS, WXF or Chinese) is matched against pyffish's legal moves by a small reading of the
notation written here, independent of qipan's parsers. Then the final position must be the one
qipan's replay reaches, and a game that ends with no legal move must carry the result the rules
give it.
"""

from __future__ import annotations

import pathlib
import re
from typing import Dict, Iterator, List, Optional, Tuple

import chess
import chess.pgn
import pyffish as sf
import pytest

import qipan
from conftest import ROOT

GAMES = ROOT / "examples" / "games"
XIANGQI_FILES = sorted(GAMES.glob("xiangqi-*.pgn"))

# The final position of Liu Dahua - Yang Guanlin 1982 as xiangqi.js's documentation publishes it.
LIU_YANG_1982_FINAL = "3akc3/9/4ba3/r7p/P1bC5/9/8P/3AB1N2/4K1nR1/2B6 b - - 16 63"

Square = Tuple[int, int]  # (file 0-8 from Red's left, rank 0-9 from Red's side)


def read_games(path: pathlib.Path) -> Iterator[Tuple[Dict[str, str], List[str], str]]:
    """(tags, move texts, result token) of each game: a reading just good enough for our files."""
    text = path.read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("%"))
    for chunk in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+)\s+"(.*)"\]\s*$', chunk, flags=re.M))
        movetext = "\n".join(line for line in chunk.splitlines() if not line.startswith("["))
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        words = movetext.split()
        result = words[-1]
        assert result in ("1-0", "0-1", "1/2-1/2", "*"), words
        moves = [w for w in words[:-1] if not re.fullmatch(r"\d+\.(\.\.)?", w)]
        yield tags, moves, result


def board_of(fen: str) -> Dict[Square, str]:
    board = {}
    for row, rank_text in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in rank_text:
            if c.isdigit():
                file += int(c)
            else:
                board[(file, 9 - row)] = c
                file += 1
    return board


def square(text: str) -> Square:
    """A pyffish square (ranks 1-10) as (file, rank 0-9)."""
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


LETTER = {"r": "R", "n": "H", "b": "E", "a": "A", "k": "K", "c": "C", "p": "P"}
CHINESE_PIECE = {
    **dict.fromkeys("车車俥", "R"),
    **dict.fromkeys("马馬傌", "H"),
    **dict.fromkeys("相象", "E"),
    **dict.fromkeys("仕士", "A"),
    **dict.fromkeys("帅帥将將", "K"),
    **dict.fromkeys("炮砲包", "C"),
    **dict.fromkeys("兵卒", "P"),
}
CHINESE_NUMBER = {c: i + 1 for i, c in enumerate("一二三四五六七八九")}
CHINESE_NUMBER.update({c: i + 1 for i, c in enumerate("１２３４５６７８９")})
CHINESE_NUMBER.update({str(i): i for i in range(1, 10)})
CHINESE_DIRECTION = {"进": "+", "進": "+", "退": "-", "平": "."}
CHINESE_TANDEM = {"前": "front", "后": "back", "後": "back", "中": "middle"}


def describe(board: Dict[Square, str], move: str) -> Dict[str, object]:
    """What a vertical notation says about `move`: piece, file, tandem rank, direction, number."""
    m = re.fullmatch(r"([a-i]\d+)([a-i]\d+)", move)
    assert m
    start, end = square(m.group(1)), square(m.group(2))
    piece = board[start]
    red = piece.isupper()
    letter = LETTER[piece.lower()]

    def file_of(sq: Square) -> int:
        return 9 - sq[0] if red else sq[0] + 1

    forward = (end[1] - start[1]) * (1 if red else -1)
    direction = "+" if forward > 0 else "-" if forward < 0 else "."
    straight = letter in "RCPK" and direction != "."
    number = abs(forward) if straight else file_of(end)
    same_file = sorted(
        (sq[1] * (1 if red else -1), sq) for sq, p in board.items() if p == piece and sq[0] == start[0]
    )
    order = [sq for _, sq in reversed(same_file)]  # most advanced first
    tandem = None
    if len(order) == 2:
        tandem = "front" if order[0] == start else "back"
    elif len(order) == 3:
        tandem = ["front", "middle", "back"][order.index(start)]
    return {
        "letter": letter,
        "file": file_of(start),
        "tandem": tandem,
        "direction": direction,
        "number": number,
    }


def read_vertical(text: str, chinese: bool) -> Dict[str, object]:
    """The parts of a WXF or Chinese move text."""
    if chinese:
        chars = list(text)
        assert len(chars) == 4, text
        if chars[0] in CHINESE_TANDEM:
            piece, file, tandem = CHINESE_PIECE[chars[1]], None, CHINESE_TANDEM[chars[0]]
        else:
            piece, file, tandem = CHINESE_PIECE[chars[0]], CHINESE_NUMBER[chars[1]], None
        return {
            "letter": piece,
            "file": file,
            "tandem": tandem,
            "direction": CHINESE_DIRECTION[chars[2]],
            "number": CHINESE_NUMBER[chars[3]],
        }
    m = re.fullmatch(r"([+-]?)([KAEBHNRCP])([1-9+-])([+\-.=])([1-9])", text)
    assert m, text
    marker, piece, file, direction, number = m.groups()
    tandem = {"+": "front", "-": "back"}.get(marker or (file if file in "+-" else ""))
    return {
        "letter": {"B": "E", "N": "H"}.get(piece, piece),
        "file": int(file) if file.isdigit() else None,
        "tandem": tandem,
        "direction": "." if direction == "=" else direction,
        "number": int(number),
    }


def matches(wanted: Dict[str, object], actual: Dict[str, object]) -> bool:
    if wanted["tandem"] is not None:
        if actual["tandem"] != wanted["tandem"]:
            return False
    elif actual["file"] != wanted["file"]:
        return False
    return all(wanted[k] == actual[k] for k in ("letter", "direction", "number"))


def pyffish_move(fen: str, played: List[str], text: str, notation: str) -> str:
    legal = sf.legal_moves("xiangqi", fen, played)
    if notation == "ICCS":
        m = re.fullmatch(r"([a-i])(\d)-?([a-i])(\d)", text)
        assert m, text
        move = f"{m.group(1)}{int(m.group(2)) + 1}{m.group(3)}{int(m.group(4)) + 1}"
        assert move in legal, f"{text} is not legal for pyffish"
        return move
    board = board_of(sf.get_fen("xiangqi", fen, played))
    wanted = read_vertical(text, chinese=notation == "Chinese")
    found = [m for m in legal if matches(wanted, describe(board, m))]
    assert len(found) == 1, f"{text}: pyffish's legal moves matching it: {found}"
    return found[0]


def pyffish_fen(fen: Optional[str]) -> str:
    if fen is None:
        return str(sf.start_fen("xiangqi"))
    fields = fen.split()
    fields[1] = {"r": "w"}.get(fields[1], fields[1])
    return " ".join(fields)


def xiangqi_games() -> List[Tuple[str, int]]:
    return [(p.name, i) for p in XIANGQI_FILES for i, _ in enumerate(read_games(p))]


def test_there_are_real_xiangqi_games_in_every_notation() -> None:
    formats = {tags.get("Format") for p in XIANGQI_FILES for tags, _, _ in read_games(p)}
    assert formats == {"ICCS", "WXF", "Chinese"}
    results = [result for p in XIANGQI_FILES for _, _, result in read_games(p)]
    assert "*" not in results and len(results) >= 4


@pytest.mark.parametrize(("name", "index"), xiangqi_games())
def test_xiangqi_example_replays_in_pyffish(name: str, index: int) -> None:
    path = GAMES / name
    tags, moves, result = list(read_games(path))[index]
    assert tags["Result"] == result
    start = pyffish_fen(tags.get("FEN"))
    played: List[str] = []
    for text in moves:
        played.append(pyffish_move(start, played, text, tags.get("Format", "Chinese")))
    final = sf.get_fen("xiangqi", start, played)
    summary = list(qipan.replay_pgn(path, jobs=1))[index]
    assert summary["error"] is None
    assert summary["plies"] == len(played)
    assert summary["fen"].split()[:2] == final.split()[:2]
    if not sf.legal_moves("xiangqi", start, played):
        # No legal move loses in Xiangqi, checkmate or stalemate alike.
        assert result == ("1-0" if final.split()[1] == "b" else "0-1")
    if tags.get("Red") == "柳大华" and tags.get("Black") == "杨官璘":
        assert summary["fen"] == LIU_YANG_1982_FINAL
        assert final.split()[0] == LIU_YANG_1982_FINAL.split()[0]


@pytest.mark.parametrize("name", ["chess-classics.pgn", "chess960.pgn"])
def test_chess_examples_agree_with_python_chess(name: str) -> None:
    path = GAMES / name
    summaries = list(qipan.replay_pgn(path, jobs=1))
    with open(path, encoding="utf-8") as f:
        for summary in summaries:
            game = chess.pgn.read_game(f)
            assert game is not None and not game.errors, game and game.errors
            board = game.end().board()
            assert summary["error"] is None
            assert summary["plies"] == board.ply() - game.board().ply()
            assert summary["fen"].split()[0] == board.board_fen()
            outcome = board.outcome()
            if outcome is not None:
                assert game.headers["Result"] == outcome.result()
            assert summary["result"] == game.headers["Result"]
        assert chess.pgn.read_game(f) is None


def test_gbk_encoded_xiangqi_records_replay_like_utf8() -> None:
    # Chinese record files usually come in GBK; Python's own codec encodes them here.
    text = (GAMES / "xiangqi-chinese.pgn").read_text(encoding="utf-8")
    gbk = text.encode("gbk")
    assert gbk != text.encode("utf-8")
    as_utf8 = list(qipan.replay_pgn(text.encode("utf-8"), jobs=1))
    as_gbk = list(qipan.replay_pgn(gbk, tags=["Red", "Result"], jobs=1))
    assert [g["error"] for g in as_gbk] == [None] * len(as_utf8)
    assert [g["fen"] for g in as_gbk] == [g["fen"] for g in as_utf8]
    assert as_gbk[1]["tags"]["Red"] == "许银川"
