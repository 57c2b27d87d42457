"""Instructions per call of qipan's Python hot paths, counted by valgrind (callgrind): a measure
that a loaded machine does not disturb, for comparing two builds of the bindings.

    python bindings/python/bench_instructions.py              # every case
    python bindings/python/bench_instructions.py uci push_pop # some cases

Each case runs N and 3N times in a fresh interpreter under callgrind (PYTHONHASHSEED=0); the
difference divided by 2N is the cost of one iteration, the loop included. Run it with another
build first on PYTHONPATH to compare (see docs/performance.md).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
XIANGQI_MIDDLEGAME = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"

# name: (statement, iterations N)
CASES = {
    "list_legal_moves": ("list(b.legal_moves)", 3000),
    "uci_loop": ("[m.uci() for m in b.legal_moves]", 3000),
    "push_pop": ("b.push(m); b.pop()", 5000),
    # bench.py's push + pop row: every legal move of Kiwipete, per move.
    "push_pop_all": ("for mv in ms: b.push(mv); b.pop()", 100),
    # Two reads of positions other than the last one read (board.legal_moves keeps the last
    # position's moves): (this - push_pop) / 2 is the cost of list(b.legal_moves) on a new position.
    "push_list_pop_list": ("b.push(m); list(b.legal_moves); b.pop(); list(b.legal_moves)", 3000),
    "two_calls": ("b.is_check(); b.is_check()", 5000),
    # The floor of any method called from Python: one call that computes next to nothing.
    "one_call": ("b.is_check()", 5000),
    # bench.py's dropin rows: a pseudo-legal test of a kept move, the en passant generator with
    # one capture to generate (after 1. e4 d5 2. e5 f5) and with none (Kiwipete).
    "is_pseudo_legal": ("b.is_pseudo_legal(m)", 5000),
    # bench.py's is_pseudo_legal row: Kiwipete's pseudo-legal moves and 128 others, each made by
    # Move.from_uci (coordinate text), per move.
    "is_pseudo_legal_all": ("for t in ts: b.is_pseudo_legal(t)", 100),
    "generate_legal_ep": ("list(eb.generate_legal_ep())", 5000),
    "generate_legal_ep_empty": ("list(b.generate_legal_ep())", 5000),
    # The board keeps its last en passant iterator for the same question in the same state:
    # asking two questions in turn makes a new iterator each time (two per iteration).
    "generate_ep_alternating": ("list(eb.generate_legal_ep()); list(eb.generate_pseudo_legal_ep())", 5000),
    "san": ("b.san(m)", 3000),
    "outcome": ("b.outcome()", 3000),
    "xiangqi_list_legal_moves": ("list(xb.legal_moves)", 3000),
    "xiangqi_push_fen_pop": ("xb.push(xm); xb.fen(); xb.pop()", 3000),
    "xiangqi_wxf": ("xb.wxf(xm)", 3000),
    # A new board at the start position (every perft_py_2 iteration makes one).
    "new_chess_board": ("qipan.ChessBoard()", 3000),
    "perft_py_2": ("perft(qipan.ChessBoard(), 2)", 100),
    "xiangqi_perft_py_2": ("perft(qipan.XiangqiBoard(), 2)", 30),
}

# Cases whose statement handles several items: the count is divided by them (Kiwipete has 48
# legal moves).
PER_ITEM = {"push_pop_all": 48, "is_pseudo_legal_all": 176, "generate_ep_alternating": 2}

CHILD = """
import sys, qipan
def perft(board, depth):
    if depth == 1:
        moves = board.legal_moves
        return len(moves) if isinstance(moves, list) else moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total
b = qipan.ChessBoard(%r); xb = qipan.XiangqiBoard(%r); eb = qipan.ChessBoard(%r)
ms = list(b.legal_moves); m = ms[0]; xm = list(xb.legal_moves)[0]
ts = [qipan.Move.from_uci(t.uci()) for t in list(b.generate_pseudo_legal_moves())
      + [qipan.Move(x, y) for x in range(0, 64, 7) for y in range(0, 64, 5) if x != y]]
assert len(ts) == 176
def run(b, xb, m, xm, perft, qipan, ms, eb, ts):
    for _ in range(int(sys.argv[1])):
        %s
run(b, xb, m, xm, perft, qipan, ms, eb, ts)
"""


def instructions(statement: str, n: int) -> int:
    code = CHILD % (KIWIPETE, XIANGQI_MIDDLEGAME, EN_PASSANT, statement)
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code, str(n)],
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True,
    ).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise RuntimeError(out[-2000:])
    return int(found.group(1))


def main() -> None:
    names = sys.argv[1:] or list(CASES)
    for name in names:
        statement, n = CASES[name]
        per = (instructions(statement, 3 * n) - instructions(statement, n)) / (2 * n)
        per /= PER_ITEM.get(name, 1)
        print(f"| {name} | `{statement}` | {per:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
