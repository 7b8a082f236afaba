//! Theseus-and-the-Minotaur mazes in the editor (the feature `edit`): a
//! blank design, and the squares marked on the board. The edit keys are
//! in `play.js`.

use super::{Minotaur, MinotaurMaze};
use crate::analysis::{Marked, Part};
use crate::family::{EditFamily, EditMaze};
use crate::search::{self, StateId, StateSpace};

impl EditFamily for Minotaur {
    /// No wall inside: Theseus in the bottom left corner, the Minotaur in
    /// the bottom right one, the exit in the top right corner's north side.
    fn blank(&self, name: &str, rows: u32, cols: u32) -> serde_json::Value {
        serde_json::json!({
            "family": "minotaur", "name": name, "rows": rows, "cols": cols,
            "theseus": [rows, 1], "minotaur": [rows, cols], "exit": [1, cols], "gap": "N",
            "walls": [],
        })
    }
}

impl EditMaze for MinotaurMaze {
    /// A state stands on Theseus's square.
    fn marked(&self) -> Marked {
        let part_of = |state: StateId| self.grid.position(self.cells_of(state).0).map(Part::Cell);
        Marked::of(
            &search::survey(self),
            StateSpace::state_count(self),
            part_of,
            false,
        )
    }
}
