//! What most programs that use logicmaze need, in one import.
//!
//! ```
//! use logicmaze::prelude::*;
//!
//! let maze: Maze = "ONE\n3 1 N 1 1\n2 1 NF *\n0\n".parse()?;
//! let route: Option<Route> = maze.solve();
//! assert_eq!(maze.check().verdict, Uniqueness::Unique);
//! assert_eq!(route.map(|route| route.moves()), Some(2));
//! # Ok::<(), ParseMazeError>(())
//! ```

pub use crate::analysis::{Analysis, Uniqueness};
pub use crate::family::{Family, FamilyMaze, Maze};
pub use crate::grid::{Direction, Position};
pub use crate::maze::{Mazes, ParseMazeError};
pub use crate::read::ParseError;
pub use crate::route::Route;
