//! Printing: the play page's Print (this maze, or every one with the
//! solutions after), the editor's, and `play --print`'s booklet, each
//! printed to PDF by Chromium (tests/e2e/print.mjs) and the PDF rendered
//! to images and text by mutool, to see what the paper shows.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use super::{Server, logicmaze};
use crate::common;

/// A printed sheet: its text, and the share of the sheet's width and
/// height its ink spans, and of its area that is dark.
struct Sheet {
    text: String,
    wide: f64,
    tall: f64,
    dark: f64,
}

/// mutool, from Debian's mupdf-tools (as .ci/run installs it); a test
/// that needs it fails without it, saying what to install.
fn mutool() -> &'static str {
    let found = Process::new("mutool").arg("-v").output().is_ok();
    assert!(
        found,
        "this test cannot read the PDF: missing mutool (apt-get install mupdf-tools; .ci/run installs it)"
    );
    "mutool"
}

/// The sheets of `pdf`, rendered at 30 dots an inch.
fn sheets(pdf: &Path) -> Vec<Sheet> {
    let dir = pdf.with_extension("sheets");
    std::fs::create_dir_all(&dir).unwrap();
    for (format, name) in [("txt", "%d.txt"), ("pnm", "%d.pnm")] {
        let status = Process::new(mutool())
            .args(["draw", "-q", "-r", "30", "-F", format, "-o"])
            .arg(dir.join(name))
            .arg(pdf)
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(
            status.success(),
            "mutool could not render {}",
            pdf.display()
        );
    }
    (1..)
        .map_while(|n| {
            let text = std::fs::read_to_string(dir.join(format!("{n}.txt"))).ok()?;
            let image = std::fs::read(dir.join(format!("{n}.pnm"))).unwrap();
            Some(sheet(text, &image))
        })
        .collect()
}

/// A sheet from its text and its image (a binary PNM of 8 bits: P6 in
/// colour, P5 in grey).
fn sheet(text: String, image: &[u8]) -> Sheet {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while image[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !image[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&image[start..at]).into_owned());
    }
    let channels = match fields[0].as_str() {
        "P6" => 3,
        "P5" => 1,
        other => panic!("not a binary PNM: {other}"),
    };
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = &image[at + 1..];
    let (mut left, mut right, mut top, mut bottom, mut dark) = (width, 0, height, 0, 0);
    for y in 0..height {
        for x in 0..width {
            let pixel = &pixels[channels * (y * width + x)..][..channels];
            let level = pixel.iter().map(|&v| v as u32).min().unwrap();
            if level < 235 {
                (left, right, top, bottom) = (left.min(x), right.max(x), top.min(y), bottom.max(y));
            }
            if level < 100 {
                dark += 1;
            }
        }
    }
    Sheet {
        text,
        wide: (right.saturating_sub(left)) as f64 / width as f64,
        tall: (bottom.saturating_sub(top)) as f64 / height as f64,
        dark: dark as f64 / (width * height) as f64,
    }
}

/// Runs one check of tests/e2e/print.mjs, printing to `pdf`.
fn print(mode: &str, target: &OsStr, pdf: &Path) -> String {
    let chromium = common::browser();
    common::node(
        &chromium,
        "tests/e2e/print.mjs",
        &[OsStr::new(mode), target, pdf.as_os_str()],
    )
}

/// What a sheet must show and must not: the maze's name and the words
/// given, and none of the page's controls.
fn assert_sheet(sheet: &Sheet, words: &[&str]) {
    for word in words {
        assert!(
            sheet.text.contains(word),
            "no {word:?} on the sheet:\n{}",
            sheet.text
        );
    }
    for control in ["Undo", "Copy link", "Hint", "How to play", "Print"] {
        assert!(
            !sheet.text.contains(control),
            "a control on the sheet: {control}\n{}",
            sheet.text
        );
    }
}

/// The names of the mazes in `file`, in order.
fn names(file: &str) -> Vec<String> {
    let output = logicmaze()
        .args(["convert", file, "--to", "json"])
        .output()
        .unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["name"].as_str().unwrap().to_string()
        })
        .collect()
}

/// The play page prints this maze alone, or every maze and after them
/// each one's solution on a sheet of its own: a sheet each, the board as
/// wide as the paper holds, the name and the rules above it, no control.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_play_page_prints_a_sheet_a_maze_and_the_solutions_after() {
    let dir = common::tempdir("print-page");
    let page = dir.join("dice.html");
    logicmaze()
        .args(["play", "examples/dice.in", "-o"])
        .arg(&page)
        .assert()
        .success();
    let pdf = dir.join("dice.pdf");
    let report = print("page", page.as_os_str(), &pdf);
    let names = names("examples/dice.in");
    let sheets = sheets(&pdf);
    assert_eq!(sheets.len(), 2 * names.len(), "{report}");
    for (i, name) in names.iter().enumerate() {
        assert_sheet(&sheets[i], &[name, "Tip the die", "Start"]);
        assert_sheet(&sheets[names.len() + i], &[name, "the solution"]);
        assert!(
            sheets[i].wide > 0.7,
            "{name}: the board spans {:.2} of the sheet's width",
            sheets[i].wide
        );
    }
}

/// `play --print --solutions` writes a booklet: every maze's sheet, then
/// every solution's, on white paper even when the screen is dark.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn play_print_writes_a_booklet_mazes_first_and_solutions_after() {
    let dir = common::tempdir("print-booklet");
    let page = dir.join("booklet.html");
    logicmaze()
        .args([
            "play",
            "examples/minotaur.in",
            "--print",
            "--solutions",
            "-o",
        ])
        .arg(&page)
        .assert()
        .success();
    let pdf = dir.join("booklet.pdf");
    print("booklet", page.as_os_str(), &pdf);
    let names = names("examples/minotaur.in");
    let sheets = sheets(&pdf);
    assert_eq!(sheets.len(), 2 * names.len());
    for (i, name) in names.iter().enumerate() {
        assert_sheet(&sheets[i], &[name, "Theseus"]);
        assert_sheet(
            &sheets[names.len() + i],
            &[&format!("{name}: the solution")],
        );
        for sheet in [&sheets[i], &sheets[names.len() + i]] {
            assert!(
                sheet.dark < 0.2,
                "{name}: {:.2} of the sheet is dark",
                sheet.dark
            );
            assert!(
                sheet.wide > 0.6 || sheet.tall > 0.6,
                "{name}: the board is small"
            );
        }
    }
}

/// The editor prints the design on it, and its solution.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_editor_prints_its_design() {
    let dir = common::tempdir("print-editor");
    let file: PathBuf = dir.join("new.in");
    let server = Server::edit(&file, &["--family", "arrow", "--rows", "3", "--cols", "3"]);
    let pdf = dir.join("design.pdf");
    print("editor", OsStr::new(&server.url), &pdf);
    let sheets = sheets(&pdf);
    assert_eq!(sheets.len(), 2);
    assert_sheet(&sheets[0], &["START"]);
    assert_sheet(&sheets[1], &["the solution"]);
}
