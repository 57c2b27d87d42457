"""The Python class of each node of a record. python-chess lets a program subclass its nodes
(a ``GameNode`` subclass whose ``add_variation`` makes ``MyChildNode`` objects, a ``Game``
subclass given to ``GameBuilder``) and hands those objects back when the tree is walked. qipan's
nodes are views of the core's tree, made anew at each access: the tree remembers which class
made a node (only when it is not the default ``Game`` / ``ChildNode``), and a view of that node
comes back as that class."""

from __future__ import annotations

from typing import Any, Dict


def remember(node: Any, default: type) -> None:
    """Notes the class of ``node`` (a new node of its tree) when it is not ``default``."""
    cls = type(node)
    if cls is not default:
        classes: Dict[int, type] = node._tree.__dict__.setdefault("classes", {})
        classes[node._id] = cls


def class_of(tree: Any, index: int, default: type) -> type:
    """The class that made node ``index`` of ``tree``, ``default`` when none was noted."""
    classes = tree.__dict__.get("classes")
    if classes is None:
        return default
    cls: type = classes.get(index, default)
    return cls
