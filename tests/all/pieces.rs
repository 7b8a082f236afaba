//! Reading an input in pieces, each from a guessed maze start by a reader
//! resumed there, and keeping a piece only when the reader that read up to
//! it stands at the same boundary, gives exactly what reading the input in
//! one go gives. These tests run `batch::run`, the code `--jobs N` runs,
//! with pieces small enough that every input is cut many times.

use std::io::BufReader;

use logicmaze::batch::{self, Answering, BatchOptions, Collect, Feed, Task};
use logicmaze::family::{Families, Family, Maze, Parsed, arrow, dice};
use logicmaze::input::{self, InputFormat, MazeReader};
use logicmaze::print::Format;
use logicmaze::read::Limits;
use logicmaze::text::{self, Boundary};
use proptest::prelude::*;

const LIMITS: Limits = Limits::DEFAULT.with_max_states(1 << 16);

/// Items in a form to compare.
fn shown(items: Vec<Parsed>) -> Vec<String> {
    items.into_iter().map(|item| format!("{item:?}")).collect()
}

fn options(family: Option<&'static dyn Family>) -> BatchOptions {
    BatchOptions::default()
        .with_family(family)
        .with_max_states(LIMITS.max_states)
}

fn read_at_once(input: &[u8], family: Option<&'static dyn Family>) -> Vec<String> {
    shown(batch::parse(input, &options(family)))
}

/// What `jobs` jobs on a pool of as many threads read of `input`, fed
/// through a buffer of `buffer` bytes as `feed`, cut in pieces of
/// `piece_bytes`.
fn read_in_pieces(
    input: &[u8],
    family: Option<&'static dyn Family>,
    (jobs, piece_bytes, buffer, feed): (usize, usize, usize, Feed),
) -> Vec<String> {
    let options = options(family)
        .with_jobs(jobs)
        .with_piece_bytes(piece_bytes)
        .with_feed(feed);
    let mut items = Vec::new();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .unwrap();
    pool.install(|| {
        let reader = BufReader::with_capacity(buffer, input);
        batch::run(
            reader,
            &options,
            &Collect,
            &mut |mut read: Vec<Parsed>, _| {
                items.append(&mut read);
                Ok(())
            },
        )
    })
    .unwrap();
    shown(items)
}

/// On well-formed mazes every guessed maze start is right: the reader of
/// everything before it stands there, at the guessed boundary, so pieces
/// are kept and not read twice.
#[test]
fn guesses_on_well_formed_mazes_are_right() {
    let maze = |seed: u64| match seed % 3 {
        0 => Maze::from(dice::random_maze(seed, 6, 6)),
        _ => Maze::from(arrow::random_maze(seed, 5, 7)),
    };
    for family in [
        None,
        Families::BUILT_IN.named("arrow"),
        Families::BUILT_IN.named("dice"),
    ] {
        let mazes: Vec<Maze> = (0..90)
            .map(maze)
            .filter(|maze| family.is_none_or(|family| maze.family() == family))
            .collect();
        let mut input = String::new();
        for maze in &mazes {
            text::write_maze(&mut input, maze).unwrap();
        }
        input += "END\n";
        // Where the reader stands at each line start.
        let mut reader = MazeReader::new(Families::BUILT_IN, None, family, LIMITS);
        let mut standing = vec![(0, reader.boundary())];
        for line in input.split_inclusive('\n') {
            reader.push_line(line.as_bytes(), &mut |_| {});
            standing.push((standing.last().unwrap().0 + line.len(), reader.boundary()));
        }
        let mut guesses = 0;
        let mut from = input.find('\n').unwrap() + 1;
        while let Some((at, guessed)) = input::maze_start(
            InputFormat::Judge,
            input.as_bytes(),
            from,
            Families::BUILT_IN,
            family,
        ) {
            let line = input[..at].matches('\n').count();
            let expected = Boundary {
                line,
                family: guessed,
            };
            assert_eq!(standing[line], (at, Some(expected)));
            (guesses, from) = (guesses + 1, at + 1 + input[at..].find('\n').unwrap());
        }
        // Every maze start but the first is guessed.
        assert_eq!(guesses, mazes.len() - 1, "{family:?}");
    }
}

#[test]
fn mazes_read_in_pieces_as_at_once() {
    let mut input = String::new();
    for seed in 0..40 {
        text::write_maze(&mut input, &Maze::from(dice::random_maze(seed, 4, 5))).unwrap();
        text::write_maze(&mut input, &Maze::from(arrow::random_maze(seed, 4, 4))).unwrap();
    }
    let input = input + "BAD\n1 1 Q 2 2\n0\nEND\nafter\n";
    for jobs in [2, 3] {
        for piece_bytes in [1, 50, 333, 4000] {
            for feed in [Feed::File, Feed::Pipe] {
                assert_eq!(
                    read_in_pieces(input.as_bytes(), None, (jobs, piece_bytes, 97, feed)),
                    read_at_once(input.as_bytes(), None)
                );
            }
        }
    }
}

/// Lines of both formats, whole mazes among them, put together at random.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0u64..1000, 1u32..5, 1u32..5).prop_map(|(seed, rows, cols)| {
            let mut text = String::new();
            text::write_maze(&mut text, &Maze::from(arrow::random_maze(seed, rows, cols))).unwrap();
            text
        }),
        4 => (0u64..1000, 1u32..7, 1u32..7).prop_map(|(seed, rows, cols)| {
            let mut text = String::new();
            text::write_maze(&mut text, &Maze::from(dice::random_maze(seed, rows, cols))).unwrap();
            text
        }),
        1 => prop::sample::select(vec![
            "\n", "\r\n", "0\n", "END\n", "NAME\n", "7 NAME\n", "1 1 N 2 2\n", "3 3 1 1 1 2\n",
            "1 2 3 4 5 6\n", "1 1 NQ *\n", "-1 -1\n", "{\"family\":\"dice\"}\n",
        ])
        .prop_map(String::from),
    ]
}

fn family() -> impl Strategy<Value = Option<&'static dyn Family>> {
    prop::sample::select(vec![
        None,
        Families::BUILT_IN.named("arrow"),
        Families::BUILT_IN.named("dice"),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pieces_read_as_the_whole_does(
        lines in prop::collection::vec(line(), 0..40),
        jobs in 2usize..4,
        piece_bytes in 1usize..400,
        buffer in 1usize..200,
        feed in prop::sample::select(vec![Feed::File, Feed::Pipe]),
        family in family(),
    ) {
        let input = lines.concat();
        prop_assert_eq!(
            read_in_pieces(input.as_bytes(), family, (jobs, piece_bytes, buffer, feed)),
            read_at_once(input.as_bytes(), family)
        );
    }
}

/// Answers, notes and tallies are the same with one job and with three,
/// however the input is cut: what `solve --jobs` prints is what `-j1`
/// prints.
#[test]
fn answers_in_pieces_are_the_answers_at_once() {
    let mut input = String::new();
    for seed in 0..60 {
        text::write_maze(&mut input, &Maze::from(dice::random_maze(seed, 5, 5))).unwrap();
        if seed % 7 == 0 {
            input += "BROKEN\n1 1 N 2 2\n1 1 NQ *\n0\n";
        }
        text::write_maze(&mut input, &Maze::from(arrow::random_maze(seed, 4, 5))).unwrap();
    }
    let input = input + "END\n";
    for format in [Format::Judge, Format::Json] {
        let answering = Answering::new("input", Task::Solve, format.printer());
        let answer = |jobs: usize, piece_bytes: usize| {
            let options = BatchOptions::default()
                .with_jobs(jobs)
                .with_piece_bytes(piece_bytes);
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .unwrap();
            let (mut text, mut notes, mut mazes) = (String::new(), Vec::new(), 0);
            pool.install(|| {
                batch::run(
                    input.as_bytes(),
                    &options,
                    &answering,
                    &mut |answers: batch::Answers, _| {
                        for (at, note) in answers.notes {
                            notes.push((text.len() + at, format!("{note:?}")));
                        }
                        text += &answers.text;
                        mazes += answers.tally.mazes;
                        Ok(())
                    },
                )
            })
            .unwrap();
            (text, notes, mazes)
        };
        let at_once = answer(1, 1 << 18);
        assert_eq!(at_once.2, 120);
        assert_eq!(at_once.1.len(), 9, "{:?}", at_once.1);
        for piece_bytes in [1, 100, 1000] {
            assert_eq!(answer(3, piece_bytes), at_once);
        }
    }
}

/// Typed on a terminal, an input ends at `END`: nothing after it is read,
/// not even the text that a file would be warned of.
#[test]
fn typed_input_ends_at_end() {
    let input = b"A\n3 1 N 2 1\n0\nEND\nNOT READ\n";
    for jobs in [1, 2] {
        let typed = read_in_pieces(input, None, (jobs, 4, 8, Feed::Terminal));
        assert_eq!(typed.len(), 1, "{typed:?}");
        let file = read_in_pieces(input, None, (jobs, 4, 8, Feed::File));
        assert_eq!(file.len(), 2, "{file:?}");
    }
}
