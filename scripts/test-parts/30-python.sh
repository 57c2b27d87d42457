#!/usr/bin/env bash
# Python bindings: builds and installs ./bindings/python into the virtualenv .venv (made with
# python3 -m venv when missing), then runs the pytest suite (differential tests against
# python-chess and pyffish), the archive readers against cchess, and mypy on a typed usage file.
# Installs the pinned tools only when they are missing, so a warm run spends its time in the
# tests. Also lints and unit-tests the
# bindings crate, which is not a default workspace member.
set -euo pipefail
cd "$(dirname "$0")/../.."

VENV=.venv
# The engine tests (test_engine_*.py) drive Debian's engines (in /usr/games).
if ! { [ -x /usr/games/stockfish ] && [ -x /usr/games/fairy-stockfish ]; }; then
  apt-get update && apt-get install -y stockfish fairy-stockfish
fi
# test_engine_xboard.py plays and analyses with GNU Chess over XBoard.
if ! [ -x /usr/games/gnuchess ]; then
  apt-get update && apt-get install -y gnuchess
fi
PY="$VENV/bin/python"
REQUIREMENTS=(maturin==1.16.0 pytest==9.2.0 chess==1.11.2 pyffish==0.0.90 mypy==2.4.1 dask==2026.8.0 distributed==2026.8.0 cchess==1.25.5)

if [ ! -x "$PY" ]; then
  "${PYTHON:-python3}" -m venv "$VENV"
fi

missing=$("$PY" - "${REQUIREMENTS[@]}" <<'PYEOF'
import sys
from importlib.metadata import PackageNotFoundError, version
for req in sys.argv[1:]:
    name, pinned = req.split("==")
    try:
        if version(name) != pinned:
            print(req)
    except PackageNotFoundError:
        print(req)
PYEOF
)
if [ -n "$missing" ]; then
  echo "installing: $missing"
  # shellcheck disable=SC2086
  "$PY" -m pip install --quiet --disable-pip-version-check $missing
fi

# The bindings crate is not a default workspace member (plain `cargo test` needs no Python):
# lint and unit-test it here.
cargo clippy -p qipan-python --all-targets -- -D warnings
cargo test -p qipan-python

# Reinstall the current source: maturin (pinned above; its PEP 517 backend runs the `maturin`
# on PATH) builds it in the workspace target dir, so a warm rebuild recompiles only what changed.
PATH="$PWD/$VENV/bin:$PATH" "$PY" -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps \
  --force-reinstall ./bindings/python

# The Xiangqi archive readers against cchess (GPL: a test-time oracle only), a Rust test that
# runs the oracle script with this virtualenv's Python (ignored in a plain `cargo test`).
QIPAN_PYTHON="$PWD/$PY" cargo test -p qipan --features gbk --test archive_cchess -- --ignored

# Positions without a king of the side to move, their moves against python-chess's (a test-time
# oracle only), a Rust test that runs the oracle script with this virtualenv's Python.
QIPAN_PYTHON="$PWD/$PY" cargo test -p qipan --test lenient_positions -- --ignored

# The edit scripts (data/edit-scripts.json) on the core's board against python-chess and the
# Xiangqi board model with pyffish (test-time oracles only), ignored in a plain `cargo test`.
QIPAN_PYTHON="$PWD/$PY" cargo test -p qipan --test edit_scripts -- --ignored the_core_board_answers_as_python_chess

# Polyglot books: the reader against python-chess, the writer against Debian's `polyglot make-book`
# (and polyglot's own reader), both test-time oracles only.
POLYGLOT=$(command -v polyglot || echo /usr/games/polyglot)
if [ ! -x "$POLYGLOT" ]; then
  apt-get update && apt-get install -y polyglot
fi
QIPAN_PYTHON="$PWD/$PY" QIPAN_POLYGLOT="$POLYGLOT" cargo test -p qipan --test polyglot_books -- --ignored
# Syzygy probing against python-chess's prober on random positions of every 3-4-piece table (a
# Rust test that runs the oracle script; ignored in a plain `cargo test`). The repository holds a
# few tables only: the full set is the shared copy when there is one, otherwise python-chess's
# sdist (where those tables come from), unpacked once into target/.
SYZYGY=${QIPAN_SYZYGY:-../shared/data/syzygy}
if [ ! -f "$SYZYGY/KPvKP.rtbw" ]; then
  SYZYGY=target/syzygy-tables
  if [ ! -f "$SYZYGY/KPvKP.rtbw" ]; then
    tmp=$(mktemp -d)
    "$PY" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: chess==1.11.2 -d "$tmp"
    tar xzf "$tmp/chess-1.11.2.tar.gz" -C "$tmp" chess-1.11.2/data/syzygy/regular
    mkdir -p "$SYZYGY"
    cp "$tmp"/chess-1.11.2/data/syzygy/regular/*.rtb[wz] "$SYZYGY"/
    rm -rf "$tmp"
  fi
fi
QIPAN_PYTHON="$PWD/$PY" QIPAN_SYZYGY="$(cd "$SYZYGY" && pwd)" cargo test -p qipan --test syzygy_probe -- --ignored

# pytest exits 5 when it collects no test: `set -e` fails the script then.
"$PY" -m pytest bindings/python/tests -q -p no:cacheprovider

"$VENV/bin/mypy" --strict --cache-dir "$VENV/.mypy_cache" --no-error-summary \
  bindings/python/tests/typed_usage.py bindings/python/tests/typed_chess_usage.py
echo "mypy: typed_usage.py typed_chess_usage.py OK"
# The stubs (qipan/__init__.pyi, rating.pyi) against the installed module.
# (run inside .venv: stubtest keeps its cache in the current directory)
(cd "$VENV" && bin/python -m mypy.stubtest qipan)
