"""The python-chess program of docs/python.md ("Porting a python-chess program") prints the same
lines under python-chess and, with its import changed to `import qipan as chess`, under qipan."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT


def _example() -> str:
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if b.startswith("import chess\n")]
    assert len(blocks) == 1, "one python-chess example in docs/python.md"
    return blocks[0]


def _run(program: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_python_chess_example_runs_unchanged_on_qipan() -> None:
    program = _example()
    expected = _run(program)
    ported = _run(program.replace("import chess\n", "import qipan as chess\n", 1))
    assert len(expected.splitlines()) >= 15
    assert ported == expected
