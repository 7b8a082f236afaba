//! What a family offers the play page (the feature `play`,
//! [`play`](crate::play)): its game, a script against the page's shared
//! code, with the style of what it draws and the words the help says it
//! with ([`PlayFamily`]), and each maze's board and data for that script
//! ([`PlayMaze`]). A family without them is solved, checked and drawn all
//! the same, but not played.

use crate::draw::Board;

/// A family's game on the play page, offered by
/// [`Family::play`](super::Family::play); its mazes offer [`PlayMaze`].
///
/// ```
/// use logicmaze::family::{Families, PlayFamily};
/// let dice = Families::BUILT_IN.named("dice").unwrap();
/// let game: &dyn PlayFamily = dice.play().unwrap();
/// assert!(game.script().contains("GAMES.dice = "));
/// assert!(game.played().contains("the die"));
/// ```
pub trait PlayFamily: Sync {
    /// The script that plays its mazes on the page `logicmaze play`
    /// writes: it adds `GAMES.name = (maze, extra) => game` against the
    /// page's shared code (see `src/play/midend.js` for what a game
    /// holds) and, for the editor, `EDITORS.name` (its edit keys).
    fn script(&self) -> &'static str;

    /// The style sheet of what its script draws on the page, beside the
    /// page's own (classes of its own, named after the family's pieces).
    fn css(&self) -> &'static str {
        ""
    }

    /// How the page shows its mazes, for `play --help`: `walked seeing
    /// only the sign in front ...`.
    fn played(&self) -> &'static str;
}

/// What the play page asks of one maze, offered by
/// [`FamilyMaze::play`](super::FamilyMaze::play).
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// let board = serde_json::to_value(maze.play().unwrap().board()).unwrap();
/// assert_eq!((board["rows"].as_u64(), board["cols"].as_u64()), (Some(3), Some(1)));
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub trait PlayMaze {
    /// The drawing the play page paints, a cell at a time: what
    /// [`FamilyMaze::draw`](super::FamilyMaze::draw) draws of the maze
    /// alone, less its title, legend and border numbers (the page writes
    /// those) and the pieces its play script draws itself.
    fn board(&self) -> Board;

    /// What the family's play script needs besides the maze's document
    /// and route (`null` when nothing).
    fn extra(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
}
