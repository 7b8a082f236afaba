//! The play page: what `logicmaze play` writes and serves, and, in real
//! headless Chromium, the page played by key presses (tests/e2e/play.mjs);
//! the page for real players and for a first-time one, and the editor, in
//! modules of their own.

mod editor;
mod first_time;
mod players;
mod print;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::Duration;

use assert_cmd::Command;
use logicmaze::{
    family::{Maze, arrow, dice},
    text,
};

use crate::common;

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
        // The icon is the page's own, a data: address.
        let html = html.replace(r#"<link rel="icon" href="data:"#, "");
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

/// Writes the page of every maze of `file` to `page`.
fn play_to(file: &Path, page: &Path) {
    logicmaze()
        .arg("play")
        .arg(file)
        .arg("-o")
        .arg(page)
        .assert()
        .success();
}

/// The page's data: every maze's entry, and what else it holds.
fn data_of(html: &str) -> serde_json::Value {
    let start = html.find(r#"id="data">"#).unwrap() + 10;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn a_file_of_several_mazes_is_one_page_with_a_list() {
    let output = logicmaze()
        .args(["play", "examples/dice.in"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.contains("<title>dice — logicmaze</title>"));
    let data = data_of(&html);
    let names: Vec<&str> = data["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["maze"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["DICEMAZE1", "DICEMAZE2", "DICEMAZE3"]);
    assert_eq!(data["games"][1]["size"], serde_json::json!([4, 7]));
    assert!(
        data["generators"].is_null(),
        "a written page asks no server"
    );

    let output = logicmaze()
        .args(["play", "examples/dice.in", "--maze", "DICEMAZE3"])
        .output()
        .unwrap();
    let data = data_of(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(data["games"].as_array().unwrap().len(), 1);
    assert_eq!(data["games"][0]["maze"]["name"], "DICEMAZE3");
    logicmaze()
        .args(["play", "examples/dice.in", "--maze", "X"])
        .assert()
        .code(2)
        .stderr("logicmaze: error: examples/dice.in holds no maze named 'X' (it holds 'DICEMAZE1', 'DICEMAZE2', 'DICEMAZE3')\n");
}

/// Mazes too large for one page together are refused before anything is
/// written, saying how to get a page.
#[test]
fn a_collection_too_large_for_one_page_is_refused() {
    let dir = common::tempdir("play-large");
    let file = dir.join("two.in");
    let mut text = String::new();
    for seed in [1, 2] {
        text::write_maze(&mut text, &Maze::from(dice::random_maze(seed, 725, 725))).unwrap();
    }
    std::fs::write(&file, text + "END\n").unwrap();
    let output = logicmaze().arg("play").arg(&file).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "logicmaze: error: 2 mazes of 1051250 cells in all are too many for one page (at most 1048576 cells): pick one with --maze NAME, or split the file\n"
    );
}

/// A page holds a maze of a million cells, and grows with the maze's
/// text, not with its drawing; a larger maze is refused, saying why.
#[test]
fn a_page_grows_with_its_mazes_text_up_to_a_million_cells() {
    let dir = common::tempdir("play-million");
    for (side, seed) in [(1000, 1), (1025, 2)] {
        let mut text = String::new();
        text::write_maze(&mut text, &Maze::from(dice::random_maze(seed, side, side))).unwrap();
        let file = dir.join(format!("{side}.in"));
        std::fs::write(&file, text.clone() + "END\n").unwrap();
        let output = logicmaze().arg("play").arg(&file).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if side == 1000 {
            assert_eq!((output.status.code(), stderr.as_ref()), (Some(0), ""));
            let page = output.stdout.len();
            assert!(
                page < 3 * text.len(),
                "a page of {page} bytes for {} bytes of maze",
                text.len()
            );
            assert_eq!(
                data_of(&String::from_utf8(output.stdout).unwrap())["games"][0]["board"]["rows"],
                1000
            );
        } else {
            assert_eq!(output.status.code(), Some(2));
            assert!(
                stderr.contains(
                    "a 1025×1025 maze is too large to play (at most 1048576 cells, as in 1024×1024)"
                ),
                "{stderr}"
            );
        }
    }
}

/// A server of a page on a free port: its address, the page's address
/// (its token in it) and the token.
struct Server {
    child: std::process::Child,
    address: String,
    url: String,
    token: String,
}

impl Server {
    /// Serves the arrow sample.
    fn start() -> Server {
        Server::with(&["examples/arrow.in", "--maze", "SAMPLE"])
    }

    /// Runs `play ARGS --serve --port 0`.
    fn with(args: &[&str]) -> Server {
        let mut command = Process::new(env!("CARGO_BIN_EXE_logicmaze"));
        command
            .arg("play")
            .args(args)
            .args(["--serve", "--port", "0"]);
        Server::spawn(command)
    }

    /// Runs `command`, a server that says its address on its first line of
    /// standard error.
    fn spawn(mut command: Process) -> Server {
        let mut child = command.stderr(Stdio::piped()).spawn().unwrap();
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let rest = &url["http://".len()..];
        let address = rest.split('/').next().unwrap().to_string();
        let token = url.split("token=").nth(1).unwrap_or("").to_string();
        Server {
            child,
            address,
            url,
            token,
        }
    }

    /// The status line and body of `GET path`, with the token.
    fn get(&self, path: &str) -> (String, String) {
        let response = self.ask(&format!("GET {path} HTTP/1.1"));
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        (
            head.lines().next().unwrap_or("").to_string(),
            body.to_string(),
        )
    }

    /// The whole response to `request` (an HTTP/1.1 request line, perhaps
    /// with headers and a body after it), its path given the token.
    fn ask(&self, request: &str) -> String {
        let (line, rest) = request.split_once("\r\n").unwrap_or((request, ""));
        let mut words: Vec<String> = line.split(' ').map(String::from).collect();
        let join = if words[1].contains('?') { '&' } else { '?' };
        words[1] = format!("{}{join}token={}", words[1], self.token);
        let line = words.join(" ");
        let request = if rest.is_empty() {
            line
        } else {
            format!("{line}\r\n{rest}")
        };
        self.raw(&request, &format!("Host: {}", self.address))
    }

    /// The whole response to `request` sent as it is, `host` (a header
    /// line, or "") after its first line.
    fn raw(&self, request: &str, host: &str) -> String {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (line, rest) = request.split_once("\r\n").unwrap_or((request, ""));
        let host = if host.is_empty() {
            String::new()
        } else {
            format!("{host}\r\n")
        };
        // A server may close the connection before reading all of a request
        // it refuses, or never answer: what came back is the answer.
        let _ = if rest.is_empty() {
            write!(stream, "{line}\r\n{host}\r\n")
        } else {
            write!(stream, "{line}\r\n{host}{rest}")
        };
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
    assert!(
        response
            .to_lowercase()
            .contains("content-type: text/html; charset=utf-8\r\n")
    );
    // The page written, with the form that asks the server for new mazes.
    let served = data_of(response.split("\r\n\r\n").nth(1).unwrap());
    let mut written = data_of(&written);
    assert!(served["generators"].is_object());
    written["generators"] = served["generators"].clone();
    assert_eq!(served, written);

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

/// No other web page may use a served page's server: a request without
/// the token printed, with a wrong one, naming another host (DNS
/// rebinding) or sent by another site's page gets 403; the token, the
/// server's own host and origin get the page.
#[test]
fn a_served_page_answers_no_other_site() {
    let server = Server::start();
    let host = format!("Host: {}", server.address);
    let status = |response: String| response.lines().next().unwrap_or("").to_string();
    let forbidden = "HTTP/1.1 403 Forbidden";
    assert_eq!(status(server.raw("GET / HTTP/1.1", &host)), forbidden);
    assert_eq!(
        status(server.raw(
            "GET /?token=0123456789abcdef0123456789abcdef HTTP/1.1",
            &host
        )),
        forbidden
    );
    let token = server.token.clone();
    assert_eq!(
        status(server.raw(
            &format!("GET /?token={token} HTTP/1.1"),
            "Host: attacker.example"
        )),
        forbidden
    );
    assert_eq!(
        status(server.raw(&format!("GET /?token={token} HTTP/1.1"), "")),
        forbidden
    );
    for (name, value) in [
        ("Origin", "https://attacker.example"),
        ("Origin", "null"),
        ("Sec-Fetch-Site", "cross-site"),
    ] {
        let request = format!(
            "POST /maze?token={token} HTTP/1.1\r\n{name}: {value}\r\nContent-Length: 2\r\n\r\n{{}}"
        );
        assert_eq!(
            status(server.raw(&request, &host)),
            forbidden,
            "{name}: {value}"
        );
    }
    let own = format!(
        "GET /?token={token} HTTP/1.1\r\nOrigin: http://{}\r\nSec-Fetch-Site: same-origin\r\n\r\n",
        server.address
    );
    assert_eq!(status(server.raw(&own, &host)), "HTTP/1.1 200 OK");
    let localhost = format!(
        "Host: localhost:{}",
        server.address.split(':').nth(1).unwrap()
    );
    assert_eq!(
        status(server.raw(&format!("GET /?token={token} HTTP/1.1"), &localhost)),
        "HTTP/1.1 200 OK"
    );
}

/// `play --serve` makes mazes by game id: the same id gives the same maze
/// (the one `generate` makes with the id's arguments), a bad id or an
/// absurd size is refused in words, and nothing but the page and `/maze`
/// is served.
#[test]
fn served_game_ids_give_the_same_maze_every_time() {
    let server = Server::with(&[]);
    let (status, page) = server.get("/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    let generators = &data_of(&page)["generators"];
    assert_eq!(
        generators["arrow"]["hard"],
        serde_json::json!([20, 20, 100])
    );
    assert_eq!(generators["dice"]["hard"], serde_json::json!([10, 10, 30]));

    let first = server.get("/maze?id=arrow%3A8x8%3Aeasy%237");
    assert_eq!(first.0, "HTTP/1.1 200 OK");
    assert_eq!(server.get("/maze?id=arrow%3A8x8%3Aeasy%237"), first);
    let other = server.get("/maze?id=arrow%3A8x8%3Aeasy%238");
    assert_ne!(other.1, first.1);
    let game: serde_json::Value = serde_json::from_str(&first.1).unwrap();
    assert_eq!(game["maze"]["name"], "arrow:8x8:easy#7");
    assert_eq!(game["board"]["rows"], 8);
    assert!(game["shortest"].as_u64().unwrap() >= 20);

    // The maze `generate` makes with the id's arguments, but for its name.
    let generated = logicmaze()
        .args(["generate", "arrow", "--rows", "8", "--cols", "8"])
        .args(["--difficulty", "easy", "--seed", "7", "--format", "json"])
        .output()
        .unwrap();
    let mut expected: serde_json::Value = serde_json::from_slice(&generated.stdout).unwrap();
    expected["name"] = "arrow:8x8:easy#7".into();
    assert_eq!(game["maze"], expected);

    // Every family that generates is served, the third as the others.
    let minotaur = server.get("/maze?id=minotaur%3A8x8%3Ahard%233");
    assert_eq!(minotaur.0, "HTTP/1.1 200 OK");
    let game: serde_json::Value = serde_json::from_str(&minotaur.1).unwrap();
    assert_eq!(game["maze"]["family"], "minotaur");
    assert!(game["shortest"].as_u64().unwrap() >= 36);

    for (query, says) in [
        (
            "id=arrow%3A500x500%3Aeasy%237",
            "a 500×500 maze cannot be made here: rows and columns go from 2 to 24",
        ),
        (
            "id=arrow%3A1x8%3Aeasy%237",
            "a 1×8 maze cannot be made here",
        ),
        (
            "id=arrow%3A8x8%3Aimpossible%237",
            "no difficulty named 'impossible'",
        ),
        (
            "id=chess%3A8x8%3Aeasy%237",
            "no family named 'chess' makes mazes (families that do: arrow, dice, minotaur)",
        ),
        (
            "id=arrow%3A8x8%3Aeasy%2399999999999999999999",
            "is not a game id",
        ),
        ("id=%3Cscript%3E", "'<script>' is not a game id"),
        ("", "ask for a maze with /maze?id=GAME_ID"),
    ] {
        let (status, body) = server.get(&format!("/maze?{query}"));
        assert_eq!(status, "HTTP/1.1 400 Bad Request", "{query}");
        let error: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(
            error["error"].as_str().unwrap().contains(says),
            "{query}: {body}"
        );
    }
    for path in [
        "/maze/x",
        "/api/maze",
        "/favicon.ico",
        "/index.html/x",
        "/%2e%2e/etc/passwd",
        "/maze.json",
    ] {
        assert_eq!(server.get(path).0, "HTTP/1.1 404 Not Found", "{path}");
    }
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
    let response = server.ask("GET / HTTP/1.1");
    assert!(response.starts_with("HTTP/1.1 200 OK\r\n"));
    // Answered while the idle connections are still open: the answer did
    // not wait for them to time out (no clock is read, so a slow machine
    // cannot fail this).
    let first = &idle[0];
    first.set_nonblocking(true).unwrap();
    let still_open = first.peek(&mut [0]).map_err(|error| error.kind());
    assert_eq!(still_open, Err(std::io::ErrorKind::WouldBlock));

    // Then the server closes it, its headers never having come; a read of
    // its own time-out would have ended with an error of another kind.
    first.set_nonblocking(false).unwrap();
    let mut first = first;
    first
        .set_read_timeout(Some(logicmaze::play::serve::CONNECTION_TIMEOUT * 2))
        .unwrap();
    match first.read_to_end(&mut Vec::new()) {
        Ok(_) => {}
        Err(error) => assert_eq!(error.kind(), std::io::ErrorKind::ConnectionReset),
    }

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
        page(&dir, "examples/minotaur.in", "Labyrinth", "minotaur"),
        page(&dir, "examples/minotaur.in", "Wait For It", "minotaur-wait"),
    ];
    let report = common::play_pages(&chromium, &dir, &pages);
    for expected in [
        "arrow: solved in 14 moves by key presses; illegal move refused: The sign at (2,1) does not allow left",
        "dice: solved in 22 moves by key presses; illegal move refused: Top is 3, square (1,6) needs 6.",
        "the die on the board showed the right top after all 22 rolls",
        "atlanta: solved in 19 moves by key presses",
        "hostile: solved in 14 moves by key presses",
        "unsolvable: no solution, said only when asked",
        "minotaur: solved in 21 moves by key presses; illegal move refused: A wall",
        "minotaur-wait: solved in 11 moves by key presses",
        "caught by a fatal move, and undone",
    ] {
        assert!(report.contains(expected), "{report}");
    }
    assert_eq!(
        report
            .matches(
                "restart, solution and moves undone and redone; solved by click, tap and swipe"
            )
            .count(),
        6,
        "{report}"
    );
    assert_eq!(
        report
            .matches("solved by compass keys in the overview")
            .count(),
        3,
        "{report}"
    );
    for shot in ["play-arrow.png", "play-arrow-walk.png", "play-dice.png"] {
        assert!(
            std::fs::metadata(dir.join(shot)).is_ok_and(|m| m.len() > 10_000),
            "{shot}"
        );
    }
}

/// A 100×100 maze on a laptop's and a phone's screen: it opens zoomed in
/// on the walker (at least 16 px wide), follows it, and zooms by keys,
/// buttons, the wheel and a pinch (tests/e2e/views.mjs).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_big_maze_zooms_and_follows_the_walker() {
    let chromium = common::browser();
    let dir = common::tempdir("play-zoom");
    let maze = (1..)
        .map(|seed| Maze::from(arrow::random_maze(seed, 100, 100)))
        .find(|maze| maze.solve().is_some_and(|route| route.moves() >= 12))
        .unwrap();
    let mut text = String::new();
    text::write_maze(&mut text, &maze).unwrap();
    let file = dir.join("big.in");
    std::fs::write(&file, text + "END\n").unwrap();
    let page = dir.join("big.html");
    play_to(&file, &page);
    let report = common::views(&chromium, &["zoom", page.to_str().unwrap()]);
    assert!(
        report.contains("zoom 1280×800: the walker opens"),
        "{report}"
    );
    assert!(
        report.contains("zoom 390×844: the walker opens"),
        "{report}"
    );
}

/// A page of three mazes keeps which are solved, which is open and its
/// moves across a reload.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_collection_keeps_its_progress_across_a_reload() {
    let chromium = common::browser();
    let dir = common::tempdir("play-collection");
    let mut three = Vec::new();
    for (file, maze) in [
        ("examples/arrow.in", "SAMPLE"),
        ("tests/data/atlanta.in", "RobertAbbottAtlanta"),
        ("examples/dice.in", "DICEMAZE2"),
    ] {
        let output = logicmaze()
            .args(["convert", file, "--to", "json"])
            .output()
            .unwrap();
        let line = String::from_utf8(output.stdout).unwrap();
        let line = line.lines().find(|l| l.contains(maze)).unwrap().to_string();
        three.push(line);
    }
    let file = dir.join("three.jsonl");
    std::fs::write(&file, three.join("\n") + "\n").unwrap();
    let page = dir.join("three.html");
    play_to(&file, &page);
    let report = common::views(&chromium, &["collection", page.to_str().unwrap()]);
    assert!(report.contains("kept across a reload"), "{report}");
}

/// `play --serve` in the browser: a game id in the address opens its maze,
/// the same id twice gives the same maze, New maze puts a new id in the
/// address, and an absurd size is refused in words.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn new_mazes_by_game_id_in_the_browser() {
    let chromium = common::browser();
    let server = Server::with(&[]);
    let report = common::views(&chromium, &["serve", &server.url]);
    assert!(
        report.contains("arrow:8x8:easy#7 gave the same maze twice"),
        "{report}"
    );
}

/// The README's screenshots, every family's, are taken by the harness
/// (scripts/readme-images.sh writes them to docs/img).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_screenshots_are_taken_by_the_harness() {
    let chromium = common::browser();
    let dir = common::tempdir("play-shots");
    let arrow = page(
        &dir,
        "tests/data/atlanta.in",
        "RobertAbbottAtlanta",
        "arrow",
    );
    let dice = page(&dir, "examples/dice.in", "DICEMAZE2", "dice");
    let minotaur = page(&dir, "examples/minotaur.in", "Labyrinth", "minotaur");
    common::views(
        &chromium,
        &[
            "shots",
            dir.to_str().unwrap(),
            arrow.to_str().unwrap(),
            dice.to_str().unwrap(),
            minotaur.to_str().unwrap(),
        ],
    );
    for family in ["arrow", "dice", "minotaur"] {
        let views = match family {
            "arrow" => ["walk", "overview", "solved", "phone"],
            _ => ["play", "overview", "solved", "phone"],
        };
        for view in views {
            let shot = dir.join(format!("play-{family}-{view}.png"));
            assert!(
                std::fs::metadata(&shot).is_ok_and(|m| m.len() > 10_000),
                "{}",
                shot.display()
            );
        }
    }
}
