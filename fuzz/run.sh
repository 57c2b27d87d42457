#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each, one after the other, at the lowest
# CPU priority, and prints per target the executions and the coverage (libFuzzer's `cov:`).
#
#   fuzz/run.sh SECONDS [TARGET...]
#
# Needs cargo-fuzz, installed (0.13.2) when missing. On a stable toolchain RUSTC_BOOTSTRAP=1 lets it
# pass its -Z flags. The sanitizer is `none` by default (qipan forbids unsafe code, so ASan would
# only halve the speed); FUZZ_SANITIZER=address picks another. Corpora grow in fuzz/corpus/,
# crashes land in fuzz/artifacts/, full logs in fuzz/logs/.
set -u
if [ $# -lt 1 ]; then
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
fi
seconds=$1
shift
fuzz_dir=$(cd "$(dirname "$0")" && pwd)
cd "$fuzz_dir/.."
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz 0.13.2 (once)" >&2
    cargo install cargo-fuzz --version 0.13.2 || exit 1
fi
sanitizer=${FUZZ_SANITIZER:-none}
if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi
# The Game targets choose moves by index, where comparison tracing finds nothing and costs two
# thirds of the time: they are built without it, in a target directory of their own.
game_flags=(--no-trace-compares --target-dir "$fuzz_dir/target/no-trace-compares")
nice -n 19 cargo fuzz build -s "$sanitizer" -a || exit 1
for t in "${targets[@]}"; do
    case $t in
    *_game) nice -n 19 cargo fuzz build -s "$sanitizer" -a "${game_flags[@]}" "$t" || exit 1 ;;
    esac
done
mkdir -p "$fuzz_dir/logs"
status=0
printf '%-18s %14s %8s %8s %10s  %s\n' target executions exec/s cov ft result
for t in "${targets[@]}"; do
    mkdir -p "$fuzz_dir/corpus/$t" "$fuzz_dir/seeds/$t"
    case $t in
    xiangqi* | pgn_xiangqi | pgn_check_xiangqi) dict=$fuzz_dir/xiangqi.dict ;;
    archive_*) dict=$fuzz_dir/archive.dict ;;
    *) dict=$fuzz_dir/chess.dict ;;
    esac
    log=$fuzz_dir/logs/$t.log
    extra=()
    case $t in
    *_game) extra=("${game_flags[@]}") ;;
    esac
    nice -n 19 cargo fuzz run -s "$sanitizer" -a "${extra[@]}" "$t" \
        "$fuzz_dir/corpus/$t" "$fuzz_dir/seeds/$t" -- \
        -max_total_time="$seconds" -print_final_stats=1 -dict="$dict" \
        -timeout=10 -rss_limit_mb=2048 -max_len=8192 >"$log" 2>&1
    rc=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    if [ $rc -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit $rc): $(grep -o 'artifact_prefix.*Test unit written to .*' "$log" | tail -1 | sed 's/.*written to //')"
        status=1
    fi
    printf '%-18s %14s %8s %8s %10s  %s\n' "$t" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit $status
