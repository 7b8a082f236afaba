//! The judges' text formats: mazes in, solutions out, byte for byte.
//!
//! [`Parser`] reads one line at a time and hands back each maze as soon as
//! its last line is read, so a file of any length streams in bounded memory.
//! It does no I/O itself: the caller feeds it lines. A bad maze yields a
//! [`ParseError`] with line and column, and the parser skips to the next
//! maze (after the `0` line of an arrow maze, or at the next line that looks
//! like a name followed by a header) so that the other mazes are still read.
//!
//! ```
//! use logicmaze::judge::{self, Parsed};
//! let input = b"ONE\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
//! let mut output = String::new();
//! for item in judge::parse(input, None) {
//!     if let Parsed::Maze(maze) = item {
//!         judge::write_solution(&mut output, &maze, maze.solve().as_ref());
//!     }
//! }
//! assert_eq!(output, "ONE\n  (3,1) (2,1) (1,1)\n");
//! ```

mod arrow;
mod boundary;
mod dice;
mod error;
mod tokens;
mod write;

pub use boundary::{maze_start, Boundary};
pub(crate) use error::source_text;
pub use error::{ParseError, ParseErrorKind, ParseWarning, ParseWarningKind, MAX_SOURCE_BYTES};
pub(crate) use tokens::column_of;
pub use write::{check_name, write_maze, write_solution, UnwritableName};

use crate::maze::{Family, Maze};
use arrow::ArrowDraft;
use dice::DiceDraft;
use tokens::{Failure, Line};

/// The default limit on the states one maze's search may need: 2^29, about
/// 2.7 GB at the engine's five bytes per reached state.
pub const DEFAULT_MAX_STATES: u64 = 1 << 29;

/// The longest line read, in bytes: a longer line is reported and skipped
/// with its maze, so one line can never take more memory than this. A dice
/// row of about 350,000 squares fits.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The longest maze name accepted, in bytes.
pub const MAX_NAME_BYTES: usize = 1000;

/// Runs of intersection lines shorter than this are read line by line:
/// splitting them across threads would not pay.
const PARALLEL_RUN_BYTES: usize = 1 << 16;

/// Bounds on what the parser accepts.
///
/// ```
/// use logicmaze::judge::{parse_with, Limits, Parsed, ParseErrorKind};
/// let limits = Limits { max_states: 1000, ..Limits::default() };
/// let items = parse_with(b"BIG\n100 100 1 1 1 2\n", None, limits);
/// let Parsed::Error(e) = &items[0] else { panic!() };
/// assert!(matches!(e.kind, ParseErrorKind::TooLarge { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most states one maze's search may need; larger mazes are refused
    /// before anything is allocated for them.
    pub max_states: u64,
    /// The memory one maze may take, if bounded.
    pub memory: Option<Memory>,
}

/// What one maze may take of memory, reckoned from its states, which its
/// header fixes (an arrow maze's grow as its intersections are read).
///
/// A reader that runs beside others (on a thread of a pool) may be told to
/// leave large mazes alone (`defer_over`): it stops there, as
/// [`Parser::gave_up`] says, and the input from there on is read by a
/// reader that takes large mazes one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// A maze that needs more bytes than this is refused.
    pub max_bytes: u64,
    /// What a maze costs per search state: its model, and what is done
    /// with it (a search, a census, a conversion).
    pub bytes_per_state: u64,
    /// A reader with this set stops at the first maze that needs more.
    pub defer_over: Option<u64>,
}

impl Limits {
    /// Refuses maze `maze` when its search would need more than
    /// `max_states` states, or more memory than `memory` allows.
    ///
    /// ```
    /// use logicmaze::judge::{Limits, Memory};
    /// let limits = Limits { max_states: 100, ..Limits::default() };
    /// assert!(limits.check("small", 100).is_ok());
    /// assert_eq!(
    ///     limits.check("big", 101).unwrap_err().to_string(),
    ///     "maze 'big' needs 101 states, more than the limit of 100 (see --max-states)"
    /// );
    /// let memory = Some(Memory { max_bytes: 3 << 20, bytes_per_state: 2, defer_over: None });
    /// let limits = Limits { memory, ..Limits::default() };
    /// assert_eq!(
    ///     limits.check("big", 2 << 20).unwrap_err().to_string(),
    ///     "maze 'big' needs about 4 MiB of memory, more than the limit of 3 MiB (see --max-memory)"
    /// );
    /// ```
    pub fn check(&self, maze: &str, states: u64) -> Result<(), ParseErrorKind> {
        if states > self.max_states {
            return Err(ParseErrorKind::TooLarge {
                maze: maze.to_string(),
                states,
                limit: self.max_states,
            });
        }
        match self.memory {
            Some(memory) if memory.bytes(states) > memory.max_bytes => {
                Err(ParseErrorKind::OverMemory {
                    maze: maze.to_string(),
                    bytes: memory.bytes(states),
                    limit: memory.max_bytes,
                })
            }
            _ => Ok(()),
        }
    }

    /// [`Limits::check`], for a reader about to allocate for the maze: a
    /// maze of [`PROBED_STATES`] or more, under a memory limit, also has
    /// its memory asked of the system first, and given back at once. Only
    /// where memory is allocated, since the ask costs system calls and a
    /// maze's size may be checked once per line as it grows.
    pub fn check_allocating(&self, maze: &str, states: u64) -> Result<(), ParseErrorKind> {
        self.check(maze, states)?;
        match self.memory {
            Some(memory) if states >= PROBED_STATES && !system_can_give(memory.bytes(states)) => {
                Err(ParseErrorKind::OutOfMemory {
                    maze: maze.to_string(),
                    bytes: memory.bytes(states),
                })
            }
            _ => Ok(()),
        }
    }

    /// Whether a reader with these limits leaves a maze of `states` states
    /// to another (see [`Memory::defer_over`]).
    pub fn defers(&self, states: u64) -> bool {
        self.memory
            .is_some_and(|m| m.defer_over.is_some_and(|over| m.bytes(states) > over))
    }
}

/// Mazes of fewer states are not probed by [`system_can_give`].
pub const PROBED_STATES: u64 = 1 << 20;

/// Whether the system gives `bytes` of memory when asked, now: they are
/// asked for and given back at once. Rust aborts the process when an
/// allocation fails, so a maze the system cannot hold must be found out
/// before its allocations: then it is that maze's error, not the end of
/// the run. (Memory can still run out later, but a request the system
/// refuses outright, as Linux refuses one past what it could ever give, or
/// one past a `ulimit -v`, is caught here.)
fn system_can_give(bytes: u64) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    usize::try_from(bytes).is_ok_and(|bytes| probe.try_reserve_exact(bytes).is_ok())
}

impl Memory {
    /// The bytes a maze of `states` states takes.
    pub fn bytes(&self, states: u64) -> u64 {
        states.saturating_mul(self.bytes_per_state)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: DEFAULT_MAX_STATES,
            memory: None,
        }
    }
}

/// One thing the parser found: a maze, an error, or a warning.
#[derive(Debug)]
pub enum Parsed {
    /// A well-formed maze.
    Maze(Maze),
    /// A bad maze (skipped) or unreadable input.
    Error(ParseError),
    /// Something accepted but worth saying.
    Warning(ParseWarning),
}

/// Reads a whole judge-format input held in memory with default limits.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// let items = parse(b"D\n1 2 1 1 1 2\n-1 -1\nEND\n", None);
/// assert!(matches!(&items[..], [Parsed::Maze(_)]));
/// ```
pub fn parse(input: &[u8], family: Option<Family>) -> Vec<Parsed> {
    parse_with(input, family, Limits::default())
}

/// Reads a whole judge-format input held in memory with the given limits,
/// skipping a byte order mark at its start.
pub fn parse_with(input: &[u8], family: Option<Family>, limits: Limits) -> Vec<Parsed> {
    let mut parser = Parser::new(family, limits);
    let mut items = Vec::new();
    let mut rest = input.strip_prefix(BYTE_ORDER_MARK).unwrap_or(input);
    while !rest.is_empty() && !parser.is_done() && !parser.gave_up() {
        let read = parser.push_lines(rest, &mut |item| items.push(item));
        rest = &rest[read..];
    }
    parser.finish(&mut |item| items.push(item));
    items
}

/// The UTF-8 byte order mark, which some editors put at the start of a
/// file: it is skipped there, and is not part of the first maze's name.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// A streaming reader of judge-format mazes, fed one line at a time.
///
/// ```
/// use logicmaze::judge::{Limits, Parsed, Parser};
/// let mut parser = Parser::new(None, Limits::default());
/// let mut names = Vec::new();
/// for line in ["A\n", "1 1 S 2 1\n", "0\n", "END\n", "junk after END\n"] {
///     parser.push_line(line.as_bytes(), &mut |item| {
///         if let Parsed::Maze(maze) = item { names.push(maze.name().to_string()) }
///     });
/// }
/// assert!(parser.is_done());
/// assert_eq!(names, ["A"]);
/// ```
#[derive(Debug)]
pub struct Parser {
    /// The family given by the caller, if any.
    forced: Option<Family>,
    /// The family of the maze being read (or the last one).
    family: Option<Family>,
    limits: Limits,
    /// The number of the line last pushed.
    line: usize,
    state: State,
}

#[derive(Debug)]
enum State {
    /// Between mazes: the next line is a name or `END`.
    Name,
    /// After a name: the header comes next.
    Header { name: String },
    /// Reading an arrow maze's intersections, up to the `0` line.
    Intersections(ArrowDraft),
    /// Reading a dice maze's rows.
    Rows(DiceDraft),
    /// Skipping the rest of a bad maze. `candidate` is the last line read if
    /// it could be the next maze's name.
    Skipping { candidate: Option<String> },
    /// `END` was read; everything after it is ignored.
    Ended,
    /// A maze was one for another reader ([`Limits::defers`]): this
    /// parser stopped at its start, and reads nothing more.
    Deferred,
}

impl Parser {
    /// A parser for mazes of `family`, or, when `None`, of the family
    /// detected from each maze's second line (so one input may mix them).
    pub fn new(family: Option<Family>, limits: Limits) -> Parser {
        Parser {
            forced: family,
            family,
            limits,
            line: 0,
            state: State::Name,
        }
    }

    /// A parser that reads on from `boundary`, between two mazes, as the
    /// parser that stood there would (see [`Boundary`]).
    pub fn resume(family: Option<Family>, limits: Limits, boundary: Boundary) -> Parser {
        Parser {
            forced: family,
            family: family.or(boundary.family),
            limits,
            line: boundary.line,
            state: State::Name,
        }
    }

    /// Where this parser stands when it is between two mazes.
    pub fn boundary(&self) -> Option<Boundary> {
        matches!(self.state, State::Name).then_some(Boundary {
            line: self.line,
            family: self.family,
        })
    }

    /// Whether `END` has been read: further lines would be ignored.
    pub fn is_done(&self) -> bool {
        matches!(self.state, State::Ended)
    }

    /// Reads on under `limits` (see [`crate::input::MazeReader::set_limits`]).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether this parser stopped at a maze its limits leave to another
    /// reader ([`Limits::defers`]): what it read is to be read again by
    /// one that takes large mazes.
    pub fn gave_up(&self) -> bool {
        matches!(self.state, State::Deferred)
    }

    /// The family being read, once known.
    pub fn family(&self) -> Option<Family> {
        self.family
    }

    /// Reads one line (with or without its line ending) and calls `emit`
    /// for every maze, error or warning it completes.
    pub fn push_line(&mut self, raw: &[u8], emit: &mut impl FnMut(Parsed)) {
        self.line += 1;
        if raw.len() > MAX_LINE_BYTES {
            return self.skip_overlong(emit);
        }
        let line = Line::new(raw);
        if line.is_blank() {
            return;
        }
        // The common case, a line inside a maze, is handled in place: moving
        // the state (and the maze it holds) out and back costs more than
        // reading the line.
        let failure = match &mut self.state {
            State::Intersections(draft) if !line.is_zero() => {
                match draft.add(&line, &self.limits) {
                    Ok(()) if draft.is_deferred() => {
                        self.state = State::Deferred;
                        return;
                    }
                    Ok(()) => return,
                    Err(failure) => failure,
                }
            }
            State::Rows(draft) => match draft.add_row(&line) {
                Ok(false) => return,
                Ok(true) => {
                    let State::Rows(draft) = std::mem::replace(&mut self.state, State::Name) else {
                        unreachable!("matched above")
                    };
                    emit(Parsed::Maze(Maze::Dice(draft.into_maze())));
                    return;
                }
                Err(failure) => failure,
            },
            _ => return self.transition(&line, emit),
        };
        self.state = self.fail(failure, &line, emit);
    }

    /// Reads the first line of `block` (whole lines, the last one perhaps
    /// without its line ending) and returns how many bytes that was. Inside
    /// a long arrow maze, when rayon's pool has more than one thread, it
    /// reads instead a run of the intersection lines `block` starts with,
    /// in parallel. Either way the result is what [`Parser::push_line`] on
    /// each line would give.
    ///
    /// ```
    /// use logicmaze::judge::{Limits, Parsed, Parser};
    /// let mut parser = Parser::new(None, Limits::default());
    /// let mut rest: &[u8] = b"A\n1 1 S 2 1\n0\nEND\n";
    /// let mut mazes = 0;
    /// while !rest.is_empty() {
    ///     let read = parser.push_lines(rest, &mut |item| mazes += matches!(item, Parsed::Maze(_)) as usize);
    ///     rest = &rest[read..];
    /// }
    /// assert_eq!(mazes, 1);
    /// ```
    pub fn push_lines(&mut self, block: &[u8], emit: &mut impl FnMut(Parsed)) -> usize {
        if let State::Intersections(draft) = &mut self.state {
            let length = draft.run_length().min(block.len());
            if length >= PARALLEL_RUN_BYTES && rayon::current_num_threads() > 1 {
                let end =
                    memchr::memchr(b'\n', &block[length - 1..]).map_or(block.len(), |i| length + i);
                let run = draft.add_run(&block[..end], &self.limits);
                if run.bytes > 0 {
                    self.line += run.lines;
                    return run.bytes;
                }
            }
        }
        let end = memchr::memchr(b'\n', block).map_or(block.len(), |i| i + 1);
        self.push_line(&block[..end], emit);
        end
    }

    /// Reports a line longer than [`MAX_LINE_BYTES`] and skips its maze.
    fn skip_overlong(&mut self, emit: &mut impl FnMut(Parsed)) {
        if matches!(self.state, State::Ended | State::Deferred) {
            return;
        }
        let kind = ParseErrorKind::LineTooLong {
            limit: MAX_LINE_BYTES,
        };
        emit(Parsed::Error(self.error(Failure { column: 1, kind }, None)));
        self.state = State::Skipping { candidate: None };
    }

    /// Moves between states on a line that starts or ends a maze, or is
    /// skipped.
    fn transition(&mut self, line: &Line, emit: &mut impl FnMut(Parsed)) {
        let state = std::mem::replace(&mut self.state, State::Ended);
        self.state = match state {
            State::Ended => State::Ended,
            State::Deferred => State::Deferred,
            State::Name if line.is("END") => State::Ended,
            State::Name => self.on_name(line, emit),
            State::Header { name } => self.on_header(name, line, emit),
            State::Intersections(draft) => self.on_end_of_intersections(draft, line, emit),
            State::Rows(draft) => State::Rows(draft),
            State::Skipping { candidate } => self.on_skipped(candidate, line, emit),
        };
    }

    /// Ends the input: reports a maze left unfinished, and a missing `END`.
    pub fn finish(&mut self, emit: &mut impl FnMut(Parsed)) {
        let unfinished = match std::mem::replace(&mut self.state, State::Ended) {
            State::Ended => return,
            State::Deferred => {
                self.state = State::Deferred;
                return;
            }
            State::Name | State::Skipping { .. } => None,
            State::Header { name } => Some((name, "its second line".to_string())),
            State::Intersections(draft) => Some((
                draft.name().to_string(),
                "an intersection or the '0' line".to_string(),
            )),
            State::Rows(draft) => Some((draft.name().to_string(), draft.expecting())),
        };
        // The end of input is reported at the start of the line after the
        // last one.
        let (line, column) = (self.line + 1, 1);
        if let Some((maze, expected)) = unfinished {
            let kind = ParseErrorKind::UnexpectedEnd { maze, expected };
            let source = None;
            emit(Parsed::Error(ParseError {
                line,
                column,
                kind,
                source,
            }));
        }
        let kind = ParseWarningKind::MissingEnd;
        emit(Parsed::Warning(ParseWarning { line, column, kind }));
    }

    /// A maze's first line: its name, unless too long. The limit applies to
    /// the name as text (invalid UTF-8 replaced), as it will be written.
    fn on_name(&mut self, line: &Line, emit: &mut impl FnMut(Parsed)) -> State {
        let name = line.text();
        if name.len() <= MAX_NAME_BYTES {
            return State::Header { name };
        }
        let kind = ParseErrorKind::NameTooLong {
            length: name.len(),
            limit: MAX_NAME_BYTES,
        };
        emit(Parsed::Error(self.error(Failure { column: 1, kind }, None)));
        State::Skipping { candidate: None }
    }

    fn on_header(&mut self, name: String, line: &Line, emit: &mut impl FnMut(Parsed)) -> State {
        if line.is("END") {
            let expected = "its second line".to_string();
            let kind = ParseErrorKind::UnexpectedEnd {
                maze: name,
                expected,
            };
            return self.fail(Failure { column: 1, kind }, line, emit);
        }
        let family = match self.forced.or_else(|| detect(line)).or(self.family) {
            Some(family) => family,
            None => {
                let kind = ParseErrorKind::UnknownFamily { found: line.text() };
                return self.fail(Failure { column: 1, kind }, line, emit);
            }
        };
        self.family = Some(family);
        let header = match family {
            Family::Arrow => {
                arrow::header(name, line, &self.limits).map(|d| d.map(State::Intersections))
            }
            Family::Dice => dice::header(name, line, &self.limits).map(|d| d.map(State::Rows)),
        };
        match header {
            Ok(state) => state.unwrap_or(State::Deferred),
            Err(failure) => self.fail(failure, line, emit),
        }
    }

    fn on_end_of_intersections(
        &mut self,
        draft: ArrowDraft,
        line: &Line,
        emit: &mut impl FnMut(Parsed),
    ) -> State {
        let item = match draft.build() {
            Ok(maze) => Parsed::Maze(Maze::Arrow(maze)),
            Err(kind) => Parsed::Error(self.error(Failure { column: 1, kind }, Some(line))),
        };
        emit(item);
        if !line.is("0") {
            let found = tokens::quote(line.trimmed());
            let column = line.bytes().len() - line.bytes().trim_ascii_start().len() + 1;
            emit(Parsed::Warning(ParseWarning {
                line: self.line,
                column,
                kind: ParseWarningKind::ZeroSpelledOtherwise { found },
            }));
        }
        State::Name
    }

    fn on_skipped(
        &mut self,
        candidate: Option<String>,
        line: &Line,
        emit: &mut impl FnMut(Parsed),
    ) -> State {
        if line.is("END") {
            return State::Ended;
        }
        if self.family != Some(Family::Dice) && line.is_zero() {
            return State::Name;
        }
        if let Some(name) = candidate {
            if self.looks_like_header(line) {
                return self.on_header(name, line, emit);
            }
        }
        State::Skipping {
            candidate: self.could_be_name(line),
        }
    }

    /// Reports `failure` on the current line and starts skipping the maze;
    /// the failing line itself may be the next maze's name.
    fn fail(&mut self, failure: Failure, line: &Line, emit: &mut impl FnMut(Parsed)) -> State {
        emit(Parsed::Error(self.error(failure, Some(line))));
        if line.is("END") {
            return State::Ended;
        }
        State::Skipping {
            candidate: self.could_be_name(line),
        }
    }

    /// The error `failure` on the current line, `line` (shown under the
    /// message when given and not too long).
    fn error(&self, failure: Failure, line: Option<&Line>) -> ParseError {
        ParseError {
            line: self.line,
            column: failure.column,
            kind: failure.kind,
            source: line.and_then(|line| error::source_text(line.bytes())),
        }
    }

    fn looks_like_header(&self, line: &Line) -> bool {
        match self.forced {
            Some(Family::Arrow) => arrow::looks_like_header(line),
            Some(Family::Dice) => dice::looks_like_header(line),
            None => arrow::looks_like_header(line) || dice::looks_like_header(line),
        }
    }

    /// While skipping, a line that could start the next maze: for dice
    /// mazes, a line that is not all numbers (rows are); for arrow mazes,
    /// any line but `0`; never a name over the length limit.
    fn could_be_name(&self, line: &Line) -> Option<String> {
        let possible = match self.family {
            Some(Family::Dice) => !dice::is_all_numbers(line),
            _ => !line.is("0"),
        };
        possible
            .then(|| line.text())
            .filter(|name| name.len() <= MAX_NAME_BYTES)
    }
}

/// The family of a maze from its second line: six numbers make a dice
/// maze; a letter in third place makes an arrow maze.
fn detect(line: &Line) -> Option<Family> {
    if dice::is_all_numbers(line) {
        return Some(Family::Dice);
    }
    let third = line.tokens().nth(2)?;
    third.text[0].is_ascii_alphabetic().then_some(Family::Arrow)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detected(line: &str) -> Option<Family> {
        detect(&Line::new(line.as_bytes()))
    }

    /// Parsed items in a form to compare: mazes, or diagnostics as text.
    fn comparable(items: Vec<Parsed>) -> Vec<Result<Maze, String>> {
        let text = |item| format!("{item:?}");
        items
            .into_iter()
            .map(|item| match item {
                Parsed::Maze(maze) => Ok(maze),
                Parsed::Error(error) => Err(text(Parsed::Error(error))),
                Parsed::Warning(warning) => Err(text(Parsed::Warning(warning))),
            })
            .collect()
    }

    /// What reading `input` line by line gives.
    fn line_by_line(input: &[u8], limits: Limits) -> Vec<Result<Maze, String>> {
        let mut parser = Parser::new(None, limits);
        let mut items = Vec::new();
        for line in input.split_inclusive(|&b| b == b'\n') {
            parser.push_line(line, &mut |item| items.push(item));
        }
        parser.finish(&mut |item| items.push(item));
        comparable(items)
    }

    /// What [`parse_with`] gives on a pool of `threads` threads.
    fn in_runs(input: &[u8], limits: Limits, threads: usize) -> Vec<Result<Maze, String>> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| comparable(parse_with(input, None, limits)))
    }

    #[test]
    fn parallel_runs_of_intersections_read_as_lines_do() {
        let maze = Maze::Arrow(crate::random::exhaustive_arrow_maze(3, 260, 260));
        let mut text = String::new();
        write_maze(&mut text, &maze).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Lines the parallel reader must hand to the careful one, or read
        // exactly as it would, each put at some point of the maze: a blank
        // line, the same intersection listed twice, a bad sign, a coordinate
        // past the limit, an early `0`, a line only the careful reader reads.
        // `None` ends every seventh line with CRLF instead. After the maze
        // come a second maze and a bad third one, whose error shows that
        // lines were counted right.
        let variations = [
            (0.0, Some("2 2 NL ER SF WR *")),
            (0.3, Some("")),
            (0.8, Some("2 2 NL ER SF WR *")),
            (0.6, Some("5 5 NQ *")),
            (0.7, Some("300 3000 NL *")),
            (0.2, Some("0")),
            (0.4, Some("0000000002 3 NL ELR *")),
            (0.0, None),
        ];
        for (number, (fraction, line)) in variations.into_iter().enumerate() {
            let mut varied: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
            match line {
                Some(line) => {
                    varied.insert((lines.len() as f64 * fraction) as usize + 2, line.into())
                }
                None => varied
                    .iter_mut()
                    .step_by(7)
                    .for_each(|line| line.push('\r')),
            }
            let input = varied.join("\n") + "\nSECOND\n1 1 S 2 1\n0\nBAD\n1 1 Q 2 1\nEND\n";
            let limits = Limits {
                max_states: 262 * 263 * 4,
                memory: None,
            };
            let expected = line_by_line(input.as_bytes(), limits);
            for threads in [2, 3] {
                assert!(
                    in_runs(input.as_bytes(), limits, threads) == expected,
                    "variation {number}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn detects_the_family_from_the_second_line() {
        assert_eq!(detected("3 1 N 3 3"), Some(Family::Arrow));
        assert_eq!(detected("3 1 X 3"), Some(Family::Arrow));
        assert_eq!(detected("3 3 1 2 5 1"), Some(Family::Dice));
        assert_eq!(detected("3 3 1 2 5"), Some(Family::Dice));
        assert_eq!(detected("hello"), None);
        assert_eq!(detected("1 2 3 x"), None);
    }
}
