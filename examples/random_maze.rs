//! Writes a random maze in the judges' format to stdout, for timing the
//! release binary (see BENCHMARKS.md).
//!
//! ```text
//! cargo run --release --example random_maze -- KIND ROWS COLS [SEED] [COUNT]
//! ```
//! KIND is `arrow`, `dice`, `exhaustive-arrow` or `exhaustive-dice`; COUNT
//! mazes are written with seeds SEED, SEED+1, ...

use std::io::Write;

use logicmaze::{arrow, dice, judge, Maze};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (rows, cols) = (number(1, 9) as u32, number(2, 9) as u32);
    let (seed, count) = (number(3, 1), number(4, 1));
    let make = |seed| {
        match args.first().map(String::as_str) {
        Some("arrow") => Maze::from(arrow::random_maze(seed, rows, cols)),
        Some("dice") => Maze::from(dice::random_maze(seed, rows, cols)),
        Some("exhaustive-arrow") => Maze::from(arrow::exhaustive_maze(seed, rows, cols)),
        Some("exhaustive-dice") => Maze::from(dice::exhaustive_maze(seed, rows, cols)),
        _ => panic!("usage: random_maze arrow|dice|exhaustive-arrow|exhaustive-dice ROWS COLS [SEED] [COUNT]"),
    }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut text = String::new();
    for seed in seed..seed + count {
        text.clear();
        judge::write_maze(&mut text, &make(seed)).unwrap();
        out.write_all(text.as_bytes()).expect("stdout");
    }
    out.write_all(b"END\n").expect("stdout");
}
