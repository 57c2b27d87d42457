"""qipan.chess.engine against independent clients on the same engine binaries, Threads 1 and a fixed
`go nodes N` (deterministic): python-chess's chess.engine on Stockfish for chess (standard,
Chess960 with UCI_Chess960, positions reached by moves whose repetition matters, mates), and for
Xiangqi on Fairy-Stockfish a reference client written here from the protocol texts (UCI with
UCI_Variant xiangqi and ranks 1-10; UCCI with ICCS ranks 0-9 and the position after the last
capture). Same best move, score and PV, position by position."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from typing import Optional

import chess
import chess.engine
import pytest

import qipan
import qipan.chess.engine as engine
from chess_positions import playout, random_positions


def binary(name: str) -> str:
    path = shutil.which(name) or shutil.which(f"/usr/games/{name}")
    assert path, f"{name} is not installed (scripts/test-parts/30-python.sh installs it)"
    return path


NODES = 3000

MATES = [
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  # mate in 1
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  # Qxf7#
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",  # Rh8#
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # checkmated: no move
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate: no move
    "8/8/8/8/8/2k5/1q6/K7 w - - 0 1",  # mated
    "2k5/8/1K6/8/8/8/8/1R6 w - - 0 1",  # mate in 2 or so
]

SHUFFLES = [
    ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"],
    ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"],
    ["e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3", "b8c6", "f3g1"],
    ["d2d4", "d7d5", "c1f4", "c8f5", "f4c1", "f5c8", "c1f4", "c8f5", "f4c1", "f5c8"],
]


def chess_cases() -> list[tuple[chess.Board, qipan.ChessBoard]]:
    cases = random_positions(80, seed=2828)
    rng = random.Random(960)
    for n in rng.sample(range(960), 24):
        ref, ours = chess.Board.from_chess960_pos(n), qipan.ChessBoard.from_chess960_pos(n)
        for board in playout(rng, ref, rng.randrange(0, 40)):
            if board.move_stack:
                ours.push(board.move_stack[-1])
        cases.append((ref.copy(), ours.copy()))
    for fen in MATES:
        cases.append((chess.Board(fen), qipan.ChessBoard(fen)))
    for line in SHUFFLES:
        ref, ours = chess.Board(), qipan.ChessBoard()
        for uci in line:
            ref.push_uci(uci)
            ours.push_uci(uci)
        cases.append((ref, ours))
    return cases


def summary(move: object, info: dict) -> tuple:
    score = info.get("score")
    return (
        None if move is None else move.uci(),  # type: ignore[attr-defined]
        None if score is None else str(score.relative),
        [m.uci() for m in info.get("pv", [])],
        info.get("depth"),
    )


def test_chess_against_python_chess() -> None:
    cases = chess_cases()
    assert len(cases) >= 110
    assert sum(1 for ref, _ in cases if ref.chess960) >= 15
    sf = binary("stockfish")
    ref_engine = chess.engine.SimpleEngine.popen_uci(sf)
    ours = engine.SimpleEngine.popen_uci(sf)
    try:
        ref_engine.configure({"Threads": 1})
        ours.configure({"Threads": 1})
        mismatches = []
        for ref_board, our_board in cases:
            limit = chess.engine.Limit(nodes=NODES)
            expected = ref_engine.play(ref_board, limit, info=chess.engine.INFO_ALL, game=object())
            got = ours.play(our_board, engine.Limit(nodes=NODES), info=engine.INFO_ALL, game=object())
            a, b = summary(expected.move, expected.info), summary(got.move, got.info)
            if a != b:
                mismatches.append((ref_board.fen(), a, b))
        assert not mismatches, mismatches[:3]
        # A multi-PV analysis: every line the same.
        board = qipan.ChessBoard()
        expected_lines = ref_engine.analyse(chess.Board(), chess.engine.Limit(nodes=NODES), multipv=3, game=object())
        got_lines = ours.analyse(board, engine.Limit(nodes=NODES), multipv=3, game=object())
        assert [summary(None, i)[1:] for i in got_lines] == [summary(None, i)[1:] for i in expected_lines]
    finally:
        ref_engine.quit()
        ours.quit()


# --- Xiangqi: a reference client written from the protocol texts -------------------------------


class Reference:
    """A minimal UCI/UCCI client: lines in, lines out, nothing shared with qipan's client."""

    def __init__(self, program: str, protocol: str) -> None:
        self.protocol = protocol
        self.proc = subprocess.Popen(
            [program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send(protocol)
        self.until("uciok" if protocol == "uci" else "ucciok")
        if protocol == "uci":
            self.send("setoption name UCI_Variant value xiangqi")
            self.send("setoption name Threads value 1")
        else:
            self.send("setoption Threads 1")

    def send(self, line: str) -> None:
        assert self.proc.stdin
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word: str) -> list[str]:
        assert self.proc.stdout
        lines = []
        while True:
            line = self.proc.stdout.readline()
            assert line, "engine exited"
            lines.append(line.strip())
            if line.split()[:1] == [word] or (word == "bestmove" and line.strip() == "nobestmove"):
                return lines

    def move_text(self, iccs: str) -> str:
        if self.protocol == "ucci":
            return iccs
        return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"

    def iccs(self, text: str) -> str:
        if self.protocol == "ucci":
            return text
        m = re.match(r"^([a-i])(\d+)([a-i])(\d+)$", text)
        assert m, text
        return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"

    def search(self, fens: list[str], moves: list[str], captures: list[bool]) -> tuple:
        """`fens[i]` is the position before `moves[i]` (and `fens[-1]` the current one)."""
        start = 0
        if self.protocol == "ucci":
            # UCCI: the FEN of the position after the last capture, and the moves since.
            for i, captured in enumerate(captures):
                if captured:
                    start = i + 1
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok")
        line = f"position fen {fens[start]}"
        if moves[start:]:
            line += " moves " + " ".join(self.move_text(m) for m in moves[start:])
        self.send(line)
        self.send(f"go nodes {NODES}")
        lines = self.until("bestmove")
        score: Optional[str] = None
        pv: list[str] = []
        depth: Optional[int] = None
        for text in lines:
            words = text.split()
            if words[:1] != ["info"]:
                continue
            if "depth" in words:
                depth = int(words[words.index("depth") + 1])
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], words[i + 2]
                score = (f"+{value}" if int(value) > 0 else value) if kind == "cp" else (
                    f"#+{value}" if int(value) > 0 else f"#-{abs(int(value))}"
                )
            if "pv" in words:
                pv = [self.iccs(m) for m in words[words.index("pv") + 1:]]
        last = lines[-1].split()
        best = self.iccs(last[1]) if last[0] == "bestmove" and last[1] != "(none)" else None
        return best, score, pv, depth

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=5)


def xiangqi_games(count: int, seed: int) -> list[tuple[list[str], list[str], list[bool]]]:
    """Positions of seeded random Xiangqi games: the FEN before each move, the moves, captures."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = qipan.XiangqiBoard()
        fens, moves, captures = [board.fen()], [], []
        for _ in range(rng.randrange(4, 60)):
            legal = sorted(board.legal_moves, key=lambda m: m.uci())
            if not legal or board.is_game_over():
                break
            forcing = [m for m in legal if board.is_capture(m)]
            mv = rng.choice(forcing if forcing and rng.random() < 0.5 else legal)
            captures.append(board.is_capture(mv))
            board.push(mv)
            moves.append(mv.uci())
            fens.append(board.fen())
            if rng.random() < 0.15:
                out.append((list(fens), list(moves), list(captures)))
    return out[:count]


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_xiangqi_against_a_reference_client(protocol: str) -> None:
    games = xiangqi_games(55, seed=28)
    assert sum(any(c) for _, _, c in games) >= 20
    fairy = binary("fairy-stockfish")
    ref = Reference(fairy, protocol)
    popen = engine.SimpleEngine.popen_uci if protocol == "uci" else engine.SimpleEngine.popen_ucci
    ours = popen(fairy)
    try:
        assert ours.dialect == ("uci-variant" if protocol == "uci" else "ucci")
        ours.configure({"Threads": 1})
        mismatches = []
        for fens, moves, captures in games:
            board = qipan.XiangqiBoard()
            for mv in moves:
                board.push_uci(mv)
            got = ours.play(board, engine.Limit(nodes=NODES), info=engine.INFO_ALL, game=object())
            mine = summary(got.move, got.info)
            expected = ref.search(fens, moves, captures)
            if mine != expected:
                mismatches.append((fens[-1], expected, mine))
        assert not mismatches, mismatches[:3]
    finally:
        ref.quit()
        ours.quit()
