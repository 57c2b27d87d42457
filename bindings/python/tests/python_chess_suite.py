"""Runs test classes of python-chess's own test suite (test.py of its sdist) and prints one JSON
object {test id: "pass" | "fail" | "error" | "skip"}.

    python python_chess_suite.py SDIST_DIR qipan   # `chess` resolved to qipan.chess
    python python_chess_suite.py SDIST_DIR chess   # the sdist's own chess package (the reference)

The renaming shim is this: `sys.modules["chess"]` is `qipan.chess` (and `chess.pgn` is
`qipan.chess.pgn`, ...). Submodules qipan.chess does not have yet get an empty placeholder so that
test.py's imports and class bodies succeed; the classes run here barely use them. The working directory becomes the
sdist, so tests that open data files read the sdist's own files.

The sdist is python-chess's (GPL): fetched at test time, never stored in this repository.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import signal
import sys
import types
import unittest

CLASSES = [
    "SquareTestCase",
    "MoveTestCase",
    "PieceTestCase",
    "BoardTestCase",
    "LegalMoveGeneratorTestCase",
    "BaseBoardTestCase",
    "SquareSetTestCase",
    "PgnTestCase",
    "SvgTestCase",
]
SUBMODULES = ["pgn", "svg", "engine", "polyglot", "syzygy", "gaviota", "variant"]
SECONDS_PER_TEST = 30


class _Placeholder(types.ModuleType):
    """A submodule qipan.chess does not have: every attribute is a fresh exception class, enough
    for test.py's class bodies (decorators such as `catchAndSkip(chess.syzygy.MissingTableError)`)."""

    def __getattr__(self, name: str) -> type:
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (Exception,), {})


def _alias_qipan_as_chess() -> None:
    import qipan.chess

    sys.modules["chess"] = qipan.chess
    for name in SUBMODULES:
        try:
            module = importlib.import_module(f"qipan.chess.{name}")
        except ImportError:
            module = _Placeholder(f"chess.{name}", "placeholder: not in qipan.chess")
        sys.modules[f"chess.{name}"] = module
        setattr(qipan.chess, name, module)


class _Result(unittest.TestResult):
    def __init__(self) -> None:
        super().__init__()
        self.outcome: dict[str, str] = {}
        self.reasons: dict[str, str] = {}

    def _key(self, test: unittest.TestCase) -> str:
        return test.id().split(".", 1)[1]

    def startTest(self, test: unittest.TestCase) -> None:
        super().startTest(test)
        signal.alarm(SECONDS_PER_TEST)

    def stopTest(self, test: unittest.TestCase) -> None:
        signal.alarm(0)
        super().stopTest(test)

    def addSuccess(self, test: unittest.TestCase) -> None:
        self.outcome[self._key(test)] = "pass"

    def addFailure(self, test: unittest.TestCase, err: object) -> None:
        super().addFailure(test, err)  # type: ignore[arg-type]
        self.outcome[self._key(test)] = "fail"
        self.reasons[self._key(test)] = self.failures[-1][1]

    def addError(self, test: unittest.TestCase, err: object) -> None:
        super().addError(test, err)  # type: ignore[arg-type]
        self.outcome[self._key(test)] = "error"
        self.reasons[self._key(test)] = self.errors[-1][1]

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        self.outcome[self._key(test)] = "skip"

    def addExpectedFailure(self, test: unittest.TestCase, err: object) -> None:
        self.outcome[self._key(test)] = "fail"

    def addUnexpectedSuccess(self, test: unittest.TestCase) -> None:
        self.outcome[self._key(test)] = "fail"


def _timeout(signum: int, frame: object) -> None:
    raise TimeoutError(f"test ran longer than {SECONDS_PER_TEST} s")


def main() -> None:
    sdist, target = sys.argv[1], sys.argv[2]
    verbose = "-v" in sys.argv[3:]
    os.chdir(sdist)
    if target == "qipan":
        _alias_qipan_as_chess()
    elif target == "chess":
        sys.path.insert(0, sdist)
    else:
        raise SystemExit(f"unknown target {target!r}: qipan or chess")
    spec = importlib.util.spec_from_file_location("python_chess_test", os.path.join(sdist, "test.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    signal.signal(signal.SIGALRM, _timeout)
    result = _Result()
    loader = unittest.TestLoader()
    for name in CLASSES:
        loader.loadTestsFromTestCase(getattr(module, name)).run(result)
    if verbose:  # why each test failed: the last line of its traceback, on stderr
        for test, trace in sorted(result.reasons.items()):
            print(test, trace.strip().splitlines()[-1][:300], file=sys.stderr)
    json.dump(result.outcome, sys.stdout, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
