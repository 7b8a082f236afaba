//! Reading an input in pieces, each from a guessed maze start by a reader
//! resumed there, and keeping a piece only when the reader that read up to
//! it stands at the same boundary, gives exactly what reading the input in
//! one go gives. (`solve --jobs N` reads inputs this way; `tests/cli.rs`
//! checks its output against `--jobs 1`.)

use logicmaze::input::{self, InputFormat, MazeReader};
use logicmaze::judge::{self, Boundary, Limits, Parsed};
use logicmaze::{random, Family, Maze};
use proptest::prelude::*;

const LIMITS: Limits = Limits {
    max_states: 1 << 16,
};

/// Items in a form to compare.
fn shown(items: Vec<Parsed>) -> Vec<String> {
    items.into_iter().map(|item| format!("{item:?}")).collect()
}

/// Reads `text` (whole lines) with `reader`, up to `END`.
fn read(reader: &mut MazeReader, mut text: &[u8], items: &mut Vec<Parsed>) {
    while !text.is_empty() && !reader.is_done() {
        let read = reader.push_lines(text, &mut |item| items.push(item));
        text = &text[read..];
    }
}

/// Reads `input` in pieces starting at the maze starts guessed from each of
/// `tries` (line starts), as `solve --jobs N` does, and returns the items
/// and how many pieces were kept as read from their guess.
fn read_in_pieces(input: &[u8], tries: &[usize], family: Option<Family>) -> (Vec<String>, usize) {
    let format = input
        .split(|&b| b == b'\n')
        .find(|line| !line.trim_ascii().is_empty())
        .map(InputFormat::of_first_line);
    let mut starts: Vec<(usize, Option<Family>)> = match format {
        Some(format) => tries
            .iter()
            .filter_map(|&at| input::maze_start(format, input, at, family))
            .filter(|&(at, _)| at > 0)
            .collect(),
        None => Vec::new(),
    };
    starts.sort_by_key(|&(at, _)| at);
    starts.dedup_by_key(|&mut (at, _)| at);
    let mut ends: Vec<usize> = starts.iter().map(|&(at, _)| at).collect();
    ends.push(input.len());
    let mut reader = MazeReader::new(None, family, LIMITS);
    let mut items = Vec::new();
    let mut kept = 0;
    read(&mut reader, &input[..ends[0]], &mut items);
    for (&(at, guessed), &end) in starts.iter().zip(&ends[1..]) {
        let boundary = Boundary {
            line: input[..at].iter().filter(|&&b| b == b'\n').count(),
            family: guessed,
        };
        let format = format.expect("a guess needs a format");
        let mut resumed = MazeReader::resume(format, family, LIMITS, boundary);
        let mut read_alone = Vec::new();
        read(&mut resumed, &input[at..end], &mut read_alone);
        if reader.boundary() == Some(boundary) {
            (reader, kept) = (resumed, kept + 1);
            items.extend(read_alone);
        } else {
            read(&mut reader, &input[at..end], &mut items);
        }
    }
    reader.finish(&mut |item| items.push(item));
    (shown(items), kept)
}

fn read_at_once(input: &[u8], family: Option<Family>) -> Vec<String> {
    shown(input::parse(input, None, family, LIMITS))
}

#[test]
fn well_formed_mazes_are_read_in_pieces_from_every_guess() {
    let mut input = String::new();
    for seed in 0..60 {
        let maze = match seed % 3 {
            0 => Maze::Dice(random::dice_maze(seed, 6, 6)),
            _ => Maze::Arrow(random::arrow_maze(seed, 5, 7)),
        };
        judge::write_maze(&mut input, &maze);
    }
    input += "END\n";
    let tries: Vec<usize> = (0..input.len()).step_by(97).collect();
    let (items, kept) = read_in_pieces(input.as_bytes(), &tries, None);
    assert_eq!(items, read_at_once(input.as_bytes(), None));
    assert!(kept > 30, "only {kept} pieces kept");
}

/// Lines of both formats, whole mazes among them, put together at random.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0u64..1000, 1u32..5, 1u32..5).prop_map(|(seed, rows, cols)| {
            let mut text = String::new();
            judge::write_maze(&mut text, &Maze::Arrow(random::arrow_maze(seed, rows, cols)));
            text
        }),
        4 => (0u64..1000, 1u32..7, 1u32..7).prop_map(|(seed, rows, cols)| {
            let mut text = String::new();
            judge::write_maze(&mut text, &Maze::Dice(random::dice_maze(seed, rows, cols)));
            text
        }),
        1 => prop::sample::select(vec![
            "\n", "\r\n", "0\n", "END\n", "NAME\n", "7 NAME\n", "1 1 N 2 2\n", "3 3 1 1 1 2\n",
            "1 2 3 4 5 6\n", "1 1 NQ *\n", "-1 -1\n", "{\"family\":\"dice\"}\n",
        ])
        .prop_map(String::from),
    ]
}

fn family() -> impl Strategy<Value = Option<Family>> {
    prop::sample::select(vec![None, Some(Family::Arrow), Some(Family::Dice)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pieces_read_as_the_whole_does(
        lines in prop::collection::vec(line(), 0..40),
        tries in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        family in family(),
    ) {
        let input = lines.concat();
        let tries: Vec<usize> = tries.iter().map(|i| i.index(input.len() + 1)).collect();
        // A try must be a line start.
        let tries: Vec<usize> = tries
            .into_iter()
            .map(|at| input[..at].rfind('\n').map_or(0, |i| i + 1))
            .collect();
        let (items, _) = read_in_pieces(input.as_bytes(), &tries, family);
        prop_assert_eq!(items, read_at_once(input.as_bytes(), family));
    }
}
