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
//! whole grid, for timing the dice search on a tiny frontier); COUNT mazes
//! are written with seeds SEED, SEED+1, ...

use std::io::Write;

use logicmaze::family::arrow::{Sign, Turn};
use logicmaze::{
    family::{arrow, dice, minotaur, FamilyMaze, Maze},
    text, Direction, Position,
};

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
        Some("minotaur") => Maze::from(minotaur::random_maze(seed, rows, cols)),
        Some("exhaustive-arrow") => Maze::from(arrow::exhaustive_maze(seed, rows, cols)),
        Some("exhaustive-dice") => Maze::from(dice::exhaustive_maze(seed, rows, cols)),
        Some("snake-arrow") => Maze::from(snake(rows, cols)),
        Some("corridor-dice") => Maze::from(corridor(rows, cols)),
        Some(kind) if kind.starts_with("walked-dice:") => {
            let share = kind["walked-dice:".len()..].parse().expect("a share from 0 to 1");
            Maze::from(dice::walked_maze(seed, rows, cols, share))
        }
        Some(kind) if kind.starts_with("exhaustive-dice:") => {
            let share = kind["exhaustive-dice:".len()..].parse().expect("a share from 0 to 1");
            Maze::from(dice::exhaustive_maze_with(seed, rows, cols, share))
        }
        _ => panic!("usage: random_maze arrow|dice|minotaur|exhaustive-arrow|exhaustive-dice[:SHARE]|walked-dice:SHARE|snake-arrow|corridor-dice ROWS COLS [SEED] [COUNT]"),
    }
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
fn snake(rows: u32, cols: u32) -> arrow::Maze {
    let goal = match rows % 2 {
        1 => Position::new(rows, cols),
        _ => Position::new(rows, 1),
    };
    let mut maze = arrow::Maze::new(
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

/// A dice maze whose squares are missing but for one loop from the start
/// (1,1): east along row 1, down, west along row 3, down, and so on to
/// the last row that ends in the west, then back north up column 1. Each
/// square of the loop carries the die's top face on the square before it,
/// so the die can only go on, in one orientation: a search's frontier is
/// one state, for as many layers as the loop has squares. Rows and
/// columns are rounded down to fit the loop (at least 3 rows, 4 columns).
fn corridor(rows: u32, cols: u32) -> dice::Maze {
    let cols = cols.max(4);
    // The loop's last row runs west, so it is row 3, 7, 11, ...
    let last = (rows.max(3) + 1) / 4 * 4 - 1;
    let mut path = vec![];
    for row in (1..=last).step_by(2) {
        let east = row % 4 == 1;
        // Row 1 leaves the start at column 2; column 2 of every other row
        // is missing but the last's, which leads back to column 1.
        let first = if row == 1 { 2 } else { 3 };
        let along: Vec<u32> = match east {
            true => (first..=cols).collect(),
            false => (3..=cols).rev().collect(),
        };
        path.extend(along.into_iter().map(|col| Position::new(row, col)));
        if row < last {
            path.push(Position::new(row + 1, if east { cols } else { 3 }));
        }
    }
    path.push(Position::new(last, 2));
    path.extend((1..=last).rev().map(|row| Position::new(row, 1)));
    let name = format!("DICE-CORRIDOR-{last}x{cols}");
    // A die whose forced loop is the shortest route: another start die
    // might let the die out into column 1 and straight back.
    for (top, front) in (1..=6).flat_map(|top| (1..=6).map(move |front| (top, front))) {
        let Ok(die) = dice::Die::new(top, front) else {
            continue;
        };
        let mut maze = dice::Maze::new(name.clone(), last, cols, Position::new(1, 1), die)
            .expect("start inside the maze");
        let (mut at, mut rolled) = (Position::new(1, 1), die);
        for &next in &path {
            maze.set_square(next, dice::Square::Number(rolled.top()))
                .expect("inside the maze");
            rolled = rolled.rolled(direction(at, next));
            at = next;
        }
        let route = maze.solve().map(|route| route.to_string());
        if route.is_some_and(|route| route.matches('(').count() == path.len() + 1) {
            return maze;
        }
    }
    panic!("no die makes the loop the only route");
}

/// The direction of one step between neighbours.
fn direction(from: Position, to: Position) -> Direction {
    match (
        to.row as i64 - from.row as i64,
        to.col as i64 - from.col as i64,
    ) {
        (-1, 0) => Direction::North,
        (1, 0) => Direction::South,
        (0, 1) => Direction::East,
        _ => Direction::West,
    }
}
