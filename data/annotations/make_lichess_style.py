"""Writes lichess-style.pgn: seeded games laid out as lichess exports analysed games (tags,
`{ [%eval 0.25] [%clk 0:03:00] }` after every move, a judgement comment and the engine's better
line after an inaccuracy, mistake or blunder, arrows as a study shows them). Moves are random legal
moves (python-chess), clocks those of a 3+2 game, evaluations a random walk. Not real games.

    python data/annotations/make_lichess_style.py > data/annotations/lichess-style.pgn
"""

import random

import chess
import chess.engine
import chess.pgn

JUDGEMENTS = [(50, "Inaccuracy", "?!", 6), (100, "Mistake", "?", 2), (300, "Blunder", "??", 4)]


def game(rng: random.Random, number: int) -> chess.pgn.Game:
    board = chess.Board()
    record = chess.pgn.Game()
    record.headers.update({
        "Event": "Rated Blitz game", "Site": f"https://lichess.org/demo{number:04d}",
        "Date": "2026.01.02", "White": f"player{2 * number}", "Black": f"player{2 * number + 1}",
        "WhiteElo": str(rng.randint(1200, 2400)), "BlackElo": str(rng.randint(1200, 2400)),
        "TimeControl": "180+2", "Termination": "Normal",
    })
    clocks = [180.0, 180.0]
    cp = rng.randint(10, 40)
    node: chess.pgn.GameNode = record
    for ply in range(rng.randint(30, 90)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        side = ply % 2
        if ply >= 2:
            clocks[side] = max(0.0, clocks[side] - rng.uniform(0.5, 12.0)) + 2
        before = cp
        cp += int(rng.gauss(0, 60))
        worse = (before - cp) if side == 0 else (cp - before)
        child = node.add_variation(move)
        for limit, word, mark, nag in reversed(JUDGEMENTS):
            if worse >= limit and len(moves) > 1:
                child.nags.add(nag)
                better = rng.choice([m for m in moves if m != move])
                child.starting_comment = ""
                line = node.add_variation(better)
                line.comment = f"{word}. {board.san(better)} was best."
                child.comment = f"({before / 100:.2f} → {cp / 100:.2f}) {word}. {board.san(better)} was best."
                break
        board.push(move)
        note = child.comment
        child.comment = ""
        if rng.random() < 0.05:
            child.set_arrows([chess.svg.Arrow(move.from_square, move.to_square, color="green")])
        if board.is_checkmate():
            child.set_clock(round(clocks[side]))
        else:
            mate = rng.random() < 0.03
            score = chess.engine.Mate(rng.choice([-3, -2, 2, 5])) if mate else chess.engine.Cp(cp)
            child.set_eval(chess.engine.PovScore(score, chess.WHITE))
            child.set_clock(round(clocks[side]))
        if note:
            child.comment = f"{note} {child.comment}"
        node = child
    outcome = board.outcome()
    record.headers["Result"] = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2"])
    return record


rng = random.Random(2026)
# lichess writes the judgement and the commands in comments of their own.
print("\n\n".join(str(game(rng, n)).replace(". [%", ". } { [%") for n in range(6)))
