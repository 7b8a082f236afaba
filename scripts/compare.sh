#!/usr/bin/env bash
# Times `logicmaze solve` built from this checkout against the same built
# from another revision, on one input, the two taking turns run by run, so
# that both see the same machine; prints the best of RUNS for each and the
# ratio. The other revision is built in a worktree under target/.
#
#   scripts/compare.sh REV FILE [RUNS [SOLVE-ARGS...]]     (RUNS default 7)
#
# Example: scripts/compare.sh b25634a target/bench-inputs/arrow-4000.in 7
set -euo pipefail
cd "$(dirname "$0")/.."
rev=$1 file=$2 runs=${3:-7}
shift $(( $# < 3 ? $# : 3 ))
cargo build --release --quiet --bin logicmaze
tree=target/compare-tree
git worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
git worktree add --quiet --detach "$tree" "$rev"
CARGO_TARGET_DIR=target/compare-target cargo build --release --quiet --bin logicmaze \
  --manifest-path "$tree/Cargo.toml"
git worktree remove --force "$tree"
theirs=target/compare-target/release/logicmaze
ours=target/release/logicmaze
cmp <("$theirs" solve "$@" "$file") <("$ours" solve "$@" "$file") > /dev/null ||
  echo "note: the two builds print different answers"

# seconds CMD...: wall time of one run, from bash's microsecond clock.
seconds() {
  local start=$EPOCHREALTIME
  "$@" > /dev/null 2>&1
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }'
}
best_theirs=999 best_ours=999
for _ in $(seq "$runs"); do
  t=$(seconds "$theirs" solve "$@" "$file")
  best_theirs=$(awk -v a="$t" -v b="$best_theirs" 'BEGIN { print (a < b) ? a : b }')
  t=$(seconds "$ours" solve "$@" "$file")
  best_ours=$(awk -v a="$t" -v b="$best_ours" 'BEGIN { print (a < b) ? a : b }')
done
awk -v r="$rev" -v t="$best_theirs" -v o="$best_ours" -v n="$runs" 'BEGIN {
  printf "best of %d, taking turns: %s %.3f s, this checkout %.3f s: %.2fx\n", n, r, t, o, t / o }'
