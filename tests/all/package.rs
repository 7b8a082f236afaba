//! `logicmaze package`: the package passes its own validators, run as a
//! judging system runs them (the `run` scripts, with logicmaze not on
//! PATH: the package carries it), and Kattis's own checker,
//! `verifyproblem`, accepts it with its submissions judged as they say.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

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
        .stderr(predicates::str::is_match(r"^logicmaze: wrote 3[4-6] files to ").unwrap());
    (scratch, dir)
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

/// Runs one of the package's validator scripts as a judge would, with
/// logicmaze not on PATH, `stdin` as its input: its status.
fn run_script(script: &Path, args: &[&Path], stdin: &Path) -> i32 {
    let status = Process::new(script)
        .args(args)
        .env("PATH", path_without_logicmaze())
        .stdin(std::fs::File::open(stdin).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    status.code().unwrap()
}

/// The input validator's flags for the test case `input`: those of its
/// group's testdata.yaml.
fn input_flags(input: &Path) -> Vec<String> {
    let testdata = input.parent().unwrap().join("testdata.yaml");
    let Ok(text) = std::fs::read_to_string(testdata) else {
        return Vec::new();
    };
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("input_validator_flags:"))
        .unwrap();
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn the_package_passes_its_own_validators() {
    for (family, expected) in [("arrow", 10), ("dice", 10), ("minotaur", 9)] {
        let (_scratch, dir) = package(family, "3");
        let problem = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        assert!(problem.contains("validation: custom\n"), "{problem}");
        let feedback = dir.join("feedback");
        std::fs::create_dir(&feedback).unwrap();
        let input_validator = dir.join("input_validators/logicmaze/run");
        let output_validator = dir.join("output_validators/logicmaze/run");
        let mut cases = 0;
        let mut changed = false;
        for (path, _) in files(&dir) {
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            cases += 1;
            let input = dir.join(&path);
            let answer = input.with_extension("ans");
            let flags = input_flags(&input);
            let flag_paths: Vec<&Path> = flags.iter().map(Path::new).collect();
            assert_eq!(
                run_script(&input_validator, &flag_paths, &input),
                42,
                "{}",
                input.display()
            );
            let args = [input.as_path(), answer.as_path(), feedback.as_path()];
            assert_eq!(
                run_script(&output_validator, &args, &answer),
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
                let wrong = dir.join("wrong.out");
                std::fs::write(&wrong, text.replacen(line, &moved, 1)).unwrap();
                assert_eq!(run_script(&output_validator, &args, &wrong), 43);
                let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
                assert!(
                    message.contains("move 2, ") && message.contains("→ (99,99)"),
                    "{message}"
                );
                changed = true;
            }
        }
        assert_eq!(cases, expected, "{family}: the sample and the cases");
        assert!(changed);
    }
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
fn a_package_never_overwrites_anything() {
    let dir = common::tempdir("package-full");
    std::fs::write(dir.join("keep.txt"), "mine").unwrap();
    logicmaze()
        .args(["package", "arrow"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(format!(
            "logicmaze: error: {} is not empty: give a new or empty folder, so that nothing is overwritten\n",
            dir.display()
        ));
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_package_is_never_written_through_a_link() {
    use std::os::unix::fs::symlink;
    let dir = common::tempdir("package-links");
    // A dangling link as DIR, and a link to an empty folder: refused with
    // a clear message, nothing written where they point.
    let dangling = dir.join("dangling");
    symlink(dir.join("nowhere"), &dangling).unwrap();
    let target = dir.join("target");
    std::fs::create_dir(&target).unwrap();
    let link = dir.join("link");
    symlink(&target, &link).unwrap();
    for given in [&dangling, &link] {
        logicmaze()
            .args(["package", "arrow"])
            .arg(given)
            .assert()
            .failure()
            .stderr(predicates::str::contains("is a symbolic link"));
    }
    assert!(!dir.join("nowhere").exists());
    assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0);
}

#[test]
fn of_two_packages_into_one_folder_one_fails() {
    let dir = common::tempdir("package-race");
    let into = dir.join("problem");
    let children: Vec<_> = ["arrow", "dice"]
        .iter()
        .map(|family| {
            Process::new(env!("CARGO_BIN_EXE_logicmaze"))
                .args(["package", family])
                .arg(&into)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let codes: Vec<bool> = children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap().status.success())
        .collect();
    assert_eq!(codes.iter().filter(|&&ok| ok).count(), 1, "{codes:?}");
    // One family's package, whole: its validators' flag names it.
    let run = std::fs::read_to_string(into.join("input_validators/logicmaze/run")).unwrap();
    assert!(run.contains("--family arrow") != run.contains("--family dice"));
    // Nothing of the loser is left beside it.
    let left: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(left, std::slice::from_ref(&into), "{left:?}");
    assert!(Path::new(&into).is_dir());
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
        "license: cc by-sa",
        "validation: custom",
    ] {
        assert!(dice.lines().any(|l| l == line), "{line}:\n{dice}");
    }
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
    logicmaze()
        .args(["package", "arrow"])
        .arg(scratch.join("other"))
        .args(["--license", "mine"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no license is called \"mine\""));
}

/// Kattis's problem checker, as `pip install problemtools` installs it.
fn verifyproblem() -> PathBuf {
    let found = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|dir| dir.join("verifyproblem"))
        .find(|path| path.exists());
    found.expect(
        "this test cannot run: verifyproblem is missing (pip install problemtools; .ci/run installs it)",
    )
}

/// Kattis's `verifyproblem` accepts every family's package with no error
/// and no warning, logicmaze not on PATH: the validators run on every
/// case, the accepted submission is accepted, and each wrong-answer
/// submission, the solution falling into one trap, gets a wrong answer.
/// The statement is checked too where LaTeX (lualatex) is installed.
#[test]
#[ignore = "needs Kattis's problemtools (pip install problemtools): `cargo test -- --ignored` runs it, as .ci/run does"]
fn kattis_verifyproblem_accepts_every_package() {
    let checker = verifyproblem();
    let path = path_without_logicmaze();
    let latex = std::env::split_paths(&path).any(|dir| dir.join("lualatex").exists());
    let mut parts = vec!["config", "data", "validators", "submissions"];
    if latex {
        parts.push("statement");
    }
    let packages: Vec<_> = ["arrow", "dice", "minotaur"]
        .into_iter()
        .map(|family| (family, package(family, "3")))
        .collect();
    // The three run at once: each is mostly compiling its submissions.
    let runs: Vec<_> = packages
        .iter()
        .map(|(_, (_, dir))| {
            Process::new(&checker)
                .arg(dir)
                .arg("-p")
                .args(&parts)
                .env("PATH", &path)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for ((family, (_, dir)), run) in packages.iter().zip(runs) {
        let out = run.wait_with_output().unwrap();
        let report = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            report.contains("tested: 0 errors, 0 warnings"),
            "{family}:\n{report}"
        );
        let submissions = |folder: &str| {
            std::fs::read_dir(dir.join("submissions").join(folder))
                .unwrap()
                .count()
        };
        let judged = |verdict: &str| report.matches(&format!("(C++) OK: {verdict} ")).count();
        assert_eq!(judged("AC"), submissions("accepted"), "{family}:\n{report}");
        assert_eq!(
            judged("WA"),
            submissions("wrong_answer"),
            "{family}:\n{report}"
        );
        assert!(
            submissions("wrong_answer") >= 3,
            "{family}: a wrong answer a trap"
        );
    }
}
