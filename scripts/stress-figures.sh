#!/usr/bin/env bash
# What `logicmaze stress` costs: mazes judged a second with the C++ peers
# (../shared/peers) as the
# program under test, for SECONDS each; then, for every trap of the
# families' solutions (src/family/*/solution.cpp with its TRAP_ macro),
# the time to the shrunk maze, its squares, and the runs it took.
#
#   scripts/stress-figures.sh [SECONDS]      (SECONDS default 10)
#
# Prints two markdown tables (the second a row a family). Needs g++.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
cargo build --release --quiet --bin logicmaze
bin=$PWD/target/release/logicmaze
dir=target/stress-figures
mkdir -p "$dir"
g++ -O2 -o "$dir/bfs" ../shared/peers/bfs.cpp
g++ -O2 -o "$dir/minotaur" ../shared/peers/minotaur.cpp
echo "| family | program | mazes judged | a second |"
echo "|---|---|---|---|"
for family in arrow dice minotaur; do
  case $family in
    minotaur) program=("$dir/minotaur") ;;
    *) program=("$dir/bfs" "$family") ;;
  esac
  said=$("$bin" stress "$family" --seed 1 --time-limit "$seconds" -- "${program[@]}" 2>&1 || true)
  mazes=$(echo "$said" | sed -n 's/.*no failure in \([0-9]*\) mazes.*/\1/p')
  echo "| $family | peer ($(basename "${program[0]}")) | $mazes | $((mazes / seconds)) |"
done
echo
echo "| family | each trap: time to the shrunk maze, mazes tried, squares found → shrunk, runs to shrink |"
echo "|---|---|"
for family in arrow dice minotaur; do
  row=""
  for trap in $(grep -o 'TRAP_[A-Z][A-Z_]*' "src/family/$family/solution.cpp" | sort -u); do
    [ "$trap" = TRAP_EVERY_ROUTE ] && continue
    source="$dir/$family-$trap.cpp"
    { echo "#define $trap"; cat "src/family/$family/solution.cpp"; } > "$source"
    g++ -O2 -o "${source%.cpp}" "$source"
    start=$(date +%s.%N)
    spaced=()
    [ "$trap" = TRAP_NAME_AS_A_WORD ] && spaced=(--spaced-names)
    report=$("$bin" stress "$family" --seed 1 "${spaced[@]}" -- "${source%.cpp}" || true)
    took=$(echo "$(date +%s.%N) - $start" | bc)
    line=$(echo "$report" | head -1)
    tried=$(echo "$line" | sed -n 's/A failing maze after \([0-9]*\) mazes.*/\1/p')
    from=$(echo "$line" | sed -n 's/.*shrunk from \([0-9]*\) squares to \([0-9]*\) in.*/\1 → \2/p')
    runs=$(echo "$line" | sed -n 's/.* in \([0-9]*\) runs.*/\1/p')
    name=$(echo "${trap#TRAP_}" | tr 'A-Z_' 'a-z-')
    row="$row${row:+; }$(printf "%s %.2f s, %s mazes, %s squares in %s runs" "$name" "$took" "$tried" "$from" "$runs")"
  done
  echo "| $family | $row |"
done
