#!/usr/bin/env bash
# Times `verify` against `solve` on the same mazes, taking turns, best of
# RUNS each: a 3000×3000 arrow maze whose one route has 9,000,000 moves
# (103 MB of answer), and 10,000 random 9×9 arrow mazes.
#
#   scripts/verify-speed.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet --bin logicmaze --example random_maze
bin=target/release/logicmaze
dir=target/bench-inputs
mkdir -p "$dir"
[ -s "$dir/snake-3000.in" ] || target/release/examples/random_maze snake-arrow 3000 3000 > "$dir/snake-3000.in"
[ -s "$dir/arrow-9x9-10000.in" ] || target/release/examples/random_maze arrow 9 9 1 10000 > "$dir/arrow-9x9-10000.in"
best() { sort -n | head -1; }
for input in snake-3000 arrow-9x9-10000; do
    in="$dir/$input.in" out="$dir/$input.out"
    [ -s "$out" ] || $bin solve "$in" > "$out"
    solve=() verify=()
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o /tmp/solve.time $bin solve "$in" > /dev/null
        /usr/bin/time -f "%e %M" -o /tmp/verify.time $bin verify "$in" "$out" > /dev/null 2>&1
        solve+=("$(cat /tmp/solve.time)") verify+=("$(cat /tmp/verify.time)")
    done
    s=$(printf '%s\n' "${solve[@]}" | best) v=$(printf '%s\n' "${verify[@]}" | best)
    answer=$(stat -c %s "$out")
    awk -v name="$input" -v s="$s" -v v="$v" -v bytes="$answer" 'BEGIN {
        split(s, a, " "); split(v, b, " ");
        printf "%s (answer %.0f MB): solve %.2f s %d MB, verify %.2f s %d MB: verify at %.2f of solve'"'"'s speed\n",
            name, bytes / 1e6, a[1], a[2] / 1024, b[1], b[2] / 1024, a[1] / b[1] }'
done
