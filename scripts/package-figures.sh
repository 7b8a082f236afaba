#!/usr/bin/env bash
# The figures of each family's contest package at the contest's limits:
# what `logicmaze package --report` says of its secret data (the most
# states a search reaches, against the states the limits allow; the
# longest shortest route; the mazes, random ones and ones without a
# route), how long `package` takes, and what Kattis's `verifyproblem`
# makes of it (the time limit it sets from the accepted solution, the
# slowest accepted run, the verdicts of the submissions).
#
#   scripts/package-figures.sh [SEED]      (SEED default 1)
#
# Prints one markdown table row per family. Needs verifyproblem (pip
# install problemtools) and g++.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${1:-1}
cargo build --release --quiet --bin logicmaze
bin=$PWD/target/release/logicmaze
dir=target/package-figures
rm -rf "$dir"
mkdir -p "$dir"
# The states the limits allow: arrow rows·cols·4; dice rows·cols·24, of
# which a die can stand in half (a roll flips the parity of its
# orientation and the colour of its square); Theseus (rows·cols)².
space() {
  case $1 in
    arrow) echo $((9 * 9 * 4)) ;;
    dice) echo $((10 * 10 * 12)) ;;
    minotaur) echo $((400 * 400)) ;;
  esac
}
# PATH without this checkout's logicmaze: the package must carry its own.
path=$(echo "$PATH" | tr ':' '\n' | grep -v "$PWD/target" | paste -sd: -)
echo "| family | package takes | most states reached (of the space) | whole search, no route | longest route | mazes (random, no route) | time limit (slowest AC) | submissions |"
echo "|---|---|---|---|---|---|---|---|"
for family in arrow dice minotaur; do
  start=$(date +%s.%N)
  "$bin" package "$family" "$dir/$family" --seed "$seed" 2>/dev/null
  took=$(echo "$(date +%s.%N) - $start" | bc)
  report=$("$bin" package --report "$dir/$family" | grep '^secret/')
  most=$(echo "$report" | awk '{print $4}' | sort -n | tail -1)
  whole=$(echo "$report" | awk '/whole-searches/ && $4 > m {m = $4} END {print m}')
  longest=$(echo "$report" | awk '$5 != "-" {print $5}' | sort -n | tail -1)
  mazes=$(echo "$report" | awk '{m += $2} END {print m}')
  random=$(echo "$report" | awk '/random-mazes/ {m += $2} END {print m}')
  none=$(echo "$report" | awk '{m += $6} END {print m}')
  verdicts=$(PATH=$path verifyproblem "$dir/$family" -p submissions 2>&1)
  limit=$(echo "$verdicts" | sed -n 's/.*Slowest AC runtime: \([0-9.]*\), setting timelim to \([0-9.]*\) secs.*/\2 s (\1 s)/p')
  ok=$(echo "$verdicts" | grep -o 'OK: [A-Z]*' | sort | uniq -c | awk '{printf "%s%s %s", sep, $1, $3; sep=", "}')
  summary=$(echo "$verdicts" | grep -o 'tested: .*')
  printf "| %s | %.1f s | %s (%d%%) | %s | %s | %s (%s, %s) | %s | %s; %s |\n" \
    "$family" "$took" "$most" $((100 * most / $(space $family))) "$whole" "$longest" \
    "$mazes" "$random" "$none" "$limit" "$ok" "$summary"
done
