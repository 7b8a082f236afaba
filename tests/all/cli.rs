//! The command line as a user meets it: files, stdin, errors, exit codes.

use crate::common;

use assert_cmd::Command;
use logicmaze::{
    family::{Maze, dice},
    text,
};
use predicates::prelude::*;

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").expect("the binary is built")
}

/// Runs `solve` on `input` given as a file named `maze.txt` in a fresh
/// directory, returning stdout, stderr and the exit code.
fn solve_file(input: &str, args: &[&str]) -> (String, String, i32) {
    let dir = tempdir();
    std::fs::write(dir.join("maze.txt"), input).unwrap();
    let output = logicmaze()
        .current_dir(&dir)
        .arg("solve")
        .args(args)
        .arg("maze.txt")
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

fn tempdir() -> common::Scratch {
    common::tempdir("cli")
}

/// The tests' folders go when the tests are done: a run of the suite once
/// left a hundred folders in the system's temporary folder.
#[test]
fn a_tests_folder_is_removed_with_what_it_holds() {
    let dir = tempdir();
    std::fs::create_dir(dir.join("inner")).unwrap();
    std::fs::write(dir.join("inner/file"), "text").unwrap();
    let path = dir.to_path_buf();
    drop(dir);
    assert!(!path.exists(), "{} is still there", path.display());
}

const ARROW_BEFORE: &str = "GOOD1\n3 1 N 2 1\n0\n";
const ARROW_AFTER: &str = "GOOD2\n3 1 N 2 1\n0\nEND\n";
const ARROW_GOOD_OUTPUT: &str = "GOOD1\n  (3,1) (2,1)\nGOOD2\n  (3,1) (2,1)\n";
const DICE_BEFORE: &str = "D1\n1 2 1 1 1 2\n-1 -1\n";
const DICE_AFTER: &str = "D2\n1 2 1 1 1 2\n-1 -1\nEND\n";
const DICE_GOOD_OUTPUT: &str = "D1\n  (1,1),(1,2),(1,1)\nD2\n  (1,1),(1,2),(1,1)\n";

/// The message lines of `stderr` (`FILE:LINE:COL: error: ...`), without
/// the snippets under them, after checking each snippet against `input`:
/// the line it names is shown with a caret under the column.
fn messages(stderr: &str, input: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut messages = String::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("maze.txt:") && !line.starts_with("logicmaze:") {
            continue;
        }
        messages.push_str(line);
        messages.push('\n');
        let mut place = line.splitn(4, ':').skip(1);
        let (Some(row), Some(col)) = (place.next(), place.next()) else {
            continue;
        };
        let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
        let Some(source) = input.lines().nth(row - 1) else {
            continue;
        };
        if !line.contains(": error: ") || source.len() > 100 {
            continue;
        }
        let width = row.to_string().len();
        let shown = format!("{row} | {}", source.trim_end_matches('\r'));
        assert_eq!(
            lines.get(i + 2).copied(),
            Some(shown.trim_end()),
            "{stderr}"
        );
        let caret = format!("{} | {}^", " ".repeat(width), " ".repeat(col - 1));
        assert!(
            lines[i + 3].starts_with(&caret),
            "caret misplaced in\n{stderr}"
        );
    }
    messages
}

/// A bad maze between two good ones: the good ones are still solved, the
/// bad one is reported with exactly `message` (its line shown with a caret
/// under the column), and the exit code is 1.
fn assert_bad_arrow(bad: &str, message: &str) {
    let input = format!("{ARROW_BEFORE}{bad}{ARROW_AFTER}");
    let (stdout, stderr, code) = solve_file(&input, &[]);
    assert_eq!(stdout, ARROW_GOOD_OUTPUT);
    assert_eq!(messages(&stderr, &input), format!("maze.txt:{message}\n"));
    assert_eq!(code, 1);
}

fn assert_bad_dice(bad: &str, message: &str) {
    let input = format!("{DICE_BEFORE}{bad}{DICE_AFTER}");
    let (stdout, stderr, code) = solve_file(&input, &[]);
    assert_eq!(stdout, DICE_GOOD_OUTPUT);
    assert_eq!(messages(&stderr, &input), format!("maze.txt:{message}\n"));
    assert_eq!(code, 1);
}

#[test]
fn errors_show_the_line_a_caret_and_a_hint() {
    let input = "M\n3 1 N 3 3\n1 1 WL QR *\n0\nEND\n";
    let (_, stderr, _) = solve_file(input, &[]);
    assert_eq!(
        stderr,
        "maze.txt:3:8: error: expected a sign like NLF or '*', found 'QR'\n  |\n3 | 1 1 WL QR *\n  |        ^^\n  |\n  = help: a sign is the direction of travel followed by one to three of L, F, R, as in NLF\n"
    );
    let long = format!("M\n3 1 N 3 3\n1 1 {}Q *\n0\nEND\n", "NL ".repeat(100));
    let (_, stderr, _) = solve_file(&long, &[]);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0],
        "maze.txt:3:305: error: expected a sign like NLF or '*', found 'Q'"
    );
    assert!(lines[2].starts_with("3 | ..."), "{stderr}");
    let caret = lines[3].find('^').unwrap();
    assert_eq!(&lines[2][caret..caret + 1], "Q", "{stderr}");
}

#[test]
fn solves_the_sample_files() {
    for family in ["arrow", "dice"] {
        let expected = std::fs::read_to_string(format!("examples/{family}.out")).unwrap();
        logicmaze()
            .args(["solve", &format!("examples/{family}.in")])
            .assert()
            .success()
            .stdout(expected)
            .stderr("");
    }
}

#[test]
fn reads_standard_input_without_a_file_or_with_a_dash() {
    for args in [&["solve"][..], &["solve", "-"]] {
        logicmaze()
            .args(args)
            .pipe_stdin("examples/dice.in")
            .unwrap()
            .assert()
            .success()
            .stdout(std::fs::read_to_string("examples/dice.out").unwrap());
    }
}

#[test]
fn several_files_are_solved_in_order() {
    let expected = std::fs::read_to_string("examples/arrow.out").unwrap()
        + &std::fs::read_to_string("examples/dice.out").unwrap();
    logicmaze()
        .args(["solve", "examples/arrow.in", "examples/dice.in"])
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn family_can_be_forced() {
    logicmaze()
        .args(["solve", "--family", "dice", "examples/dice.in"])
        .assert()
        .success();
    let input = "M\n3 1 N 2 1\n0\nEND\n";
    let (stdout, stderr, code) = solve_file(input, &["--family", "dice"]);
    assert_eq!(stdout, "");
    assert_eq!(
        messages(&stderr, input),
        "maze.txt:2:5: error: expected the start row, found 'N'\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn help_and_version() {
    logicmaze()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("solve").and(predicate::str::contains("Exit status")));
    logicmaze()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--max-states").and(predicate::str::contains("--family")));
    logicmaze()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("logicmaze {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn unknown_direction_letter() {
    assert_bad_arrow(
        "BAD\n3 1 X 3 3\n1 1 NR *\n0\n",
        "5:5: error: expected a direction N, E, S or W, found 'X'",
    );
}

#[test]
fn unknown_sign_letter() {
    assert_bad_arrow(
        "BAD\n3 1 N 3 3\n1 1 WL Q *\n0\n",
        "6:8: error: expected a sign like NLF or '*', found 'Q'",
    );
}

#[test]
fn missing_star() {
    assert_bad_arrow(
        "BAD\n3 1 N 3 3\n1 1 WL NR\n0\n",
        "6:10: error: expected '*' after the signs of intersection (1,1)",
    );
}

#[test]
fn missing_zero_line_still_solves_the_next_maze() {
    assert_bad_arrow(
        "BAD\n3 1 N 3 3\n1 1 WL NR *\n",
        "7:1: error: expected an intersection 'ROW COL SIGN... *' or the '0' line that ends maze 'BAD', found 'GOOD2'",
    );
}

#[test]
fn missing_end_is_a_warning() {
    let (stdout, stderr, code) = solve_file(ARROW_BEFORE, &[]);
    assert_eq!(stdout, "GOOD1\n  (3,1) (2,1)\n");
    assert_eq!(
        stderr,
        "maze.txt:4:1: warning: no END line; the end of input is taken as END\n"
    );
    assert_eq!(code, 0);
}

#[test]
fn input_ending_inside_a_maze() {
    let (stdout, stderr, code) =
        solve_file(&format!("{ARROW_BEFORE}BAD\n3 1 N 3 3\n1 1 WL *\n"), &[]);
    assert_eq!(stdout, "GOOD1\n  (3,1) (2,1)\n");
    assert_eq!(
        stderr,
        "maze.txt:7:1: error: input ended inside maze 'BAD': expected an intersection or the '0' line\n\
         maze.txt:7:1: warning: no END line; the end of input is taken as END\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn coordinates_out_of_range() {
    assert_bad_arrow(
        "BAD\n3 1 N 3 3\n0 1 WL *\n0\n",
        "6:1: error: the intersection row 0 is out of range: the smallest allowed is 1",
    );
    assert_bad_arrow(
        "BAD\n3 0 N 3 3\n0\n",
        "5:3: error: the entrance column 0 is out of range: the smallest allowed is 1",
    );
    assert_bad_dice(
        "BAD\n2 2 3 1 1 2\n-1 -1\n-1 -1\n",
        "5:5: error: the start row 3 is out of range: the largest allowed is 2",
    );
}

#[test]
fn wrong_count_of_numbers_in_a_dice_row() {
    assert_bad_dice(
        "BAD\n2 2 1 1 1 2\n-1 -1\n-1\n",
        "7:3: error: expected 2 numbers in row 2 of maze 'BAD', found 1",
    );
    assert_bad_dice(
        "BAD\n2 2 1 1 1 2\n-1 -1 -1\n-1 -1\n",
        "6:7: error: expected 2 numbers in row 1 of maze 'BAD', found 3",
    );
}

#[test]
fn too_few_dice_rows_still_solves_the_next_maze() {
    assert_bad_dice(
        "BAD\n3 2 1 1 1 2\n-1 -1\n-1 -1\n",
        "8:1: error: expected row 3 of 3 of maze 'BAD', found 'D2'",
    );
}

#[test]
fn bad_squares_and_faces() {
    assert_bad_dice(
        "BAD\n2 2 1 1 1 2\n-1 9\n-1 -1\n",
        "6:4: error: expected a square -1 (wild), 0 (none) or 1 to 6, found '9'",
    );
    assert_bad_dice(
        "BAD\n2 2 1 1 7 2\n-1 -1\n-1 -1\n",
        "5:9: error: the die's top face must be 1 to 6, found 7",
    );
    assert_bad_dice(
        "BAD\n2 2 1 1 1 0\n-1 -1\n-1 -1\n",
        "5:9: error: the die's front face must be 1 to 6, found 0",
    );
}

#[test]
fn top_and_front_equal_or_opposite() {
    assert_bad_dice(
        "BAD\n2 2 1 1 3 3\n-1 -1\n-1 -1\n",
        "5:9: error: the die's top and front faces are both 3",
    );
    assert_bad_dice(
        "BAD\n2 2 1 1 3 4\n-1 -1\n-1 -1\n",
        "5:9: error: the die's top 3 and front 4 are opposite faces (they sum to 7)",
    );
}

#[test]
fn short_dice_header() {
    assert_bad_dice(
        "BAD\n2 2 1 1 1\n-1 -1\n-1 -1\n",
        "5:10: error: expected the die's front face, found end of line",
    );
}

#[test]
fn huge_mazes_are_refused_before_allocating() {
    // The default limit follows from the memory available: only the rest of
    // the message is fixed.
    let input = format!("{DICE_BEFORE}BIG\n100000 100000 1 1 1 2\n-1 -1\n{DICE_AFTER}");
    let (stdout, stderr, code) = solve_file(&input, &[]);
    let stderr = messages(&stderr, &input);
    assert_eq!(stdout, DICE_GOOD_OUTPUT);
    assert!(stderr.starts_with(
        "maze.txt:5:1: error: maze 'BIG' needs 240009600096 states, more than the limit of "
    ));
    assert!(stderr.ends_with(" (see --max-states)\n"));
    assert_eq!(code, 1);
    let (stdout, stderr, code) = solve_file(
        &format!("{DICE_BEFORE}{DICE_AFTER}"),
        &["--max-states", "10"],
    );
    assert_eq!(stdout, "");
    assert!(stderr.contains("maze 'D1' needs 288 states, more than the limit of 10"));
    assert_eq!(code, 1);
}

#[test]
fn unknown_family_is_explained() {
    let (stdout, stderr, code) = solve_file("X\nhello world\n", &[]);
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("maze.txt:2:1: error: cannot tell the maze family from 'hello world'")
    );
    assert_eq!(code, 1);
}

#[test]
fn crlf_tabs_and_repeated_spaces_are_accepted() {
    let arrow = std::fs::read_to_string("examples/arrow.in").unwrap();
    let messy = arrow.replace(' ', " \t  ").replace('\n', "\r\n");
    let (stdout, stderr, code) = solve_file(&messy, &[]);
    assert_eq!(
        stdout,
        std::fs::read_to_string("examples/arrow.out").unwrap()
    );
    assert_eq!((stderr.as_str(), code), ("", 0));

    let dice = std::fs::read_to_string("examples/dice.in").unwrap();
    let messy = dice.replace(' ', "\t \t").replace('\n', "\r\n");
    let (stdout, _, code) = solve_file(&messy, &[]);
    assert_eq!(
        stdout,
        std::fs::read_to_string("examples/dice.out").unwrap()
    );
    assert_eq!(code, 0);
}

#[test]
fn unreadable_file_exits_2_and_other_files_still_run() {
    logicmaze()
        .args(["solve", "no-such-file.in", "examples/dice.in"])
        .assert()
        .code(2)
        .stdout(std::fs::read_to_string("examples/dice.out").unwrap())
        .stderr(predicate::str::starts_with(
            "logicmaze: error: no-such-file.in: ",
        ));
}

#[test]
fn bad_arguments_exit_2() {
    logicmaze()
        .args(["solve", "--family", "hex"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'hex'"));
}

/// Two shortest routes of three moves: north then east, or east then north
/// (the README's example).
const AMBIGUOUS: &str = include_str!("../../examples/ambiguous.in");

#[test]
fn check_proves_the_samples_unique_or_unsolvable() {
    let output = logicmaze()
        .args(["check", "examples/arrow.in", "examples/dice.in"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let verdicts: Vec<&str> = stdout.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        verdicts,
        [
            "SAMPLE: unique, 14 moves",
            "NOSOLUTION: unsolvable",
            "DICEMAZE1: unique, 8 moves",
            "DICEMAZE2: unique, 22 moves",
            "DICEMAZE3: unsolvable",
        ]
    );
}

#[test]
fn check_finds_two_witnesses_and_exits_3() {
    let (stdout, stderr, code) = solve_file(AMBIGUOUS, &[]);
    assert_eq!(stdout, "AMBIGUOUS\n  (3,1) (2,1) (1,1) (1,2)\n");
    assert_eq!((stderr.as_str(), code), ("", 0));

    let dir = tempdir();
    std::fs::write(dir.join("maze.txt"), AMBIGUOUS).unwrap();
    logicmaze()
        .current_dir(&dir)
        .args(["check", "maze.txt"])
        .assert()
        .code(3)
        .stdout(
            "AMBIGUOUS: ambiguous, 2 shortest routes of 3 moves\n\
             \x20 route 1: (3,1) (2,1) (1,1) (1,2)\n\
             \x20 route 2: (3,1) (2,1) (2,2) (1,2)\n\
             \x20 they split at move 2: to (1,1) or to (2,2)\n\
             \x20 reachable states: 5, of which dead ends: 0\n\
             \x20 signs never read: none\n",
        );
}

#[test]
fn check_speaks_json() {
    let dir = tempdir();
    std::fs::write(dir.join("maze.txt"), AMBIGUOUS).unwrap();
    let output = logicmaze()
        .current_dir(&dir)
        .args(["check", "--format", "json", "maze.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let line: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(line["name"], "AMBIGUOUS");
    assert_eq!(line["family"], "arrow");
    assert_eq!(line["verdict"], "ambiguous");
    assert_eq!(line["moves"], 3);
    assert_eq!(line["routes"], 2);
    assert_eq!(
        line["route"],
        serde_json::json!([[3, 1], [2, 1], [1, 1], [1, 2]])
    );
    assert_eq!(
        line["alternative"],
        serde_json::json!([[3, 1], [2, 1], [2, 2], [1, 2]])
    );
    assert_eq!(line["split"], 2);
}

#[test]
fn solve_speaks_json_lines_with_errors_in_the_stream() {
    let input = format!("{ARROW_BEFORE}BAD\n3 1 N 3 3\n1 1 WL Q *\n0\n{ARROW_AFTER}");
    let (stdout, stderr, code) = solve_file(&input, &["--format", "json"]);
    assert_eq!(code, 1);
    assert_eq!(
        messages(&stderr, &input),
        "maze.txt:6:8: error: expected a sign like NLF or '*', found 'Q'\n"
    );
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        serde_json::json!({"name": "GOOD1", "family": "arrow", "moves": 1, "route": [[3, 1], [2, 1]]})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"error": {"file": "maze.txt", "line": 6, "column": 8,
            "message": "expected a sign like NLF or '*', found 'Q'"}})
    );
    assert_eq!(lines[2]["name"], "GOOD2");
    let unsolvable = solve_file("N\n3 1 N 1 1\n0\nEND\n", &["--format", "json"]).0;
    assert_eq!(
        unsolvable,
        "{\"name\":\"N\",\"family\":\"arrow\",\"moves\":null,\"route\":null}\n"
    );
}

#[test]
fn convert_round_trips_judge_and_json() {
    let judge_text = logicmaze()
        .args([
            "convert",
            "--to",
            "judge",
            "examples/arrow.in",
            "examples/dice.in",
        ])
        .output()
        .unwrap();
    assert_eq!(judge_text.status.code(), Some(0));
    let json_lines = logicmaze()
        .args(["convert", "--to", "json", "-"])
        .write_stdin(judge_text.stdout.clone())
        .output()
        .unwrap();
    let json_text = String::from_utf8(json_lines.stdout.clone()).unwrap();
    assert_eq!(json_text.lines().count(), 5);
    assert!(json_text.starts_with(r#"{"family":"arrow","name":"SAMPLE","entrance":[3,1],"heading":"N","goal":[3,3],"intersections":[{"at":[1,1],"signs":{"N":"R","W":"L"}}"#));
    logicmaze()
        .args(["convert", "--to", "judge"])
        .write_stdin(json_lines.stdout.clone())
        .assert()
        .success()
        .stdout(String::from_utf8(judge_text.stdout).unwrap());
    let expected = std::fs::read_to_string("examples/arrow.out").unwrap()
        + &std::fs::read_to_string("examples/dice.out").unwrap();
    logicmaze()
        .arg("solve")
        .write_stdin(json_lines.stdout)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn bad_json_mazes_are_reported_and_skipped() {
    let good = r#"{"family":"dice","name":"D","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]}"#;
    let input = format!(
        "{good}\n{{\"family\":\"dice\",\"name\":\"BAD\",\"rows\":1,\"cols\":2,\"start\":[1,1],\"top\":3,\"front\":4,\"squares\":[[-1,-1]]}}\nnot json\n{good}\n"
    );
    let (stdout, stderr, code) = solve_file(&input, &[]);
    assert_eq!(stdout, "D\n  (1,1),(1,2),(1,1)\nD\n  (1,1),(1,2),(1,1)\n");
    assert_eq!(
        messages(&stderr, &input),
        "maze.txt:2:79: error: the die's top 3 and front 4 are opposite faces (they sum to 7)\n\
         maze.txt:3:2: error: invalid JSON maze: expected ident\n"
    );
    assert_eq!(code, 1);
    let (_, _, code) = solve_file(&input, &["--input-format", "judge"]);
    assert_eq!(code, 1);
}

/// The error kinds not pinned by the tests above, each with its exact
/// message (and its line shown under it), from judge or JSON input.
#[test]
fn every_other_error_kind_has_its_exact_message() {
    let dice = |fields: &str| {
        format!(r#"{{"family":"dice","name":"R",{fields},"top":1,"front":2}}"#) + "\n"
    };
    let cases = [
        (
            "A\n3 1 N 2 1 X\n0\nEND\n".to_string(),
            "maze.txt:2:11: error: unexpected 'X' after the goal",
        ),
        (
            dice(r#""rows":2,"cols":2,"start":[1,1],"squares":[[-1,-1]]"#),
            "maze.txt:1:71: error: expected 2 rows in maze 'R', found 1",
        ),
        (
            dice(r#""rows":1,"cols":2,"start":[5,5],"squares":[[-1,-1]]"#),
            "maze.txt:1:55: error: start (5,5) lies outside the 1×2 maze",
        ),
        (
            dice(r#""rows":1,"cols":2,"start":[1,1],"squares":[[9,-1]]"#),
            "maze.txt:1:73: error: expected a square -1 (wild), 0 (none) or 1 to 6, found '9'",
        ),
        // Coordinates near 2^32: the state count saturates rather than
        // overflowing (found while pinning these messages).
        (
            "A\n4294967293 4294967293 N 1 1\n0\nEND\n".to_string(),
            "maze.txt:2:1: error: maze 'A' needs 18446744073709551615 states, more than the limit of 1000 (see --max-states)",
        ),
        (
            "X\nhello world\n".to_string(),
            "maze.txt:2:1: error: cannot tell the maze family from 'hello world': expected 'ROW COL DIRECTION ROW COL' (arrow), 'ROWS COLS ROW COL TOP FRONT' (dice) or 'MINOTAUR ROWS COLS' (minotaur); --family arrow|dice|minotaur forces one",
        ),
    ];
    for (input, message) in cases {
        let (_, stderr, code) = solve_file(&input, &["--max-states", "1000"]);
        let first = messages(&stderr, &input);
        assert_eq!(first.lines().next(), Some(message), "{stderr}");
        assert_eq!(code, 1);
    }
}

/// A UTF-8 byte order mark at the start of a file is skipped: it is not
/// part of the first maze's name, and a JSON file starting with one reads
/// as JSON, with one job or two, from a file or a pipe.
#[test]
fn a_byte_order_mark_is_skipped() {
    let bom = "\u{feff}";
    let arrow = std::fs::read_to_string("examples/arrow.in").unwrap();
    let expected = std::fs::read_to_string("examples/arrow.out").unwrap();
    let json = String::from_utf8(
        logicmaze()
            .args(["convert", "--to", "json", "examples/arrow.in"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    for input in [format!("{bom}{arrow}"), format!("{bom}{json}")] {
        for jobs in ["1", "2"] {
            let (stdout, stderr, code) = solve_file(&input, &["--jobs", jobs]);
            assert_eq!(
                (stdout.as_str(), stderr.as_str(), code),
                (expected.as_str(), "", 0)
            );
            logicmaze()
                .args(["solve", "--jobs", jobs])
                .write_stdin(input.clone())
                .assert()
                .success()
                .stdout(expected.clone());
        }
    }
}

/// `00` or `-0` ends an arrow maze as `0` does (a judge's `scanf("%d")`
/// reads them so), with a warning that says what was expected; no maze is
/// lost.
#[test]
fn a_zero_line_written_otherwise_ends_the_maze_with_a_warning() {
    let maze = "3 1 N 1 1\n2 1 NF *\n";
    let input = format!("A\n{maze}00\nB\n{maze} -0 \nC\n{maze}+000\nEND\n");
    for jobs in ["1", "2"] {
        let (stdout, stderr, code) = solve_file(&input, &["--jobs", jobs]);
        assert_eq!(code, 0);
        let route = "  (3,1) (2,1) (1,1)\n";
        assert_eq!(stdout, format!("A\n{route}B\n{route}C\n{route}"));
        assert_eq!(
            stderr,
            "maze.txt:4:1: warning: the line that ends a maze is '0'; '00' was read as it\n\
             maze.txt:8:2: warning: the line that ends a maze is '0'; '-0' was read as it\n\
             maze.txt:12:1: warning: the line that ends a maze is '0'; '+000' was read as it\n"
        );
    }
}

/// An error found in a JSON maze after reading it points at the value it
/// is about, not at column 1.
#[test]
fn json_errors_point_at_the_value() {
    let input = std::fs::read_to_string("tests/data/json-value-errors.json").unwrap();
    let (_, stderr, code) = solve_file(&input, &["--max-states", "1000"]);
    assert_eq!(code, 1);
    let places: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("maze.txt:"))
        .map(|line| line.split(": error").next().unwrap())
        .collect();
    // A bad square, the start outside the maze, opposite faces, a short
    // row, too few rows, too many states, a face out of range.
    let expected = [
        "maze.txt:1:121",
        "maze.txt:2:64",
        "maze.txt:3:91",
        "maze.txt:4:116",
        "maze.txt:5:105",
        "maze.txt:6:44",
        "maze.txt:7:79",
    ];
    assert_eq!(places, expected, "{stderr}");
}

/// `reached_states` and `dead_end_states` count states inside the maze for
/// both families: a walk that leaves an arrow maze's grid ends there, and
/// the place off the grid is not a state of the maze.
#[test]
fn states_off_the_grid_are_not_counted() {
    let (stdout, _, code) = {
        let output = logicmaze()
            .args(["check", "--format", "json"])
            .write_stdin("OFF\n1 1 E 1 3\n1 2 EL *\n0\nEND\n")
            .output()
            .unwrap();
        (
            String::from_utf8(output.stdout).unwrap(),
            (),
            output.status.code(),
        )
    };
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains(r#""reached_states":1,"dead_end_states":1,"#),
        "{stdout}"
    );
}

/// A closed standard output (as with `| head`) ends every command quietly,
/// with the status of what it wrote before: here nothing, so 0.
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let mut many = String::new();
    for seed in 0..3000 {
        text::write_maze(&mut many, &Maze::from(dice::random_maze(seed, 5, 5))).unwrap();
    }
    let dir = tempdir();
    std::fs::write(dir.join("many.in"), many + "END\n").unwrap();
    let atlanta = std::fs::canonicalize("tests/data/atlanta.in").unwrap();
    let atlanta = atlanta.to_str().unwrap();
    let commands: [&[&str]; 8] = [
        &["solve", "many.in"],
        &["solve", "-j", "2", "many.in"],
        &["check", "many.in"],
        &["convert", "--to", "json", "many.in"],
        &[
            "generate",
            "dice",
            "--difficulty",
            "easy",
            "--count",
            "70",
            "--seed",
            "0",
        ],
        &["render", atlanta, "--route"],
        &["render", atlanta, "--format", "png"],
        &["play", atlanta],
    ];
    for args in commands {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_logicmaze"))
            .current_dir(&dir)
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
}
