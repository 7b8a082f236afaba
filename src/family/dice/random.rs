//! Random dice mazes of any size, reproducible from a seed: inputs for
//! benchmarks and tests, not puzzles for people (see
//! [`generate`](super::generate)).
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

use super::{DiceMaze, Die, Square};
use crate::generate::random_position;
use crate::grid::Position;

/// A `rows × cols` dice maze: a fifth of the squares wild, one in twenty
/// missing, the rest numbered 1–6; random start and die.
pub fn random_maze(seed: u64, rows: u32, cols: u32) -> DiceMaze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = bare(&mut rng, seed, rows, cols);
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

/// A `rows × cols` dice maze whose squares are wild with probability
/// `density` percent of one half (0: none; 100: half of them), missing
/// one in twenty, the rest numbered 1–6; random start and die.
///
/// ```
/// use logicmaze::family::dice;
/// assert_eq!(dice::random_maze_with(7, 9, 9, 40), dice::random_maze_with(7, 9, 9, 40));
/// ```
pub fn random_maze_with(seed: u64, rows: u32, cols: u32, density: u32) -> DiceMaze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = bare(&mut rng, seed, rows, cols);
    for row in 1..=rows {
        for col in 1..=cols {
            let square = match rng.gen_range(0..200) {
                wild if wild < density.min(100) => Square::Wild,
                190.. => Square::Missing,
                _ => Square::Number(rng.gen_range(1..=6)),
            };
            maze.set_square(Position::new(row, col), square)
                .expect("position inside the maze");
        }
    }
    maze
}

/// A `rows × cols` dice maze of missing squares, its start and die drawn
/// from `rng`, named after its size and `seed`.
fn bare(rng: &mut ChaCha8Rng, seed: u64, rows: u32, cols: u32) -> DiceMaze {
    let start = random_position(rng, rows, cols);
    let die = random_die(rng);
    let name = format!("DICE-{rows}x{cols}-{seed}");
    DiceMaze::new(name, rows, cols, start, die).expect("start inside the maze")
}

/// Puts a random square (numbered, wild or missing, never missing at the
/// start) at a random place of `maze`.
#[cfg(feature = "contest")]
pub(crate) fn mutate(maze: &mut DiceMaze, rng: &mut ChaCha8Rng) {
    let at = random_position(rng, maze.rows(), maze.cols());
    let square = match rng.gen_range(0..10) {
        0 if at != maze.start() => Square::Missing,
        1 => Square::Wild,
        _ => Square::Number(rng.gen_range(1..=6)),
    };
    maze.set_square(at, square)
        .expect("position inside the maze");
}

/// A `rows × cols` dice maze of wild squares (at least 2×2) that the die
/// can leave but never re-enter: it starts in the top-left corner on a 3
/// with 3 on top, the square below is missing and the one to the right is
/// a 3. Rolling onto a 3 needs 3 on top, and a roll never keeps the top
/// face, so the die can never stand on that 3 with 3 on top again.
/// With `wild_share` below 1, the other squares are numbered at random.
pub fn exhaustive_maze(seed: u64, rows: u32, cols: u32) -> DiceMaze {
    exhaustive_maze_with(seed, rows, cols, 1.0)
}

/// Like [`exhaustive_maze`], but only a `wild_share` of the other
/// squares is wild; the rest carry random numbers.
pub fn exhaustive_maze_with(seed: u64, rows: u32, cols: u32, wild_share: f64) -> DiceMaze {
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
fn sealed(name: String, rows: u32, cols: u32) -> DiceMaze {
    let die = Die::new(3, 2).expect("a valid die");
    let mut maze = DiceMaze::new(name, rows.max(2), cols.max(2), Position::new(1, 1), die)
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
pub fn walked_maze(seed: u64, rows: u32, cols: u32, wild_share: f64) -> DiceMaze {
    use crate::grid::Direction;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = sealed(format!("DICE-WALKED-{rows}x{cols}-{seed}"), rows, cols);
    let mut laid = vec![false; maze.grid.cell_count()];
    let cell = |maze: &DiceMaze, at| maze.grid.cell(at).expect("inside the maze");
    for (row, col) in [(1, 1), (2, 1), (1, 2)] {
        laid[cell(&maze, Position::new(row, col))] = true;
    }
    let lay = |maze: &mut DiceMaze, laid: &mut [bool], at, square| {
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

/// A dice maze whose squares are missing but for one loop from the start
/// (1,1): east along row 1, down, west along row 3, down, and so on to
/// the last row that ends in the west, then back north up column 1. Each
/// square of the loop carries the die's top face on the square before it,
/// so the die can only go on, in one orientation: a search's frontier is
/// one state, for as many layers as the loop has squares, and its one
/// route is as long as the loop. Rows and columns are rounded down to fit
/// the loop (at least 3 rows, 4 columns). None when no start die makes
/// the loop the only route, or the size is no maze.
///
/// ```
/// use logicmaze::family::{dice, FamilyMaze};
/// let maze = dice::corridor_maze(7, 6).unwrap();
/// assert_eq!(maze.solve().unwrap().moves(), 28);
/// ```
pub fn corridor_maze(rows: u32, cols: u32) -> Option<DiceMaze> {
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
    let dice = (1..=6).flat_map(|top| (1..=6).filter_map(move |front| Die::new(top, front).ok()));
    for die in dice {
        let mut maze = DiceMaze::new(name.clone(), last, cols, Position::new(1, 1), die).ok()?;
        let (mut at, mut rolled) = (Position::new(1, 1), die);
        for &next in &path {
            maze.set_square(next, Square::Number(rolled.top())).ok()?;
            rolled = rolled.rolled(at.direction_to(next)?);
            at = next;
        }
        let moves = crate::family::FamilyMaze::solve(&maze).map(|route| route.moves());
        if moves == Some(path.len()) {
            return Some(maze);
        }
    }
    None
}
