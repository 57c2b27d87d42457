#!/usr/bin/env bash
# Rust: formatting, lints, and the core and CLI test suites (fast perft depths; deep ones are
# behind `cargo test -- --ignored`).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The engine tests drive real engines (Debian's packages live in /usr/games).
if ! { [ -x /usr/games/stockfish ] && [ -x /usr/games/fairy-stockfish ] && [ -x /usr/games/gnuchess ]; }; then
  apt-get update && apt-get install -y stockfish fairy-stockfish gnuchess
fi
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
# The core's API docs: every intra-doc link resolves.
RUSTDOCFLAGS="-D warnings" cargo doc -p qipan --no-deps
cargo test
