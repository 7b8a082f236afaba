//! What one command writes, every command reads back: `convert` and
//! `generate`, in the judges' format or JSON, any name, any size the
//! solver accepts. A maze the judges' format cannot hold is refused with
//! an error naming it, never changed or lost in silence.

use crate::common;

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;
use logicmaze::{
    family::{Maze, arrow, dice, minotaur},
    text,
};
use proptest::prelude::*;

fn tempdir() -> common::Scratch {
    common::tempdir("round-trip")
}

fn logicmaze(args: &[&str], dir: &Path) -> Output {
    Command::cargo_bin("logicmaze")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// `maze` under another name.
fn renamed(maze: &Maze, name: &str) -> Maze {
    let mut document: serde_json::Value =
        serde_json::from_str(&logicmaze::json::maze(maze)).unwrap();
    document["name"] = name.into();
    serde_json::from_value(document).unwrap()
}

/// The mazes of a JSON Lines text.
fn mazes_of(json_lines: &[u8]) -> Vec<Maze> {
    String::from_utf8_lossy(json_lines)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Converts `maze` (written as JSON) to the judges' format and back to
/// JSON, checking that it comes back equal or is refused by name.
fn assert_round_trip(maze: &Maze) -> Result<(), TestCaseError> {
    let dir = tempdir();
    let json = logicmaze::json::maze(maze) + "\n";
    std::fs::write(dir.join("maze.json"), &json).unwrap();

    // JSON to JSON: a line of any length the limits allow reads back.
    let again = logicmaze(&["convert", "--to", "json", "maze.json"], &dir);
    prop_assert_eq!(String::from_utf8_lossy(&again.stderr), "");
    prop_assert!(again.stdout == json.as_bytes());

    let judge = logicmaze(&["convert", "--to", "judge", "maze.json"], &dir);
    let stderr = String::from_utf8_lossy(&judge.stderr);
    match text::check_name(maze.name()) {
        Err(why) => {
            prop_assert_eq!(judge.status.code(), Some(1));
            prop_assert_eq!(&judge.stdout[..], b"END\n");
            let expected = format!(
                "maze.json: error: maze \"{}\" cannot be written in the judges' format: {why}\n",
                maze.name().escape_debug()
            );
            prop_assert_eq!(stderr, expected);
        }
        Ok(()) => {
            prop_assert_eq!(judge.status.code(), Some(0), "{}", stderr);
            std::fs::write(dir.join("maze.in"), &judge.stdout).unwrap();
            let back = logicmaze(&["convert", "--to", "json", "maze.in"], &dir);
            prop_assert_eq!(String::from_utf8_lossy(&back.stderr), "");
            prop_assert_eq!(mazes_of(&back.stdout), vec![maze.clone()]);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    Ok(())
}

/// Names from all of Unicode, and the ones the judges' format cannot hold.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(any::<char>(), 1..24).prop_map(String::from_iter),
        2 => "[ -~]{1,24}",
        1 => prop::sample::select(vec![
            "END", " END", "{x", "{\"family\":1}", "a\nb", "\r", "", "  pad  ", "tab\t",
            "\u{feff}BOM", "</script>", "0", "1 1 N 2 2", "ünï ✓ 迷路",
        ])
        .prop_map(String::from),
    ]
}

/// A maze of any family, up to 300×300 (Theseus-and-the-Minotaur mazes,
/// whose states grow with the squares squared, up to 60×60), under
/// `name`.
fn maze() -> impl Strategy<Value = Maze> {
    (0..3u8, any::<u64>(), 1..=300u32, 1..=300u32, name()).prop_map(
        |(family, seed, rows, cols, name)| {
            let maze = match family {
                0 => Maze::from(arrow::random_maze(seed, rows, cols)),
                1 => Maze::from(dice::random_maze(seed, rows.max(2), cols)),
                _ => Maze::from(minotaur::random_maze(seed, rows % 60 + 1, cols % 60 + 1)),
            };
            renamed(&maze, &name)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn converted_mazes_read_back_or_are_refused(maze in maze()) {
        assert_round_trip(&maze)?;
    }

    #[test]
    fn generated_names_read_back_or_are_refused(name in name(), count in 1..3u64, as_json in any::<bool>()) {
        // A command line cannot hold a NUL byte.
        prop_assume!(!name.contains('\0'));
        let dir = tempdir();
        let count = count.to_string();
        let format = if as_json { "json" } else { "judge" };
        // --name=NAME, so that a name starting with '-' is not an option.
        let name_arg = format!("--name={name}");
        let args = ["generate", "dice", "--difficulty", "easy", &name_arg, "--count", &count, "--format", format];
        let made = logicmaze(&args, &dir);
        // A series is numbered from 1.
        let (first, last) = match count.as_str() {
            "1" => (name.clone(), name.clone()),
            count => (format!("{name}-1"), format!("{name}-{count}")),
        };
        let refused = name.is_empty()
            || (!as_json && (text::check_name(&first).is_err() || text::check_name(&last).is_err()));
        if refused {
            prop_assert_eq!(made.status.code(), Some(2));
            prop_assert!(made.stdout.is_empty());
            prop_assert!(String::from_utf8_lossy(&made.stderr).starts_with("logicmaze: error: --name "));
        } else {
            prop_assert_eq!(made.status.code(), Some(0), "{}", String::from_utf8_lossy(&made.stderr));
            std::fs::write(dir.join("made"), &made.stdout).unwrap();
            let back = logicmaze(&["convert", "--to", "json", "made"], &dir);
            let names: Vec<String> = mazes_of(&back.stdout).iter().map(|m| m.name().to_string()).collect();
            prop_assert_eq!(names.len(), count.parse::<usize>().unwrap());
            prop_assert_eq!(&names[0], &first);
            prop_assert_eq!(names.last().unwrap(), &last);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A 200×200 arrow maze as one 2 MB JSON line (`generate` writes such
/// lines too, but takes minutes at that size in a debug build), and the
/// names the judges' format cannot hold.
#[test]
fn what_convert_and_generate_write_reads_back() {
    let dir = tempdir();
    let mut text = String::new();
    text::write_maze(&mut text, &Maze::from(arrow::random_maze(1, 200, 200))).unwrap();
    std::fs::write(dir.join("big.in"), text + "END\n").unwrap();
    let json = logicmaze(&["convert", "--to", "json", "big.in"], &dir);
    assert!(json.stdout.len() > 2_000_000);
    std::fs::write(dir.join("big.json"), &json.stdout).unwrap();
    let expected = logicmaze(&["solve", "big.in"], &dir);
    for jobs in ["1", "2"] {
        let solved = logicmaze(&["solve", "-j", jobs, "big.json"], &dir);
        assert_eq!(String::from_utf8_lossy(&solved.stderr), "");
        assert!(solved.stdout == expected.stdout);
    }

    let dice = std::fs::canonicalize("examples/dice.in").unwrap();
    let sample =
        &mazes_of(&logicmaze(&["convert", "--to", "json", dice.to_str().unwrap()], &dir).stdout)[0];
    let mut json = String::new();
    for name in ["END", "{x", "a\nb", "\r", "", "  pad  ", "GOOD"] {
        json += &(logicmaze::json::maze(&renamed(sample, name)) + "\n");
    }
    std::fs::write(dir.join("names.json"), json).unwrap();
    let judge = logicmaze(&["convert", "--to", "judge", "names.json"], &dir);
    assert_eq!(judge.status.code(), Some(1));
    assert!(judge.stdout.starts_with(b"GOOD\n") && judge.stdout.ends_with(b"\nEND\n"));
    let stderr = String::from_utf8_lossy(&judge.stderr);
    for shown in [
        r#""END""#,
        r#""{x""#,
        r#""a\nb""#,
        r#""\r""#,
        r#""""#,
        r#""  pad  ""#,
    ] {
        let line =
            format!("names.json: error: maze {shown} cannot be written in the judges' format: ");
        assert!(stderr.contains(&line), "{line} in {stderr}");
    }

    let made = logicmaze(
        &["generate", "arrow", "--name", "END", "--count", "1"],
        &dir,
    );
    assert_eq!(made.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&made.stderr),
        "logicmaze: error: --name \"END\" cannot be written in the judges' format: 'END' ends the input (--format json holds any name)\n"
    );
}
