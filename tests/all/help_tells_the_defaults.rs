//! Every default is told, and the help, the README and the man page
//! agree: one table of exit statuses, rules rather than this machine's
//! figures, completions for every subcommand; messages that name their
//! line; lists that stay short; and tests that never pass without running.

use std::path::Path;

use predicates::prelude::*;

use crate::common::{example, logicmaze};

// 6. One table of exit statuses, in --help and the README alike.

/// The README's status table: (status, meaning, subcommands or "all").
/// The README's table of statuses: status, meaning, who returns it.
fn readme_statuses() -> Vec<(String, String, String)> {
    readme_table("| status", 3)
        .into_iter()
        .map(|cells| (cells[0].clone(), cells[1].clone(), cells[2].clone()))
        .collect()
}

/// The rows of the README's table (in its exit status section) whose
/// header starts `header`, `width` cells each.
fn readme_table(header: &str, width: usize) -> Vec<Vec<String>> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme
        .split("## Exit status")
        .nth(1)
        .expect("a status section");
    let table = section.split(header).nth(1).expect("the table");
    table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .map(|l| {
            l.split('|')
                .map(|c| c.trim().to_string())
                .skip(1)
                .take(width)
                .collect()
        })
        .collect()
}

fn help(args: &[&str]) -> String {
    let output = logicmaze().args(args).arg("--help").output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_subcommand_s_help_lists_the_readme_s_statuses_it_can_return() {
    let table = readme_statuses();
    assert_eq!(table.len(), 5);
    // What success is, each command in its own words: no command says
    // another's (package handles no mazes).
    let successes = readme_table("| command", 2);
    let subcommands: Vec<&str> = successes.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(subcommands.len(), 12);
    for row in &successes {
        let help = words(help(&[&row[0]]).split("Exit status:").nth(1).unwrap());
        assert!(
            help.starts_with(&format!("0 {}", row[1])),
            "{}: {help}",
            row[0]
        );
    }
    for subcommand in subcommands {
        let help = words(help(&[subcommand]).split("Exit status:").nth(1).unwrap());
        for (status, meaning, who) in table.iter().filter(|(status, ..)| status != "0") {
            let listed = help.contains(&format!("{status} {meaning}"));
            let returns = who == "all" || who.split(", ").any(|w| w == subcommand);
            assert_eq!(
                listed, returns,
                "{subcommand} --help and status {status}: {help}"
            );
        }
    }
    let top = words(&help(&[]));
    for (status, _, _) in &table {
        assert!(
            top.contains(&format!(" {status} ")),
            "logicmaze --help lists {status}"
        );
    }
}

#[test]
fn check_says_how_many_were_ambiguous_when_a_malformed_maze_sets_the_status() {
    let ambiguous = std::fs::read_to_string(example("ambiguous.in")).unwrap();
    let input = format!("BAD\n1 1 Q 2 2\n0\n{ambiguous}");
    logicmaze()
        .arg("check")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("ambiguous"))
        .stderr(predicate::str::ends_with(
            "logicmaze: checked 2 mazes: 1 ambiguous, 1 malformed or refused\n",
        ));
}

// 10. README and --help agree; help shows rules, not this machine's figures.

#[test]
fn help_shows_the_rules_of_defaults_that_the_readme_states() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let solve = help(&["solve"]);
    assert!(readme.contains("`--max-states N` (default 2^29)"));
    assert!(words(&solve).contains("(2^29 by default)"));
    assert!(words(&solve).contains("Default: the machine's physical memory"));
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap();
    let kb: u64 = meminfo.split_whitespace().nth(1).unwrap().parse().unwrap();
    for figure in [kb, kb * 1024, kb / 4 * 1024, kb * 1024 / 2] {
        assert!(!solve.contains(&figure.to_string()), "help shows {figure}");
    }
    assert!(readme.contains("cargo install --path ."), "an install step");
    assert_eq!(readme.matches("## Bad input").count(), 1);
}

#[test]
fn help_points_at_documents_an_installed_copy_has() {
    for subcommand in ["solve", "check", "convert", "generate", "render", "play"] {
        let help = help(&[subcommand]);
        assert!(
            !help.contains("docs/"),
            "{subcommand} --help points at a file: {help}"
        );
    }
    let json = logicmaze().args(["docs", "json"]).output().unwrap();
    assert_eq!(
        json.stdout,
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md")).unwrap()
    );
    logicmaze()
        .arg("docs")
        .assert()
        .success()
        .stdout(predicate::str::contains("json").and(predicate::str::contains("rules")));
}

// 11. Completions and a man page.

#[test]
fn completions_and_the_man_page_know_every_subcommand() {
    let subcommands = ["solve", "check", "convert", "generate", "render", "play"];
    for shell in ["bash", "zsh", "fish"] {
        let output = logicmaze().args(["completions", shell]).output().unwrap();
        assert!(output.status.success());
        let script = String::from_utf8(output.stdout).unwrap();
        for subcommand in subcommands {
            assert!(
                script.contains(subcommand),
                "{shell} completes {subcommand}"
            );
        }
        assert!(script.contains("max-states"), "{shell} completes options");
    }
    let bash = logicmaze().args(["completions", "bash"]).output().unwrap();
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&bash.stdout)?;
            child.wait()
        })
        .unwrap();
    assert!(checked.success(), "the bash script parses");
    let man = logicmaze().arg("man").output().unwrap();
    assert!(man.status.success());
    let page = String::from_utf8(man.stdout).unwrap();
    assert!(page.contains(".TH logicmaze 1"));
    for subcommand in subcommands {
        assert!(page.contains(subcommand), "the man page lists {subcommand}");
    }
    let solve = logicmaze().args(["man", "solve"]).output().unwrap();
    let page = String::from_utf8(solve.stdout).unwrap();
    assert!(page.contains(".TH logicmaze-solve 1"), "{page}");
    assert!(page.contains("max\\-states"), "{page}");
    logicmaze().args(["man", "nope"]).assert().code(2);
    logicmaze().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn a_busy_port_suggests_port_zero() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    logicmaze()
        .args(["play", "--maze", "SAMPLE", "--serve", "--port", &port])
        .arg(example("arrow.in"))
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--port 0"));
}

// 7. check's text wraps long routes and summarises long lists.

/// An arrow maze of `size`×`size` intersections, every sign allowing every
/// turn, whose entrance leads off the grid: nothing is reachable, so every
/// sign is never read.
fn unreadable_maze(size: u32) -> String {
    let mut text = format!("UNREAD\n{} 1 S 1 1\n", size + 1);
    for row in 1..=size {
        for col in 1..=size {
            text.push_str(&format!("{row} {col} NLFR ELFR SLFR WLFR *\n"));
        }
    }
    text + "0\nEND\n"
}

#[test]
fn check_text_keeps_lines_short_and_summarises_long_lists() {
    let maze = unreadable_maze(100);
    let output = logicmaze()
        .arg("check")
        .write_stdin(maze.clone())
        .output()
        .unwrap();
    let report = String::from_utf8(output.stdout).unwrap();
    assert!(report.lines().all(|l| l.chars().count() <= 80), "{report}");
    assert!(
        report.contains("signs never read (40000): (1,1) N E S W, (1,2) N E S W,"),
        "{report}"
    );
    assert!(
        report.contains("... and 9976 more: check --all lists every one"),
        "{report}"
    );
    assert!(report.lines().count() < 20, "{report}");
    // --all lists every one, still wrapped; JSON lists every one.
    let output = logicmaze()
        .args(["check", "--all"])
        .write_stdin(maze.clone())
        .output()
        .unwrap();
    let every = String::from_utf8(output.stdout).unwrap();
    assert_eq!(every.matches("N E S W").count(), 10_000);
    assert!(every.lines().all(|l| l.chars().count() <= 80));
    let output = logicmaze()
        .args(["check", "--format", "json"])
        .write_stdin(maze)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["unread_signs"].as_array().unwrap().len(), 40_000);

    // A long route wraps as solve's does, continuations aligned.
    let long = logicmaze()
        .args([
            "generate",
            "arrow",
            "--rows",
            "12",
            "--cols",
            "12",
            "--min-length",
            "60",
        ])
        .output()
        .unwrap();
    let report = logicmaze()
        .arg("check")
        .write_stdin(long.stdout)
        .output()
        .unwrap();
    let report = String::from_utf8(report.stdout).unwrap();
    let lines: Vec<&str> = report.lines().collect();
    assert!(lines[1].starts_with("  route: ("), "{report}");
    assert!(lines[2].starts_with("         ("), "{report}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{report}");
}

// 8. generate says the longest length a size allows, and grows its default
// length with the size.

#[test]
fn an_impossible_length_is_answered_with_the_longest_possible() {
    logicmaze()
        .args([
            "generate",
            "arrow",
            "--rows",
            "2",
            "--cols",
            "2",
            "--min-length",
            "1000",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no 2×2 maze has a shortest route of 1000 moves",
        ))
        .stderr(predicate::str::contains("so it has at most 15 moves"));
    logicmaze()
        .args([
            "generate",
            "dice",
            "--rows",
            "1",
            "--cols",
            "3",
            "--min-length",
            "100",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("at most 71 moves"));
}

#[test]
fn the_default_length_grows_with_the_size_and_is_told() {
    let output = logicmaze()
        .args([
            "generate", "arrow", "--rows", "14", "--cols", "14", "--stats", "--seed", "0",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("logicmaze: 14×14 arrow mazes with routes of 56+ moves"),
        "{stderr}"
    );
    let moves: usize = stderr
        .lines()
        .nth(1)
        .and_then(|l| l.split(": ").nth(1))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the stats line");
    assert!(moves >= 56, "{stderr}");
    // The presets are what they were, and say nothing extra.
    logicmaze()
        .args(["generate", "arrow", "--seed", "0"])
        .assert()
        .success()
        .stderr("");
}

// 3. Text after END is warned of, naming its line.

#[test]
fn text_after_end_is_warned_of_with_its_line_whatever_the_jobs() {
    let arrow = std::fs::read_to_string(example("arrow.in")).unwrap();
    let dice = std::fs::read_to_string(example("dice.in")).unwrap();
    let joined = format!("{arrow}\n\n{dice}");
    let line = arrow.lines().count() + 3;
    let mut runs = Vec::new();
    for jobs in ["-j1", "-j2", "-j8"] {
        let output = logicmaze()
            .args(["solve", jobs])
            .write_stdin(joined.clone())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(output.status.success());
        assert!(
            stderr.contains(&format!(
                "<stdin>:{line}:1: warning: text after END is ignored"
            )),
            "{stderr}"
        );
        runs.push((output.stdout, output.stderr));
    }
    assert!(runs.windows(2).all(|w| w[0] == w[1]));
    // Blank lines after END are no text.
    logicmaze()
        .arg("solve")
        .write_stdin(format!("{arrow}\n \n\t\n"))
        .assert()
        .success()
        .stderr("");
}

// 4 is tests/closed_streams.rs.

// 5. `-j 0` means one job per core; a huge number is not a hang.

#[test]
fn zero_jobs_means_one_per_core_and_huge_numbers_are_capped() {
    let expected = std::fs::read_to_string(example("arrow.out")).unwrap();
    for jobs in ["0", "100000"] {
        logicmaze()
            .args(["solve", "-j", jobs])
            .arg(example("arrow.in"))
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .success()
            .stdout(expected.clone());
    }
}

// 9. A browser test never passes without running: run without a browser,
// it fails, naming what to install.

#[test]
fn the_browser_test_fails_when_the_browser_is_missing() {
    // The play tests are in this test binary.
    let binary = std::env::current_exe().unwrap();
    for ci in [Some("true"), None] {
        let mut command = std::process::Command::new(&binary);
        command
            .args([
                "--ignored",
                "--exact",
                "play::the_page_plays_in_a_real_browser",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("CHROMIUM", "/nonexistent/chromium");
        match ci {
            Some(value) => command.env("CI", value),
            None => command.env_remove("CI"),
        };
        let output = command.output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            !output.status.success(),
            "CI={ci:?}: passed without a browser: {stdout}"
        );
        assert!(stdout.contains("1 failed"), "{stdout}");
        assert!(stdout.contains("missing Chromium"), "{stdout}");
    }
}
