//! # logicmaze
//!
//! Solve Robert Abbott's logic mazes — walk-through arrow mazes and
//! rolling-dice mazes — exactly, at any size.
//!
//! The crate is layered: [`search`] is one breadth-first engine that knows
//! nothing about mazes; [`arrow`] and [`dice`] describe each family's rules
//! as a state space for it; [`judge`] reads and writes the ICPC judges'
//! text formats byte for byte. Nothing here does I/O: callers feed bytes in
//! and take strings out.
//!
//! ```
//! use logicmaze::judge::{self, Parsed};
//!
//! let input = std::fs::read_to_string("examples/dice.in")?;
//! let mut output = String::new();
//! for item in judge::parse(input.as_bytes(), None) {
//!     if let Parsed::Maze(maze) = item {
//!         judge::write_solution(&mut output, &maze, maze.solve().as_ref());
//!     }
//! }
//! assert_eq!(output, std::fs::read_to_string("examples/dice.out")?);
//! # Ok::<(), std::io::Error>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
pub mod arrow;
pub mod dice;
pub mod generate;
pub mod grid;
pub mod input;
pub mod json;
pub mod judge;
mod maze;
pub mod play;
pub mod random;
pub mod render;
mod route;
pub mod search;
pub mod text;

pub use analysis::{Analysis, UnreadSign, Verdict};
pub use grid::{Direction, Grid, MazeError, Position};
pub use maze::{Family, Maze};
pub use route::Route;

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
