//! Random Theseus-and-the-Minotaur mazes, for tests and benchmarks: walls
//! between squares at random, Theseus and the Minotaur on two random
//! squares, the exit anywhere on the border (Theseus's or the Minotaur's
//! square included).
//!
//! [`arena_maze`] sets the pieces as a benchmark wants them: Theseus in
//! the middle, the Minotaur in a corner, the exit in the opposite corner,
//! walls at a chosen density, and the exit walled in if asked (then a
//! search visits every reachable state).
//!
//! ```
//! use logicmaze::family::minotaur;
//! assert_eq!(minotaur::random_maze(7, 6, 6), minotaur::random_maze(7, 6, 6));
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::MinotaurMaze;
use crate::generate::random_position;
use crate::grid::{Direction, Position};

/// A random `rows × cols` maze (at least two squares: a smaller grid is
/// made 1 × 2), the same for the same seed.
pub fn random_maze(seed: u64, rows: u32, cols: u32) -> MinotaurMaze {
    let (rows, cols) = match rows as u64 * cols as u64 {
        0 | 1 => (1, 2),
        _ => (rows, cols),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let theseus = random_position(&mut rng, rows, cols);
    let minotaur = loop {
        let at = random_position(&mut rng, rows, cols);
        if at != theseus {
            break at;
        }
    };
    let (exit, gap) = loop {
        let at = random_position(&mut rng, rows, cols);
        let border = [
            (at.row == 1, Direction::North),
            (at.col == cols, Direction::East),
            (at.row == rows, Direction::South),
            (at.col == 1, Direction::West),
        ];
        let sides: Vec<Direction> = border.iter().filter(|b| b.0).map(|b| b.1).collect();
        if !sides.is_empty() {
            break (at, sides[rng.gen_range(0..sides.len())]);
        }
    };
    let name = format!("MINOTAUR-{rows}x{cols}-{seed}");
    let mut maze = MinotaurMaze::new(name, rows, cols, [theseus, minotaur, exit], gap)
        .expect("positions inside the grid, the exit on the border");
    let density = rng.gen_range(10..45);
    add_walls(&mut maze, &mut rng, |rng| rng.gen_range(0..100) < density);
    maze
}

/// A random `rows × cols` maze as [`random_maze`] makes, but with its
/// walls at `density` percent of the way from none to one on each inner
/// side in two (0: no inner wall; 100: half of them).
///
/// ```
/// use logicmaze::family::minotaur;
/// let open = minotaur::random_maze_with(3, 6, 6, 0);
/// assert_eq!(open, minotaur::random_maze_with(3, 6, 6, 0));
/// ```
pub fn random_maze_with(seed: u64, rows: u32, cols: u32, density: u32) -> MinotaurMaze {
    let mut maze = random_maze(seed, rows, cols);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let (rows, cols) = (maze.rows(), maze.cols());
    for row in 1..=rows {
        for col in 1..=cols {
            let at = Position::new(row, col);
            for side in [Direction::East, Direction::South] {
                if !maze.borders(at, side) {
                    let wall = rng.gen_range(0..200) < density.min(100);
                    maze.set_wall(at, side, wall).expect("an inner side");
                }
            }
        }
    }
    maze
}

/// Puts a wall on a random inner side of `maze`, or takes one away.
#[cfg(feature = "contest")]
pub(crate) fn mutate(maze: &mut MinotaurMaze, rng: &mut ChaCha8Rng) {
    let at = random_position(rng, maze.rows(), maze.cols());
    let side = [Direction::East, Direction::South][rng.gen_range(0..2)];
    if !maze.borders(at, side) {
        let wall = !maze.wall(at, side);
        maze.set_wall(at, side, wall).expect("an inner side");
    }
}

/// A `rows × cols` maze (at least 3 × 3) for benchmarks: Theseus in the
/// middle, the Minotaur in the top-left corner, the exit in the
/// bottom-right corner, a wall on each inner side with probability
/// `density`, and with `walled_in` the exit's two inner sides walled, so
/// that there is no escape and a search visits every reachable state.
///
/// ```
/// use logicmaze::family::minotaur;
/// use logicmaze::family::FamilyMaze;
/// let maze = minotaur::arena_maze(1, 12, 12, 0.1, true);
/// assert_eq!(maze.solve(), None);
/// ```
pub fn arena_maze(seed: u64, rows: u32, cols: u32, density: f64, walled_in: bool) -> MinotaurMaze {
    let (rows, cols) = (rows.max(3), cols.max(3));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = Position::new;
    let exit = p(rows, cols);
    let shut = if walled_in { "walled" } else { "open" };
    let name = format!("ARENA-{rows}x{cols}-{density}-{shut}-{seed}");
    let pieces = [p(rows.div_ceil(2), cols.div_ceil(2)), p(1, 1), exit];
    let mut maze = MinotaurMaze::new(name, rows, cols, pieces, Direction::South)
        .expect("three squares, the exit on the border");
    add_walls(&mut maze, &mut rng, |rng| {
        rng.gen_bool(density.clamp(0.0, 1.0))
    });
    if walled_in {
        for (at, side) in [
            (p(rows, cols - 1), Direction::East),
            (p(rows - 1, cols), Direction::South),
        ] {
            maze.set_wall(at, side, true).expect("an inner side");
        }
    }
    maze
}

/// A wall on each inner side of `maze` where `wall` says so, row by row.
fn add_walls(
    maze: &mut MinotaurMaze,
    rng: &mut ChaCha8Rng,
    wall: impl Fn(&mut ChaCha8Rng) -> bool,
) {
    let (rows, cols) = (maze.rows(), maze.cols());
    for row in 1..=rows {
        for col in 1..=cols {
            let at = Position::new(row, col);
            for side in [Direction::East, Direction::South] {
                if !maze.borders(at, side) && wall(rng) {
                    maze.set_wall(at, side, true).expect("an inner side");
                }
            }
        }
    }
}
