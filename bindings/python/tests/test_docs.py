"""The Python examples of README.md, docs/python.md and bindings/python/README.md run, and print
what their comments say (`print(x)  # expected output`)."""

from __future__ import annotations

import pathlib
import re

import pytest

from conftest import ROOT

DOCS = [
    ROOT / "README.md",
    ROOT / "docs" / "python.md",
    ROOT / "bindings" / "python" / "README.md",
]


def _checked(block: str) -> str:
    """The block with each `print(args)  # expected` line turned into a check."""
    out = []
    for line in block.splitlines():
        match = re.match(r"^(\s*)print\((.*)\)\s+# (.*)$", line)
        if match and not match[3].startswith(("a ", "the ")):
            indent, args, expected = match.groups()
            out.append(f"{indent}__check([{args}], {expected!r})")
        else:
            out.append(line)
    return "\n".join(out)


def _check(args: list[object], expected: str) -> None:
    printed = " ".join(str(a) for a in args)
    assert printed == expected, (printed, expected)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_examples_run(path: pathlib.Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    assert blocks
    namespace: dict[str, object] = {"__check": _check}
    for block in blocks:
        exec(compile(_checked(block), str(path), "exec"), namespace)
