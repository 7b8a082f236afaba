//! Theseus-and-the-Minotaur mazes on the play page (the feature `play`):
//! the game's script and style (`play.js`, `play.css`), and each maze's
//! board, drawn in `render.rs`.

use super::{Minotaur, MinotaurMaze, render};
use crate::draw::Board;
use crate::family::{PlayFamily, PlayMaze};

impl PlayFamily for Minotaur {
    fn script(&self) -> &'static str {
        include_str!("play.js")
    }

    fn css(&self) -> &'static str {
        include_str!("play.css")
    }

    fn played(&self) -> &'static str {
        "played by stepping Theseus or waiting, the Minotaur's two steps shown after each turn"
    }
}

impl PlayMaze for MinotaurMaze {
    fn board(&self) -> Board {
        render::board(self)
    }
}
