//! What reading every input shares, whatever the format and the family:
//! lines and tokens that remember their columns ([`Line`], [`Cursor`]),
//! errors and warnings with positions ([`ParseError`], [`ParseWarning`]),
//! the limits a reader enforces ([`Limits`]), and the JSON helpers that
//! place an error on the value it is about ([`json`]).
//!
//! A family's reader is written with these; the readers that dispatch to
//! the families ([`text`](crate::text), [`json`](crate::json),
//! [`input`](crate::input)) sit above the families and use them too.

mod error;
pub mod json;
mod limits;
mod tokens;

pub use error::{
    FamilyError, FamilyReadError, JsonError, MAX_LINE_TEXT_BYTES, ParseError, ParseErrorKind,
    ParseWarning, ParseWarningKind, line_text,
};
pub use limits::{DEFAULT_MAX_STATES, Limits, Memory, PROBED_STATES};
pub use tokens::{
    Cursor, Failure, Line, Token, Tokens, column_of, escaped, quote, shortened, thousands,
};

/// The longest line read, in bytes: a longer line is reported and skipped
/// with its maze, so one line can never take more memory than this. A row
/// of about 350,000 numbered squares fits.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The longest maze name accepted, in bytes.
pub const MAX_NAME_BYTES: usize = 1000;

/// The UTF-8 byte order mark, which some editors put at the start of a
/// file: it is skipped there, and is not part of the first maze's name.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// `text` without the UTF-8 byte order mark it may start with, and
/// whether it had one: the one place that knows the mark, for every
/// reader that skips it (an input's start, a lenient answer's) or refuses
/// it (the input validator, a maze name).
///
/// ```
/// use logicmaze::read::without_byte_order_mark;
/// assert_eq!(without_byte_order_mark(b"\xEF\xBB\xBFNAME"), (&b"NAME"[..], true));
/// assert_eq!(without_byte_order_mark(b"NAME"), (&b"NAME"[..], false));
/// ```
pub fn without_byte_order_mark(text: &[u8]) -> (&[u8], bool) {
    match text.strip_prefix(BYTE_ORDER_MARK) {
        Some(rest) => (rest, true),
        None => (text, false),
    }
}

/// One thing a reader found: a maze, an error, or a warning. The readers
/// of this crate find [`Maze`](crate::family::Maze)s
/// ([`Parsed`](crate::family::Parsed)).
#[derive(Debug)]
pub enum Parsed<M> {
    /// A well-formed maze.
    Maze(M),
    /// A bad maze (skipped) or unreadable input.
    Error(ParseError),
    /// Something accepted but worth saying.
    Warning(ParseWarning),
}
