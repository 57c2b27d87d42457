"""The comment commands of ``qipan.pgn`` nodes, python-chess's ``clock()``, ``emt()``,
``eval()``, ``eval_depth()``, ``arrows()`` and their setters: read from and written into the
node's comment by the core (``qipan::tree::annotations``), so ``node.comment`` shows them as
python-chess shows them."""

from __future__ import annotations

from typing import Iterable, Iterator, List, MutableSet, Optional, Tuple, Union

from qipan._qipan import _PgnTree, _pgn_annotations, _pgn_set_arrows, _pgn_set_eval, _pgn_set_time
from qipan.engine_score import Cp, Mate, PovScore
from qipan.svg import Arrow


class _Annotated:
    """What ``GameNode`` adds for the commands (a mixin: ``GameNode`` gives ``_tree``, ``_id``
    and ``turn()``)."""

    __slots__ = ()
    _tree: _PgnTree
    _id: int

    def turn(self) -> bool:
        raise NotImplementedError

    def clock(self) -> Optional[float]:
        """The clock after the move, in seconds: the first ``[%clk h:mm:ss]`` of the comment."""
        return _pgn_annotations(self._tree, self._id)[0]

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%clk ...]`` (``None``: removes it) or adds one at the end."""
        _pgn_set_time(self._tree, self._id, True, None if seconds is None else float(seconds))

    def emt(self) -> Optional[float]:
        """The time the move took, in seconds: the first ``[%emt h:mm:ss]``."""
        return _pgn_annotations(self._tree, self._id)[1]

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%emt ...]`` (``None``: removes it) or adds one at the end."""
        _pgn_set_time(self._tree, self._id, False, None if seconds is None else float(seconds))

    def eval(self) -> Optional[PovScore]:
        """The first ``[%eval ...]``, from the side to move's point of view (the text gives it
        from White's or Red's; ``#0`` is the side to move mated)."""
        found = _pgn_annotations(self._tree, self._id)[2]
        if found is None:
            return None
        mate, value, _ = found
        turn = self.turn()
        if mate and value == 0:
            return PovScore(Mate(0), turn)
        score = Mate(value) if mate else Cp(value)
        return PovScore(score if turn else -score, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first ``[%eval ...]``, if it gives one."""
        found = _pgn_annotations(self._tree, self._id)[2]
        return None if found is None else found[2]

    def set_eval(self, score: Optional[PovScore], depth: Optional[int] = None) -> None:
        """Replaces the first ``[%eval ...]`` (``None``: removes it) or adds one at the end:
        centipawns as pawns with two decimals, mates as ``#n``, from White's (Red's) side."""
        value: Optional[Tuple[bool, int]] = None
        if score is not None:
            white = score.white()
            cp = white.score()
            if cp is not None:
                value = (False, cp)
            elif white.mate():
                value = (True, white.mate() or 0)
        _pgn_set_eval(self._tree, self._id, value, None if depth is None else max(depth, 0))

    def arrows(self) -> List[Arrow]:
        """The arrows and coloured squares of every ``[%cal ...]`` and ``[%csl ...]``, in order."""
        return [Arrow(tail, head, color=color) for tail, head, color in _pgn_annotations(self._tree, self._id)[3]]

    def set_arrows(self, arrows: Iterable[Union[Arrow, Tuple[int, int]]]) -> None:
        """Replaces every ``[%cal ...]`` and ``[%csl ...]`` by the arrows given (``Arrow`` objects
        or ``(tail, head)`` pairs, green), at the start of the comment."""
        drawn = []
        for arrow in arrows:
            # As python-chess: a pair is a green arrow, anything else an arrow object (any class
            # with tail, head and color, python-chess's own too).
            try:
                tail, head = arrow  # type: ignore[misc]
                drawn.append((tail, head, "green"))
            except TypeError:
                drawn.append((arrow.tail, arrow.head, arrow.color))  # type: ignore[union-attr]
        _pgn_set_arrows(self._tree, self._id, drawn)


class _Nags(MutableSet[int]):
    """A node's NAGs as a live set: ``node.nags.add(1)`` changes the node."""

    __slots__ = ("_tree", "_id")

    def __init__(self, tree: _PgnTree, index: int) -> None:
        self._tree = tree
        self._id = index

    def __contains__(self, nag: object) -> bool:
        return nag in self._tree.nags(self._id)

    def __iter__(self) -> Iterator[int]:
        return iter(self._tree.nags(self._id))

    def __len__(self) -> int:
        return len(self._tree.nags(self._id))

    def add(self, nag: int) -> None:
        self._tree.add_nag(self._id, nag)

    def discard(self, nag: int) -> None:
        self._tree.discard_nag(self._id, nag)

    def __repr__(self) -> str:
        return repr(set(self._tree.nags(self._id)))
