//! Writes a random maze in the judges' format to stdout, for timing the
//! release binary (see BENCHMARKS.md).
//!
//! ```text
//! cargo run --release --example random_maze -- KIND ROWS COLS [SEED] [COUNT]
//! ```
//! KIND is `arrow`, `dice`, `minotaur`, `exhaustive-arrow`,
//! `exhaustive-dice`, `exhaustive-dice:SHARE` (only a SHARE of the squares
//! wild, e.g. `exhaustive-dice:0.1`), `walked-dice:SHARE` (laid along a
//! random walk of the die, so a search reaches much of it), `snake-arrow` (one route through
//! every intersection, row by row, for timing `verify` on long answers) or
//! `corridor-dice` (a loop of wild squares one square wide through the
//! whole grid, for timing the dice search on a tiny frontier),
//! `minotaur-open:DENSITY` and `minotaur-walled:DENSITY` (Theseus in the
//! middle, the Minotaur in a corner, the exit in the opposite corner,
//! walls at DENSITY, e.g. 0.1; walled: the exit walled in, so that a search
//! visits every reachable state); COUNT mazes are written with seeds SEED,
//! SEED+1, ...

use std::io::Write;

use logicmaze::family::arrow::{Sign, Turn};
use logicmaze::{
    Direction, Position,
    family::{Maze, arrow, dice, minotaur},
    text,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (rows, cols) = (number(1, 9) as u32, number(2, 9) as u32);
    let (seed, count) = (number(3, 1), number(4, 1));
    let make = |seed| match args.first().map(String::as_str) {
        Some("arrow") => Maze::from(arrow::random_maze(seed, rows, cols)),
        Some("dice") => Maze::from(dice::random_maze(seed, rows, cols)),
        Some("minotaur") => Maze::from(minotaur::random_maze(seed, rows, cols)),
        Some("exhaustive-arrow") => Maze::from(arrow::exhaustive_maze(seed, rows, cols)),
        Some("exhaustive-dice") => Maze::from(dice::exhaustive_maze(seed, rows, cols)),
        Some("snake-arrow") => Maze::from(snake(rows, cols)),
        Some("corridor-dice") => Maze::from(
            dice::corridor_maze(rows, cols).expect("a die makes the loop the only route"),
        ),
        Some(kind) if kind.starts_with("walked-dice:") => {
            let share = kind["walked-dice:".len()..]
                .parse()
                .expect("a share from 0 to 1");
            Maze::from(dice::walked_maze(seed, rows, cols, share))
        }
        Some(kind)
            if kind.starts_with("minotaur-open:") || kind.starts_with("minotaur-walled:") =>
        {
            let (shut, density) = kind.split_once(':').unwrap();
            let density = density.parse().expect("a density from 0 to 1");
            Maze::from(minotaur::arena_maze(
                seed,
                rows,
                cols,
                density,
                shut == "minotaur-walled",
            ))
        }
        Some(kind) if kind.starts_with("exhaustive-dice:") => {
            let share = kind["exhaustive-dice:".len()..]
                .parse()
                .expect("a share from 0 to 1");
            Maze::from(dice::exhaustive_maze_with(seed, rows, cols, share))
        }
        _ => panic!(
            "usage: random_maze arrow|dice|minotaur|exhaustive-arrow|exhaustive-dice[:SHARE]|walked-dice:SHARE|snake-arrow|corridor-dice|minotaur-open:DENSITY|minotaur-walled:DENSITY ROWS COLS [SEED] [COUNT]"
        ),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut text = String::new();
    for seed in seed..seed + count {
        text.clear();
        text::write_maze(&mut text, &make(seed)).unwrap();
        out.write_all(text.as_bytes()).expect("stdout");
    }
    out.write_all(b"END\n").expect("stdout");
}

/// An arrow maze whose one route runs east along row 1, west along row 2,
/// and so on through every intersection: `rows × cols` positions.
fn snake(rows: u32, cols: u32) -> arrow::ArrowMaze {
    let goal = match rows % 2 {
        1 => Position::new(rows, cols),
        _ => Position::new(rows, 1),
    };
    let mut maze = arrow::ArrowMaze::new(
        "SNAKE",
        rows,
        cols,
        Position::new(1, 1),
        Direction::East,
        goal,
    )
    .expect("a maze of at least one row");
    let sign = |turn| Sign::from_turns(&[turn]);
    for row in 1..=rows {
        let (heading, last) = match row % 2 {
            1 => (Direction::East, cols),
            _ => (Direction::West, 1),
        };
        // Along the row, then down at its end, then along the next row
        // the other way.
        let turn = if heading == Direction::East {
            Turn::Right
        } else {
            Turn::Left
        };
        for col in 1..=cols {
            let at = Position::new(row, col);
            if col != last && !(row == 1 && col == 1) {
                maze.set_sign(at, heading, sign(Turn::Forward)).unwrap();
            }
        }
        if row < rows {
            maze.set_sign(Position::new(row, last), heading, sign(turn))
                .unwrap();
            maze.set_sign(Position::new(row + 1, last), Direction::South, sign(turn))
                .unwrap();
        }
    }
    maze
}
