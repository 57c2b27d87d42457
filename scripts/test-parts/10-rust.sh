#!/usr/bin/env bash
# Rust: formatting, lints, and the core and CLI test suites (fast perft depths; deep ones are
# behind `cargo test -- --ignored`).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
cargo test
