// -------------------------------------------------- output validator ----
// Run as `judge INPUT ANSWER FEEDBACK_DIR [strict]` with a team's output
// on standard input: exit 42 if, maze by maze, it gives the name and a
// shortest legal route (or says No Solution Possible where there is
// none), else 43, with why in FEEDBACK_DIR/judgemessage.txt. With
// `strict`, the layout must be the judges', byte for byte; without it,
// only the positions count. It replays the team's route by the rules and
// compares its length with the judges' answer: it needs no search. Its
// memory is bounded by the mazes and one line of MAX_LINE bytes, its time
// by the output's length, whatever the output holds.

// Why the team's output is rejected: the line and the words.
struct Reject {
    long line;
    string why;
};

const string NO_SOLUTION = "No Solution Possible";

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'; }

string trimmed(const string& text) {
    size_t start = 0, end = text.size();
    while (start < end && space(text[start])) ++start;
    while (end > start && space(text[end - 1])) --end;
    return text.substr(start, end - start);
}

bool blank(const string& text) { return trimmed(text).empty(); }

// The positions of one line of a route, separated by spaces, tabs and
// commas, each `(r,c)` (spaces allowed inside), into `read`: false at
// text that is no position.
bool positions(const string& text, vector<Position>& read) {
    read.clear();
    size_t i = 0;
    // As a u32, a plus sign and leading zeros allowed (the positions
    // alone are judged where the layout is not).
    auto number = [](string digits, long long& value) {
        digits = trimmed(digits);
        if (!digits.empty() && digits[0] == '+') digits.erase(0, 1);
        size_t zeros = 0;
        while (zeros + 1 < digits.size() && digits[zeros] == '0') ++zeros;
        digits.erase(0, zeros);
        if (digits.empty() || digits.size() > 10) return false;
        for (char c : digits)
            if (c < '0' || c > '9') return false;
        value = stoll(digits);
        return value <= 4294967295LL;
    };
    for (;;) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == ',')) ++i;
        if (i == text.size()) return true;
        if (text[i] != '(') return false;
        size_t close = text.find(')', i);
        if (close == string::npos) return false;
        string inside = text.substr(i + 1, close - i - 1);
        size_t comma = inside.find(',');
        Position p;
        if (comma == string::npos || !number(inside.substr(0, comma), p.row) ||
            !number(inside.substr(comma + 1), p.col))
            return false;
        read.push_back(p);
        i = close + 1;
    }
}

// The judges' line of `route`'s positions from `from`, `count` of them.
string judges_line(const vector<Position>& route, size_t from, size_t count, bool last) {
    string line = "  ";
    for (size_t i = from; i < from + count; ++i) line += (i > from ? ROUTE_SEPARATOR : "") + shown(route[i]);
    if (!last && COMMA_AT_LINE_END) line += ",";
    return line;
}

// `text` as a message quotes it: its first 60 characters, each byte that
// is not printable ASCII as '?'.
string quoted(const string& text) {
    string shown;
    for (char c : text.substr(0, 60)) shown += (c >= ' ' && c <= '~') ? c : '?';
    return "'" + shown + (text.size() > 60 ? "...'" : "'");
}

// What a line's ends and indentation break, if they do: the faults that
// leave a line looking right.
string edge_fault(const string& text) {
    size_t indent = 0;
    while (indent < text.size() && text[indent] == ' ') ++indent;
    if (!text.empty() && text.back() == '\r') return "the line ends with a carriage return (CRLF)";
    if (!text.empty() && (text[0] == '\t' || indent != 2))
        return "the line is indented by " + to_string(indent) + (indent == 1 ? " space" : " spaces") + ", not 2";
    if (!text.empty() && space(text.back())) return "the line ends in spaces";
    return "";
}

// Why the line `text` does not name maze `name`, said as precisely as
// `logicmaze verify` says it.
string name_fault(const string& text, const string& name) {
    if (blank(text)) return "a blank line where maze '" + name + "' should be named";
    if (!text.empty() && text.back() == '\r') return "the line ends with a carriage return (CRLF)";
    if (trimmed(text) == name) return "the line naming maze '" + name + "' has spaces around the name";
    return "expected the name line '" + name + "', found " + quoted(text);
}

// Why the route line `text`, holding `count` positions from `from` on,
// is neither of the judges' lines for them (a full line with more after
// it, or the last line).
string layout_fault(const string& text, const vector<Position>& route, size_t from, size_t count) {
    string edge = edge_fault(text);
    if (!edge.empty()) return edge;
    bool comma = !text.empty() && text.back() == ',';
    if (COMMA_AT_LINE_END && comma && count != ROUTE_PER_LINE)
        return "the line holds " + to_string(count) + " positions and ends with a comma: the judges write " +
               to_string(ROUTE_PER_LINE) + " a line, each but the last ending with a comma";
    bool middle = COMMA_AT_LINE_END && comma;
    return "the positions are joined by something else than '" + string(ROUTE_SEPARATOR) +
           "': the judges write " + quoted(judges_line(route, from, count, !middle));
}

// The team's output, as it is judged.
struct Team {
    Lines lines;
    bool strict;
    bool first = true;

    Team(istream& stream, bool strict) : lines(stream), strict(strict) {}

    // The next line's text (without a carriage return at its end, and the
    // output's byte order mark, unless strict), if there is one.
    bool peek(string& text) {
        if (!lines.peek()) return false;
        text = lines.line;
        if (!strict && !text.empty() && text.back() == '\r') text.pop_back();
        if (!strict && first && text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
        return true;
    }

    void take() {
        lines.take();
        first = false;
    }

    [[noreturn]] void reject(const string& why) const { throw Reject{lines.number(), why}; }

    // Whether the next line belongs to a maze's answer after its name: one
    // indented, or like a route's, up to a blank line or the next maze's
    // name (`next`, if there is a next maze).
    bool in_body(const string* next) {
        string text;
        if (!peek(text) || blank(text)) return false;
        string bare = trimmed(text);
        bool belongs = text[0] == ' ' || text[0] == '\t' || bare[0] == '(' || bare == NO_SOLUTION;
        size_t end = text.size();
        while (end > 0 && space(text[end - 1])) --end;
        return belongs && !(next && text.substr(0, end) == *next);
    }

    // Judges the answer to one maze named `name`, whose judges' route has
    // `shortest` positions (0: none); `next` is the next maze's name.
    void judge(const string& name, const Maze& maze, size_t shortest, const string* next) {
        string text;
        if (!strict)
            while (peek(text) && blank(text)) take();
        if (!peek(text)) reject("the output ends before maze '" + name + "'");
        if ((strict ? text : trimmed(text)) != name) reject(name_fault(text, name));
        if (strict && !lines.newline) reject("the last line does not end with a newline");
        take();
        if (!in_body(next)) reject("no route and no No Solution Possible for maze '" + name + "'");
        peek(text);
        if (trimmed(text) == NO_SOLUTION) {
            if (strict && text != "  " + NO_SOLUTION) {
                string edge = edge_fault(text);
                reject(edge.empty() ? "the judges write '  " + NO_SOLUTION + "'" : edge);
            }
            if (strict && !lines.newline) reject("the last line does not end with a newline");
            take();
            if (in_body(next)) reject("text after No Solution Possible");
            if (shortest > 0) reject("maze '" + name + "' has a route, and this answer says it has none");
            return;
        }
        vector<Position> route, line;
        // Strict: for each line, whether it is the judges' line there if
        // more lines follow it, and if it is the last.
        vector<pair<bool, bool>> forms;
        long first_line = lines.number();
        while (in_body(next)) {
            peek(text);
            if (!positions(text, line)) reject("text that is no position (r,c)");
            route.insert(route.end(), line.begin(), line.end());
            if (shortest == 0) reject("maze '" + name + "' has no route, and this answer gives one");
            if (route.size() > shortest) reject("the route is longer than the shortest");
            if (strict) {
                size_t from = route.size() - line.size();
                if (line.size() > ROUTE_PER_LINE)
                    reject("the line holds " + to_string(line.size()) + " positions: the judges write " +
                           to_string(ROUTE_PER_LINE) + " a line, the last line fewer");
                bool middle = line.size() == ROUTE_PER_LINE && text == judges_line(route, from, line.size(), false);
                bool last = !line.empty() && text == judges_line(route, from, line.size(), true);
                if (!middle && !last)
                    reject(layout_fault(text, route, from, line.size()));
                if (!lines.newline) reject("the last line does not end with a newline");
                forms.push_back({middle, last});
            }
            take();
        }
        for (size_t i = 0; i < forms.size(); ++i) {
            long at = first_line + long(i);
            if (i + 1 < forms.size() && !forms[i].first)
                throw Reject{at, "every line of positions but the last holds " + to_string(ROUTE_PER_LINE) +
                                     (COMMA_AT_LINE_END ? " and ends with a comma" : "")};
            if (i + 1 == forms.size() && !forms[i].second)
                throw Reject{at, "the last line of positions ends with a comma"};
        }
        // Lines of separators alone hold no position: no route at all.
        if (route.empty()) throw Reject{first_line, "no position for maze '" + name + "'"};
        string why;
        if (!replay(maze, route, why)) throw Reject{first_line, "maze '" + name + "': " + why};
    }
};

// The judges' answer: for each maze, the positions of its route (0: none).
vector<size_t> judges_answer(istream& stream) {
    Lines lines(stream);
    vector<size_t> shortest;
    vector<Position> line;
    while (lines.peek()) {
        string text = lines.line;
        lines.take();
        if (text.compare(0, 2, "  ") != 0) {
            shortest.push_back(0);
        } else if (trimmed(text) != NO_SOLUTION && positions(text, line) && !shortest.empty()) {
            shortest.back() += line.size();
        }
    }
    return shortest;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        cerr << "usage: " << argv[0] << " INPUT ANSWER FEEDBACK_DIR [strict] < team_output\n";
        return 1;
    }
    bool strict = false;
    for (int i = 4; i < argc; ++i) {
        strict = strict || string(argv[i]) == "strict";
        // BAPCtools asks for the bounds of an answer's numbers: the statement
        // states none beyond the input's.
        if (string(argv[i]) == "--constraints_file" && i + 1 < argc) ofstream{argv[i + 1]};
    }
    ifstream input_file(argv[1]), answer_file(argv[2]);
    vector<pair<string, Maze>> mazes;
    try {
        Input input(input_file);
        for (string name; (name = input.line("a maze's name or END")) != "END";) {
            mazes.push_back({name, Maze()});
            read_maze(input, mazes.back().second);
        }
    } catch (const Fault& fault) {
        cerr << argv[1] << ": line " << fault.line << ": " << fault.why << "\n";
        return 1;
    }
    vector<size_t> shortest = judges_answer(answer_file);
    if (shortest.size() != mazes.size()) {
        cerr << argv[2] << ": " << shortest.size() << " answers for " << mazes.size() << " mazes\n";
        return 1;
    }
    ofstream message(string(argv[3]) + "/judgemessage.txt");
    Team team(cin, strict);
    try {
        for (size_t i = 0; i < mazes.size(); ++i) {
            const string* next = i + 1 < mazes.size() ? &mazes[i + 1].first : nullptr;
            team.judge(mazes[i].first, mazes[i].second, shortest[i], next);
        }
        string text;
        if (!strict)
            while (team.peek(text) && blank(text)) team.take();
        if (team.peek(text)) team.reject("text after the last maze's answer");
    } catch (const Reject& reject) {
        message << "line " << reject.line << ": " << reject.why << "\n";
        return 43;
    } catch (const Fault& fault) {
        message << "line " << fault.line << ": " << fault.why << "\n";
        return 43;
    }
    message << "accepted: " << mazes.size() << " mazes\n";
    return 42;
}
