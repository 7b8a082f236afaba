//! Dice mazes for `logicmaze stress` (the feature `stress`): random ones
//! to run a program on (`random.rs`), and one step simpler, for shrinking
//! a maze the program gets wrong: a row or a column fewer, a square
//! fewer.

use super::{Dice, DiceMaze, Square, random};
use crate::family::draws::NameRule;
use crate::family::shrink::{Axis, lines_out, without_line};
use crate::family::{self, StressFamily, StressMaze};
use crate::grid::Position;

impl StressFamily for Dice {
    fn random(&self, seed: u64, rows: u32, cols: u32, density: u32) -> family::Maze {
        random::random_maze_with(seed, rows, cols, density).into()
    }

    fn names(&self) -> NameRule {
        NameRule::NON_BLANK
    }
}

impl StressMaze for DiceMaze {
    /// The mazes one step simpler than this one: each row and column the
    /// start is not on taken out, then each square but the start made
    /// missing, each wild one made a number the die may need.
    fn simpler(&self) -> Vec<family::Maze> {
        let mut simpler = lines_out(self.rows(), self.cols(), |axis, line| {
            self.without(axis, line)
        });
        for row in 1..=self.rows() {
            for col in 1..=self.cols() {
                let at = Position::new(row, col);
                if at == self.start() || self.square(at) == Square::Missing {
                    continue;
                }
                let mut fewer = self.clone();
                fewer
                    .set_square(at, Square::Missing)
                    .expect("inside the maze");
                simpler.push(fewer);
            }
        }
        simpler.into_iter().map(family::Maze::from).collect()
    }
}

impl DiceMaze {
    /// The maze without row or column `line` of `axis`, if the start is
    /// not on it.
    fn without(&self, axis: Axis, line: u32) -> Option<DiceMaze> {
        let (rows, cols) = axis.less(self.rows(), self.cols())?;
        let start = without_line(self.start(), axis, line)?;
        let mut maze = DiceMaze::new(self.name.clone(), rows, cols, start, self.die()).ok()?;
        for row in 1..=self.rows() {
            for col in 1..=self.cols() {
                let at = Position::new(row, col);
                if let Some(moved) = without_line(at, axis, line) {
                    maze.set_square(moved, self.square(at)).ok()?;
                }
            }
        }
        Some(maze)
    }
}
