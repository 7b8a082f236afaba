//! What a family offers `logicmaze stress` (the feature `stress`,
//! [`stress`](crate::stress)): random mazes to run a program on
//! ([`StressFamily`]), and each maze's simpler mazes to shrink a failure
//! with ([`StressMaze`]; [`shrink`](super::shrink) takes rows and columns out).

use super::Maze;
use super::draws::NameRule;

/// A family's random mazes, offered by
/// [`Family::stress`](super::Family::stress); its mazes offer
/// [`StressMaze`].
///
/// ```
/// use logicmaze::family::{Families, StressFamily};
/// let dice = Families::BUILT_IN.named("dice").unwrap();
/// let random: &dyn StressFamily = dice.stress().unwrap();
/// assert_eq!(random.random(7, 3, 4, 50).size(), (3, 4));
/// assert_eq!(random.random(7, 3, 4, 50), random.random(7, 3, 4, 50));
/// ```
pub trait StressFamily: Sync {
    /// A random `rows × cols` maze drawn from `seed`, with `density`
    /// percent of what its mazes hold (signs, wild squares, walls).
    fn random(&self, seed: u64, rows: u32, cols: u32, density: u32) -> Maze;

    /// What a maze's name may be, as the family's original statement says:
    /// the names `stress` draws by default.
    fn names(&self) -> NameRule;
}

/// A maze's simpler mazes, offered by
/// [`FamilyMaze::stress`](super::FamilyMaze::stress).
pub trait StressMaze {
    /// The mazes one step simpler than this one (a row or a column fewer,
    /// a part fewer), for shrinking a maze a program gets wrong.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let maze = Maze::parse("M\n3 1 N 1 1\n2 1 NF *\n0\n")?;
    /// let simpler = maze.stress().unwrap().simpler();
    /// // Row 2 taken out, or its intersection.
    /// assert!(simpler.iter().any(|fewer| fewer.size() == (2, 1)));
    /// assert!(simpler.iter().any(|fewer| fewer.size() == (3, 1)));
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    fn simpler(&self) -> Vec<Maze>;
}
