#!/usr/bin/env bash
# Writes the seeds fuzz/seeds/syzygy_table with the real tables of data/syzygy, each behind the byte that
# picks it in fuzz_targets/syzygy_table.rs (material index * 2, + 1 for DTZ).
set -eu
cd "$(dirname "$0")/.."
out=fuzz/seeds/syzygy_table
mkdir -p "$out"
i=0
for material in KRRvK KPvK KRvKB KQvK KNvKN; do
    for kind in 0 1; do
        ext=rtbw; [ "$kind" = 1 ] && ext=rtbz
        pick=$((i * 2 + kind))
        { printf "\\x$(printf %02x "$pick")"; cat "data/syzygy/$material.$ext"; } >"$out/$material.$ext"
    done
    i=$((i + 1))
done
ls "$out" | wc -l
