//! The way in for a program that has a maze in hand: [`Maze`]'s own
//! methods to read one from text or JSON, solve and check it, write it and
//! its answer in the judges' format, and draw it.
//!
//! ```
//! use logicmaze::Maze;
//!
//! let maze: Maze = "ONE\n3 1 N 1 1\n2 1 NF *\n0\nEND\n".parse()?;
//! assert_eq!(maze.solution_text(), "ONE\n  (3,1) (2,1) (1,1)\n");
//! # Ok::<(), logicmaze::ParseMazeError>(())
//! ```
//!
//! The methods here are the common cases of the rooms below them: a file
//! of many mazes read with jobs and limits is [`batch`](crate::batch)'s,
//! a maze's route checked move by move is [`route`](crate::route)'s.

use std::collections::VecDeque;
use std::str::FromStr;

use serde::de::IgnoredAny;

use crate::analysis::Analysis;
use crate::family::{Families, Family, FamilyProblem, Maze, Parsed};
use crate::input::{InputFormat, MazeReader};
use crate::read::{Limits, ParseError};
use crate::route::Route;
use crate::text::UnwritableName;
use crate::{json, render, text};

/// Why a text is not one maze: it holds none, more than one, or a maze that
/// does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMazeError {
    /// The text holds no maze: it is empty, blank, or `END` alone.
    #[error("the text holds no maze")]
    NoMaze,
    /// The text holds more than one maze.
    #[error("the text holds more than one maze: the second, '{second}', begins the trouble")]
    MoreThanOne {
        /// The second maze's name.
        second: String,
    },
    /// The maze does not read: where, and why.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl ParseMazeError {
    /// The family's own problem, when the maze does not read for one, as
    /// its family's type ([`FamilyProblem`], which shows one matched).
    pub fn family_problem(&self) -> Option<FamilyProblem<'_>> {
        match self {
            ParseMazeError::Parse(error) => error.family_problem(),
            _ => None,
        }
    }
}

impl Maze {
    /// The one maze of `text`, in the judges' format of any family or as
    /// a JSON document (told apart by the first line). `END` may end it or
    /// not.
    ///
    /// # Errors
    ///
    /// [`ParseMazeError::Parse`] where the maze does not read, with its
    /// line and column (a family's own problem matched as its type by
    /// [`ParseMazeError::family_problem`]); [`ParseMazeError::NoMaze`] or
    /// [`ParseMazeError::MoreThanOne`] where the text does not hold
    /// exactly one maze.
    ///
    /// ```
    /// use logicmaze::{Maze, ParseMazeError};
    /// let maze = Maze::parse("D\n1 2 1 1 1 2\n-1 -1\n")?;
    /// assert_eq!((maze.name(), maze.size()), ("D", (1, 2)));
    /// assert!(matches!(Maze::parse("END\n"), Err(ParseMazeError::NoMaze)));
    /// let error = Maze::parse("D\n1 2 1 1 9 2\n-1 -1\n").unwrap_err();
    /// assert_eq!(error.to_string(), "2:9: the die's top face must be 1 to 6, found 9");
    /// # Ok::<(), ParseMazeError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Maze, ParseMazeError> {
        one_maze(Maze::parse_all(text))
    }

    /// Every maze of `text`, in order, each a maze or the error that made
    /// the reader skip it; the reader goes on after an error, at the next
    /// maze. Warnings (no `END` line, text after it) are left out. The
    /// text is read as the iterator is advanced, a maze at a time.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let text = "A\n3 1 N 1 1\n2 1 NF *\n0\nB\n3 1 N 1 1\n2 1 NX *\n0\nEND\n";
    /// let read: Vec<_> = Maze::parse_all(text).collect();
    /// assert_eq!(read[0].as_ref().unwrap().name(), "A");
    /// assert_eq!(read[1].as_ref().unwrap_err().line, 7);
    /// assert_eq!(read.len(), 2);
    /// ```
    pub fn parse_all(text: &str) -> Mazes<'_> {
        Mazes::new(text, None)
    }

    /// The maze of a JSON document: on one line, as [`Maze::to_json`]
    /// writes it, or over several, as `serde_json::to_string_pretty`
    /// does (`logicmaze docs json` says what it holds).
    ///
    /// # Errors
    ///
    /// As [`Maze::parse`]: a document that is not a maze's, with its
    /// line and column, or a text of no document or of several (one a
    /// line, as `logicmaze convert` writes them).
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let maze = Maze::parse("M\n3 1 N 2 1\n1 1 WL NR *\n0\n")?;
    /// assert_eq!(Maze::from_json(&maze.to_json())?, maze);
    /// let pretty = serde_json::to_string_pretty(&maze).expect("a maze is JSON");
    /// assert_eq!(Maze::from_json(&pretty)?, maze);
    /// assert!(Maze::from_json(r#"{"family":"dice","rows":1}"#).is_err());
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    pub fn from_json(text: &str) -> Result<Maze, ParseMazeError> {
        let (bytes, _) = crate::read::without_byte_order_mark(text.as_bytes());
        let mut documents = serde_json::Deserializer::from_slice(bytes).into_iter::<IgnoredAny>();
        match (documents.next(), documents.next()) {
            // One document, or one that does not read, or one with more
            // after it that does not: read whole, over its lines, the
            // error where it is.
            (Some(Ok(_)), None | Some(Err(_))) | (Some(Err(_)), _) => {
                let reader = json::Reader::new(Families::BUILT_IN, Limits::default());
                Ok(reader.read_document_text(bytes)?)
            }
            // None, or several: read a document a line, which says which
            // (several pretty ones, over many lines each, are read so too:
            // an error at the first's end).
            _ => one_maze(Mazes::new(text, Some(InputFormat::Json))),
        }
    }

    /// The maze as one line of JSON, tagged with its family's name.
    pub fn to_json(&self) -> String {
        json::maze(self)
    }

    /// The maze in its family's judges' format, as [`Maze::parse`] reads
    /// it, without the `END` line.
    ///
    /// # Errors
    ///
    /// A name the judges' format cannot hold (`END`, a name that would
    /// read as a header, a line break): JSON can.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let text = "D\n1 2 1 1 1 2\n-1 -1\n";
    /// assert_eq!(Maze::parse(text)?.to_text()?, text);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text(&self) -> Result<String, UnwritableName> {
        let mut out = String::new();
        text::write_maze(&mut out, self)?;
        Ok(out)
    }

    /// The family the maze is of.
    pub fn family(&self) -> &'static dyn Family {
        (**self).family()
    }

    /// The maze's name.
    pub fn name(&self) -> &str {
        (**self).name()
    }

    /// Rows and columns.
    pub fn size(&self) -> (u32, u32) {
        (**self).size()
    }

    /// A shortest route from the start to the goal, if there is one: of
    /// the shortest, the first in the family's order of moves, the same
    /// every time.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let maze = Maze::parse("ONE\n3 1 N 1 1\n2 1 NF *\n0\n")?;
    /// assert_eq!(maze.solve().map(|route| route.moves()), Some(2));
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    pub fn solve(&self) -> Option<Route> {
        (**self).solve()
    }

    /// What `logicmaze check` finds: whether the shortest route is unique
    /// (counted exactly), its length, and the parts of the maze no
    /// shortest route uses.
    ///
    /// ```
    /// use logicmaze::{Maze, Uniqueness};
    /// let maze = Maze::parse("ONE\n3 1 N 1 1\n2 1 NF *\n0\n")?;
    /// assert_eq!(maze.check().verdict, Uniqueness::Unique);
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    pub fn check(&self) -> Analysis {
        self.analyse()
    }

    /// The judges' answer for this maze: its name, then a shortest route
    /// laid out as the family's judges wanted, or `No Solution Possible`.
    pub fn solution_text(&self) -> String {
        let mut out = String::new();
        text::write_solution(&mut out, self, self.solve().as_ref());
        out
    }

    /// The maze drawn as an SVG document, `route` over it when given.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let maze = Maze::parse("ONE\n3 1 N 1 1\n2 1 NF *\n0\n")?;
    /// assert!(maze.to_svg(maze.solve().as_ref()).starts_with("<svg"));
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    pub fn to_svg(&self, route: Option<&Route>) -> String {
        render::svg(self, route)
    }
}

impl FromStr for Maze {
    type Err = ParseMazeError;

    /// As [`Maze::parse`].
    fn from_str(text: &str) -> Result<Maze, ParseMazeError> {
        Maze::parse(text)
    }
}

/// The only maze of `read`.
fn one_maze(mut read: Mazes<'_>) -> Result<Maze, ParseMazeError> {
    let maze = read.next().ok_or(ParseMazeError::NoMaze)??;
    match read.next() {
        None => Ok(maze),
        Some(Ok(second)) => Err(ParseMazeError::MoreThanOne {
            second: second.name().to_string(),
        }),
        Some(Err(error)) => Err(error.into()),
    }
}

/// The mazes of a text, read as they are asked for ([`Maze::parse_all`]).
#[derive(Debug)]
pub struct Mazes<'a> {
    rest: &'a [u8],
    reader: MazeReader,
    read: VecDeque<Result<Maze, ParseError>>,
    finished: bool,
}

impl<'a> Mazes<'a> {
    fn new(text: &'a str, format: Option<InputFormat>) -> Mazes<'a> {
        let (rest, _) = crate::read::without_byte_order_mark(text.as_bytes());
        Mazes {
            rest,
            reader: MazeReader::new(Families::BUILT_IN, format, None, Limits::default()),
            read: VecDeque::new(),
            finished: false,
        }
    }

    /// Reads lines until something is read or the text ends.
    fn read_on(&mut self) {
        while self.read.is_empty() && !self.finished {
            let read = &mut self.read;
            let mut keep = |item: Parsed| match item {
                Parsed::Maze(maze) => read.push_back(Ok(maze)),
                Parsed::Error(error) => read.push_back(Err(error)),
                Parsed::Warning(_) => {}
            };
            if self.rest.is_empty() || self.reader.is_done() || self.reader.gave_up() {
                self.reader.finish(&mut keep);
                self.finished = true;
            } else {
                let used = self.reader.push_lines(self.rest, &mut keep);
                self.rest = &self.rest[used..];
            }
        }
    }
}

impl Iterator for Mazes<'_> {
    type Item = Result<Maze, ParseError>;

    fn next(&mut self) -> Option<Result<Maze, ParseError>> {
        self.read_on();
        self.read.pop_front()
    }
}
