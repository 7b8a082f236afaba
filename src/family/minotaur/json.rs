//! A Theseus-and-the-Minotaur maze as a JSON document:
//! `{"family":"minotaur","name":...,"rows":R,"cols":C,"theseus":[r,c],"minotaur":[r,c],"exit":[r,c],"gap":"E","walls":[[r,c,"E"],...]}`.
//!
//! `walls` lists the inner walls, each as a square and the side of it the
//! wall is on (logicmaze writes each wall once, as the east or south side
//! of the square west or north of it); the border is walled but for the
//! gap, the side of the exit where the border is open.

use serde::{Deserialize, Serialize};

use super::{MinotaurError, MinotaurMaze};
use crate::family::{self, FamilyMaze, JsonDraft};
use crate::grid::{Direction, MazeError, Position};
use crate::read::json::{Located, Path, PathStep, at};

/// A Theseus-and-the-Minotaur maze as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinotaurDocument {
    /// The maze's name.
    pub name: String,
    /// Rows of squares.
    pub rows: u32,
    /// Columns of squares.
    pub cols: u32,
    /// Theseus's square at the start.
    pub theseus: Position,
    /// The Minotaur's square at the start.
    pub minotaur: Position,
    /// The exit square, on the border.
    pub exit: Position,
    /// The exit's side where the border is open.
    pub gap: Direction,
    /// The inner walls: a square, and the side of it (`"N"`, `"E"`, `"S"`
    /// or `"W"`) the wall is on.
    pub walls: Vec<(u32, u32, String)>,
}

/// The document with its `"family"` tag, as it is read and written.
#[derive(Serialize, Deserialize)]
#[serde(tag = "family")]
enum MazeDocument {
    #[serde(rename = "minotaur")]
    Minotaur(MinotaurDocument),
}

impl MinotaurDocument {
    /// The document of a maze.
    pub fn of(maze: &MinotaurMaze) -> MinotaurDocument {
        let mut walls = Vec::new();
        for at in maze.positions() {
            for side in [Direction::East, Direction::South] {
                let inner = !maze.borders(at, side);
                if inner && maze.wall(at, side) {
                    walls.push((at.row, at.col, side.letter().to_string()));
                }
            }
        }
        MinotaurDocument {
            name: maze.name().to_string(),
            rows: maze.rows(),
            cols: maze.cols(),
            theseus: maze.theseus(),
            minotaur: maze.minotaur(),
            exit: maze.exit(),
            gap: maze.gap(),
            walls,
        }
    }

    /// Builds the maze, or says what is wrong and where in the document.
    fn build(self) -> Result<MinotaurMaze, Located> {
        let pieces = [self.theseus, self.minotaur, self.exit];
        let mut maze = MinotaurMaze::new(self.name, self.rows, self.cols, pieces, self.gap)
            .map_err(|error| {
                let key = match &error {
                    MinotaurError::Grid(MazeError::Outside {
                        what: "Theseus", ..
                    })
                    | MinotaurError::SameSquare(_) => "theseus",
                    MinotaurError::Grid(MazeError::Outside {
                        what: "the Minotaur",
                        ..
                    }) => "minotaur",
                    MinotaurError::Grid(MazeError::Outside { .. })
                    | MinotaurError::ExitInside(_) => "exit",
                    MinotaurError::GapInside { .. } => "gap",
                    _ => "rows",
                };
                at(&[PathStep::Key(key)])(error)
            })?;
        for (index, (row, col, side)) in self.walls.iter().enumerate() {
            let path = [PathStep::Key("walls"), PathStep::Index(index)];
            let side = match side.as_bytes() {
                [letter] => Direction::from_letter(*letter),
                _ => None,
            }
            .ok_or_else(|| at(&path)(MinotaurError::Side(side.clone())))?;
            maze.set_wall(Position::new(*row, *col), side, true)
                .map_err(at(&path))?;
        }
        Ok(maze)
    }
}

/// The tagged document of `maze`, to serialise.
pub(super) fn tagged(maze: &MinotaurMaze) -> impl Serialize + use<> {
    MazeDocument::Minotaur(MinotaurDocument::of(maze))
}

/// Reads a tagged document.
pub(super) fn read(text: &[u8]) -> Result<Box<dyn JsonDraft>, serde_json::Error> {
    let MazeDocument::Minotaur(document) = serde_json::from_slice(text)?;
    Ok(Box::new(document))
}

impl JsonDraft for MinotaurDocument {
    fn name(&self) -> &str {
        &self.name
    }

    fn state_count(&self) -> u64 {
        super::text::state_count(self.rows, self.cols)
    }

    fn size_path(&self) -> Path {
        vec![PathStep::Key("rows")]
    }

    fn build(self: Box<Self>) -> Result<family::Maze, Located> {
        MinotaurDocument::build(*self).map(family::Maze::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_reads_back_as_its_maze() {
        let maze = super::super::random_maze(5, 6, 7);
        let json = serde_json::to_string(&tagged(&maze)).unwrap();
        assert!(
            json.starts_with(r#"{"family":"minotaur","name":"#),
            "{json}"
        );
        let back = read(json.as_bytes()).unwrap().build().unwrap();
        assert_eq!(back, family::Maze::from(maze));
    }

    #[test]
    fn a_wrong_wall_is_placed_in_the_document() {
        let document = |walls: &str| {
            format!(
                r#"{{"family":"minotaur","name":"m","rows":2,"cols":2,"theseus":[1,1],"minotaur":[2,2],"exit":[1,2],"gap":"E","walls":{walls}}}"#
            )
        };
        for (walls, path, says) in [
            (
                r#"[[1,1,"E"],[1,1,"Q"]]"#,
                1,
                "expected a side N, E, S or W, found 'Q'",
            ),
            (r#"[[1,2,"E"]]"#, 0, "the border, which is walled already"),
            (r#"[[3,1,"S"]]"#, 0, "lies outside the 2×2 maze"),
        ] {
            let text = document(walls);
            let error = match read(text.as_bytes()).unwrap().build() {
                Err(error) => error,
                Ok(_) => panic!("{walls}"),
            };
            assert_eq!(
                error.1,
                vec![PathStep::Key("walls"), PathStep::Index(path)],
                "{walls}"
            );
            assert!(error.0.to_string().contains(says), "{}", error.0);
        }
    }
}
