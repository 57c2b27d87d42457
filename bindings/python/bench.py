"""qipan's Python API against python-chess (chess) and pyffish (Fairy-Stockfish, Xiangqi).

    python bindings/python/bench.py            # full run (about a minute)
    python bindings/python/bench.py --quick    # shorter timings, for a smoke test
    python bindings/python/bench.py --only records   # one group of rows

Prints one Markdown table: time per call of each library and the speed-up (reference time /
qipan time). Every row times the same work through each library's public Python API; qipan's
moves are `qipan.Move` objects, python-chess's `chess.Move`, pyffish's UCI strings (it has no
board object: every call takes a FEN and a move list).
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import platform
import random
import sys
import time
from typing import Callable

import chess
import chess.pgn
import pyffish as sf

import qipan
import qipan.pgn

CHESS_FENS = {
    "start": chess.STARTING_FEN,
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "middlegame": "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "endgame": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
}
XIANGQI_FENS = {
    "start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "middlegame": "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "endgame": "3k5/4a4/4b4/9/2p6/9/9/4B4/4A4/3AK1R2 w - - 0 1",
}


def _reps(fn: Callable[[], object], seconds: float) -> int:
    """How many calls of `fn` take about `seconds`."""
    fn()
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed > seconds / 4 or n >= 1 << 24:
            return max(1, int(n * seconds / max(elapsed, 1e-9)))
        n *= 4


def _run(fn: Callable[[], object], reps: int) -> float:
    start = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - start) / reps


def compare(ref: Callable[[], object], ours: Callable[[], object], budget: float) -> tuple[float, float]:
    """Seconds per call of `ref` and of `ours`: runs of each, interleaved (so both see the same
    machine load), 9 rounds; the fastest run of each counts."""
    rounds = 9
    ref_reps, our_reps = _reps(ref, budget / rounds / 2), _reps(ours, budget / rounds / 2)
    best_ref = best_ours = float("inf")
    gc.disable()
    try:
        for _ in range(rounds):
            best_ref = min(best_ref, _run(ref, ref_reps))
            best_ours = min(best_ours, _run(ours, our_reps))
    finally:
        gc.enable()
    return best_ref, best_ours


def once(fn: Callable[[], object], runs: int = 1) -> float:
    """Seconds of the fastest of `runs` calls of `fn`."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def best(fn: Callable[[], object], budget: float) -> float:
    """Seconds per call of `fn`: the fastest of 9 runs."""
    reps = _reps(fn, budget / 9)
    return min(_run(fn, reps) for _ in range(9))


def scaled(times: tuple[float, float], n: int) -> tuple[float, float]:
    """Times per item of a call that handles `n` items."""
    return times[0] / n, times[1] / n


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} µs"


ROWS: list[tuple[str, str, float, str, float]] = []


def row(what: str, ref_name: str, ref: float, ours: float) -> None:
    ROWS.append((what, ref_name, ref, fmt_time(ours), ours))
    print(f"  {what}: {ref_name} {fmt_time(ref)}, qipan {fmt_time(ours)}, {ref / ours:.1f}x", file=sys.stderr)


# --- chess ---------------------------------------------------------------------------------------


def chess_perft_py(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft_py(board, depth - 1)
        board.pop()
    return total


def qipan_perft_py(board: qipan.ChessBoard | qipan.XiangqiBoard, depth: int) -> int:
    """perft written in Python over qipan's push/pop/legal_moves."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += qipan_perft_py(board, depth - 1)
        board.pop()
    return total


def bench_chess(budget: float, perft_depth: int) -> None:
    for name, fen in CHESS_FENS.items():
        ref, ours = chess.Board(fen), qipan.ChessBoard(fen)
        row(f"chess legal moves ({name})", "python-chess", *compare(lambda: list(ref.legal_moves), lambda: list(ours.legal_moves), budget))

    # The idiomatic loops over legal moves, over the four positions above.
    refs = [chess.Board(fen) for fen in CHESS_FENS.values()]
    ours_all = [qipan.ChessBoard(fen) for fen in CHESS_FENS.values()]
    n_pos = len(refs)
    row("chess `[m.uci() for m in board.legal_moves]` (per position)", "python-chess",
        *scaled(compare(lambda: [[m.uci() for m in b.legal_moves] for b in refs],
                        lambda: [[m.uci() for m in b.legal_moves] for b in ours_all], budget), n_pos))
    row("chess `[str(m) for m in board.legal_moves]` (per position)", "python-chess",
        *scaled(compare(lambda: [[str(m) for m in b.legal_moves] for b in refs],
                        lambda: [[str(m) for m in b.legal_moves] for b in ours_all], budget), n_pos))
    row("chess `[board.san(m) for m in board.legal_moves]` (per position)", "python-chess",
        *scaled(compare(lambda: [[b.san(m) for m in b.legal_moves] for b in refs],
                        lambda: [[b.san(m) for m in b.legal_moves] for b in ours_all], budget), n_pos))

    ref, ours = chess.Board(CHESS_FENS["kiwipete"]), qipan.ChessBoard(CHESS_FENS["kiwipete"])
    ref_moves, our_moves = list(ref.legal_moves), list(ours.legal_moves)

    def ref_push_pop() -> None:
        for m in ref_moves:
            ref.push(m)
            ref.pop()

    def our_push_pop() -> None:
        for m in our_moves:
            ours.push(m)
            ours.pop()

    n = len(our_moves)
    row("chess push + pop (kiwipete, per move)", "python-chess", *scaled(compare(ref_push_pop, our_push_pop, budget), n))

    # The floor under push + pop: two calls into qipan that do almost nothing.
    def our_two_calls() -> None:
        for _ in our_moves:
            ours.is_check()
            ours.is_check()

    row("chess floor: two calls that do almost nothing (`is_check()` twice) against push + pop", "python-chess",
        *scaled(compare(ref_push_pop, our_two_calls, budget), n))

    def ref_san() -> None:
        for m in ref_moves:
            ref.san(m)

    def our_san() -> None:
        for m in our_moves:
            ours.san(m)

    row("chess SAN (kiwipete, per move)", "python-chess", *scaled(compare(ref_san, our_san, budget), n))

    mid_ref, mid_ours = chess.Board(CHESS_FENS["middlegame"]), qipan.ChessBoard(CHESS_FENS["middlegame"])
    row("chess outcome() (middlegame)", "python-chess", *compare(mid_ref.outcome, mid_ours.outcome, budget))
    mate_ref, mate_ours = chess.Board(), qipan.ChessBoard()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        mate_ref.push_san(san)
        mate_ours.push_san(san)
    row("chess outcome() (checkmate)", "python-chess", *compare(mate_ref.outcome, mate_ours.outcome, budget))
    row("chess is_checkmate() (middlegame)", "python-chess", *compare(mid_ref.is_checkmate, mid_ours.is_checkmate, budget))

    start_ref, start_ours = chess.Board(), qipan.ChessBoard()
    ref_t = once(lambda: chess_perft_py(start_ref, perft_depth), runs=2)
    assert chess_perft_py(start_ref, 3) == start_ours.perft(3)
    row(f"chess perft({perft_depth}) start, qipan `board.perft`", "python-chess", ref_t, best(lambda: start_ours.perft(perft_depth), budget))
    row(f"chess perft({perft_depth}) start, qipan perft in Python (push/pop)", "python-chess", ref_t, once(lambda: qipan_perft_py(start_ours, perft_depth), runs=5))


# --- xiangqi -------------------------------------------------------------------------------------


def sf_perft(fen: str, moves: list[str], depth: int) -> int:
    legal = sf.legal_moves("xiangqi", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(sf_perft(fen, moves + [m], depth - 1) for m in legal)


def bench_xiangqi(budget: float, perft_depth: int) -> None:
    for name, fen in XIANGQI_FENS.items():
        ours = qipan.XiangqiBoard(fen)
        row(f"xiangqi legal moves ({name})", "pyffish", *compare(lambda: sf.legal_moves("xiangqi", fen, []), lambda: list(ours.legal_moves), budget))

    fen = XIANGQI_FENS["middlegame"]
    ours = qipan.XiangqiBoard(fen)
    sf_moves = sf.legal_moves("xiangqi", fen, [])
    our_moves = list(ours.legal_moves)
    n = len(our_moves)

    def sf_play() -> None:
        for m in sf_moves:
            sf.get_fen("xiangqi", fen, [m])

    def our_play() -> None:
        for m in our_moves:
            ours.push(m)
            ours.fen()
            ours.pop()

    row("xiangqi play a move + FEN (per move)", "pyffish", *scaled(compare(sf_play, our_play, budget), n))

    def sf_game_end() -> object:
        return (not sf.legal_moves("xiangqi", fen, [])) or sf.is_immediate_game_end("xiangqi", fen, [])

    row("xiangqi game over? (middlegame)", "pyffish", *compare(sf_game_end, ours.outcome, budget))
    row("xiangqi is_check() (middlegame)", "pyffish", *compare(lambda: sf.gives_check("xiangqi", fen, []), ours.is_check, budget))

    try:
        ours.wxf(our_moves[0])
        has_wxf = True
    except NotImplementedError:
        has_wxf = False
    if has_wxf:
        few = sf_moves[:8]

        def sf_wxf() -> None:
            for m in few:
                sf.get_san("xiangqi", fen, m, False, sf.NOTATION_XIANGQI_WXF)

        def our_wxf() -> None:
            for m in our_moves[:8]:
                ours.wxf(m)

        row("xiangqi WXF notation (per move)", "pyffish", *scaled(compare(sf_wxf, our_wxf, budget), 8))

    start = qipan.XiangqiBoard()
    start_fen = XIANGQI_FENS["start"]
    ref_t = once(lambda: sf_perft(start_fen, [], perft_depth))
    row(f"xiangqi perft({perft_depth}) start, qipan `board.perft`", "pyffish", ref_t, best(lambda: start.perft(perft_depth), budget))
    row(f"xiangqi perft({perft_depth}) start, qipan perft in Python (push/pop)", "pyffish", ref_t, once(lambda: qipan_perft_py(start, perft_depth), runs=5))


# --- game records --------------------------------------------------------------------------------

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "games")


def bench_records(budget: float) -> None:
    """`read_game` called until the end of a text handle, as a python-chess program reads a file."""
    with open(os.path.join(EXAMPLES, "chess-classics.pgn"), encoding="utf-8") as f:
        text = f.read() * 20

    def read_all(read_game: Callable[[io.StringIO], object], text: str) -> Callable[[], int]:
        def run() -> int:
            handle, games = io.StringIO(text), 0
            while read_game(handle) is not None:
                games += 1
            return games

        return run

    ref, ours = read_all(chess.pgn.read_game, text), read_all(qipan.pgn.read_game, text)
    n = ref()
    assert ours() == n
    row(f"PGN `read_game` loop (chess-classics.pgn ×20, {n} games, per game)", "python-chess", *scaled(compare(ref, ours, budget), n))

    annotated = annotated_games(40)
    ref, ours = read_all(chess.pgn.read_game, annotated), read_all(qipan.pgn.read_game, annotated)
    assert ref() == ours() == 40
    row("PGN `read_game` loop (40 annotated games: comments, NAGs, variations; per game)", "python-chess", *scaled(compare(ref, ours, budget), 40))


def bench_books(budget: float) -> None:
    """Polyglot probes: `find_all` (listed) on 200 positions of the book's lines and playouts,
    opened from the same file by each library; per probe."""
    import chess.polyglot
    import qipan.chess.polyglot

    path = os.path.join(os.path.dirname(EXAMPLES), "..", "data", "polyglot", "performance.bin")
    rng = random.Random(29)
    refs: list[chess.Board] = []
    with chess.polyglot.open_reader(path) as reader:
        board = chess.Board()
        while len(refs) < 200:
            refs.append(board.copy(stack=False))
            entries = list(reader.find_all(board))
            moves = [e.move for e in entries] or list(board.legal_moves)
            if not moves or board.ply() > 30:
                board = chess.Board()
                continue
            board.push(rng.choice(moves))
    ours_boards = [qipan.ChessBoard(b.fen()) for b in refs]
    theirs, ours = chess.polyglot.open_reader(path), qipan.chess.polyglot.open_reader(path)

    def ref() -> int:
        return sum(len(list(theirs.find_all(b))) for b in refs)

    def mine() -> int:
        return sum(len(list(ours.find_all(b))) for b in ours_boards)

    assert ref() == mine() > 0
    row("Polyglot book `find_all` (performance.bin, 200 positions, per probe)", "python-chess", *scaled(compare(ref, mine, budget), len(refs)))


def annotated_games(count: int) -> str:
    """`count` seeded random games of 60 plies written by python-chess (80 columns), a comment and a NAG
    every few moves and a two-move variation every fifth move."""
    rng = random.Random(14)
    games = []
    for _ in range(count):
        game = chess.pgn.Game()
        node, board = game, chess.Board()
        for ply in range(60):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if ply % 5 == 4 and len(moves) > 1:
                side = node.add_variation(rng.choice([m for m in moves if m != move]), comment="or this")
                reply = list(side.board().legal_moves)
                if reply:
                    side.add_variation(rng.choice(reply))
            node = node.add_main_variation(move)
            if ply % 3 == 0:
                node.comment = f"move {ply + 1}: a comment"
                node.nags.add(rng.choice([1, 2, 5, 6]))
            board.push(move)
        games.append(game.accept(chess.pgn.StringExporter()))
    return "\n\n".join(games) + "\n"


# --- syzygy --------------------------------------------------------------------------------------

SYZYGY_FENS = [
    "8/8/8/8/8/5k2/8/KRR5 w - - 0 1",
    "8/8/8/8/8/5k2/8/KQ6 b - - 0 1",
    "8/2k5/8/4P3/8/8/8/K7 w - - 0 1",
    "8/8/8/8/8/5k2/3b4/KR6 b - - 0 1",
    "8/8/3r4/8/8/2k5/8/KR6 w - - 0 1",
    "8/8/8/8/3q4/2k5/8/KQ6 w - - 0 1",
    "8/8/8/8/8/5k2/3n4/KN6 w - - 0 1",
    "8/8/8/2Q5/8/5k2/8/KQ6 b - - 0 1",
]


def bench_syzygy(budget: float) -> None:
    import chess.syzygy

    import qipan.chess.syzygy

    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "syzygy")
    ref_tables = chess.syzygy.open_tablebase(directory)
    our_tables = qipan.chess.syzygy.open_tablebase(directory)
    ref_boards = [chess.Board(fen) for fen in SYZYGY_FENS]
    our_boards = [qipan.ChessBoard(fen) for fen in SYZYGY_FENS]
    for ref_board, our_board in zip(ref_boards, our_boards):
        assert ref_tables.probe_dtz(ref_board) == our_tables.probe_dtz(our_board)
    n = len(SYZYGY_FENS)
    for kind in ("wdl", "dtz"):
        ref_probe = getattr(ref_tables, f"probe_{kind}")
        our_probe = getattr(our_tables, f"probe_{kind}")

        def ref_all(probe: Callable[[chess.Board], int] = ref_probe) -> None:
            for board in ref_boards:
                probe(board)

        def our_all(probe: Callable[[qipan.ChessBoard], int] = our_probe) -> None:
            for board in our_boards:
                probe(board)

        row(f"syzygy probe_{kind} (3-4 pieces, per probe)", "python-chess", *scaled(compare(ref_all, our_all, budget), n))
    ref_tables.close()
    our_tables.close()


def bench_dropin(budget: float) -> None:
    """qipan.chess's python-chess methods computed in the core: generation with masks, EPD."""
    import qipan.chess as qchess

    fen = CHESS_FENS["kiwipete"]
    ref, ours = chess.Board(fen), qchess.Board(fen)
    center = chess.BB_CENTER | chess.BB_RANK_2
    for label, call in [
        ("list(board.pseudo_legal_moves)", lambda b: list(b.pseudo_legal_moves)),
        ("list(board.generate_pseudo_legal_moves())", lambda b: list(b.generate_pseudo_legal_moves())),
        ("list(board.generate_legal_moves(from_mask, to_mask))", lambda b: list(b.generate_legal_moves(chess.BB_ALL, center))),
        ("list(board.generate_legal_captures())", lambda b: list(b.generate_legal_captures())),
        ("list(board.generate_pseudo_legal_captures())", lambda b: list(b.generate_pseudo_legal_captures())),
        ("list(board.generate_legal_ep())", lambda b: list(b.generate_legal_ep())),
        ("list(board.generate_castling_moves())", lambda b: list(b.generate_castling_moves())),
        ("board.epd()", lambda b: b.epd()),
    ]:
        row(f"chess `{label}` (kiwipete)", "python-chess", *compare(lambda: call(ref), lambda: call(ours), budget))
    # generate_legal_ep where there is an en passant capture to generate (kiwipete has none).
    ep_fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    ep_ref, ep_ours = chess.Board(ep_fen), qchess.Board(ep_fen)
    assert [m.uci() for m in ep_ref.generate_legal_ep()] == [m.uci() for m in ep_ours.generate_legal_ep()] == ["e5f6"]
    row("chess `list(board.generate_legal_ep())` (after 1. e4 d5 2. e5 f5)", "python-chess",
        *compare(lambda: list(ep_ref.generate_legal_ep()), lambda: list(ep_ours.generate_legal_ep()), budget))
    moves = list(ref.generate_pseudo_legal_moves()) + [chess.Move(a, b) for a in range(0, 64, 7) for b in range(0, 64, 5) if a != b]
    our_moves = [qchess.Move.from_uci(m.uci()) for m in moves]
    row(f"chess `board.is_pseudo_legal(move)` (kiwipete, per move, {len(moves)} moves)", "python-chess",
        *scaled(compare(lambda: [ref.is_pseudo_legal(m) for m in moves], lambda: [ours.is_pseudo_legal(m) for m in our_moves], budget), len(moves)))
    epd = 'r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id "ERET 001"; pv Rxf4 a5 Qh7;'
    row("chess `Board.from_epd(epd)` (bm, id, pv)", "python-chess", *compare(lambda: chess.Board.from_epd(epd), lambda: qchess.Board.from_epd(epd), budget))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short timings (smoke test)")
    parser.add_argument("--only", choices=["chess", "xiangqi", "records", "books", "syzygy", "dropin"], help="one group of rows")
    args = parser.parse_args()
    budget = 0.05 if args.quick else 1.0
    print(f"Python {platform.python_version()}, {platform.machine()}, qipan {qipan.__version__}, "
          f"python-chess {chess.__version__}, pyffish {'.'.join(map(str, sf.version()))}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", file=sys.stderr)
    if args.only in (None, "chess"):
        bench_chess(budget, 3 if args.quick else 4)
    if args.only in (None, "xiangqi"):
        bench_xiangqi(budget, 2)  # pyffish needs about 3 ms a call: perft(3) would take 20 s
    if args.only in (None, "records"):
        bench_records(budget)
    if args.only in (None, "books"):
        bench_books(budget)
    if args.only in (None, "syzygy"):
        bench_syzygy(budget)
    if args.only in (None, "dropin"):
        bench_dropin(budget)
    print("| operation | reference | reference time | qipan time | speed-up |")
    print("|---|---|---:|---:|---:|")
    for what, ref_name, ref, ours_text, ours in ROWS:
        print(f"| {what} | {ref_name} | {fmt_time(ref)} | {ours_text} | {ref / ours:,.0f}× |")


if __name__ == "__main__":
    main()
