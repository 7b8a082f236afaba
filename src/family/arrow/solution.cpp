// Abbott's Revenge: a breadth-first search over (intersection, heading).
//
// A state is "arrived at (r,c) travelling d"; the sign for d at (r,c)
// says which turns lead on. The first state is the entrance's neighbour
// in the given heading: the entrance's own signs are never read.
//
// Defining one TRAP_ macro makes it fall into that trap, for a
// wrong-answer submission the test data must catch.
#include <array>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

#ifdef TRAP_TWELVE_A_LINE
static const size_t PER_LINE = 12;
#else
static const size_t PER_LINE = 10;
#endif

static const int DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};  // N E S W

static int direction(char c) { return string("NESW").find(c); }

static string trim(const string& s) {
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == string::npos ? "" : s.substr(a, b - a + 1);
}

int main() {
    string line;
    while (getline(cin, line)) {
        string name = trim(line);
        if (name == "END") break;
#ifdef TRAP_NAME_AS_A_WORD
        name = name.substr(0, name.find(' '));
#endif
        int r0, c0, r1, c1;
        char heading;
        cin >> r0 >> c0 >> heading >> r1 >> c1;
        int d0 = direction(heading);
        // Every listed sign: row, column, approach, absolute exits (a bit each).
        vector<array<int, 4>> signs;
        int rows = max(r0, r1), cols = max(c0, c1);
        int r, c;
        while (cin >> r && r != 0) {
            cin >> c;
            rows = max(rows, r), cols = max(cols, c);
            string sign;
            while (cin >> sign && sign != "*") {
                int approach = direction(sign[0]), exits = 0;
                for (size_t i = 1; i < sign.size(); i++) {
#ifdef TRAP_MIRRORED_TURNS
                    int turn = sign[i] == 'L' ? 1 : sign[i] == 'F' ? 0 : 3;
#else
                    int turn = sign[i] == 'L' ? 3 : sign[i] == 'F' ? 0 : 1;
#endif
                    exits |= 1 << ((approach + turn) % 4);
                }
                signs.push_back({r, c, approach, exits});
            }
        }
        getline(cin, line);
        // A border of cells without signs all round: leaving the grid is a dead end.
        int width = cols + 2, cells = (rows + 2) * width;
        vector<int> exits(cells * 4, 0), parent(cells * 4, -2);
        for (auto& s : signs) exits[(s[0] * width + s[1]) * 4 + s[2]] |= s[3];
        int entrance = r0 * width + c0, goal = r1 * width + c1;
        int found = -1;
        vector<int> queue;
#ifdef TRAP_EMPTY_ROUTE
        if (entrance == goal) found = -3;
#endif
#ifdef TRAP_ENTRANCE_SIGNS_READ
        int first = entrance * 4 + d0;
#else
        int first = (entrance + DR[d0] * width + DC[d0]) * 4 + d0;
        if (first / 4 == goal) found = first;
#endif
        parent[first] = -1;
        queue.push_back(first);
        auto inside = [&](int cell) {
            int r = cell / width, c = cell % width;
#ifdef TRAP_EDGE_OFF_BY_ONE
            return r > 0 && c > 0 && r < rows && c < cols;  // a grid one too small
#else
            return r > 0 && c > 0 && r <= rows && c <= cols;
#endif
        };
#if defined(TRAP_EVERY_ROUTE) || defined(TRAP_PRUNED_SEARCH)
        // Every route of 1, 2, 3, ... moves in turn, depth first, with no
        // record of where the walk has been: exponential in the length.
        // Pruned, it never passes a state twice on one route, and is still.
        vector<int> path;
        vector<bool> on_path(cells * 4, false);
        function<bool(int, int)> walk = [&](int s, int left) {
            path.push_back(s);
            if (s / 4 == goal) return true;
#ifdef TRAP_PRUNED_SEARCH
            on_path[s] = true;
#endif
            if (left > 0 && inside(s / 4))
                for (int d = 0; d < 4; d++) {
                    int next = (s / 4 + DR[d] * width + DC[d]) * 4 + d;
                    if (exits[s] >> d & 1 && !on_path[next] && walk(next, left - 1)) return true;
                }
            on_path[s] = false;
            path.pop_back();
            return false;
        };
        for (int moves = 0; found == -1 && moves < cells * 4; moves++)
            if (walk(first, moves)) {
                found = path.back();
                for (size_t i = 1; i < path.size(); i++) parent[path[i]] = path[i - 1];
            }
#endif
#ifdef TRAP_VISITED_BY_SQUARE
        vector<bool> been(cells, false);
#endif
        for (size_t head = 0; head < queue.size() && found == -1; head++) {
            int s = queue[head], cell = s / 4;
            if (!inside(cell)) continue;
            for (int d = 0; d < 4 && found == -1; d++) {
                if (!(exits[s] >> d & 1)) continue;
                int next = (cell + DR[d] * width + DC[d]) * 4 + d;
                if (parent[next] != -2) continue;
#ifdef TRAP_VISITED_BY_SQUARE
                if (been[next / 4]) continue;
                been[next / 4] = true;
#endif
                parent[next] = s;
                queue.push_back(next);
                if (next / 4 == goal) found = next;
            }
        }
        printf("%s\n", name.c_str());
        if (found == -1) {
            printf("  No Solution Possible\n");
            continue;
        }
        vector<int> route;
        for (int s = found; s >= 0; s = parent[s]) route.push_back(s / 4);
        if (route.empty() || route.back() != entrance) route.push_back(entrance);
        for (size_t i = 0; i < route.size(); i++) {
            int cell = route[route.size() - 1 - i];
            printf("%s(%d,%d)", i % PER_LINE == 0 ? "  " : " ", cell / width, cell % width);
            if (i % PER_LINE == PER_LINE - 1 || i + 1 == route.size()) printf("\n");
#ifdef TRAP_BLANK_LINE_AFTER_A_FULL_LINE
            if (i % PER_LINE == PER_LINE - 1 && i + 1 == route.size()) printf("\n");
#endif
        }
    }
}
