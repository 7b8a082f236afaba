//! The generator: every maze it makes has exactly one shortest route of at
//! least the length asked for (as `check` says, after a round trip through
//! the judges' text), and the same seed gives the same bytes.

use assert_cmd::Command;
use logicmaze::family::Parsed;
use logicmaze::family::{arrow, dice, FamilyMaze};
use logicmaze::generate::{GenerateError, Options};
use logicmaze::text;
use logicmaze::{family::Maze, Verdict};
use proptest::prelude::*;

/// The maze as the judges' text, read back: what a user of the CLI gets.
fn round_trip(maze: &Maze) -> Maze {
    let mut text = String::new();
    text::write_maze(&mut text, maze).unwrap();
    text.push_str("END\n");
    let mut items = logicmaze::batch::parse(text.as_bytes(), &Default::default());
    assert_eq!(items.len(), 1, "{text}");
    match items.remove(0) {
        Parsed::Maze(read) => read,
        other => panic!("{other:?} for\n{text}"),
    }
}

/// Checks a generated maze the way `logicmaze check` would.
fn assert_unique_and_long(maze: &Maze, min_length: usize, moves: usize) {
    let read = round_trip(maze);
    // The judges' format has no size (it follows from the intersections
    // listed), so compare what matters: the same shortest route.
    assert_eq!(read.solve(), maze.solve());
    let analysis = read.analyse();
    assert_eq!(analysis.verdict, Verdict::Unique, "{maze:?}");
    assert_eq!(analysis.routes, 1);
    let length = analysis.moves.expect("a unique maze has a route");
    assert!(length >= min_length, "{length} < {min_length}");
    assert_eq!(length, moves, "the stats give the route's length");
}

fn small(seed: u64, rows: u32, cols: u32, min_length: usize) -> Options {
    let mut options = Options::new(rows, cols)
        .with_min_length(min_length)
        .with_seed(seed);
    options.steps_per_attempt = 20_000;
    options
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn arrow_mazes_are_unique_and_long_enough(
        seed in any::<u64>(), rows in 3u32..7, cols in 3u32..7, min_length in 1usize..14,
    ) {
        let made = arrow::generate(&small(seed, rows, cols, min_length)).unwrap();
        assert_unique_and_long(&Maze::from(made.maze), min_length, made.stats.moves);
    }

    #[test]
    fn dice_mazes_are_unique_and_long_enough(
        seed in any::<u64>(), rows in 3u32..7, cols in 3u32..7, min_length in 1usize..12,
    ) {
        let made = dice::generate(&small(seed, rows, cols, min_length)).unwrap();
        assert_unique_and_long(&Maze::from(made.maze), min_length, made.stats.moves);
    }
}

#[test]
fn arrow_mazes_keep_only_signs_that_are_read() {
    let made = arrow::generate(&small(5, 6, 6, 15)).unwrap();
    let analysis = made.maze.analyse();
    assert_eq!(analysis.unused.map(|unused| unused.parts), Some(vec![]));
}

#[test]
fn impossible_requests_are_explained() {
    let error = arrow::generate(&small(0, 1, 5, 3)).unwrap_err();
    assert!(matches!(error, GenerateError::TooSmall { .. }), "{error}");
    let error = dice::generate(&small(0, 100_000, 100_000, 3)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a 100000×100000 maze is too large to generate: at most 250000 squares"
    );
    let mut options = small(0, 2, 2, 40);
    options.steps_per_attempt = 500;
    let error = dice::generate(&options).unwrap_err();
    assert!(
        matches!(error, GenerateError::GaveUp { min_length: 40, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("try a larger maze"));
}

fn generate_cli(args: &[&str]) -> (String, String, i32) {
    let output = Command::cargo_bin("logicmaze")
        .unwrap()
        .arg("generate")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    for family in ["arrow", "dice"] {
        let args = [
            family,
            "--difficulty",
            "easy",
            "--seed",
            "42",
            "--count",
            "3",
        ];
        let (first, _, code) = generate_cli(&args);
        assert_eq!(code, 0);
        let (second, _, _) = generate_cli(&args);
        assert_eq!(first, second);
        let (other, _, _) = generate_cli(&[family, "--difficulty", "easy", "--seed", "43"]);
        assert_ne!(first, other);
        assert!(first.ends_with("END\n"));
        let size = if family == "arrow" { "6x6" } else { "5x5" };
        let name = format!("{}-{size}-42", family.to_uppercase());
        let names: Vec<&str> = first.lines().filter(|l| l.starts_with(&name)).collect();
        assert_eq!(
            names,
            [name.clone(), format!("{name}-2"), format!("{name}-3")]
        );
    }
}

#[test]
fn generated_files_pass_check_and_stats_go_to_stderr() {
    for family in ["arrow", "dice"] {
        let (mazes, stats, code) = generate_cli(&[
            family,
            "--rows",
            "5",
            "--cols",
            "6",
            "--min-length",
            "9",
            "--count",
            "2",
            "--name",
            "T",
            "--stats",
        ]);
        assert_eq!(code, 0, "{stats}");
        assert!(mazes.starts_with("T\n"), "{mazes}");
        assert!(mazes.contains("\nT-2\n"), "{mazes}");
        assert_eq!(stats.lines().count(), 2, "{stats}");
        assert!(
            stats
                .lines()
                .all(|line| line.contains(" moves, ") && line.contains("decision points")),
            "{stats}"
        );
        let checked = Command::cargo_bin("logicmaze")
            .unwrap()
            .args(["check", "--format", "json"])
            .write_stdin(mazes)
            .output()
            .unwrap();
        assert_eq!(checked.status.code(), Some(0));
        let text = String::from_utf8(checked.stdout).unwrap();
        assert_eq!(text.matches("\"verdict\":\"unique\"").count(), 2, "{text}");
        // The stats' traps are check's dead ends.
        for (line, document) in stats.lines().zip(text.lines()) {
            let document: serde_json::Value = serde_json::from_str(document).unwrap();
            let traps = format!(
                "reachable states ({} in traps: ",
                document["dead_end_states"]
            );
            assert!(line.contains(&traps), "{line} / {document}");
        }
    }
}

#[test]
fn json_output_is_one_maze_document_per_line() {
    let (json, _, code) = generate_cli(&[
        "dice",
        "--difficulty",
        "easy",
        "--format",
        "json",
        "--count",
        "2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json.lines().count(), 2);
    let solved = Command::cargo_bin("logicmaze")
        .unwrap()
        .arg("solve")
        .write_stdin(json)
        .output()
        .unwrap();
    assert_eq!(solved.status.code(), Some(0));
    assert!(!String::from_utf8(solved.stdout)
        .unwrap()
        .contains("No Solution"));
}

#[test]
fn a_maze_that_cannot_be_made_exits_1() {
    let (_, stderr, code) = generate_cli(&["arrow", "--rows", "1", "--cols", "1"]);
    assert_eq!(code, 1);
    assert!(stderr.ends_with("logicmaze: error: a 1×1 maze is too small: an arrow maze needs at least 2 rows and 2 columns\n"), "{stderr}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Longer routes than a random start grows into start from a long
    /// walk: still exactly one shortest route.
    #[test]
    fn long_arrow_routes_are_unique_too(
        seed in any::<u64>(), rows in 8u32..14, cols in 8u32..14, extra in 1usize..40,
    ) {
        let min_length = 3 * (rows + cols) as usize + extra;
        let made = arrow::generate(&small(seed, rows, cols, min_length)).unwrap();
        assert_unique_and_long(&Maze::from(made.maze), min_length, made.stats.moves);
    }

    /// Dice routes longer than 30 moves start from a die's walk: still
    /// exactly one shortest route, up to three quarters of the squares.
    #[test]
    fn long_dice_routes_are_unique_too(
        seed in any::<u64>(), rows in 8u32..14, cols in 8u32..14, extra in 0usize..1000,
    ) {
        let min_length = 31 + extra % (rows * cols * 3 / 4 - 30) as usize;
        let made = dice::generate(&small(seed, rows, cols, min_length)).unwrap();
        assert_unique_and_long(&Maze::from(made.maze), min_length, made.stats.moves);
    }
}

/// At scale: a 30×30 dice maze with a unique shortest route of
/// 150 moves or more, with choices on the way.
#[test]
fn a_large_dice_maze_has_a_long_route() {
    let made = dice::generate(&small(1, 30, 30, 150)).unwrap();
    assert_unique_and_long(&Maze::from(made.maze), 150, made.stats.moves);
    assert!(made.stats.decision_points >= 10, "{:?}", made.stats);
}

/// At scale: a 50×50 arrow maze with a unique shortest route of
/// 500 moves or more, a fifth of them or more arriving where the route
/// has been before.
#[test]
fn a_large_arrow_maze_has_a_long_winding_route() {
    let made = arrow::generate(&small(1, 50, 50, 500)).unwrap();
    assert_unique_and_long(&Maze::from(made.maze), 500, made.stats.moves);
    assert!(
        made.stats.revisits * 5 >= made.stats.moves,
        "{} revisits in {} moves",
        made.stats.revisits,
        made.stats.moves
    );
}
