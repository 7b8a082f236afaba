#!/usr/bin/env bash
# Times `logicmaze solve` on four kinds of 1000×1000 dice maze against its
# floor and against the C++ contest solver, all taking turns run by run so
# that they see the same machine; prints, for each kind, the median of RUNS
# for each program, the ratios (the median of each round's), and solve's
# peak memory per state (BENCHMARKS.md, "The dice search, and its floor").
#
#   scripts/dice-floor.sh [RUNS [PEER_SOURCE]]     (RUNS default 11)
#
# A PEER_SOURCE that is not a file (`none`, say) leaves the peer out.
#
#   BEFORE=path/to/logicmaze scripts/dice-floor.sh ...
#
# With BEFORE, that binary's `solve` and `solve -j1` take their turns too
# (a change measured against the build before it, in the same rounds).
#
#   PIN=1 scripts/dice-floor.sh ...
#
# With PIN, the programs that use one thread (`solve -j1`, the floor, the
# peer) all run on that processor (`taskset -c $PIN`), the others where
# the system puts them: this machine's processors do not always run at
# one speed, and a ratio then depends on where each program landed.
#
# The kinds: every square wild (a dense frontier: every orientation of a
# square reached at once); random, half the squares wild; laid along
# random walks of the die with a tenth wild (a sparse frontier, a state or
# two a square a layer); a forced corridor (a frontier of one state for
# half a million layers). None but the corridor can be solved, so the
# search reaches all it can.
#
# The floor is `examples/dice_floor` run as a process: it reads and parses
# the file, builds a bitmap per top face of the squares it may enter, and
# rolls every orientation's bitmap once in each direction: every state
# touched once, with no search at all.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}
peer_source=${2:-../shared/peers/bfs.cpp}
inputs=target/bench-inputs

cargo build --release --quiet --bin logicmaze --example random_maze --example dice_floor
mkdir -p "$inputs"
kinds=("all wild" "half wild" "a tenth wild, walked" "forced corridor")
files=("$inputs/dice-1000.in" "$inputs/dice-half-1000.in" "$inputs/dice-walked-1000.in" "$inputs/dice-corridor-1000.in")
makers=("exhaustive-dice 1000 1000" "exhaustive-dice:0.5 1000 1000 2" "walked-dice:0.1 1000 1000 1" "corridor-dice 1000 1000")
for i in "${!files[@]}"; do
  # shellcheck disable=SC2086 # the maker's words are its arguments
  [ -s "${files[$i]}" ] || target/release/examples/random_maze ${makers[$i]} > "${files[$i]}"
done
have_peer=false
if [ -f "$peer_source" ] && command -v g++ > /dev/null; then
  g++ -O2 -o target/peer "$peer_source" && have_peer=true
fi

# seconds CMD...: wall time of one run, from bash's microsecond clock.
seconds() {
  local start=$EPOCHREALTIME
  "$@" > /dev/null 2>&1
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }'
}
names=(solve "solve -j1" floor peer "before" "before -j1")
pin=${PIN:+taskset -c $PIN}
# program FILE I: program I on FILE.
program() {
  case $2 in
    0) echo "target/release/logicmaze solve $1" ;;
    1) echo "$pin target/release/logicmaze solve -j1 $1" ;;
    2) echo "$pin target/release/examples/dice_floor $1 1" ;;
    3) echo "$pin sh -c 'target/peer dice < $1'" ;;
    4) echo "$BEFORE solve $1" ;;
    5) echo "$pin $BEFORE solve -j1 $1" ;;
  esac
}
programs=(0 1 2)
$have_peer && programs+=(3)
[ -n "${BEFORE:-}" ] && programs+=(4 5)
declare -A times
# Each round starts its turns one program later than the round before,
# so that no program always runs first on a kind (after another kind's
# file), or always after the peer's large run.
for round in $(seq "$runs"); do
  for k in "${!files[@]}"; do
    for j in "${!programs[@]}"; do
      i=${programs[$(((j + round) % ${#programs[@]}))]}
      times[$k,$i]+="$(eval seconds "$(program "${files[$k]}" "$i")") "
    done
  done
done
# median K I: the median of program I's times on kind K.
median() { tr ' ' '\n' <<< "${times[$1,$2]}" | sed '/^$/d' | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
# ratio K A B: the median over the rounds of program A's time on kind K
# divided by program B's in the same round. The machine's speed drifts
# over a run by more than the gaps measured; two programs run one after
# the other see the same machine, so this median is steadier than the
# ratio of the two medians.
ratio() {
  paste -d' ' <(tr ' ' '\n' <<< "${times[$1,$2]}" | sed '/^$/d') <(tr ' ' '\n' <<< "${times[$1,$3]}" | sed '/^$/d') |
    awk '{ print $1 / $2 }' | sort -g | awk '{ r[NR] = $1 } END { print r[int((NR + 1) / 2)] }'
}
echo "median of $runs, taking turns; ratios are medians of the rounds' ratios;"
echo "memory is solve's peak resident set per state (24 a square)"
for k in "${!files[@]}"; do
  kilobytes=$(command time -f %M target/release/logicmaze solve "${files[$k]}" 2>&1 > /dev/null | tail -1)
  echo "${kinds[$k]}: $(awk -v kb="$kilobytes" 'BEGIN { printf "%.2f B/state", kb * 1024 / 24e6 }')"
  for i in "${programs[@]}"; do
    printf "  %-10s %.4f s  %.2f× the floor" "${names[$i]}" "$(median "$k" "$i")" "$(ratio "$k" "$i" 2)"
    $have_peer && printf "  peer ÷ this %.2f×" "$(ratio "$k" 3 "$i")"
    printf "\n"
  done
done
