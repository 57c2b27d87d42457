"""qipan.svg.board for both games, python-chess's chess.svg.board as the model: the
picture parses as XML, has one piece element per piece of piece_map() (the same symbols as
python-chess's own picture of the same board for chess), and each option changes what it
should: lastmove, check, arrows, fill, flipped / orientation, size, coordinates. Colours given
by the caller come out escaped."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import chess
import chess.svg

import qipan
import qipan.svg

from chess_positions import random_positions

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_chess_pictures_show_the_pieces_of_python_chess_boards() -> None:
    for ref, ours in random_positions(80, seed=51):
        root = parse(qipan.svg.board(ours))
        pieces = with_class(root, "piece")
        assert len(pieces) == len(ours.piece_map()) == len(ref.piece_map())
        # python-chess draws one <use> per piece, naming the piece: the same multiset.
        ref_root = parse(chess.svg.board(ref))
        ref_counts = Counter(
            e.get("href", e.get("{http://www.w3.org/1999/xlink}href", ""))[1:]
            for e in ref_root.iter(NS + "use")
        )
        ours_counts = Counter(
            f"{cls.split()[1]}-{cls.split()[2]}" for cls in (e.get("class", "") for e in pieces)
        )
        assert ours_counts == ref_counts, ref.fen()
        parse(ours._repr_svg_())


def test_xiangqi_pictures_show_the_pieces() -> None:
    rng = random.Random(3)
    board = qipan.XiangqiBoard()
    for _ in range(60):
        root = parse(qipan.svg.board(board, flipped=rng.random() < 0.5))
        pieces = with_class(root, "piece")
        assert len(pieces) == len(board.piece_map())
        assert sum("red" in (e.get("class") or "") for e in pieces) == sum(
            p.color for p in board.piece_map().values()
        )
        parse(board._repr_svg_())
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))


def test_options_change_what_they_should() -> None:
    for make, check_square, last in (
        (lambda: qipan.ChessBoard("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1"), qipan.E8, ("e2", "e7")),
        (lambda: qipan.XiangqiBoard("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"), 85, ("e1", "e8")),
    ):
        board = make()
        plain = parse(qipan.svg.board(board))
        assert not with_class(plain, "check") and not with_class(plain, "lastmove")
        assert not with_class(plain, "arrow") and not with_class(plain, "fill")
        assert with_class(plain, "coord")
        assert plain.get("width") and plain.get("viewBox")
        move = qipan.Move.from_uci(last[0] + last[1])
        marked = parse(
            qipan.svg.board(
                board,
                lastmove=move,
                check=check_square,
                arrows=[qipan.svg.Arrow(0, 8, color="red"), (1, 2)],
                fill={3: "#ff000080", 5: "blue"},
                size=200,
                coordinates=False,
            )
        )
        assert len(with_class(marked, "lastmove")) == 2
        assert len(with_class(marked, "arrow")) == 2 and len(with_class(marked, "fill")) == 2
        assert marked.get("width") == "200" and not with_class(marked, "coord")
        # A king in check: the square's mark (chess) or the general's ring (Xiangqi).
        svg = qipan.svg.board(board, check=check_square)
        assert svg != qipan.svg.board(board)
        # Flipped (or seen from Black): the same elements, pieces elsewhere.
        flipped = qipan.svg.board(board, flipped=True)
        assert flipped == qipan.svg.board(board, orientation=qipan.BLACK)
        assert flipped != qipan.svg.board(board)
        assert len(with_class(parse(flipped), "piece")) == len(board.piece_map())


def test_caller_text_is_escaped() -> None:
    hostile = '"/><script>alert(1)</script><rect fill="'
    for board in (qipan.ChessBoard(), qipan.XiangqiBoard()):
        svg = qipan.svg.board(board, fill={0: hostile}, arrows=[qipan.svg.Arrow(0, 10, hostile)])
        root = parse(svg)
        assert "<script" not in svg and not list(root.iter(NS + "script"))
        assert any(e.get("fill") == hostile for e in with_class(root, "fill"))


def test_unplayable_boards_draw() -> None:
    board = qipan.ChessBoard()
    board.remove_piece_at(qipan.E1)
    assert len(with_class(parse(qipan.svg.board(board)), "piece")) == 31


def test_piece_pictures_are_named_as_python_chess_names_them() -> None:
    """chess.svg.piece: the picture's group id and classes are python-chess's (its own picture
    is the oracle), for every piece."""
    import re

    import qipan.chess as qchess
    import qipan.chess.svg as qsvg

    for symbol in "PNBRQKpnbrqk":
        theirs = re.search(r'id="([a-z-]+)"', chess.svg.piece(chess.Piece.from_symbol(symbol)))
        ours = qsvg.piece(qchess.Piece.from_symbol(symbol), size=45)
        assert theirs is not None and f'id="{theirs.group(1)}"' in ours
        assert ours.startswith("<svg") and ours.endswith("</svg>")
    empty = qsvg.board()
    assert "<text class=\"piece" not in empty and empty == qsvg.board(qchess.Board.empty())
