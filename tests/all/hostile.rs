//! Hostile input: pathological files end quickly, in bounded memory, with
//! a clear error, and the mazes around them are still solved.

use crate::common;

use std::io::Write;

use crate::common::{Run, run_program};

/// Runs `logicmaze ARGS`, feeding stdin from `feed` on another thread, and
/// watches its time and peak memory.
fn run(args: &[&str], feed: impl FnOnce(&mut dyn Write) + Send + 'static) -> Run {
    run_program(env!("CARGO_BIN_EXE_logicmaze"), args, feed)
}

const GOOD: &str = "OK\n3 1 N 1 1\n2 1 NF *\n0\n";
const GOOD_ANSWER: &str = "OK\n  (3,1) (2,1) (1,1)\n";

/// Under a second of CPU, under 100 MB.
fn assert_quick_and_small(run: &Run, what: &str) {
    eprintln!(
        "{what}: {:.2} s of CPU, {:.2} s in all, peak {} kB",
        run.cpu_seconds, run.seconds, run.peak_kb
    );
    assert!(
        run.cpu_seconds < 1.0,
        "{what}: took {:.2} s of CPU",
        run.cpu_seconds
    );
    assert_small(run, what);
}

/// Under 100 MB at its peak. (Time is bounded by the CPU time the child
/// used, which a busy machine does not stretch.)
fn assert_small(run: &Run, what: &str) {
    assert!(run.peak_kb < 100 * 1024, "{what}: peak {} kB", run.peak_kb);
}

/// Writes a maze named HUGE whose second line is 1 GB long, then [`GOOD`].
fn feed_a_huge_line(stdin: &mut dyn Write) {
    let chunk = vec![b'a'; 1 << 20];
    let _ = stdin.write_all(b"HUGE\n");
    for _ in 0..1024 {
        if stdin.write_all(&chunk).is_err() {
            return;
        }
    }
    let _ = stdin.write_all(format!("\n{GOOD}END\n").as_bytes());
}

#[test]
fn a_one_gigabyte_line_is_skipped_with_an_error() {
    // Read line by line (one job) and in pieces (two).
    for jobs in ["1", "2"] {
        // Moving a gigabyte through a pipe costs seconds of system time on
        // a slow machine, and its speed changes from minute to minute: `wc
        // -c` reading the same input just before is the floor.
        let floor = run_program("wc", &["-c"], feed_a_huge_line);
        let result = run(&["solve", "-j", jobs], feed_a_huge_line);
        assert_eq!(result.stdout, GOOD_ANSWER);
        assert_eq!(
            result.stderr,
            "<stdin>:2:1: error: line is longer than 1048576 bytes; it was skipped with its maze\n"
        );
        assert_eq!(result.code, Some(1));
        let what = format!("a 1 GB line, --jobs {jobs}");
        assert_small_and_near(&result, &floor, &what);
    }
}

/// At most twice the CPU time of `floor` (a program that only reads the
/// same input) plus half a second, under 100 MB.
fn assert_small_and_near(run: &Run, floor: &Run, what: &str) {
    eprintln!(
        "{what}: {:.2} s of CPU against {:.2} s for the floor, {:.2} s in all, peak {} kB",
        run.cpu_seconds, floor.cpu_seconds, run.seconds, run.peak_kb
    );
    assert!(
        run.cpu_seconds < 2.0 * floor.cpu_seconds + 0.5,
        "{what}: took {:.2} s of CPU, the floor {:.2} s",
        run.cpu_seconds,
        floor.cpu_seconds
    );
    assert_small(run, what);
}

#[test]
fn a_sign_repeated_a_million_times_is_refused() {
    let result = run(&["solve"], |stdin| {
        let line = format!("BIG\n1 1 {}*\n", "NL ".repeat(1_000_000));
        let _ = stdin.write_all(line.as_bytes());
        let _ = stdin.write_all(format!("{GOOD}END\n").as_bytes());
    });
    assert_eq!(result.stdout, GOOD_ANSWER);
    assert_eq!(
        result.stderr,
        "<stdin>:2:1: error: line is longer than 1048576 bytes; it was skipped with its maze\n"
    );
    assert_quick_and_small(&result, "a million signs");
}

#[test]
fn a_dice_header_claiming_ten_billion_squares_is_refused_before_allocating() {
    let result = run(&["solve", "--max-states", "1000000000"], |stdin| {
        let _ = stdin.write_all(format!("D\n100000 100000 1 1 1 2\n{GOOD}END\n").as_bytes());
    });
    assert_eq!(result.stdout, GOOD_ANSWER);
    assert_eq!(
        result.stderr,
        "<stdin>:2:1: error: maze 'D' needs 240009600096 states, more than the limit of 1000000000 (see --max-states)\n  |\n2 | 100000 100000 1 1 1 2\n  | ^^^^^^\n"
    );
    assert_quick_and_small(&result, "a 100000×100000 dice header");
}

#[test]
fn a_minotaur_header_claiming_ten_quintillion_states_is_refused_before_allocating() {
    let result = run(&["solve"], |stdin| {
        let _ = stdin.write_all(format!("M\nMINOTAUR 60000 60000\n+---+\n{GOOD}END\n").as_bytes());
    });
    assert_eq!(result.stdout, GOOD_ANSWER);
    let states = 60_002u64.pow(2).pow(2);
    assert!(
        result.stderr.starts_with(&format!(
            "<stdin>:2:1: error: maze 'M' needs {states} states, more than the limit of"
        )),
        "{}",
        result.stderr
    );
    assert_quick_and_small(&result, "a 60000×60000 Minotaur header");
}

#[test]
fn an_overlong_name_is_refused() {
    let result = run(&["solve"], |stdin| {
        let name = "N".repeat(5000);
        let _ = stdin.write_all(format!("{name}\n3 1 N 1 1\n2 1 NF *\n0\n{GOOD}END\n").as_bytes());
    });
    assert_eq!(result.stdout, GOOD_ANSWER);
    assert_eq!(
        result.stderr,
        "<stdin>:1:1: error: maze name is 5000 bytes long, more than the limit of 1000\n"
    );
    assert_quick_and_small(&result, "a 5000-byte name");
}

#[test]
fn deeply_nested_json_is_refused() {
    let result = run(&["solve", "--input-format", "json"], |stdin| {
        let nested = format!(
            "{{\"family\":\"dice\",\"extra\":{}{}}}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let _ = stdin.write_all(nested.as_bytes());
    });
    assert_eq!(result.stdout, "");
    assert_eq!(
        result.stderr,
        "<stdin>:1:152: error: invalid JSON maze: recursion limit exceeded\n"
    );
    assert_eq!(result.code, Some(1));
    assert_quick_and_small(&result, "JSON nested 100,000 deep");
}

mod arbitrary_bytes {
    use logicmaze::family::Parsed;

    use logicmaze::read::Limits;
    use logicmaze::text;
    use logicmaze::{json, render};
    use proptest::prelude::*;

    /// Reads `bytes` as any input; everything that parses is solved,
    /// checked, written and drawn. Nothing may panic, every error has a
    /// position inside the input, and an input with something in it
    /// (before `END`) gives a maze or an error.
    fn read_anything(bytes: &[u8]) {
        let limits = Limits::default().with_max_states(1 << 14);
        let items = logicmaze::batch::parse(
            bytes,
            &logicmaze::batch::BatchOptions::default().with_max_states(limits.max_states),
        );
        let lines = bytes.split(|&b| b == b'\n').count();
        for item in &items {
            match item {
                Parsed::Error(error) => {
                    assert!(
                        (1..=lines + 1).contains(&error.line),
                        "{error:?} in {lines} lines"
                    );
                    assert!(error.column >= 1);
                    assert!(!error.kind.to_string().is_empty());
                }
                Parsed::Warning(warning) => assert!(warning.line >= 1 && warning.column >= 1),
                Parsed::Maze(maze) => {
                    let route = maze.solve();
                    let mut text = String::new();
                    text::write_solution(&mut text, maze, route.as_ref());
                    assert!(text.starts_with(maze.name()));
                    let _ = json::solution(maze, route.as_ref());
                    assert_eq!(maze.analyse().moves, route.as_ref().map(|r| r.moves()));
                    assert!(render::svg(maze, route.as_ref()).ends_with("</svg>"));
                }
            }
        }
        let first = bytes
            .split(|&b| b == b'\n')
            .map(|line| line.trim_ascii())
            .find(|line| !line.is_empty());
        if first.is_some_and(|line| line != b"END") {
            assert!(
                items
                    .iter()
                    .any(|i| matches!(i, Parsed::Maze(_) | Parsed::Error(_))),
                "no maze and no error from {:?}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    /// Tokens of both formats, to make inputs that get past the first
    /// checks more often than random bytes do.
    fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            (0i64..12).prop_map(|n| n.to_string()),
            Just("-1".to_string()),
            Just("99999999999".to_string()),
            prop::sample::select(vec![
                "N", "E", "S", "W", "NL", "EFR", "SLF", "WR", "*", "0", "END"
            ])
            .prop_map(String::from),
            prop::sample::select(vec![
                "{",
                "}",
                "[",
                "]",
                ":",
                ",",
                "\"family\"",
                "\"arrow\"",
                "\"dice\""
            ])
            .prop_map(String::from),
            "[a-z ]{0,3}",
            Just("\n".to_string()),
            Just("\r\n".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
            read_anything(&bytes);
        }

        #[test]
        fn random_tokens_never_panic(tokens in prop::collection::vec(token(), 0..200)) {
            read_anything(tokens.join(" ").as_bytes());
        }

        /// A drawn maze with random characters changed, lines cut short
        /// or run long, and lines dropped or doubled.
        #[test]
        fn broken_drawings_never_panic(
            changes in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(b"+-| TMEx\n\t0".to_vec())), 0..12),
            drops in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        ) {
            let mut lines: Vec<Vec<u8>> = std::fs::read("examples/minotaur.in")
                .unwrap()
                .split(|&b| b == b'\n')
                .map(<[u8]>::to_vec)
                .collect();
            for drop in drops {
                let at = drop.index(lines.len());
                match at % 2 {
                    0 => { lines.remove(at); }
                    _ => { let line = lines[at].clone(); lines.insert(at, line); }
                }
            }
            let mut bytes = lines.join(&b'\n');
            for (at, byte) in changes {
                let at = at.index(bytes.len());
                bytes[at] = byte;
            }
            read_anything(&bytes);
        }
    }
}

/// Inputs the fuzzers found (tests/data/fuzz/): each must now read, and
/// every maze in it must write and read back as the same maze.
#[test]
fn fuzz_findings_stay_fixed() {
    use logicmaze::family::Parsed;

    use logicmaze::read::Limits;
    use logicmaze::text;
    for entry in std::fs::read_dir("tests/data/fuzz").unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let limits = Limits::default().with_max_states(1 << 14);
        for item in logicmaze::batch::parse(
            &bytes,
            &logicmaze::batch::BatchOptions::default().with_max_states(limits.max_states),
        ) {
            let Parsed::Maze(maze) = item else { continue };
            let mut written = String::new();
            if text::write_maze(&mut written, &maze).is_err() {
                // Read from the judges' format, only a name that starts
                // with '{' is refused: the file would read as JSON.
                assert!(maze.name().starts_with('{'), "{}", path.display());
                continue;
            }
            let again = logicmaze::batch::parse(
                written.as_bytes(),
                &logicmaze::batch::BatchOptions::default()
                    .with_max_states(limits.max_states)
                    .with_family(Some(maze.family())),
            );
            assert!(
                matches!(&again[..], [Parsed::Maze(m), ..] if *m == maze),
                "{}: {again:?}",
                path.display()
            );
        }
    }
}

/// Large mazes between runs of small ones, each in a piece of its own:
/// with several jobs they were read and solved side by side, one per
/// thread, and memory grew with the number of jobs (eight of the issue's
/// 26000 × 26000 mazes aborted the run at 18 GB). Under `--max-memory` the
/// large ones are taken one at a time, whatever `--jobs` says, and the
/// output stays that of one job.
#[test]
fn the_memory_budget_holds_for_the_whole_run() {
    let small: String = (0..40_000)
        .map(|i| format!("S{i}\n3 1 N 1 1\n2 1 NF *\n0\n"))
        .collect();
    let mut input = String::new();
    for i in 0..8 {
        input += &small;
        input += &format!("BIG{i}\n1 1 E 1500 1500\n1 2 EF *\n0\n");
    }
    input += "END\n";
    let dir = common::tempdir("budget");
    let file = dir.join("mazes.in");
    std::fs::write(&file, input).unwrap();
    let file = file.to_str().unwrap();
    let one = run(&["solve", "-j", "1", "--max-memory", "64M", file], |_| {});
    let budget_kb = 64 * 1024;
    for jobs in ["2", "8"] {
        let many = run(&["solve", "-j", jobs, "--max-memory", "64M", file], |_| {});
        eprintln!("--jobs {jobs}: peak {} kB", many.peak_kb);
        assert!(many.stdout == one.stdout && many.stderr == one.stderr);
        assert_eq!((many.code, one.code), (Some(0), Some(0)));
        assert!(
            many.peak_kb < budget_kb,
            "--jobs {jobs}: peak {} kB",
            many.peak_kb
        );
    }
    // A maze over the budget is refused by name, and the others solved.
    let over = run(&["solve", "-j", "2", "--max-memory", "8M", file], |_| {});
    assert_eq!(over.code, Some(1));
    assert_eq!(
        over.stdout.matches("\n  (3,1) (2,1) (1,1)\n").count(),
        320_000
    );
    assert!(over.stderr.contains(
        "error: maze 'BIG0' needs about 17 MiB of memory, more than the limit of 4 MiB (see --max-memory)"
    ), "{}", over.stderr);
}

/// `render` and `play` build a drawing in memory (about 4 KB per cell), so
/// a maze too large to draw is refused before anything is drawn: a
/// 1000 × 1000 maze took 4.2 GB, a 5000 × 5000 one the whole machine. A PNG
/// over the pixel limit is refused before its SVG is built.
#[test]
fn mazes_too_large_to_draw_are_refused_up_front() {
    let dir = common::tempdir("draw");
    let write = |name: &str, side: u32| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("BIG\n1 1 E {side} {side}\n1 2 EF *\n0\nEND\n"),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    let (huge, large) = (write("huge.in", 2000), write("large.in", 250));
    let png = dir.join("x.png");
    let png = png.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["render", &huge],
            "a 2000×2000 maze is too large to draw (at most 65536 cells, as in 256×256)",
        ),
        (
            &["play", &huge],
            "a 2000×2000 maze is too large to play (at most 1048576 cells, as in 1024×1024)",
        ),
        (
            &["render", &large, "-o", png],
            "a 20112×20258 pixel image is too large",
        ),
        (
            &["render", &large, "--format", "png", "--route"],
            "a 20112×20258 pixel image is too large",
        ),
    ];
    for (args, message) in cases {
        let run = run(args, |_| {});
        assert_eq!(run.code, Some(2), "{args:?}");
        let error = format!("logicmaze: error: maze 'BIG': {message}");
        assert!(run.stderr.contains(&error), "{}", run.stderr);
        assert_quick_and_small(&run, &format!("{args:?}"));
    }
}

/// Memory the system will not give is that maze's error, not the end of
/// the run: Rust aborts a process whose allocation fails, so a large
/// maze's memory is asked for (and given back) before anything is
/// allocated for it. `ulimit -v` stands in for a machine without the
/// memory; the small maze after the large one is still solved.
#[test]
fn memory_the_system_will_not_give_is_one_mazes_error() {
    let input = "BIG\n1 1 E 6000 6000\n1 2 EF *\n0\nS\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
    for jobs in ["1", "8"] {
        let script = format!(
            "ulimit -v 250000 && exec '{}' solve -j {jobs} -",
            env!("CARGO_BIN_EXE_logicmaze")
        );
        let run = run_program("sh", &["-c", &script], move |stdin| {
            let _ = stdin.write_all(input.as_bytes());
        });
        assert_eq!(run.code, Some(1), "--jobs {jobs}: {}", run.stderr);
        assert_eq!(run.stdout, "S\n  (3,1) (2,1) (1,1)\n");
        assert!(run.stderr.starts_with(
            "<stdin>:2:1: error: maze 'BIG' needs about 274 MiB of memory, which the system could not give\n"
        ), "{}", run.stderr);
    }
}

/// An SVG is written as it is drawn: the largest maze `render` draws, with
/// every sign, takes a small part of its 21 MB drawing in memory (the
/// drawing built whole took 297 MB).
#[test]
fn svg_is_written_as_it_is_drawn() {
    use logicmaze::{
        family::{Maze, arrow},
        text,
    };
    let dir = common::tempdir("stream");
    let mut text = String::new();
    let maze = Maze::from(arrow::exhaustive_maze(1, 256, 255));
    text::write_maze(&mut text, &maze).unwrap();
    let (input, output) = (dir.join("big.in"), dir.join("big.svg"));
    std::fs::write(&input, text + "END\n").unwrap();
    let args = [
        "render",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ];
    let run = run(&args, |_| {});
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let written = std::fs::metadata(&output).unwrap().len();
    eprintln!("{written} bytes of SVG, peak {} kB", run.peak_kb);
    assert!(written > 20_000_000);
    assert!(run.peak_kb < 64 * 1024, "peak {} kB", run.peak_kb);
    assert!(std::fs::read_to_string(&output).unwrap() == logicmaze::render::svg(&maze, None));
}

/// A quoted line is cut to a short excerpt with its length said, its
/// control bytes escaped: a 900 KB second line makes a message of a few
/// hundred bytes, not of 900 KB.
#[test]
fn a_message_stays_short_whatever_it_quotes() {
    let result = run(&["solve"], |stdin| {
        let _ = stdin.write_all(b"Long\n\x1b[2J");
        let _ = stdin.write_all(&vec![b'x'; 900_000]);
        let _ = stdin.write_all(b"\nEND\n");
    });
    assert_eq!(result.code, Some(1));
    let first = result.stderr.lines().next().unwrap();
    assert!(
        first.starts_with("<stdin>:2:1: error: cannot tell the maze family from '\\u{1b}[2Jxxx"),
        "{first}"
    );
    assert!(first.contains("…' (900,004 bytes): expected"), "{first}");
    assert!(result.stderr.len() < 2_000, "{} bytes", result.stderr.len());
    assert!(!result.stderr.contains('\u{1b}'));
}

/// A NUL byte makes an input binary: one clear error at once, however
/// large the file (a 2 GB file of NUL bytes is refused at its first byte,
/// not after a search through it for a line end).
#[test]
fn a_binary_input_is_refused_at_once() {
    let scratch = common::tempdir("hostile-binary");
    let file = scratch.join("zeros.in");
    std::fs::File::create(&file)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    let path = file.to_str().unwrap();
    for command in ["solve", "check", "render"] {
        let result = run(&[command, path], |_| {});
        assert_eq!(result.code, Some(2), "{command}");
        assert_eq!(
            result.stderr,
            format!(
                "logicmaze: error: {path}: this is not text but a binary file (a NUL byte at byte 0): mazes are text\n"
            ),
            "{command}"
        );
        assert_quick_and_small(&result, command);
    }
    // A NUL byte after a good maze: the same, where it stands.
    let result = run(&["solve", "-j", "2"], |stdin| {
        let _ = stdin.write_all(format!("{GOOD}END\0\n").as_bytes());
    });
    assert_eq!(result.code, Some(2));
    assert!(
        result.stderr.contains("a NUL byte at byte 27"),
        "{}",
        result.stderr
    );
}

/// An input that holds no maze (empty, blank, END alone) is an error,
/// status 2, for every command that reads mazes.
#[test]
fn an_input_of_no_maze_is_an_error_for_every_command() {
    let scratch = common::tempdir("hostile-empty");
    for (name, text) in [
        ("empty.in", ""),
        ("blank.in", "\n\n  \n"),
        ("end.in", "END\n"),
    ] {
        let file = scratch.join(name);
        std::fs::write(&file, text).unwrap();
        let path = file.to_str().unwrap();
        for args in [
            vec!["solve", path],
            vec!["check", path],
            vec!["convert", "--to", "json", path],
            vec!["render", path],
            vec!["play", path, "-o", "-"],
        ] {
            let result = run(&args, |_| {});
            assert_eq!(result.code, Some(2), "{args:?}: {}", result.stderr);
            assert!(
                result.stderr.contains(&format!("{path} holds no maze")),
                "{args:?}: {}",
                result.stderr
            );
        }
    }
}

/// A command reading mazes from a terminal says so, and how to end them,
/// instead of waiting in silence.
#[test]
fn a_command_reading_a_terminal_says_it_is_waiting() {
    // util-linux's `script` gives the command a terminal; Ctrl-D after a
    // second ends the input.
    let bin = env!("CARGO_BIN_EXE_logicmaze");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "(sleep 1; printf '\\004') | script -qec '{bin} solve' /dev/null"
        ))
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        shown.contains(
            "reading mazes from the terminal: type or paste them, then a line END (or Ctrl-D)"
        ),
        "{shown}"
    );
    assert!(shown.contains("<stdin> holds no maze"), "{shown}");
}
