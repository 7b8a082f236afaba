#!/usr/bin/env python3
"""Times reading a (cached) file in 1 MB reads into a buffer that starts
OFFSET bytes past a page boundary, for each OFFSET given: the system time
the kernel spends copying the file's pages into the buffer. On this
project's machine the copy is about five times slower at offsets 1 to 16
than at 0 or 32 and more, which is why logicmaze reads into a page-aligned
buffer (src/batch/buffer.rs). See BENCHMARKS.md.

    scripts/read-alignment.py FILE [OFFSET...]     (default offsets: 0 16 64)
"""
import mmap
import os
import sys

READ = 1 << 20


def system_seconds(path, offset):
    """System time of reading all of `path` into a buffer at `offset`."""
    memory = mmap.mmap(-1, READ + mmap.PAGESIZE)  # starts on a page
    buffer = memoryview(memory)[offset:offset + READ]
    with open(path, "rb", buffering=0) as file:
        before = os.times()
        while file.readinto(buffer):
            pass
        after = os.times()
    return after.system - before.system


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path, offsets = sys.argv[1], [int(o) for o in sys.argv[2:]] or [0, 16, 64]
    system_seconds(path, 0)  # bring the file into the page cache
    for offset in offsets:
        print(f"offset {offset:4}: {system_seconds(path, offset):.2f} s of system time")


if __name__ == "__main__":
    main()
