#!/usr/bin/env bash
# The Theseus search against its C++ peer (../shared/peers/minotaur.cpp, a
# plain breadth-first search: a byte a state seen, 32-bit queue and
# parents), side by side on the same mazes, the programs taking turns run
# by run; prints one markdown table row per maze: states reached, the best
# time and its peak memory of `solve` and of the peer, their ratio, bytes a
# state of the space ((rows·cols)² states), whether the routes are the same
# bytes; then `check` on the mazes with an escape against the peer's
# search of the walled-in maze of the same size.
#
#   scripts/minotaur-peer.sh [RUNS [SIZES]]      (RUNS default 3, SIZES "60 120 150")
#
# Each program's best of RUNS runs (ten times RUNS up to 80×80).
#
# The mazes (`random_maze minotaur-open:D` and `minotaur-walled:D`, seed 1):
# Theseus in the middle, the Minotaur in a corner, the exit in the opposite
# corner, walls at density D (0.1 sparse, 0.3 dense); walled: the exit
# walled in, so that a search visits every reachable state.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
sizes=${2:-60 120 150}
cargo build --release --quiet --bin logicmaze --example random_maze --example search_time
dir=target/theseus-peer
mkdir -p "$dir"
peer=$dir/peer
[ "$peer" -nt ../shared/peers/minotaur.cpp ] || g++ -O2 -o "$peer" ../shared/peers/minotaur.cpp
bin=target/release/logicmaze

# once CMD...: "seconds kilobytes" of one run.
once() {
  local start=$EPOCHREALTIME
  /usr/bin/time -f "%M" -o $dir/time.txt "$@" > $dir/out.txt 2>/dev/null || true
  local end=$EPOCHREALTIME
  echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') $(tail -n 1 $dir/time.txt)"
}

# faster A B: the faster of two "seconds kilobytes" lines.
faster() {
  if [ -z "$2" ] || awk -v a="${1% *}" -v b="${2% *}" 'BEGIN { exit !(a < b) }'; then echo "$1"; else echo "$2"; fi
}

echo "| maze | states reached | \`solve\` | C++ peer | peer ÷ solve | bytes a state | same routes |"
echo "|---|---|---|---|---|---|---|"
declare -A exhaustive
for size in $sizes; do
  for kind in walled:0.1 walled:0.3 open:0.1 open:0.3; do
    maze=$dir/$kind-$size.in
    [ -s "$maze" ] || target/release/examples/random_maze "minotaur-$kind" "$size" "$size" 1 > "$maze"
    ours="" theirs=""
    # Runs of a few hundredths of a second show this machine's swings
    # most: ten times as many there.
    reps=$runs
    (( size <= 80 )) && reps=$(( runs * 10 ))
    for _ in $(seq "$reps"); do
      ours=$(faster "$(once "$bin" solve -q "$maze")" "$ours")
      cp $dir/out.txt $dir/ours.txt
      theirs=$(faster "$(once "$peer" < "$maze")" "$theirs")
    done
    same=no
    cmp -s $dir/ours.txt $dir/out.txt && same=yes
    reached=$(target/release/examples/search_time "$maze" 1 1 | sed -n "s/.*), \([0-9]*\) states reached/\1/p")
    ratio=$(awk -v a="${theirs% *}" -v b="${ours% *}" 'BEGIN { printf "%.1f×", a / b }')
    bytes=$(awk -v k="${ours#* }" -v n="$size" 'BEGIN { printf "%.2f", k * 1024 / (n * n) ^ 2 }')
    echo "| $kind ${size}×${size} | $reached | ${ours% *} s, $(( ${ours#* } / 1024 )) MB | ${theirs% *} s, $(( ${theirs#* } / 1024 )) MB | $ratio | $bytes | $same |"
    [ "${kind%%:*}" = walled ] && [ -z "${exhaustive[$size]:-}" ] && exhaustive[$size]=${theirs% *}
  done
done

echo
echo "| maze with an escape | \`check\` | the peer's whole search of walled:0.1 at that size | check ÷ that |"
echo "|---|---|---|---|"
for size in $sizes; do
  for kind in open:0.1 open:0.3; do
    maze=$dir/$kind-$size.in
    best=""
    reps=$runs
    (( size <= 80 )) && reps=$(( runs * 10 ))
    for _ in $(seq "$reps"); do best=$(faster "$(once "$bin" check -q "$maze")" "$best"); done
    ratio=$(awk -v a="${best% *}" -v b="${exhaustive[$size]}" 'BEGIN { printf "%.1f×", a / b }')
    echo "| $kind ${size}×${size} | ${best% *} s, $(( ${best#* } / 1024 )) MB | ${exhaustive[$size]} s | $ratio |"
  done
done
