//! `logicmaze verify`: its verdicts, messages and exit statuses, by itself
//! and in the contest conventions (Kattis / ICPC output validators,
//! testlib checkers, input validators).

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common;

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").unwrap()
}

/// `text` written to `name` in `dir`.
fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const ARROW_OUT: &str = include_str!("../../examples/arrow.out");

/// The arrow sample's answer with the route's second move turned right.
fn wrong_turn() -> String {
    ARROW_OUT.replacen("(3,1) (2,1) (1,1)", "(3,1) (2,1) (2,2)", 1)
}

#[test]
fn a_right_answer_is_accepted_and_a_wrong_one_says_why() {
    logicmaze()
        .args(["verify", "examples/arrow.in", "examples/arrow.out"])
        .assert()
        .code(0)
        .stdout("SAMPLE: accepted: 14 moves, a shortest route\nNOSOLUTION: accepted: No Solution Possible\n")
        .stderr("logicmaze: verified 2 mazes: 2 accepted, 0 wrong\n");
    let dir = common::tempdir("verify-plain");
    let wrong = file(&dir, "wrong.out", &wrong_turn());
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&wrong)
        .assert()
        .code(4)
        .stdout("SAMPLE: wrong: line 2: move 2, (2,1) → (2,2): arriving at (2,1) heading north, the sign allows only forward, not right\nNOSOLUTION: accepted: No Solution Possible\n")
        .stderr("logicmaze: verified 2 mazes: 1 accepted, 1 wrong\n");
}

#[test]
fn each_kind_of_wrong_answer_has_its_reason() {
    let dir = common::tempdir("verify-reasons");
    let dice_out = std::fs::read_to_string("examples/dice.out").unwrap();
    let cases = [
        (
            dice_out.replacen("DICEMAZE2", "DICEMAZE9", 1),
            "DICEMAZE2: wrong: line 3: expected the name line 'DICEMAZE2', found 'DICEMAZE9'",
        ),
        (
            dice_out.replacen("(2,6),(2,5),(2,4)", "(2,6),(2,5),(1,5)", 1),
            "DICEMAZE2: wrong: line 4: move 2, (2,5) → (1,5): the top shows 5, the square needs 2",
        ),
        (
            dice_out.replacen("  (2,6),(2,5),(2,4)", "  (2,5),(2,4)", 1),
            "DICEMAZE2: wrong: line 4: the route starts at (2,5), not at the start (2,6)",
        ),
        (
            dice_out.replacen(",\n  (3,7),(4,7),(4,6),(3,6),(2,6)\n", "\n", 1),
            "DICEMAZE2: wrong: line 5: the route ends at (2,7), not at the start (2,6)",
        ),
        (
            dice_out.replacen("  No Solution Possible", "  (1,1),(1,2),(1,1)", 1),
            "DICEMAZE3: wrong: line 8: gives a route, but the maze has no solution: move 2, (1,2) → (1,1): the top shows 1, the square needs 2",
        ),
        (
            dice_out.replacen(
                "  (1,2),(2,2),(2,3),(3,3),(3,2),(3,1),(2,1),(1,1),(1,2)",
                "  No Solution Possible",
                1,
            ),
            "DICEMAZE1: wrong: line 2: says No Solution Possible, but a route of 8 moves exists",
        ),
        (
            dice_out.replacen("(2,6),(2,5)", "(2,6),(2;5)", 1),
            "DICEMAZE2: wrong: line 4: cannot read \"(2;5)\" as a position (r,c)",
        ),
    ];
    for (answer, expected) in cases {
        let path = file(&dir, "answer.out", &answer);
        let output = logicmaze()
            .args(["verify", "examples/dice.in"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(4), "{answer}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(
            stdout.lines().any(|l| l == expected),
            "{expected}\n{stdout}"
        );
    }

    // A legal detour: longer than the shortest.
    let longer = "SAMPLE\n  (3,1) (2,1) (1,1) (1,2) (2,2) (2,3) (1,3) (1,2) (1,1) (2,1)\n  (2,2) (1,2) (1,3) (2,3) (3,3)\nNOSOLUTION\n  No Solution Possible\n";
    let path = file(&dir, "longer.out", longer);
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&path)
        .assert()
        .code(0);
    // Text after the last maze.
    let path = file(&dir, "junk.out", &format!("{ARROW_OUT}that's all\n"));
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&path)
        .assert()
        .code(4)
        .stdout(predicates::str::ends_with(
            "after the last maze: wrong: line 6: unexpected text 'that's all'\n",
        ));
}

#[test]
fn layout_is_a_warning_unless_strict() {
    let dir = common::tempdir("verify-layout");
    let rewrapped = ARROW_OUT.replacen(" (2,1)\n  (2,2)", "\n  (2,1) (2,2)", 1);
    let path = file(&dir, "rewrapped.out", &rewrapped);
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&path)
        .assert()
        .code(0)
        .stderr(format!(
            "logicmaze: warning: {}:2: the line holds 9 positions; the format puts 10 on every line but the last (SAMPLE)\nlogicmaze: verified 2 mazes: 2 accepted, 0 wrong\n",
            path.display()
        ));
    logicmaze()
        .args(["verify", "--strict", "examples/arrow.in"])
        .arg(&path)
        .assert()
        .code(4)
        .stdout("SAMPLE: wrong: line 2: wrong layout: the line holds 9 positions; the format puts 10 on every line but the last\nNOSOLUTION: accepted: No Solution Possible\n");
    // A blank line between two mazes' answers.
    let blank = file(
        &dir,
        "blank.out",
        &ARROW_OUT.replacen("\nNOSOLUTION", "\n\nNOSOLUTION", 1),
    );
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&blank)
        .assert()
        .code(0)
        .stderr(predicates::str::contains(":4: a blank line (NOSOLUTION)"));
    logicmaze()
        .args(["verify", "--strict", "examples/arrow.in"])
        .arg(&blank)
        .assert()
        .code(4)
        .stdout(predicates::str::contains(
            "NOSOLUTION: wrong: line 4: wrong layout: a blank line",
        ));
    let bom = file(&dir, "bom.out", &format!("\u{feff}{ARROW_OUT}"));
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&bom)
        .assert()
        .code(0);
    logicmaze()
        .args(["verify", "--strict", "examples/arrow.in"])
        .arg(&bom)
        .assert()
        .code(4)
        .stdout(predicates::str::contains(
            "SAMPLE: wrong: line 1: wrong layout: the answer starts with a byte order mark",
        ));
    let crlf = file(&dir, "crlf.out", &ARROW_OUT.replace('\n', "\r\n"));
    logicmaze()
        .args(["verify", "examples/arrow.in"])
        .arg(&crlf)
        .assert()
        .code(0);
    logicmaze()
        .args(["verify", "--strict", "examples/arrow.in"])
        .arg(&crlf)
        .assert()
        .code(4)
        .stdout(predicates::str::contains(
            "SAMPLE: wrong: line 1: wrong layout: the line ends with a carriage return (CRLF)",
        ));
}

#[test]
fn the_json_report_lists_every_verdict() {
    let dir = common::tempdir("verify-json");
    let wrong = file(&dir, "wrong.out", &wrong_turn());
    let output = logicmaze()
        .args(["verify", "--format", "json", "examples/arrow.in"])
        .arg(&wrong)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["accepted"], false);
    let sample = &report["mazes"][0];
    assert_eq!(sample["verdict"], "wrong");
    assert_eq!(sample["line"], 2);
    assert_eq!(sample["reason"]["kind"], "illegal_route");
    assert_eq!(sample["reason"]["fault"]["kind"], "move");
    assert_eq!(sample["reason"]["fault"]["number"], 2);
    assert_eq!(sample["reason"]["fault"]["to"], serde_json::json!([2, 2]));
    assert_eq!(report["mazes"][1]["verdict"], "accepted");
    assert_eq!(report["mazes"][1]["moves"], serde_json::Value::Null);
}

/// The Kattis / ICPC / DOMjudge interface: `verify --validator INPUT
/// JUDGE_ANSWER FEEDBACK_DIR < team_output`.
#[test]
fn as_an_output_validator_it_exits_42_or_43_with_a_judge_message() {
    let dir = common::tempdir("verify-validator");
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let message = || std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    let validator = || {
        let mut command = logicmaze();
        command
            .args([
                "verify",
                "--validator",
                "examples/arrow.in",
                "examples/arrow.out",
            ])
            .arg(&feedback);
        command
    };
    validator()
        .write_stdin(ARROW_OUT)
        .assert()
        .code(42)
        .stdout("");
    assert_eq!(message(), "accepted: 2 mazes\n");
    validator()
        .write_stdin(wrong_turn())
        .assert()
        .code(43)
        .stdout("");
    assert_eq!(
        message(),
        "SAMPLE: line 2: move 2, (2,1) → (2,2): arriving at (2,1) heading north, the sign allows only forward, not right\n"
    );
    // Layout is forgiven unless the problem's validator_flags say strict.
    let indented = ARROW_OUT.replace("\n  ", "\n   ");
    validator().write_stdin(indented.clone()).assert().code(42);
    validator()
        .arg("strict")
        .write_stdin(indented)
        .assert()
        .code(43);
    assert_eq!(
        message(),
        "SAMPLE: line 2: wrong layout: the line is indented by 3 spaces, not 2\n"
    );
    // A judges' answer that is itself wrong, or no feedback folder, is a
    // judging error.
    let bad_reference = file(&dir, "bad.ans", &wrong_turn());
    logicmaze()
        .args(["verify", "--validator", "examples/arrow.in"])
        .arg(&bad_reference)
        .arg(&feedback)
        .write_stdin(ARROW_OUT)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("the judges' answer"));
    logicmaze()
        .args([
            "verify",
            "--validator",
            "examples/arrow.in",
            "examples/arrow.out",
        ])
        .arg(dir.join("no-such-folder"))
        .write_stdin(ARROW_OUT)
        .assert()
        .code(1);
}

/// testlib's checker convention: `verify --testlib INPUT OUTPUT ANSWER`.
#[test]
fn as_a_testlib_checker_it_exits_0_1_2_or_3() {
    let dir = common::tempdir("verify-testlib");
    let run = |output: &Path, answer: &str, strict: bool| {
        let mut command = logicmaze();
        command.arg("verify");
        if strict {
            command.arg("--strict");
        }
        command
            .args(["--testlib", "examples/arrow.in"])
            .arg(output)
            .arg(answer)
            .assert()
    };
    let right = file(&dir, "right.out", ARROW_OUT);
    run(&right, "examples/arrow.out", false)
        .code(0)
        .stderr("ok 2 mazes\n");
    let wrong = file(&dir, "wrong.out", &wrong_turn());
    run(&wrong, "examples/arrow.out", false)
        .code(1)
        .stderr(predicates::str::starts_with(
            "wrong answer SAMPLE: line 2: move 2,",
        ));
    let indented = file(&dir, "indented.out", &ARROW_OUT.replace("\n  ", "\n   "));
    run(&indented, "examples/arrow.out", false).code(0);
    run(&indented, "examples/arrow.out", true)
        .code(2)
        .stderr("wrong output format SAMPLE: line 2: wrong layout: the line is indented by 3 spaces, not 2\n");
    run(&right, wrong.to_str().unwrap(), false)
        .code(3)
        .stderr(predicates::str::starts_with(
            "FAIL the jury's answer is rejected",
        ));
    run(&right, "no-such-file", false).code(3);
}

/// `verify --input-only < INPUT`: the judges' rules for input.
#[test]
fn as_an_input_validator_it_enforces_the_judges_limits() {
    let sample = std::fs::read_to_string("examples/arrow.in").unwrap();
    for (input, args, error) in [
        (sample.clone(), &[][..], None),
        (
            std::fs::read_to_string("examples/dice.in").unwrap(),
            &["--family", "dice"][..],
            None,
        ),
        (
            sample.clone(),
            &["--family", "dice"][..],
            Some("maze 'SAMPLE' is not a dice maze"),
        ),
        (
            sample.replace("END\n", "END\nmore\n"),
            &[][..],
            Some("18:1: text after the line END"),
        ),
        (
            sample.replace("END\n", ""),
            &[][..],
            Some("17:1: no END line"),
        ),
        (
            sample.replace('\n', "\r\n"),
            &[][..],
            Some("1:7: a carriage return"),
        ),
        (
            sample.replacen("3 3\n", "3 3 \n", 1),
            &[][..],
            Some("2:10: the line ends with a space"),
        ),
        (
            sample.replacen("3 1 N 3 3", "3 1 Q 3 3", 1),
            &[][..],
            Some("2:5: expected"),
        ),
        (
            "END\n".to_string(),
            &[][..],
            Some("the input holds no maze"),
        ),
        (
            "BIG\n10 1 N 1 1\n10 1 NF *\n0\nEND\n".to_string(),
            &[][..],
            Some("4:1: maze 'BIG' is 10×1: at most 9×9"),
        ),
        (
            "BIG\n10 1 N 1 1\n10 1 NF *\n0\nEND\n".to_string(),
            &["--max-side", "10"][..],
            None,
        ),
        (sample.clone(), &["--max-mazes", "2"][..], None),
        (
            sample.clone(),
            &["--max-mazes", "1"][..],
            Some("16:1: maze 'NOSOLUTION' is maze 2: at most 1"),
        ),
    ] {
        let assert = logicmaze()
            .args(["verify", "--input-only"])
            .args(args)
            .write_stdin(input.clone())
            .assert();
        match error {
            None => {
                assert.code(42);
            }
            Some(error) => {
                assert.code(43).stderr(predicates::str::contains(error));
            }
        }
    }
}

/// The worked examples of docs/judging.md (and the README) print what
/// they say.
#[test]
fn the_worked_examples_of_the_judging_guide_hold() {
    let guide = std::fs::read_to_string("docs/judging.md").unwrap();
    let readme = std::fs::read_to_string("README.md").unwrap();
    let dir = common::tempdir("verify-guide");
    let team = file(
        &dir,
        "team.out",
        &ARROW_OUT.replacen("(1,3) (1,2) (1,1) (2,1)", "(1,3) (2,3) (1,1) (2,1)", 1),
    );
    let rewrapped = file(
        &dir,
        "rewrapped.out",
        &ARROW_OUT.replacen(" (2,1)\n  (2,2)", " (2,1) (2,2)\n ", 1),
    );
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    logicmaze()
        .args([
            "verify",
            "--validator",
            "examples/arrow.in",
            "examples/arrow.out",
        ])
        .arg(&feedback)
        .pipe_stdin(&team)
        .unwrap()
        .assert()
        .code(43);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(
        guide.contains(&format!("$ cat feedback/judgemessage.txt\n{message}")),
        "{message}"
    );
    let wrong = format!(
        "SAMPLE: wrong: line 2: {}",
        message.trim_start_matches("SAMPLE: line 2: ")
    );
    assert!(guide.contains(&wrong) && readme.contains(&wrong), "{wrong}");
    for (strict, output, code) in [(false, &team, 1), (true, &rewrapped, 2)] {
        let mut command = logicmaze();
        command.arg("verify");
        if strict {
            command.arg("--strict");
        }
        let run = command
            .args(["--testlib", "examples/arrow.in"])
            .arg(output)
            .arg("examples/arrow.out")
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(code));
        let verdict = String::from_utf8(run.stderr).unwrap();
        assert!(
            guide.contains(&format!("{verdict}$ echo $?\n{code}\n")),
            "{verdict}"
        );
    }
}

/// A name that starts like a route (`(`), or reads "No Solution Possible",
/// is still the next maze's name line.
#[test]
fn a_name_that_starts_like_a_route_is_still_a_name() {
    let dir = common::tempdir("verify-names");
    let mazes = file(
        &dir,
        "mazes.in",
        "(1) First\n3 1 N 1 1\n2 1 NF *\n0\n(2,1) Second\n3 1 N 1 1\n2 1 NF *\n0\n\
         Dead End\n3 1 N 1 1\n0\nNo Solution Possible\n3 1 N 1 1\n2 1 NF *\n0\nEND\n",
    );
    let answer = file(
        &dir,
        "answer.out",
        "(1) First\n  (3,1) (2,1) (1,1)\n(2,1) Second\n  (3,1) (2,1) (1,1)\n\
         Dead End\n  No Solution Possible\nNo Solution Possible\n  (3,1) (2,1) (1,1)\n",
    );
    for strict in [false, true] {
        let mut command = logicmaze();
        command.arg("verify");
        if strict {
            command.arg("--strict");
        }
        command.arg(&mazes).arg(&answer).assert().code(0).stdout(
            "(1) First: accepted: 2 moves, a shortest route\n\
                 (2,1) Second: accepted: 2 moves, a shortest route\n\
                 Dead End: accepted: No Solution Possible\n\
                 No Solution Possible: accepted: 2 moves, a shortest route\n",
        );
    }
}

#[test]
fn a_route_of_one_move_is_said_in_the_singular() {
    let dir = common::tempdir("verify-one-move");
    let maze = file(&dir, "one.in", "One\n1 2 1 1 5 1\n-1 -1\nEND\n");
    let answer = file(&dir, "one.out", "One\n  No Solution Possible\n");
    let out = file(&dir, "out.out", "Out\n  No Solution Possible\n");
    logicmaze()
        .args(["verify"])
        .arg(&maze)
        .arg(&answer)
        .assert()
        .code(4)
        .stdout("One: wrong: line 2: says No Solution Possible, but a route of 2 moves exists\n");
    let maze = file(
        &dir,
        "out.in",
        "Out\nMINOTAUR 1 3\n+   +---+---+\n| TE  M     |\n+---+---+---+\nEND\n",
    );
    logicmaze()
        .args(["verify"])
        .arg(&maze)
        .arg(&out)
        .assert()
        .code(4)
        .stdout(predicates::str::contains(
            "says No Solution Possible, but a route of 1 move exists",
        ));
}

/// Mazes that hold no maze (a truncated judges' file) are never "verified
/// 0 mazes": plainly an error, for a validator a judging error, for a
/// testlib checker a failure.
#[test]
fn an_input_of_no_maze_is_an_error_not_a_pass() {
    let dir = common::tempdir("verify-no-maze");
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    for text in ["END\n", "", "\n\n"] {
        let input = file(&dir, "empty.in", text);
        let answer = file(&dir, "empty.out", "");
        let said = "empty.in holds no maze: there is nothing to judge the answer against";
        logicmaze()
            .arg("verify")
            .arg(&input)
            .arg(&answer)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(said));
        logicmaze()
            .args(["verify", "--validator"])
            .arg(&input)
            .arg(&answer)
            .arg(&feedback)
            .write_stdin("")
            .assert()
            .code(1)
            .stderr(predicates::str::contains(said));
        logicmaze()
            .args(["verify", "--testlib"])
            .arg(&input)
            .arg(&answer)
            .arg(&answer)
            .assert()
            .code(3)
            .stderr(predicates::str::contains(format!(
                "FAIL {}",
                dir.join(said).display()
            )));
    }
}
