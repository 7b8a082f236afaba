//! `logicmaze stress`: it finds the bug of every trap's submission and
//! shrinks it to a handful of squares, never blames a right program, and
//! keeps a hostile program in bounds: killed at its time-out with all it
//! started, its output read in bounded memory.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// The family's solution falling into `trap` (a `TRAP_` macro), compiled
/// into `dir`.
fn trap_program(dir: &Path, family: &str, trap: &str) -> PathBuf {
    let solution = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/family")
        .join(family)
        .join("solution.cpp");
    let source = dir.join(format!("{family}-{trap}.cpp"));
    let text = std::fs::read_to_string(solution).unwrap();
    std::fs::write(&source, format!("#define TRAP_{trap}\n{text}")).unwrap();
    let program = source.with_extension("");
    common::compile(&source, &program);
    program
}

/// An executable shell script `name` in `dir` with `body`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    path
}

/// That no process whose command line holds `marker` is left.
fn assert_none_left(marker: &str) {
    let left = Command::new("pgrep").args(["-f", marker]).output().unwrap();
    assert!(
        left.stdout.is_empty(),
        "a process was left: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}

/// The report of `stress FAMILY --seed 1 -- PROGRAM`, which finds a failure.
fn failure_report(family: &str, program: &Path) -> String {
    let out = common::logicmaze()
        .args(["stress", family, "--seed", "1", "--"])
        .arg(program)
        .assert()
        .code(1);
    String::from_utf8_lossy(&out.get_output().stdout).into_owned()
}

/// The number of squares of the judges' format mazes in `file`.
fn squares(file: &Path) -> u64 {
    let text = std::fs::read(file).unwrap();
    let figures = logicmaze::package::case_figures(&text);
    assert_eq!(figures.mazes, 1, "one maze");
    figures.largest.0 as u64 * figures.largest.1 as u64
}

/// Every trap of every family's package (its wrong answers) is found
/// within the default budget and shrunk to at most 16 squares (two Theseus traps to 24), on which
/// the program still fails.
#[test]
fn stress_finds_and_shrinks_every_trap() {
    let scratch = common::tempdir("stress-traps");
    for (family, traps) in [
        (
            "arrow",
            &[
                "ENTRANCE_SIGNS_READ",
                "EMPTY_ROUTE",
                "NAME_AS_A_WORD",
                "VISITED_BY_SQUARE",
                "MIRRORED_TURNS",
                "TWELVE_A_LINE",
            ][..],
        ),
        (
            "dice",
            &[
                "MIRRORED_DIE",
                "TOP_AFTER_THE_ROLL",
                "EMPTY_ROUTE",
                "NAME_AS_A_WORD",
                "VISITED_BY_SQUARE",
                "STATE_WITHOUT_FRONT",
                "TWELVE_A_LINE",
            ][..],
        ),
        (
            "minotaur",
            &[
                "NO_WAITING",
                "MINOTAUR_THROUGH_WALLS",
                "NO_TURN_ON_THE_EXIT",
                "NAME_AS_A_WORD",
                "ROWS_FIRST",
                "ONE_STEP",
                "STEP_ONTO_THE_MINOTAUR",
                "VISITED_BY_SQUARE",
                "TWELVE_A_LINE",
            ][..],
        ),
    ] {
        for trap in traps {
            let program = trap_program(&scratch, family, trap);
            let shrunk = scratch.join(format!("{family}-{trap}.in"));
            // Names with spaces only when asked for: the statements' are words.
            let spaced: &[&str] = match *trap {
                "NAME_AS_A_WORD" => &["--spaced-names"],
                _ => &[],
            };
            let out = common::logicmaze()
                .args(["stress", family, "--seed", "1", "-o"])
                .arg(&shrunk)
                .args(spaced)
                .arg("--")
                .arg(&program)
                .assert()
                .code(1);
            let report = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
            assert!(
                report.starts_with("A failing maze after "),
                "{family} {trap}:\n{report}"
            );
            assert!(report.contains("What went wrong: "), "{report}");
            assert!(report.contains("The right answer"), "{report}");
            let size = squares(&shrunk);
            // A Theseus route that comes back to a square, or one longer
            // than a line of the answer holds, needs room; the shrinking,
            // which moves no piece, leaves rooms of some 20 squares there.
            let most = match (family, *trap) {
                ("minotaur", "VISITED_BY_SQUARE" | "TWELVE_A_LINE") => 24,
                _ => 16,
            };
            assert!(size <= most, "{family} {trap}: {size} squares:\n{report}");
            // The program still fails on the shrunk maze, as verify judges it.
            let output = Command::new(&program)
                .stdin(std::fs::File::open(&shrunk).unwrap())
                .output()
                .unwrap();
            let answer = scratch.join("answer.out");
            std::fs::write(&answer, &output.stdout).unwrap();
            let judged = common::logicmaze()
                .args(["verify", "--strict"])
                .arg(&shrunk)
                .arg(&answer)
                .output()
                .unwrap();
            assert_ne!(
                judged.status.code(),
                Some(0),
                "{family} {trap}: passes {report}"
            );
        }
    }
}

/// The same seed finds and shrinks to the same maze, on 1, 2 or 8 jobs.
#[test]
fn a_seed_gives_the_same_report_on_any_number_of_jobs() {
    let scratch = common::tempdir("stress-jobs");
    let program = trap_program(&scratch, "dice", "STATE_WITHOUT_FRONT");
    let reports: Vec<Vec<u8>> = ["1", "2", "8"]
        .iter()
        .map(|jobs| {
            let out = common::logicmaze()
                .args(["stress", "dice", "--seed", "3", "-j", jobs, "--"])
                .arg(&program)
                .assert()
                .code(1);
            out.get_output().stdout.clone()
        })
        .collect();
    assert_eq!(reports[0], reports[1]);
    assert_eq!(reports[0], reports[2]);
}

/// A right solution, with any tie-break, is never reported: the family's
/// solution and a solver written apart in another style (tests/data,
/// steps tried in another order) run out the budget without a failure.
#[test]
fn a_right_program_is_never_reported() {
    let scratch = common::tempdir("stress-right");
    let solver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/programs/solver.py");
    for family in ["arrow", "dice", "minotaur"] {
        common::logicmaze()
            .args([
                "stress",
                family,
                "--seed",
                "5",
                "--time-limit",
                "3",
                "--",
                "python3",
            ])
            .arg(&solver)
            .arg(family)
            .assert()
            .code(0)
            .stdout("")
            .stderr(predicates::str::starts_with("logicmaze: no failure in "));
        let solution = trap_program(&scratch, family, "NONE");
        common::logicmaze()
            .args(["stress", family, "--seed", "5", "--time-limit", "3", "--"])
            .arg(&solution)
            .assert()
            .code(0);
    }
}

/// A program that crashes, loops (starting a child of its own), floods its
/// output, closes its pipes or leaves a child in a session of its own
/// holding the output open is reported as such within its time-out,
/// in bounded memory, and leaves no process behind.
#[test]
fn a_hostile_program_is_reported_and_leaves_nothing_behind() {
    let scratch = common::tempdir("stress-hostile");
    let marker = format!("stress-marker-{}", std::process::id());
    let scripts = [
        (
            "crash",
            "echo 'index 11 out of range' >&2\nkill -SEGV $$\n".to_string(),
            "a crash: signal 11 (SIGSEGV",
        ),
        (
            "loop",
            format!("sh -c 'sleep 600; echo {marker}' &\nwhile :; do :; done\n"),
            "a time-out",
        ),
        (
            "flood",
            "yes 'Maze 1'\n".to_string(),
            "it printed more than 8388608 bytes",
        ),
        (
            "closed",
            "exec 0<&- 1>&- 2>&-\nexit 0\n".to_string(),
            "it printed nothing",
        ),
        (
            "garbage",
            "printf '\\033]0;owned\\007\\000\\001'\n".to_string(),
            "no line of it is a maze's name",
        ),
        (
            // A child in a session of its own, holding the output open.
            "escape",
            format!("setsid sh -c 'sleep 20; echo {marker}' &\nsleep 0.1\nexit 0\n"),
            "it printed nothing",
        ),
    ];
    for (name, body, said) in scripts {
        let script = script(&scratch, &format!("{name}.sh"), &body);
        let bin = env!("CARGO_BIN_EXE_logicmaze");
        let run = common::run_program(
            bin,
            &[
                "stress",
                "dice",
                "--seed",
                "1",
                "--timeout",
                "0.5",
                "--time-limit",
                "5",
                "-j",
                "2",
                "--",
                script.to_str().unwrap(),
            ],
            |_| {},
        );
        assert_eq!(run.code, Some(1), "{name}: {}", run.stderr);
        assert!(run.stdout.contains(said), "{name}:\n{}", run.stdout);
        assert!(
            !run.stdout.contains('\u{1b}'),
            "{name}: a control byte reached the report"
        );
        assert!(run.peak_kb < 100_000, "{name}: {} kB", run.peak_kb);
        assert!(run.seconds < 30.0, "{name}: {} s", run.seconds);
    }
    assert_none_left(&marker);
}

/// The program's words and the options are checked before anything runs.
#[test]
fn a_program_that_cannot_run_is_a_usage_error() {
    common::logicmaze()
        .args(["stress", "arrow", "--", "/nonexistent/program"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot run /nonexistent/program"));
    common::logicmaze()
        .args(["stress", "arrow"])
        .assert()
        .code(2);
}

/// Ctrl-C, SIGTERM and SIGHUP end a search at once (status 130), with
/// every run going on killed with all it started, a child that left for a
/// session of its own (`setsid`) among them.
#[test]
fn a_signal_to_stop_leaves_no_process_behind() {
    let scratch = common::tempdir("stress-signals");
    for signal in ["INT", "TERM", "HUP"] {
        let marker = format!("stress-{signal}-{}", std::process::id());
        let script = script(
            &scratch,
            &format!("{signal}.sh"),
            &format!(
                "setsid sh -c 'sleep 600; echo {marker}' &\nsh -c 'sleep 600; echo {marker}' &\nsleep 600\n"
            ),
        );
        let mut child = Command::new(env!("CARGO_BIN_EXE_logicmaze"))
            .args([
                "stress",
                "dice",
                "--seed",
                "1",
                "--timeout",
                "100",
                "-j",
                "2",
                "--",
            ])
            .arg(&script)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(800));
        Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}");
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert_none_left(&marker);
    }
}

/// `-o` writes the shrunk maze as the judges' input, and `--svg` draws it
/// with its right route.
#[test]
fn the_shrunk_maze_is_written_and_drawn_where_asked() {
    let scratch = common::tempdir("stress-files");
    let program = trap_program(&scratch, "arrow", "MIRRORED_TURNS");
    let (maze, svg) = (scratch.join("maze.in"), scratch.join("maze.svg"));
    common::logicmaze()
        .args(["stress", "arrow", "--seed", "2", "-o"])
        .arg(&maze)
        .arg("--svg")
        .arg(&svg)
        .arg("--")
        .arg(&program)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("wrote the maze to"))
        .stderr(predicates::str::contains("drew the maze to"));
    let text = std::fs::read_to_string(&maze).unwrap();
    assert!(
        text.starts_with("Maze") && text.ends_with("END\n"),
        "{text}"
    );
    common::logicmaze()
        .arg("solve")
        .arg(&maze)
        .assert()
        .success();
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawing.starts_with("<svg") && drawing.contains("route"),
        "{}",
        &drawing[..200]
    );
}

/// By default the layout is judged byte for byte, as the judges did: a
/// program whose routes are right but whose lines hold twelve positions is
/// found, and told so in one line; `--any-layout` judges positions alone.
#[test]
fn the_layout_is_judged_by_default_and_a_layout_fault_told_as_such() {
    let scratch = common::tempdir("stress-layout");
    let program = trap_program(&scratch, "dice", "TWELVE_A_LINE");
    let report = failure_report("dice", &program);
    assert!(
        report.contains("What went wrong: right route, wrong layout: ")
            && report.contains("the format puts 9 on every line"),
        "{report}"
    );
    common::logicmaze()
        .args([
            "stress",
            "dice",
            "--seed",
            "1",
            "--time-limit",
            "2",
            "--any-layout",
            "--",
        ])
        .arg(&program)
        .assert()
        .code(0);
}

/// The names drawn are those of the original statements: one word of up
/// to 20 characters the family allows, never `END`, some as long as
/// allowed; so a program that reads a name as a word is right by default,
/// and wrong once names have spaces (`--spaced-names`).
#[test]
fn the_names_drawn_are_the_statements_and_spaces_only_when_asked() {
    use logicmaze::stress::{self, Names};
    for family in ["arrow", "dice", "minotaur"] {
        let found = logicmaze::family::Families::BUILT_IN.named(family).unwrap();
        let rule = found.stress().unwrap().names();
        let names: Vec<String> = (0..40)
            .flat_map(|run| stress::draw(found, 9, run, 6, Names::Words))
            .map(|maze| maze.name().to_string())
            .collect();
        assert!(
            names.iter().all(|name| rule.allows(Names::Words, name)),
            "{names:?}"
        );
        assert!(
            names.iter().any(|name| name.len() == 20),
            "{family}: {names:?}"
        );
        assert!(
            names.iter().any(|name| !name.starts_with("Maze")),
            "{names:?}"
        );
        if !rule.alphanumeric {
            let other = |name: &String| name.chars().any(|c| !c.is_ascii_alphanumeric());
            assert!(names.iter().any(other), "{family}: {names:?}");
        }
    }
    let scratch = common::tempdir("stress-names");
    let program = trap_program(&scratch, "arrow", "NAME_AS_A_WORD");
    common::logicmaze()
        .args(["stress", "arrow", "--seed", "4", "--time-limit", "3", "--"])
        .arg(&program)
        .assert()
        .code(0);
    common::logicmaze()
        .args(["stress", "arrow", "--seed", "4", "--spaced-names", "--"])
        .arg(&program)
        .assert()
        .code(1)
        .stdout(predicates::str::contains("    Maze "));
}

/// The report counts in the singular for one ("in 1 run", "to 1 square"),
/// and a time-out gives the limit it passed.
#[test]
fn the_report_counts_rightly_and_gives_the_time_out() {
    let scratch = common::tempdir("stress-words");
    let program = trap_program(&scratch, "dice", "EMPTY_ROUTE");
    let report = failure_report("dice", &program);
    let first = report.lines().next().unwrap();
    assert!(first.contains(" to 1 square in "), "{first}");
    assert!(
        !first.contains(" 1 squares") && !first.contains(" 1 runs"),
        "{first}"
    );
    let slow = script(&scratch, "slow.sh", "sleep 5\n");
    let out = common::logicmaze()
        .args(["stress", "dice", "--seed", "1", "--timeout", "0.3", "--"])
        .arg(&slow)
        .assert()
        .code(1);
    let report = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        report.contains("a time-out: no answer within 0.3 s (--timeout)"),
        "{report}"
    );
}
