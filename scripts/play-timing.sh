#!/usr/bin/env bash
# The play page's speed in headless Chromium (software rendering): the
# time to open a maze's page, and the milliseconds from a key press to the
# frame it makes, over 40 moves, following the walker zoomed in and with
# the whole maze on the board (BENCHMARKS.md, "The play page"). Up to
# 500×500 the maze is a hard arrow maze (seed 4); larger, the generator's
# limit, it is the dice corridor of examples/random_maze.rs, whose one
# route winds through half the squares. Needs: apt-get install chromium;
# npm ci --prefix tests/e2e.
#
#   scripts/play-timing.sh [SIDE]      (SIDE default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
side=${1:-100}
cargo build --release --quiet --bin logicmaze --example random_maze
bin=target/release/logicmaze
mkdir -p target/play-pages
maze="target/play-pages/timing-$side.in"
if [ "$side" -le 500 ]; then
  $bin generate arrow --rows "$side" --cols "$side" --difficulty hard --seed 4 > "$maze"
else
  target/release/examples/random_maze corridor-dice "$side" "$side" > "$maze"
fi
page="target/play-pages/timing-$side.html"
$bin play "$maze" -o "$page"
echo "page: $(wc -c < "$page") bytes for $(wc -c < "$maze") bytes of maze"
node tests/e2e/pace.mjs timing "$page"
