// --------------------------------------------------- the dice maze ----
// A dice maze as the input gives it, and the die's rules.

struct Maze {
    long rows, cols;
    Position start;
    int top, south; // the die's faces
    vector<vector<long>> squares; // 0: none, -1: wild, else the number
};

// Reads a maze's lines after its name: R C r0 c0 T F, then R rows of C
// numbers.
void read_maze(Input& in, Maze& maze) {
    vector<string> head = in.items("the line R C r0 c0 T F");
    if (head.size() != 6) in.fault("the line R C r0 c0 T F holds six numbers, not " + to_string(head.size()));
    maze.rows = number(in, head[0], 1, MAX_SIDE, "the rows R");
    maze.cols = number(in, head[1], 1, MAX_SIDE, "the columns C");
    maze.start = {number(in, head[2], 1, maze.rows, "the start's row r0"),
                  number(in, head[3], 1, maze.cols, "the start's column c0")};
    maze.top = int(number(in, head[4], 1, 6, "the top face T"));
    maze.south = int(number(in, head[5], 1, 6, "the south face F"));
    if (maze.south == maze.top || maze.south == 7 - maze.top)
        in.fault("the face F facing south is " + head[5] + ": neither T nor 7-T, the face opposite it");
    for (long r = 1; r <= maze.rows; ++r) {
        string what = "row " + to_string(r) + " of the grid";
        vector<string> items = in.items(what);
        if (long(items.size()) != maze.cols)
            in.fault(what + " holds " + to_string(items.size()) + " numbers, not C = " + to_string(maze.cols));
        vector<long> row;
        for (const string& item : items) row.push_back(number(in, item, -1, 6, "a square"));
        maze.squares.push_back(row);
    }
}

const size_t ROUTE_PER_LINE = 9;
const string ROUTE_SEPARATOR = ",";
const bool COMMA_AT_LINE_END = true;

// The face on the east of a die with `top` up and `south` facing south.
// Each face points along an axis of the die: with 5 up, 1 south and 3
// east (as every die here is made), east is south × up.
int east_face(int top, int south) {
    static const int AXIS[7][3] = {{0, 0, 0}, {0, 1, 0}, {0, 0, -1}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, -1, 0}};
    const int *s = AXIS[south], *u = AXIS[top];
    int east[3] = {s[1] * u[2] - s[2] * u[1], s[2] * u[0] - s[0] * u[2], s[0] * u[1] - s[1] * u[0]};
    for (int face = 1; face <= 6; ++face)
        if (AXIS[face][0] == east[0] && AXIS[face][1] == east[1] && AXIS[face][2] == east[2]) return face;
    return 0;
}

// Whether `route` is a walk of the die by the rules from the start that
// ends the moment it comes back; if not, why.
bool replay(const Maze& maze, const vector<Position>& route, string& why) {
    if (route[0] != maze.start) return why = "the route does not start at the start " + shown(maze.start), false;
    if (route.size() < 2) return why = "the route makes no move", false;
    int top = maze.top, south = maze.south;
    for (size_t i = 1; i < route.size(); ++i) {
        Position from = route[i - 1], to = route[i];
        int way = direction_to(from, to);
        if (way < 0) return why = at_move(i, from, to, "not a roll to a neighbour"), false;
        bool inside = to.row >= 1 && to.row <= maze.rows && to.col >= 1 && to.col <= maze.cols;
        long square = inside ? maze.squares[to.row - 1][to.col - 1] : 0;
        if (square == 0) return why = at_move(i, from, to, "there is no square there"), false;
        if (square != -1 && square != top)
            return why = at_move(i, from, to, "the square shows " + to_string(square) + ", the die " + to_string(top) + " on top"), false;
        // Tipped over an edge: the face on the side it tips away from comes up.
        int east = east_face(top, south), was_top = top;
        if (way == NORTH) top = south, south = 7 - was_top;
        if (way == SOUTH) top = 7 - south, south = was_top;
        if (way == EAST) top = 7 - east;
        if (way == WEST) top = east;
        if (to == maze.start) {
            if (i + 1 == route.size()) return true;
            return why = at_move(i, from, to, "the die is back at the start, and the route goes on"), false;
        }
    }
    return why = "the route does not come back to the start " + shown(maze.start), false;
}
