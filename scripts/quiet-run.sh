#!/usr/bin/env bash
# The absolute targets in BENCHMARKS.md (4000×4000 arrow < 2 s, 1000×1000 dice
# < 0.3 s) can only be checked when this VM runs at its usual speed: its
# speed swings by 2× within minutes. This waits for such a spell, then
# measures. Every 45 s it times the dice maze (best of 3). Once that best
# is at most THRESHOLD seconds (0.20 s on a quiet day), it runs the arrow
# maze and the dice maze in turn RUNS times and prints each time with the
# arrow run's peak memory. It gives up after MINUTES.
#
#   scripts/quiet-run.sh [THRESHOLD [MINUTES [RUNS]]]    (0.23, 50, 5)
#
# Needs the inputs of scripts/bench.sh and `random_maze exhaustive-dice
# 1000 1000 > target/bench-inputs/dice-1000.in`.
set -euo pipefail
cd "$(dirname "$0")/.."
threshold=${1:-0.23} minutes=${2:-50} runs=${3:-5}
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
dir=target/bench-inputs
arrow=$dir/arrow-4000.in dice=$dir/dice-1000.in

# seconds CMD...: wall time of one run, from bash's microsecond clock.
seconds() {
  local start=$EPOCHREALTIME
  "$@" > /dev/null
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'
}

end=$(( $(date +%s) + 60 * minutes ))
while [ "$(date +%s)" -lt "$end" ]; do
  best=9
  for _ in 1 2 3; do
    best=$(awk -v a="$(seconds "$bin" solve "$dice")" -v b="$best" 'BEGIN { print (a < b) ? a : b }')
  done
  echo "$(date +%T) dice 1000×1000, best of 3: $best s"
  if awk -v b="$best" -v t="$threshold" 'BEGIN { exit !(b <= t) }'; then
    for _ in $(seq "$runs"); do
      a=$(seconds /usr/bin/time -f "%M" -o "$dir/time.txt" "$bin" solve "$arrow")
      d=$(seconds "$bin" solve "$dice")
      echo "$(date +%T) arrow 4000×4000: $a s, $(tail -n 1 "$dir/time.txt") KB; dice 1000×1000: $d s"
    done
    exit 0
  fi
  sleep 45
done
echo "no spell with the dice maze at $threshold s or less in $minutes minutes"
exit 1
