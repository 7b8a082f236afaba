//! The judge's kit under attack. A team's output is hostile input by
//! definition: whatever it holds, the validator ends with a verdict (42 or
//! 43; testlib 0 to 2), in memory bounded by the judges' files and time
//! linear in the output, and quotes none of it raw to the judge's
//! terminal. Test data is checked as strictly as the judges wrote it.

use crate::common;

use std::io::Write;

use crate::common::{Run, run_program};

const BIN: &str = env!("CARGO_BIN_EXE_logicmaze");

/// Runs `logicmaze ARGS` with `feed` on standard input, watched.
fn run(args: &[&str], feed: impl FnOnce(&mut dyn Write) + Send + 'static) -> Run {
    run_program(BIN, args, feed)
}

/// Runs `logicmaze ARGS` under `ulimit -v` of `kb`, watched.
fn run_limited(kb: u64, args: &[&str], feed: impl FnOnce(&mut dyn Write) + Send + 'static) -> Run {
    let script = format!("ulimit -v {kb} && exec \"$0\" \"$@\"");
    let mut all = vec!["-c", script.as_str(), BIN];
    all.extend_from_slice(args);
    run_program("sh", &all, feed)
}

fn logicmaze() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("logicmaze").unwrap()
}

/// The judges' files of one contest: INPUT, JUDGE_ANSWER and a feedback
/// folder, for `mazes` in the judges' format.
struct Contest {
    dir: common::Scratch,
}

impl Contest {
    fn new(what: &str, mazes: &str) -> Contest {
        let dir = common::tempdir(what);
        std::fs::write(dir.join("input.in"), mazes).unwrap();
        let answer = logicmaze()
            .arg("solve")
            .arg(dir.join("input.in"))
            .output()
            .unwrap();
        assert!(answer.status.success());
        std::fs::write(dir.join("judge.ans"), &answer.stdout).unwrap();
        std::fs::create_dir_all(dir.join("feedback")).unwrap();
        Contest { dir }
    }

    fn sample() -> Contest {
        Contest::new(
            "attack",
            &std::fs::read_to_string("examples/arrow.in").unwrap(),
        )
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }

    fn answer(&self) -> Vec<u8> {
        std::fs::read(self.dir.join("judge.ans")).unwrap()
    }

    /// `verify --validator INPUT JUDGE_ANSWER FEEDBACK [flags]`.
    fn validator_args(&self, flags: &[&str]) -> Vec<String> {
        let files = ["input.in", "judge.ans", "feedback"].map(|name| self.path(name));
        let words = ["verify", "--validator"].into_iter().map(String::from);
        words
            .chain(files)
            .chain(flags.iter().map(|f| f.to_string()))
            .collect()
    }

    /// The validator, the team's output fed by `feed`.
    fn validator(&self, flags: &[&str], feed: impl FnOnce(&mut dyn Write) + Send + 'static) -> Run {
        let args = self.validator_args(flags);
        run(&args.iter().map(String::as_str).collect::<Vec<_>>(), feed)
    }

    /// The validator under `ulimit -v` of `kb`.
    fn validator_limited(
        &self,
        kb: u64,
        feed: impl FnOnce(&mut dyn Write) + Send + 'static,
    ) -> Run {
        let args = self.validator_args(&[]);
        run_limited(
            kb,
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            feed,
        )
    }

    fn judge_message(&self) -> String {
        std::fs::read_to_string(self.dir.join("feedback/judgemessage.txt")).unwrap()
    }

    /// Writes the team's output to a file, for testlib and plain verify.
    fn team_file(&self, output: &[u8]) -> String {
        let path = self.dir.join("team.out");
        std::fs::write(&path, output).unwrap();
        path.display().to_string()
    }
}

/// Feeds `repeat` copies of `chunk`, then `tail`; a validator that stops
/// reading early closes the pipe, which is no error here.
fn feeder(chunk: Vec<u8>, repeat: usize, tail: Vec<u8>) -> impl FnOnce(&mut dyn Write) + Send {
    move |stdin| {
        for _ in 0..repeat {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(&tail);
    }
}

const MB: usize = 1 << 20;

fn assert_within(run: &Run, what: &str, peak_mb: u64, cpu_seconds: f64) {
    eprintln!(
        "{what}: exit {:?}, {:.2} s of CPU, {:.2} s in all, peak {} kB",
        run.code, run.cpu_seconds, run.seconds, run.peak_kb
    );
    assert!(
        run.peak_kb < peak_mb * 1024,
        "{what}: peak {} kB",
        run.peak_kb
    );
    assert!(
        run.cpu_seconds < cpu_seconds,
        "{what}: {:.2} s of CPU",
        run.cpu_seconds
    );
    assert!(!run.stderr.contains("panicked"), "{what}: {}", run.stderr);
}

#[test]
fn a_hundred_megabytes_of_newlines_before_a_right_answer_take_little_memory() {
    let contest = Contest::sample();
    let run = contest.validator(&[], feeder(vec![b'\n'; MB], 100, contest.answer()));
    assert_within(&run, "100 MB of newlines, then a right answer", 200, 20.0);
    assert_eq!(run.code, Some(42), "{}", run.stderr);
    // Strict: the first blank line is the presentation error.
    let run = contest.validator(&["strict"], feeder(vec![b'\n'; MB], 100, contest.answer()));
    assert_within(&run, "the same, strict", 200, 20.0);
    assert_eq!(run.code, Some(43));
    assert_eq!(
        contest.judge_message(),
        "SAMPLE: line 1: wrong layout: a blank line\n"
    );
}

#[test]
fn under_a_small_address_space_a_flood_still_gets_a_verdict() {
    let contest = Contest::sample();
    let run = contest.validator_limited(1_000_000, feeder(vec![b'\n'; MB], 100, contest.answer()));
    assert_within(&run, "ulimit -v 1000000", 200, 20.0);
    assert_eq!(run.code, Some(42), "{}", run.stderr);
    let line: Vec<u8> = b"  (3,1)".iter().copied().cycle().take(MB).collect();
    let run = contest.validator_limited(1_000_000, feeder(line, 200, b"\n".to_vec()));
    assert_within(&run, "ulimit -v 1000000, a 200 MB line", 200, 20.0);
    assert_eq!(run.code, Some(43), "{}", run.stderr);
}

#[test]
fn a_line_of_two_hundred_megabytes_is_a_wrong_answer_in_bounded_memory() {
    let contest = Contest::sample();
    let mut head = b"SAMPLE\n".to_vec();
    head.extend(b" (3,1)".iter().copied().cycle().take(MB));
    let run = contest.validator(&[], move |stdin| {
        let _ = stdin.write_all(&head);
        feeder(b" (2,1)".repeat(MB / 6), 200, b"\n".to_vec())(stdin)
    });
    assert_within(&run, "a 200 MB line of positions", 200, 20.0);
    assert_eq!(run.code, Some(43));
    assert_eq!(
        contest.judge_message(),
        "SAMPLE: line 2: the line is longer than 8 MiB\n"
    );
}

#[test]
fn the_json_report_streams_and_collapses_a_run_of_blank_lines() {
    let contest = Contest::sample();
    let input = contest.path("input.in");
    let mut text = vec![b'\n'; 8 * MB];
    text.extend(contest.answer());
    let team = contest.team_file(&text);
    let run = run(&["verify", "--format", "json", &input, &team], |_| {});
    assert_within(&run, "8 MB of blank lines, --format json", 200, 10.0);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.len() < 2000,
        "{} bytes of JSON",
        run.stdout.len()
    );
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["accepted"], true);
    let warnings = &report["mazes"][0]["warnings"];
    assert_eq!(
        warnings,
        &serde_json::json!([{"line": 1, "message": "8388608 blank lines", "last_line": 8 * MB}])
    );
    // The plain report says it once too.
    let run = self::run(&["verify", &input, &team], |_| {});
    assert_eq!(
        run.stderr.matches("blank line").count(),
        1,
        "{}",
        run.stderr
    );
}

/// `count` arrow mazes `M0`, `M1`, … in the judges' format.
fn many_mazes(count: usize) -> String {
    let mut text = String::new();
    for i in 0..count {
        text.push_str(&format!("M{i}\n3 1 N 1 1\n2 1 NF *\n0\n"));
    }
    text + "END\n"
}

#[test]
fn every_name_wrong_is_judged_in_linear_time() {
    let count = 50_000;
    let contest = Contest::new("names", &many_mazes(count));
    let mut wrong = String::new();
    for i in 0..count {
        wrong.push_str(&format!("X{i}\n  (3,1) (2,1) (1,1)\n"));
    }
    let run = contest.validator(&[], move |stdin| {
        let _ = stdin.write_all(wrong.as_bytes());
    });
    assert_within(&run, "50,000 wrong names", 200, 5.0);
    assert_eq!(run.code, Some(43));
    assert_eq!(
        contest.judge_message(),
        "M0: line 1: expected the name line 'M0', found 'X0'\n"
    );
    // Names of later mazes, in reverse: each skips the mazes before it.
    let mut reversed = String::new();
    for i in (0..count).rev() {
        reversed.push_str(&format!("M{i}\n  (3,1) (2,1) (1,1)\n"));
    }
    let run = contest.validator(&[], move |stdin| {
        let _ = stdin.write_all(reversed.as_bytes());
    });
    assert_within(&run, "50,000 names in reverse", 200, 5.0);
    assert_eq!(run.code, Some(43));
}

#[test]
fn strict_judging_wants_the_final_newline() {
    let contest = Contest::sample();
    let mut answer = contest.answer();
    assert_eq!(answer.pop(), Some(b'\n'));
    let run = contest.validator(&["strict"], {
        let answer = answer.clone();
        move |stdin| {
            let _ = stdin.write_all(&answer);
        }
    });
    assert_eq!(run.code, Some(43));
    assert_eq!(
        contest.judge_message(),
        "NOSOLUTION: line 5: wrong layout: the answer's last line does not end with a newline\n"
    );
    let team = contest.team_file(&answer);
    let (input, judge) = (contest.path("input.in"), contest.path("judge.ans"));
    logicmaze()
        .args(["verify", "--strict", "--testlib", &input, &team, &judge])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with(
            "wrong output format NOSOLUTION: line 5",
        ));
    // Lenient judging accepts it, with a warning.
    logicmaze()
        .args(["verify", &input, &team])
        .assert()
        .code(0)
        .stderr(predicates::str::contains("does not end with a newline"));
}

/// Whether `text` holds a byte that acts on a terminal: a control byte
/// other than the line feed.
fn has_control_bytes(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn control_bytes_from_the_team_never_reach_the_judge_raw() {
    let contest = Contest::sample();
    let hostile: [&[u8]; 4] = [
        b"\x1b[2J\x1b]0;ACCEPTED\x07SAMPLE\n  (3,1)\n",
        b"SAMPLE\n  (3,1) \x1b[31m(2,1)\n",
        b"SAMPLE\n  (3,1) (2,1) (1,1) (1,2) (1,3) (2,3) (2,2) (1,2) (1,1) (2,1)\n  (2,2) (3,2) (3,3)\n\xe2\x80\xaeNOSOLUTION\n  No Solution Possible\n",
        b"SAMPLE\n  (3,1) (2,1) (1,1) (1,2) (1,3) (2,3) (2,2) (1,2) (1,1) (2,1)\n  (2,2) (3,2) (3,3)\nNOSOLUTION\n  No Solution Possible\n\x1b[2Jgarbage\x00\n",
    ];
    let (input, judge) = (contest.path("input.in"), contest.path("judge.ans"));
    for output in hostile {
        let shown = String::from_utf8_lossy(output).into_owned();
        let run = contest.validator(&[], {
            let output = output.to_vec();
            move |stdin| {
                let _ = stdin.write_all(&output);
            }
        });
        assert_eq!(run.code, Some(43), "{shown:?}");
        let message = contest.judge_message();
        assert!(!has_control_bytes(&message), "{message:?}");
        assert!(!message.contains('\u{202e}'), "{message:?}");
        let team = contest.team_file(output);
        let testlib = logicmaze()
            .args(["verify", "--testlib", &input, &team, &judge])
            .output()
            .unwrap();
        assert_eq!(testlib.status.code(), Some(1), "{shown:?}");
        assert!(!has_control_bytes(&String::from_utf8_lossy(
            &testlib.stderr
        )));
        let plain = logicmaze()
            .args(["verify", &input, &team])
            .output()
            .unwrap();
        assert_eq!(plain.status.code(), Some(4), "{shown:?}");
        assert!(!has_control_bytes(&String::from_utf8_lossy(&plain.stdout)));
        assert!(!has_control_bytes(&String::from_utf8_lossy(&plain.stderr)));
    }
}

/// A hostile corpus of team outputs: each gets a verdict from every
/// checker, never a judging error, in bounded memory.
#[test]
fn a_hostile_corpus_gets_verdicts_and_nothing_else() {
    let contest = Contest::sample();
    let right = contest.answer();
    let mut corpus: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("one newline", b"\n".to_vec()),
        ("binary", (0..=255u8).cycle().take(MB).collect()),
        ("NUL bytes", vec![0; MB]),
        ("invalid UTF-8", b"\xff\xfe\xc3(SAMPLE\n  (3,1)\n".to_vec()),
        (
            "a byte order mark",
            [b"\xef\xbb\xbf".as_slice(), &right].concat(),
        ),
        (
            "CRLF",
            String::from_utf8_lossy(&right)
                .replace('\n', "\r\n")
                .into_bytes(),
        ),
        (
            "tabs",
            String::from_utf8_lossy(&right)
                .replace("  ", "\t")
                .into_bytes(),
        ),
        ("only names", b"SAMPLE\nNOSOLUTION\n".to_vec()),
        ("the names twice", [right.as_slice(), &right].concat()),
        ("a million wrong names", b"WRONG\n".repeat(MB)),
        (
            "positions without end",
            b"SAMPLE\n"
                .iter()
                .copied()
                .chain(b"  (3,1)\n".repeat(MB))
                .collect(),
        ),
        (
            "huge numbers",
            b"SAMPLE\n  (99999999999999999999,1)\n".to_vec(),
        ),
        ("unclosed parenthesis", b"SAMPLE\n  (3,1\n".to_vec()),
        ("END", b"END\n".to_vec()),
        ("right, then junk", [right.as_slice(), b"junk\n"].concat()),
    ];
    corpus.push((
        "a line of commas",
        [b"SAMPLE\n  ".as_slice(), &b",".repeat(16 * MB)].concat(),
    ));
    let (input, judge) = (contest.path("input.in"), contest.path("judge.ans"));
    for (what, output) in corpus {
        let run = contest.validator(&[], {
            let output = output.clone();
            move |stdin| {
                let _ = stdin.write_all(&output);
            }
        });
        assert_within(&run, what, 200, 10.0);
        assert!(
            matches!(run.code, Some(42 | 43)),
            "{what}: {:?} {}",
            run.code,
            run.stderr
        );
        assert!(!has_control_bytes(&contest.judge_message()), "{what}");
        let team = contest.team_file(&output);
        let run = self::run(
            &["verify", "--strict", "--testlib", &input, &team, &judge],
            |_| {},
        );
        assert_within(&run, what, 200, 10.0);
        assert!(
            matches!(run.code, Some(0..=2)),
            "{what}: {:?} {}",
            run.code,
            run.stderr
        );
        assert!(!has_control_bytes(&run.stderr), "{what}");
        let run = self::run(&["verify", &input, &team], |_| {});
        assert_within(&run, what, 200, 10.0);
        assert!(
            matches!(run.code, Some(0 | 4)),
            "{what}: {:?} {}",
            run.code,
            run.stderr
        );
        assert!(
            !has_control_bytes(&run.stdout) && !has_control_bytes(&run.stderr),
            "{what}"
        );
    }
}

// ------------------------------------------------------ test data, strictly

/// `--input-only` on `input`: its exit status and standard error.
fn input_only(input: &[u8]) -> (Option<i32>, String) {
    let output = logicmaze()
        .args(["verify", "--input-only"])
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_input_validator_takes_only_the_letter_of_the_format() {
    let good = "A B\n3 1 N 1 1\n2 1 NF *\n0\nDICE\n2 2 1 1 1 2\n-1 3\n0 -1\nEND\n";
    assert_eq!(
        input_only(good.as_bytes()).0,
        Some(42),
        "{}",
        input_only(good.as_bytes()).1
    );
    let faults: &[(&str, &[u8], &str)] = &[
        (
            "a byte order mark",
            b"\xef\xbb\xbfA B\n",
            "1:1: a byte order mark",
        ),
        ("a NUL in a name", b"A\x00B\n", "1:2: a NUL byte"),
        ("an escape in a name", b"A\x1b[2JB\n", "1:2: an escape byte"),
        (
            "invalid UTF-8 in a name",
            b"A\xffB\n",
            "1:2: the byte 0xff, which is not ASCII",
        ),
        ("a form feed", b"\x0c", "1:1: a form feed"),
        ("a tab", b"3\t1 N 1 1", "2:2: a tab"),
        (
            "a leading space in a name",
            b" A B",
            "1:1: the line starts with a space",
        ),
        (
            "a trailing space in a name",
            b"A B ",
            "1:4: the line ends with a space",
        ),
        ("doubled spaces", b"3 1  N 1 1", "2:5: two spaces in a row"),
        (
            "a leading space",
            b" 3 1 N 1 1",
            "2:1: the line starts with a space",
        ),
        ("a blank line", b"2 1 NF *\n", "4:1: a blank line"),
        (
            "a leading zero",
            b"03 1 N 1 1",
            "2:1: '03': a number with a leading zero",
        ),
        ("minus zero", b"-0 -1", "8:1: '-0': zero is written '0'"),
        (
            "a plus sign",
            b"+3 1 N 1 1",
            "2:1: '+3': a number with a '+' sign",
        ),
        (
            "a turn letter twice",
            b"2 1 NFF *",
            "3:1: the sign 'NFF' names a turn twice",
        ),
        (
            "a direction twice",
            b"2 1 NF NR *",
            "3:1: the direction N has two signs",
        ),
        (
            "an intersection twice",
            b"2 1 NR *",
            "4:1: the intersection (2,1) was listed on an earlier line",
        ),
        (
            "a closing 00",
            b"00",
            "4:1: '00': a number with a leading zero",
        ),
        (
            "no final newline",
            b"END",
            "9:4: the line does not end with a newline",
        ),
        (
            "text after END",
            b"END\nmore",
            "10:1: text after the line END",
        ),
    ];
    let lines: Vec<&str> = good.lines().collect();
    for &(what, change, expected) in faults {
        let input = match what {
            "a byte order mark"
            | "a NUL in a name"
            | "an escape in a name"
            | "invalid UTF-8 in a name"
            | "a leading space in a name"
            | "a trailing space in a name" => [change, &good.as_bytes()[4..]].join(&b"\n"[..]),
            "a form feed" => [change, good.as_bytes()].concat(),
            "a blank line" => good.replacen("2 1 NF *\n", "2 1 NF *\n\n", 1).into_bytes(),
            "an intersection twice" => good
                .replacen("2 1 NF *\n", "2 1 NF *\n2 1 NR *\n", 1)
                .into_bytes(),
            "a closing 00" => good.replacen("*\n0\n", "*\n00\n", 1).into_bytes(),
            "minus zero" => good.replacen("0 -1\n", "-0 -1\n", 1).into_bytes(),
            "no final newline" | "text after END" => {
                let mut text = good.trim_end_matches("END\n").as_bytes().to_vec();
                text.extend_from_slice(change);
                if what == "text after END" {
                    text.push(b'\n');
                }
                text
            }
            _ => {
                let at = match change {
                    c if c.starts_with(b"2 1") => 2,
                    _ => 1,
                };
                let mut changed: Vec<Vec<u8>> =
                    lines.iter().map(|l| l.as_bytes().to_vec()).collect();
                changed[at] = change.to_vec();
                changed.join(&b"\n"[..]).into_iter().chain(*b"\n").collect()
            }
        };
        let (code, stderr) = input_only(&input);
        assert_eq!(code, Some(43), "{what}: {stderr}");
        assert!(stderr.contains(expected), "{what}: {stderr}");
    }
}

#[test]
fn the_solver_warns_of_an_intersection_listed_twice() {
    let input = "A\n3 1 N 1 1\n2 1 NF *\n2 1 NR *\n0\nEND\n";
    for command in ["solve", "check"] {
        logicmaze()
            .args([command, "-"])
            .write_stdin(input)
            .assert()
            .success()
            .stderr(predicates::str::contains(
                "<stdin>:4:1: warning: the intersection (2,1) was listed on an earlier line too: their signs are merged",
            ));
    }
}
