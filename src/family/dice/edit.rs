//! Dice mazes in the editor (the feature `edit`): a blank design, and the
//! squares marked on the board. The edit keys are in `play.js`.

use super::{Dice, DiceMaze, cell_of};
use crate::analysis::{Marked, Part};
use crate::family::{EditFamily, EditMaze};
use crate::search::{self, StateId, StateSpace};

impl EditFamily for Dice {
    /// No square but the start, wild, the die with 1 on top and 2 in
    /// front.
    fn blank(&self, name: &str, rows: u32, cols: u32) -> serde_json::Value {
        let mut squares = vec![vec![0i8; cols as usize]; rows as usize];
        squares[0][0] = -1;
        serde_json::json!({
            "family": "dice", "name": name, "rows": rows, "cols": cols, "start": [1, 1],
            "top": 1, "front": 2, "squares": squares,
        })
    }
}

impl EditMaze for DiceMaze {
    /// A state stands on the die's square.
    fn marked(&self) -> Marked {
        let part_of = |state: StateId| self.grid.position(cell_of(state)).map(Part::Cell);
        Marked::of(
            &search::survey(self),
            StateSpace::state_count(self),
            part_of,
            false,
        )
    }
}
