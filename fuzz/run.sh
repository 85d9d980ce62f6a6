#!/usr/bin/env bash
# `make fuzz`: every cargo-fuzz target in fuzz/ and fuzz/encoding/, then the JS structured-clone
# fuzzer, FUZZ_SECONDS each (default 60), then one table of executions per target.
#
#   FUZZ_SECONDS=600 make fuzz           longer runs
#   FUZZ_TARGETS="domain url_setters"    only these (names as in the table)
#   FUZZ_RUNS=10000000                   stop a target after this many executions
#   FUZZ_MAX_LEN=512                     longest input (the seed corpus is minimized at 512
#                                        bytes; libFuzzer's default grows to 4096, ~2x slower)
#   FUZZ_CMIN=1 make fuzz                afterwards, minimize each target's corpus into
#                                        fuzz/seeds/<target>/ (the committed seed corpus)
#
# Each run reads fuzz/seeds/<target>/ (committed) and grows fuzz/corpus/<target>/ (ignored).
# A crash stops that target, leaves its input in <fuzz dir>/artifacts/<target>/ and makes the
# whole run fail. Stable Rust works: RUSTC_BOOTSTRAP=1 unlocks the -Z flags cargo-fuzz passes,
# and --sanitizer none needs no sanitizer runtime.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${FUZZ_SECONDS:-60}
only=${FUZZ_TARGETS:-}
limits=()
[ -n "${FUZZ_RUNS:-}" ] && limits+=(-runs="$FUZZ_RUNS")
[ -n "${FUZZ_MAX_LEN:-}" ] && limits+=(-max_len="$FUZZ_MAX_LEN")
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz (about a minute)"
  cargo install cargo-fuzz --locked
fi

selected() { [ -z "$only" ] || [[ " $only " == *" $1 "* ]]; }

logs=$(mktemp -d)
rows=()
failed=0

# One libFuzzer run; its final stats give executions and speed.
run_cargo_target() {
  local dir=$1 target=$2
  local seeds=$root/fuzz/seeds/$target corpus=$root/fuzz/corpus/$target log=$logs/$target.log
  mkdir -p "$seeds" "$corpus"
  local status=ok
  if ! cargo fuzz run --sanitizer none --fuzz-dir "$dir" "$target" "$corpus" "$seeds" -- \
      -max_total_time="$seconds" "${limits[@]}" -print_final_stats=1 >"$log" 2>&1; then
    status="CRASH (see $log; input in $dir/artifacts/$target/)"
    failed=1
    grep -m1 -A3 "panicked at" "$log" || tail -20 "$log"
  fi
  local execs speed
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rows+=("$target|${execs:-?}|${speed:-?}|$status")
  if [ -n "${FUZZ_CMIN:-}" ]; then
    # The seed corpus: the smallest set of inputs (old seeds and new finds, up to 512 bytes)
    # with the same edge coverage, written back to fuzz/seeds/<target>/ (hit counts left out
    # keep it small: 365 KB for all targets).
    local merged=$logs/$target.merged
    mkdir -p "$merged"
    cargo fuzz run --sanitizer none --fuzz-dir "$dir" "$target" "$merged" "$seeds" "$corpus" -- \
      -merge=1 -use_counters=0 -max_len=512 >"$logs/$target.cmin.log" 2>&1
    rm -rf "$seeds" && mv "$merged" "$seeds"
  fi
}

for dir in fuzz fuzz/encoding; do
  targets=()
  for target in $(cargo fuzz list --fuzz-dir "$dir"); do
    selected "$target" && targets+=("$target")
  done
  [ ${#targets[@]} -eq 0 ] && continue
  echo "building the targets in $dir/"
  cargo fuzz build --sanitizer none --fuzz-dir "$dir" >"$logs/build.log" 2>&1 || { tail -30 "$logs/build.log"; exit 1; }
  for target in "${targets[@]}"; do
    echo "fuzzing $target for ${seconds}s"
    run_cargo_target "$dir" "$target"
  done
done

# The structured-clone walker, through the package's JS API, against Node's native clone.
clone=tests/fuzz/structured-clone.mjs
if selected structured-clone; then
  if [ -f "$clone" ]; then
    echo "fuzzing structured-clone for ${seconds}s"
    log=$logs/structured-clone.log
    status=ok
    FUZZ_SECONDS=$seconds node "$clone" >"$log" 2>&1 || { status="FAILED (see $log)"; failed=1; tail -20 "$log"; }
    # Its summary: "structured-clone: N executions in S s (R/s), seed X".
    execs=$(grep -oE '[0-9]+ executions' "$log" | tail -1 | tr -dc '0-9')
    speed=$(grep -oE '\([0-9]+/s\)' "$log" | tail -1 | tr -dc '0-9')
    rows+=("structured-clone|${execs:-?}|$speed|$status")
  else
    rows+=("structured-clone|-|-|MISSING: $clone is not in this checkout")
    failed=1
  fi
fi

echo
printf '%-20s %15s %10s  %s\n' target executions exec/s result
for row in "${rows[@]}"; do
  IFS='|' read -r target execs speed status <<<"$row"
  printf '%-20s %15s %10s  %s\n' "$target" "$execs" "$speed" "$status"
done
exit $failed
