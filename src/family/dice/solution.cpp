// A Dicey Problem: a breadth-first search over (square, top face, front face).
//
// The die's make is fixed by the sample: with 5 on top and 1 in front
// (south), 3 faces east. Every orientation's east face is found by
// rolling that die, so no face table is written by hand. A roll is
// allowed onto a square that exists and is wild (-1) or shows the top
// face before the roll; the route leaves the start and comes back.
//
// Defining one TRAP_ macro makes it fall into that trap, for a
// wrong-answer submission the test data must catch.
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

// Faces in the order top, bottom, north, south, east, west.
struct Die {
    int f[6];
};

#ifdef TRAP_TWELVE_A_LINE
static const size_t PER_LINE = 12;
#else
static const size_t PER_LINE = 9;
#endif

static const int DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};  // N E S W

// The die after tipping it over one edge, towards N, E, S or W.
static Die roll(Die d, int way) {
    // For each way: the face that comes to the top, and so on round the turn.
    static const int cycle[4][4] = {{3, 0, 2, 1}, {5, 0, 4, 1}, {2, 0, 3, 1}, {4, 0, 5, 1}};
    Die n = d;
    const int* k = cycle[way];
    n.f[0] = d.f[k[0]];  // top <- the face on the side it rolls away from
    n.f[k[2]] = d.f[0];  // the side it rolls towards <- the old top
    n.f[1] = d.f[k[2]];  // bottom <- that side
    n.f[k[0]] = d.f[1];  // the side it rolls away from <- the old bottom
    return n;
}

static string trim(const string& s) {
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == string::npos ? "" : s.substr(a, b - a + 1);
}

int main() {
    // east[top][front], by rolling the sample's die every way.
    int east[7][7] = {};
    vector<Die> seen = {Die{{5, 2, 6, 1, 3, 4}}};
    for (size_t i = 0; i < seen.size(); i++) {
        Die d = seen[i];
#ifdef TRAP_MIRRORED_DIE
        east[d.f[0]][d.f[3]] = d.f[5];
#else
        east[d.f[0]][d.f[3]] = d.f[4];
#endif
        for (int way = 0; way < 4; way++) {
            Die n = roll(d, way);
            bool known = false;
            for (auto& s : seen) known |= s.f[0] == n.f[0] && s.f[3] == n.f[3];
            if (!known) seen.push_back(n);
        }
    }
    string line;
    while (getline(cin, line)) {
        string name = trim(line);
        if (name == "END") break;
#ifdef TRAP_NAME_AS_A_WORD
        name = name.substr(0, name.find(' '));
#endif
        int rows, cols, r0, c0, top, front;
        cin >> rows >> cols >> r0 >> c0 >> top >> front;
        // A border of missing squares all round.
        int width = cols + 2, cells = (rows + 2) * width;
        vector<int> square(cells, 0);
        for (int r = 1; r <= rows; r++)
            for (int c = 1; c <= cols; c++) cin >> square[r * width + c];
        getline(cin, line);
        // A state is cell * 49 + top * 7 + front.
        vector<int> parent(cells * 49, -2), queue;
        int start = r0 * width + c0, first = start * 49 + top * 7 + front;
        // The state the last roll leaves from, back onto the start square.
        int last = -1;
        bool empty_route = false;
#ifdef TRAP_EMPTY_ROUTE
        empty_route = true;
#endif
        parent[first] = -1;
        queue.push_back(first);
        // The rolls from state s: calls take(way, next cell, next state)
        // for each allowed one.
        auto rolls = [&](int s, const function<bool(int, int, int)>& take) {
            int cell = s / 49, t = s % 49 / 7, f = s % 7;
            int e = east[t][f];
            Die d = {{t, 7 - t, 7 - f, f, e, 7 - e}};
            for (int way = 0; way < 4; way++) {
                int next_cell = cell + DR[way] * width + DC[way];
                int number = square[next_cell];
#ifdef TRAP_EDGE_OFF_BY_ONE
                // A grid one too small: the last row and column are not read.
                if (next_cell / width == rows || next_cell % width == cols) number = 0;
#endif
#ifdef TRAP_EAST_ROLLED_WEST
                Die n = roll(d, way == 1 ? 3 : way);
#else
                Die n = roll(d, way);
#endif
#ifdef TRAP_TOP_AFTER_THE_ROLL
                int face = n.f[0];
#else
                int face = t;
#endif
                if (number == 0 || (number != -1 && number != face)) continue;
                if (take(way, next_cell, next_cell * 49 + n.f[0] * 7 + n.f[3])) return true;
            }
            return false;
        };
#if defined(TRAP_EVERY_ROUTE) || defined(TRAP_PRUNED_SEARCH)
        // Every route of 1, 2, 3, ... rolls in turn, depth first, with no
        // record of where the die has been: exponential in the length.
        // Pruned, it never passes a state twice on one route, and is still.
        vector<int> path;
        vector<bool> on_path(cells * 49, false);
        function<bool(int, int)> walk = [&](int s, int left) {
            if (left == 0) return false;
            path.push_back(s);
#ifdef TRAP_PRUNED_SEARCH
            on_path[s] = true;
#endif
            bool home = rolls(s, [&](int, int next_cell, int next) {
                if (next_cell == start) return last = s, true;
                return !on_path[next] && walk(next, left - 1);
            });
            on_path[s] = false;
            if (!home) path.pop_back();
            return home;
        };
        for (int moves = 1; last == -1 && moves <= cells * 24; moves++)
            if (walk(first, moves))
                for (size_t i = 1; i < path.size(); i++) parent[path[i]] = path[i - 1];
#endif
#ifdef TRAP_STATE_WITHOUT_FRONT
        // The front face left out: a state is (square, top).
        auto key = [](int state) { return state / 7; };
#elif defined(TRAP_VISITED_BY_SQUARE)
        auto key = [](int state) { return state / 49; };
#else
        auto key = [](int state) { return state; };
#endif
        vector<bool> been(cells * 49, false);
        been[key(first)] = true;
        for (size_t head = 0; head < queue.size() && last == -1 && !empty_route; head++) {
            int s = queue[head];
            rolls(s, [&](int, int next_cell, int next) {
                if (next_cell == start) {
                    last = s;
                    return true;
                }
                if (!been[key(next)]) {
                    been[key(next)] = true;
                    parent[next] = s;
                    queue.push_back(next);
                }
                return false;
            });
        }
        printf("%s\n", name.c_str());
        if (last == -1 && !empty_route) {
            printf("  No Solution Possible\n");
            continue;
        }
        vector<int> route = {start};
        for (int s = last; s >= 0; s = parent[s]) route.push_back(s / 49);
        for (size_t i = 0; i < route.size(); i++) {
            int cell = route[route.size() - 1 - i];
            printf("%s(%d,%d)%s", i % PER_LINE == 0 ? "  " : "", cell / width, cell % width,
                   i + 1 == route.size() ? "\n" : i % PER_LINE == PER_LINE - 1 ? ",\n" : ",");
#ifdef TRAP_BLANK_LINE_AFTER_A_FULL_LINE
            if (i % PER_LINE == PER_LINE - 1 && i + 1 == route.size()) printf("\n");
#endif
        }
    }
}
