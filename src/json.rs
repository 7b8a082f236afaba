//! JSON: mazes as documents (in and out, one per line), and the JSON Lines
//! records of `solve` and `check`. The schema is documented in
//! `docs/json.md`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::analysis::Analysis;
use crate::arrow::{self, Sign};
use crate::dice::{self, Die, Square};
use crate::grid::{Direction, Grid, MazeError, Position};
use crate::judge::{self, Limits, ParseError, ParseErrorKind, Parsed};
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

/// A maze as a JSON document: `{"family": "arrow", ...}` or
/// `{"family": "dice", ...}`. This is the form of `convert --to json` and of
/// JSON input, one document per line; [`Maze`] serialises to it.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// use logicmaze::Maze;
/// let Parsed::Maze(maze) = parse(b"M\n3 1 N 2 1\n1 1 WL NR *\n0\n", None).remove(0) else { panic!() };
/// let json = serde_json::to_string(&maze).unwrap();
/// assert_eq!(json, r#"{"family":"arrow","name":"M","entrance":[3,1],"heading":"N","goal":[2,1],"intersections":[{"at":[1,1],"signs":{"N":"R","W":"L"}}]}"#);
/// let back: Maze = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, maze);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(tag = "family", rename_all = "lowercase")]
pub enum MazeDocument {
    /// An arrow maze.
    Arrow(ArrowDocument),
    /// A dice maze.
    Dice(DiceDocument),
}

/// An arrow maze as JSON. Its rows and columns are not stored: as in the
/// judges' format they are the largest coordinates used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct IntersectionDocument {
    /// Where it is.
    pub at: Position,
    /// Its signs; approaches without a sign are left out.
    pub signs: BTreeMap<Direction, Sign>,
}

/// A dice maze as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
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

impl MazeDocument {
    /// The document of a maze.
    pub fn of(maze: &Maze) -> MazeDocument {
        match maze {
            Maze::Arrow(maze) => MazeDocument::Arrow(ArrowDocument::of(maze)),
            Maze::Dice(maze) => MazeDocument::Dice(DiceDocument::of(maze)),
        }
    }
}

impl ArrowDocument {
    /// The document of an arrow maze.
    pub fn of(maze: &arrow::Maze) -> ArrowDocument {
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
}

impl ArrowDocument {
    /// Rows and columns, as the judges' format infers them: the largest
    /// row and column of the entrance, the goal and the intersections.
    pub fn size(&self) -> (u32, u32) {
        [self.entrance, self.goal]
            .into_iter()
            .chain(self.intersections.iter().map(|i| i.at))
            .fold((0, 0), |(rows, cols), p| (p.row.max(rows), p.col.max(cols)))
    }
}

impl DiceDocument {
    /// The document of a dice maze.
    pub fn of(maze: &dice::Maze) -> DiceDocument {
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
}

impl MazeDocument {
    /// The search states the maze needs, to check against a limit before
    /// building it.
    pub fn state_count(&self) -> u64 {
        match self {
            MazeDocument::Arrow(arrow) => {
                let (rows, cols) = arrow.size();
                Grid::state_count(rows, cols, arrow::Maze::STATES_PER_CELL).unwrap_or(0)
            }
            MazeDocument::Dice(dice) => {
                Grid::state_count(dice.rows, dice.cols, dice::Maze::STATES_PER_CELL).unwrap_or(0)
            }
        }
    }

    /// Builds the maze, checking everything the judges' format checks.
    pub fn build(self) -> Result<Maze, ParseErrorKind> {
        self.build_located().map_err(|(kind, _)| kind)
    }

    /// Builds the maze, or says what is wrong and where in the document.
    fn build_located(self) -> Result<Maze, (ParseErrorKind, Path)> {
        match self {
            MazeDocument::Arrow(document) => build_arrow(document).map(Maze::Arrow),
            MazeDocument::Dice(document) => build_dice(document).map(Maze::Dice),
        }
    }
}

/// Where a value is in a maze document: the keys and indices that lead to
/// it from the top (empty: the whole document).
type Path = Vec<Step>;

/// One step of a [`Path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Key(&'static str),
    Index(usize),
}

/// Tags an error with the path of the value it is about.
fn at<E: Into<ParseErrorKind>>(path: &[Step]) -> impl FnOnce(E) -> (ParseErrorKind, Path) + '_ {
    move |error| (error.into(), path.to_vec())
}

fn build_arrow(document: ArrowDocument) -> Result<arrow::Maze, (ParseErrorKind, Path)> {
    let (rows, cols) = document.size();
    let mut maze = arrow::Maze::new(
        document.name,
        rows,
        cols,
        document.entrance,
        document.heading,
        document.goal,
    )
    .map_err(at(&[]))?;
    for (i, intersection) in document.intersections.into_iter().enumerate() {
        let mut signs = [Sign::NONE; 4];
        for (arriving, sign) in intersection.signs {
            signs[arriving.index()] = sign;
        }
        let path = [Step::Key("intersections"), Step::Index(i), Step::Key("at")];
        maze.add_intersection(intersection.at, signs)
            .map_err(at(&path))?;
    }
    Ok(maze)
}

fn build_dice(document: DiceDocument) -> Result<dice::Maze, (ParseErrorKind, Path)> {
    let die = Die::new(document.top, document.front).map_err(|error| {
        let face = match error {
            dice::DieError::FaceOutOfRange { face: "top", .. } => "top",
            _ => "front",
        };
        at(&[Step::Key(face)])(error)
    })?;
    let mut maze = dice::Maze::new(
        document.name,
        document.rows,
        document.cols,
        document.start,
        die,
    )
    .map_err(|error| {
        let key = match error {
            MazeError::Outside { .. } => "start",
            _ => "rows",
        };
        at(&[Step::Key(key)])(error)
    })?;
    let squares = Step::Key("squares");
    if document.squares.len() != document.rows as usize {
        let kind = ParseErrorKind::RowCount {
            maze: maze.name().to_string(),
            expected: document.rows,
            found: document.squares.len(),
        };
        return Err((kind, vec![squares]));
    }
    for (row, numbers) in (1..).zip(&document.squares) {
        let row_path = [squares, Step::Index(row as usize - 1)];
        if numbers.len() != document.cols as usize {
            let kind = ParseErrorKind::RowLength {
                maze: maze.name().to_string(),
                row,
                expected: document.cols,
                found: numbers.len(),
            };
            return Err((kind, row_path.to_vec()));
        }
        for (col, &number) in (1..).zip(numbers) {
            let path = [squares, row_path[1], Step::Index(col as usize - 1)];
            let square = Square::from_number(number).ok_or_else(|| {
                let found = number.to_string();
                (ParseErrorKind::BadSquare { found }, path.to_vec())
            })?;
            maze.set_square(Position::new(row, col), square)
                .map_err(at(&path))?;
        }
    }
    Ok(maze)
}

/// The byte offset in `text`, a well-formed JSON document, where the value
/// at `path` starts, if it is there.
///
/// serde_json reports where the text goes wrong, not where a value it read
/// sits, so an error found after reading (a square numbered 9) is placed
/// by walking the text again down the path.
fn locate(text: &[u8], path: &[Step]) -> Option<usize> {
    let mut at = skip_space(text, 0);
    for step in path {
        let (open, close) = match step {
            Step::Key(_) => (b'{', b'}'),
            Step::Index(_) => (b'[', b']'),
        };
        if text.get(at) != Some(&open) {
            return None;
        }
        at = skip_space(text, at + 1);
        let mut index = 0;
        loop {
            if text.get(at) == Some(&close) {
                return None;
            }
            let found = match step {
                Step::Key(key) => {
                    let end = skip_value(text, at)?;
                    let name = text.get(at + 1..end.checked_sub(1)?)?;
                    at = skip_space(text, end);
                    (text.get(at) == Some(&b':')).then_some(())?;
                    at = skip_space(text, at + 1);
                    name == key.as_bytes()
                }
                Step::Index(wanted) => {
                    index += 1;
                    index - 1 == *wanted
                }
            };
            if found {
                break;
            }
            at = skip_space(text, skip_value(text, at)?);
            match text.get(at) {
                Some(b',') => at = skip_space(text, at + 1),
                _ => return None,
            }
        }
    }
    Some(at)
}

/// The offset just past the value that starts at `at`.
fn skip_value(text: &[u8], mut at: usize) -> Option<usize> {
    match text.get(at)? {
        b'"' => {
            at += 1;
            loop {
                match text.get(at)? {
                    b'\\' => at += 2,
                    b'"' => return Some(at + 1),
                    _ => at += 1,
                }
            }
        }
        b'{' | b'[' => {
            let close = if text[at] == b'{' { b'}' } else { b']' };
            at = skip_space(text, at + 1);
            while text.get(at)? != &close {
                at = skip_space(text, skip_value(text, at)?);
                if matches!(text.get(at)?, b',' | b':') {
                    at = skip_space(text, at + 1);
                }
            }
            Some(at + 1)
        }
        _ => {
            let length = text[at..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b':') || b.is_ascii_whitespace())
                .unwrap_or(text.len() - at);
            Some(at + length.max(1))
        }
    }
}

fn skip_space(text: &[u8], at: usize) -> usize {
    at + text.get(at..).map_or(0, |rest| {
        rest.iter().take_while(|b| b.is_ascii_whitespace()).count()
    })
}

/// An arrow maze serialises as its [`ArrowDocument`] (without the
/// `family` tag).
///
/// ```
/// use logicmaze::arrow::Maze;
/// use logicmaze::{Direction, Position};
/// let maze = Maze::new("m", 1, 2, Position::new(1, 1), Direction::East, Position::new(1, 2))?;
/// let json = serde_json::to_string(&maze).unwrap();
/// assert_eq!(json, r#"{"name":"m","entrance":[1,1],"heading":"E","goal":[1,2],"intersections":[]}"#);
/// assert_eq!(serde_json::from_str::<Maze>(&json).unwrap(), maze);
/// # Ok::<(), logicmaze::MazeError>(())
/// ```
impl Serialize for arrow::Maze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ArrowDocument::of(self).serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for arrow::Maze {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<arrow::Maze, D::Error> {
        build_arrow(ArrowDocument::deserialize(deserializer)?)
            .map_err(|(kind, _)| serde::de::Error::custom(kind))
    }
}

/// A dice maze serialises as its [`DiceDocument`] (without the `family`
/// tag).
///
/// ```
/// use logicmaze::dice::{Die, Maze};
/// use logicmaze::Position;
/// let maze = Maze::new("d", 1, 2, Position::new(1, 1), Die::new(1, 2)?)?;
/// let json = serde_json::to_string(&maze).unwrap();
/// assert_eq!(json, r#"{"name":"d","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[0,0]]}"#);
/// assert_eq!(serde_json::from_str::<Maze>(&json).unwrap(), maze);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for dice::Maze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DiceDocument::of(self).serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for dice::Maze {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<dice::Maze, D::Error> {
        build_dice(DiceDocument::deserialize(deserializer)?)
            .map_err(|(kind, _)| serde::de::Error::custom(kind))
    }
}

impl Serialize for Maze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MazeDocument::of(self).serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Maze {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Maze, D::Error> {
        MazeDocument::deserialize(deserializer)?
            .build()
            .map_err(serde::de::Error::custom)
    }
}

/// One JSON line for a maze: its [`MazeDocument`].
pub fn maze(maze: &Maze) -> String {
    to_line(&MazeDocument::of(maze))
}

/// The most bytes [`maze`] writes per search state: an arrow intersection
/// with every sign and ten-digit coordinates,
/// `{"at":[4294967293,4294967293],"signs":{"N":"LFR","E":"LFR","S":"LFR","W":"LFR"}},`,
/// is 81 bytes for 4 states. Dice squares take far less.
pub const JSON_BYTES_PER_STATE: usize = 21;

/// The longest JSON line read under `limits`: a line is a whole maze, so
/// it may be as long as the largest maze `limits` allow, as [`maze`] writes
/// it ([`JSON_BYTES_PER_STATE`] per state), and [`judge::MAX_LINE_BYTES`]
/// more for the name and header.
pub fn max_line_bytes(limits: Limits) -> usize {
    usize::try_from(limits.max_states)
        .unwrap_or(usize::MAX)
        .saturating_mul(JSON_BYTES_PER_STATE)
        .saturating_add(judge::MAX_LINE_BYTES)
}

/// Reads mazes as JSON Lines, one [`MazeDocument`] per line, with the same
/// interface as [`crate::judge::Parser`]: a bad line is reported with its
/// line and column and the next line is read as usual.
///
/// ```
/// use logicmaze::json::Reader;
/// use logicmaze::judge::{Limits, Parsed};
/// let mut reader = Reader::new(Limits::default());
/// let mut names = Vec::new();
/// let lines = [
///     r#"{"family":"dice","name":"D","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]}"#,
///     r#"{"family":"dice","name":"BAD","rows":1}"#,
/// ];
/// for line in lines {
///     reader.push_line(line.as_bytes(), &mut |item| match item {
///         Parsed::Maze(maze) => names.push(maze.name().to_string()),
///         Parsed::Error(error) => names.push(error.to_string()),
///         Parsed::Warning(_) => {}
///     });
/// }
/// assert_eq!(names, ["D", "2:1: invalid JSON maze: missing field `cols`"]);
/// ```
#[derive(Debug)]
pub struct Reader {
    limits: Limits,
    line: usize,
    /// Whether a maze was one for another reader ([`Limits::defers`]).
    gave_up: bool,
}

impl Reader {
    /// A reader that refuses mazes past `limits`.
    pub fn new(limits: Limits) -> Reader {
        Reader::resume(limits, 0)
    }

    /// A reader that reads on after `line` lines, as one that had read them.
    pub fn resume(limits: Limits, line: usize) -> Reader {
        Reader {
            limits,
            line,
            gave_up: false,
        }
    }

    /// Reads on under `limits` (see [`crate::input::MazeReader::set_limits`]).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether this reader stopped at a maze its limits leave to another
    /// reader ([`Limits::defers`]): it reads nothing more.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// The number of lines read so far.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads one line: a maze document, or blank.
    pub fn push_line(&mut self, raw: &[u8], emit: &mut impl FnMut(Parsed)) {
        if self.gave_up {
            return;
        }
        self.line += 1;
        if raw.trim_ascii().is_empty() {
            return;
        }
        let limit = max_line_bytes(self.limits);
        if raw.len() > limit {
            let kind = ParseErrorKind::LineTooLong { limit };
            let (line, column, source) = (self.line, 1, None);
            return emit(Parsed::Error(ParseError {
                line,
                column,
                kind,
                source,
            }));
        }
        let item = match serde_json::from_slice::<MazeDocument>(raw) {
            Err(error) => Parsed::Error(ParseError {
                line: self.line,
                column: error.column().max(1),
                kind: ParseErrorKind::Json {
                    message: bare_message(&error),
                },
                source: judge::source_text(raw),
            }),
            Ok(document) if self.limits.defers(document.state_count()) => {
                self.gave_up = true;
                return;
            }
            Ok(document) => match self.build(document) {
                Ok(maze) => Parsed::Maze(maze),
                Err((kind, path)) => Parsed::Error(ParseError {
                    line: self.line,
                    column: locate(raw, &path).map_or(1, |at| judge::column_of(raw, at)),
                    kind,
                    source: judge::source_text(raw),
                }),
            },
        };
        emit(item);
    }

    fn build(&self, document: MazeDocument) -> Result<Maze, (ParseErrorKind, Path)> {
        let name = match &document {
            MazeDocument::Arrow(arrow) => &arrow.name,
            MazeDocument::Dice(dice) => &dice.name,
        };
        if name.len() > judge::MAX_NAME_BYTES {
            let kind = ParseErrorKind::NameTooLong {
                length: name.len(),
                limit: judge::MAX_NAME_BYTES,
            };
            return Err((kind, vec![Step::Key("name")]));
        }
        let size = match &document {
            MazeDocument::Arrow(_) => vec![],
            MazeDocument::Dice(_) => vec![Step::Key("rows")],
        };
        self.limits
            .check_allocating(name, document.state_count())
            .map_err(at(&size))?;
        document.build_located()
    }
}

/// serde_json's message without its " at line L column C" suffix, which
/// the error's own position replaces.
fn bare_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    match message.rsplit_once(" at line ") {
        Some((bare, _)) => bare.to_string(),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_values_down_a_path() {
        let text =
            br#" {"a\"": {"squares": 1}, "squares" : [ [1, 2], [ 3 , "x]" , 4 ] ], "z": {}}"#;
        let squares = Step::Key("squares");
        let find = |path: &[Step]| locate(text, path).map(|at| text[at]);
        assert_eq!(find(&[squares]), Some(b'['));
        assert_eq!(find(&[squares, Step::Index(1), Step::Index(0)]), Some(b'3'));
        assert_eq!(find(&[squares, Step::Index(1), Step::Index(2)]), Some(b'4'));
        assert_eq!(find(&[Step::Key("z")]), Some(b'{'));
        assert_eq!(find(&[squares, Step::Index(2)]), None);
        assert_eq!(find(&[Step::Key("missing")]), None);
        assert_eq!(find(&[]), Some(b'{'));
    }
}
