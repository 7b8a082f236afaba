//! What a family offers the editor (the feature `edit`, `logicmaze edit`,
//! [`play::edit`](crate::play::edit)): a blank maze to start a design
//! from and the words for what the editor marks ([`EditFamily`]), and
//! what a designer sees marked on each maze ([`EditMaze`]). The editor's page is the play
//! page, so a family it edits also offers its game
//! ([`PlayFamily`](super::PlayFamily)), whose script holds the edit keys.

use crate::analysis::Marked;

/// A family's part in the editor, offered by
/// [`Family::edit`](super::Family::edit); its mazes offer [`EditMaze`].
///
/// ```
/// use logicmaze::family::{EditFamily, Families};
/// let arrow = Families::BUILT_IN.named("arrow").unwrap();
/// let editor: &dyn EditFamily = arrow.edit().unwrap();
/// assert_eq!(editor.blank("NEW", 3, 4)["goal"], serde_json::json!([1, 4]));
/// assert_eq!(editor.off_route(), Some("signs read on no shortest route"));
/// ```
pub trait EditFamily: Sync {
    /// A blank `rows × cols` maze named `name`, the start of a design in
    /// `logicmaze edit`, as its JSON document. (The editor's keys are its
    /// play script's `EDITORS.name`.)
    fn blank(&self, name: &str, rows: u32, cols: u32) -> serde_json::Value;

    /// What the editor calls the parts reached that no shortest route
    /// passes, if it marks them ([`Marked::off_route`]): `signs read on no
    /// shortest route`.
    fn off_route(&self) -> Option<&'static str> {
        None
    }
}

/// What the editor asks of one maze, offered by
/// [`FamilyMaze::edit`](super::FamilyMaze::edit).
pub trait EditMaze {
    /// What a designer sees marked on the board (`logicmaze edit`): dead
    /// ends, and the parts no shortest route passes where the family marks
    /// them.
    ///
    /// ```
    /// use logicmaze::{Maze, Part};
    /// let example = std::fs::read_to_string("examples/dice.in")?;
    /// // The file's first maze.
    /// let maze = Maze::parse_all(&example).next().unwrap()?;
    /// let marked = maze.edit().unwrap().marked();
    /// assert!(marked.dead_ends.iter().all(|part| matches!(part, Part::Cell(_))));
    /// assert!(marked.off_route.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn marked(&self) -> Marked;
}
