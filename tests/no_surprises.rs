//! Every output lands where the user asked, and every default is told:
//! the things a new user tripped over, each pinned (issue "Nothing
//! surprising").

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").expect("the binary is built")
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// Runs `logicmaze ARGS` in `dir` with a terminal (a pseudo-terminal from
/// util-linux's `script`) as its stdin, stdout and stderr, returning what
/// the terminal showed and the exit status.
fn on_terminal(dir: &Path, args: &[&str]) -> (String, i32) {
    let mut command = shell_quote(env!("CARGO_BIN_EXE_logicmaze"));
    for arg in args {
        command.push(' ');
        command.push_str(&shell_quote(arg));
    }
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux's script runs");
    let shown = String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n");
    (shown, output.status.code().unwrap_or(-1))
}

fn shell_quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

// 1. `render -o` writes what it names; one file per maze only when asked.

#[test]
fn render_of_several_mazes_to_one_name_is_refused_with_the_way_to_ask() {
    let dir = common::tempdir("surprise");
    logicmaze()
        .current_dir(&dir)
        .args(["render", "--route", "-o", "dice.png"])
        .arg(example("dice.in"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds 3 mazes"))
        .stderr(predicate::str::contains("-o 'dice-{name}.png'"));
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn a_name_pattern_writes_one_file_per_maze_and_says_which() {
    let dir = common::tempdir("surprise");
    let assert = logicmaze()
        .current_dir(&dir)
        .args(["render", "--route", "-o", "dice-{name}.png"])
        .arg(example("dice.in"))
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for name in ["DICEMAZE1", "DICEMAZE2", "DICEMAZE3"] {
        let file = format!("dice-{name}.png");
        assert!(dir.join(&file).is_file(), "{file} written");
        assert!(stderr.contains(&format!("wrote {file}")), "{stderr}");
    }
}

#[test]
fn the_readme_render_examples_write_exactly_the_files_they_name() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let examples: Vec<&str> = readme
        .lines()
        .filter(|line| line.starts_with("logicmaze render "))
        .collect();
    assert!(examples.len() >= 2, "the README shows render");
    for line in examples {
        let dir = common::tempdir("surprise");
        let words: Vec<String> = line
            .split('#')
            .next()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(|w| w.trim_matches('\'').replace("examples/", "../examples/"))
            .collect();
        std::fs::create_dir(dir.join("work")).unwrap();
        std::fs::create_dir(dir.join("examples")).unwrap();
        for file in ["arrow.in", "dice.in"] {
            std::fs::copy(example(file), dir.join("examples").join(file)).unwrap();
        }
        logicmaze()
            .current_dir(dir.join("work"))
            .args(&words)
            .assert()
            .success();
        let output = words
            .iter()
            .position(|w| w == "-o")
            .map(|at| words[at + 1].clone())
            .expect("the example names its file");
        let written: Vec<String> = std::fs::read_dir(dir.join("work"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        match output.contains("{name}") {
            false => assert_eq!(written, [output], "{line}"),
            true => assert!(written.len() > 1, "{line}: {written:?}"),
        }
    }
}

// 2. Unknown extensions; binary and pages never poured onto a terminal.

#[test]
fn an_unknown_image_extension_is_an_error_that_lists_the_formats() {
    let dir = common::tempdir("surprise");
    logicmaze()
        .current_dir(&dir)
        .args(["render", "--maze", "SAMPLE", "-o", "x.jpg"])
        .arg(example("arrow.in"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(".svg or .png"));
    assert!(!dir.join("x.jpg").exists());
    logicmaze()
        .current_dir(&dir)
        .args([
            "render", "--maze", "SAMPLE", "--format", "svg", "-o", "x.jpg",
        ])
        .arg(example("arrow.in"))
        .assert()
        .success();
    assert!(std::fs::read_to_string(dir.join("x.jpg"))
        .unwrap()
        .starts_with("<svg"));
}

#[test]
fn a_png_is_not_written_to_a_terminal() {
    let dir = common::tempdir("surprise");
    let sample = example("arrow.in");
    let args = ["render", "--maze", "SAMPLE", "--format", "png"];
    let (shown, status) = on_terminal(&dir, &[&args[..], &[sample.to_str().unwrap()]].concat());
    assert_eq!(status, 2, "{shown}");
    assert!(
        shown.contains("will not write a PNG image to a terminal"),
        "{shown}"
    );
    assert!(
        !shown.contains("PNG\r") && !shown.contains("IHDR"),
        "{shown}"
    );
}

#[test]
fn a_page_for_a_terminal_goes_to_a_file_named_after_the_maze() {
    let dir = common::tempdir("surprise");
    let sample = example("arrow.in");
    let args = ["play", "--maze", "SAMPLE", sample.to_str().unwrap()];
    let (shown, status) = on_terminal(&dir, &args);
    assert_eq!(status, 0, "{shown}");
    assert!(shown.contains("wrote SAMPLE.html"), "{shown}");
    assert!(!shown.contains("<html"), "{shown}");
    let page = std::fs::read_to_string(dir.join("SAMPLE.html")).unwrap();
    assert!(page.contains("<html"));
    // Never over a file that is there.
    let (shown, status) = on_terminal(&dir, &args);
    assert_eq!(status, 2, "{shown}");
    assert!(shown.contains("SAMPLE.html exists"), "{shown}");
    assert_eq!(
        std::fs::read_to_string(dir.join("SAMPLE.html")).unwrap(),
        page
    );
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

// 11. The conventions of the best command-line tools.

#[test]
fn solve_check_convert_and_generate_write_to_the_file_named_by_o() {
    let dir = common::tempdir("surprise");
    let expected = std::fs::read_to_string(example("arrow.out")).unwrap();
    logicmaze()
        .args(["solve", "-o"])
        .arg(dir.join("out"))
        .arg(example("arrow.in"))
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read_to_string(dir.join("out")).unwrap(), expected);
    for args in [&["check"][..], &["convert", "--to", "json"]] {
        logicmaze()
            .args(args)
            .arg("--output")
            .arg(dir.join("x"))
            .arg(example("arrow.in"))
            .assert()
            .stdout("");
        assert!(!std::fs::read_to_string(dir.join("x")).unwrap().is_empty());
    }
    logicmaze()
        .args(["generate", "dice", "-o"])
        .arg(dir.join("g.in"))
        .assert()
        .success()
        .stdout("");
    assert!(std::fs::read_to_string(dir.join("g.in"))
        .unwrap()
        .ends_with("END\n"));
}

#[test]
fn an_output_that_is_also_an_input_is_refused_before_it_is_emptied() {
    let dir = common::tempdir("surprise");
    let maze = dir.join("maze.in");
    std::fs::copy(example("arrow.in"), &maze).unwrap();
    logicmaze()
        .arg("solve")
        .arg(&maze)
        .arg("-o")
        .arg(&maze)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("also an input"));
    assert_eq!(
        std::fs::read(&maze).unwrap(),
        std::fs::read(example("arrow.in")).unwrap()
    );
}

#[test]
fn errors_are_in_colour_on_a_terminal_unless_told_otherwise() {
    const ESCAPE: char = '\u{1b}';
    let dir = common::tempdir("surprise");
    std::fs::write(dir.join("bad.in"), "X\nnot a header\nEND\n").unwrap();
    let (shown, status) = on_terminal(&dir, &["solve", "bad.in"]);
    assert_eq!(status, 1);
    assert!(shown.contains(ESCAPE), "colour on a terminal: {shown:?}");
    let (shown, _) = on_terminal(&dir, &["solve", "--color", "never", "bad.in"]);
    assert!(!shown.contains(ESCAPE), "--color never: {shown:?}");
    let (shown, _) = on_terminal(&dir, &["solve", "bad.in", "--color=never"]);
    assert!(!shown.contains(ESCAPE), "--color=never: {shown:?}");
    // NO_COLOR, and a pipe, mean no colour; --color always means colour.
    let output = logicmaze()
        .current_dir(&dir)
        .args(["solve", "bad.in"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&output.stderr).contains(ESCAPE));
    let output = logicmaze()
        .current_dir(&dir)
        .args(["--color", "always", "solve", "bad.in"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&output.stderr).contains("\u{1b}[1m\u{1b}[91merror"));
    let mut command = std::process::Command::new("script");
    command
        .args([
            "-qec",
            &format!("{} solve bad.in", env!("CARGO_BIN_EXE_logicmaze")),
            "/dev/null",
        ])
        .current_dir(&dir)
        .env("NO_COLOR", "1");
    let shown = String::from_utf8_lossy(&command.output().unwrap().stdout).into_owned();
    assert!(
        shown.contains("error") && !shown.contains(ESCAPE),
        "NO_COLOR: {shown:?}"
    );
}

#[test]
fn scale_sets_an_svg_s_size_as_it_does_a_png_s() {
    let size = |scale: &str, format: &str| -> Vec<u8> {
        let output = logicmaze()
            .args([
                "render", "--maze", "SAMPLE", "--format", format, "--scale", scale,
            ])
            .arg(example("arrow.in"))
            .output()
            .unwrap();
        assert!(output.status.success());
        output.stdout
    };
    let width = |svg: &[u8]| -> f64 {
        let svg = String::from_utf8_lossy(svg);
        let document = roxmltree::Document::parse(&svg).unwrap();
        document
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap()
    };
    let png_width = |png: &[u8]| u32::from_be_bytes(png[16..20].try_into().unwrap()) as f64;
    let (one, two) = (width(&size("1", "svg")), width(&size("2", "svg")));
    assert_eq!(two, 2.0 * one);
    assert_eq!(png_width(&size("2", "png")), two);
}

// 6. One table of exit statuses, in --help and the README alike.

/// The README's status table: (status, meaning, subcommands or "all").
fn readme_statuses() -> Vec<(String, String, String)> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme
        .split("## Exit status")
        .nth(1)
        .expect("a status section");
    section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| status"))
        .map(|l| {
            let cells: Vec<String> = l.split('|').map(|c| c.trim().to_string()).collect();
            (cells[1].clone(), cells[2].clone(), cells[3].clone())
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
    let subcommands = [
        "solve",
        "check",
        "convert",
        "generate",
        "render",
        "play",
        "verify",
        "package",
        "completions",
        "man",
        "docs",
    ];
    for subcommand in subcommands {
        let help = words(help(&[subcommand]).split("Exit status:").nth(1).unwrap());
        for (status, meaning, who) in &table {
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
            "generate", "arrow", "--rows", "14", "--cols", "14", "--stats",
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
        .args(["generate", "arrow"])
        .assert()
        .success()
        .stderr("");
}

// 12. Pictures at the default size: readable, numbered, with a legend, the
// route over nothing a reader needs.

fn render_svg(file: &Path, maze: &str, route: bool) -> String {
    let mut command = logicmaze();
    command.args(["render", "--maze", maze]).arg(file);
    if route {
        command.arg("--route");
    }
    let output = command.output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

fn atlanta() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/atlanta.in")
}

fn attribute(node: &roxmltree::Node, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

fn with_class<'a>(svg: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    svg.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

#[test]
fn the_default_picture_is_large_enough_to_read() {
    let dir = common::tempdir("surprise");
    logicmaze()
        .current_dir(&dir)
        .args(["render", "--route", "-o", "atlanta.png"])
        .arg(atlanta())
        .assert()
        .success();
    let png = std::fs::read(dir.join("atlanta.png")).unwrap();
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    // A grid cell of 160 pixels: a sign's arrows are 20 pixels long.
    assert!(width >= 1000 && height >= 1000, "{width}×{height}");
    let svg = render_svg(&atlanta(), "RobertAbbottAtlanta", false);
    let document = roxmltree::Document::parse(&svg).unwrap();
    let root = document.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(attribute(&root, "width"), 2.0 * view[2]);
}

#[test]
fn rows_and_columns_are_numbered_on_the_border() {
    use logicmaze::{render, Position};
    for (file, maze, rows, cols) in [
        (example("arrow.in"), "SAMPLE", 3, 3),
        (example("dice.in"), "DICEMAZE2", 4, 7),
        (atlanta(), "RobertAbbottAtlanta", 4, 4),
    ] {
        let svg = render_svg(&file, maze, true);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let row_numbers = with_class(&document, "row-number");
        let col_numbers = with_class(&document, "col-number");
        assert_eq!(row_numbers.len(), rows, "{maze}");
        assert_eq!(col_numbers.len(), cols, "{maze}");
        for (i, number) in row_numbers.iter().enumerate() {
            assert_eq!(
                number.text().map(str::trim),
                Some((i + 1).to_string().as_str())
            );
            let (x, y) = render::centre(Position::new(i as u32 + 1, 1));
            let baseline = y + 0.35 * attribute(number, "font-size");
            assert!(
                (attribute(number, "y") - baseline).abs() < 0.6,
                "{maze} row {}",
                i + 1
            );
            assert!(
                attribute(number, "x") < x - 0.4 * render::CELL,
                "left of the grid"
            );
        }
        for (i, number) in col_numbers.iter().enumerate() {
            assert_eq!(
                number.text().map(str::trim),
                Some((i + 1).to_string().as_str())
            );
            let (x, y) = render::centre(Position::new(1, i as u32 + 1));
            assert!(
                (attribute(number, "x") - x).abs() < 0.6,
                "{maze} column {}",
                i + 1
            );
            assert!(
                attribute(number, "y") < y - 0.4 * render::CELL,
                "above the grid"
            );
        }
    }
}

#[test]
fn every_picture_has_a_legend_of_its_marks() {
    let legend = |file: &Path, maze: &str, route: bool| -> String {
        let svg = render_svg(file, maze, route);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let entries = with_class(&document, "legend-entry");
        assert!(entries.len() >= 2, "{maze}");
        entries
            .iter()
            .map(|entry| {
                let glyph = entry.first_element_child().unwrap();
                assert!(
                    glyph.descendants().count() > 1,
                    "{maze}: each entry has its glyph"
                );
                entry
                    .last_element_child()
                    .unwrap()
                    .text()
                    .unwrap()
                    .trim()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let arrow = legend(&example("arrow.in"), "SAMPLE", false);
    assert!(
        arrow.contains("sign: turns allowed") && arrow.contains("goal"),
        "{arrow}"
    );
    assert!(!arrow.contains("route"), "{arrow}");
    let arrow = legend(&example("arrow.in"), "SAMPLE", true);
    assert!(arrow.contains("route"), "{arrow}");
    let dice = legend(&example("dice.in"), "DICEMAZE2", true);
    for word in ["the die: top face", "wild square", "route"] {
        assert!(dice.contains(word), "{dice}");
    }
}

#[test]
fn no_sign_or_wild_star_is_hidden_under_the_route() {
    for (file, maze) in [
        (atlanta(), "RobertAbbottAtlanta"),
        (example("arrow.in"), "SAMPLE"),
        (example("dice.in"), "DICEMAZE2"),
    ] {
        let svg = render_svg(&file, maze, true);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let order: Vec<roxmltree::NodeId> = document.descendants().map(|n| n.id()).collect();
        let place = |node: &roxmltree::Node| order.iter().position(|&id| id == node.id()).unwrap();
        let route = with_class(&document, "route");
        assert_eq!(route.len(), 1, "{maze}");
        let route_ends = route[0].descendants().map(|n| place(&n)).max().unwrap();
        let marks: Vec<_> = ["sign", "wild", "number"]
            .iter()
            .flat_map(|class| with_class(&document, class))
            .collect();
        assert!(!marks.is_empty(), "{maze}");
        for mark in &marks {
            assert!(
                place(mark) > route_ends,
                "{maze}: a mark drawn under the route"
            );
        }
        // Each sign stands on a paper halo, wider than its ink.
        for definition in document
            .descendants()
            .filter(|n| n.attribute("id").is_some_and(|id| id.starts_with("sign-")))
        {
            let halo = definition.first_element_child().unwrap();
            assert_eq!(halo.attribute("class"), Some("halo"), "{maze}");
            assert_eq!(halo.attribute("stroke"), Some("#ffffff"));
        }
    }
}

#[test]
fn routes_of_both_families_have_arrowheads_and_step_numbers() {
    for (file, maze, moves) in [
        (example("arrow.in"), "SAMPLE", 14),
        (example("dice.in"), "DICEMAZE2", 22),
    ] {
        let svg = render_svg(&file, maze, true);
        let document = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(with_class(&document, "step-arrow").len(), moves, "{maze}");
        let numbers: Vec<String> = with_class(&document, "step-number")
            .iter()
            .map(|n| n.text().unwrap().trim().to_string())
            .collect();
        let expected: Vec<String> = (1..=moves).map(|n| n.to_string()).collect();
        assert_eq!(numbers, expected, "{maze}");
    }
}

// 9. A browser test never passes without running: run without a browser,
// it fails, naming what to install.

#[test]
fn the_browser_test_fails_when_the_browser_is_missing() {
    // The play tests' binary, built beside this one by `cargo test`.
    let deps = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let binary = std::fs::read_dir(&deps)
        .unwrap()
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("play-") && path.extension().is_none()
        })
        .max_by_key(|path| std::fs::metadata(path).and_then(|m| m.modified()).ok())
        .expect("the play tests are built with this one (cargo test --all)");
    for ci in [Some("true"), None] {
        let mut command = std::process::Command::new(&binary);
        command
            .args(["--ignored", "--exact", "the_page_plays_in_a_real_browser"])
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
