//! `--jobs N` never changes a byte: stdout, stderr and the exit status are
//! those of `--jobs 1`, whatever the input, lines over the length limit
//! included.

use crate::common;

use std::process::Output;

use assert_cmd::Command;
use logicmaze::{
    family::{Maze, arrow, dice, minotaur},
    json, text,
};
use proptest::prelude::*;

fn tempdir() -> common::Scratch {
    common::tempdir("jobs")
}

/// Runs `logicmaze ARGS --jobs N FILE` for each N on `input`, written to a
/// file, and checks that every run gives what `--jobs 1` gives.
fn assert_jobs_agree(input: &[u8], args: &[&str], jobs: &[&str]) -> Output {
    let dir = tempdir();
    std::fs::write(dir.join("mazes.in"), input).unwrap();
    let run = |jobs: &str| {
        Command::cargo_bin("logicmaze")
            .unwrap()
            .current_dir(&dir)
            .args(args)
            .args(["--jobs", jobs, "mazes.in"])
            .output()
            .unwrap()
    };
    let one = run("1");
    for &n in jobs {
        let many = run(n);
        let what = format!("{args:?} --jobs {n}");
        assert_eq!(
            String::from_utf8_lossy(&many.stderr),
            String::from_utf8_lossy(&one.stderr),
            "{what}: stderr"
        );
        assert!(many.stdout == one.stdout, "{what}: stdout");
        assert_eq!(many.status.code(), one.status.code(), "{what}: status");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    one
}

/// A line over the limit that fills a piece used to end that piece
/// mid-line, and the next piece then began with a blank line: every line
/// number after it was one too many.
#[test]
fn lines_after_an_overlong_line_are_numbered_alike() {
    let input = format!(
        "L\n1 1 E 2 2\n1 2 {}*\n0\nQ\n1 1 Q 2 2\n0\nEND\n",
        "EF ".repeat(400_000)
    );
    let one = assert_jobs_agree(input.as_bytes(), &["solve"], &["2", "8"]);
    let stderr = String::from_utf8_lossy(&one.stderr);
    assert!(
        stderr.contains("mazes.in:6:5: error: expected a direction"),
        "{stderr}"
    );
    assert_jobs_agree(input.as_bytes(), &["solve", "--format", "json"], &["2"]);
}

/// One item of a random input file.
#[derive(Clone, Debug)]
enum Item {
    Arrow(u64, u32),
    Dice(u64, u32),
    Minotaur(u64, u32),
    /// A maze with an error on its second line.
    Bad,
    /// A line over the length limit, `n` bytes past it, inside a maze.
    LongLine(usize),
    Blank,
}

fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        4 => (any::<u64>(), 2..24u32).prop_map(|(seed, n)| Item::Arrow(seed, n)),
        4 => (any::<u64>(), 2..24u32).prop_map(|(seed, n)| Item::Dice(seed, n)),
        3 => (any::<u64>(), 2..16u32).prop_map(|(seed, n)| Item::Minotaur(seed, n)),
        1 => Just(Item::Bad),
        1 => (0..300_000usize).prop_map(Item::LongLine),
        1 => Just(Item::Blank),
    ]
}

fn judge_text(items: &[Item]) -> String {
    let mut text = String::new();
    for item in items {
        match item {
            Item::Arrow(seed, n) => {
                text::write_maze(&mut text, &Maze::from(arrow::random_maze(*seed, *n, *n))).unwrap()
            }
            Item::Dice(seed, n) => {
                text::write_maze(&mut text, &Maze::from(dice::random_maze(*seed, *n, *n))).unwrap()
            }
            Item::Minotaur(seed, n) => {
                text::write_maze(&mut text, &Maze::from(minotaur::random_maze(*seed, *n, *n)))
                    .unwrap()
            }
            Item::Bad => text += "BAD\n3 1 X 3 3\n0\n",
            Item::LongLine(extra) => {
                let line = "1 1 NL ".repeat((logicmaze::read::MAX_LINE_BYTES + extra) / 7 + 1);
                text += &format!("LONG\n3 3 N 1 1\n{line}*\n0\n");
            }
            Item::Blank => text += "\n",
        }
    }
    text + "END\n"
}

fn json_text(items: &[Item]) -> String {
    let mut text = String::new();
    for item in items {
        let maze = match item {
            Item::Arrow(seed, n) => Maze::from(arrow::random_maze(*seed, *n, *n)),
            Item::Dice(seed, n) => Maze::from(dice::random_maze(*seed, *n, *n)),
            Item::Minotaur(seed, n) => Maze::from(minotaur::random_maze(*seed, *n, *n)),
            Item::Bad => {
                text += "{\"family\": \"dice\"}\n";
                continue;
            }
            Item::LongLine(extra) => {
                text += &format!(
                    "{{\"name\": \"{}\"}}\n",
                    "x".repeat(logicmaze::read::MAX_LINE_BYTES + extra)
                );
                continue;
            }
            Item::Blank => {
                text += "\n";
                continue;
            }
        };
        text += &json::maze(&maze);
        text += "\n";
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn jobs_give_the_same_bytes(
        items in prop::collection::vec(item(), 1..40),
        as_json in any::<bool>(),
    ) {
        let (input, args): (String, &[&str]) = match as_json {
            false => (judge_text(&items), &["solve"]),
            true => (json_text(&items), &["solve", "--format", "json"]),
        };
        assert_jobs_agree(input.as_bytes(), args, &["2", "8"]);
        assert_jobs_agree(input.as_bytes(), &["check"], &["2"]);
        // A budget so small that the pool leaves most mazes to the writer
        // thread, and refuses some.
        let budget = [args, &["--max-memory", "40K"]].concat();
        assert_jobs_agree(input.as_bytes(), &budget, &["2", "8"]);
    }
}

/// Thousands of small mazes of both families with, here and there, what
/// could trip a reader that starts mid-input: a bad maze, names that start
/// with a digit, blank and CRLF lines, dice rows that look like headers, a
/// line over the length limit, an arrow maze longer than a piece, and text
/// after `END`.
fn mixed_input() -> String {
    let mut input = String::new();
    for seed in 0..1500 {
        text::write_maze(&mut input, &Maze::from(arrow::random_maze(seed, 9, 9))).unwrap();
        text::write_maze(&mut input, &Maze::from(dice::random_maze(seed, 10, 10))).unwrap();
        match seed {
            100 => input += "BAD\n3 1 X 3 3\n0\n",
            200 => input += "\n\n7 SEVEN\n1 1 S 2 1\r\n1 1 SF *\r\n0\r\n",
            300 => {
                text::write_maze(&mut input, &Maze::from(dice::random_maze(seed, 6, 6))).unwrap()
            }
            400 => input += &format!("LONG\n{}\n", "1 1 NL ".repeat(200_000)),
            500 => text::write_maze(
                &mut input,
                &Maze::from(arrow::exhaustive_maze(seed, 230, 230)),
            )
            .unwrap(),
            _ => {}
        }
    }
    input + "END\nafter the end\n"
}

#[test]
fn jobs_do_not_change_the_output() {
    let input = mixed_input();
    let dir = tempdir();
    let file = dir.join("mazes.txt");
    std::fs::write(&file, &input).unwrap();
    let run = |jobs: &str, from_file: bool| {
        let mut command = common::logicmaze();
        command.args(["solve", "--jobs", jobs]);
        match from_file {
            true => command.arg(&file),
            false => command.arg("-").write_stdin(input.clone()),
        };
        command.output().unwrap()
    };
    for from_file in [true, false] {
        let one = run("1", from_file);
        assert_eq!(one.status.code(), Some(1));
        assert!(one.stdout.iter().filter(|&&b| b == b'\n').count() > 3000);
        let stderr = String::from_utf8_lossy(&one.stderr);
        assert_eq!(stderr.matches(": error: ").count(), 2, "{stderr}");
        for jobs in ["2", "3"] {
            let many = run(jobs, from_file);
            let what = format!("--jobs {jobs}, from a file: {from_file}");
            assert!(many.stdout == one.stdout, "{what}");
            assert_eq!(many.stderr, one.stderr, "{what}");
            assert_eq!(many.status.code(), one.status.code(), "{what}");
        }
    }
}

/// A row that is not numbers, after which a row of a six-column dice maze
/// reads like a header: the line looks like the start of a maze, but is
/// not. Pieces cut there must be read again.
#[test]
fn jobs_do_not_change_the_output_where_a_maze_start_is_guessed_wrong() {
    let mut input = String::new();
    for seed in 0..12_000 {
        input += "SIX\n3 6 1 1 1 2\n1 2 3 4 5 6\nOOPS\n1 2 3 4 5 6\n1 2 3 4 5 6\n";
        text::write_maze(&mut input, &Maze::from(dice::random_maze(seed, 3, 6))).unwrap();
    }
    let dir = tempdir();
    std::fs::write(dir.join("mazes.txt"), &input).unwrap();
    let run = |jobs: &str| {
        common::logicmaze()
            .current_dir(&dir)
            .args(["solve", "--jobs", jobs, "mazes.txt"])
            .output()
            .unwrap()
    };
    let one = run("1");
    let two = run("2");
    assert!(two.stdout == one.stdout);
    assert!(two.stderr == one.stderr);
}

#[test]
fn jobs_do_not_change_json_output() {
    let mut input = String::new();
    for seed in 0..3000 {
        let maze = Maze::from(dice::random_maze(seed, 10, 10));
        input += &logicmaze::json::maze(&maze);
        input += "\n";
        if seed == 1000 {
            input += "not json\n\n";
        }
    }
    let run = |jobs: &str| {
        common::logicmaze()
            .args(["solve", "--format", "json", "--jobs", jobs])
            .write_stdin(input.clone())
            .output()
            .unwrap()
    };
    let one = run("1");
    assert_eq!(one.status.code(), Some(1));
    let two = run("2");
    assert!(two.stdout == one.stdout);
    assert_eq!(two.stderr, one.stderr);
}
