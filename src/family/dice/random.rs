//! Random dice mazes of any size, reproducible from a seed: inputs for
//! benchmarks and tests, not puzzles for people (see [`super::generate`]).
//!
//! The exhaustive variants can never be solved, yet most of their states
//! are reachable, so a search must visit all of those before it can say
//! so: the worst case for time and memory.
//!
//! ```
//! use logicmaze::family::{dice, FamilyMaze};
//! assert_eq!(dice::random_maze(7, 9, 9), dice::random_maze(7, 9, 9));
//! assert!(dice::exhaustive_maze(1, 20, 20).solve().is_none());
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Die, Maze, Square};
use crate::generate::random_position;
use crate::grid::Position;

/// A `rows × cols` dice maze: a fifth of the squares wild, one in twenty
/// missing, the rest numbered 1–6; random start and die.
pub fn random_maze(seed: u64, rows: u32, cols: u32) -> Maze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = random_position(&mut rng, rows, cols);
    let die = random_die(&mut rng);
    let name = format!("DICE-{rows}x{cols}-{seed}");
    let mut maze = Maze::new(name, rows, cols, start, die).expect("start inside the maze");
    for row in 1..=rows {
        for col in 1..=cols {
            let square = match rng.gen_range(0..20) {
                0 => Square::Missing,
                1..=4 => Square::Wild,
                _ => Square::Number(rng.gen_range(1..=6)),
            };
            maze.set_square(Position::new(row, col), square)
                .expect("position inside the maze");
        }
    }
    maze
}

/// A `rows × cols` dice maze of wild squares (at least 2×2) that the die
/// can leave but never re-enter: it starts in the top-left corner on a 3
/// with 3 on top, the square below is missing and the one to the right is
/// a 3. Rolling onto a 3 needs 3 on top, and a roll never keeps the top
/// face, so the die can never stand on that 3 with 3 on top again.
/// With `wild_share` below 1, the other squares are numbered at random.
pub fn exhaustive_maze(seed: u64, rows: u32, cols: u32) -> Maze {
    exhaustive_maze_with(seed, rows, cols, 1.0)
}

/// Like [`exhaustive_maze`], but only a `wild_share` of the other
/// squares is wild; the rest carry random numbers.
pub fn exhaustive_maze_with(seed: u64, rows: u32, cols: u32, wild_share: f64) -> Maze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = sealed(format!("DICE-EXHAUSTIVE-{rows}x{cols}-{seed}"), rows, cols);
    for row in 1..=maze.rows() {
        for col in 1..=maze.cols() {
            let square = match (row, col) {
                (1, 1) | (1, 2) | (2, 1) => continue,
                _ if rng.gen_bool(wild_share) => Square::Wild,
                _ => Square::Number(rng.gen_range(1..=6)),
            };
            maze.set_square(Position::new(row, col), square)
                .expect("position inside the maze");
        }
    }
    maze
}

/// A `rows × cols` maze (at least 2×2) of missing squares but the three
/// that seal its start, as [`exhaustive_maze`] says: the die on a 3 in
/// the top-left corner with 3 on top, a 3 to its right, nothing below.
fn sealed(name: String, rows: u32, cols: u32) -> Maze {
    let die = Die::new(3, 2).expect("a valid die");
    let mut maze = Maze::new(name, rows.max(2), cols.max(2), Position::new(1, 1), die)
        .expect("start inside the maze");
    for (row, col) in [(1, 1), (1, 2)] {
        maze.set_square(Position::new(row, col), Square::Number(3))
            .expect("inside the maze");
    }
    maze
}

/// A `rows × cols` dice maze (at least 2×2) laid along a tree of random
/// walks of the die, so that a search reaches every square however few are
/// wild. The start is sealed as in [`exhaustive_maze`]; from the square to
/// its right the die rolls onto squares not yet laid, laying each as it
/// goes (wild by `wild_share`, else carrying the die's top face before the
/// roll), and when it is boxed in, a walk starts again from a random
/// square already laid that has a neighbour not yet laid.
///
/// ```
/// use logicmaze::family::{dice, FamilyMaze};
/// assert!(dice::walked_maze(1, 30, 30, 0.1).solve().is_none());
/// ```
pub fn walked_maze(seed: u64, rows: u32, cols: u32, wild_share: f64) -> Maze {
    use crate::grid::Direction;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = sealed(format!("DICE-WALKED-{rows}x{cols}-{seed}"), rows, cols);
    let mut laid = vec![false; maze.grid.cell_count()];
    let cell = |maze: &Maze, at| maze.grid.cell(at).expect("inside the maze");
    for (row, col) in [(1, 1), (2, 1), (1, 2)] {
        laid[cell(&maze, Position::new(row, col))] = true;
    }
    let lay = |maze: &mut Maze, laid: &mut [bool], at, square| {
        maze.set_square(at, square).expect("inside the maze");
        laid[cell(maze, at)] = true;
    };
    // Where a walk may go on from: a square laid and the die on it.
    let mut active = vec![(Position::new(1, 2), maze.die().rolled(Direction::East))];
    let mut newest = true;
    while !active.is_empty() {
        let i = match newest {
            true => active.len() - 1,
            false => rng.gen_range(0..active.len()),
        };
        let (at, die) = active[i];
        let fresh: Vec<(Direction, Position)> = Direction::ALL
            .into_iter()
            .filter_map(|direction| Some((direction, at.stepped(direction)?)))
            .filter(|&(_, to)| maze.grid.contains(to) && !laid[cell(&maze, to)])
            .collect();
        let Some(&(direction, to)) = fresh.get(rng.gen_range(0..fresh.len().max(1))) else {
            active.swap_remove(i);
            newest = false;
            continue;
        };
        let square = match rng.gen_bool(wild_share) {
            true => Square::Wild,
            false => Square::Number(die.top()),
        };
        lay(&mut maze, &mut laid, to, square);
        active.push((to, die.rolled(direction)));
        newest = true;
    }
    maze
}

fn random_die(rng: &mut ChaCha8Rng) -> Die {
    loop {
        if let Ok(die) = Die::new(rng.gen_range(1..=6), rng.gen_range(1..=6)) {
            return die;
        }
    }
}
