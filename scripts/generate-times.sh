#!/usr/bin/env bash
# The generator's targets, from the release binary: the median time (from
# `generate --stats`) over SEEDS seeds (default 21), one maze at a time, of
#   - a 20×20 arrow maze with a unique shortest route of >= 100 moves,
#   - a 10×10 dice maze with a unique shortest route of >= 30 moves,
# and over 5 seeds of large mazes, each checked by
# `logicmaze check`:
#   - a 50×50 arrow maze with a unique shortest route of >= 500 moves,
#   - a 30×30 dice maze with a unique shortest route of >= 150 moves,
#   - hard 100×100 arrow and dice mazes (the length asked grows with size:
#     2,500 and 1,666 moves),
#   - with HUGE=1 in the environment, hard 500×500 arrow and dice mazes
#     (minutes each);
# and over SEEDS seeds, each checked, hard Theseus-and-the-Minotaur mazes
# of 6×6, 8×8 and 12×12 (30, 36 and 60 turns asked for), with the least
# share of pressed turns among them.
#
#   scripts/generate-times.sh [SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-21}
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze

# by_time: `--stats` lines, sorted by the time they end with.
by_time() {
  awk '{ print $(NF - 1), $0 }' | sort -g | cut -d' ' -f2-
}

# report NAME: reads `--stats` lines, sorted by time; prints the median,
# and for a family that reports pressed turns, the least share of them.
report() {
  awk -v name="$1" '{ t[NR] = $(NF - 1); moves += $2; revisits += $7
      if (NR == 1 || $2 + 0 < least) least = $2 + 0
      if ($10 == "pressed") { share = $9 / $2; if (pressed == "" || share < pressed) pressed = share } }
    END {
      n = NR
      printf "%s: %d mazes, median %.3f s, min %.3f s, max %.3f s, mean route %.1f moves (least %d), %.0f%% revisits",
        name, n, t[int((n + 1) / 2)], t[1], t[n], moves / n, least, 100 * revisits / moves
      if (pressed != "") printf ", pressed turns at least %.0f%% of a route", 100 * pressed
      printf "\n" }'
}

for family in arrow dice; do
  for seed in $(seq 1 "$seeds"); do
    "$bin" generate "$family" --difficulty hard --seed "$seed" --stats 2>&1 >/dev/null
  done | by_time | report "$family (hard)"
done

maze=$(mktemp)
trap 'rm -f "$maze"' EXIT
# large FAMILY SIZE MOVES: five seeds, each checked unique.
large() {
  for seed in 1 2 3 4 5; do
    "$bin" generate "$1" --rows "$2" --cols "$2" --min-length "$3" --seed "$seed" --stats 2>&1 > "$maze"
    "$bin" check "$maze" | grep -q ": unique, " || echo "seed $seed: check does not say unique" >&2
  done | by_time | report "$1 $2×$2, $3+ moves"
}
large arrow 50 500
large dice 30 150

# hard FAMILY SIZE: five seeds of --difficulty hard, each checked unique.
hard() {
  for seed in 1 2 3 4 5; do
    "$bin" generate "$1" --rows "$2" --cols "$2" --difficulty hard --seed "$seed" --stats 2>&1 > "$maze" | grep -v 'grown to'
    "$bin" check "$maze" | grep -q ": unique, " || echo "seed $seed: check does not say unique" >&2
  done | by_time | report "$1 $2×$2 (hard)"
}
hard arrow 100
hard dice 100
if [ -n "${HUGE:-}" ]; then
  hard arrow 500
  hard dice 500
fi

# minotaur SIZE: hard, over the seeds, each checked unique.
minotaur() {
  for seed in $(seq 1 "$seeds"); do
    "$bin" generate minotaur --rows "$1" --cols "$1" --difficulty hard --seed "$seed" --stats 2>&1 > "$maze" | grep -v 'grown to'
    "$bin" check "$maze" | grep -q ": unique, " || echo "seed $seed: check does not say unique" >&2
  done | by_time | report "minotaur $1×$1 (hard)"
}
minotaur 6
minotaur 8
minotaur 12
