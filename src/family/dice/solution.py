# A Dicey Problem: a breadth-first search over (square, top face, south
# face), in Python 3 with its standard library alone.
#
# The die may tip onto a neighbouring square that is wild (-1) or shows
# the number on its top face before the move. It must leave the start and
# come back.
import sys

# Each face along an axis of the die (east, south, up): with 5 up, 1 south
# and 3 east, as every die is made.
AXIS = {1: (0, 1, 0), 2: (0, 0, -1), 3: (1, 0, 0), 4: (-1, 0, 0), 5: (0, 0, 1), 6: (0, -1, 0)}
FACE = {v: k for k, v in AXIS.items()}


def east(top, south):
    """The face on the east: south x up."""
    s, u = AXIS[south], AXIS[top]
    return FACE[(s[1] * u[2] - s[2] * u[1], s[2] * u[0] - s[0] * u[2], s[0] * u[1] - s[1] * u[0])]


def rolled(top, south, way):
    """The die's top and south faces after tipping it `way` (N, E, S, W)."""
    if way == 0:
        return south, 7 - top
    if way == 2:
        return 7 - south, top
    e = east(top, south)
    return (7 - e, south) if way == 1 else (e, south)


STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def solve(rows, cols, r0, c0, top, south, grid):
    """The squares of a shortest route from the start back to it, or None."""
    start = (r0, c0, top, south)
    parent = {start: None}
    queue = [start]
    for state in queue:
        r, c, t, s = state
        for way, (dr, dc) in enumerate(STEPS):
            nr, nc = r + dr, c + dc
            if not (1 <= nr <= rows and 1 <= nc <= cols):
                continue
            square = grid[nr - 1][nc - 1]
            if square == 0 or (square != -1 and square != t):
                continue
            nt, ns = rolled(t, s, way)
            if (nr, nc) == (r0, c0):
                route = [(nr, nc)]
                while state is not None:
                    route.append((state[0], state[1]))
                    state = parent[state]
                return route[::-1]
            nxt = (nr, nc, nt, ns)
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
        rows, cols, r0, c0, top, south = map(int, lines[i].split())
        i += 1
        grid = [list(map(int, lines[i + k].split())) for k in range(rows)]
        i += rows
        route = solve(rows, cols, r0, c0, top, south, grid)
        out.append(name)
        if route is None:
            out.append("  No Solution Possible")
        else:
            cells = ["(%d,%d)" % p for p in route]
            chunks = [",".join(cells[k:k + 9]) for k in range(0, len(cells), 9)]
            out.append("  " + ",\n  ".join(chunks))
    sys.stdout.write("\n".join(out) + "\n")


main()
