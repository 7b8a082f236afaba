#!/usr/bin/env bash
# The editor's live proof in headless Chromium (BENCHMARKS.md, "The
# editor"): from an edit (a key) to its proof on the panel, median and
# slowest of 20, on 30×30 arrow and dice designs and a 12×12 Theseus one;
# then 20 edits a second for 5 s on 100×100 designs, the page's longest
# stall. Each design is `generate FAMILY --rows N --cols N --seed 1`,
# edited by the release build. Needs: apt-get install chromium; npm ci
# --prefix tests/e2e.
#
#   scripts/edit-timing.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
dir=target/edit-timing
mkdir -p "$dir"
run() { # FAMILY SIDE MODE
  local file="$dir/$1-$2.in" log="$dir/$1-$2.log"
  $bin generate "$1" --rows "$2" --cols "$2" --seed 1 > "$file" 2>/dev/null
  $bin edit "$file" --port 0 2> "$log" &
  local server=$!
  for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
  node tests/e2e/editor.mjs "$3" "$(grep -o 'http://[^ ]*' "$log")" || true
  kill "$server"
  wait "$server" 2>/dev/null || true
}
run arrow 30 latency
run dice 30 latency
run minotaur 12 latency
run arrow 100 typing
run dice 100 typing
