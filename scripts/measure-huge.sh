#!/usr/bin/env bash
# Times the release binary against the C++ contest solver on three huge
# exhaustive mazes and two batches of small ones, with /usr/bin/time, in one
# run so the ratios compare like with like on a noisy machine.
#
#   scripts/measure-huge.sh [RUNS [PEER_SOURCE]]
#
# RUNS: runs of each, best time kept (default 3). PEER_SOURCE: the C++
# solver's source (default ../shared/peers/bfs.cpp, outside this
# repository); without it, or without g++, its columns are left empty and
# the script says so.
#
# Prints a Markdown table: wall time and peak RSS for both, the ratios, and
# bytes of peak memory per search state.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
peer_source=${2:-../shared/peers/bfs.cpp}

cargo build --release --quiet --bin logicmaze --example random_maze
mkdir -p target/bench-inputs
gen=target/release/examples/random_maze
[ -s target/bench-inputs/dice-1000.in ] || $gen exhaustive-dice 1000 1000 > target/bench-inputs/dice-1000.in
[ -s target/bench-inputs/arrow-2000.in ] || $gen exhaustive-arrow 2000 2000 > target/bench-inputs/arrow-2000.in
[ -s target/bench-inputs/arrow-4000.in ] || $gen exhaustive-arrow 4000 4000 > target/bench-inputs/arrow-4000.in
[ -s target/bench-inputs/arrow-9x9-10000.in ] || $gen arrow 9 9 0 10000 > target/bench-inputs/arrow-9x9-10000.in
[ -s target/bench-inputs/dice-10x10-10000.in ] || $gen dice 10 10 0 10000 > target/bench-inputs/dice-10x10-10000.in

have_peer=false
if [ -f "$peer_source" ] && command -v g++ >/dev/null; then
  g++ -O2 -o target/peer "$peer_source" && have_peer=true
fi
$have_peer || echo "note: no C++ peer ($peer_source missing, or no g++): only logicmaze is timed" >&2

# best_of CMD...: prints "seconds kilobytes" of the fastest of $runs runs.
best_of() {
  local best=""
  for _ in $(seq "$runs"); do
    local line
    /usr/bin/time -f "%e %M" -o target/bench-inputs/time.txt "$@" > /dev/null 2>&1
    line=$(tail -n 1 target/bench-inputs/time.txt)
    if [ -z "$best" ] || awk -v a="${line% *}" -v b="${best% *}" 'BEGIN { exit !(a < b) }'; then
      best=$line
    fi
  done
  echo "$best"
}

echo "| maze | states | logicmaze | peak RSS | bytes/state | C++ peer | peer RSS | time ratio (peer ÷ ours) | memory ratio (peer ÷ ours) |"
echo "|---|---|---|---|---|---|---|---|---|"
row() { # name family file states
  local name=$1 family=$2 file=$3 states=$4
  read -r t m < <(best_of target/release/logicmaze solve "$file")
  local bps=-
  if [ "$states" != - ]; then
    bps=$(awk -v m="$m" -v s="$states" 'BEGIN { printf "%.2f", m * 1024 / s }')
  fi
  if $have_peer; then
    read -r pt pm < <(best_of sh -c "target/peer $family < $file")
    awk -v n="$name" -v s="$states" -v t="$t" -v m="$m" -v b="$bps" -v pt="$pt" -v pm="$pm" 'BEGIN {
      printf "| %s | %s | %.2f s | %.0f MB | %s | %.2f s | %.0f MB | %.1f× | %.1f× |\n",
        n, s, t, m / 1024, b, pt, pm / 1024, pt / t, pm / m }'
  else
    awk -v n="$name" -v s="$states" -v t="$t" -v m="$m" -v b="$bps" 'BEGIN {
      printf "| %s | %s | %.2f s | %.0f MB | %s | - | - | - | - |\n", n, s, t, m / 1024, b }'
  fi
}
# States: 24 orientations per square / 4 approaches per intersection, on the
# padded grid the engine allocates.
row "dice 1000×1000 (exhaustive)" dice target/bench-inputs/dice-1000.in $((1002 * 1002 * 24))
row "arrow 2000×2000 (exhaustive)" arrow target/bench-inputs/arrow-2000.in $((2003 * 2002 * 4))
row "arrow 4000×4000 (exhaustive)" arrow target/bench-inputs/arrow-4000.in $((4003 * 4002 * 4))
row "10,000 arrow 9×9 (random)" arrow target/bench-inputs/arrow-9x9-10000.in -
row "10,000 dice 10×10 (random)" dice target/bench-inputs/dice-10x10-10000.in -
