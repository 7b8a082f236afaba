//! Arrow mazes in the editor (the feature `edit`): a blank design, and
//! the signs marked on the board. The edit keys are in `play.js`.

use super::{Arrow, ArrowMaze, HEADINGS};
use crate::analysis::{Marked, Part};
use crate::family::{EditFamily, EditMaze};
use crate::grid::Direction;
use crate::search::{self, StateId, StateSpace};

impl EditFamily for Arrow {
    /// The entrance in the bottom left corner heading north, the goal in
    /// the top right one, no intersection yet.
    fn blank(&self, name: &str, rows: u32, cols: u32) -> serde_json::Value {
        serde_json::json!({
            "family": "arrow", "name": name, "entrance": [rows, 1], "heading": "N",
            "goal": [1, cols], "intersections": [],
        })
    }

    fn off_route(&self) -> Option<&'static str> {
        Some("signs read on no shortest route")
    }
}

impl EditMaze for ArrowMaze {
    /// A state stands on the sign read on its arrival (on a square
    /// without one, where the walk stops, on its side of arrival); the
    /// goal's signs are never read.
    fn marked(&self) -> Marked {
        let part_of = |state: StateId| {
            let (cell, arriving) = (state as usize / HEADINGS, state as usize % HEADINGS);
            let arriving = Direction::from_index(arriving);
            let at = self.grid.position(cell)?;
            (cell != self.goal_cell).then_some(Part::approach(at, arriving))
        };
        Marked::of(
            &search::survey(self),
            StateSpace::state_count(self),
            part_of,
            true,
        )
    }
}
