#!/usr/bin/env bash
# How the cost of solving and generating grows with the size of a maze:
# the time (median of RUNS, default 3) and peak resident memory of
#   - `solve` on exhaustive arrow and dice mazes (every reachable state
#     visited, none a goal: the worst case) of about 10², 10³ … 10⁷ states,
#     and on Theseus arenas whose exit is walled in (`random_maze
#     minotaur-walled:0.1`: (rows·cols)² states, every reachable one
#     visited) of about 10² … 10⁸,
#   - `generate --difficulty hard` of arrow and dice mazes of about
#     10² … 10⁶ states, and of Theseus mazes of 10² … 10⁵ (seed 1, one
#     run: the length asked grows with size, and the largest take
#     minutes),
# written as docs/scaling.csv and drawn as docs/scaling.svg (log-log; see
# BENCHMARKS.md, "How cost grows with size").
#
#   scripts/scaling.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet --bin logicmaze --example random_maze
bin=target/release/logicmaze
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure RUNS CMD...: "seconds kilobytes" of the median of RUNS runs by
# time (bash's microsecond clock; the peak memory from time(1)).
measure() {
  local repeat=$1 start
  shift
  for _ in $(seq "$repeat"); do
    start=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o "$work/time" "$@" > /dev/null 2>&1 || true
    awk -v a="$start" -v b="$EPOCHREALTIME" -v kb="$(tail -1 "$work/time")" 'BEGIN { printf "%.4f %d\n", b - a, kb }'
  done | sort -g | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'
}

# side STATES PER_CELL: the side of a square grid of about STATES states.
side() { awk -v s="$1" -v p="$2" 'BEGIN { printf "%d", sqrt(s / p) + 0.5 }'; }

echo "task,family,states,seconds,megabytes" > docs/scaling.csv
for family in arrow dice; do
  per_cell=$([ "$family" = arrow ] && echo 4 || echo 24)
  for power in 2 3 4 5 6 7; do
    n=$(side "1e$power" "$per_cell")
    [ "$n" -ge 2 ] || n=2
    target/release/examples/random_maze "exhaustive-$family" "$n" "$n" > "$work/maze"
    read -r seconds kilobytes <<< "$(measure "$runs" "$bin" solve "$work/maze")"
    echo "solve,$family,$((n * n * per_cell)),$seconds,$((kilobytes / 1024))" >> docs/scaling.csv
  done
  for power in 2 3 4 5 6; do
    n=$(side "1e$power" "$per_cell")
    [ "$n" -ge 3 ] || n=3
    read -r seconds kilobytes <<< "$(measure 1 "$bin" generate "$family" --difficulty hard --rows "$n" --cols "$n" --seed 1)"
    echo "generate,$family,$((n * n * per_cell)),$seconds,$((kilobytes / 1024))" >> docs/scaling.csv
  done
done
# Theseus: a square arena of side n has n⁴ states.
for power in 2 3 4 5 6 7 8; do
  n=$(awk -v p="$power" 'BEGIN { printf "%d", 10 ^ (p / 4) + 0.5 }')
  [ "$n" -ge 3 ] || n=3
  target/release/examples/random_maze minotaur-walled:0.1 "$n" "$n" > "$work/maze"
  read -r seconds kilobytes <<< "$(measure "$runs" "$bin" solve "$work/maze")"
  echo "solve,minotaur,$((n * n * n * n)),$seconds,$((kilobytes / 1024))" >> docs/scaling.csv
done
for power in 2 3 4 5; do
  n=$(awk -v p="$power" 'BEGIN { printf "%d", 10 ^ (p / 4) + 0.5 }')
  [ "$n" -ge 3 ] || n=3
  read -r seconds kilobytes <<< "$(measure 1 "$bin" generate minotaur --difficulty hard --rows "$n" --cols "$n" --seed 1)"
  echo "generate,minotaur,$((n * n * n * n)),$seconds,$((kilobytes / 1024))" >> docs/scaling.csv
done
column -ts, docs/scaling.csv

# The plot: time and memory against states, log-log, one line a series.
awk -F, 'NR > 1 { key = $1 " " $2; n[key]++; x[key, n[key]] = $3; t[key, n[key]] = $4; m[key, n[key]] = $5; keys[key] }
  function lg(v) { return log(v < 1e-3 ? 1e-3 : v) / log(10) }
  function px(s) { return 70 + (lg(s) - 2) / 6 * 330 }
  # A panel of 330 × 220 at (left, 40): decades lo..hi up the side.
  function panel(left, title, lo, hi, unit,   d, y) {
    printf "<g transform=\"translate(%d,0)\">\n", left
    printf "<text x=\"235\" y=\"24\" text-anchor=\"middle\" font-weight=\"bold\">%s</text>\n", title
    for (d = 2; d <= 8; d++) printf "<line x1=\"%.1f\" y1=\"40\" x2=\"%.1f\" y2=\"260\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"278\" text-anchor=\"middle\">10<tspan dy=\"-6\" font-size=\"9\">%d</tspan></text>\n", px(10^d), px(10^d), px(10^d), d
    for (d = lo; d <= hi; d++) { y = 260 - (d - lo) / (hi - lo) * 220
      printf "<line x1=\"70\" y1=\"%.1f\" x2=\"400\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"64\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", y, y, y + 4, label(d, unit) }
    printf "<text x=\"235\" y=\"298\" text-anchor=\"middle\">states</text>\n"
  }
  function label(d, unit) { return (d >= 0 ? 10^d : sprintf("%g", 10^d)) " " unit }
  function line(key, values, lo, hi, colour, dash,   i, p, y) {
    p = ""
    for (i = 1; i <= n[key]; i++) { y = 260 - (lg(values[key, i]) - lo) / (hi - lo) * 220; p = p sprintf("%.1f,%.1f ", px(x[key, i]), y) }
    printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\"/>\n", p, colour, dash
  }
  END {
    colour["solve arrow"] = "#1f6feb"; colour["solve dice"] = "#d1242f"; colour["solve minotaur"] = "#1a7f37"
    colour["generate arrow"] = "#1f6feb"; colour["generate dice"] = "#d1242f"; colour["generate minotaur"] = "#1a7f37"
    dash["solve arrow"] = ""; dash["solve dice"] = ""; dash["solve minotaur"] = ""
    dash["generate arrow"] = "6 4"; dash["generate dice"] = "6 4"; dash["generate minotaur"] = "6 4"
    print "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"880\" height=\"350\" font-family=\"sans-serif\" font-size=\"12\">"
    print "<rect width=\"880\" height=\"350\" fill=\"white\"/>"
    panel(0, "time", -3, 2, "s"); for (k in keys) line(k, t, -3, 2, colour[k], dash[k]); print "</g>"
    panel(440, "peak memory", 0, 3, "MB"); for (k in keys) line(k, m, 0, 3, colour[k], dash[k]); print "</g>"
    split("solve arrow|solve dice|solve minotaur|generate arrow|generate dice|generate minotaur", order, "|")
    for (i = 1; i <= 6; i++) { xx = 20 + (i - 1) * 143
      printf "<line x1=\"%d\" y1=\"330\" x2=\"%d\" y2=\"330\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\"/><text x=\"%d\" y=\"334\">%s</text>\n", xx, xx + 30, colour[order[i]], dash[order[i]], xx + 36, order[i] }
    print "</svg>"
  }' docs/scaling.csv > docs/scaling.svg
echo "wrote docs/scaling.csv and docs/scaling.svg"
