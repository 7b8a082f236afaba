//! Random Theseus-and-the-Minotaur mazes, for tests and benchmarks: walls
//! between squares at random, Theseus and the Minotaur on two random
//! squares, the exit anywhere on the border (Theseus's or the Minotaur's
//! square included).
//!
//! ```
//! use logicmaze::family::minotaur;
//! assert_eq!(minotaur::random_maze(7, 6, 6), minotaur::random_maze(7, 6, 6));
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Maze;
use crate::generate::random_position;
use crate::grid::{Direction, Position};

/// A random `rows × cols` maze (at least two squares: a smaller grid is
/// made 1 × 2), the same for the same seed.
pub fn random_maze(seed: u64, rows: u32, cols: u32) -> Maze {
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
    let mut maze = Maze::new(name, rows, cols, [theseus, minotaur, exit], gap)
        .expect("positions inside the grid, the exit on the border");
    let density = rng.gen_range(10..45);
    for row in 1..=rows {
        for col in 1..=cols {
            let at = Position::new(row, col);
            for side in [Direction::East, Direction::South] {
                if !maze.borders(at, side) && rng.gen_range(0..100) < density {
                    maze.set_wall(at, side, true).expect("an inner side");
                }
            }
        }
    }
    maze
}
