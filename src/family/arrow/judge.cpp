// ------------------------------------------------- the arrow maze ----
// An arrow maze as the input gives it, and the walk's rules.

struct Maze {
    Position entrance, goal;
    int heading; // of the first move
    // For each listed intersection, for each direction of arrival, the
    // turns its sign allows: LEFT, FORWARD, RIGHT (0: no sign).
    map<pair<long long, long long>, vector<int>> signs;
};

const int LEFT = 1, FORWARD = 2, RIGHT = 4;
const string DIRECTIONS = "NESW";

// Reads a maze's lines after its name: r0 c0 D r1 c1, the intersections'
// lines, then 0.
void read_maze(Input& in, Maze& maze) {
    vector<string> head = in.items("the line r0 c0 D r1 c1");
    if (head.size() != 5) in.fault("the line r0 c0 D r1 c1 holds five items, not " + to_string(head.size()));
    maze.entrance = {number(in, head[0], 1, MAX_SIDE, "the entrance's row r0"),
                     number(in, head[1], 1, MAX_SIDE, "the entrance's column c0")};
    if (head[2].size() != 1 || DIRECTIONS.find(head[2][0]) == string::npos)
        in.fault("the direction D is '" + head[2] + "', not N, E, S or W");
    maze.heading = int(DIRECTIONS.find(head[2][0]));
    maze.goal = {number(in, head[3], 1, MAX_SIDE, "the goal's row r1"),
                 number(in, head[4], 1, MAX_SIDE, "the goal's column c1")};
    for (;;) {
        vector<string> items = in.items("an intersection's line, or 0");
        if (items.size() == 1 && items[0] == "0") return;
        if (items.size() < 4 || items.back() != "*")
            in.fault("an intersection's line is r c, then one sign or more, then *");
        long r = number(in, items[0], 1, MAX_SIDE, "the row r"), c = number(in, items[1], 1, MAX_SIDE, "the column c");
        if (maze.signs.count({r, c})) in.fault("intersection (" + items[0] + "," + items[1] + ") is listed on an earlier line");
        vector<int> turns(4, 0);
        for (size_t i = 2; i + 1 < items.size(); ++i) {
            const string& sign = items[i];
            size_t arrival = DIRECTIONS.find(sign[0]);
            if (arrival == string::npos || sign.size() < 2 || sign.size() > 4)
                in.fault("'" + sign + "' is no sign: a direction N, E, S or W, then one to three of L, F and R");
            if (turns[arrival]) in.fault("two signs for arrivals heading " + sign.substr(0, 1));
            for (size_t k = 1; k < sign.size(); ++k) {
                int turn = sign[k] == 'L' ? LEFT : sign[k] == 'F' ? FORWARD : sign[k] == 'R' ? RIGHT : 0;
                if (!turn || (turns[arrival] & turn)) in.fault("'" + sign + "' is no sign: each of L, F and R at most once");
                turns[arrival] |= turn;
            }
        }
        maze.signs[{r, c}] = turns;
    }
}

// The positions of a route per line of the judges' output, and how they
// are joined.
const size_t ROUTE_PER_LINE = 10;
const string ROUTE_SEPARATOR = " ";
const bool COMMA_AT_LINE_END = false;

// Whether `route` is a walk by the rules from the entrance that ends the
// moment it arrives at the goal; if not, why.
bool replay(const Maze& maze, const vector<Position>& route, string& why) {
    if (route[0] != maze.entrance) return why = "the route does not start at the entrance " + shown(maze.entrance), false;
    if (route.size() < 2) return why = "the route makes no move", false;
    int heading = maze.heading;
    for (size_t i = 1; i < route.size(); ++i) {
        Position from = route[i - 1], to = route[i];
        int way = direction_to(from, to);
        if (way < 0) return why = at_move(i, from, to, "not a step to a neighbour"), false;
        if (i == 1 && way != maze.heading)
            return why = at_move(i, from, to, "the first move heads " + DIRECTIONS.substr(maze.heading, 1) + ", whatever the entrance's signs"), false;
        if (i > 1) {
            // 0 forward, 1 right, 2 back, 3 left.
            int turn = (way - heading + 4) % 4;
            int bit = turn == 0 ? FORWARD : turn == 1 ? RIGHT : turn == 3 ? LEFT : 0;
            auto sign = maze.signs.find({from.row, from.col});
            int allowed = sign == maze.signs.end() ? 0 : sign->second[heading];
            if (!(allowed & bit))
                return why = at_move(i, from, to, "arriving heading " + DIRECTIONS.substr(heading, 1) + ", no sign allows it"), false;
        }
        heading = way;
        if (to == maze.goal) {
            if (i + 1 == route.size()) return true;
            return why = at_move(i, from, to, "the walk ends at the goal, and the route goes on"), false;
        }
    }
    return why = "the route does not end at the goal " + shown(maze.goal), false;
}
