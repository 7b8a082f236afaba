//! What contest cases and `stress`'s runs share (the features `contest`
//! and `stress`): random mazes drawn again until one has a route, and a
//! maze's text under a name of the caller's.

use super::FamilyMaze;

/// The first of up to `draws` mazes that `draw` makes for which
/// `has_route` holds, or the first made when none does: random mazes
/// mostly have no route, which a solution finds out at once. Draws stop
/// at the first with a route, so the same draws give the same maze.
pub fn preferring_a_route<M>(
    draws: u32,
    mut draw: impl FnMut() -> M,
    has_route: impl Fn(&M) -> bool,
) -> M {
    let first = draw();
    if has_route(&first) {
        return first;
    }
    (1..draws)
        .map(|_| draw())
        .find(|maze| has_route(maze))
        .unwrap_or(first)
}

/// `maze` in the judges' format under the name `name`, without `END`.
pub fn judges_text(name: &str, maze: &(impl FamilyMaze + ?Sized)) -> String {
    let mut out = format!("{name}\n");
    maze.write_text(&mut out);
    out
}

/// How maze names are written: one word, or whole lines with spaces.
/// A contest problem states which its names are (by default words, as the
/// original statements said), and `stress` draws them so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Names {
    /// One word (`Maze1`): a program that reads the name as a word reads
    /// it right.
    #[default]
    Words,
    /// Whole lines, which may hold spaces, even two in a row (`Maze 1`):
    /// a program must read the whole line.
    Spaced,
}

impl Names {
    /// A name of words written so: `Long Route 1` with spaces, or the
    /// words run together, `LongRoute1`.
    ///
    /// ```
    /// use logicmaze::stress::Names;
    /// assert_eq!(Names::Words.of("Long Route 1"), "LongRoute1");
    /// assert_eq!(Names::Spaced.of("Long Route 1"), "Long Route 1");
    /// ```
    pub fn of(self, words: &str) -> String {
        match self {
            Names::Words => words.split(' ').collect(),
            Names::Spaced => words.to_string(),
        }
    }
}
