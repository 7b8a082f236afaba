#!/usr/bin/env bash
# End-to-end measurements of the release binary, with /usr/bin/time:
#   1. throughput on 100,000 random judge-size mazes of each family (9×9 arrow,
#      10×10 dice): MB/s and mazes/s for --jobs 1 and --jobs 2, against
#      `cat FILE > /dev/null` as the floor, all in this one run;
#   2. streaming: about 2 GB of small mazes piped from the generator into
#      `logicmaze solve`: peak resident memory (must stay under 100 MB);
#   3. the 4000×4000 exhaustive arrow maze (64 M states): time and memory.
#
#   scripts/bench.sh [RUNS]     (best of RUNS, default 3; the 2 GB run is done once)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet --bin logicmaze --example random_maze
gen=target/release/examples/random_maze
bin=target/release/logicmaze
dir=target/bench-inputs
mkdir -p "$dir"
[ -s "$dir/arrow-9x9-100000.in" ] || $gen arrow 9 9 0 100000 > "$dir/arrow-9x9-100000.in"
[ -s "$dir/dice-10x10-100000.in" ] || $gen dice 10 10 0 100000 > "$dir/dice-10x10-100000.in"
[ -s "$dir/arrow-4000.in" ] || $gen exhaustive-arrow 4000 4000 > "$dir/arrow-4000.in"

# once CMD...: "seconds kilobytes" of one run: wall time from bash's
# microsecond clock, peak resident memory from /usr/bin/time.
once() {
  local start=$EPOCHREALTIME
  /usr/bin/time -f "%M" -o "$dir/time.txt" "$@" > /dev/null 2>&1
  local end=$EPOCHREALTIME
  echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') $(tail -n 1 "$dir/time.txt")"
}

# best CMD...: "seconds kilobytes" of the fastest of $runs runs.
best() {
  local best="" line
  for _ in $(seq "$runs"); do
    line=$(once "$@")
    if [ -z "$best" ] || awk -v a="${line% *}" -v b="${best% *}" 'BEGIN { exit !(a < b) }'; then
      best=$line
    fi
  done
  echo "$best"
}

echo "## Throughput, 100,000 mazes per file (best of $runs, the three commands taking turns)"
echo
echo "| input | size | cat (floor) | --jobs 1 | --jobs 2 | speed-up | MB/s (--jobs 2) | mazes/s (--jobs 2) | peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|"
for name in arrow-9x9-100000 dice-10x10-100000; do
  file="$dir/$name.in"
  bytes=$(stat -c %s "$file")
  floor=9 one=9 two=9 kb=0
  for _ in $(seq "$runs"); do
    read -r t _ < <(once cat "$file")
    floor=$(awk -v a="$t" -v b="$floor" 'BEGIN { print (a < b) ? a : b }')
    read -r t _ < <(once "$bin" solve --jobs 1 "$file")
    one=$(awk -v a="$t" -v b="$one" 'BEGIN { print (a < b) ? a : b }')
    read -r t k < <(once "$bin" solve --jobs 2 "$file")
    two=$(awk -v a="$t" -v b="$two" 'BEGIN { print (a < b) ? a : b }')
    kb=$(( k > kb ? k : kb ))
  done
  awk -v n="$name" -v b="$bytes" -v f="$floor" -v o="$one" -v t="$two" -v k="$kb" 'BEGIN {
    printf "| %s | %.0f MB | %.3f s | %.3f s | %.3f s | %.2f× | %.0f | %.0f | %.0f MB |\n",
      n, b / 1e6, f, o, t, o / t, b / 1e6 / t, 100000 / t, k / 1024 }'
done

echo
echo "## Streaming about 2 GB of small mazes from a pipe"
echo
$gen arrow 9 9 0 1200000 | tee >(wc -c > "$dir/stream-bytes.txt") |
  /usr/bin/time -f "%e %M" -o "$dir/time.txt" "$bin" solve --quiet > /dev/null
read -r seconds kb < "$dir/time.txt"
sleep 1
echo "1,200,000 9×9 arrow mazes, $(( $(cat "$dir/stream-bytes.txt") / 1000000 )) MB, piped from the generator: solved in ${seconds} s (the generator is the slower end); peak RSS of logicmaze solve: $((kb / 1024)) MB"

echo
echo "## 4000×4000 exhaustive arrow maze"
echo
read -r t kb < <(best "$bin" solve "$dir/arrow-4000.in")
states=$((4003 * 4002 * 4))
awk -v t="$t" -v k="$kb" -v s="$states" 'BEGIN {
  printf "%d states: %.2f s, %.0f MB peak, %.2f bytes/state\n", s, t, k / 1024, k * 1024 / s }'
