#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets) for RUNS executions each, two at
# a time, seeded with the sample mazes, and prints libFuzzer's last status
# line per target. Needs cargo-fuzz (cargo install cargo-fuzz); the stable
# toolchain is told to accept cargo-fuzz's -Z flags with RUSTC_BOOTSTRAP=1.
#
#   scripts/fuzz.sh [RUNS [TARGET...]]   (default 10000000 runs of every target)
#
# Crashes, hangs and out-of-memory inputs land in fuzz/artifacts/TARGET/;
# each one found becomes a regression test in tests/all/hostile.rs.
#
# The targets run without AddressSanitizer (-s none): the crate forbids
# unsafe code, so what ASan could catch is limited to the dependencies'
# unsafe code, while its allocation bookkeeping made the pipeline target
# 7 times slower (about 580 runs/s against 4,100). Panics, hangs and
# memory over the limit are caught either way.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
runs=${1:-10000000}
shift $(( $# > 0 ? 1 : 0 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(arrow_parser dice_parser json_input pipeline)
export RUSTC_BOOTSTRAP=1
mkdir -p ../target/fuzz-logs
for target in arrow_parser dice_parser json_input pipeline; do
  mkdir -p "corpus/$target"
  cp ../examples/*.in ../tests/data/*.in "corpus/$target/"
done
../target/release/logicmaze convert --to json ../examples/arrow.in ../examples/dice.in \
  > corpus/json_input/samples.json 2>/dev/null || true
cp corpus/json_input/samples.json corpus/pipeline/ 2>/dev/null || true
cargo fuzz build -O -s none
run() {
  cargo fuzz run -O -s none "$1" -- -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 > "../target/fuzz-logs/$1.log" 2>&1
  echo "$1: $(grep -E '^#[0-9]+.*(DONE|pulse)' "../target/fuzz-logs/$1.log" | tail -n 1)"
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' "../target/fuzz-logs/$1.log" || true
}
# Two targets at a time, one per core.
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  run "${targets[i]}" &
  [ -z "${targets[i + 1]:-}" ] || run "${targets[i + 1]}" &
  wait
done
