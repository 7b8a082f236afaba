// --------------------------------------------------- input validator ----
// Reads a test case's input on standard input: exit 42 if it keeps the
// judges' format and the statement's limits, else 43 with the first
// place it does not on standard error. With `--constraints_file PATH`
// (BAPCtools), it writes the bounds it checked there.

int main(int argc, char** argv) {
    Input input(cin);
    try {
        long mazes = 0;
        for (;;) {
            string name = input.line("a maze's name or END");
            if (name == "END") break;
            if (!allowed_name(name)) input.fault("'" + name + "' is no name the statement allows");
            Maze maze;
            read_maze(input, maze);
            if (++mazes > MAX_MAZES) input.fault("more than " + to_string(MAX_MAZES) + " mazes");
        }
        if (mazes == 0) input.fault("the input holds no maze");
        bounded("mazes", mazes, 1, MAX_MAZES);
        if (input.lines.peek()) throw Fault{input.lines.number(), "text after the line END, which ends the input"};
    } catch (const Fault& fault) {
        cerr << "line " << fault.line << ": " << fault.why << "\n";
        return 43;
    }
    for (int i = 1; i + 1 < argc; ++i)
        if (string(argv[i]) == "--constraints_file") write_bounds(argv[i + 1]);
    return 42;
}
