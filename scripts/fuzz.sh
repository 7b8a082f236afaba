#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets) for RUNS executions each, two at
# a time, seeded with the sample mazes, and prints libFuzzer's last status
# line per target. Needs cargo-fuzz (cargo install cargo-fuzz); the stable
# toolchain is told to accept cargo-fuzz's -Z flags with RUSTC_BOOTSTRAP=1.
#
#   scripts/fuzz.sh [RUNS]      (default 10000000)
#
# Crashes, hangs and out-of-memory inputs land in fuzz/artifacts/TARGET/;
# each one found becomes a regression test in tests/hostile.rs.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
runs=${1:-10000000}
export RUSTC_BOOTSTRAP=1
mkdir -p ../target/fuzz-logs
for target in arrow_parser dice_parser json_input pipeline; do
  mkdir -p "corpus/$target"
  cp ../examples/*.in ../tests/data/*.in "corpus/$target/"
done
../target/release/logicmaze convert --to json ../examples/arrow.in ../examples/dice.in \
  > corpus/json_input/samples.json 2>/dev/null || true
cp corpus/json_input/samples.json corpus/pipeline/ 2>/dev/null || true
cargo fuzz build -O
run() {
  cargo fuzz run -O "$1" -- -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 > "../target/fuzz-logs/$1.log" 2>&1
  echo "$1: $(grep -E '^#[0-9]+.*(DONE|pulse)' "../target/fuzz-logs/$1.log" | tail -n 1)"
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' "../target/fuzz-logs/$1.log" || true
}
run arrow_parser & run dice_parser & wait
run json_input & run pipeline & wait
