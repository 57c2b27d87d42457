#!/usr/bin/env bash
# WebAssembly: builds the npm package `qipan` (bindings/wasm/pkg), runs its node:test suites on the
# packed tarball installed in a fresh folder, then the web page's end-to-end test in headless
# Chromium. Installs what a fresh machine lacks: the wasm32 target, the pinned wasm-bindgen-cli,
# npm dependencies (npm ci, skipped while node_modules matches package-lock.json) and Chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

want="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' bindings/wasm/Cargo.toml)"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (found '${have:-none}'), a few minutes"
  cargo install wasm-bindgen-cli --version "$want"
fi

if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  # WenQuanYi Micro Hei draws the Xiangqi pieces' characters in the screenshots.
  apt-get install -y chromium fonts-wqy-microhei
fi

# npm ci, unless node_modules was installed from this very package-lock.json.
npm_ci() {
  local dir="$1" stamp="$1/node_modules/.qipan-lock.sha256"
  local sum
  sum="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
    return
  fi
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$sum" >"$stamp"
}

npm_ci bindings/wasm
bash bindings/wasm/build.sh
cargo clippy -p qipan-wasm --target wasm32-unknown-unknown -- -D warnings
# The rules-only build (qipan/rules) too.
cargo clippy -p qipan-wasm --target wasm32-unknown-unknown --no-default-features -- -D warnings
# The edit scripts (data/edit-scripts.json) on the core's board against chess.js (from the
# node_modules above; a test-time oracle only), ignored in a plain `cargo test`.
cargo test -p qipan --test edit_scripts -- --ignored the_core_board_answers_as_chessjs
# tests/engines.test.mjs drives Stockfish and Fairy-Stockfish, with python-chess as its oracle;
# tests/edit-scripts.test.mjs runs the Xiangqi board model, with pyffish.
if [ ! -x /usr/games/stockfish ] || [ ! -x /usr/games/fairy-stockfish ]; then
  apt-get update
  apt-get install -y stockfish fairy-stockfish
fi
if ! .venv/bin/python -c "import chess.engine, pyffish" 2>/dev/null; then
  [ -x .venv/bin/python ] || "${PYTHON:-python3}" -m venv .venv
  .venv/bin/python -m pip install --quiet --disable-pip-version-check chess==1.11.2 pyffish==0.0.90
fi
node bindings/wasm/tests/run.mjs
# The page links the package built above (file:../../bindings/wasm/pkg).
npm_ci examples/web
node examples/web/e2e.mjs
node --test examples/web/engine-packages.test.mjs
