#!/usr/bin/env bash
# The generator's targets, from the release binary: the median time (from
# `generate --stats`) over SEEDS seeds (default 21), one maze at a time, of
#   - a 20×20 arrow maze with a unique shortest route of >= 100 moves,
#   - a 10×10 dice maze with a unique shortest route of >= 30 moves.
#
#   scripts/generate-times.sh [SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-21}
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
for family in arrow dice; do
  for seed in $(seq 1 "$seeds"); do
    "$bin" generate "$family" --difficulty hard --seed "$seed" --stats 2>&1 >/dev/null
  done | sort -t, -k6,6g | awk -v family="$family" '{ t[NR] = $(NF - 1); moves += $2 } END {
      n = NR
      printf "%s (hard): %d mazes, median %.3f s, min %.3f s, max %.3f s, mean route %.1f moves\n",
        family, n, t[int((n + 1) / 2)], t[1], t[n], moves / n }'
done
