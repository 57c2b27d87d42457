"""Chinese notation in traditional characters on request: on the moves of seeded
random Xiangqi games, `chinese(move, traditional=True)` is the simplified text with the
simplified characters of the notation replaced by their traditional forms (the standard
correspondence 帅帥 将將 马馬 车車 进進 后後; 仕相炮兵卒士象平前中 are written alike), and it reads
back as the same move."""

from __future__ import annotations

import random

import qipan

TRADITIONAL = str.maketrans("帅将马车进后", "帥將馬車進後")


def test_traditional_chinese_is_simplified_with_traditional_characters() -> None:
    rng = random.Random(15)
    moves = changed = 0
    for _ in range(40):
        board = qipan.XiangqiBoard()
        for _ in range(rng.randrange(10, 120)):
            legal = sorted(board.legal_moves, key=lambda m: m.uci())
            if not legal or board.is_game_over():
                break
            for move in rng.sample(legal, min(4, len(legal))):
                simplified = board.chinese(move)
                traditional = board.chinese(move, traditional=True)
                assert traditional == simplified.translate(TRADITIONAL), (board.fen(), move)
                assert board.parse_chinese(traditional) == move
                moves += 1
                changed += traditional != simplified
            board.push(rng.choice(legal))
    assert moves > 2000 and changed > 500, (moves, changed)
    assert qipan.XiangqiBoard().chinese(qipan.Move("h0g2"), traditional=True) == "馬二進三"
