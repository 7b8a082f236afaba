//! What reading every input shares, whatever the format and the family:
//! lines and tokens that remember their columns ([`Line`], [`Cursor`]),
//! errors and warnings with positions ([`ParseError`], [`ParseWarning`]),
//! the limits a reader enforces ([`Limits`]), and the JSON helpers that
//! place an error on the value it is about ([`json`]).
//!
//! A family's reader is written with these; the readers that dispatch to
//! the families ([`crate::text`], [`crate::json`], [`crate::input`]) sit
//! above the families and use them too.

mod error;
pub mod json;
mod limits;
mod tokens;

pub use error::{
    source_text, FamilyError, FamilyProblem, ParseError, ParseErrorKind, ParseWarning,
    ParseWarningKind, MAX_SOURCE_BYTES,
};
pub use limits::{Limits, Memory, DEFAULT_MAX_STATES, PROBED_STATES};
pub use tokens::{column_of, quote, shortened, Cursor, Failure, Line, Token, Tokens};

/// The longest line read, in bytes: a longer line is reported and skipped
/// with its maze, so one line can never take more memory than this. A dice
/// row of about 350,000 squares fits.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The longest maze name accepted, in bytes.
pub const MAX_NAME_BYTES: usize = 1000;

/// The UTF-8 byte order mark, which some editors put at the start of a
/// file: it is skipped there, and is not part of the first maze's name.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// One thing a reader found: a maze, an error, or a warning. The readers
/// of this crate find [`crate::family::Maze`]s ([`crate::family::Parsed`]).
#[derive(Debug)]
pub enum Parsed<M> {
    /// A well-formed maze.
    Maze(M),
    /// A bad maze (skipped) or unreadable input.
    Error(ParseError),
    /// Something accepted but worth saying.
    Warning(ParseWarning),
}
