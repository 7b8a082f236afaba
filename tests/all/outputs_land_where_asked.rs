//! Every output lands where the user asked: `-o` writes what it names,
//! one file per maze only when asked, nothing binary or a page poured onto
//! a terminal, an output that is also an input refused before it is
//! emptied, colour only on a terminal, and the conventions of the best
//! command-line tools.

use crate::common;

use std::path::Path;

use predicates::prelude::*;

use crate::common::{example, logicmaze, on_terminal};

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
    assert!(
        std::fs::read_to_string(dir.join("x.jpg"))
            .unwrap()
            .starts_with("<svg")
    );
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
    assert!(
        std::fs::read_to_string(dir.join("g.in"))
            .unwrap()
            .ends_with("END\n")
    );
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
