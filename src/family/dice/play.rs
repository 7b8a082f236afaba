//! Dice mazes on the play page (the feature `play`): the game's script
//! and style (`play.js`, `play.css`), and each maze's board, drawn in
//! `render.rs`, with the die's east face for the page's die.

use super::{Dice, DiceMaze, render};
use crate::draw::Board;
use crate::family::{PlayFamily, PlayMaze};

impl PlayFamily for Dice {
    fn script(&self) -> &'static str {
        include_str!("play.js")
    }

    fn css(&self) -> &'static str {
        include_str!("play.css")
    }

    fn played(&self) -> &'static str {
        "shown with the die on its square and its net beside the board"
    }
}

impl PlayMaze for DiceMaze {
    fn board(&self) -> Board {
        render::board(self)
    }

    /// The die's east face, which the page's die shows.
    fn extra(&self) -> serde_json::Value {
        serde_json::json!({ "east": self.die().east() })
    }
}
