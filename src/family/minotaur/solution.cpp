// Theseus and the Minotaur: a breadth-first search over (Theseus's square,
// the Minotaur's square).
//
// A turn: Theseus steps north, east, south or west (not through a wall,
// not onto the Minotaur) or waits. On the exit he has escaped. Otherwise
// the Minotaur takes two steps, each decided afresh: toward Theseus's
// column if he is in another one and no wall is in the way, else toward
// his row likewise, else none. A step onto Theseus eats him.
//
// Defining one TRAP_ macro makes it fall into that trap, for a
// wrong-answer submission the test data must catch.
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
#ifdef TRAP_ONE_STEP
static const int MINOTAUR_STEPS = 1;
#else
static const int MINOTAUR_STEPS = 2;
#endif

static const int DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};  // N E S W

static string trim(const string& s) {
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == string::npos ? "" : s.substr(a, b - a + 1);
}

int rows, cols;
vector<int> open_ways;  // per square, a bit per direction without a wall

static bool can_step(int square, int way) { return open_ways[square] >> way & 1; }

static bool minotaur_can_step(int square, int way) {
#ifdef TRAP_MINOTAUR_THROUGH_WALLS
    return true;  // he moves toward Theseus, so he never leaves the grid
#else
    return can_step(square, way);
#endif
}

// One of the Minotaur's steps toward Theseus.
static int minotaur_step(int m, int t) {
    int mr = m / cols, mc = m % cols, tr = t / cols, tc = t % cols;
#ifdef TRAP_ROWS_FIRST
    if (tr != mr && minotaur_can_step(m, tr > mr ? 2 : 0)) return m + (tr > mr ? cols : -cols);
#endif
#ifdef TRAP_NO_ROW_WHEN_THE_COLUMN_IS_WALLED
    // A wall on the way to the column holds him still.
    if (tc != mc) return minotaur_can_step(m, tc > mc ? 1 : 3) ? m + (tc > mc ? 1 : -1) : m;
#endif
    if (tc != mc && minotaur_can_step(m, tc > mc ? 1 : 3)) return m + (tc > mc ? 1 : -1);
    if (tr != mr && minotaur_can_step(m, tr > mr ? 2 : 0)) return m + (tr > mr ? cols : -cols);
    return m;
}

int main() {
    string line;
    while (getline(cin, line)) {
        string name = trim(line);
        if (name == "END" || name.empty()) break;
#ifdef TRAP_NAME_AS_A_WORD
        name = name.substr(0, name.find(' '));
#endif
        string word;
        cin >> word >> rows >> cols;
        getline(cin, line);
        // The drawing: 2 * rows + 1 lines, every fourth character a corner
        // or a wall; trailing spaces may be left out.
        vector<string> drawing(2 * rows + 1);
        for (auto& l : drawing) {
            getline(cin, l);
            l.resize(4 * cols + 1, ' ');
        }
        open_ways.assign(rows * cols, 0);
        int theseus = 0, minotaur = 0, exit_square = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int sq = r * cols + c;
                const string& above = drawing[2 * r];
                const string& here = drawing[2 * r + 1];
                const string& below = drawing[2 * r + 2];
                bool wall[4] = {above[4 * c + 1] == '-', here[4 * c + 4] == '|',
                                below[4 * c + 1] == '-', here[4 * c] == '|'};
                for (int way = 0; way < 4; way++) {
                    int nr = r + DR[way], nc = c + DC[way];
#ifdef TRAP_EDGE_OFF_BY_ONE
                    bool inside = nr >= 0 && nr < rows - 1 && nc >= 0 && nc < cols - 1;  // one too small
#else
                    bool inside = nr >= 0 && nr < rows && nc >= 0 && nc < cols;
#endif
                    if (inside && !wall[way]) open_ways[sq] |= 1 << way;
                }
                string inner = here.substr(4 * c + 1, 3);
                if (inner.find('T') != string::npos) theseus = sq;
                if (inner.find('M') != string::npos) minotaur = sq;
                if (inner.find('E') != string::npos) exit_square = sq;
            }
        int squares = rows * cols;
        vector<int> parent((size_t)squares * squares, -2), queue;
        int first = theseus * squares + minotaur;
        // The state Theseus's last turn leaves from, onto the exit.
        int last = -1;
        bool no_turn = false;
#ifdef TRAP_NO_TURN_ON_THE_EXIT
        no_turn = theseus == exit_square;
#endif
        parent[first] = -1;
        queue.push_back(first);
        // The turns from state s that leave Theseus alive: calls
        // take(next state, escaped) for each.
        auto turns = [&](int s, const function<bool(int, bool)>& take) {
            int t = s / squares, m = s % squares;
#ifdef TRAP_NO_WAITING
            const int moves = 4;
#else
            const int moves = 5;
#endif
            for (int way = 0; way < moves; way++) {
                int next_t = t;
                if (way < 4) {
                    if (!can_step(t, way)) continue;
                    next_t = t + DR[way] * cols + DC[way];
#ifndef TRAP_STEP_ONTO_THE_MINOTAUR
                    if (next_t == m) continue;
#endif
                }
#ifndef TRAP_MINOTAUR_MOVES_AFTER_THE_ESCAPE
                if (next_t == exit_square) {
                    if (take(next_t * squares + m, true)) return true;
                    continue;
                }
#endif
                int next_m = m;
                bool eaten = next_m == next_t;
                for (int step = 0; step < MINOTAUR_STEPS && !eaten; step++) {
                    next_m = minotaur_step(next_m, next_t);
                    eaten = next_m == next_t;
                }
#ifdef TRAP_MINOTAUR_MOVES_AFTER_THE_ESCAPE
                // The escape checked after the Minotaur's turn: he may catch
                // Theseus on the exit.
                if (!eaten && next_t == exit_square) {
                    if (take(next_t * squares + next_m, true)) return true;
                    continue;
                }
#endif
                if (!eaten && take(next_t * squares + next_m, false)) return true;
            }
            return false;
        };
#if defined(TRAP_EVERY_ROUTE) || defined(TRAP_PRUNED_SEARCH)
        // Every escape of 1, 2, 3, ... turns in turn, depth first, with no
        // record of where Theseus has been: exponential in the length.
        // Pruned, it never passes a state twice on one escape, and is still.
        vector<int> path;
        vector<bool> on_path((size_t)squares * squares, false);
        function<bool(int, int)> walk = [&](int s, int left) {
            if (left == 0) return false;
            path.push_back(s);
#ifdef TRAP_PRUNED_SEARCH
            on_path[s] = true;
#endif
            bool out = turns(s, [&](int next, bool escaped) {
                if (escaped) return last = s, true;
                return !on_path[next] && walk(next, left - 1);
            });
            on_path[s] = false;
            if (!out) path.pop_back();
            return out;
        };
        for (int moves = 1; last == -1 && !no_turn && moves <= squares * squares; moves++)
            if (walk(first, moves))
                for (size_t i = 1; i < path.size(); i++) parent[path[i]] = path[i - 1];
#endif
#ifdef TRAP_VISITED_BY_SQUARE
        // Theseus's square alone, the Minotaur's left out.
        auto key = [&](int state) { return state / squares * squares; };
#else
        auto key = [](int state) { return state; };
#endif
        vector<bool> been((size_t)squares * squares, false);
        been[key(first)] = true;
        for (size_t head = 0; head < queue.size() && last == -1 && !no_turn; head++) {
            int s = queue[head];
            turns(s, [&](int next, bool escaped) {
                if (escaped) {
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
        if (last == -1 && !no_turn) {
            printf("  No Solution Possible\n");
            continue;
        }
        vector<int> route = {exit_square};
        for (int s = last; s >= 0; s = parent[s]) route.push_back(s / squares);
        for (size_t i = 0; i < route.size(); i++) {
            int sq = route[route.size() - 1 - i];
            printf("%s(%d,%d)", i % PER_LINE == 0 ? "  " : " ", sq / cols + 1, sq % cols + 1);
            if (i % PER_LINE == PER_LINE - 1 || i + 1 == route.size()) printf("\n");
#ifdef TRAP_BLANK_LINE_AFTER_A_FULL_LINE
            if (i % PER_LINE == PER_LINE - 1 && i + 1 == route.size()) printf("\n");
#endif
        }
    }
}
