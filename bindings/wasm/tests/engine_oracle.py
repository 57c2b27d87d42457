"""python-chess's chess.engine as the test-time oracle of the JavaScript engine layer
(engines.test.mjs): reads {"engine", "nodes", "positions": [{"fen", "chess960", "moves"}]} as JSON
on stdin, plays each position on the engine with Threads 1, a fresh game (ucinewgame) and
`go nodes N`, and writes [{"move", "ponder", "score", "pv"}] as JSON on stdout."""

import json
import sys

import chess
import chess.engine


def score_json(pov):
    if pov is None:
        return None
    relative = pov.relative
    mate = relative.mate()
    return {"mate": mate} if mate is not None else {"cp": relative.score()}


def main():
    request = json.load(sys.stdin)
    out = []
    with chess.engine.SimpleEngine.popen_uci(request["engine"], timeout=30) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for spec in request["positions"]:
            board = chess.Board(spec["fen"], chess960=spec["chess960"])
            for uci in spec["moves"]:
                board.push_uci(uci)
            result = engine.play(board, chess.engine.Limit(nodes=request["nodes"]),
                                 info=chess.engine.INFO_ALL, game=object())
            out.append({
                "move": result.move.uci() if result.move else None,
                "ponder": result.ponder.uci() if result.ponder else None,
                "score": score_json(result.info.get("score")),
                "pv": [m.uci() for m in result.info.get("pv", [])],
            })
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
