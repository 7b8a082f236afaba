//! What can be wrong with a Theseus-and-the-Minotaur maze, in one enum: as
//! drawn (or in its JSON document), and as built ([`MinotaurMaze::new`],
//! [`MinotaurMaze::set_wall`]), so that a program matches one type for the family.
//!
//! [`MinotaurMaze::new`]: super::MinotaurMaze::new
//! [`MinotaurMaze::set_wall`]: super::MinotaurMaze::set_wall

use crate::grid::{MazeError, Position};
use crate::read::FamilyReadError;

/// What can be wrong with a maze of the family, beyond what every format
/// checks: in its drawing or its JSON document, or in what it would be
/// made of.
///
/// ```
/// use logicmaze::family::minotaur::{MinotaurMaze, MinotaurError};
/// use logicmaze::{Direction, Position};
/// let p = Position::new;
/// let made = MinotaurMaze::new("M", 1, 3, [p(1, 2), p(1, 2), p(1, 1)], Direction::West);
/// assert_eq!(made, Err(MinotaurError::SameSquare(p(1, 2))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MinotaurError {
    /// The grid's size, or a position outside it.
    #[error(transparent)]
    Grid(#[from] MazeError),
    /// Theseus and the Minotaur on one square.
    #[error("Theseus and the Minotaur both start on {0}: Theseus would be eaten at once")]
    SameSquare(Position),
    /// An exit away from the border.
    #[error("the exit {0} is not on the border: its gap must open out of the maze")]
    ExitInside(Position),
    /// A gap on a side of the exit that is not the border's.
    #[error("the exit {exit}'s gap is on its {side} side, which is not on the border")]
    GapInside {
        /// The exit.
        exit: Position,
        /// The side asked for.
        side: &'static str,
    },
    /// A wall on the border, which is walled already.
    #[error("the {side} side of {at} is the border, which is walled already")]
    Wall {
        /// The wall's square.
        at: Position,
        /// The side of it, by name.
        side: &'static str,
    },
    /// A character where the drawing has no place for it.
    #[error("expected {expected} in line {line} of the drawing of maze '{maze}', found {found}")]
    Drawing {
        /// The maze being read.
        maze: String,
        /// The drawing's line, 1-based.
        line: u32,
        /// What belongs there.
        expected: &'static str,
        /// What is there, quoted.
        found: String,
    },
    /// A line longer than the drawing.
    #[error(
        "line {line} of the drawing of maze '{maze}' is longer than the drawing's {width} characters (4 × columns + 1)"
    )]
    TooWide {
        /// The maze being read.
        maze: String,
        /// The drawing's line, 1-based.
        line: u32,
        /// The drawing's width.
        width: usize,
    },
    /// A second Theseus, Minotaur or exit.
    #[error("a second {piece} at {at}: the first is at {first}")]
    Twice {
        /// What it is.
        piece: &'static str,
        /// Where the second is.
        at: Position,
        /// Where the first is.
        first: Position,
    },
    /// No Theseus, Minotaur or exit in the drawing.
    #[error("maze '{maze}' has no {piece} ({letter})")]
    Missing {
        /// The maze being read.
        maze: String,
        /// What is missing.
        piece: &'static str,
        /// Its letter.
        letter: char,
    },
    /// An opening in the border that is not beside the exit.
    #[error(
        "the border is open on the {side} side of {at}, where there is no exit: the only gap is beside the exit"
    )]
    StrayGap {
        /// The square.
        at: Position,
        /// Its side.
        side: &'static str,
    },
    /// An exit with no gap beside it, or with two.
    #[error("the exit {at} has {gaps} gaps in the border beside it: it needs exactly one")]
    Gaps {
        /// The exit.
        at: Position,
        /// How many.
        gaps: usize,
    },
    /// Wall lists in JSON: a side that is not one.
    #[error("expected a side N, E, S or W, found '{0}'")]
    Side(String),
}

impl FamilyReadError for MinotaurError {
    fn hint(&self) -> Option<&'static str> {
        match self {
            MinotaurError::Drawing { .. } | MinotaurError::TooWide { .. } => Some(
                "rows of walls read +---+ or +   +; rows of squares read |   | with T, M or E inside",
            ),
            MinotaurError::Gaps { .. } | MinotaurError::StrayGap { .. } => {
                Some("leave the border open only beside the exit, E: a space for its | or ---")
            }
            _ => None,
        }
    }
}
