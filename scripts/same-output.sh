#!/usr/bin/env bash
# Checks that two logicmaze binaries write the same bytes (stdout, stderr
# and exit status) for every command on the same inputs: for refactors
# that must change nothing a user sees.
#
#   scripts/same-output.sh OLD NEW [MAZES]      (MAZES default 10000)
#
# OLD and NEW are logicmaze binaries (build the old one from a worktree of
# the commit to compare with). The inputs are the examples, tests/data,
# ../shared/samples and ../shared/real when present, MAZES random mazes of
# each family (written by NEW's `cargo run --example random_maze`), JSON
# lines broken in many ways, and generated mazes (every family's presets
# over 21 seeds, and sizes up to 100×100: a few minutes of the run).
# Prints each difference and exits 1 if there is any.
set -uo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1") new=$(realpath "$2") mazes=${3:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
differences=0

# Runs one command line with both binaries on stdin $1, compares.
same() {
  local input=$1; shift
  "$old" "$@" < "$input" > "$work/old.out" 2> "$work/old.err"; echo $? > "$work/old.status"
  "$new" "$@" < "$input" > "$work/new.out" 2> "$work/new.err"; echo $? > "$work/new.status"
  # The time `generate --stats` took is the one figure that may differ.
  sed -i -E 's/, [0-9.]+ s$//' "$work/old.err" "$work/new.err"
  for part in out err status; do
    if ! cmp -s "$work/old.$part" "$work/new.$part"; then
      echo "DIFFERENT $part: logicmaze $* < $input"
      diff "$work/old.$part" "$work/new.$part" | head -5
      differences=$((differences + 1))
    fi
  done
}

inputs=(examples/*.in tests/data/*.in tests/data/*.json tests/data/fuzz/*)
for shared in ../shared/samples/*.in ../shared/real/*.in; do
  [ -e "$shared" ] && inputs+=("$shared")
done
cargo run --release --quiet --example random_maze -- arrow 9 9 1 "$mazes" > "$work/arrow.in"
cargo run --release --quiet --example random_maze -- dice 10 10 1 "$mazes" > "$work/dice.in"
inputs+=("$work/arrow.in" "$work/dice.in")

# JSON lines: the mazes as JSON, then each line broken in turn.
"$new" convert --to json examples/arrow.in examples/dice.in > "$work/good.json"
python3 - "$work/good.json" > "$work/broken.json" <<'PY'
import sys
lines = [l.rstrip("\n") for l in open(sys.argv[1])]
cuts = ['"family":"arrow"', '"family":"dice"', '"name"', '"rows"', '"start"', '"squares"',
        '"top"', '"signs"', '"heading"', '"entrance"', '"intersections"', '[', ']', '{', '}',
        ',', ':', '"N"', '1', '-1']
swaps = ['"family":"cube"', '"family":7', '"family":null', '"family":"dice","family":"arrow"',
         '"extra":' + '[' * 200 + ']' * 200, '"rows":1e400', '"rows":-1', '"top":"x"',
         '"start":[1,1,1]', '"start":[1]', '"name":"a\\u0000b"', '"name":"\\ud800"',
         '"squares":[[9]]', '"heading":"Q"', '"signs":{"N":"LL"}', '"at":[0,0]']
for line in lines:
    print(line)
    for cut in cuts:
        at = line.find(cut)
        if at >= 0:
            print(line[:at] + line[at + len(cut):])
            print(line[:at + len(cut) // 2])
    for swap in swaps:
        key = swap.split(":")[0]
        at = line.find(key)
        if at >= 0:
            end = line.find(",", at + len(key) + 1)
            print(line[:at] + swap + (line[end:] if end >= 0 else "}"))
        print(line[:-1] + "," + swap + "}")
print('["arrow","M",[3,1],"N",[2,1],[]]')
print('["dice"]')
print('[]')
print('"hello"')
print('{"name":"x"}')
print('{"family":"arrow","family":"arrow"}')
print('{"fam\\u0069ly":"dice","name":"D","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]} trailing')
PY
inputs+=("$work/good.json" "$work/broken.json")

for input in "${inputs[@]}"; do
  same "$input" solve
  same "$input" solve --format json
  same "$input" check
  same "$input" check --format json
  same "$input" convert --to json
  same "$input" convert --to judge
  same "$input" solve -j 2
done
"$new" convert --to json "$work/arrow.in" > "$work/arrow.json"
same "$work/arrow.json" solve
same "$work/arrow.json" convert --to judge
for family in arrow dice; do
  for family_arg in "" "--family $family"; do
    # shellcheck disable=SC2086
    same examples/arrow.in solve $family_arg
    # shellcheck disable=SC2086
    same examples/dice.in check $family_arg
  done
  same /dev/null generate "$family" --seed 3 --count 20 --stats
  same /dev/null generate "$family" --difficulty hard --seed 1 --format json
  same /dev/null generate "$family" --rows 2 --cols 2 --min-length 1000
done
# Generated mazes, for changes to the generator that must leave its mazes
# as they are: every family's presets over 21 seeds, and larger sizes.
for seed in $(seq 1 21); do
  for family in arrow dice minotaur; do
    for difficulty in easy medium hard; do
      same /dev/null generate "$family" --difficulty "$difficulty" --seed "$seed"
    done
  done
done
for seed in 1 2 3 4 5; do
  for size in 6 8 12; do
    same /dev/null generate minotaur --rows "$size" --cols "$size" --difficulty hard --seed "$seed"
  done
  same /dev/null generate arrow --rows 50 --cols 50 --min-length 500 --seed "$seed"
  same /dev/null generate dice --rows 30 --cols 30 --min-length 150 --seed "$seed"
  same /dev/null generate arrow --rows 40 --cols 60 --difficulty hard --seed "$seed"
  same /dev/null generate arrow --rows 100 --cols 100 --difficulty hard --seed "$seed"
  same /dev/null generate dice --rows 100 --cols 100 --difficulty hard --seed "$seed"
done
same /dev/null generate minotaur --seed 3 --count 20 --stats
for input in examples/arrow.in examples/dice.in tests/data/atlanta.in; do
  first=$("$new" convert --to json "$input" | head -1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["name"])')
  same "$input" render - --maze "$first"
  same "$input" render - --maze "$first" --route
done
for pair in "examples/arrow.in examples/arrow.out" "examples/dice.in examples/dice.out" \
            "tests/data/atlanta.in tests/data/atlanta.out"; do
  read -r mazes answer <<< "$pair"
  same /dev/null verify "$mazes" "$answer"
  same /dev/null verify --format json "$mazes" "$answer"
  same /dev/null verify --strict "$mazes" "$answer"
  same "$answer" verify "$mazes" -
  same /dev/null verify "$mazes" "$mazes"
  same "$mazes" verify --input-only
  same "$mazes" play -
done
for command in "" solve check convert generate render play verify package; do
  # shellcheck disable=SC2086
  same /dev/null $command --help
done
same /dev/null solve --family cube
same /dev/null generate cube

if [ "$differences" -gt 0 ]; then
  echo "$differences differences"
  exit 1
fi
echo "same output: ${#inputs[@]} inputs, every command"
