//! Arrow mazes for `logicmaze stress` (the feature `stress`): random ones
//! to run a program on (`random.rs`), and one step simpler, for shrinking
//! a maze the program gets wrong: a row or a column fewer, an
//! intersection fewer, a sign fewer, a turn fewer.

use super::{Arrow, ArrowMaze, Sign, random};
use crate::family::draws::NameRule;
use crate::family::shrink::{Axis, lines_out, without_line};
use crate::family::{self, StressFamily, StressMaze};
use crate::grid::{Direction, Position};

impl StressFamily for Arrow {
    fn random(&self, seed: u64, rows: u32, cols: u32, density: u32) -> family::Maze {
        random::random_maze_with(seed, rows, cols, density).into()
    }

    fn names(&self) -> NameRule {
        NameRule::ALPHANUMERIC
    }
}

impl StressMaze for ArrowMaze {
    /// The mazes one step simpler than this one: each row and column that
    /// neither the entrance nor the goal stands in taken out, then each
    /// intersection, each sign, and each turn of a sign of two or more
    /// taken away.
    fn simpler(&self) -> Vec<family::Maze> {
        let mut simpler = lines_out(self.rows(), self.cols(), |axis, line| {
            self.without(axis, line)
        });
        let listed: Vec<(Position, [Sign; 4])> = self.intersections().collect();
        for (index, &(_, signs)) in listed.iter().enumerate() {
            simpler.push(self.rebuilt(&listed, index, [Sign::NONE; 4]));
            for d in Direction::ALL {
                let sign = signs[d.index()];
                let mut fewer = signs;
                if !sign.is_empty() && signs.iter().filter(|s| !s.is_empty()).count() > 1 {
                    fewer[d.index()] = Sign::NONE;
                    simpler.push(self.rebuilt(&listed, index, fewer));
                }
                if sign.turns().count() > 1 {
                    for turn in sign.turns() {
                        let kept: Vec<_> = sign.turns().filter(|&t| t != turn).collect();
                        fewer[d.index()] = Sign::from_turns(&kept);
                        simpler.push(self.rebuilt(&listed, index, fewer));
                    }
                }
            }
        }
        simpler.into_iter().map(family::Maze::from).collect()
    }
}

impl ArrowMaze {
    /// The maze without row or column `line` of `axis`, if neither the
    /// entrance nor the goal is on it.
    fn without(&self, axis: Axis, line: u32) -> Option<ArrowMaze> {
        let (rows, cols) = axis.less(self.rows(), self.cols())?;
        let moved = |at: Position| without_line(at, axis, line);
        let (entrance, goal) = (moved(self.entrance)?, moved(self.goal)?);
        let mut maze =
            ArrowMaze::new(self.name.clone(), rows, cols, entrance, self.heading, goal).ok()?;
        for (at, signs) in self.intersections() {
            if let Some(at) = moved(at) {
                maze.add_intersection(at, signs).ok()?;
            }
        }
        Some(maze)
    }

    /// The maze with the intersections `listed`, the one at `index` given
    /// `signs` instead (unlisted when it has none).
    fn rebuilt(
        &self,
        listed: &[(Position, [Sign; 4])],
        index: usize,
        signs: [Sign; 4],
    ) -> ArrowMaze {
        let mut maze = ArrowMaze::new(
            self.name.clone(),
            self.rows(),
            self.cols(),
            self.entrance,
            self.heading,
            self.goal,
        )
        .expect("the same size and places");
        for (i, &(at, kept)) in listed.iter().enumerate() {
            let kept = if i == index { signs } else { kept };
            if kept.iter().any(|s| !s.is_empty()) {
                maze.add_intersection(at, kept).expect("inside the maze");
            }
        }
        maze
    }
}
