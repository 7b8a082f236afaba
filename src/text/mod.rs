//! The judges' text formats, for every family: mazes in, solutions out,
//! byte for byte. The families read their own lines
//! ([`family`](crate::family)); this module follows an input from maze to
//! maze, tells each maze's family from its second line, and skips a bad
//! maze to read the rest.
//!
//! [`Parser`] reads one line at a time and hands back each maze as soon as
//! its last line is read, so a file of any length streams in bounded memory.
//! It does no I/O itself: the caller feeds it lines. A bad maze yields a
//! [`ParseError`] with line and column, and the parser skips to the next
//! maze (after the line its family ends a bad maze with, or at the next line that looks
//! like a name followed by a header) so that the other mazes are still read.
//!
//! ```
//! use logicmaze::{text, Maze};
//! let input = "ONE\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
//! let mut output = String::new();
//! for maze in Maze::parse_all(input) {
//!     let maze = maze?;
//!     text::write_solution(&mut output, &maze, maze.solve().as_ref());
//! }
//! assert_eq!(output, "ONE\n  (3,1) (2,1) (1,1)\n");
//! # Ok::<(), logicmaze::read::ParseError>(())
//! ```

mod boundary;
mod write;

use crate::family::Parsed;
use crate::read::{
    Limits, MAX_LINE_BYTES, MAX_NAME_BYTES, ParseError, ParseErrorKind, ParseWarning,
    ParseWarningKind,
};
use crate::search::parallel;
pub use boundary::{Boundary, end_line, is_end, maze_start};
pub use write::{
    UnwritableName, check_name, unwritable, write_maze, write_route_line, write_solution,
};

use crate::family::{Draft, Families, Family, Progress};
use crate::read::{Failure, Line, line_text};

/// Runs of lines shorter than this are read line by line: splitting them
/// across threads would not pay.
const PARALLEL_RUN_BYTES: usize = 1 << 16;

/// A streaming reader of judge-format mazes, fed one line at a time.
///
/// ```
/// use logicmaze::text::Parser;
/// use logicmaze::read::Limits;
/// use logicmaze::family::Parsed;
/// let mut parser = Parser::new(Default::default(), None, Limits::default());
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
    /// The families a maze's header is told apart by.
    families: Families,
    /// The family given by the caller, if any.
    forced: Option<&'static dyn Family>,
    /// The family of the maze being read (or the last one).
    family: Option<&'static dyn Family>,
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
    /// Reading a maze's body, by its family's reader.
    Body(Box<dyn Draft>),
    /// Skipping the rest of a bad maze. `candidate` is the last line read if
    /// it could be the next maze's name.
    Skipping { candidate: Option<String> },
    /// `END` was read: the input ends there, and what follows is only
    /// looked at for text, which is warned of.
    Ended,
    /// Text after `END` was warned of; nothing more is read.
    Ignoring,
    /// A maze was one for another reader ([`Limits::defers`]): this
    /// parser stopped at its start, and reads nothing more.
    Deferred,
}

impl Parser {
    /// A parser for mazes of `family`, or, when `None`, of the family of
    /// `families` detected from each maze's second line (so one input may
    /// mix them).
    pub fn new(families: Families, family: Option<&'static dyn Family>, limits: Limits) -> Parser {
        Parser {
            families,
            forced: family,
            family,
            limits,
            line: 0,
            state: State::Name,
        }
    }

    /// A parser that reads on from `boundary`, between two mazes, as the
    /// parser that stood there would (see [`Boundary`]).
    pub fn resume(
        families: Families,
        family: Option<&'static dyn Family>,
        limits: Limits,
        boundary: Boundary,
    ) -> Parser {
        Parser {
            families,
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

    /// Whether `END` has been read: no maze comes after it.
    pub fn ended(&self) -> bool {
        matches!(self.state, State::Ended | State::Ignoring)
    }

    /// Whether nothing more is to be read: `END`, and text after it, which
    /// was warned of. (Until such text, blank lines after `END` are read,
    /// so that concatenated inputs are not dropped without a word.)
    pub fn is_done(&self) -> bool {
        matches!(self.state, State::Ignoring)
    }

    /// Reads on under `limits` (see
    /// [`MazeReader::set_limits`](crate::input::MazeReader::set_limits)).
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
    pub fn family(&self) -> Option<&'static dyn Family> {
        self.family
    }

    /// Whether the next line is one of a maze's body (after its header).
    pub fn reading_body(&self) -> bool {
        matches!(self.state, State::Body(_))
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
        let State::Body(draft) = &mut self.state else {
            return self.transition(&line, emit);
        };
        self.state = match draft.read(&line, &self.limits) {
            Ok(Progress::More) => return,
            Ok(Progress::Noted(column, kind)) => {
                let line = self.line;
                return emit(Parsed::Warning(ParseWarning { line, column, kind }));
            }
            Ok(Progress::Deferred) => State::Deferred,
            Ok(Progress::Complete(note)) => {
                let State::Body(draft) = std::mem::replace(&mut self.state, State::Name) else {
                    unreachable!("matched above")
                };
                self.complete(draft, note, &line, emit)
            }
            Err(failure) => self.fail(failure, &line, emit),
        };
    }

    /// Reads the first line of `block` (whole lines, the last one perhaps
    /// without its line ending) and returns how many bytes that was. Inside
    /// a long maze whose family reads runs of lines at once,
    /// when the pool has more than one thread, it reads instead a run
    /// of the lines `block` starts with, in parallel. Either way the result
    /// is what [`Parser::push_line`] on each line would give.
    ///
    /// ```
    /// use logicmaze::text::Parser;
    /// use logicmaze::read::Limits;
    /// use logicmaze::family::Parsed;
    /// let mut parser = Parser::new(Default::default(), None, Limits::default());
    /// let mut rest: &[u8] = b"A\n1 1 S 2 1\n0\nEND\n";
    /// let mut mazes = 0;
    /// while !rest.is_empty() {
    ///     let read = parser.push_lines(rest, &mut |item| mazes += matches!(item, Parsed::Maze(_)) as usize);
    ///     rest = &rest[read..];
    /// }
    /// assert_eq!(mazes, 1);
    /// ```
    pub fn push_lines(&mut self, block: &[u8], emit: &mut impl FnMut(Parsed)) -> usize {
        if let State::Body(draft) = &mut self.state {
            let length = draft.run_length().min(block.len());
            if length >= PARALLEL_RUN_BYTES && parallel::threads() > 1 {
                let end =
                    memchr::memchr(b'\n', &block[length - 1..]).map_or(block.len(), |i| length + i);
                let run = draft.read_run(&block[..end], &self.limits);
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
        match self.state {
            State::Ended => return self.text_after_end(1, emit),
            State::Ignoring | State::Deferred => return,
            _ => {}
        }
        let kind = ParseErrorKind::LineTooLong {
            limit: MAX_LINE_BYTES,
        };
        emit(Parsed::Error(self.error(Failure { column: 1, kind }, None)));
        self.state = State::Skipping { candidate: None };
    }

    /// Moves between states on a line outside a maze's body: a name, a
    /// header, `END`, or a line of a bad maze being skipped.
    fn transition(&mut self, line: &Line, emit: &mut impl FnMut(Parsed)) {
        let state = std::mem::replace(&mut self.state, State::Ended);
        self.state = match state {
            State::Ended => {
                let column = line.tokens().next().map_or(1, |token| line.column(&token));
                return self.text_after_end(column, emit);
            }
            State::Ignoring => State::Ignoring,
            State::Deferred => State::Deferred,
            State::Name if is_end(line) => State::Ended,
            State::Name => self.on_name(line, emit),
            State::Header { name } => self.on_header(name, line, emit),
            State::Body(draft) => State::Body(draft),
            State::Skipping { candidate } => self.on_skipped(candidate, line, emit),
        };
    }

    /// Warns of text on the current line, after `END`, at `column`; the
    /// rest of the input is not read.
    fn text_after_end(&mut self, column: usize, emit: &mut impl FnMut(Parsed)) {
        let (line, kind) = (self.line, ParseWarningKind::TextAfterEnd);
        emit(Parsed::Warning(ParseWarning { line, column, kind }));
        self.state = State::Ignoring;
    }

    /// Ends the input: reports a maze left unfinished, and a missing `END`.
    pub fn finish(&mut self, emit: &mut impl FnMut(Parsed)) {
        let unfinished = match std::mem::replace(&mut self.state, State::Ended) {
            State::Ended => return,
            State::Ignoring => {
                self.state = State::Ignoring;
                return;
            }
            State::Deferred => {
                self.state = State::Deferred;
                return;
            }
            State::Name | State::Skipping { .. } => None,
            State::Header { name } => Some((name, "its second line".to_string())),
            State::Body(draft) => Some((draft.name().to_string(), draft.expecting())),
        };
        // The end of input is reported at the start of the line after the
        // last one.
        let (line, column) = (self.line + 1, 1);
        if let Some((maze, expected)) = unfinished {
            let kind = ParseErrorKind::UnexpectedEnd { maze, expected };
            let line_text = None;
            emit(Parsed::Error(ParseError {
                line,
                column,
                kind,
                line_text,
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
        if is_end(line) {
            let expected = "its second line".to_string();
            let kind = ParseErrorKind::UnexpectedEnd {
                maze: name,
                expected,
            };
            return self.fail(Failure { column: 1, kind }, line, emit);
        }
        let family = match self
            .forced
            .or_else(|| detect(self.families, line))
            .or(self.family)
        {
            Some(family) => family,
            None => {
                let kind = ParseErrorKind::UnknownFamily {
                    found: crate::read::quote(line.bytes()),
                    expected: expected_headers(self.families),
                };
                return self.fail(Failure { column: 1, kind }, line, emit);
            }
        };
        self.family = Some(family);
        match family.read_header(name, line, &self.limits) {
            Ok(Some(draft)) => State::Body(draft),
            Ok(None) => State::Deferred,
            Err(failure) => self.fail(failure, line, emit),
        }
    }

    /// The line that completed a maze: the maze (or what is wrong with it,
    /// on this line) and the family's note on the line, if any.
    fn complete(
        &mut self,
        draft: Box<dyn Draft>,
        note: Option<(usize, ParseWarningKind)>,
        line: &Line,
        emit: &mut impl FnMut(Parsed),
    ) -> State {
        let item = match draft.build() {
            Ok(maze) => Parsed::Maze(maze),
            Err(kind) => Parsed::Error(self.error(Failure { column: 1, kind }, Some(line))),
        };
        emit(item);
        if let Some((column, kind)) = note {
            let line = self.line;
            emit(Parsed::Warning(ParseWarning { line, column, kind }));
        }
        State::Name
    }

    fn on_skipped(
        &mut self,
        candidate: Option<String>,
        line: &Line,
        emit: &mut impl FnMut(Parsed),
    ) -> State {
        if is_end(line) {
            return State::Ended;
        }
        if self
            .skipped_family()
            .is_some_and(|family| family.ends_bad_maze(line))
        {
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
        if is_end(line) {
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
            line_text: line.and_then(|line| line_text(line.bytes())),
        }
    }

    fn looks_like_header(&self, line: &Line) -> bool {
        match self.forced {
            Some(family) => family.looks_like_header(line),
            None => self
                .families
                .list()
                .iter()
                .any(|f| f.looks_like_header(line)),
        }
    }

    /// The family whose rules skip a bad maze: the maze's, or, before any
    /// maze's family is known, the first of the list (of none: no line
    /// could start a maze).
    fn skipped_family(&self) -> Option<&'static dyn Family> {
        self.family.or(self.families.first())
    }

    /// While skipping, a line that could start the next maze, as the
    /// family says (a row of numbers cannot be one); never a name over the
    /// length limit.
    fn could_be_name(&self, line: &Line) -> Option<String> {
        self.skipped_family()
            .is_some_and(|family| family.could_be_name(line))
            .then(|| line.text())
            .filter(|name| name.len() <= MAX_NAME_BYTES)
    }
}

/// The family of a maze from its second line: the first of the list that
/// claims it.
fn detect(families: Families, line: &Line) -> Option<&'static dyn Family> {
    families.list().iter().copied().find(|f| f.claims(line))
}

/// What a maze's second line should be, for a message: each family's
/// header and name, `'ROW COL DIRECTION ROW COL' (NAME) or ...`.
fn expected_headers(families: Families) -> String {
    let shapes: Vec<String> = families
        .list()
        .iter()
        .map(|f| format!("'{}' ({})", f.words().header, f.name()))
        .collect();
    match shapes.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, others)) => format!("{} or {last}", others.join(", ")),
        None => "a maze's header".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Maze;

    fn detected(line: &str) -> Option<&'static str> {
        detect(Families::BUILT_IN, &Line::new(line.as_bytes())).map(|family| family.name())
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
        let mut parser = Parser::new(Families::BUILT_IN, None, limits);
        let mut items = Vec::new();
        for line in input.split_inclusive(|&b| b == b'\n') {
            parser.push_line(line, &mut |item| items.push(item));
        }
        parser.finish(&mut |item| items.push(item));
        comparable(items)
    }

    /// What reading `input` in blocks, as [`Parser::push_lines`] reads
    /// them (runs of lines at once where it can), gives.
    fn parse_with(
        input: &[u8],
        family: Option<&'static dyn Family>,
        limits: Limits,
    ) -> Vec<Parsed> {
        let mut parser = Parser::new(Families::BUILT_IN, family, limits);
        let (mut items, mut rest) = (Vec::new(), input);
        while !rest.is_empty() && !parser.is_done() {
            let read = parser.push_lines(rest, &mut |item| items.push(item));
            rest = &rest[read..];
        }
        parser.finish(&mut |item| items.push(item));
        items
    }

    /// What [`parse_with`] gives on a pool of `threads` threads.
    fn in_runs(input: &[u8], limits: Limits, threads: usize) -> Vec<Result<Maze, String>> {
        parallel::with_threads(threads, || comparable(parse_with(input, None, limits)))
    }

    /// An intersection listed again is a warning at its own line, whether
    /// the line is read alone or inside a parallel run (which then stops
    /// before it), and reading strictly notes a sign that repeats itself.
    #[test]
    fn an_intersection_listed_twice_is_noted_at_its_line_in_runs_too() {
        let maze = crate::family::Maze::from(crate::family::arrow::exhaustive_maze(3, 120, 120));
        let mut text = String::new();
        write_maze(&mut text, &maze).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        // Late enough that the maze is read in runs by then.
        let again = lines[9000].clone();
        lines.insert(12000, again.clone());
        let input = lines.join("\n") + "\nEND\n";
        let expected = format!(
            "the intersection ({}) was listed on an earlier line too",
            again.split(' ').take(2).collect::<Vec<_>>().join(",")
        );
        for threads in [1, 2] {
            let items = parallel::with_threads(threads, || {
                parse_with(input.as_bytes(), None, Limits::default())
            });
            let warnings: Vec<String> = items
                .iter()
                .filter_map(|item| match item {
                    Parsed::Warning(w) => Some(w.to_string()),
                    _ => None,
                })
                .collect();
            assert_eq!(warnings.len(), 1, "{warnings:?}");
            assert!(warnings[0].starts_with("12001:1: "), "{warnings:?}");
            assert!(warnings[0].contains(&expected), "{warnings:?}");
        }
        let strict = Limits {
            strict: true,
            ..Limits::default()
        };
        for (line, note) in [
            ("2 1 NFF *", "the sign 'NFF' names a turn twice"),
            ("2 1 NF NR *", "the direction N has two signs on this line"),
        ] {
            let input = format!("A\n3 1 N 1 1\n{line}\n0\nEND\n");
            let items = parse_with(input.as_bytes(), None, strict);
            assert!(
                matches!(&items[0], Parsed::Warning(w) if w.line == 3 && w.to_string().contains(note)),
                "{items:?}"
            );
            // Not strict: the union, without a word.
            let items = parse_with(input.as_bytes(), None, Limits::default());
            assert!(matches!(&items[..], [Parsed::Maze(_)]), "{items:?}");
        }
    }

    #[test]
    fn parallel_runs_of_intersections_read_as_lines_do() {
        let maze = crate::family::Maze::from(crate::family::arrow::exhaustive_maze(3, 260, 260));
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
                ..Limits::default()
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
        assert_eq!(detected("3 1 N 3 3"), Some("arrow"));
        assert_eq!(detected("3 1 X 3"), Some("arrow"));
        assert_eq!(detected("3 3 1 2 5 1"), Some("dice"));
        assert_eq!(detected("3 3 1 2 5"), Some("dice"));
        assert_eq!(detected("hello"), None);
        assert_eq!(detected("1 2 3 x"), None);
    }
}
