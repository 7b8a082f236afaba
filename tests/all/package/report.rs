//! `package --report DIR`: what a head judge signs from. The options the
//! package was written with, its time limit, a row for each test case
//! (ambiguous mazes and the states' ceiling among them), and each
//! submission's verdict and first rejecting case, found by running it:
//! a submission the judge added is judged like the package's own (traps
//! were once matched by file name alone, so one added showed as a trap
//! no case names).

use super::*;

/// A copy of the package in `from`, in a fresh folder, for a test that
/// changes it.
fn copied(from: &Path, what: &str) -> (common::Scratch, PathBuf) {
    let scratch = common::tempdir(what);
    let dir = scratch.join("problem");
    for (path, bytes) in files(from) {
        let to = dir.join(path);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, bytes).unwrap();
    }
    (scratch, dir)
}

fn report(dir: &Path, json: bool) -> assert_cmd::assert::Assert {
    let mut command = logicmaze();
    command.args(["package", "--report"]).arg(dir);
    if json {
        command.args(["--format", "json"]);
    }
    command.assert()
}

/// The text report: the options read back from the package, a row a test
/// case, a row a submission, each run; a submission the judge added is
/// run too, and one in the wrong folder is marked and fails the report;
/// what a submission starts does not outlive it, even out of its process
/// group (it did, and kept the report waiting on its pipe); memory is
/// bounded as the tools bound it (a 3 GiB solution was accepted).
#[test]
fn the_report_runs_every_submission_and_says_where_each_fails() {
    let (_scratch, dir) = copied(shared("dice"), "package-report");
    // An accepted solution that leaves a process behind in a session of
    // its own, and one that takes 3 GiB.
    let marker = format!("313.{}", std::process::id());
    std::fs::write(
        dir.join("submissions/accepted/leaves-a-child.py"),
        format!(
            "import os, runpy, sys\nif os.fork() == 0:\n    os.setsid()\n    null = os.open('/dev/null', os.O_RDWR)\n    for fd in (0, 1, 2):\n        os.dup2(null, fd)\n    os.execvp('sleep', ['sleep', '{marker}'])\nsys.argv = ['solution.py']\nrunpy.run_path({:?}, run_name='__main__')\n",
            dir.join("submissions/accepted/solution.py")
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("submissions/accepted/hog.cpp"),
        "#include <vector>\n#include <cstdio>\nint main() { std::vector<char> v(size_t(3) << 30, 1); std::printf(\"%d\\n\", v[7]); }\n",
    )
    .unwrap();
    // The judge's own wrong answer, a program that prints nothing, and an
    // accepted solution put among the wrong answers by mistake.
    let wrong = dir.join("submissions/wrong_answer");
    std::fs::write(
        wrong.join("prints-nothing.py"),
        "import sys\nsys.stdin.read()\n",
    )
    .unwrap();
    std::fs::copy(
        dir.join("submissions/accepted/solution.cpp"),
        wrong.join("misfiled.cpp"),
    )
    .unwrap();
    let out = report(&dir, false).code(4);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in [
        "written by: logicmaze package dice DIR --seed 3 --max-side 10 --max-mazes 100",
        "seed:       3",
        "limits:     at most 10×10 a maze, 100 mazes an input, names of one word",
        "layout:     strict: judged byte for byte",
        "states:     a largest maze has 2400 states at most",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    assert!(
        text.contains("\ntime limit: 1 s, set by verifyproblem"),
        "{text}"
    );
    let rows = |first: &str| -> Vec<String> {
        (text.lines())
            .skip_while(|l| !l.starts_with(first))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(str::to_string)
            .collect()
    };
    let cases = rows("case ");
    assert_eq!(cases.len(), 1 + secret_inputs(&dir).len(), "{text}");
    // The 1999 promise: no maze with two shortest routes; each within the
    // ceiling.
    for row in &cases {
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words[4], "0", "ambiguous: {row}");
        let (reached, ceiling) = words[5].split_once('/').unwrap();
        assert!(
            reached.parse::<u64>().unwrap() <= ceiling.parse().unwrap(),
            "{row}"
        );
    }
    let submissions = rows("submission ");
    let row = |name: &str| {
        (submissions.iter())
            .find(|r| r.starts_with(name))
            .unwrap_or_else(|| panic!("{name}:\n{text}"))
            .clone()
    };
    assert_eq!(
        submissions.len(),
        2 + (files(&dir.join("submissions")).len() - 2)
    );
    assert!(row("accepted/solution.py").contains("AC     AC "), "{text}");
    let added = row("wrong_answer/prints-nothing.py");
    assert!(
        added.contains(" WA     WA ") && added.contains("sample/1: "),
        "{added}"
    );
    let trap = row("wrong_answer/state-without-front.cpp");
    assert!(
        trap.contains("secret/04-orientation-matters: line "),
        "{trap}"
    );
    assert!(
        row("time_limit_exceeded/every-route.cpp").contains("TLE    TLE "),
        "{text}"
    );
    let misfiled = row("wrong_answer/misfiled.cpp");
    assert!(misfiled.contains(" WA     AC! "), "{misfiled}");
    assert!(
        row("accepted/leaves-a-child.py").contains(" AC     AC "),
        "{text}"
    );
    assert!(row("accepted/hog.cpp").contains(" AC    RTE! "), "{text}");
    assert!(
        text.contains("\n2 submissions did not get their folder's verdict (marked !)\n"),
        "{text}"
    );
    assert!(text.ends_with("\nthe package agrees with itself: its command, its validators, its cases and its answers\n"), "{text}");
    let left: Vec<String> = (std::fs::read_dir("/proc").unwrap().flatten())
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(&marker))
        .collect();
    assert!(left.is_empty(), "left running: {left:?}");
}

/// The report believes the files over the command on problem.yaml's
/// first line, and says where they disagree (it showed what the line
/// said); a judge who removes the line still gets a report (from the
/// validator's header); an answer that is no right answer is found (it
/// was not, where verifyproblem warns).
#[test]
fn the_report_says_where_the_package_disagrees_with_itself() {
    let (_scratch, dir) = copied(shared("arrow"), "package-report-disagrees");
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let edited = yaml.replacen("--max-side 9", "--max-side 7 --free-layout", 1);
    std::fs::write(dir.join("problem.yaml"), edited).unwrap();
    // A position of a route's answer changed, the answer as long.
    let answer = dir.join("data/secret/07-long-unique-routes.ans");
    let text = std::fs::read_to_string(&answer).unwrap();
    let second = text.lines().nth(1).unwrap();
    let first = &second[2..second.find(')').unwrap() + 1];
    let other = if first == "(9,9)" { "(1,1)" } else { "(9,9)" };
    std::fs::write(&answer, text.replacen(first, other, 1)).unwrap();
    let out = report(&dir, false).code(4);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("\nlimits:     at most 9×9 a maze,"), "{text}");
    assert!(
        text.contains("\nlayout:     strict: judged byte for byte\n"),
        "{text}"
    );
    let disagreements: Vec<&str> = (text.lines())
        .skip_while(|l| *l != "the package disagrees with itself:")
        .skip(1)
        .collect();
    assert_eq!(disagreements.len(), 3, "{text}");
    assert!(disagreements[0].contains("says 7 rows and columns, but the package holds 9 rows and columns (input_validators/validate.cpp)"), "{text}");
    assert!(
        disagreements[1].contains("says a free layout, but the package holds a strict layout"),
        "{text}"
    );
    assert!(
        disagreements[2].starts_with("  secret/07-long-unique-routes.ans is no right answer: "),
        "{text}"
    );
    // Without the line: the same package, read from the validator.
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let rest: String = yaml.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("problem.yaml"), rest).unwrap();
    std::fs::write(
        &answer,
        std::fs::read(shared("arrow").join("data/secret/07-long-unique-routes.ans")).unwrap(),
    )
    .unwrap();
    let out = report(&dir, false).success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains(
            "\nwritten by: logicmaze package arrow DIR --seed 3 --max-side 9 --max-mazes 100\n"
        ),
        "{text}"
    );
}

/// `--format json`: the same report, one document, for a program; read
/// back from a package of other options (the format of 2025-09, the free
/// layout, names with spaces), each said.
#[test]
fn the_report_in_json_gives_every_figure() {
    let scratch = common::tempdir("package-report-json");
    let dir = scratch.join("problem");
    logicmaze()
        .args(["package", "arrow"])
        .arg(&dir)
        .args([
            "--format-version",
            "2025-09",
            "--free-layout",
            "--spaced-names",
        ])
        .args(["--seed", "5", "--author", "Ann O'Neil"])
        .assert()
        .success();
    let out = report(&dir, true).success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["format"], "2025-09");
    assert_eq!(json["seed"], 5);
    assert_eq!(json["layout"], "free");
    assert_eq!(json["limits"]["names"], "spaced");
    assert_eq!(json["limits"]["max_side"], 9);
    assert_eq!(json["time_limit"]["seconds"], 1.0);
    assert_eq!(json["time_limit"]["set_by"], "BAPCtools' default");
    assert_eq!(json["time_limit"]["leaves_room"], true);
    assert!(
        json["written_by"]
            .as_str()
            .unwrap()
            .contains("--author 'Ann O'\\''Neil'")
    );
    let cases = json["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 2 + secret_inputs(&dir).len(), "two samples");
    assert!(cases.iter().all(|c| c["unreadable"] == 0));
    let submissions = json["submissions"].as_array().unwrap();
    assert!(
        submissions.iter().all(|s| s["verdict"] == s["expected"]),
        "{json:#}"
    );
    for submission in submissions {
        let rejected = submission["first_rejecting_case"].as_str();
        assert_eq!(
            rejected.is_none(),
            submission["expected"] == "AC",
            "{submission}"
        );
    }
    assert!(
        submissions
            .iter()
            .any(|s| s["submission"] == "wrong_answer/name-as-a-word.cpp")
    );
    assert_eq!(json["unexpected"], 0);
}

/// Not a package, or one whose problem.yaml has lost the command that
/// wrote it: an error, not an empty table.
#[test]
fn the_report_refuses_what_is_not_a_logicmaze_package() {
    let scratch = common::tempdir("package-report-none");
    report(&scratch, false)
        .code(2)
        .stderr(predicates::str::contains("is it a package?"));
    std::fs::write(scratch.join("problem.yaml"), "name: Mine\n").unwrap();
    std::fs::create_dir(scratch.join("input_validators")).unwrap();
    std::fs::write(
        scratch.join("input_validators/validate.cpp"),
        "int main() {}\n",
    )
    .unwrap();
    report(&scratch, false)
        .code(2)
        .stderr(predicates::str::contains(
            "no `# Written by` line names the family",
        ));
}
