"""python-chess's rules for a record's tags and start: which tag names and values
``Headers`` takes, what ``Variant`` and ``FEN`` mean for the start board, and ``Game.setup``.

Mixins for :mod:`qipan.pgn`'s ``Headers`` and ``Game``: they use only the record tree's public
methods (``_tree``), so the start position stays the core's.
"""

from __future__ import annotations

import re
from typing import Any, List, Tuple

from qipan._pgn_reader import STARTING_FEN, default_board

__all__ = ["check_tag", "START_TAGS"]

TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_TAG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
_CHESS960_NAMES = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")
_WILD_NAMES = tuple(f"wild/{n}" for n in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "8a"))

# The tags that choose the start position: setting them on a record without moves restarts it.
START_TAGS = ("FEN", "Variant")


def check_tag(name: str, value: str) -> None:
    """python-chess's check of a tag pair: a ``ValueError`` for a name that is not a PGN tag
    name, or a value with a line break."""
    if name in TAG_ROSTER:
        return
    if not _TAG_NAME.match(name):
        raise ValueError(f"invalid pgn header tag: {name!r}")
    if "\n" in value or "\r" in value:
        raise ValueError(f"line break in pgn header {name}: {value!r}")


def restart(tree: Any) -> None:
    """Restarts a record without moves from its tags (its root comment kept); a record with
    moves, or tags that name no start, stays as it is."""
    if tree.variations(0):
        return
    from qipan._qipan import _PgnTree

    try:  # the tags never turn a chess record into a Xiangqi one, nor back
        if (_PgnTree.new(tree.tags()).kind() == "xiangqi") != (tree.kind() == "xiangqi"):
            return
    except ValueError:
        return
    comment = tree.comment(0)
    try:
        tree.restart()
    except ValueError:
        return
    if comment:
        tree.set_comment(0, comment)


class _HeadersRules:
    """``Headers``' python-chess methods about the game and its start."""

    __slots__ = ()

    def is_chess960(self) -> bool:
        """Whether the ``Variant`` tag names Chess960 (by any of its usual names)."""
        tags: Any = self
        return str(tags.get("Variant", "")).lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        """Whether the ``Variant`` tag names one of ICS's wild variants (played as chess)."""
        tags: Any = self
        return str(tags.get("Variant", "")).lower() in _WILD_NAMES

    def variant(self) -> type:
        """The board class of the game: the chess board for chess, Chess960 and the wild
        variants; a ``ValueError`` for another variant."""
        from qipan._qipan import ChessBoard

        tags: Any = self
        if tags.get("Variant") is None or self.is_chess960() or self.is_wild():
            return ChessBoard
        raise ValueError(f"unsupported variant: {tags.get('Variant')!r}")

    def board(self) -> Any:
        """A new board at the start the tags name (``FEN``, ``Variant``)."""
        tags: Any = self
        self.variant()
        return default_board(tags.get("FEN", STARTING_FEN), self.is_chess960())


class _GameSetup:
    """``Game.setup``: a new start position, with python-chess's ``FEN``, ``SetUp`` and
    ``Variant`` tags."""

    __slots__ = ()
    _tree: Any
    headers: Any

    def setup(self, board: Any) -> None:
        """Sets the start position to ``board`` (a board or a FEN): sets or removes the
        ``FEN``, ``SetUp`` and ``Variant`` tags. Moves already recorded are played again from
        the new start where they are legal there."""
        if isinstance(board, str):
            board = default_board(board, False)
        fen = board.fen()
        moves = self._tree.variations(0)
        headers = self.headers
        if fen == STARTING_FEN:
            headers.pop("FEN", None)
            headers.pop("SetUp", None)
        else:
            headers["FEN"] = fen
            headers["SetUp"] = "1"
        if board.chess960:
            headers["Variant"] = "Chess960"
        else:
            headers.pop("Variant", None)
        if moves:
            self._replant()

    def _replant(self) -> None:
        """A new tree from the tags, with the moves of the old one that are legal from the
        new start (comments and NAGs with them)."""
        from qipan._qipan import _PgnTree

        old = self._tree
        new = _PgnTree.new(old.tags())
        new.set_comment(0, old.comment(0))
        stack: List[Tuple[int, int]] = [(0, 0)]
        while stack:
            source, target = stack.pop()
            for child in old.variations(source):
                try:
                    node = new.add_variation(target, old.move(child), False)
                except ValueError:
                    continue
                new.set_comment(node, old.comment(child))
                new.set_starting_comment(node, old.starting_comment(child))
                for nag in old.nags(child):
                    new.add_nag(node, nag)
                stack.append((child, node))
        self._tree = new
