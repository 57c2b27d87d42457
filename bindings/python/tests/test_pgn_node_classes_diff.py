"""Node subclasses in qipan.chess.pgn against python-chess's chess.pgn: a `GameNode` subclass
whose `add_variation` makes the nodes, a `Game` subclass given to `GameBuilder`, nodes made with
the subclass's constructor. Every node walked (next, variations, parent, mainline, root, end)
must come back as the class python-chess hands back, on seeded random games with variations."""

from __future__ import annotations

import io
import random
from typing import Any

import chess
import chess.pgn
import pytest

import qipan.chess as qchess
import qipan.chess.pgn as qpgn


def _classes(pgn: Any) -> tuple[type, type, type]:
    class MyGameNode(pgn.GameNode):  # type: ignore[misc,name-defined]
        def add_variation(self, move: Any, *, comment: str = "", starting_comment: str = "", nags: Any = ()) -> Any:
            return MyChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    class MyChildNode(pgn.ChildNode, MyGameNode):  # type: ignore[misc,name-defined]
        pass

    class MyGame(pgn.Game, MyGameNode):  # type: ignore[misc,name-defined]
        pass

    return MyGameNode, MyChildNode, MyGame


def _walk(game: Any) -> list[str]:
    """The class name of every node reached by every way of walking, in a fixed order."""
    out = [type(game).__name__, type(game.root()).__name__, type(game.end()).__name__]
    stack = [game]
    while stack:
        node = stack.pop()
        out.append(type(node).__name__)
        if node.parent is not None:
            out.append("parent:" + type(node.parent).__name__)
        for child in node.variations:
            out.append(f"{child.move.uci()}:{type(child).__name__}")
            stack.append(child)
        nxt = node.next()
        if nxt is not None:
            out.append("next:" + type(nxt).__name__)
            out.append("variation:" + type(node.variation(nxt.move)).__name__)
    out.extend(type(node).__name__ for node in game.mainline())
    return out


def _random_pgn(rng: random.Random) -> str:
    game = chess.pgn.Game()
    node: chess.pgn.GameNode = game
    board = chess.Board()
    for _ in range(rng.randrange(4, 40)):
        moves = sorted(board.legal_moves, key=chess.Move.uci)
        if not moves:
            break
        if len(moves) > 1 and rng.random() < 0.3:
            side = node.add_variation(moves[-1])
            side.add_variation(next(iter(side.board().legal_moves)))
        move = rng.choice(moves)
        node = node.add_main_variation(move)
        board.push(move)
    return str(game)


@pytest.mark.parametrize("seed", range(60))
def test_node_classes_as_python_chess(seed: int) -> None:
    text = _random_pgn(random.Random(seed))
    _, _, RefGame = _classes(chess.pgn)
    _, _, OurGame = _classes(qpgn)
    ref = chess.pgn.read_game(io.StringIO(text), Visitor=RefGame.builder)
    ours = qpgn.read_game(io.StringIO(text), Visitor=OurGame.builder)
    assert _walk(ours) == _walk(ref)
    assert str(ours) == str(ref)


def test_nodes_made_by_the_constructor_and_the_default_classes() -> None:
    for pgn, board_class in ((chess.pgn, chess.Board), (qpgn, qchess.Board)):
        MyGameNode, MyChildNode, MyGame = _classes(pgn)
        game = MyGame()
        node = game.add_variation(chess.Move.from_uci("e2e4") if pgn is chess.pgn else qchess.Move.from_uci("e2e4"))
        assert type(node) is MyChildNode and type(game.next()) is MyChildNode
        assert type(game.next().parent) is MyGame and type(node.root()) is MyGame
        plain = pgn.Game()
        plain.add_variation(node.move)
        assert type(plain.next()) is pgn.ChildNode and type(plain.next().parent) is pgn.Game
        assert isinstance(board_class(), board_class)
