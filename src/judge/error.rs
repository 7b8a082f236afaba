//! What can be wrong with a judge-format input, and where.

use std::fmt;

use crate::dice::DieError;
use crate::grid::MazeError;

/// A problem in the input at a line and column (both 1-based, columns in
/// characters).
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// let items = parse(b"M\n3 1 N 3 3\n1 1 Q *\n0\nEND\n", None);
/// let Parsed::Error(error) = &items[0] else { panic!() };
/// assert_eq!(error.to_string(), "3:5: expected a sign like NLF or '*', found 'Q'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub(crate) fn source_text(bytes: &[u8]) -> Option<String> {
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
    /// use logicmaze::judge::ParseErrorKind;
    /// let kind = ParseErrorKind::MissingStar { at: "(1,1)".into() };
    /// assert_eq!(kind.hint(), Some("every intersection line ends with '*'"));
    /// ```
    pub fn hint(&self) -> Option<&'static str> {
        Some(match self {
            ParseErrorKind::UnknownDirection { .. } => {
                "a direction is one of the capital letters N, E, S, W"
            }
            ParseErrorKind::ExpectedSign { .. } => {
                "a sign is the direction of travel followed by one to three of L, F, R, as in NLF"
            }
            ParseErrorKind::MissingStar { .. } => "every intersection line ends with '*'",
            ParseErrorKind::ExpectedIntersection { .. } => {
                "an arrow maze's intersections end with a line holding only 0"
            }
            ParseErrorKind::RowLength { .. } => {
                "a dice maze's header gives ROWS COLS; each row holds COLS numbers"
            }
            _ => return None,
        })
    }
}

/// The kinds of problem a judge-format input can have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The first maze's second line fits neither family.
    #[error("cannot tell the maze family from '{found}': expected 'ROW COL DIRECTION ROW COL' (arrow) or 'ROWS COLS ROW COL TOP FRONT' (dice); --family arrow|dice forces one")]
    UnknownFamily {
        /// The line's text.
        found: String,
    },
    /// A line longer than its format allows
    /// ([`crate::input::InputFormat::max_line_bytes`]); it is skipped
    /// unread, with the rest of its maze.
    #[error("line is longer than {limit} bytes; it was skipped with its maze")]
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A maze name longer than [`crate::judge::MAX_NAME_BYTES`].
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
    #[error("unexpected '{found}' after {after}")]
    Unexpected {
        /// The token found.
        found: String,
        /// What should have ended the line.
        after: &'static str,
    },
    /// A direction letter other than N, E, S, W.
    #[error("expected a direction N, E, S or W, found '{found}'")]
    UnknownDirection {
        /// The token found.
        found: String,
    },
    /// A sign token that is not a direction followed by L, F, R.
    #[error("expected a sign like NLF or '*', found '{found}'")]
    ExpectedSign {
        /// The token found.
        found: String,
    },
    /// An intersection line without its closing `*`.
    #[error("expected '*' after the signs of intersection {at}")]
    MissingStar {
        /// The intersection, as `(r,c)`.
        at: String,
    },
    /// A line in an intersection list that is neither an intersection nor
    /// the `0` that ends the list.
    #[error("expected an intersection 'ROW COL SIGN... *' or the '0' line that ends maze '{maze}', found '{found}'")]
    ExpectedIntersection {
        /// The maze being read.
        maze: String,
        /// The line's first token.
        found: String,
    },
    /// A dice row with the wrong count of numbers.
    #[error("expected {expected} numbers in row {row} of maze '{maze}', found {found}")]
    RowLength {
        /// The maze being read.
        maze: String,
        /// The row, 1-based.
        row: u32,
        /// The maze's column count.
        expected: u32,
        /// Numbers in the row.
        found: usize,
    },
    /// A line where a dice row should be that is not numbers.
    #[error("expected row {row} of {rows} of maze '{maze}', found '{found}'")]
    ExpectedRow {
        /// The maze being read.
        maze: String,
        /// The row expected, 1-based.
        row: u32,
        /// The maze's row count.
        rows: u32,
        /// The line's first token.
        found: String,
    },
    /// A dice maze with the wrong number of rows (JSON input).
    #[error("expected {expected} rows in maze '{maze}', found {found}")]
    RowCount {
        /// The maze being read.
        maze: String,
        /// The maze's row count.
        expected: u32,
        /// Rows given.
        found: usize,
    },
    /// A JSON line that is not a maze document.
    #[error("invalid JSON maze: {message}")]
    Json {
        /// What serde_json says is wrong.
        message: String,
    },
    /// A dice square other than -1, 0 or 1–6.
    #[error("expected a square -1 (wild), 0 (none) or 1 to 6, found '{found}'")]
    BadSquare {
        /// The token found.
        found: String,
    },
    /// An impossible die orientation.
    #[error(transparent)]
    Die(#[from] DieError),
    /// A maze whose search would need more states than allowed.
    #[error(
        "maze '{maze}' needs {states} states, more than the limit of {limit} (see --max-states)"
    )]
    TooLarge {
        /// The maze being read.
        maze: String,
        /// States the search would need.
        states: u64,
        /// The limit in force.
        limit: u64,
    },
    /// A maze whose memory would pass the limit (see [`crate::judge::Memory`]).
    #[error(
        "maze '{maze}' needs about {} of memory, more than the limit of {} (see --max-memory)",
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
pub enum ParseWarningKind {
    /// No `END` line: the end of input was taken as one.
    #[error("no END line; the end of input is taken as END")]
    MissingEnd,
    /// The line that ends an arrow maze, written otherwise than `0`.
    #[error("the line that ends a maze is '0'; '{found}' was read as it")]
    ZeroSpelledOtherwise {
        /// The line as written, quoted.
        found: String,
    },
}

/// `bytes` for a message: whole mebibytes, or bytes below one.
fn mebibytes(bytes: u64) -> String {
    match bytes >> 20 {
        0 => format!("{bytes} bytes"),
        mib => format!("{mib} MiB"),
    }
}
