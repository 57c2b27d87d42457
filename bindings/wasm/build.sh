#!/usr/bin/env bash
# Builds the npm package `qipan` into bindings/wasm/pkg/: one ES module package for browsers
# (`await init()` fetches the .wasm) and Node (the `node` export condition loads it synchronously).
# A second entry, `qipan/rules` (pkg/rules/), holds the rules only: a smaller .wasm.
#
#   bash bindings/wasm/build.sh            # release build (profile wasm-release) + wasm-opt
#   QIPAN_WASM_PROFILE=dev bash ...        # unoptimised, for debugging the glue
#
# Needs: the wasm32-unknown-unknown target, wasm-bindgen-cli matching the crate's pinned
# wasm-bindgen, and `npm ci` in bindings/wasm (for binaryen's wasm-opt). scripts/test-parts/40-wasm.sh
# installs all of them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
profile="${QIPAN_WASM_PROFILE:-wasm-release}"
out="$here/pkg"

want="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' "$here/Cargo.toml")"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$want" ]; then
  echo "build.sh: wasm-bindgen-cli $want is needed (found '${have:-none}'):" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

cd "$root"
rm -rf "$out"
mkdir -p "$out"

# build_entry DIR [CARGO FLAGS...]: the crate built with FLAGS, its JS glue and optimised .wasm
# written to DIR (qipan.js, qipan.d.ts, qipan_bg.wasm) beside the Node entry node.js.
build_entry() {
  local dir="$1"
  shift
  cargo build -p qipan-wasm --lib --target wasm32-unknown-unknown --profile "$profile" "$@"
  local profile_dir="$profile"
  [ "$profile" = dev ] && profile_dir=debug
  local wasm="${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/$profile_dir/qipan_wasm.wasm"
  mkdir -p "$dir"
  wasm-bindgen --target web --out-dir "$dir" --out-name qipan "$wasm"

  if [ "$profile" != dev ]; then
    local opt="$here/node_modules/.bin/wasm-opt"
    if [ ! -x "$opt" ]; then
      echo "build.sh: run 'npm ci' in bindings/wasm first (wasm-opt comes from npm binaryen)" >&2
      exit 1
    fi
    # The features rustc enables by default on wasm32-unknown-unknown.
    "$opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$dir/qipan_bg.wasm" -o "$dir/qipan_bg.wasm.opt"
    mv "$dir/qipan_bg.wasm.opt" "$dir/qipan_bg.wasm"
  fi
  cp "$here/npm/node.js" "$dir/"
  rm -f "$dir/.gitignore"

  local raw gz
  raw=$(wc -c <"$dir/qipan_bg.wasm")
  gz=$(gzip -9 -c "$dir/qipan_bg.wasm" | wc -c)
  echo "built $dir: qipan_bg.wasm $raw bytes, $gz bytes gzipped (profile $profile)"
}

# `qipan`: everything (the default features). `qipan/rules`: the boards of both games only, for
# pages that need no records, books or tablebases (see docs/javascript.md).
build_entry "$out"
build_entry "$out/rules" --no-default-features

version="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n1)"
sed "s/\"version\": \"0.0.0\"/\"version\": \"$version\"/" "$here/npm/package.json" >"$out/package.json"
# chess.js's names (`Chess`, `Move`, ...) read and write records: the full entry only.
cp "$here/npm/"{index,chessjs,engine}.{js,d.ts} "$here/npm/engine-node.js" "$out/"
cp "$here/npm/"chessjs-{castling,moves,pgn,replay,text}.js "$out/"
cp "$here/npm/rules-node.js" "$out/rules/node.js"
cp "$root/docs/javascript.md" "$out/README.md"
