"""python-chess's own test suite against qipan.chess: the drop-in measured.

Fetches python-chess 1.11.2's sdist from PyPI at test time (into a cache directory outside the
repository; python-chess is GPL and never stored here), runs the classes of its test.py listed in
python_chess_suite.py once with `chess` resolved to qipan.chess and once on python-chess itself,
prints the count per class, and fails when a test listed in python_chess_suite_passing.txt (the tests
known to pass on qipan) fails on qipan. A test newly passing is reported so that it can be added.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import subprocess
import sys
import tarfile

import pytest

HERE = pathlib.Path(__file__).resolve().parent
RUNNER = HERE / "python_chess_suite.py"
PASSING = HERE / "python_chess_suite_passing.txt"
VERSION = "1.11.2"
CACHE = pathlib.Path(
    os.environ.get("QIPAN_PYTHON_CHESS_SDIST_CACHE", pathlib.Path.home() / ".cache" / "qipan-tests")
)


def _sdist() -> pathlib.Path:
    """The unpacked sdist of python-chess VERSION, downloaded once into CACHE."""
    unpacked = CACHE / f"chess-{VERSION}"
    if (unpacked / "test.py").exists():
        return unpacked
    CACHE.mkdir(parents=True, exist_ok=True)
    archive = CACHE / f"chess-{VERSION}.tar.gz"
    if not archive.exists():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
             "--no-deps", "--no-binary", ":all:", f"chess=={VERSION}", "-d", str(CACHE)],
            check=True,
            timeout=300,
        )
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(CACHE, filter="data")
        else:  # Python before 3.11.4: no extraction filters
            tar.extractall(CACHE)
    return unpacked


def _run(sdist: pathlib.Path, target: str) -> dict[str, str]:
    done = subprocess.run(
        [sys.executable, str(RUNNER), str(sdist), target],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    outcome: dict[str, str] = json.loads(done.stdout)
    return outcome


def _expected() -> list[str]:
    lines = PASSING.read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.fixture(scope="module")
def outcomes() -> tuple[dict[str, str], dict[str, str]]:
    sdist = _sdist()
    return _run(sdist, "chess"), _run(sdist, "qipan")


def test_python_chess_suite_on_qipan(outcomes: tuple[dict[str, str], dict[str, str]]) -> None:
    reference, ours = outcomes
    per_class: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for test, status in reference.items():
        if status == "pass":
            counts = per_class[test.split(".")[0]]
            counts[1] += 1
            counts[0] += ours.get(test) == "pass"
    passed = sum(c[0] for c in per_class.values())
    total = sum(c[1] for c in per_class.values())
    print(f"\npython-chess {VERSION} test.py on qipan.chess: {passed} of {total} pass")
    for name, (ok, of) in sorted(per_class.items()):
        print(f"  {name}: {ok}/{of}")

    expected = _expected()
    assert expected, "the list of tests expected to pass is empty"
    unknown = [test for test in expected if reference.get(test) != "pass"]
    assert not unknown, f"listed tests that do not pass on python-chess itself: {unknown}"
    regressed = [test for test in expected if ours.get(test) != "pass"]
    assert not regressed, f"tests that passed on qipan before fail now: {regressed}"
    new = sorted(t for t, s in ours.items() if s == "pass" and reference.get(t) == "pass" and t not in expected)
    if new:
        print(f"  newly passing (add them to {PASSING.name}): {new}")
