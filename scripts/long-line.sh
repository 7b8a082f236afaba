#!/usr/bin/env bash
# A line of a gigabyte, then a good maze: `solve` against `cat` of the
# same file, in the same run (BENCHMARKS.md, "Hostile input").
#
#   scripts/long-line.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin logicmaze
file=$(mktemp)
trap 'rm -f "$file"' EXIT
python3 -c "
import sys
with open(sys.argv[1], 'wb') as f:
    f.write(b'HUGE\n'); chunk = b'a' * (1 << 20)
    for i in range(1024): f.write(chunk)
    f.write(b'\nOK\n3 1 N 1 1\n2 1 NF *\n0\nEND\n')" "$file"
/usr/bin/time -f "cat %e s %M KB" cat "$file" > /dev/null
/usr/bin/time -f "solve %e s %M KB" target/release/logicmaze solve "$file" > /dev/null || true
