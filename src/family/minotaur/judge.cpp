// --------------------------------------------- Theseus's labyrinth ----
// A labyrinth as the input draws it, and the chase's rules.

struct Maze {
    long rows, cols;
    Position theseus, minotaur, exit;
    // For each square, from (1,1), whether a wall stands on its north,
    // east, south and west sides.
    vector<vector<vector<bool>>> walls;
};

// Reads a maze's lines after its name: MINOTAUR R C, then the drawing's
// 2R+1 lines.
void read_maze(Input& in, Maze& maze) {
    vector<string> head = in.items("the line MINOTAUR R C");
    if (head.size() != 3 || head[0] != "MINOTAUR") in.fault("the line after a name is MINOTAUR R C");
    long rows = maze.rows = number(in, head[1], 1, MAX_SIDE, "the rows R");
    long cols = maze.cols = number(in, head[2], 1, MAX_SIDE, "the columns C");
    maze.walls.assign(rows + 2, vector<vector<bool>>(cols + 2, vector<bool>(4, false)));
    // Walls between rows (and above the first, below the last) and
    // between columns, as drawn.
    vector<vector<bool>> across(rows + 1, vector<bool>(cols + 1)), down(rows + 1, vector<bool>(cols + 1));
    map<char, vector<Position>> letters;
    for (long k = 0; k <= 2 * rows; ++k) {
        string text = in.line("line " + to_string(k + 1) + " of the drawing");
        size_t width = 4 * cols + 1;
        if (text.size() > width) in.fault("the drawing's line is longer than 4C+1 = " + to_string(width) + " characters");
        text.resize(width, ' '); // the trailing spaces it leaves out
        long r = k / 2;
        for (long j = 0; j <= cols; ++j) {
            char corner = text[4 * j];
            if (k % 2 == 0 && corner != '+') in.fault("a row of walls has + at every fourth character, from the first");
            if (k % 2 == 1 && corner != '|' && corner != ' ') in.fault("a row of squares has | or a space at every fourth character");
            if (k % 2 == 1) down[r + 1][j] = corner == '|';
            if (j == cols) break;
            string inside = text.substr(4 * j + 1, 3);
            if (k % 2 == 0) {
                if (inside != "---" && inside != "   ") in.fault("between corners, a wall is --- and no wall three spaces");
                across[r][j + 1] = inside == "---";
                continue;
            }
            string held;
            for (char c : inside) {
                if (c != ' ' && c != 'T' && c != 'M' && c != 'E')
                    in.fault("a square holds spaces and the letters T, M and E, not '" + string(1, c) + "'");
                if (c != ' ' && held.find(c) != string::npos) in.fault("a square holds a letter twice");
                if (c != ' ') held += c, letters[c].push_back({r + 1, j + 1});
            }
        }
    }
    for (char letter : string("TME"))
        if (letters[letter].size() != 1)
            in.fault("the maze has " + to_string(letters[letter].size()) + " squares holding " + string(1, letter) + ", not one");
    maze.theseus = letters['T'][0], maze.minotaur = letters['M'][0], maze.exit = letters['E'][0];
    if (maze.theseus == maze.minotaur) in.fault("Theseus and the Minotaur share a square");
    for (long r = 1; r <= rows; ++r)
        for (long c = 1; c <= cols; ++c) {
            vector<bool>& w = maze.walls[r][c];
            w[NORTH] = across[r - 1][c], w[SOUTH] = across[r][c], w[WEST] = down[r][c - 1], w[EAST] = down[r][c];
        }
    // One gap in the border, beside the exit.
    vector<Position> gaps;
    for (long c = 1; c <= cols; ++c) {
        if (!across[0][c]) gaps.push_back({0, c});
        if (!across[rows][c]) gaps.push_back({rows + 1, c});
    }
    for (long r = 1; r <= rows; ++r) {
        if (!down[r][0]) gaps.push_back({r, 0});
        if (!down[r][cols]) gaps.push_back({r, cols + 1});
    }
    if (gaps.size() != 1) in.fault("the border has " + to_string(gaps.size()) + " gaps, not one beside the exit");
    if (direction_to(maze.exit, gaps[0]) < 0) in.fault("the border's gap is not beside the exit");
}

const size_t ROUTE_PER_LINE = 10;
const string ROUTE_SEPARATOR = " ";
const bool COMMA_AT_LINE_END = false;

// Whether a step from `at` heading `way` stays in the grid, through no wall.
bool open(const Maze& maze, Position at, int way) {
    Position to = stepped(at, way);
    return !maze.walls[at.row][at.col][way] && to.row >= 1 && to.row <= maze.rows && to.col >= 1 && to.col <= maze.cols;
}

// Whether `route`, Theseus's square after each turn from his start, is
// an escape by the rules that ends on the exit; if not, why.
bool replay(const Maze& maze, const vector<Position>& route, string& why) {
    if (route[0] != maze.theseus) return why = "the route does not start at Theseus's square " + shown(maze.theseus), false;
    if (route.size() < 2) return why = "the route takes no turn", false;
    Position theseus = route[0], minotaur = maze.minotaur;
    for (size_t i = 1; i < route.size(); ++i) {
        Position to = route[i];
        if (to != theseus) {
            int way = direction_to(theseus, to);
            if (way < 0) return why = at_move(i, theseus, to, "neither a wait nor a step to a neighbour"), false;
            if (!open(maze, theseus, way)) return why = at_move(i, theseus, to, "a wall stands in the way"), false;
            if (to == minotaur) return why = at_move(i, theseus, to, "Theseus steps onto the Minotaur"), false;
        }
        theseus = to;
        if (theseus == maze.exit) {
            if (i + 1 == route.size()) return true;
            return why = at_move(i, route[i - 1], to, "Theseus escapes, and the route goes on"), false;
        }
        for (int step = 0; step < 2; ++step) {
            int across = theseus.col > minotaur.col ? EAST : WEST, down = theseus.row > minotaur.row ? SOUTH : NORTH;
            if (theseus.col != minotaur.col && open(maze, minotaur, across)) minotaur = stepped(minotaur, across);
            else if (theseus.row != minotaur.row && open(maze, minotaur, down)) minotaur = stepped(minotaur, down);
            if (minotaur == theseus) return why = at_move(i, route[i - 1], to, "the Minotaur catches Theseus"), false;
        }
    }
    return why = "the route does not end on the exit " + shown(maze.exit), false;
}
