// ------------------------------------------------ reading, shared ----
// What both validators share: lines read with a bound on their length,
// the letter of the judges' format, numbers, names and positions.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>
using namespace std;

// Where a text leaves the rules, and why: the line (from 1) and the words.
struct Fault {
    long line;
    string why;
};

// The most bytes of a line kept: a longer line is a fault, so that memory
// stays bounded whatever a stream holds (a team's output above all).
const size_t MAX_LINE = 8u << 20;

// The lines of a stream, one looked at ahead.
struct Lines {
    streambuf* in;
    long taken = 0;       // lines taken so far
    bool peeked = false;  // whether `line` holds the next line
    bool present = false; // whether there is a next line
    bool newline = false; // whether the next line ends with a newline
    string line;

    explicit Lines(istream& stream) : in(stream.rdbuf()) {}

    // Whether there is a next line; it is then `line`.
    bool peek() {
        if (peeked) return present;
        peeked = true;
        line.clear();
        newline = false;
        int c;
        bool any = false;
        while ((c = in->sbumpc()) != EOF) {
            any = true;
            if (c == '\n') {
                newline = true;
                break;
            }
            if (line.size() >= MAX_LINE)
                throw Fault{taken + 1, "a line longer than " + to_string(MAX_LINE) + " bytes"};
            line.push_back(char(c));
        }
        present = any;
        return present;
    }

    // The number of the next line.
    long number() const { return taken + 1; }

    // Takes the next line.
    void take() {
        peek();
        if (present) ++taken;
        peeked = false;
    }
};

// ------------------------------------------------------------ input ----
// The judges' input, read to the letter of its format.

struct Input {
    Lines lines;
    long at = 1; // the line read last, or being read
    explicit Input(istream& stream) : lines(stream) {}

    // A fault at the line read last.
    [[noreturn]] void fault(const string& why) const { throw Fault{at, why}; }

    // The next line, which must be printable ASCII ending in a newline,
    // neither blank nor ending with a space; `what` says what it is.
    string line(const string& what) {
        at = lines.number();
        if (!lines.peek()) fault("the input ends where " + what + " should be");
        string text = lines.line;
        if (text.empty()) fault("a blank line where " + what + " should be");
        for (char c : text)
            if (c < ' ' || c > '~') fault("a byte that is not printable ASCII: " + to_string(int((unsigned char)c)));
        if (text.back() == ' ') fault("the line ends with a space");
        if (!lines.newline) fault("the last line does not end with a newline");
        lines.take();
        return text;
    }

    // The next line's items, separated by single spaces, the line neither
    // starting nor ending with one.
    vector<string> items(const string& what) {
        string text = line(what);
        vector<string> items;
        string item;
        for (size_t i = 0; i <= text.size(); ++i) {
            if (i == text.size() || text[i] == ' ') {
                if (item.empty()) fault("two spaces in a row, or a space at the line's start, in " + what);
                items.push_back(item);
                item.clear();
            } else {
                item.push_back(text[i]);
            }
        }
        return items;
    }
};

// The bounds checked, for BAPCtools' `bt constraints`: for each, by name,
// the least and the most value seen and allowed.
struct Bound {
    long seen_least, seen_most, least, most;
};
map<string, Bound> bounds;

// Notes that `value` was checked against `least` and `most` under `name`.
void bounded(const string& name, long value, long least, long most) {
    auto found = bounds.find(name);
    if (found == bounds.end()) {
        bounds[name] = {value, value, least, most};
        return;
    }
    Bound& b = found->second;
    b.seen_least = min(b.seen_least, value), b.seen_most = max(b.seen_most, value);
    b.least = min(b.least, least), b.most = max(b.most, most);
}

// Writes the bounds checked to `path`, a line each as BAPCtools reads them:
// name, name, whether the least and the most were reached, the least and
// most seen, the least and most allowed.
void write_bounds(const string& path) {
    ofstream out(path);
    for (const auto& [name, b] : bounds)
        out << name << " " << name << " " << (b.seen_least == b.least) << " " << (b.seen_most == b.most) << " "
            << b.seen_least << " " << b.seen_most << " " << b.least << " " << b.most << "\n";
}

// `text` as a number from `least` to `most`, written plainly (no sign but
// a minus, no leading zero, no -0), or a fault of `input` naming `what`,
// whose last word is the number's name in the statement.
long number(const Input& input, const string& text, long least, long most, const string& what) {
    size_t start = text.size() > 0 && text[0] == '-' ? 1 : 0;
    bool plain = text.size() > start && text.size() - start <= 9;
    for (size_t i = start; i < text.size(); ++i) plain = plain && text[i] >= '0' && text[i] <= '9';
    plain = plain && !(text[start] == '0' && text.size() > start + 1) && text != "-0";
    if (!plain) input.fault(what + " is '" + text + "', not a number written plainly");
    long value = stol(text);
    if (value < least || value > most)
        input.fault(what + " is " + text + ": it must be from " + to_string(least) + " to " + to_string(most));
    bounded(what.substr(what.rfind(' ') + 1), value, least, most);
    return value;
}

// Whether `name` is a name the statement allows.
bool allowed_name(const string& name) {
    if (name.empty() || name == "END") return false;
    bounded("name_length", long(name.size()), 1, long(SPACED_NAMES ? SPACED_NAME_MOST : WORD_NAME_MOST));
    if (SPACED_NAMES) {
        if (name.size() > SPACED_NAME_MOST || name.front() == ' ' || name.back() == ' ') return false;
        for (char c : name)
            if (c < ' ' || c > '~') return false;
        return true;
    }
    if (name.size() > WORD_NAME_MOST) return false;
    for (char c : name) {
        bool letter_or_digit = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (ALPHANUMERIC_NAMES ? !letter_or_digit : (c <= ' ' || c > '~')) return false;
    }
    return true;
}

// ------------------------------------------------------- positions ----

// A square or intersection: row and column, from 1.
struct Position {
    long long row, col;
    bool operator==(const Position& o) const { return row == o.row && col == o.col; }
    bool operator!=(const Position& o) const { return !(*this == o); }
};

string shown(Position p) { return "(" + to_string(p.row) + "," + to_string(p.col) + ")"; }

// The directions, and the step each takes: north lowers the row.
const int NORTH = 0, EAST = 1, SOUTH = 2, WEST = 3;
const long ROW_STEP[4] = {-1, 0, 1, 0}, COL_STEP[4] = {0, 1, 0, -1};

Position stepped(Position p, int direction) { return {p.row + ROW_STEP[direction], p.col + COL_STEP[direction]}; }

// The direction from `a` to `b` beside it, or -1 if `b` is not beside it.
int direction_to(Position a, Position b) {
    for (int d = 0; d < 4; ++d)
        if (stepped(a, d) == b) return d;
    return -1;
}

// Why move `move` of a route, from `from` to `to`, breaks the rules.
string at_move(size_t move, Position from, Position to, const string& why) {
    return "move " + to_string(move) + ", " + shown(from) + " -> " + shown(to) + ": " + why;
}
