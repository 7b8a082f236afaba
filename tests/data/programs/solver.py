#!/usr/bin/env python3
"""A right solver for every family, written apart from logicmaze from the
rules alone, in another style and with another tie-break: steps are tried
west, south, east, north (the Minotaur's prey waits first), so where a maze
has several shortest routes this one often prints another than logicmaze.
`stress` must accept it on every maze.

usage: solver.py arrow|dice|minotaur < mazes
"""
import sys
from collections import deque

# Row and column steps: north, east, south, west.
STEPS = [(-1, 0), (0, 1), (1, 0), (0, -1)]
ORDER = [3, 2, 1, 0]  # the tie-break: west first
HEADING = {"N": 0, "E": 1, "S": 2, "W": 3}


def route_lines(route, per, comma):
    """The judges' layout: two spaces, `per` positions a line."""
    joiner = "," if comma else " "
    items = ["(%d,%d)" % square for square in route]
    lines = [joiner.join(items[at:at + per]) for at in range(0, len(items), per)]
    end = ",\n" if comma else "\n"
    return "".join("  " + line + (end if at + 1 < len(lines) else "\n")
                   for at, line in enumerate(lines))


def write_answer(name, route, per, comma):
    """The judges' answer: the name, then the route or that there is none."""
    sys.stdout.write(name + "\n")
    if route is None:
        sys.stdout.write("  No Solution Possible\n")
    else:
        sys.stdout.write(route_lines(route, per, comma))


def rebuild(parent, goal):
    route = []
    while goal is not None:
        route.append(goal)
        goal = parent[goal]
    return route[::-1]


def arrow(lines):
    while True:
        name = lines.name()
        if name is None:
            return
        r0, c0 = int(lines.token()), int(lines.token())
        d0 = HEADING[lines.token()]
        r1, c1 = int(lines.token()), int(lines.token())
        exits = {}
        while True:
            r = int(lines.token())
            if r == 0:
                break
            c = int(lines.token())
            sign = lines.token()
            while sign != "*":
                came = HEADING[sign[0]]
                for turn in sign[1:]:
                    out = (came + {"L": 3, "F": 0, "R": 1}[turn]) % 4
                    exits.setdefault((r, c, came), set()).add(out)
                sign = lines.token()
        listed = {(r, c) for (r, c, _) in exits} | {(r1, c1)}
        first = (r0 + STEPS[d0][0], c0 + STEPS[d0][1], d0)
        parent, found = {}, None
        if first[:2] in listed:
            parent[first] = None
            queue = deque([first])
            while queue:
                state = queue.popleft()
                if state[:2] == (r1, c1):
                    found = state
                    break
                r, c, d = state
                for out in ORDER:
                    if out not in exits.get(state, ()):
                        continue
                    step = (r + STEPS[out][0], c + STEPS[out][1], out)
                    if step[:2] in listed and step not in parent:
                        parent[step] = state
                        queue.append(step)
        route = found and [(r0, c0)] + [state[:2] for state in rebuild(parent, found)]
        write_answer(name, route, 10, False)


# A die as (top, north, east): the other faces are 7 minus these.
def rolled(die, step):
    top, north, east = die
    south, west, bottom = 7 - north, 7 - east, 7 - top
    if step == 0:
        return (south, top, east)
    if step == 2:
        return (north, bottom, east)
    if step == 1:
        return (west, north, top)
    return (east, north, bottom)


def standing(top, front):
    """The die with `top` up and `front` facing south, by the sample's
    chirality: top 5 and front 1 have 3 east."""
    for die in all_dice():
        if die[0] == top and 7 - die[1] == front:
            return die
    return None


def all_dice():
    seen, queue = {(5, 6, 3)}, deque([(5, 6, 3)])
    while queue:
        die = queue.popleft()
        for step in range(4):
            next_die = rolled(die, step)
            if next_die not in seen:
                seen.add(next_die)
                queue.append(next_die)
    return seen


def dice(lines):
    while True:
        name = lines.name()
        if name is None:
            return
        rows, cols, r0, c0, top, front = (int(lines.token()) for _ in range(6))
        numbers = [int(lines.token()) for _ in range(rows * cols)]
        grid = {(r + 1, c + 1): numbers[r * cols + c]
                for r in range(rows) for c in range(cols)}
        start = (r0, c0)
        die = standing(top, front)
        parent, found, queue = {}, None, deque()

        def spread(square, die, came):
            nonlocal found
            for step in ORDER:
                to = (square[0] + STEPS[step][0], square[1] + STEPS[step][1])
                number = grid.get(to, 0)
                if number == 0 or (number != -1 and number != die[0]):
                    continue
                state = (to, rolled(die, step))
                if state not in parent:
                    parent[state] = came
                    queue.append(state)

        if die is not None:
            spread(start, die, None)
            while queue:
                state = queue.popleft()
                if state[0] == start:
                    found = state
                    break
                spread(state[0], state[1], state)
        route = found and [start] + [state[0] for state in rebuild(parent, found)]
        write_answer(name, route, 9, True)


def minotaur(lines):
    while True:
        name = lines.name()
        if name is None:
            return
        _, rows, cols = lines.line().split()
        rows, cols = int(rows), int(cols)
        drawing = [lines.line().rstrip("\n").ljust(4 * cols + 1) for _ in range(2 * rows + 1)]
        pieces = {}
        for r in range(rows):
            for c in range(cols):
                for letter in drawing[2 * r + 1][4 * c + 1:4 * c + 4]:
                    if letter in "TME":
                        pieces[letter] = (r, c)

        def open_to(square, step):
            r, c = square
            if step == 0:
                return drawing[2 * r][4 * c + 1] != "-"
            if step == 2:
                return drawing[2 * r + 2][4 * c + 1] != "-"
            if step == 1:
                return drawing[2 * r + 1][4 * c + 4] != "|"
            return drawing[2 * r + 1][4 * c] != "|"

        def towards(theseus, minotaur):
            for step, closer in ((1, theseus[1] > minotaur[1]), (3, theseus[1] < minotaur[1]),
                                 (2, theseus[0] > minotaur[0]), (0, theseus[0] < minotaur[0])):
                if closer and open_to(minotaur, step):
                    return (minotaur[0] + STEPS[step][0], minotaur[1] + STEPS[step][1])
            return minotaur

        start = (pieces["T"], pieces["M"])
        parent, found, queue = {start: None}, None, deque([start])
        while queue and found is None:
            theseus, beast = state = queue.popleft()
            for step in [None] + ORDER:
                if step is None:
                    to = theseus
                elif open_to(theseus, step):
                    to = (theseus[0] + STEPS[step][0], theseus[1] + STEPS[step][1])
                    if to == beast:
                        continue
                else:
                    continue
                if to == pieces["E"]:
                    found = (to, state)
                    break
                chased = towards(to, towards(to, beast))
                if chased == to or towards(to, beast) == to:
                    continue
                after = (to, chased)
                if after not in parent:
                    parent[after] = state
                    queue.append(after)
        route = found and [s[0] for s in rebuild(parent, found[1])] + [found[0]]
        write_answer(name, route and [(r + 1, c + 1) for r, c in route], 10, False)


class Reader:
    """The input as lines for names and drawings, and as tokens between."""

    def __init__(self, stream):
        self.lines = iter(stream)
        self.tokens = []

    def name(self):
        """The next maze's name (the whole line, trimmed), or None at END
        or at the end of the input. What was left of a line is dropped."""
        self.tokens = []
        for line in self.lines:
            name = line.strip()
            if name == "END":
                return None
            if name:
                return name
        return None

    def line(self):
        self.tokens = []
        return next(self.lines)

    def token(self):
        while not self.tokens:
            self.tokens = next(self.lines).split()[::-1]
        return self.tokens.pop()


def main():
    family = sys.argv[1]
    lines = Reader(sys.stdin)
    {"arrow": arrow, "dice": dice, "minotaur": minotaur}[family](lines)


main()
