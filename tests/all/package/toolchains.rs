//! The contest world's own tools accept every package: Kattis's
//! `verifyproblem` the legacy format, and BAPCtools' `bt` the format of
//! 2025-09 (`validate`, `constraints`, `generate`, which rebuilds `data/`
//! exactly, and `run`, which gives every submission its verdict), with
//! logicmaze not on PATH.

use std::path::PathBuf;
use std::process::{Command as Process, Stdio};

use super::{files, logicmaze, path_without_logicmaze, shared};
use crate::common;

/// The program `name` on PATH, or a panic saying how to install it.
fn tool(name: &str, install: &str) -> PathBuf {
    let found = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|dir| dir.join(name))
        .find(|path| path.exists());
    found.unwrap_or_else(|| {
        panic!("this test cannot run: {name} is missing ({install}; .ci/run installs it)")
    })
}

/// Kattis's `verifyproblem` accepts every family's package with no error
/// and no warning, logicmaze not on PATH: the validators run on every
/// case, the accepted submission is accepted, and each wrong-answer
/// submission, the solution falling into one trap, gets a wrong answer.
/// The statement is checked too where LaTeX (lualatex) is installed, and
/// always under CI.
#[test]
#[ignore = "needs Kattis's problemtools (pip install problemtools): `cargo test -- --ignored` runs it, as .ci/run does"]
fn kattis_verifyproblem_accepts_every_package() {
    let checker = tool("verifyproblem", "pip install problemtools");
    let path = path_without_logicmaze();
    let latex = std::env::split_paths(&path).any(|dir| dir.join("lualatex").exists());
    assert!(
        latex || std::env::var_os("CI").is_none(),
        "under CI the statement is checked too: lualatex is missing (.ci/run installs it)"
    );
    let mut parts = vec!["config", "data", "validators", "submissions"];
    if latex {
        parts.push("statement");
    }
    let packages: Vec<_> = ["arrow", "dice", "minotaur"]
        .into_iter()
        .map(|family| (family, shared(family)))
        .collect();
    // The three run at once: each is mostly compiling its submissions.
    let _share = common::share();
    let runs: Vec<_> = packages
        .iter()
        .map(|(_, dir)| {
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
    for ((family, dir), run) in packages.iter().zip(runs) {
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
        let judged = |verdict: &str| report.matches(&format!(") OK: {verdict} ")).count();
        assert_eq!(judged("AC"), submissions("accepted"), "{family}:\n{report}");
        assert_eq!(
            judged("WA"),
            submissions("wrong_answer"),
            "{family}:\n{report}"
        );
        assert_eq!(
            judged("TLE"),
            submissions("time_limit_exceeded"),
            "{family}:\n{report}"
        );
        assert!(submissions("time_limit_exceeded") >= 1, "{family}");
        assert!(
            submissions("wrong_answer") >= 3,
            "{family}: a wrong answer a trap"
        );
    }
}

/// BAPCtools' `bt` accepts every family's package in the format of
/// 2025-09: `bt validate` (the validators on the data, the invalid inputs
/// refused, the valid and invalid outputs judged as their folders say, and
/// its own generic cases), `bt constraints` (each bound the statement
/// states is one the input validator checks), `bt generate` (which
/// rebuilds `data/` from generators.yaml, byte for byte) and `bt run`
/// (every submission its verdict) all exit 0, which bt allows only
/// without a warning.
#[test]
#[ignore = "needs BAPCtools and PyPy (pip install bapctools; apt-get install pypy3): `cargo test -- --ignored` runs it, as .ci/run does"]
fn bapctools_accepts_every_package_in_the_format_of_2025_09() {
    let bt = tool("bt", "pip install bapctools");
    tool("pypy3", "apt-get install pypy3");
    let scratch = common::tempdir("package-bapctools");
    // bt keeps a uuid of every problem it has seen in its own folder,
    // and warns of another folder with one: this test's alone.
    let config = scratch.join("config");
    let path = path_without_logicmaze();
    let _share = common::share();
    for family in ["arrow", "dice", "minotaur"] {
        let dir = scratch.join(family);
        logicmaze()
            .args(["package", family])
            .arg(&dir)
            .args(["--seed", "3", "--format-version", "2025-09"])
            .assert()
            .success();
        let data = files(&dir.join("data"));
        for command in ["validate", "constraints", "generate", "run"] {
            let out = Process::new(&bt)
                .args([command, "--no-bar"])
                .current_dir(&dir)
                .env("PATH", &path)
                .env("XDG_CONFIG_HOME", &config)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let report = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(out.status.success(), "{family}: bt {command}:\n{report}");
            if command == "run" {
                // Under CI, bt colours its words: the colours taken out.
                let plain = without_colours(&report);
                for verdict in ["AC", "WA", "TLE"] {
                    assert!(plain.contains(&format!(" {verdict} ")), "{family}: {plain}");
                }
            }
        }
        assert!(
            files(&dir.join("data")) == data,
            "{family}: bt generate changed data/"
        );
        // The head judge's table reads this format too.
        logicmaze()
            .args(["package", "--report"])
            .arg(&dir)
            .assert()
            .success()
            .stdout(predicates::str::contains(
                "every submission run got its folder's verdict",
            ));
    }
}

/// `text` without its terminal colours (`ESC [ ... m`), each a space.
fn without_colours(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
                plain.push(' ');
            }
            c => plain.push(c),
        }
    }
    plain
}
