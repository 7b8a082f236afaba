//! An arrow maze as a JSON document:
//! `{"family":"arrow","name":...,"entrance":[r,c],"heading":"N","goal":[r,c],"intersections":[...]}`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{ArrowMaze, Sign};
use crate::family::FamilyMaze;
use crate::family::{self, JsonDraft};
use crate::grid::{Direction, Grid, Position};
use crate::read::json::{Located, Path, PathStep, at};

/// An arrow maze as JSON. Its rows and columns are not stored: as in the
/// judges' format they are the largest coordinates used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrowDocument {
    /// The maze's name.
    pub name: String,
    /// Where the walker starts.
    pub entrance: Position,
    /// The direction of the first step.
    pub heading: Direction,
    /// Where the route ends.
    pub goal: Position,
    /// The listed intersections, in row-major order.
    pub intersections: Vec<IntersectionDocument>,
}

/// One intersection: its signs by approach direction, each the allowed
/// turns as letters `L`, `F`, `R` (`{"N": "LF", "W": "R"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntersectionDocument {
    /// Where it is.
    pub at: Position,
    /// Its signs; approaches without a sign are left out.
    pub signs: BTreeMap<Direction, Sign>,
}

/// The document with its `"family"` tag, as it is read and written. (One
/// variant: a document reaches this family's reader only when its tag
/// names the family.)
#[derive(Serialize, Deserialize)]
#[serde(tag = "family")]
enum MazeDocument {
    #[serde(rename = "arrow")]
    Arrow(ArrowDocument),
}

impl ArrowDocument {
    /// The document of an arrow maze.
    pub fn of(maze: &ArrowMaze) -> ArrowDocument {
        ArrowDocument {
            name: maze.name().to_string(),
            entrance: maze.entrance(),
            heading: maze.heading(),
            goal: maze.goal(),
            intersections: maze
                .intersections()
                .map(|(at, signs)| IntersectionDocument {
                    at,
                    signs: Direction::ALL
                        .into_iter()
                        .zip(signs)
                        .filter(|(_, sign)| !sign.is_empty())
                        .collect(),
                })
                .collect(),
        }
    }

    /// Rows and columns, as the judges' format infers them: the largest
    /// row and column of the entrance, the goal and the intersections.
    pub fn size(&self) -> (u32, u32) {
        [self.entrance, self.goal]
            .into_iter()
            .chain(self.intersections.iter().map(|i| i.at))
            .fold((0, 0), |(rows, cols), p| (p.row.max(rows), p.col.max(cols)))
    }

    /// Builds the maze, or says what is wrong and where in the document.
    fn build(self) -> Result<ArrowMaze, Located> {
        let (rows, cols) = self.size();
        let mut maze = ArrowMaze::new(
            self.name,
            rows,
            cols,
            self.entrance,
            self.heading,
            self.goal,
        )
        .map_err(at(&[]))?;
        for (i, intersection) in self.intersections.into_iter().enumerate() {
            let mut signs = [Sign::NONE; 4];
            for (arriving, sign) in intersection.signs {
                signs[arriving.index()] = sign;
            }
            let path = [
                PathStep::Key("intersections"),
                PathStep::Index(i),
                PathStep::Key("at"),
            ];
            maze.add_intersection(intersection.at, signs)
                .map_err(at(&path))?;
        }
        Ok(maze)
    }
}

/// The tagged document of `maze`, to serialise.
pub(super) fn tagged(maze: &ArrowMaze) -> impl Serialize + use<> {
    MazeDocument::Arrow(ArrowDocument::of(maze))
}

/// Reads a tagged document.
pub(super) fn read(text: &[u8]) -> Result<Box<dyn JsonDraft>, serde_json::Error> {
    let MazeDocument::Arrow(document) = serde_json::from_slice(text)?;
    Ok(Box::new(document))
}

impl JsonDraft for ArrowDocument {
    fn name(&self) -> &str {
        &self.name
    }

    fn state_count(&self) -> u64 {
        let (rows, cols) = self.size();
        Grid::state_count(rows, cols, ArrowMaze::STATES_PER_CELL).unwrap_or(0)
    }

    /// An arrow maze's size is where its coordinates reach: no one value.
    fn size_path(&self) -> Path {
        Vec::new()
    }

    fn build(self: Box<Self>) -> Result<family::Maze, Located> {
        ArrowDocument::build(*self).map(family::Maze::from)
    }
}

/// An arrow maze serialises as its [`ArrowDocument`] (without the
/// `family` tag).
///
/// ```
/// use logicmaze::family::arrow::ArrowMaze;
/// use logicmaze::{Direction, Position};
/// let maze = ArrowMaze::new("m", 1, 2, Position::new(1, 1), Direction::East, Position::new(1, 2))?;
/// let json = serde_json::to_string(&maze).unwrap();
/// assert_eq!(json, r#"{"name":"m","entrance":[1,1],"heading":"E","goal":[1,2],"intersections":[]}"#);
/// assert_eq!(serde_json::from_str::<ArrowMaze>(&json).unwrap(), maze);
/// # Ok::<(), logicmaze::MazeError>(())
/// ```
impl Serialize for ArrowMaze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ArrowDocument::of(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ArrowMaze {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ArrowMaze, D::Error> {
        ArrowDocument::deserialize(deserializer)?
            .build()
            .map_err(|(kind, _)| serde::de::Error::custom(kind))
    }
}
