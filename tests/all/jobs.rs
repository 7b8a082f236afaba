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
