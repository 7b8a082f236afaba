# Abbott's Revenge: a breadth-first search over (intersection, heading),
# in Python 3 with its standard library alone.
#
# The walker leaves the entrance heading the given way, whatever its
# signs. Arriving at an intersection heading h, it may go on as the sign
# for h allows: L (left), F (forward), R (right). The walk ends the moment
# it arrives at the goal.
import sys

STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
HEADINGS = "NESW"
TURN = {"L": 3, "F": 0, "R": 1}  # quarter turns clockwise


def solve(r0, c0, first, goal, signs):
    """The positions of a shortest route, or None."""
    dr, dc = STEP[first]
    start = (r0 + dr, c0 + dc, HEADINGS.index(first))
    parent = {start: None}
    queue = [start]
    for state in queue:
        r, c, h = state
        if (r, c) == goal:
            route = []
            while state is not None:
                route.append((state[0], state[1]))
                state = parent[state]
            route.append((r0, c0))
            return route[::-1]
        for turn in signs.get((r, c, h), ()):
            way = (h + turn) % 4
            dr, dc = STEP[HEADINGS[way]]
            nxt = (r + dr, c + dc, way)
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
        r0, c0, first, r1, c1 = lines[i].split()
        i += 1
        signs = {}
        while lines[i].strip() != "0":
            items = lines[i].split()
            i += 1
            r, c = int(items[0]), int(items[1])
            for sign in items[2:-1]:
                signs[(r, c, HEADINGS.index(sign[0]))] = [TURN[t] for t in sign[1:]]
        i += 1
        route = solve(int(r0), int(c0), first, (int(r1), int(c1)), signs)
        out.append(name)
        if route is None:
            out.append("  No Solution Possible")
        else:
            cells = ["(%d,%d)" % p for p in route]
            for k in range(0, len(cells), 10):
                out.append("  " + " ".join(cells[k:k + 10]))
    sys.stdout.write("\n".join(out) + "\n")


main()
