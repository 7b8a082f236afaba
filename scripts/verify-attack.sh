#!/usr/bin/env bash
# The judge's kit under attack: time and peak memory of the checkers on
# hostile team outputs, each beside a baseline run in the same script (the
# same checker on a right answer, or `cat` reading the same bytes), and
# OLD (another logicmaze binary, say one built from an earlier commit)
# where given.
#
#   scripts/verify-attack.sh [OLD]
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:-}
cargo build --release --quiet --bin logicmaze --example random_maze
bin=target/release/logicmaze
dir=target/bench-inputs/attack
mkdir -p "$dir/feedback"
in=examples/arrow.in ans=examples/arrow.out
python3 - "$dir" <<'PY'
import sys
d = sys.argv[1]
right = open('examples/arrow.out', 'rb').read()
with open(f'{d}/newlines-100mb.out', 'wb') as f:
    for _ in range(100): f.write(b'\n' * (1 << 20))
    f.write(right)
with open(f'{d}/newlines-8mb.out', 'wb') as f:
    f.write(b'\n' * (8 << 20) + right)
with open(f'{d}/short-lines.out', 'wb') as f:
    f.write(b'SAMPLE\n' + b'  (3,1)\n' * (20 << 20))
with open(f'{d}/line-200mb.out', 'wb') as f:
    f.write(b'SAMPLE\n')
    for _ in range(200): f.write(b' (3,1)' * ((1 << 20) // 6))
    f.write(b'\n')
n = 200_000
with open(f'{d}/many.in', 'w') as f:
    for i in range(n): f.write(f'M{i}\n3 1 N 1 1\n2 1 NF *\n0\n')
    f.write('END\n')
with open(f'{d}/many.ans', 'w') as f:
    for i in range(n): f.write(f'M{i}\n  (3,1) (2,1) (1,1)\n')
with open(f'{d}/many-wrong.out', 'w') as f:
    for i in range(n): f.write(f'X{i}\n  (3,1) (2,1) (1,1)\n')
PY
# One run: the command's exit status, seconds and peak memory.
measure() {
    local label=$1; shift
    local status=0
    case $1 in validator) shift; set -- bash -c "$(declare -f validator); dir=$dir; validator \"\$@\"" validator "$@";; esac
    /usr/bin/time -f "%e %M" -o /tmp/attack.time "$@" > /dev/null 2>&1 || status=$?
    read -r seconds kb < <(tail -1 /tmp/attack.time)
    printf '%-58s exit %3s  %6.2f s  %7.1f MB\n' "$label" "$status" "$seconds" "$(echo "$kb / 1024" | bc -l)"
}
# The validator BIN on INPUT and ANSWER, the team's output TEAM on its
# standard input (the shell execs it, so its own memory is measured),
# under a `ulimit -v` of LIMIT kB if given, with the validator flag FLAG.
validator() { # BIN INPUT ANSWER TEAM [LIMIT] [FLAG]
    local limit=${5:+ulimit -v $5;}
    bash -c "$limit exec \"\$0\" verify --validator \"\$1\" \"\$2\" \"\$3\" \${5:+\"\$5\"} < \"\$4\"" \
        "$1" "$2" "$3" "$dir/feedback" "$4" "${6:-}"
}
for program in "$bin" ${old:+"$old"}; do
    echo "== $program"
    measure "cat, 100 MB of newlines then a right answer" cat "$dir/newlines-100mb.out"
    measure "--validator, a right answer" validator "$program" $in $ans $ans
    measure "--validator, 100 MB of newlines then a right answer" validator "$program" $in $ans "$dir/newlines-100mb.out"
    measure "the same under ulimit -v 1000000" validator "$program" $in $ans "$dir/newlines-100mb.out" 1000000
    measure "--validator, a line of 200 MB" validator "$program" $in $ans "$dir/line-200mb.out"
    measure "--validator, 20 M route lines of one position (160 MB)" validator "$program" $in $ans "$dir/short-lines.out"
    measure "--validator strict, the same" validator "$program" $in $ans "$dir/short-lines.out" "" strict
    measure "verify --format json, 8 MB of newlines first" "$program" verify --format json $in "$dir/newlines-8mb.out"
    measure "--validator, 200,000 mazes, a right answer" validator "$program" "$dir/many.in" "$dir/many.ans" "$dir/many.ans"
    measure "--validator, 200,000 mazes, every name wrong" validator "$program" "$dir/many.in" "$dir/many.ans" "$dir/many-wrong.out"
done
