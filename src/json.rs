//! JSON Lines output: one object per maze, or per bad maze an error object.
//! The schema is documented in `docs/json.md`.

use serde::Serialize;

use crate::analysis::Analysis;
use crate::judge::ParseError;
use crate::maze::{Family, Maze};
use crate::route::Route;

/// What `solve --format json` writes for a maze.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// let Parsed::Maze(maze) = parse(b"M\n3 1 N 2 1\n0\n", None).remove(0) else { panic!() };
/// let line = logicmaze::json::solution(&maze, maze.solve().as_ref());
/// assert_eq!(line, r#"{"name":"M","family":"arrow","moves":1,"route":[[3,1],[2,1]]}"#);
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Solution<'a> {
    /// The maze's name.
    pub name: &'a str,
    /// `"arrow"` or `"dice"`.
    pub family: Family,
    /// Moves in the shortest route, or `null` when there is none.
    pub moves: Option<usize>,
    /// The route as `[[row, col], ...]`, or `null`.
    pub route: Option<&'a Route>,
}

/// What `check --format json` writes for a maze: name and family, then the
/// fields of [`Analysis`].
#[derive(Clone, Debug, Serialize)]
pub struct Check<'a> {
    /// The maze's name.
    pub name: &'a str,
    /// `"arrow"` or `"dice"`.
    pub family: Family,
    /// The analysis, its fields inline.
    #[serde(flatten)]
    pub analysis: &'a Analysis,
}

/// What a bad maze produces in JSON output.
#[derive(Clone, Debug, Serialize)]
pub struct Error<'a> {
    /// Where and what.
    pub error: ErrorDetail<'a>,
}

/// The body of an [`Error`].
#[derive(Clone, Debug, Serialize)]
pub struct ErrorDetail<'a> {
    /// The input's name (`<stdin>` for standard input).
    pub file: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The message, as on stderr.
    pub message: String,
}

/// One JSON line (without the newline) for a solved maze.
pub fn solution(maze: &Maze, route: Option<&Route>) -> String {
    to_line(&Solution {
        name: maze.name(),
        family: maze.family(),
        moves: route.map(Route::moves),
        route,
    })
}

/// One JSON line for a checked maze.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// let Parsed::Maze(maze) = parse(b"M\n3 1 N 2 1\n0\n", None).remove(0) else { panic!() };
/// let line = logicmaze::json::check(&maze, &maze.analyse());
/// assert!(line.starts_with(r#"{"name":"M","family":"arrow","verdict":"unique","moves":1,"routes":1,"#));
/// ```
pub fn check(maze: &Maze, analysis: &Analysis) -> String {
    to_line(&Check {
        name: maze.name(),
        family: maze.family(),
        analysis,
    })
}

/// One JSON line for a bad maze in the input named `file`.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// let Parsed::Error(error) = parse(b"M\n3 1 X 2 1\n0\n", None).remove(0) else { panic!() };
/// assert_eq!(
///     logicmaze::json::error("m.txt", &error),
///     r#"{"error":{"file":"m.txt","line":2,"column":5,"message":"expected a direction N, E, S or W, found 'X'"}}"#
/// );
/// ```
pub fn error(file: &str, error: &ParseError) -> String {
    to_line(&Error {
        error: ErrorDetail {
            file,
            line: error.line,
            column: error.column,
            message: error.kind.to_string(),
        },
    })
}

fn to_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("these types always serialise")
}
