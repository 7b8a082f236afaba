//! The play page: what `logicmaze play` writes and serves, and, in real
//! headless Chromium, the page played by key presses (tests/e2e/play.mjs).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

mod common;

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").unwrap()
}

/// The page for one maze of a file, written with `-o`.
fn page(dir: &Path, file: &str, maze: &str, name: &str) -> PathBuf {
    let out = dir.join(format!("{name}.html"));
    logicmaze()
        .args(["play", file, "--maze", maze, "-o"])
        .arg(&out)
        .assert()
        .success();
    out
}

#[test]
fn the_page_is_self_contained() {
    let dir = common::tempdir("play-contained");
    for (file, maze) in [
        ("examples/arrow.in", "SAMPLE"),
        ("examples/dice.in", "DICEMAZE2"),
    ] {
        let html = std::fs::read_to_string(page(&dir, file, maze, "page")).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"));
        for outside in ["http://", "https://", "src=", "<link"] {
            let found = html.replace("http://www.w3.org/2000/svg", "");
            assert!(
                !found.contains(outside),
                "{maze}: the page refers to {outside}"
            );
        }
        assert!(html.contains(&format!(r#""name":"{maze}""#)));
    }
}

#[test]
fn play_needs_one_maze() {
    logicmaze()
        .args(["play", "examples/dice.in"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("logicmaze: error: examples/dice.in holds 3 mazes: pick one with --maze NAME\n");
    logicmaze()
        .args(["play", "examples/dice.in", "--maze", "X"])
        .assert()
        .code(2)
        .stderr("logicmaze: error: examples/dice.in holds no maze named 'X' (it holds 'DICEMAZE1', 'DICEMAZE2', 'DICEMAZE3')\n");
}

/// A server of the arrow sample's page on a free port, and its address.
struct Server {
    child: std::process::Child,
    address: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Process::new(env!("CARGO_BIN_EXE_logicmaze"))
            .args([
                "play",
                "examples/arrow.in",
                "--maze",
                "SAMPLE",
                "--serve",
                "--port",
                "0",
            ])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// The whole response to `request` (an HTTP/1.1 request line).
    fn ask(&self, request: &str) -> String {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        // A server may close the connection before reading all of a request
        // it refuses, or never answer: what came back is the answer.
        let _ = write!(stream, "{request}\r\nHost: {}\r\n\r\n", self.address);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        String::from_utf8_lossy(&response).into_owned()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn play_serves_the_page_on_localhost() {
    let dir = common::tempdir("play-serve");
    let written =
        std::fs::read_to_string(page(&dir, "examples/arrow.in", "SAMPLE", "served")).unwrap();
    let server = Server::start();
    let response = server.ask("GET / HTTP/1.1");
    assert!(
        response.starts_with("HTTP/1.1 200 OK\r\n"),
        "{response:.80}"
    );
    assert!(response
        .to_lowercase()
        .contains("content-type: text/html; charset=utf-8\r\n"));
    assert_eq!(response.split("\r\n\r\n").nth(1), Some(written.as_str()));

    let head = server.ask("HEAD /index.html HTTP/1.1");
    assert!(
        head.starts_with("HTTP/1.1 200 OK\r\n") && head.ends_with("\r\n\r\n"),
        "{head}"
    );
    let elsewhere = server.ask("GET /../etc/passwd HTTP/1.1");
    assert!(
        elsewhere.starts_with("HTTP/1.1 404 Not Found\r\n"),
        "{elsewhere}"
    );
    let posted = server.ask("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello");
    assert!(
        posted.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"),
        "{posted}"
    );
    assert!(
        posted.to_lowercase().contains("allow: get, head\r\n"),
        "{posted}"
    );
}

/// Idle connections (a browser opens some ahead of time; an attacker can
/// open many) hold up no one, and each is closed when its headers do not
/// come in time. Headers past the size limit are refused.
#[test]
fn idle_and_oversized_requests_hold_up_no_one() {
    let server = Server::start();
    let idle: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(&server.address).unwrap())
        .collect();
    let started = Instant::now();
    let response = server.ask("GET / HTTP/1.1");
    assert!(response.starts_with("HTTP/1.1 200 OK\r\n"));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );

    let mut first = &idle[0];
    first
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    match first.read_to_end(&mut Vec::new()) {
        Ok(_) => {}
        Err(error) => assert_eq!(error.kind(), std::io::ErrorKind::ConnectionReset),
    }
    assert!(
        started.elapsed() < Duration::from_secs(9),
        "an idle connection was closed after {:?}",
        started.elapsed()
    );

    let huge = format!("GET / HTTP/1.1\r\nX-Filler: {}", "x".repeat(100_000));
    let refused = server.ask(&huge);
    assert!(!refused.contains("200 OK"), "{refused:.80}");
    let after = server.ask("GET / HTTP/1.1");
    assert!(after.starts_with("HTTP/1.1 200 OK\r\n"));
}

/// A maze name holding everything that could break out of a page's
/// script: the end of a script, the start of a comment and of a script,
/// quotes, and text outside ASCII.
const HOSTILE_NAME: &str = "<!--<script></script>\"'& naïve 迷路";

/// Plays both samples in headless Chromium through tests/e2e/play.mjs:
/// the shortest route by key presses must end in the success message, an
/// illegal move must be refused with its reason, and screenshots are
/// saved. Run by `cargo test -- --ignored` (as `.ci/run` does), which
/// fails without Chromium.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_page_plays_in_a_real_browser() {
    let chromium = common::browser();
    let dir = common::tempdir("play-browser");
    // The arrow sample under a name that would end or comment out the
    // page's script if it were not escaped.
    let hostile = dir.join("hostile.in");
    let sample = std::fs::read_to_string("examples/arrow.in").unwrap();
    std::fs::write(&hostile, sample.replacen("SAMPLE", HOSTILE_NAME, 1)).unwrap();
    let pages = [
        page(&dir, hostile.to_str().unwrap(), HOSTILE_NAME, "hostile"),
        page(&dir, "examples/arrow.in", "SAMPLE", "arrow"),
        page(&dir, "examples/dice.in", "DICEMAZE2", "dice"),
        page(&dir, "examples/arrow.in", "NOSOLUTION", "unsolvable"),
        page(
            &dir,
            "tests/data/atlanta.in",
            "RobertAbbottAtlanta",
            "atlanta",
        ),
    ];
    let report = common::play_pages(&chromium, &dir, &pages);
    for expected in [
        "arrow: solved in 14 moves by key presses; illegal move refused: The sign at (2,1) does not allow left",
        "dice: solved in 22 moves by key presses; illegal move refused: Top is 3, square (1,6) needs 6.",
        "atlanta: solved in 19 moves by key presses",
        "hostile: solved in 14 moves by key presses",
        "unsolvable: no solution, said only when asked",
    ] {
        assert!(report.contains(expected), "{report}");
    }
    assert_eq!(
        report
            .matches("restart, solution and moves undone and redone")
            .count(),
        4,
        "{report}"
    );
    for shot in ["play-arrow.png", "play-arrow-walk.png", "play-dice.png"] {
        assert!(
            std::fs::metadata(dir.join(shot)).is_ok_and(|m| m.len() > 10_000),
            "{shot}"
        );
    }
}
