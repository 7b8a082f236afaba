#!/usr/bin/env bash
# The generator's targets, from the release binary: the median time (from
# `generate --stats`) over SEEDS seeds (default 21), one maze at a time, of
#   - a 20×20 arrow maze with a unique shortest route of >= 100 moves,
#   - a 10×10 dice maze with a unique shortest route of >= 30 moves,
# and over 5 seeds of large mazes, each checked by
# `logicmaze check`:
#   - a 50×50 arrow maze with a unique shortest route of >= 500 moves,
#   - a 30×30 dice maze with a unique shortest route of >= 150 moves.
#
#   scripts/generate-times.sh [SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-21}
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze

# report NAME: reads `--stats` lines, sorted by time; prints the median.
report() {
  awk -v name="$1" '{ t[NR] = $(NF - 1); moves += $2; revisits += $7 }
    END {
      n = NR
      printf "%s: %d mazes, median %.3f s, min %.3f s, max %.3f s, mean route %.1f moves, %.0f%% revisits\n",
        name, n, t[int((n + 1) / 2)], t[1], t[n], moves / n, 100 * revisits / moves }'
}

for family in arrow dice; do
  for seed in $(seq 1 "$seeds"); do
    "$bin" generate "$family" --difficulty hard --seed "$seed" --stats 2>&1 >/dev/null
  done | sort -t, -k6,6g | report "$family (hard)"
done

maze=$(mktemp)
trap 'rm -f "$maze"' EXIT
# large FAMILY SIZE MOVES: five seeds, each checked unique.
large() {
  for seed in 1 2 3 4 5; do
    "$bin" generate "$1" --rows "$2" --cols "$2" --min-length "$3" --seed "$seed" --stats 2>&1 > "$maze"
    "$bin" check "$maze" | grep -q ": unique, " || echo "seed $seed: check does not say unique" >&2
  done | sort -t, -k6,6g | report "$1 $2×$2, $3+ moves"
}
large arrow 50 500
large dice 30 150
