//! Theseus-and-the-Minotaur mazes for `logicmaze stress` (the feature
//! `stress`): random ones to run a program on (`random.rs`), and one step
//! simpler, for shrinking a maze the program gets wrong: a row or a
//! column fewer, a wall fewer.

use super::{Minotaur, MinotaurMaze, random};
use crate::family::draws::NameRule;
use crate::family::shrink::{Axis, lines_out, without_line};
use crate::family::{self, StressFamily, StressMaze};
use crate::grid::{Direction, Position};

impl StressFamily for Minotaur {
    fn random(&self, seed: u64, rows: u32, cols: u32, density: u32) -> family::Maze {
        random::random_maze_with(seed, rows, cols, density).into()
    }

    fn names(&self) -> NameRule {
        NameRule::NON_BLANK
    }
}

impl StressMaze for MinotaurMaze {
    /// The mazes one step simpler than this one: each row and column that
    /// Theseus, the Minotaur and the exit are not on taken out (the exit
    /// kept on its side of the border), then each inner wall taken away.
    fn simpler(&self) -> Vec<family::Maze> {
        let mut simpler = lines_out(self.rows(), self.cols(), |axis, line| {
            self.without(axis, line)
        });
        for at in self.squares() {
            for side in [Direction::East, Direction::South] {
                if !self.borders(at, side) && self.wall(at, side) {
                    let mut fewer = self.clone();
                    fewer.set_wall(at, side, false).expect("an inner side");
                    simpler.push(fewer);
                }
            }
        }
        simpler.into_iter().map(family::Maze::from).collect()
    }
}

impl MinotaurMaze {
    /// Every square, row by row.
    fn squares(&self) -> impl Iterator<Item = Position> + use<> {
        let cols = self.cols();
        (1..=self.rows()).flat_map(move |row| (1..=cols).map(move |col| Position::new(row, col)))
    }

    /// The maze without row or column `line` of `axis`, if none of the
    /// pieces is on it; each square keeps its walls to the east and south.
    fn without(&self, axis: Axis, line: u32) -> Option<MinotaurMaze> {
        let (rows, cols) = axis.less(self.rows(), self.cols())?;
        let moved = |at: Position| without_line(at, axis, line);
        let pieces = [
            moved(self.theseus())?,
            moved(self.minotaur())?,
            moved(self.exit())?,
        ];
        let mut maze = MinotaurMaze::new(self.name.clone(), rows, cols, pieces, self.gap()).ok()?;
        for at in self.squares() {
            let Some(to) = moved(at) else { continue };
            for side in [Direction::East, Direction::South] {
                if !maze.borders(to, side) && self.wall(at, side) {
                    maze.set_wall(to, side, true).ok()?;
                }
            }
        }
        Some(maze)
    }
}
