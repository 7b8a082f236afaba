//! Random mazes of any size, reproducible from a seed: inputs for
//! benchmarks and tests, not puzzles for people.
//!
//! The `exhaustive_*` variants can never be solved, yet most of their
//! states are reachable, so a search must visit all of those before it can
//! say so: the worst case for time and memory.
//!
//! ```
//! use logicmaze::random;
//! let a = random::arrow_maze(7, 9, 9);
//! assert_eq!(a, random::arrow_maze(7, 9, 9));
//! assert!(random::exhaustive_dice_maze(1, 20, 20).solve().is_none());
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arrow::{self, Sign, Turn};
use crate::dice::{self, Die, Square};
use crate::grid::{Direction, Position};

/// A `rows × cols` arrow maze: every intersection gets a sign for each
/// approach, each turn allowed with probability one half; entrance and goal
/// are random.
pub fn arrow_maze(seed: u64, rows: u32, cols: u32) -> arrow::Maze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let entrance = random_position(&mut rng, rows, cols);
    let goal = random_position(&mut rng, rows, cols);
    let heading = Direction::from_index(rng.gen_range(0..4));
    let name = format!("ARROW-{rows}x{cols}-{seed}");
    let mut maze = arrow::Maze::new(name, rows, cols, entrance, heading, goal)
        .expect("positions drawn inside the maze");
    fill_signs(&mut rng, &mut maze, rows, |_, _| true);
    maze
}

/// A `rows × cols` arrow maze whose goal, in an extra row below the grid,
/// cannot be reached: no sign ever leads off the grid. Every approach has a
/// random non-empty sign, so nearly every state is reachable.
pub fn exhaustive_arrow_maze(seed: u64, rows: u32, cols: u32) -> arrow::Maze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let entrance = Position::new(rows, 1);
    let goal = Position::new(rows + 1, cols);
    let name = format!("ARROW-EXHAUSTIVE-{rows}x{cols}-{seed}");
    let mut maze = arrow::Maze::new(name, rows + 1, cols, entrance, Direction::North, goal)
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
    maze: &mut arrow::Maze,
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

/// A `rows × cols` dice maze: a fifth of the squares wild, one in twenty
/// missing, the rest numbered 1–6; random start and die.
pub fn dice_maze(seed: u64, rows: u32, cols: u32) -> dice::Maze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = random_position(&mut rng, rows, cols);
    let die = random_die(&mut rng);
    let name = format!("DICE-{rows}x{cols}-{seed}");
    let mut maze = dice::Maze::new(name, rows, cols, start, die).expect("start inside the maze");
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
pub fn exhaustive_dice_maze(seed: u64, rows: u32, cols: u32) -> dice::Maze {
    exhaustive_dice_maze_with(seed, rows, cols, 1.0)
}

/// Like [`exhaustive_dice_maze`], but only a `wild_share` of the other
/// squares is wild; the rest carry random numbers.
pub fn exhaustive_dice_maze_with(seed: u64, rows: u32, cols: u32, wild_share: f64) -> dice::Maze {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let die = Die::new(3, 2).expect("a valid die");
    let name = format!("DICE-EXHAUSTIVE-{rows}x{cols}-{seed}");
    let mut maze = dice::Maze::new(name, rows.max(2), cols.max(2), Position::new(1, 1), die)
        .expect("start inside the maze");
    for row in 1..=maze.rows() {
        for col in 1..=maze.cols() {
            let square = match (row, col) {
                (1, 1) | (1, 2) => Square::Number(3),
                (2, 1) => Square::Missing,
                _ if rng.gen_bool(wild_share) => Square::Wild,
                _ => Square::Number(rng.gen_range(1..=6)),
            };
            maze.set_square(Position::new(row, col), square)
                .expect("position inside the maze");
        }
    }
    maze
}

/// A position of a `rows × cols` grid, uniformly at random.
pub(crate) fn random_position(rng: &mut ChaCha8Rng, rows: u32, cols: u32) -> Position {
    Position::new(rng.gen_range(1..=rows), rng.gen_range(1..=cols))
}

fn random_die(rng: &mut ChaCha8Rng) -> Die {
    loop {
        if let Ok(die) = Die::new(rng.gen_range(1..=6), rng.gen_range(1..=6)) {
            return die;
        }
    }
}
