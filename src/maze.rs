//! A maze of either family, for code that handles both alike.

use std::fmt;

use crate::analysis::Analysis;
use crate::route::Route;
use crate::search::Found;
use crate::{arrow, dice};

/// The maze families logicmaze knows.
///
/// ```
/// use logicmaze::Family;
/// assert_eq!(Family::Dice.to_string(), "dice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Walk-through arrow mazes ([`crate::arrow`]).
    Arrow,
    /// Rolling-die mazes ([`crate::dice`]).
    Dice,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Arrow => "arrow",
            Family::Dice => "dice",
        })
    }
}

/// A maze of either family.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// use logicmaze::Family;
/// let Parsed::Maze(maze) = parse(b"M\n3 1 N 2 1\n0\n", None).remove(0) else { panic!() };
/// assert_eq!((maze.name(), maze.family()), ("M", Family::Arrow));
/// assert_eq!(maze.solve().unwrap().moves(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Maze {
    /// A walk-through arrow maze.
    Arrow(arrow::Maze),
    /// A dice maze.
    Dice(dice::Maze),
}

impl Maze {
    /// The maze's name.
    pub fn name(&self) -> &str {
        match self {
            Maze::Arrow(maze) => maze.name(),
            Maze::Dice(maze) => maze.name(),
        }
    }

    /// The maze's family.
    pub fn family(&self) -> Family {
        match self {
            Maze::Arrow(_) => Family::Arrow,
            Maze::Dice(_) => Family::Dice,
        }
    }

    /// A shortest route, or `None` when the maze has no solution.
    pub fn solve(&self) -> Option<Route> {
        match self {
            Maze::Arrow(maze) => maze.solve(),
            Maze::Dice(maze) => maze.solve(),
        }
    }

    /// Whether the shortest route is unique, and what no route uses.
    pub fn analyse(&self) -> Analysis {
        match self {
            Maze::Arrow(maze) => maze.analyse(),
            Maze::Dice(maze) => maze.analyse(),
        }
    }

    /// The number of search states (the engine's memory is about a byte
    /// per state).
    pub fn state_count(&self) -> usize {
        use crate::search::StateSpace;
        match self {
            Maze::Arrow(maze) => maze.state_count(),
            Maze::Dice(maze) => maze.state_count(),
        }
    }

    /// The raw search result (route states and states reached).
    pub fn search(&self) -> Found {
        match self {
            Maze::Arrow(maze) => maze.search(),
            Maze::Dice(maze) => maze.search(),
        }
    }
}
