//! What can be wrong with an input, and where: the problems every format
//! and family share, and a family's own ([`FamilyError`]).
//!
//! An error that wraps another keeps it, and gives it as its
//! [`source`](std::error::Error::source): a [`ParseError`]'s is the
//! family's own error, the model's [`MazeError`] or serde_json's error
//! its kind wraps, each as its own type to downcast. The family layer
//! names the families' own errors as one enum to match
//! ([`FamilyProblem`](crate::family::FamilyProblem), by
//! `ParseError::family_problem`), which this layer, below the families,
//! cannot name.

use std::error::Error;
use std::fmt;
use std::sync::Arc;

use crate::grid::MazeError;

/// A problem in the input at a line and column (both 1-based, columns in
/// characters).
///
/// ```
/// use logicmaze::Maze;
/// let error = Maze::parse_all("M\n3 1 N 3 3\n1 1 Q *\n0\nEND\n").next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "3:5: expected a sign like NLF or '*', found 'Q'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    /// The line, 1-based.
    pub line: usize,
    /// The column, 1-based, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// The text of the line, to show under the message (`None` at the end
    /// of input, and for lines longer than [`MAX_LINE_TEXT_BYTES`]).
    pub line_text: Option<String>,
}

/// Lines longer than this are not kept with their errors.
pub const MAX_LINE_TEXT_BYTES: usize = 4096;

/// The text of a line kept with an error: `None` when it is too long.
///
/// ```
/// use logicmaze::read::line_text;
/// assert_eq!(line_text(b"3 1 N 2 1\r\n").as_deref(), Some("3 1 N 2 1"));
/// assert_eq!(line_text(&[b'x'; 5000]), None);
/// ```
pub fn line_text(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    (bytes.len() <= MAX_LINE_TEXT_BYTES).then(|| String::from_utf8_lossy(bytes).into_owned())
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

/// Its source is the error its kind wraps, if any: a family's own
/// error, the model's [`MazeError`], serde_json's error.
///
/// ```
/// use std::error::Error;
/// use logicmaze::Maze;
/// let error = Maze::from_json(r#"{"family":"dice","name":"D",}"#).unwrap_err();
/// assert_eq!(error.to_string(), "1:29: invalid JSON maze: trailing comma");
/// let serde = error.source().unwrap().downcast_ref::<serde_json::Error>().unwrap();
/// assert_eq!((serde.line(), serde.column()), (1, 29));
/// ```
impl Error for ParseError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.kind.source()
    }
}

impl ParseErrorKind {
    /// Advice on how to fix the input, where a short one helps.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// let error = Maze::parse_all("M\n3 1 N 3 3\n1 1 NL\n0\n").next().unwrap().unwrap_err();
    /// assert_eq!(error.kind.hint(), Some("every intersection line ends with '*'"));
    /// ```
    pub fn hint(&self) -> Option<&'static str> {
        match self {
            ParseErrorKind::Family(problem) => problem.hint(),
            _ => None,
        }
    }
}

/// The kinds of problem an input of mazes can have, in the judges' text
/// format or as JSON ([`ParseErrorKind::Json`]): what a [`ParseError`]
/// says is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The first maze's second line fits no family.
    #[error("cannot tell the maze family from {found}: expected {expected}")]
    UnknownFamily {
        /// The line's text.
        found: String,
        /// The families' header shapes, and how to force one.
        expected: String,
    },
    /// A problem only one family's format has, in that family's words:
    /// the family's own error, which is the kind's source (and, for
    /// logicmaze's families, [`ParseError::family_problem`] to match).
    #[error("{0}")]
    Family(#[source] FamilyError),
    /// A line longer than its format allows
    /// ([`InputFormat::max_line_bytes`](crate::input::InputFormat::max_line_bytes));
    /// it is skipped unread, with the rest of its maze.
    #[error("line is longer than {limit} bytes; it was skipped with its maze")]
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A maze name longer than [`MAX_NAME_BYTES`](super::MAX_NAME_BYTES).
    #[error("maze name is {length} bytes long, more than the limit of {limit}")]
    NameTooLong {
        /// The name's length, in bytes.
        length: usize,
        /// The limit, in bytes.
        limit: usize,
    },
    /// A number was expected.
    #[error("expected {what}, found {found}")]
    ExpectedNumber {
        /// What the number means, e.g. "the entrance row".
        what: &'static str,
        /// The token found, quoted, or "end of line".
        found: String,
    },
    /// A number outside its allowed range.
    #[error("{what} {value} is out of range: {expected}")]
    OutOfRange {
        /// What the number means.
        what: &'static str,
        /// The number found, as written.
        value: String,
        /// The allowed range, in words.
        expected: String,
    },
    /// Something after the last expected token of a line.
    #[error("unexpected {found} after {after}")]
    Unexpected {
        /// The token found.
        found: String,
        /// What should have ended the line.
        after: &'static str,
    },
    /// A JSON line that is not a maze document: serde_json's error,
    /// which is the kind's source, said without its position (the
    /// error's line and column say it).
    #[error("invalid JSON maze: {}", .0.message())]
    Json(#[source] JsonError),
    /// A maze whose search would need more states than allowed.
    #[error("maze '{maze}' needs {states} states, more than the limit of {limit}")]
    TooLarge {
        /// The maze being read.
        maze: String,
        /// States the search would need.
        states: u64,
        /// The limit in force.
        limit: u64,
    },
    /// A maze whose memory would pass the limit (see
    /// [`Memory`](super::Memory)).
    #[error(
        "maze '{maze}' needs about {} of memory, more than the limit of {}",
        mebibytes(*bytes),
        mebibytes(*limit)
    )]
    OverMemory {
        /// The maze being read.
        maze: String,
        /// Bytes it would need.
        bytes: u64,
        /// The limit in force, in bytes.
        limit: u64,
    },
    /// A maze whose memory the system would not give.
    #[error(
        "maze '{maze}' needs about {} of memory, which the system could not give",
        mebibytes(*bytes)
    )]
    OutOfMemory {
        /// The maze being read.
        maze: String,
        /// Bytes it would need.
        bytes: u64,
    },
    /// A maze the model refused: its error, which is the kind's source.
    #[error("{0}")]
    Maze(#[from] MazeError),
    /// The input ended in the middle of a maze.
    #[error("input ended inside maze '{maze}': expected {expected}")]
    UnexpectedEnd {
        /// The maze being read.
        maze: String,
        /// What should have come next.
        expected: String,
    },
}

/// Something in the input that is accepted but worth saying.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseWarning {
    /// The line, 1-based.
    pub line: usize,
    /// The column, 1-based.
    pub column: usize,
    /// What was noticed.
    pub kind: ParseWarningKind,
}

impl fmt::Display for ParseWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

/// The kinds of warning.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWarningKind {
    /// No `END` line: the end of input was taken as one.
    #[error("no END line; the end of input is taken as END")]
    MissingEnd,
    /// Text after `END`, which ends the input.
    #[error(
        "text after END is ignored: END ends the input (to read several files, give each as an argument instead of joining them)"
    )]
    TextAfterEnd,
    /// Something a family's reader notes, in its words.
    #[error("{0}")]
    Family(String),
}

/// `bytes` for a message: whole mebibytes, or bytes below one.
fn mebibytes(bytes: u64) -> String {
    match bytes >> 20 {
        0 => format!("{bytes} bytes"),
        mib => format!("{mib} MiB"),
    }
}

/// A problem particular to one family's format, kept as that family's own
/// error type: its message, its hint, and the error itself (which this
/// derefs to, and [`FamilyError::downcast_ref`] gives as its type).
/// Two are equal when their errors are of one type and equal by its
/// `PartialEq`. It is no error itself but carries one, as a `Box` does:
/// a [`ParseErrorKind::Family`]'s source is the family's error, not
/// this.
///
/// ```
/// use logicmaze::read::{FamilyError, FamilyReadError};
/// #[derive(Debug, PartialEq, Eq, thiserror::Error)]
/// #[error("a wall needs two ends")]
/// struct HalfWall;
/// impl FamilyReadError for HalfWall {
///     fn hint(&self) -> Option<&'static str> { Some("write walls as A-B") }
/// }
/// let error = FamilyError::new(HalfWall);
/// assert_eq!((error.to_string().as_str(), error.hint()), ("a wall needs two ends", Some("write walls as A-B")));
/// assert!(error.downcast_ref::<HalfWall>().is_some());
/// assert_eq!(error, FamilyError::new(HalfWall));
/// ```
#[derive(Clone)]
pub struct FamilyError {
    problem: Arc<dyn Error + Send + Sync>,
    hint: Option<&'static str>,
    /// The problem type's own `PartialEq`, kept from when the type was
    /// known: two problems are compared by value, never by their text.
    equal: fn(&Problem, &Problem) -> bool,
}

/// A family's problem, its type unknown.
type Problem = dyn Error + Send + Sync + 'static;

/// What a family's own reading error (an enum of what can be wrong in
/// its format) is, to be carried by a [`FamilyError`]: an error that
/// compares by value, with a hint where one helps.
pub trait FamilyReadError: Error + Eq + Send + Sync + 'static {
    /// Advice on how to fix the input, where a short one helps.
    fn hint(&self) -> Option<&'static str> {
        None
    }
}

impl FamilyError {
    /// Wraps a family's problem.
    pub fn new<P: FamilyReadError>(problem: P) -> FamilyError {
        let hint = problem.hint();
        FamilyError {
            problem: Arc::new(problem),
            hint,
            equal: equal_as::<P>,
        }
    }

    /// The problem's hint.
    pub fn hint(&self) -> Option<&'static str> {
        self.hint
    }

    /// The problem, its type unknown: to show, or to downcast.
    pub fn problem(&self) -> &(dyn Error + Send + Sync + 'static) {
        &*self.problem
    }

    /// The problem as its own type, when it is a `P`.
    pub fn downcast_ref<P: FamilyReadError>(&self) -> Option<&P> {
        self.problem.downcast_ref::<P>()
    }
}

/// Whether `a` and `b` are both `P`s, and equal.
fn equal_as<P: FamilyReadError>(a: &Problem, b: &Problem) -> bool {
    matches!((a.downcast_ref::<P>(), b.downcast_ref::<P>()), (Some(a), Some(b)) if a == b)
}

/// The family's error, for its methods and as a kind's source (an
/// error's source is taken through a deref, as from a `Box`).
impl std::ops::Deref for FamilyError {
    type Target = dyn Error + Send + Sync + 'static;

    fn deref(&self) -> &(dyn Error + Send + Sync + 'static) {
        self.problem()
    }
}

impl fmt::Display for FamilyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.problem, f)
    }
}

impl fmt::Debug for FamilyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.problem, f)
    }
}

/// Two family errors are equal when they are of one type and equal as
/// that type.
impl PartialEq for FamilyError {
    fn eq(&self, other: &FamilyError) -> bool {
        (self.equal)(self.problem(), other.problem())
    }
}

impl Eq for FamilyError {}

/// A family's own problem is a problem of the input: `?` and `.into()`
/// turn one into the other, for every family.
impl<P: FamilyReadError> From<P> for ParseErrorKind {
    fn from(problem: P) -> ParseErrorKind {
        ParseErrorKind::Family(problem.into())
    }
}

impl<P: FamilyReadError> From<P> for FamilyError {
    fn from(problem: P) -> FamilyError {
        FamilyError::new(problem)
    }
}

/// serde_json's error about a JSON line, shared so that a
/// [`ParseError`] stays `Clone`: it derefs to the error (its line,
/// column, category and message), and is a [`ParseErrorKind::Json`]'s
/// source. Two are equal when they say the same at the same place.
///
/// ```
/// use logicmaze::read::JsonError;
/// let error = JsonError::from(serde_json::from_str::<Vec<u8>>("[1,]").unwrap_err());
/// assert_eq!((error.line(), error.column()), (1, 4));
/// assert_eq!(error.message(), "trailing comma");
/// ```
#[derive(Clone, Debug)]
pub struct JsonError(Arc<serde_json::Error>);

impl JsonError {
    /// What serde_json says is wrong, without its position (`at line 1
    /// column 5`), which a [`ParseError`] gives as its own.
    pub fn message(&self) -> String {
        let message = self.0.to_string();
        match message.rsplit_once(" at line ") {
            Some((bare, _)) => bare.to_string(),
            None => message,
        }
    }
}

impl From<serde_json::Error> for JsonError {
    fn from(error: serde_json::Error) -> JsonError {
        JsonError(Arc::new(error))
    }
}

impl std::ops::Deref for JsonError {
    type Target = serde_json::Error;

    fn deref(&self) -> &serde_json::Error {
        &self.0
    }
}

impl PartialEq for JsonError {
    fn eq(&self, other: &JsonError) -> bool {
        let said = |error: &serde_json::Error| {
            (
                error.line(),
                error.column(),
                error.classify(),
                error.to_string(),
            )
        };
        said(&self.0) == said(&other.0)
    }
}

impl Eq for JsonError {}
