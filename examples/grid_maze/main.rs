//! logicmaze with a toy family of its own: plain grid mazes with walls
//! (`grid/`), to show what adding a family takes. The family is one
//! folder, which implements only the rules and the formats (`Family` and
//! `FamilyMaze`); the list below is the product's list (`family::ALL`)
//! with one more line. Everything else (reading mixed inputs, `solve`,
//! `check`, `convert`, `render`, `verify`) is the library's, unchanged.
//! The tools a family offers apart (a game for `play` and `edit`, random
//! mazes for `stress`, a contest problem for `package`) it leaves out, and
//! those commands say so of its mazes.
//!
//! ```text
//! cargo run --example grid_maze -- solve examples/grid_maze/sample.in
//! ```

mod grid;

use logicmaze::family::Family;

/// The families this program knows.
static FAMILIES: &[&dyn Family] = &[
    &logicmaze::family::arrow::Arrow,
    &logicmaze::family::dice::Dice,
    &logicmaze::family::minotaur::Minotaur,
    &grid::Grid,
];

fn main() -> std::process::ExitCode {
    logicmaze::cli::run(FAMILIES)
}
