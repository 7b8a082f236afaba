//! What can be wrong with an input, and where: the problems every format
//! and family share, and a family's own ([`FamilyError`]).

use std::fmt;
use std::sync::Arc;

use crate::grid::MazeError;

/// A problem in the input at a line and column (both 1-based, columns in
/// characters).
///
/// ```
/// use logicmaze::batch::parse;
/// use logicmaze::family::Parsed;
/// let items = parse(b"M\n3 1 N 3 3\n1 1 Q *\n0\nEND\n", &Default::default());
/// let Parsed::Error(error) = &items[0] else { panic!() };
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
    /// of input, and for lines longer than [`MAX_SOURCE_BYTES`]).
    pub source: Option<String>,
}

/// Lines longer than this are not kept with their errors.
pub const MAX_SOURCE_BYTES: usize = 4096;

/// The text of a line kept with an error: `None` when it is too long.
pub fn source_text(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    (bytes.len() <= MAX_SOURCE_BYTES).then(|| String::from_utf8_lossy(bytes).into_owned())
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for ParseError {}

impl ParseErrorKind {
    /// Advice on how to fix the input, where a short one helps.
    ///
    /// ```
    /// use logicmaze::batch::parse;
    /// use logicmaze::family::Parsed;
    /// let Parsed::Error(error) = &parse(b"M\n3 1 N 3 3\n1 1 NL\n0\n", &Default::default())[0] else { panic!() };
    /// assert_eq!(error.kind.hint(), Some("every intersection line ends with '*'"));
    /// ```
    pub fn hint(&self) -> Option<&'static str> {
        match self {
            ParseErrorKind::Family(problem) => problem.hint(),
            _ => None,
        }
    }
}

/// The kinds of problem a judge-format input can have.
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
    /// A problem only one family's format has, in that family's words.
    #[error(transparent)]
    Family(FamilyError),
    /// A line longer than its format allows
    /// ([`crate::input::InputFormat::max_line_bytes`]); it is skipped
    /// unread, with the rest of its maze.
    #[error("line is longer than {limit} bytes; it was skipped with its maze")]
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A maze name longer than [`super::MAX_NAME_BYTES`].
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
    /// A JSON line that is not a maze document.
    #[error("invalid JSON maze: {message}")]
    Json {
        /// What serde_json says is wrong.
        message: String,
    },
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
    /// A maze whose memory would pass the limit (see [`super::Memory`]).
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
    /// A maze the model refused.
    #[error(transparent)]
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
/// error type: its message, its hint, and the type itself for
/// [`FamilyError::downcast_ref`].
///
/// ```
/// use logicmaze::read::{FamilyError, FamilyProblem};
/// #[derive(Debug, thiserror::Error)]
/// #[error("a wall needs two ends")]
/// struct HalfWall;
/// impl FamilyProblem for HalfWall {
///     fn hint(&self) -> Option<&'static str> { Some("write walls as A-B") }
/// }
/// let error = FamilyError::new(HalfWall);
/// assert_eq!((error.to_string().as_str(), error.hint()), ("a wall needs two ends", Some("write walls as A-B")));
/// assert!(error.downcast_ref::<HalfWall>().is_some());
/// ```
#[derive(Clone)]
pub struct FamilyError {
    problem: Arc<dyn std::error::Error + Send + Sync>,
    hint: Option<&'static str>,
}

/// What a family's own reading error offers besides its message.
pub trait FamilyProblem: std::error::Error + Send + Sync + 'static {
    /// Advice on how to fix the input, where a short one helps.
    fn hint(&self) -> Option<&'static str> {
        None
    }
}

impl FamilyError {
    /// Wraps a family's problem.
    pub fn new(problem: impl FamilyProblem) -> FamilyError {
        let hint = problem.hint();
        FamilyError {
            problem: Arc::new(problem),
            hint,
        }
    }

    /// The problem's hint.
    pub fn hint(&self) -> Option<&'static str> {
        self.hint
    }

    /// The problem as its own type, when it is a `P`.
    pub fn downcast_ref<P: FamilyProblem>(&self) -> Option<&P> {
        self.problem.downcast_ref::<P>()
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

impl std::error::Error for FamilyError {}

/// Two family errors are equal when they say the same.
impl PartialEq for FamilyError {
    fn eq(&self, other: &FamilyError) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for FamilyError {}

/// A family's own problem is a problem of the input: `?` and `.into()`
/// turn one into the other, for every family.
impl<P: FamilyProblem> From<P> for ParseErrorKind {
    fn from(problem: P) -> ParseErrorKind {
        ParseErrorKind::Family(problem.into())
    }
}

impl<P: FamilyProblem> From<P> for FamilyError {
    fn from(problem: P) -> FamilyError {
        FamilyError::new(problem)
    }
}
