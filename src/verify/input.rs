//! Contest input exactly as the judges' format writes it: what an input
//! validator checks before a test case is trusted.
//!
//! The solver is forgiving (it trims names, reads `00` as `0`, merges an
//! intersection listed twice), because a user's file should be read if its
//! meaning is clear. Test data must be stricter: a contestant's reader
//! that splits on single spaces, keeps the last of two lines for one
//! intersection, or chokes on a byte order mark would answer another
//! question. [`validate`] accepts only the letter of the format:
//!
//! - printable ASCII and `\n` only: no byte order mark, tab, carriage
//!   return, form feed, NUL, escape or other control byte, nothing beyond
//!   ASCII;
//! - no blank line, no space at the start or end of a line, and a `\n`
//!   at the end of every line; outside names (which are whole lines,
//!   spaces and all), never two spaces in a row;
//! - numbers written plainly: no `+`, no leading zero (`03`), no `-0`;
//! - every maze read without an error or a warning by its family's strict
//!   reader (so, for a family with signs, no intersection listed twice, no
//!   direction with two signs on one line, no turn letter twice in a sign);
//! - at most the problem's rows and columns (the caller's, or with the
//!   feature `contest` the limits of the contest problem the family was)
//!   and mazes, and only mazes of one family if asked;
//! - at least one maze, then the line `END`, and nothing after it.
//!
//! ```
//! use logicmaze::verify::input::{validate, Rules};
//! let good: &[u8] = b"A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
//! assert_eq!(validate(good, Rules::default()).unwrap().unwrap().mazes, 1);
//! let twice: &[u8] = b"A\n3 1 N 1 1\n2 1 NF *\n2 1 NR *\n0\nEND\n";
//! let fault = validate(twice, Rules::default()).unwrap().unwrap_err();
//! assert_eq!(fault.line, 4);
//! assert!(fault.to_string().contains("listed on an earlier line"), "{fault}");
//! ```

use std::io::{self, BufRead};

use crate::family::{Families, Family, Parsed};
use crate::read::Limits;
use crate::text::Parser;

use super::Layout;
use super::lines::{Line, Lines};

/// What the input must keep besides the format. Made from
/// [`Rules::default`] and the `with_*` methods, so that a rule added
/// later has its default.
///
/// ```
/// use logicmaze::verify::input::{validate, Rules};
/// let two: &[u8] = b"A\n3 1 N 1 1\n2 1 NF *\n0\nB\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
/// let fault = validate(two, Rules::default().with_max_mazes(Some(1)))?.unwrap_err();
/// assert_eq!(fault.to_string(), "8:1: maze 'B' is maze 2: at most 1");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct Rules {
    /// The families the mazes may be of.
    pub families: Families,
    /// Every maze must be of this family.
    pub family: Option<&'static dyn Family>,
    /// The most rows and columns; by default each family's contest limit
    /// (with the feature `contest`; none without it).
    pub max_side: Option<u32>,
    /// The most mazes; by default no limit.
    pub max_mazes: Option<u32>,
}

impl Rules {
    /// The same rules with other [`families`](Rules::families):
    /// logicmaze's own by default.
    pub const fn with_families(mut self, families: Families) -> Rules {
        self.families = families;
        self
    }

    /// The same rules with another [`family`](Rules::family): by default
    /// none, mazes of any of the families may mix.
    pub const fn with_family(mut self, family: Option<&'static dyn Family>) -> Rules {
        self.family = family;
        self
    }

    /// The same rules with another [`max_side`](Rules::max_side): by
    /// default none, each family's contest limit.
    pub const fn with_max_side(mut self, max_side: Option<u32>) -> Rules {
        self.max_side = max_side;
        self
    }

    /// The same rules with another [`max_mazes`](Rules::max_mazes): by
    /// default none, no limit.
    pub const fn with_max_mazes(mut self, max_mazes: Option<u32>) -> Rules {
        self.max_mazes = max_mazes;
        self
    }
}

/// The first place where the input leaves the judges' format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {reason}")]
#[non_exhaustive]
pub struct Fault {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in bytes.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// What a valid input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valid {
    /// Its mazes.
    pub mazes: usize,
}

/// Whether `input` is contest input exactly in the judges' format (see the
/// module's list), read as a stream; the error is why it could not be
/// read at all.
///
/// # Errors
///
/// The first error reading `input`. An input that reads but breaks the
/// format is no error: it is the inner `Err`, its [`Fault`].
pub fn validate<R: BufRead>(input: R, rules: Rules) -> io::Result<Result<Valid, Fault>> {
    let limits = Limits {
        strict: true,
        ..Limits::default()
    };
    let mut parser = Parser::new(rules.families, None, limits);
    let mut lines = Lines::new(input, Layout::Strict);
    let mut mazes = 0;
    let mut last_line = 0;
    let mut verdict = Ok(());
    while let Some(line) = lines.peek() {
        last_line = line.number;
        let fault = |column: usize, reason: String| Fault {
            line: line.number,
            column,
            reason,
        };
        if parser.ended() {
            verdict = Err(fault(
                1,
                "text after the line END, which ends the input".into(),
            ));
            break;
        }
        let kind = match (parser.boundary(), parser.family()) {
            (Some(_), _) => Kind::Name,
            (None, Some(family)) if parser.reading_body() && family.drawn_body() => Kind::Drawing,
            _ => Kind::Tokens,
        };
        if let Err((column, reason)) = letter_of_the_format(&line, kind) {
            verdict = Err(fault(column, reason));
            break;
        }
        let mut items = Vec::new();
        parser.push_line(line.bytes, &mut |item| items.push(item));
        verdict = judged(items, rules, line.number, &mut mazes);
        if verdict.is_err() {
            break;
        }
        lines.take();
    }
    if let Some(error) = lines.into_error() {
        return Err(error);
    }
    Ok(verdict.and_then(|()| {
        let mut items = Vec::new();
        parser.finish(&mut |item| items.push(item));
        judged(items, rules, last_line, &mut mazes)?;
        let fault = |reason: &str| Fault {
            line: last_line + 1,
            column: 1,
            reason: reason.into(),
        };
        match (parser.ended(), mazes) {
            (false, _) => Err(fault("the input does not end with the line END")),
            (true, 0) => Err(fault("the input holds no maze")),
            (true, mazes) => Ok(Valid { mazes }),
        }
    }))
}

/// The first departure from the rules of the items that line
/// `completed_on` completed.
fn judged(
    items: Vec<Parsed>,
    rules: Rules,
    completed_on: usize,
    mazes: &mut usize,
) -> Result<(), Fault> {
    for item in items {
        let (line, column, reason) = match item {
            Parsed::Error(e) => (e.line, e.column, e.kind.to_string()),
            Parsed::Warning(w) => (w.line, w.column, w.kind.to_string()),
            Parsed::Maze(maze) => {
                check_maze(&maze, rules, completed_on)?;
                *mazes += 1;
                if let Some(most) = rules.max_mazes.filter(|&most| *mazes > most as usize) {
                    return Err(Fault {
                        line: completed_on,
                        column: 1,
                        reason: format!("maze '{}' is maze {mazes}: at most {most}", maze.name()),
                    });
                }
                continue;
            }
        };
        return Err(Fault {
            line,
            column,
            reason,
        });
    }
    Ok(())
}

/// Whether `maze`, completed on line `line`, keeps the rules' family and
/// size.
fn check_maze(maze: &crate::family::Maze, rules: Rules, line: usize) -> Result<(), Fault> {
    let at_its_end = |reason: String| Fault {
        line,
        column: 1,
        reason,
    };
    if let Some(wanted) = rules.family.filter(|f| f.name() != maze.family().name()) {
        let reason = format!("maze '{}' is not a {} maze", maze.name(), wanted.name());
        return Err(at_its_end(reason));
    }
    let limit = rules.max_side.or_else(|| contest_side(maze.family()));
    let (rows, cols) = maze.size();
    match limit.filter(|&l| rows > l || cols > l) {
        Some(limit) => Err(at_its_end(format!(
            "maze '{}' is {rows}×{cols}: at most {limit}×{limit}",
            maze.name()
        ))),
        None => Ok(()),
    }
}

/// The most rows and columns of the contest problem `family` was, if it
/// was one and the contest tools are built.
fn contest_side(family: &dyn Family) -> Option<u32> {
    #[cfg(feature = "contest")]
    return Some(family.contest()?.problem().limits.max_side);
    #[cfg(not(feature = "contest"))]
    {
        let _ = family;
        None
    }
}

/// What a line of the input is, for the rules of its letter.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A maze's name: any printable text.
    Name,
    /// A line of a drawing ([`Family::drawn_body`]): spaces are part of
    /// it, and its family's strict reader judges them.
    Drawing,
    /// A line of tokens: single spaces, numbers written plainly.
    Tokens,
}

/// Where `line` leaves the letter of the judges' format, if it does: its
/// column and why. Name lines may hold any printable text, and drawings
/// any spacing; in other lines numbers are written plainly.
fn letter_of_the_format(line: &Line, kind: Kind) -> Result<(), (usize, String)> {
    let bytes = line.bytes;
    if line.overlong {
        return Err((1, "the line is too long".into()));
    }
    if let Some(at) = bytes.iter().position(|&b| !(b' '..=b'~').contains(&b)) {
        let what = match bytes[at] {
            0xef if line.number == 1
                && at == 0
                && crate::read::without_byte_order_mark(bytes).1 =>
            {
                "a byte order mark".to_string()
            }
            b'\t' => "a tab".to_string(),
            b'\r' => "a carriage return (CRLF line ends?)".to_string(),
            0x0c => "a form feed".to_string(),
            0 => "a NUL byte".to_string(),
            0x1b => "an escape byte (ESC)".to_string(),
            byte if byte < 0x80 => format!("the control byte 0x{byte:02x}"),
            byte => format!("the byte 0x{byte:02x}, which is not ASCII"),
        };
        return Err((at + 1, format!("{what}: the format is printable ASCII")));
    }
    if bytes.is_empty() {
        return Err((1, "a blank line".into()));
    }
    let unended = || {
        let reason = "the line does not end with a newline".into();
        Err((bytes.len() + 1, reason))
    };
    if kind == Kind::Drawing {
        return match line.newline {
            true => Ok(()),
            false => unended(),
        };
    }
    if bytes[0] == b' ' {
        return Err((1, "the line starts with a space".into()));
    }
    if bytes.ends_with(b" ") {
        return Err((bytes.len(), "the line ends with a space".into()));
    }
    if !line.newline {
        return unended();
    }
    // A name is the whole line: spaces inside it are part of it (a trap
    // the judges set for readers that split names into words).
    if kind == Kind::Name {
        return Ok(());
    }
    if let Some(at) = bytes.windows(2).position(|pair| pair == b"  ") {
        return Err((at + 2, "two spaces in a row".into()));
    }
    let mut column = 1;
    for token in bytes.split(|&b| b == b' ') {
        let digits = token.strip_prefix(b"-").unwrap_or(token);
        let number = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
        let problem = match token {
            [b'+', ..] => Some("a number with a '+' sign"),
            b"-0" => Some("zero is written '0'"),
            _ if number && digits.len() > 1 && digits[0] == b'0' => {
                Some("a number with a leading zero")
            }
            _ => None,
        };
        if let Some(problem) = problem {
            let token = String::from_utf8_lossy(token);
            return Err((column, format!("'{token}': {problem}")));
        }
        column += token.len() + 1;
    }
    Ok(())
}
