"""python-chess's reading of a Polyglot book, the oracle of crates/qipan/tests/polyglot_books.rs.

Usage: polyglot_find_all.py BOOK < fens. For every FEN line (standard chess) prints one line:
the zobrist key in hex, then for every entry of `find_all(board, minimum_weight=0)` in order
`raw_move:weight:learn:uci`, tab-separated. A first line `len N` gives the number of entries.
"""

import sys

import chess
import chess.polyglot


def main() -> None:
    with chess.polyglot.open_reader(sys.argv[1]) as reader:
        out = [f"len {len(reader)}"]
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            board = chess.Board(fen)
            fields = [format(chess.polyglot.zobrist_hash(board), "016x")]
            for e in reader.find_all(board, minimum_weight=0):
                fields.append(f"{e.raw_move}:{e.weight}:{e.learn}:{e.move.uci()}")
            out.append("\t".join(fields))
    sys.stdout.write("\n".join(out) + "\n")


main()
