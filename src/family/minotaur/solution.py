# Theseus and the Minotaur: a breadth-first search over (Theseus's square,
# the Minotaur's square), in Python 3 with its standard library alone.
#
# A turn: Theseus steps north, east, south or west (not through a wall,
# not onto the Minotaur) or waits. On the exit he has escaped. Otherwise
# the Minotaur takes two steps, each decided afresh: toward Theseus's
# column if he is in another one and no wall is in the way, else toward
# his row likewise, else none. A step onto Theseus eats him.
import sys


def solve(rows, cols, open_ways, theseus, minotaur, exit_square):
    """Theseus's squares, one a turn from his start, or None."""
    n = rows * cols
    offset = (-cols, 1, cols, -1)  # N E S W

    def chase(m, t):
        """The Minotaur's square after one step from m toward t."""
        mr, mc, tr, tc = divmod(m, cols) + divmod(t, cols)
        if tc != mc:
            way = 1 if tc > mc else 3
            if open_ways[m] >> way & 1:
                return m + offset[way]
        if tr != mr:
            way = 2 if tr > mr else 0
            if open_ways[m] >> way & 1:
                return m + offset[way]
        return m

    start = theseus * n + minotaur
    parent = {start: -1}
    queue = [start]
    for state in queue:
        t, m = divmod(state, n)
        ways = open_ways[t]
        for way in (0, 1, 2, 3, 4):
            if way < 4:
                if not ways >> way & 1:
                    continue
                nt = t + offset[way]
                if nt == m:
                    continue
            else:
                nt = t
            if nt == exit_square:
                route = [nt]
                while state != -1:
                    route.append(state // n)
                    state = parent[state]
                return route[::-1]
            m1 = chase(m, nt)
            if m1 == nt:
                continue
            m2 = chase(m1, nt)
            if m2 == nt:
                continue
            nxt = nt * n + m2
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
    return None


def main():
    lines = sys.stdin.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        name = lines[i].strip()
        i += 1
        if name == "END" or name == "":
            break
        _, rows, cols = lines[i].split()
        rows, cols = int(rows), int(cols)
        i += 1
        drawing = [lines[i + k].ljust(4 * cols + 1) for k in range(2 * rows + 1)]
        i += 2 * rows + 1
        open_ways = [0] * (rows * cols)
        theseus = minotaur = exit_square = 0
        for r in range(rows):
            above, row, below = drawing[2 * r], drawing[2 * r + 1], drawing[2 * r + 2]
            for c in range(cols):
                square = r * cols + c
                walls = (above[4 * c + 1] == "-", row[4 * c + 4] == "|", below[4 * c + 1] == "-", row[4 * c] == "|")
                inside = (0 <= r - 1, c + 1 < cols, r + 1 < rows, 0 <= c - 1)
                for way in range(4):
                    if not walls[way] and inside[way]:
                        open_ways[square] |= 1 << way
                held = row[4 * c + 1:4 * c + 4]
                if "T" in held:
                    theseus = square
                if "M" in held:
                    minotaur = square
                if "E" in held:
                    exit_square = square
        route = solve(rows, cols, open_ways, theseus, minotaur, exit_square)
        out.append(name)
        if route is None:
            out.append("  No Solution Possible")
        else:
            cells = ["(%d,%d)" % (s // cols + 1, s % cols + 1) for s in route]
            for k in range(0, len(cells), 10):
                out.append("  " + " ".join(cells[k:k + 10]))
    sys.stdout.write("\n".join(out) + "\n")


main()
