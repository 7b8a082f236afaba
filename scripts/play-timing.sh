#!/usr/bin/env bash
# The play page's speed in headless Chromium (software rendering): the
# time to open a hard 100×100 arrow maze's page, and the milliseconds
# from a key press to the frame it makes, over 40 moves, following the
# walker zoomed in and with the whole maze on the board (BENCHMARKS.md,
# "The play page"). Needs: apt-get install chromium; npm ci --prefix
# tests/e2e.
#
#   scripts/play-timing.sh [SIDE]      (SIDE default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
side=${1:-100}
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
mkdir -p target/play-pages
$bin generate arrow --rows "$side" --cols "$side" --difficulty hard --seed 4 > "target/play-pages/timing-$side.in"
$bin play "target/play-pages/timing-$side.in" -o "target/play-pages/timing-$side.html"
echo "page: $(wc -c < "target/play-pages/timing-$side.html") bytes for $(wc -c < "target/play-pages/timing-$side.in") bytes of maze"
node tests/e2e/players.mjs timing "target/play-pages/timing-$side.html"
