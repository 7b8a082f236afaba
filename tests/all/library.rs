//! The library's way in, as a program that uses it sees it: `Maze`'s own
//! methods read, solve, write and convert what `batch` and the command
//! line do, and the README's library section is an example that builds.

use std::path::Path;

use logicmaze::batch;
use logicmaze::family::Parsed;
use logicmaze::{Maze, ParseMazeError};

fn example(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(name),
    )
    .unwrap()
}

#[test]
fn the_readme_s_library_section_is_an_example_that_builds() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("## Using the library").nth(1).unwrap();
    assert!(
        section.contains(&format!("```rust,no_run\n{}```", example("solve.rs"))),
        "the README's library section is not examples/solve.rs as it is"
    );
}

/// Every maze of every example file, read by `Maze::parse_all` as
/// `batch::parse` reads it, and solved alike.
#[test]
fn parse_all_reads_what_the_pipeline_reads() {
    for file in ["arrow.in", "dice.in", "minotaur.in", "ambiguous.in"] {
        let text = example(file);
        let ours: Vec<Maze> = Maze::parse_all(&text).map(Result::unwrap).collect();
        let theirs: Vec<Maze> = batch::parse(text.as_bytes(), &Default::default())
            .into_iter()
            .filter_map(|item| match item {
                Parsed::Maze(maze) => Some(maze),
                _ => None,
            })
            .collect();
        assert_eq!(ours, theirs, "{file}");
        assert!(!ours.is_empty());
        let answers: String = ours.iter().map(Maze::solution_text).collect();
        if let Ok(expected) = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(file.replace(".in", ".out")),
        ) {
            assert_eq!(answers, expected, "{file}");
        }
    }
}

/// Each maze goes to JSON and back, and to the judges' text and back,
/// unchanged; a text of one maze parses with `str::parse`.
#[test]
fn a_maze_converts_both_ways() {
    for file in ["arrow.in", "dice.in", "minotaur.in"] {
        for maze in Maze::parse_all(&example(file)) {
            let maze = maze.unwrap();
            assert_eq!(Maze::from_json(&maze.to_json()).unwrap(), maze);
            let text = maze.to_text().unwrap();
            assert_eq!(text.parse::<Maze>().unwrap(), maze);
        }
    }
}

/// A maze's JSON reads back however it is laid out: on one line, as
/// `to_json` writes it, or pretty, over many; and an error in a pretty
/// document is where it is in the text: a die's top face out of range on
/// the line that holds it (a pretty document was refused at 1:1, "EOF
/// while parsing an object", as if it were a document a line).
#[test]
fn json_reads_back_on_one_line_or_pretty() {
    for file in ["arrow.in", "dice.in", "minotaur.in"] {
        for maze in Maze::parse_all(&example(file)) {
            let maze = maze.unwrap();
            let pretty = serde_json::to_string_pretty(&maze).unwrap();
            assert!(pretty.lines().count() > 3, "{pretty}");
            assert_eq!(Maze::from_json(&pretty).unwrap(), maze);
        }
    }
    let dice = Maze::parse_all(&example("dice.in"))
        .next()
        .unwrap()
        .unwrap();
    let pretty = serde_json::to_string_pretty(&dice).unwrap();
    let top_line = 1 + pretty
        .lines()
        .position(|line| line.contains("\"top\""))
        .unwrap();
    let broken: Vec<String> = (pretty.lines())
        .map(|line| match line.contains("\"top\"") {
            true => line.replacen(|c: char| c.is_ascii_digit(), "9", 1),
            false => line.to_string(),
        })
        .collect();
    let broken = broken.join("\n");
    match Maze::from_json(&broken) {
        Err(ParseMazeError::Parse(error)) => {
            assert_eq!(error.line, top_line, "{error}\n{broken}");
            let column = 1 + error.line_text.as_deref().unwrap().find('9').unwrap();
            assert_eq!(error.column, column, "{error}\n{broken}");
            assert!(
                error.line_text.as_deref().unwrap().contains("\"top\": 9"),
                "{error:?}"
            );
        }
        other => panic!("{other:?}\n{broken}"),
    }
    // A pretty document with more after it: the more, where it is.
    let more = format!("{pretty}\n\n  junk\n");
    match Maze::from_json(&more) {
        Err(ParseMazeError::Parse(error)) => assert_eq!(
            (error.line, error.column),
            (pretty.lines().count() + 2, 3),
            "{error}"
        ),
        other => panic!("{other:?}"),
    }
    let two = format!("{}\n{}\n", dice.to_json(), dice.to_json());
    assert!(matches!(
        Maze::from_json(&two),
        Err(ParseMazeError::MoreThanOne { .. })
    ));
}

/// A text of no maze, of two, or of a maze that does not read is refused
/// as such; an error between two mazes leaves the second readable.
#[test]
fn a_text_that_is_not_one_maze_says_why() {
    assert!(matches!(Maze::parse(""), Err(ParseMazeError::NoMaze)));
    assert!(matches!(
        Maze::parse("\n\nEND\n"),
        Err(ParseMazeError::NoMaze)
    ));
    let two = example("arrow.in");
    match Maze::parse(&two) {
        Err(ParseMazeError::MoreThanOne { second }) => assert_eq!(second, "NOSOLUTION"),
        other => panic!("{other:?}"),
    }
    let broken = two.replacen("1 1 WL NR *", "1 1 WL NQ *", 1);
    let read: Vec<_> = Maze::parse_all(&broken).collect();
    assert_eq!(read.len(), 2);
    let error = read[0].as_ref().unwrap_err();
    assert_eq!((error.line, error.column), (3, 8));
    assert_eq!(read[1].as_ref().unwrap().name(), "NOSOLUTION");
    match Maze::parse(&broken) {
        Err(ParseMazeError::Parse(error)) => assert_eq!(error.line, 3),
        other => panic!("{other:?}"),
    }
    assert!(Maze::from_json("{\"family\":\"dice\"}").is_err());
}

/// Two lists of families in one process: no list is kept for it. A
/// reader of the dice family alone refuses an arrow maze that a reader of
/// logicmaze's own families reads, before and after, and JSON takes its
/// list as serde's seed.
#[test]
fn each_reader_reads_with_the_families_it_is_given() {
    use logicmaze::family::{self, Families, Family};
    use serde::de::DeserializeSeed;
    static ONLY_DICE: &[&dyn Family] = &[&family::dice::Dice];
    let text = example("arrow.in");
    let read = |families: Families| {
        let options = batch::BatchOptions::default().with_families(families);
        batch::parse(text.as_bytes(), &options)
    };
    assert!(matches!(read(Families::BUILT_IN)[0], Parsed::Maze(_)));
    match &read(Families::new(ONLY_DICE))[0] {
        Parsed::Error(error) => assert!(
            error.to_string().contains("cannot tell the maze family"),
            "{error}"
        ),
        other => panic!("{other:?}"),
    }
    assert!(matches!(read(Families::BUILT_IN)[0], Parsed::Maze(_)));
    let json = Maze::parse_all(&text).next().unwrap().unwrap().to_json();
    let mut reader = serde_json::Deserializer::from_str(&json);
    let refused = Families::new(ONLY_DICE)
        .deserialize(&mut reader)
        .unwrap_err();
    assert!(
        refused
            .to_string()
            .starts_with("unknown variant `arrow`, expected `dice`")
    );
    assert!(serde_json::from_str::<Maze>(&json).is_ok());
}
