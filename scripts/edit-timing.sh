#!/usr/bin/env bash
# The editor's live proof in headless Chromium (BENCHMARKS.md, "The
# editor"): from an edit (a key) to its proof on the panel, median and
# slowest of 20, on 30×30 and 100×100 arrow and dice designs and a 12×12
# Theseus one;
# then 20 edits a second for 5 s on 100×100 designs, the page's longest
# stall. Each design is `generate FAMILY --rows N --cols N --seed 1`,
# edited by the release build. The baseline, in the same run: the C++
# contest solver of the family (../shared/peers: bfs.cpp for arrow and
# dice, minotaur.cpp for Theseus) solving the same design as a process,
# median of 11: what a bare solve costs, against a proof on the panel.
# Needs: apt-get install chromium; npm ci --prefix tests/e2e; g++.
#
#   scripts/edit-timing.sh [PEERS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin logicmaze
bin=target/release/logicmaze
dir=target/edit-timing
peers=${1:-../shared/peers}
mkdir -p "$dir"
for peer in bfs minotaur; do
  [ -f "$peers/$peer.cpp" ] && g++ -O2 -o "$dir/$peer" "$peers/$peer.cpp"
done
# peer FAMILY FILE: the peer's median wall time on FILE, in ms.
peer() {
  local solver=("$dir/bfs" "$1") times=()
  if [ "$1" = minotaur ]; then solver=("$dir/minotaur"); fi
  [ -x "${solver[0]}" ] || { echo "no peer"; return; }
  for _ in $(seq 11); do
    local start=$EPOCHREALTIME
    timeout 10 "${solver[@]}" < "$2" > /dev/null 2>&1 || true
    times+=("$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", (b - a) * 1000 }')")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 6p
}
run() { # FAMILY SIDE MODE
  local file="$dir/$1-$2.in" log="$dir/$1-$2.log"
  $bin generate "$1" --rows "$2" --cols "$2" --seed 1 > "$file" 2>/dev/null
  $bin edit "$file" --port 0 2> "$log" &
  local server=$!
  for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
  node tests/e2e/editor.mjs "$3" "$(grep -o 'http://[^ ]*' "$log")" || true
  kill "$server"
  wait "$server" 2>/dev/null || true
  [ "$3" = latency ] && echo "  baseline: the C++ peer solves $1 $2×$2 in $(peer "$1" "$file") ms (a process, median of 11)"
  return 0
}
run arrow 30 latency
run dice 30 latency
run minotaur 12 latency
run arrow 100 latency
run dice 100 latency
run arrow 100 typing
run dice 100 typing
