//! Adding a family is one folder and one line in the list of families:
//! `examples/grid_maze/` adds a toy family (plain grid mazes with
//! walls, in a tiny text format of its own) to logicmaze's command line
//! without touching a file of the library, and here the same command line
//! solves, checks, converts and renders its mazes, beside arrow and dice
//! mazes in the same input. The toy implements only the rules and the
//! formats: the tools a family offers apart (its game on the play page,
//! its random mazes) are left out, and said to be.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// The example program, which `cargo test` builds with the tests (built
/// here when a single test target was asked for, or when it is older than
/// this test, which would leave it running an older library).
fn grid_maze() -> Command {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(Path::parent).unwrap();
    let program = profile.join("examples").join("grid_maze");
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    if modified(&program) < modified(&exe) {
        let built = Command::new(env!("CARGO"))
            .args(["build", "--example", "grid_maze"])
            .status()
            .unwrap();
        assert!(built.success(), "cargo build --example grid_maze");
    }
    Command::new(program)
}

/// Stdout, stderr and status of the program with `args`.
fn run(args: &[&str]) -> (String, String, i32) {
    let output = grid_maze().args(args).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// The example's grid mazes after the arrow sample's, in one input.
fn mixed(dir: &Path) -> PathBuf {
    let arrow = std::fs::read_to_string("examples/arrow.in").unwrap();
    let grid = std::fs::read_to_string("examples/grid_maze/sample.in").unwrap();
    let path = dir.join("mixed.in");
    std::fs::write(&path, arrow.replace("END\n", "") + &grid).unwrap();
    path
}

#[test]
fn the_toy_family_solves_and_checks_beside_the_others() {
    let dir = common::tempdir("toy");
    let mixed = mixed(&dir);
    let (stdout, stderr, status) = run(&["solve", mixed.to_str().unwrap()]);
    assert_eq!((stderr.as_str(), status), ("", 0));
    let arrow = std::fs::read_to_string("examples/arrow.out").unwrap();
    assert_eq!(
        stdout,
        arrow
            + "CORRIDORS\n  (1,1) (1,2) (1,3) (2,3) (3,3) (3,4) (3,5) (3,6)\n\
               DEAD END\n  No Solution Possible\n"
    );
    let (stdout, _, status) = run(&["check", "examples/grid_maze/sample.in"]);
    assert_eq!(status, 0);
    assert!(
        stdout.starts_with(
            "CORRIDORS: unique, 7 moves\n  route: (1,1) (1,2) (1,3) (2,3) (3,3) (3,4) (3,5) (3,6)\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("  squares never reached (1): (4,6)\n"),
        "{stdout}"
    );
}

#[test]
fn the_toy_family_converts_to_json_and_back() {
    let dir = common::tempdir("toy");
    let mixed = mixed(&dir);
    let (json, _, status) = run(&["convert", "--to", "json", mixed.to_str().unwrap()]);
    assert_eq!(status, 0);
    assert!(json.contains(
        r##"{"family":"grid","name":"CORRIDORS","rows":["S..#..",".#.#.#",".#...G",".####."]}"##
    ));
    let json_file = dir.join("mixed.json");
    std::fs::write(&json_file, &json).unwrap();
    let (judge, _, status) = run(&["convert", "--to", "judge", json_file.to_str().unwrap()]);
    assert_eq!(status, 0);
    let (again, _, _) = run(&["convert", "--to", "judge", mixed.to_str().unwrap()]);
    assert_eq!(judge, again);
    assert!(judge.contains("CORRIDORS\nGRID 4 6\nS..#..\n"));
}

#[test]
fn the_toy_familys_errors_are_placed_like_any_other() {
    let dir = common::tempdir("toy");
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "X\nGRID 2 2\nS#\n#Q\nY\n3 1 N 2 1\n0\nEND\n").unwrap();
    let (stdout, stderr, status) = run(&["solve", bad.to_str().unwrap()]);
    assert_eq!(status, 1);
    assert_eq!(stdout, "Y\n  (3,1) (2,1)\n");
    assert!(
        stderr.starts_with(&format!(
            "{}:4:1: error: expected a row of 2 squares ('.', '#', 'S' or 'G'), found '#Q'\n",
            bad.display()
        )),
        "{stderr}"
    );
    let (_, stderr, status) = run(&["solve", "--family", "cube", bad.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("[possible values: arrow, dice, minotaur, grid]"),
        "{stderr}"
    );
}

#[test]
fn the_toy_family_renders_and_is_not_played() {
    let dir = common::tempdir("toy");
    let (svg, _, status) = run(&[
        "render",
        "examples/grid_maze/sample.in",
        "--maze",
        "CORRIDORS",
        "--route",
    ]);
    assert_eq!(status, 0);
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches(r#"class="wall""#).count(), 9);
    assert_eq!(svg.matches(r#"class="step""#).count(), 7);
    // No game of its own: its mazes have no page, and no page is written.
    let page = dir.join("grid.html");
    let (_, stderr, status) = run(&[
        "play",
        "examples/grid_maze/sample.in",
        "--maze",
        "CORRIDORS",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("maze 'CORRIDORS': grid mazes have no game on the play page"),
        "{stderr}"
    );
    assert!(!page.exists());
    // Nor random mazes for stress.
    let (_, stderr, status) = run(&["stress", "grid", "--", "true"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("grid mazes cannot be drawn at random"),
        "{stderr}"
    );
}

/// The help describes the toy family with its own words (from its folder)
/// wherever it describes the others: the words of the help come from the
/// families of the program's list.
#[test]
fn the_toy_familys_help_is_its_own() {
    for (command, words) in [
        (&["--help"][..], "plain grid mazes with walls"),
        (&["solve", "--help"], "grid mazes: this example's own"),
        (
            &["solve", "--help"],
            "steps north, east, south, west (grid)",
        ),
        (&["check", "--help"], "squares never reached (grid)"),
        (
            &["render", "--help"],
            "grid mazes as dark walls and light squares",
        ),
        (&["solve", "--help"], "the word GRID: grid"),
    ] {
        let (help, _, status) = run(command);
        assert_eq!(status, 0);
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help.contains(words), "{command:?} lacks {words:?}:\n{help}");
    }
    // The play page's help tells of the games there are, none of its own.
    let (help, _, _) = run(&["play", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("dice mazes are shown"), "{help}");
    assert!(!help.contains("grid mazes are"), "{help}");
}
