#!/usr/bin/env bash
# Draws the README's images with the tool itself: the two judges' sample
# mazes and Abbott's Atlanta maze, each with its shortest route.
#
#   scripts/readme-images.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
mkdir -p docs/img
$bin render examples/arrow.in --maze SAMPLE --route -o docs/img/arrow-sample.svg
$bin render examples/dice.in --maze DICEMAZE2 --route -o docs/img/dice-sample.svg
$bin render tests/data/atlanta.in --route -o docs/img/atlanta.svg
$bin render examples/minotaur.in --maze Labyrinth --route -o docs/img/minotaur-labyrinth.svg

# Screenshots of the play page (each family in walk or play, overview,
# solved and phone views; dark; a 100×100 maze), taken in headless Chromium by the browser tests'
# harness (needs: apt-get install chromium; npm ci --prefix tests/e2e).
mkdir -p target/play-pages
$bin play tests/data/atlanta.in -o target/play-pages/arrow.html
$bin play examples/dice.in --maze DICEMAZE2 -o target/play-pages/dice.html
$bin play examples/minotaur.in --maze Labyrinth -o target/play-pages/minotaur.html
$bin generate arrow --rows 100 --cols 100 --difficulty hard --seed 4 > target/play-pages/big.in
$bin play target/play-pages/big.in -o target/play-pages/big.html
node tests/e2e/views.mjs shots docs/img target/play-pages/arrow.html target/play-pages/dice.html \
  target/play-pages/minotaur.html target/play-pages/big.html

# Atlanta's printed sheets, as Chromium prints a booklet (play --print) to
# PDF, rendered by mutool (apt-get install mupdf-tools).
$bin play tests/data/atlanta.in --print --solutions -o target/play-pages/booklet.html
node tests/e2e/print.mjs booklet target/play-pages/booklet.html target/play-pages/booklet.pdf
mutool draw -q -r 60 -o target/play-pages/sheet-%d.png target/play-pages/booklet.pdf 2>/dev/null
mv target/play-pages/sheet-1.png docs/img/print-atlanta.png
mv target/play-pages/sheet-2.png docs/img/print-atlanta-solution.png

# The editor mid-proof: a 3×3 arrow maze drawn by keys, an edit that gives
# it two shortest routes, both drawn, the panel saying so.
rm -f target/play-pages/two-routes.in
$bin edit target/play-pages/two-routes.in --family arrow --rows 3 --cols 3 --port 0 2> target/play-pages/edit.log &
editor=$!
for _ in $(seq 50); do grep -q http target/play-pages/edit.log && break; sleep 0.1; done
node tests/e2e/editor.mjs proof "$(grep -o 'http://[^ ]*' target/play-pages/edit.log)" docs/img/edit-two-routes.png
kill $editor
