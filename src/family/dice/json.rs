//! A dice maze as a JSON document:
//! `{"family":"dice","name":...,"rows":R,"cols":C,"start":[r,c],"top":T,"front":F,"squares":[[...],...]}`.

use serde::{Deserialize, Serialize};

use super::{DiceError, DiceMaze, Die, DieError, Square};
use crate::family::FamilyMaze;
use crate::family::{self, JsonDraft};
use crate::grid::{Grid, MazeError, Position};
use crate::read::json::{Located, Path, PathStep, at};

/// A dice maze as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceDocument {
    /// The maze's name.
    pub name: String,
    /// Rows of squares.
    pub rows: u32,
    /// Columns of squares.
    pub cols: u32,
    /// The square the die starts on and returns to.
    pub start: Position,
    /// The die's top face at the start.
    pub top: i64,
    /// The die's front (south) face at the start.
    pub front: i64,
    /// The squares, row by row: -1 wild, 0 none, 1 to 6 numbered.
    pub squares: Vec<Vec<i64>>,
}

/// The document with its `"family"` tag, as it is read and written. (One
/// variant: a document reaches this family's reader only when its tag
/// names the family.)
#[derive(Serialize, Deserialize)]
#[serde(tag = "family")]
enum MazeDocument {
    #[serde(rename = "dice")]
    Dice(DiceDocument),
}

impl DiceDocument {
    /// The document of a dice maze.
    pub fn of(maze: &DiceMaze) -> DiceDocument {
        DiceDocument {
            name: maze.name().to_string(),
            rows: maze.rows(),
            cols: maze.cols(),
            start: maze.start(),
            top: maze.die().top() as i64,
            front: maze.die().front() as i64,
            squares: (1..=maze.rows())
                .map(|row| {
                    (1..=maze.cols())
                        .map(|col| maze.square(Position::new(row, col)).number() as i64)
                        .collect()
                })
                .collect(),
        }
    }

    /// Builds the maze, or says what is wrong and where in the document.
    fn build(self) -> Result<DiceMaze, Located> {
        let die = Die::new(self.top, self.front).map_err(|error| {
            let face = match error {
                DieError::FaceOutOfRange { face: "top", .. } => "top",
                _ => "front",
            };
            at(&[PathStep::Key(face)])(DiceError::from(error))
        })?;
        let mut maze =
            DiceMaze::new(self.name, self.rows, self.cols, self.start, die).map_err(|error| {
                let key = match error {
                    MazeError::Outside { .. } => "start",
                    _ => "rows",
                };
                at(&[PathStep::Key(key)])(error)
            })?;
        let squares = PathStep::Key("squares");
        if self.squares.len() != self.rows as usize {
            let kind = DiceError::RowCount {
                maze: maze.name().to_string(),
                expected: self.rows,
                found: self.squares.len(),
            };
            return Err((kind.into(), vec![squares]));
        }
        for (row, numbers) in (1..).zip(&self.squares) {
            let row_path = [squares, PathStep::Index(row as usize - 1)];
            if numbers.len() != self.cols as usize {
                let kind = DiceError::RowLength {
                    maze: maze.name().to_string(),
                    row,
                    expected: self.cols,
                    found: numbers.len(),
                };
                return Err((kind.into(), row_path.to_vec()));
            }
            for (col, &number) in (1..).zip(numbers) {
                let path = [squares, row_path[1], PathStep::Index(col as usize - 1)];
                let square = Square::from_number(number).ok_or_else(|| {
                    let found = crate::read::quote(number.to_string().as_bytes());
                    (DiceError::BadSquare { found }.into(), path.to_vec())
                })?;
                maze.set_square(Position::new(row, col), square)
                    .map_err(at(&path))?;
            }
        }
        Ok(maze)
    }
}

/// The tagged document of `maze`, to serialise.
pub(super) fn tagged(maze: &DiceMaze) -> impl Serialize + use<> {
    MazeDocument::Dice(DiceDocument::of(maze))
}

/// Reads a tagged document.
pub(super) fn read(text: &[u8]) -> Result<Box<dyn JsonDraft>, serde_json::Error> {
    let MazeDocument::Dice(document) = serde_json::from_slice(text)?;
    Ok(Box::new(document))
}

impl JsonDraft for DiceDocument {
    fn name(&self) -> &str {
        &self.name
    }

    fn state_count(&self) -> u64 {
        Grid::state_count(self.rows, self.cols, DiceMaze::STATES_PER_CELL).unwrap_or(0)
    }

    fn size_path(&self) -> Path {
        vec![PathStep::Key("rows")]
    }

    fn build(self: Box<Self>) -> Result<family::Maze, Located> {
        DiceDocument::build(*self).map(family::Maze::from)
    }
}

/// A dice maze serialises as its [`DiceDocument`] (without the `family`
/// tag).
///
/// ```
/// use logicmaze::family::dice::{Die, DiceMaze};
/// use logicmaze::Position;
/// let maze = DiceMaze::new("d", 1, 2, Position::new(1, 1), Die::new(1, 2)?)?;
/// let json = serde_json::to_string(&maze).unwrap();
/// assert_eq!(json, r#"{"name":"d","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[0,0]]}"#);
/// assert_eq!(serde_json::from_str::<DiceMaze>(&json).unwrap(), maze);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for DiceMaze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DiceDocument::of(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DiceMaze {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<DiceMaze, D::Error> {
        DiceDocument::deserialize(deserializer)?
            .build()
            .map_err(|(kind, _)| serde::de::Error::custom(kind))
    }
}
