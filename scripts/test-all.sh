#!/usr/bin/env bash
# Every test of the project. Installs what the tests need on a fresh machine and skips what is
# already there. Each part lives in its own script so it can be run alone.
set -euo pipefail
cd "$(dirname "$0")/.."
for part in scripts/test-parts/*.sh; do
  echo "=== ${part#scripts/test-parts/} ==="
  bash "$part"
done
echo "=== all tests passed ==="
