#!/usr/bin/env bash
# The time limit a package's accepted solutions set, at the contest's side
# and at the largest side `package` allows: for each family, the slowest
# run over the secret files of the C++ solution, of the Python one under
# PyPy (as Kattis and BAPCtools run Python 3) and under CPython, and the
# time limit Kattis's `verifyproblem` sets from the slowest accepted run.
#
#   scripts/package-times.sh
#
# Prints one markdown table row per family and side. Needs verifyproblem
# (pip install problemtools), g++, pypy3 and python3. Run it alone: the
# times are the machine's.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin logicmaze
bin=$PWD/target/release/logicmaze
dir=target/package-times
rm -rf "$dir"
mkdir -p "$dir"
# The slowest wall time of COMMAND... over the secret inputs of $1.
slowest() {
  local package=$1
  shift
  local worst=0
  for input in "$package"/data/secret/*.in; do
    local start end
    start=$(date +%s%N)
    "$@" <"$input" >/dev/null
    end=$(date +%s%N)
    worst=$(( end - start > worst ? end - start : worst ))
  done
  printf "%.3f s" "$(echo "$worst / 1000000000" | bc -l)"
}
echo "| family | side | C++ | Python (PyPy) | Python (CPython) | verifyproblem's time limit |"
echo "|---|---|---|---|---|---|"
for spec in "arrow 9" "arrow 100" "dice 10" "dice 100" "minotaur 20" "minotaur 40"; do
  set -- $spec
  package=$dir/$1$2
  "$bin" package "$1" "$package" --max-side "$2" 2>/dev/null
  g++ -O2 -std=c++17 -o "$package/solution" "$package/submissions/accepted/solution.cpp"
  cpp=$(slowest "$package" "$package/solution")
  pypy=$(slowest "$package" pypy3 "$package/submissions/accepted/solution.py")
  cpython=$(slowest "$package" python3 "$package/submissions/accepted/solution.py")
  limit=$(verifyproblem "$package" -p submissions 2>&1 \
    | sed -n 's/.*setting timelim to \([0-9.]*\) secs.*/\1 s/p')
  echo "| $1 | $2 | $cpp | $pypy | $cpython | $limit |"
done
