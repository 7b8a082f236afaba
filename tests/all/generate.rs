//! The generator: every maze it makes has exactly one shortest route of at
//! least the length asked for (as `check` says, after a round trip through
//! the judges' text), and the same seed gives the same bytes.

use assert_cmd::Command;
use logicmaze::family::Parsed;
use logicmaze::family::{FamilyMaze, arrow, dice, minotaur};
use logicmaze::generate::{GenerateError, GenerateOptions};
use logicmaze::text;
use logicmaze::{Uniqueness, family::Maze};
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
    assert_eq!(analysis.verdict, Uniqueness::Unique, "{maze:?}");
    assert_eq!(analysis.routes, 1);
    let length = analysis.moves.expect("a unique maze has a route");
    assert!(length >= min_length, "{length} < {min_length}");
    assert_eq!(length, moves, "the stats give the route's length");
}

fn small(seed: u64, rows: u32, cols: u32, min_length: usize) -> GenerateOptions {
    GenerateOptions::new(rows, cols)
        .with_min_length(min_length)
        .with_seed(seed)
        .with_steps_per_attempt(20_000)
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
    // A minotaur maze's search has a state per square per square: 256×256
    // is refused by its states, not by its squares.
    let error = minotaur::generate(&small(0, 256, 256, 3)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a 256×256 maze is too large to generate: its search has 4294967296 states (at most 16777216)"
    );
    let error = dice::generate(&small(0, 2, 2, 40).with_steps_per_attempt(500)).unwrap_err();
    assert!(
        matches!(error, GenerateError::GaveUp { min_length: 40, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("try a larger maze"));
}

/// `generate ARGS`, of seed 0 unless ARGS give one (a run without draws
/// a fresh seed each time: a test's runs are the same every time).
fn generate_cli(args: &[&str]) -> (String, String, i32) {
    let seeded = args.iter().any(|a| a.starts_with("--seed"));
    let output = Command::cargo_bin("logicmaze")
        .unwrap()
        .arg("generate")
        .args(args)
        .args(if seeded {
            &[][..]
        } else {
            &["--seed", "0"][..]
        })
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
            [
                format!("{name}-1"),
                format!("{name}-2"),
                format!("{name}-3")
            ]
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
            "--seed",
            "1",
        ]);
        assert_eq!(code, 0, "{stats}");
        // A series is numbered from 1: no first name breaks the pattern.
        assert!(mazes.starts_with("T-1\n"), "{mazes}");
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
    assert!(
        !String::from_utf8(solved.stdout)
            .unwrap()
            .contains("No Solution")
    );
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

/// The one maze of a generated text, read back.
fn only_maze(text: &str) -> Maze {
    let mut items = logicmaze::batch::parse(text.as_bytes(), &Default::default());
    assert_eq!(items.len(), 1, "{text}");
    match items.remove(0) {
        Parsed::Maze(maze) => maze,
        other => panic!("{other:?} for\n{text}"),
    }
}

/// A watcher that only looks changes nothing; one that stops the search
/// gets the best maze so far, unique, marked as stopped.
#[test]
fn a_watcher_sees_without_changing_and_stops_with_a_unique_maze() {
    use logicmaze::generate::{Flow, Watch};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    for seed in 0..4 {
        let plain = small(seed, 12, 12, 60);
        let mut watched = plain.clone();
        let told = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&told);
        watched.watch = Watch::new(move |_| {
            counter.fetch_add(1, Ordering::Relaxed);
            Flow::Go
        });
        let (a, b) = (
            arrow::generate(&plain).unwrap(),
            arrow::generate(&watched).unwrap(),
        );
        assert_eq!((a.maze, &a.stats), (b.maze, &b.stats));
        assert_eq!(told.load(Ordering::Relaxed), a.stats.steps);
        for stop_at in [1, a.stats.steps / 2, a.stats.steps - 1] {
            let mut stopping = plain.clone();
            stopping.watch = Watch::new(move |progress| match progress.changes >= stop_at {
                true => Flow::Stop,
                false => Flow::Go,
            });
            match arrow::generate(&stopping) {
                Ok(made) => {
                    assert!(made.stats.stopped && made.stats.steps == stop_at);
                    assert_unique_and_long(&Maze::from(made.maze), 1, made.stats.moves);
                }
                Err(GenerateError::Stopped { steps }) => assert_eq!(steps, stop_at),
                Err(other) => panic!("{other}"),
            }
        }
    }
}

/// A generation that takes seconds: a hard 200×200 arrow maze (6 s
/// alone on the machine where a 60×60 maze asked for 3,000 moves, which
/// this was, came to take 1.3 s, under the time limit of the test), of
/// seed 0: a fresh seed's search may find no unique maze in the time.
const SLOW: [&str; 9] = [
    "arrow",
    "--rows",
    "200",
    "--cols",
    "200",
    "--difficulty",
    "hard",
    "--seed",
    "0",
];

#[test]
fn a_time_limit_writes_the_best_unique_maze_so_far() {
    let args = [&["generate"], &SLOW[..], &["--time-limit", "1.5"]].concat();
    let run = crate::common::run_program(env!("CARGO_BIN_EXE_logicmaze"), &args, |_| {});
    let (mazes, stderr) = (run.stdout, run.stderr);
    assert_eq!(run.code, Some(0), "{stderr}");
    // Its CPU time, which a busy machine does not stretch: the search's
    // threads stop at the limit, then one maze is written.
    let cpu = run.cpu_seconds;
    assert!(cpu < 8.0, "a 1.5 s limit took {cpu:.1} s of CPU");
    assert!(
        stderr.contains("stopped by the time limit after"),
        "{stderr}"
    );
    let maze = only_maze(&mazes);
    let moves = maze.analyse().moves.unwrap();
    assert_unique_and_long(&maze, 1, moves);
    if moves < 10_000 {
        assert!(stderr.contains("written with the best so far"), "{stderr}");
    }
}

#[test]
fn a_time_limit_must_be_a_positive_number_of_seconds() {
    for bad in ["0", "-1", "soon", "1e300", "inf", "NaN"] {
        let (_, stderr, code) = generate_cli(&["arrow", &format!("--time-limit={bad}")]);
        assert_eq!(code, 2, "{bad}: {stderr}");
        assert!(stderr.contains("--time-limit"), "{stderr}");
        // Too long is said as too long, not as not positive.
        let too_long = bad == "1e300" || bad == "inf";
        assert_eq!(
            stderr.contains("longer than a time limit can be"),
            too_long,
            "{stderr}"
        );
        assert_eq!(
            stderr.contains("not a positive number"),
            !too_long && bad != "soon",
            "{stderr}"
        );
    }
}

/// Ctrl-C once stops the search and writes what it has, as a time limit
/// does.
#[test]
fn ctrl_c_stops_with_the_best_maze_so_far() {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("logicmaze"))
        .arg("generate")
        .args(SLOW)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("stopped by Ctrl-C"), "{stderr}");
    let maze = only_maze(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(maze.analyse().verdict, Uniqueness::Unique);
}

/// Piped stderr gets words only: no bar, no escape codes, even for a run
/// of seconds.
#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let (_, stderr, code) = generate_cli(&[&SLOW[..], &["--time-limit", "2.5"]].concat());
    assert_eq!(code, 0);
    assert!(
        !stderr.contains('\x1b') && !stderr.contains('\r'),
        "{stderr:?}"
    );
    assert!(!stderr.contains("generating"), "{stderr}");
}

/// On a terminal (here a pseudo-terminal made by `script`), a run of
/// seconds shows how it goes: changes tried and the best route so far.
#[test]
fn a_long_run_shows_progress_on_a_terminal() {
    let binary = assert_cmd::cargo::cargo_bin("logicmaze");
    let command = format!(
        "{} generate {} --time-limit 2.5 --output /dev/null",
        binary.display(),
        SLOW.join(" ")
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{shown}");
    assert!(shown.contains("generating"), "{shown:?}");
    assert!(shown.contains("changes tried"), "{shown:?}");
    assert!(shown.contains("s left"), "{shown:?}");
}

/// Mazes made in parallel come out the same on one thread or many.
#[test]
fn generation_is_the_same_on_any_number_of_threads() {
    let run = |threads: &str| {
        let output = Command::cargo_bin("logicmaze")
            .unwrap()
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "generate", "dice", "--rows", "9", "--cols", "9", "--count", "12",
            ])
            .args(["--seed", "7", "--stats"])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        // The time each maze took is the only figure that may differ.
        let figures: Vec<String> = stderr
            .lines()
            .map(|line| {
                line.rsplit_once(", ")
                    .map_or(line, |(figures, _)| figures)
                    .to_string()
            })
            .collect();
        (output.stdout, figures, output.status.code())
    };
    let one = run("1");
    assert_eq!(one.2, Some(0));
    assert_eq!(
        one.1.len(),
        1 + 12,
        "a note, then a line per maze: {:?}",
        one.1
    );
    for threads in ["2", "8"] {
        assert_eq!(run(threads), one, "{threads} threads");
    }
}

/// A run that makes no maze (a 1×1 grid holds no Theseus, Minotaur and
/// exit apart) writes no maze file: nothing on standard output, not even
/// END; with -o no file, and a file already there is left as it was.
#[test]
fn a_failed_run_writes_no_maze_file() {
    let failing = ["generate", "minotaur", "--rows", "1", "--cols", "1"];
    crate::common::logicmaze()
        .args(failing)
        .assert()
        .code(1)
        .stdout("");
    let dir = crate::common::tempdir("generate-failed");
    let out = dir.join("mazes.in");
    crate::common::logicmaze()
        .args(failing)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stdout("");
    assert!(!out.exists(), "a failed run made {}", out.display());
    std::fs::write(&out, "mine").unwrap();
    crate::common::logicmaze()
        .args(failing)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    // A file that cannot be made is refused before any maze is made.
    let nowhere = dir.join("no such folder").join("mazes.in");
    crate::common::logicmaze()
        .args(["generate", "arrow", "--rows", "300", "--cols", "300", "-o"])
        .arg(&nowhere)
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(2)
        .stderr(format!(
            "logicmaze: error: cannot write {}: there is no folder {}\n",
            nowhere.display(),
            nowhere.parent().unwrap().display()
        ));
}
