//! No output path panics: every subcommand, run with its standard output
//! and standard error closed (a pipe whose reader went away, as with
//! `2>&1 | head`, or no descriptor at all, as with `>&- 2>&-`), ends with
//! its usual status, never Rust's panic status 101 or a signal.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;

/// Inputs that make a command write a lot to stdout and to stderr: many
/// mazes, and many malformed ones.
fn inputs(dir: &Path) -> (PathBuf, PathBuf) {
    let arrow = std::fs::read_to_string("examples/arrow.in").unwrap();
    let dice = std::fs::read_to_string("examples/dice.in").unwrap();
    let mut many = String::new();
    for _ in 0..400 {
        many.push_str(arrow.trim_end().trim_end_matches("END"));
    }
    many.push_str("END\n");
    let mut bad = Vec::new();
    for i in 0..2000u32 {
        bad.extend_from_slice(format!("BAD{i}\nnot a header\n").as_bytes());
        bad.extend_from_slice(&[0xff, 0xfe, 0, 7, b'\n']);
    }
    bad.extend_from_slice(dice.as_bytes());
    let (many_path, bad_path) = (dir.join("many.in"), dir.join("bad.in"));
    std::fs::write(&many_path, many).unwrap();
    std::fs::write(&bad_path, bad).unwrap();
    (many_path, bad_path)
}

/// Every subcommand, with arguments that write to stdout or stderr.
fn commands(many: &str, bad: &str) -> Vec<Vec<String>> {
    let lines: &[&[&str]] = &[
        &["solve", many],
        &["solve", "-j2", many],
        &["solve", bad],
        &["solve", "-j2", bad],
        &["check", many],
        &["check", bad],
        &["convert", "--to", "json", many],
        &["convert", "--to", "judge", bad],
        &[
            "generate", "arrow", "--count", "40", "--stats", "--seed", "0",
        ],
        &[
            "generate", "dice", "--rows", "1", "--cols", "1", "--count", "5", "--seed", "0",
        ],
        &["render", "examples/arrow.in"],
        &[
            "render",
            "--maze",
            "DICEMAZE1",
            "examples/dice.in",
            "--route",
        ],
        &["render", bad],
        &["play", "examples/arrow.in"],
        &["play", bad],
        &["verify", "examples/arrow.in", "examples/arrow.out"],
        &[
            "verify",
            "--format",
            "json",
            "examples/dice.in",
            "examples/arrow.out",
        ],
        &["verify", bad, "examples/arrow.out"],
        &["completions", "bash"],
        &["man"],
        &["docs", "json"],
        &["--help"],
        &["solve", "--help"],
        &["--version"],
        &["solve", "--no-such-flag"],
    ];
    lines
        .iter()
        .map(|words| words.iter().map(|w| w.to_string()).collect())
        .collect()
}

fn assert_usual(status: std::process::ExitStatus, how: &str, args: &[String]) {
    let code = status.code();
    assert!(
        matches!(code, Some(0..=4)),
        "`logicmaze {}` with {how}: status {code:?} (a panic is 101, a signal none)",
        args.join(" ")
    );
}

#[test]
fn no_subcommand_panics_when_its_output_streams_are_closed() {
    let dir = common::tempdir("closed-streams");
    let (many, bad) = inputs(&dir);
    let binary = env!("CARGO_BIN_EXE_logicmaze");
    for args in commands(many.to_str().unwrap(), bad.to_str().unwrap()) {
        // Pipes whose reading ends are closed before the child writes.
        let mut child = Command::new(binary)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        drop(child.stderr.take());
        assert_usual(child.wait().unwrap(), "closed pipes", &args);

        // No descriptors at all.
        let status = Command::new("sh")
            .arg("-c")
            .arg(r#"exec "$0" "$@" >&- 2>&-"#)
            .arg(binary)
            .args(&args)
            .stdin(Stdio::null())
            .status()
            .unwrap();
        assert_usual(status, "stdout and stderr closed", &args);
    }
}
