//! `logicmaze package`: the package passes its own validators, run as a
//! judging system runs them (the `run` scripts, with logicmaze not on
//! PATH: the package carries it); its data keeps the limits its statement
//! states and is as hard as they allow; every trap's submission fails on
//! the secret data alone and on the cases named for it; and Kattis's own
//! checker, `verifyproblem`, accepts it with its submissions judged as
//! they say. Writing a package, safely: `package/writing.rs`; the head
//! judge's report: `package/report.rs`.

mod names;
mod report;
mod toolchains;
mod traps;
mod validators;
mod writing;

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::sync::OnceLock;

use assert_cmd::Command;

use crate::common;

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").unwrap()
}

/// Writes `family`'s package with `seed` into a fresh folder: the folder
/// that holds it (removed when dropped), and the package's.
fn package(family: &str, seed: &str) -> (common::Scratch, PathBuf) {
    let scratch = common::tempdir(&format!("package-{family}"));
    let dir = scratch.join("problem");
    logicmaze()
        .args(["package", family])
        .arg(&dir)
        .args(["--seed", seed])
        .assert()
        .success()
        .stderr(predicates::str::is_match(r"^logicmaze: wrote [0-9]+ files to ").unwrap());
    (scratch, dir)
}

/// `family`'s package with the contest's limits (`--seed 3`), written once
/// for every test of this process that reads it, into `FAMILY` in a
/// folder of this process's under the tests' own temporary folder (a
/// runner such as nextest runs each test in a process of its own, at
/// once).
fn shared(family: &'static str) -> &'static Path {
    static PACKAGES: [OnceLock<PathBuf>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let index = ["arrow", "dice", "minotaur"]
        .iter()
        .position(|&f| f == family)
        .unwrap();
    PACKAGES[index].get_or_init(|| {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        remove_packages_of_ended_processes(tmp);
        let root = tmp.join(format!("packages-{}", std::process::id()));
        let dir = root.join(family);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&root).unwrap();
        logicmaze()
            .args(["package", family])
            .arg(&dir)
            .args(["--seed", "3"])
            .assert()
            .success();
        dir
    })
}

/// Removes the shared packages' folders (`packages-PID`) in `tmp` of test
/// processes that have ended, each a package with a copy of the program:
/// else every run would leave its own.
fn remove_packages_of_ended_processes(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|name| name.strip_prefix("packages-"));
        if pid.is_some_and(|pid| !Path::new("/proc").join(pid).exists()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The secret test cases of the package in `dir`, in order: each `.in`.
fn secret_inputs(dir: &Path) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = files(&dir.join("data/secret"))
        .into_iter()
        .map(|(path, _)| dir.join("data/secret").join(path))
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
}

/// Every file under `dir`, sorted, with its path relative to `dir`.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.push((
                    path.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&path).unwrap(),
                ));
            }
        }
    }
    found.sort();
    found
}

/// The package's validators, built from their source as a judging system
/// builds them: the input validator and the output validator, in
/// `scratch`.
fn built_validators(dir: &Path, scratch: &Path) -> (PathBuf, PathBuf) {
    let built = |source: &str, name: &str| {
        let program = scratch.join(name);
        common::compile(&dir.join(source), &program);
        program
    };
    std::thread::scope(|scope| {
        let input = scope.spawn(|| built("input_validators/validate.cpp", "validate"));
        let output = built("output_validators/judge.cpp", "judge");
        (input.join().unwrap(), output)
    })
}

/// PATH without the folder of the logicmaze under test: a package must
/// not need it.
fn path_without_logicmaze() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_logicmaze")).parent().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let kept: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|dir| dir != bin && !dir.join("logicmaze").exists())
        .collect();
    std::env::join_paths(kept).unwrap().into_string().unwrap()
}

/// Runs one of the package's validators as a judge would, with
/// logicmaze not on PATH, `stdin` as its input: its status.
fn run_validator(program: &Path, args: &[&Path], stdin: &Path) -> i32 {
    let status = Process::new(program)
        .args(args)
        .env("PATH", path_without_logicmaze())
        .stdin(std::fs::File::open(stdin).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    status.code().unwrap()
}

#[test]
fn the_package_passes_its_own_validators() {
    for family in ["arrow", "dice", "minotaur"] {
        let dir = shared(family);
        let problem = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        assert!(problem.contains("validation: custom\n"), "{problem}");
        assert!(problem.contains("validator_flags: strict\n"), "{problem}");
        let scratch = common::tempdir("package-feedback");
        let feedback = scratch.to_path_buf();
        let (input_validator, output_validator) = built_validators(dir, &scratch);
        let mut cases = 0;
        let mut changed = false;
        for (path, _) in files(dir) {
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            cases += 1;
            let input = dir.join(&path);
            let answer = input.with_extension("ans");
            assert_eq!(
                run_validator(&input_validator, &[], &input),
                42,
                "{}",
                input.display()
            );
            let strict = Path::new("strict");
            let args = [
                input.as_path(),
                answer.as_path(),
                feedback.as_path(),
                strict,
            ];
            assert_eq!(
                run_validator(&output_validator, &args, &answer),
                42,
                "{}",
                answer.display()
            );

            // One move of the first route with three positions or more changed.
            let text = std::fs::read_to_string(&answer).unwrap();
            let route = text.lines().find(|l| l.matches('(').count() >= 3);
            if let (false, Some(line)) = (changed, route) {
                let third = line.match_indices('(').nth(2).unwrap().0;
                let end = third + line[third..].find(')').unwrap() + 1;
                let moved = format!("{}(99,99){}", &line[..third], &line[end..]);
                let wrong = feedback.join("wrong.out");
                std::fs::write(&wrong, text.replacen(line, &moved, 1)).unwrap();
                assert_eq!(run_validator(&output_validator, &args, &wrong), 43);
                let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
                assert!(
                    message.contains("move 2, ") && message.contains("-> (99,99)"),
                    "{message}"
                );
                changed = true;
            }
        }
        assert!(cases >= 12, "{family}: the sample and the cases: {cases}");
        assert!(changed);
        // One group: no testdata.yaml raises a limit for some cases.
        assert!(
            files(dir)
                .iter()
                .all(|(path, _)| !path.ends_with("testdata.yaml")),
            "{family}"
        );
    }
}

/// The number the statement's text says just after `before`.
fn stated(statement: &str, before: &str) -> u32 {
    let start = statement
        .find(before)
        .unwrap_or_else(|| panic!("the statement says no '{before}':\n{statement}"))
        + before.len();
    let digits: String = statement[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// The limits a package's statement states: the most rows and columns,
/// and the most mazes an input.
fn stated_limits(dir: &Path) -> (u32, u32) {
    let statement = std::fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
    let side = match statement.contains("$1 \\le R, C \\le ") {
        true => stated(&statement, "$1 \\le R, C \\le "),
        false => stated(&statement, "r_1, c_1 \\le "),
    };
    (side, stated(&statement, "mazes ($1 \\le n \\le "))
}

/// Every input of the package in `dir` keeps the limits its statement
/// states, as `verify --input-only` judges them.
fn assert_inputs_keep_the_stated_limits(family: &str, dir: &Path) {
    let (side, mazes) = stated_limits(dir);
    for (path, bytes) in files(&dir.join("data")) {
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        logicmaze()
            .args(["verify", "--input-only", "--family", family])
            .args([
                "--max-side",
                &side.to_string(),
                "--max-mazes",
                &mazes.to_string(),
            ])
            .write_stdin(bytes)
            .assert()
            .code(42);
    }
}

#[test]
fn every_input_keeps_the_limits_its_statement_states() {
    for (family, side) in [("arrow", 9), ("dice", 10), ("minotaur", 20)] {
        let dir = shared(family);
        assert_eq!(stated_limits(dir), (side, 100), "{family}");
        assert_inputs_keep_the_stated_limits(family, dir);
        let source = std::fs::read_to_string(dir.join("input_validators/validate.cpp")).unwrap();
        assert!(
            source.contains(&format!("MAX_SIDE = {side}, MAX_MAZES = 100;")),
            "{source}"
        );
    }

    // Limits of the setter's: stated, kept and enforced alike.
    let (_scratch, dir) = {
        let scratch = common::tempdir("package-limits");
        let dir = scratch.join("small");
        logicmaze()
            .args(["package", "dice"])
            .arg(&dir)
            .args(["--max-side", "7", "--max-mazes", "30"])
            .assert()
            .success();
        (scratch, dir)
    };
    assert_eq!(stated_limits(&dir), (7, 30));
    assert_inputs_keep_the_stated_limits("dice", &dir);
    let inputs = secret_inputs(&dir);
    let full = inputs.iter().any(|input| {
        let figures = logicmaze::package::case_figures(&std::fs::read(input).unwrap());
        figures.mazes == 30 && figures.largest.0.max(figures.largest.1) <= 7
    });
    assert!(full, "a case holds the most mazes an input may");

    // Limits too small for the cases that set the traps: refused, saying
    // what would do, before anything is written.
    let scratch = common::tempdir("package-too-small");
    logicmaze()
        .args(["package", "arrow"])
        .arg(scratch.join("tiny"))
        .args(["--max-side", "2"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("give --max-side 3 or more"));
    logicmaze()
        .args(["package", "minotaur"])
        .arg(scratch.join("huge"))
        .args(["--max-side", "41"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "give --max-side from 6 to 40 and --max-mazes from 4 to 10000",
        ));
    // And the mazes an input holds: the real range, before minutes of
    // work (a million took them, without a word).
    logicmaze()
        .args(["package", "dice"])
        .arg(scratch.join("many"))
        .args(["--max-mazes", "1000000"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(
            predicates::str::is_match(
                "give --max-side from [0-9]+ to [0-9]+ and --max-mazes from [0-9]+ to 10000\n$",
            )
            .unwrap(),
        );
    assert_eq!(std::fs::read_dir(&*scratch).unwrap().count(), 0);
    // The least limits said are limits a package keeps (the error said
    // "--max-side from 1", which was refused in turn).
    logicmaze()
        .args(["package", "minotaur"])
        .arg(scratch.join("least"))
        .args(["--max-side", "6", "--max-mazes", "4"])
        .assert()
        .success();
}

/// Whether `program`'s output on the test case `input` is accepted by
/// the package's judge (strict, as its problem.yaml says).
fn accepted(program: &Path, input: &Path, feedback: &Path) -> bool {
    let run = Process::new(program)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .output()
        .unwrap();
    if !run.status.success() {
        return false;
    }
    let judged = Process::new(env!("CARGO_BIN_EXE_logicmaze"))
        .arg("verify")
        .arg("--validator")
        .arg(input)
        .arg(input.with_extension("ans"))
        .arg(feedback)
        .arg("strict")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&run.stdout)?;
            child.wait()
        })
        .unwrap();
    judged.code() == Some(42)
}

/// The secret data reaches as much of the search space as the limits
/// allow, with long routes, searches that must visit everything, and a
/// hundred random mazes or more.
#[test]
fn the_data_is_as_hard_as_the_limits_allow() {
    // The states reachable at the largest size, as `check` counts them:
    // arrow 9·9·4 = 324, dice 10·10·24 / 2 = 1,200 (a roll turns the die
    // to the other half of its orientations, as it moves to a square of
    // the other colour; the mazes with one shortest route that the
    // statement promises reach a few fewer), Theseus twice what a random
    // 20×20 maze reaches.
    for (family, reached, longest) in [
        ("arrow", 243, 45),
        ("dice", 1180, 30),
        ("minotaur", 25_000, 40),
    ] {
        let dir = shared(family);
        let mut most = 0;
        let mut route = 0;
        let mut random = 0;
        let mut whole = 0;
        for input in secret_inputs(dir) {
            let figures = logicmaze::package::case_figures(&std::fs::read(&input).unwrap());
            most = most.max(figures.most_reached);
            route = route.max(figures.longest.unwrap_or(0));
            let name = input.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with("-random-mazes.in") {
                random += figures.mazes;
            }
            if name.ends_with("-whole-searches.in") {
                assert_eq!(figures.unsolvable, figures.mazes, "{family}");
                whole = figures.most_reached;
            }
        }
        assert!(
            most >= reached,
            "{family}: the largest search reaches {most} states"
        );
        assert!(
            route >= longest,
            "{family}: the longest route is {route} moves"
        );
        assert!(random >= 100, "{family}: {random} random mazes");
        assert!(
            whole * 10 >= reached * 8,
            "{family}: a whole search of {whole} states"
        );
    }
}

/// A folder whose name is no Kattis short name is refused before anything
/// is written, with a name that would do.
#[test]
fn a_package_folder_is_named_as_kattis_names_problems() {
    let scratch = common::tempdir("package-name");
    logicmaze()
        .args(["package", "dice"])
        .arg(scratch.join("Dice-Problem"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "'Dice-Problem' is not a Kattis short name, which is lower-case letters and digits alone",
        ))
        .stderr(predicates::str::contains("'diceproblem' would do"));
    assert_eq!(std::fs::read_dir(&*scratch).unwrap().count(), 0);
}

/// The statement's picture of the sample is wide enough that its smallest
/// text prints at 8 points on problemtools' page (6.5 inches of text).
#[test]
fn the_statement_picture_prints_its_smallest_text_at_8_points() {
    for (family, sample) in [
        ("arrow", "SAMPLE"),
        ("dice", "DICEMAZE1"),
        ("minotaur", "Labyrinth"),
    ] {
        let statement =
            std::fs::read_to_string(shared(family).join("problem_statement/problem.en.tex"))
                .unwrap();
        let width: f64 = match statement.find("\\includegraphics[width=") {
            Some(at) => stated_f64(&statement[at..], "[width=", "\\textwidth"),
            None => stated_f64(&statement, "\\illustration{", "}"),
        };
        let out = logicmaze()
            .args([
                "render",
                &format!("examples/{family}.in"),
                "--maze",
                sample,
                "--route",
            ])
            .assert()
            .success();
        let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let smallest = svg
            .split("font-size=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().parse::<f64>().unwrap())
            .fold(f64::INFINITY, f64::min);
        let view: f64 = stated_f64(&svg, "viewBox=\"0 0 ", " ");
        let printed = smallest * width * 468.0 / view;
        assert!(printed >= 8.0, "{family}: {printed:.1} pt");
    }
}

/// A number after `before` up to `after` in `text`.
fn stated_f64(text: &str, before: &str, after: &str) -> f64 {
    let start = text.find(before).unwrap() + before.len();
    let end = start + text[start..].find(after).unwrap();
    text[start..end].parse().unwrap()
}

/// The layout is judged byte for byte unless the setter asks for a free
/// one; then problem.yaml, the statement and the submissions all say so.
#[test]
fn a_free_layout_is_said_by_every_part_of_the_package() {
    let strict = shared("arrow");
    let statement =
        |dir: &Path| std::fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
    assert!(statement(strict).contains("judged byte for byte"));
    // No claim of how the original judges judged: Theseus and the
    // Minotaur was never a contest problem (its statement said so).
    assert!(!statement(shared("minotaur")).contains("original judges"));
    assert!(
        strict
            .join("submissions/wrong_answer/twelve-a-line.cpp")
            .exists()
    );

    let scratch = common::tempdir("package-free");
    let free = scratch.join("free");
    logicmaze()
        .args(["package", "arrow"])
        .arg(&free)
        .arg("--free-layout")
        .assert()
        .success();
    let yaml = std::fs::read_to_string(free.join("problem.yaml")).unwrap();
    assert!(!yaml.contains("validator_flags"), "{yaml}");
    assert!(yaml.contains("--free-layout"), "{yaml}");
    assert!(
        statement(&free).contains(
            "Only the names and the positions are judged: spaces and tabs at a line's end"
        )
    );
    assert!(!statement(&free).contains("byte for byte"));
    assert!(
        !free
            .join("submissions/wrong_answer/twelve-a-line.cpp")
            .exists()
    );
    assert!(
        free.join("submissions/wrong_answer/mirrored-turns.cpp")
            .exists()
    );
}

#[test]
fn the_same_seed_writes_the_same_package() {
    let first = files(&package("arrow", "5").1);
    assert_eq!(first, files(&package("arrow", "5").1));
    let other = files(&package("arrow", "6").1);
    assert_ne!(first, other);
    // The hand-made traps do not change with the seed.
    let trap = Path::new("data/secret/01-start-is-goal.in");
    let find = |files: &[(PathBuf, Vec<u8>)]| files.iter().find(|(p, _)| p == trap).cloned();
    assert_eq!(find(&first), find(&other));
}

#[test]
fn problem_yaml_is_complete_and_its_uuid_stable_for_a_seed() {
    let yaml = |family: &str, seed: &str| {
        std::fs::read_to_string(package(family, seed).1.join("problem.yaml")).unwrap()
    };
    let uuid = |yaml: &str| {
        let line = yaml.lines().find_map(|l| l.strip_prefix("uuid: ")).unwrap();
        assert!(
            predicates::str::is_match(
                "^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"
            )
            .unwrap()
            .eval(line),
            "{line}"
        );
        line.to_string()
    };
    use predicates::Predicate;
    let dice = yaml("dice", "4");
    for line in [
        "name: \"A Dicey Problem\"",
        "source: \"ICPC World Finals 1999\"",
        "license: public domain",
        "validation: custom",
    ] {
        assert!(dice.lines().any(|l| l == line), "{line}:\n{dice}");
    }
    // By default no one's rights are claimed: no owner, nor any to be
    // taken from the source.
    assert!(!dice.contains("rights_owner"), "{dice}");
    let arrow = yaml("arrow", "4");
    assert_eq!(uuid(&arrow), uuid(&yaml("arrow", "4")));
    assert_ne!(uuid(&arrow), uuid(&yaml("arrow", "5")));
    assert_ne!(uuid(&arrow), uuid(&dice));

    // The license and rights owner as asked, quoted for YAML.
    let scratch = common::tempdir("package-license");
    let dir = scratch.join("problem");
    logicmaze()
        .args(["package", "arrow"])
        .arg(&dir)
        .args([
            "--license",
            "cc0",
            "--rights-owner",
            "Judges \"R\" Us: 2026",
        ])
        .assert()
        .success();
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(yaml.contains("\nlicense: cc0\n"), "{yaml}");
    assert!(
        yaml.contains("\nrights_owner: \"Judges \\\"R\\\" Us: 2026\"\n"),
        "{yaml}"
    );
    // A rights owner alone: the usual license, not the public domain
    // (which Kattis refuses an owner for).
    let owned = scratch.join("owned");
    logicmaze()
        .args(["package", "arrow"])
        .arg(&owned)
        .args(["--rights-owner", "Judges"])
        .assert()
        .success();
    let yaml = std::fs::read_to_string(owned.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("\nlicense: cc by-sa\nrights_owner: \"Judges\"\n"),
        "{yaml}"
    );
    assert!(
        yaml.contains("--license cc-by-sa --rights-owner 'Judges'`"),
        "{yaml}"
    );
    // A license that claims rights with no owner would have Kattis name
    // the source: refused before anything is written.
    logicmaze()
        .args(["package", "arrow"])
        .arg(scratch.join("unowned"))
        .args(["--license", "cc-by"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "a problem under cc by needs a rights owner (else Kattis takes its source, ICPC World Finals 2000, as the owner)",
        ));
    assert!(!scratch.join("unowned").exists());
    logicmaze()
        .args(["package", "arrow"])
        .arg(scratch.join("other"))
        .args(["--license", "mine"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no license is called \"mine\""));
}

/// The "Written by" line of problem.yaml is the command that writes the
/// same package again, every option in it (the license and a rights
/// owner with quotes, shell-quoted, were left out), and the uuid is made
/// from it: another option, another problem, another uuid (it was made
/// from the family and the seed alone, so that problems of other limits
/// or layouts shared one). A rights owner of a public-domain problem,
/// which Kattis refuses, is refused before anything is written.
#[test]
fn the_written_by_line_writes_the_package_again_and_names_its_own_uuid() {
    let scratch = common::tempdir("package-command");
    // Every package here has these options, and a license, and some one
    // more.
    let options = ["--seed", "4", "--rights-owner", "Bob's \"team\""];
    let write = |name: &str, more: &[&str]| {
        let dir = scratch.join(name);
        logicmaze()
            .args(["package", "arrow"])
            .arg(&dir)
            .args(options)
            .args(more)
            .assert()
            .success();
        dir
    };
    let yaml = |dir: &Path| std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let uuid = |dir: &Path| {
        yaml(dir)
            .lines()
            .find_map(|l| l.strip_prefix("uuid: ").map(str::to_string))
            .unwrap()
    };
    let first = write("first", &["--license", "cc0"]);
    let line = yaml(&first).lines().next().unwrap().to_string();
    let command = line
        .strip_prefix("# Written by `logicmaze ")
        .unwrap()
        .strip_suffix("`.")
        .unwrap();
    assert!(
        command.contains("--license cc0 --rights-owner 'Bob'\\''s \"team\"'"),
        "{line}"
    );
    let again = scratch.join("again");
    let replayed = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("\"$0\" {}", command.replace("DIR", "\"$1\"")))
        .arg(env!("CARGO_BIN_EXE_logicmaze"))
        .arg(&again)
        .output()
        .unwrap();
    assert!(replayed.status.success(), "{replayed:?}");
    assert_eq!(files(&first), files(&again));
    let others = [
        write("side", &["--license", "cc0", "--max-side", "8"]),
        write("layout", &["--license", "cc0", "--free-layout"]),
        write("license", &["--license", "cc-by"]),
    ];
    for other in &others {
        assert_ne!(uuid(other), uuid(&first), "{}", other.display());
    }
    let refused = scratch.join("refused");
    logicmaze()
        .args(["package", "arrow"])
        .arg(&refused)
        .args(["--license", "public-domain", "--rights-owner", "X"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "in the public domain has no rights owner",
        ));
    assert!(!refused.exists());
}
