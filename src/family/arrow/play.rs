//! Arrow mazes on the play page (the feature `play`): the game's script
//! and style (`play.js`, `play.css`), and each maze's board, drawn in
//! `render.rs`.

use super::{Arrow, ArrowMaze, render};
use crate::draw::Board;
use crate::family::{PlayFamily, PlayMaze};

impl PlayFamily for Arrow {
    fn script(&self) -> &'static str {
        include_str!("play.js")
    }

    fn css(&self) -> &'static str {
        include_str!("play.css")
    }

    fn played(&self) -> &'static str {
        "walked seeing only the sign in front (walk mode) or the whole map (overview)"
    }
}

impl PlayMaze for ArrowMaze {
    fn board(&self) -> Board {
        render::board(self)
    }
}
