"""python-chess's Syzygy prober as a test-time oracle (GPL: run beside qipan, never linked).

Usage: syzygy_probe.py TABLE_DIR < fens.txt
For each FEN line prints "wdl dtz", "invalid" (python-chess says the position is not valid) or
"missing NAME" (python-chess raises MissingTableError).
"""
import sys

import chess
import chess.syzygy


def main() -> None:
    out = []
    with chess.syzygy.open_tablebase(sys.argv[1]) as tables:
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            board = chess.Board(fen)
            if not board.is_valid():
                out.append("invalid")
                continue
            try:
                wdl = tables.probe_wdl(board)
                dtz = tables.probe_dtz(board)
            except chess.syzygy.MissingTableError as e:
                out.append("missing " + str(e).split()[-1])
                continue
            out.append(f"{wdl} {dtz}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
