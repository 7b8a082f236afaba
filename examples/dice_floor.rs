//! The floor under a dice maze's search: the time to read and parse the
//! file, and to touch every state once as bitmaps (24 orientations × the
//! squares, one bit each), against which the search is measured (see
//! BENCHMARKS.md, "The dice search, and its floor").
//!
//! ```text
//! cargo run --release --example dice_floor -- FILE [REPS]
//! ```
//! Prints the seconds spent reading, parsing, building the bitmaps of the
//! squares each top face may enter, and one pass that rolls every
//! orientation's bitmap in the four directions (a search's every state,
//! touched once), best of REPS.

use std::time::{Duration, Instant};

use logicmaze::family::Parsed;
use logicmaze::family::dice::{DiceMaze, Square};
use logicmaze::{Direction, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: dice_floor FILE [REPS]";
    let path = args.first().expect(usage);
    let reps: usize = args.get(1).map_or(5, |a| a.parse().expect(usage));

    let start = Instant::now();
    let text = std::fs::read(path).expect("a readable file");
    let read = start.elapsed();
    let start = Instant::now();
    let items = logicmaze::batch::parse(&text, &Default::default());
    let parse = start.elapsed();
    let Some(Parsed::Maze(maze)) = items.into_iter().next() else {
        panic!("the file's first item is not a maze");
    };
    let maze: &DiceMaze = maze.downcast_ref().expect("a dice maze");

    let (mut build, mut pass) = (Duration::MAX, Duration::MAX);
    let mut touched = 0;
    for _ in 0..reps {
        let start = Instant::now();
        let enter = entry_bitmaps(maze);
        build = build.min(start.elapsed());
        let start = Instant::now();
        touched = roll_every_orientation(&enter, maze.cols() as usize);
        pass = pass.min(start.elapsed());
    }
    let seconds = |d: Duration| d.as_secs_f64();
    println!(
        "read {:.3} s, parse {:.3} s, bitmaps {:.3} s, one pass over 24 × {} states {:.3} s ({touched} bits set); floor {:.3} s",
        seconds(read),
        seconds(parse),
        seconds(build),
        maze.rows() as usize * maze.cols() as usize,
        seconds(pass),
        seconds(read + parse + build + pass),
    );
}

/// Per top face 1–6, the squares a die with that top may roll onto (that
/// number, or wild), one bit per square, row by row.
fn entry_bitmaps(maze: &DiceMaze) -> Vec<Vec<u64>> {
    let (rows, cols) = (maze.rows(), maze.cols());
    let words = (rows as usize * cols as usize).div_ceil(64);
    let mut enter = vec![vec![0u64; words]; 7];
    for row in 1..=rows {
        for col in 1..=cols {
            let bit = (row - 1) as usize * cols as usize + (col - 1) as usize;
            let tops = match maze.square(Position::new(row, col)) {
                Square::Wild => 1..7,
                Square::Number(n) => n as usize..n as usize + 1,
                Square::Missing => 0..0,
            };
            for top in tops {
                enter[top][bit / 64] |= 1 << (bit % 64);
            }
        }
    }
    enter
}

/// One step of a bitmap search over all 24 orientations: each
/// orientation's squares (here: every square its top may enter) rolled in
/// each direction by a shift, masked by where the rolled-from top may go.
/// Returns the bits set, so that the work cannot be optimised away.
fn roll_every_orientation(enter: &[Vec<u64>], cols: usize) -> u64 {
    let mut touched = 0;
    let mut next = vec![0u64; enter[1].len()];
    for orientation in 0..24 {
        let top = orientation % 6 + 1;
        let from = &enter[top];
        for direction in Direction::ALL {
            let shift = match direction {
                Direction::North | Direction::South => cols,
                _ => 1,
            };
            shifted(
                from,
                shift,
                matches!(direction, Direction::South | Direction::East),
                &mut next,
            );
            for (word, mask) in next.iter_mut().zip(&enter[top]) {
                *word &= mask;
            }
            touched += next.iter().map(|w| w.count_ones() as u64).sum::<u64>();
        }
    }
    touched
}

/// `from` shifted by `by` bits, up (toward higher bits) or down, into `to`.
fn shifted(from: &[u64], by: usize, up: bool, to: &mut [u64]) {
    let (words, bits) = (by / 64, by % 64);
    let n = from.len();
    for i in 0..n {
        let source = |j: isize| -> u64 {
            if j < 0 || j as usize >= n {
                0
            } else {
                from[j as usize]
            }
        };
        let i = i as isize;
        let w = words as isize;
        to[i as usize] = match (up, bits) {
            (true, 0) => source(i - w),
            (false, 0) => source(i + w),
            (true, b) => (source(i - w) << b) | (source(i - w - 1) >> (64 - b)),
            (false, b) => (source(i + w) >> b) | (source(i + w + 1) << (64 - b)),
        };
    }
}
