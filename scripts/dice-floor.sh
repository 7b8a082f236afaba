#!/usr/bin/env bash
# Times `logicmaze solve` on the 1000×1000 exhaustive dice maze against its
# floor and against the C++ contest solver, all taking turns run by run so
# that they see the same machine; prints the median of RUNS for each and the
# ratios (BENCHMARKS.md, "The dice search, and its floor").
#
#   scripts/dice-floor.sh [RUNS [PEER_SOURCE]]     (RUNS default 11)
#
# The floor is `examples/dice_floor` run as a process: it reads and parses
# the file, builds a bitmap per top face of the squares it may enter, and
# rolls every orientation's bitmap once in each direction: every state
# touched once, with no search at all.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}
peer_source=${2:-../shared/peers/bfs.cpp}
file=target/bench-inputs/dice-1000.in

cargo build --release --quiet --bin logicmaze --example random_maze --example dice_floor
mkdir -p target/bench-inputs
[ -s "$file" ] || target/release/examples/random_maze exhaustive-dice 1000 1000 > "$file"
have_peer=false
if [ -f "$peer_source" ] && command -v g++ > /dev/null; then
  g++ -O2 -o target/peer "$peer_source" && have_peer=true
fi

# seconds CMD...: wall time of one run, from bash's microsecond clock.
seconds() {
  local start=$EPOCHREALTIME
  "$@" > /dev/null 2>&1
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }'
}
names=(solve "solve -j1" floor peer)
commands=(
  "target/release/logicmaze solve $file"
  "target/release/logicmaze solve -j1 $file"
  "target/release/examples/dice_floor $file 1"
  "sh -c 'target/peer dice < $file'"
)
$have_peer || unset 'names[3]' 'commands[3]'
declare -A times
for _ in $(seq "$runs"); do
  for i in "${!names[@]}"; do
    times[$i]+="$(eval seconds "${commands[$i]}") "
  done
done
# median I: the median of command I's times.
median() { tr ' ' '\n' <<< "${times[$1]}" | sed '/^$/d' | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
floor=$(median 2) peer=$($have_peer && median 3 || echo 0)
echo "median of $runs, taking turns:"
for i in "${!names[@]}"; do
  awk -v n="${names[$i]}" -v t="$(median "$i")" -v f="$floor" -v p="$peer" 'BEGIN {
    printf "  %-10s %.4f s  %.2f× the floor", n, t, t / f
    if (p > 0) printf "  peer ÷ this %.2f×", p / t
    printf "\n" }'
done
