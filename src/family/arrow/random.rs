//! Random arrow mazes of any size, reproducible from a seed: inputs for
//! benchmarks and tests, not puzzles for people (see
//! [`generate`](super::generate)).
//!
//! The exhaustive variant can never be solved, yet most of its states are
//! reachable, so a search must visit all of those before it can say so:
//! the worst case for time and memory.
//!
//! ```
//! use logicmaze::family::{arrow, FamilyMaze};
//! assert_eq!(arrow::random_maze(7, 9, 9), arrow::random_maze(7, 9, 9));
//! assert!(arrow::exhaustive_maze(1, 20, 20).solve().is_none());
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{ArrowMaze, Sign, Turn};
use crate::generate::random_position;
use crate::grid::{Direction, Position};

/// A `rows × cols` arrow maze: every intersection gets a sign for each
/// approach, each turn allowed with probability one half; entrance and goal
/// are random.
pub fn random_maze(seed: u64, rows: u32, cols: u32) -> ArrowMaze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = unsigned(&mut rng, seed, rows, cols);
    fill_signs(&mut rng, &mut maze, rows, |_, _| true);
    maze
}

/// A `rows × cols` arrow maze whose approaches carry a random sign with
/// probability `density` percent (each turn of a sign allowed with
/// probability one half, at least one); entrance and goal are random.
///
/// ```
/// use logicmaze::family::arrow;
/// assert_eq!(arrow::random_maze_with(7, 9, 9, 30), arrow::random_maze_with(7, 9, 9, 30));
/// ```
pub fn random_maze_with(seed: u64, rows: u32, cols: u32, density: u32) -> ArrowMaze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut maze = unsigned(&mut rng, seed, rows, cols);
    for row in 1..=rows {
        for col in 1..=cols {
            for arriving in Direction::ALL {
                if rng.gen_range(0..100) < density {
                    let sign = random_sign(&mut rng);
                    maze.set_sign(Position::new(row, col), arriving, sign)
                        .expect("position inside the maze");
                }
            }
        }
    }
    maze
}

/// A `rows × cols` arrow maze without signs, its entrance, heading and goal
/// drawn from `rng`, named after its size and `seed`.
fn unsigned(rng: &mut ChaCha8Rng, seed: u64, rows: u32, cols: u32) -> ArrowMaze {
    let entrance = random_position(rng, rows, cols);
    let goal = random_position(rng, rows, cols);
    let heading = Direction::from_index(rng.gen_range(0..4));
    let name = format!("ARROW-{rows}x{cols}-{seed}");
    ArrowMaze::new(name, rows, cols, entrance, heading, goal)
        .expect("positions drawn inside the maze")
}

/// Puts a random sign on a random approach of `maze`.
#[cfg(feature = "contest")]
pub(crate) fn mutate(maze: &mut ArrowMaze, rng: &mut ChaCha8Rng) {
    let at = random_position(rng, maze.rows(), maze.cols());
    let arriving = Direction::from_index(rng.gen_range(0..4));
    let sign = random_sign(rng);
    maze.set_sign(at, arriving, sign)
        .expect("position inside the maze");
}

/// A sign with each turn allowed with probability one half, and at least
/// one.
fn random_sign(rng: &mut ChaCha8Rng) -> Sign {
    loop {
        let turns: Vec<Turn> = Turn::ALL
            .into_iter()
            .filter(|_| rng.gen_bool(0.5))
            .collect();
        if !turns.is_empty() {
            return Sign::from_turns(&turns);
        }
    }
}

/// A `rows × cols` arrow maze whose goal, in an extra row below the grid,
/// cannot be reached: no sign ever leads off the grid. Every approach has a
/// random non-empty sign, so nearly every state is reachable.
pub fn exhaustive_maze(seed: u64, rows: u32, cols: u32) -> ArrowMaze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let entrance = Position::new(rows, 1);
    let goal = Position::new(rows + 1, cols);
    let name = format!("ARROW-EXHAUSTIVE-{rows}x{cols}-{seed}");
    let mut maze = ArrowMaze::new(name, rows + 1, cols, entrance, Direction::North, goal)
        .expect("positions inside the maze");
    let inside = move |at: Position, d: Direction| {
        at.stepped(d)
            .is_some_and(|p| p.row <= rows && p.col <= cols)
    };
    fill_signs(&mut rng, &mut maze, rows, inside);
    maze
}

/// Puts a random sign on every approach of rows `1..=rows`, keeping only the
/// turns for which `allowed(at, direction)` holds and re-drawing empty ones.
fn fill_signs(
    rng: &mut ChaCha8Rng,
    maze: &mut ArrowMaze,
    rows: u32,
    allowed: impl Fn(Position, Direction) -> bool,
) {
    for row in 1..=rows {
        for col in 1..=maze.cols() {
            let at = Position::new(row, col);
            for arriving in Direction::ALL {
                let possible: Vec<Turn> = Turn::ALL
                    .into_iter()
                    .filter(|turn| allowed(at, turn.apply(arriving)))
                    .collect();
                let mut sign = Sign::NONE;
                while sign.is_empty() && !possible.is_empty() {
                    sign = Sign::from_turns(
                        &possible
                            .iter()
                            .copied()
                            .filter(|_| rng.gen_bool(0.5))
                            .collect::<Vec<_>>(),
                    );
                }
                maze.set_sign(at, arriving, sign)
                    .expect("position inside the maze");
            }
        }
    }
}
