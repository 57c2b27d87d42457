"""Writes expected.json: what python-chess 1.11.2 reads from the comments of lichess-style.pgn and
odd-commands.pgn (every node, depth first, main line first: comment, clock, emt, eval from White's
side, depth, arrows), and the comments its setters leave after a few edits. The JavaScript tests
compare qipan against it; bindings/python/tests/test_annotations.py checks that it is still
python-chess's answer.

    python data/annotations/make_expected.py > data/annotations/expected.json
"""

import io
import json
import pathlib
import random
import sys
from typing import Any, Dict, List

import chess
import chess.engine
import chess.pgn
import chess.svg

HERE = pathlib.Path(__file__).parent
FILES = ["lichess-style.pgn", "odd-commands.pgn"]


def white(node: chess.pgn.GameNode) -> Any:
    pov = node.eval()
    if pov is None:
        return None
    score = pov.white()
    depth = node.eval_depth()
    value: Dict[str, int] = {"mate": score.mate()} if score.is_mate() else {"cp": score.score()}
    if depth is not None:
        value["depth"] = depth
    return value


def arrows(node: chess.pgn.GameNode) -> List[Dict[str, str]]:
    return [{"from": chess.SQUARE_NAMES[a.tail], "to": chess.SQUARE_NAMES[a.head], "color": a.color} for a in node.arrows()]


def nodes(game: chess.pgn.Game) -> List[chess.pgn.GameNode]:
    order: List[chess.pgn.GameNode] = []
    stack: List[chess.pgn.GameNode] = list(reversed(game.variations))
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(node.variations))
    return order


def edit(rng: random.Random, node: chess.pgn.GameNode) -> Dict[str, Any]:
    """One setter call that changes the value, as {field: value} and the comment after it."""
    field = rng.choice(["clock", "emt", "eval", "arrows"])
    if field in ("clock", "emt"):
        value: Any = None if rng.random() < 0.2 else round(rng.uniform(0, 7200), rng.choice([0, 1, 3]))
        getattr(node, "set_" + field)(value)
    elif field == "eval":
        if rng.random() < 0.2:
            value = None
            node.set_eval(None)
        elif rng.random() < 0.3:
            mate = rng.choice([-5, -1, 1, 3])
            depth = rng.choice([None, 20])
            node.set_eval(chess.engine.PovScore(chess.engine.Mate(mate), chess.WHITE), depth)
            value = {"mate": mate} if depth is None else {"mate": mate, "depth": depth}
        else:
            cp = rng.randint(-900, 900)
            node.set_eval(chess.engine.PovScore(chess.engine.Cp(cp), chess.WHITE))
            value = {"cp": cp}
    else:
        value = []
        for _ in range(rng.randint(0, 3)):
            tail, head = rng.randrange(64), rng.randrange(64)
            value.append({"from": chess.SQUARE_NAMES[tail], "to": chess.SQUARE_NAMES[head], "color": rng.choice(["green", "red", "yellow", "blue"])})
        node.set_arrows([chess.svg.Arrow(chess.parse_square(a["from"]), chess.parse_square(a["to"]), color=a["color"]) for a in value])
    return {"field": field, "value": value, "comment": node.comment}


def main() -> None:
    rng = random.Random(7)
    out: Dict[str, Any] = {}
    for name in FILES:
        handle = io.StringIO((HERE / name).read_text(encoding="utf-8"))
        games = []
        while (game := chess.pgn.read_game(handle)) is not None:
            records = []
            for node in nodes(game):
                record = {"comment": node.comment, "clock": node.clock(), "emt": node.emt(), "eval": white(node), "arrows": arrows(node)}
                before = (node.clock(), node.emt(), white(node), arrows(node))
                if rng.random() < 0.2:
                    record["edit"] = edit(rng, node)
                    record["edit"]["changed"] = before != (node.clock(), node.emt(), white(node), arrows(node))
                records.append(record)
            games.append(records)
        out[name] = games
    json.dump(out, sys.stdout, ensure_ascii=False, separators=(",", ":"))
    print()


main()
