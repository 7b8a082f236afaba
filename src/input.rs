//! Reading mazes in either input format, told apart by the first non-blank
//! line: a JSON document starts with `{`, a judge-format maze with its name.

use crate::family::{Families, Family, Parsed};
use crate::json;
use crate::read::{Limits, MAX_LINE_BYTES};
use crate::text::{self, Boundary};

/// The formats mazes can be read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// The judges' text format ([`text`]).
    Judge,
    /// JSON Lines, one maze document per line (as [`json::maze`] writes it).
    Json,
}

impl InputFormat {
    /// The format of an input whose first non-blank line is `line`.
    ///
    /// ```
    /// use logicmaze::input::InputFormat;
    /// assert_eq!(InputFormat::of_first_line(b"  {\"family\": \"dice\"}"), InputFormat::Json);
    /// assert_eq!(InputFormat::of_first_line(b"MAZE 1"), InputFormat::Judge);
    /// ```
    pub fn of_first_line(line: &[u8]) -> InputFormat {
        match line.trim_ascii().first() {
            Some(b'{') => InputFormat::Json,
            _ => InputFormat::Judge,
        }
    }

    /// The format that the first non-blank line of `text` shows, if any.
    ///
    /// ```
    /// use logicmaze::input::InputFormat;
    /// assert_eq!(InputFormat::of_input(b"\n  \nMAZE 1\n"), Some(InputFormat::Judge));
    /// assert_eq!(InputFormat::of_input(b"\n \n"), None);
    /// ```
    pub fn of_input(text: &[u8]) -> Option<InputFormat> {
        text.split(|&b| b == b'\n')
            .find(|line| !line.trim_ascii().is_empty())
            .map(InputFormat::of_first_line)
    }

    /// The longest line read in this format under `limits`: a longer line
    /// is reported and skipped. In the judges' format a line is a name, a
    /// header or a line of a maze's body: [`MAX_LINE_BYTES`]. In JSON
    /// Lines a line is a whole maze, so it may be as long as the largest
    /// maze `limits` allow, as [`json::maze`] writes it:
    /// [`JSON_BYTES_PER_STATE`](crate::read::json::JSON_BYTES_PER_STATE) per state, and [`MAX_LINE_BYTES`] more for
    /// the name and header.
    ///
    /// ```
    /// use logicmaze::input::InputFormat;
    /// use logicmaze::read::json::JSON_BYTES_PER_STATE;
    /// use logicmaze::read::{Limits, MAX_LINE_BYTES};
    /// let limits = Limits::default().with_max_states(1000);
    /// assert_eq!(InputFormat::Judge.max_line_bytes(limits), MAX_LINE_BYTES);
    /// assert_eq!(InputFormat::Json.max_line_bytes(limits), MAX_LINE_BYTES + 1000 * JSON_BYTES_PER_STATE);
    /// ```
    pub fn max_line_bytes(self, limits: Limits) -> usize {
        match self {
            InputFormat::Judge => MAX_LINE_BYTES,
            InputFormat::Json => crate::read::json::max_line_bytes(limits),
        }
    }
}

/// A guess at where a maze starts in `text` (whole lines of input in
/// `format`), in the lines that start at or after byte `from`: its offset
/// and the family of the maze before it (see [`text::maze_start`]). In
/// JSON Lines every line starts a maze. `family` is the family the caller
/// forces.
///
/// ```
/// use logicmaze::input::{maze_start, InputFormat};
/// use logicmaze::family::Families;
/// let text = b"{}\n{}\n";
/// assert_eq!(maze_start(InputFormat::Json, text, 3, Families::BUILT_IN, None), Some((3, None)));
/// assert_eq!(maze_start(InputFormat::Json, text, 1, Families::BUILT_IN, None), Some((3, None)));
/// ```
pub fn maze_start(
    format: InputFormat,
    text: &[u8],
    from: usize,
    families: Families,
    family: Option<&'static dyn Family>,
) -> Option<(usize, Option<&'static dyn Family>)> {
    // The first line that starts at or after `from`.
    let from = match from {
        0 => 0,
        _ => from + memchr::memchr(b'\n', text.get(from - 1..)?)?,
    };
    match format {
        InputFormat::Judge => text::maze_start(text, from, families, family),
        InputFormat::Json => (from < text.len()).then_some((from, None)),
    }
}

/// A streaming reader of mazes in either format, fed one line at a time.
///
/// ```
/// use logicmaze::input::MazeReader;
/// use logicmaze::read::Limits;
/// use logicmaze::family::{Families, Parsed};
/// for text in ["D\n1 2 1 1 1 2\n-1 -1\nEND\n",
///              "{\"family\":\"dice\",\"name\":\"D\",\"rows\":1,\"cols\":2,\"start\":[1,1],\"top\":1,\"front\":2,\"squares\":[[-1,-1]]}\n"] {
///     let mut reader = MazeReader::new(Families::BUILT_IN, None, None, Limits::default());
///     let mut names = Vec::new();
///     for line in text.split_inclusive('\n') {
///         reader.push_line(line.as_bytes(), &mut |item| {
///             if let Parsed::Maze(maze) = item { names.push(maze.name().to_string()) }
///         });
///     }
///     reader.finish(&mut |_| {});
///     assert_eq!(names, ["D"]);
/// }
/// ```
#[derive(Debug)]
pub struct MazeReader {
    families: Families,
    state: State,
}

#[derive(Debug)]
enum State {
    /// The format is not known yet: only blank lines so far.
    Detecting {
        family: Option<&'static dyn Family>,
        limits: Limits,
        blank_lines: usize,
    },
    Judge(text::Parser),
    Json(json::Reader),
}

impl MazeReader {
    /// A reader of `format` (detected when `None`) of mazes of
    /// `families`; `family` applies to judge-format input (detected when
    /// `None`).
    pub fn new(
        families: Families,
        format: Option<InputFormat>,
        family: Option<&'static dyn Family>,
        limits: Limits,
    ) -> MazeReader {
        let state = match format {
            None => State::Detecting {
                family,
                limits,
                blank_lines: 0,
            },
            Some(format) => State::of(format, families, family, limits),
        };
        MazeReader { families, state }
    }

    /// A reader of `format` that reads on from `boundary`, between two
    /// mazes, as the reader that stood there would; `family` is the family
    /// forced, as for [`MazeReader::new`].
    ///
    /// ```
    /// use logicmaze::input::{InputFormat, MazeReader};
    /// use logicmaze::text::Boundary;
    /// use logicmaze::read::Limits;
    /// let boundary = Boundary { line: 7, family: None };
    /// use logicmaze::family::Families;
    /// let reader = MazeReader::resume(Families::BUILT_IN, InputFormat::Json, None, Limits::default(), boundary);
    /// assert_eq!(reader.boundary(), Some(boundary));
    /// ```
    pub fn resume(
        families: Families,
        format: InputFormat,
        family: Option<&'static dyn Family>,
        limits: Limits,
        boundary: Boundary,
    ) -> MazeReader {
        let state = match format {
            InputFormat::Judge => {
                State::Judge(text::Parser::resume(families, family, limits, boundary))
            }
            InputFormat::Json => State::Json(json::Reader::resume(families, limits, boundary.line)),
        };
        MazeReader { families, state }
    }

    /// Where this reader stands when it is between two mazes of a known
    /// format (see [`Boundary`]).
    pub fn boundary(&self) -> Option<Boundary> {
        match &self.state {
            State::Judge(parser) => parser.boundary(),
            State::Json(reader) => Some(Boundary {
                line: reader.line(),
                family: None,
            }),
            State::Detecting { .. } => None,
        }
    }

    /// Reads one line and calls `emit` for what it completes.
    pub fn push_line(&mut self, raw: &[u8], emit: &mut impl FnMut(Parsed)) {
        if let State::Detecting {
            family,
            limits,
            blank_lines,
        } = &mut self.state
        {
            let content = raw.trim_ascii();
            if content.is_empty() {
                *blank_lines += 1;
                return;
            }
            let format = InputFormat::of_first_line(content);
            let skipped = *blank_lines;
            self.state = State::of(format, self.families, *family, *limits);
            for _ in 0..skipped {
                self.push_line(b"\n", emit);
            }
        }
        match &mut self.state {
            State::Judge(parser) => parser.push_line(raw, emit),
            State::Json(reader) => reader.push_line(raw, emit),
            State::Detecting { .. } => unreachable!("the format was just decided"),
        }
    }

    /// Reads the first line of `block` (whole lines), or more at once where
    /// the format allows (see [`text::Parser::push_lines`]), and returns
    /// how many bytes it read.
    ///
    /// ```
    /// use logicmaze::input::MazeReader;
    /// use logicmaze::read::Limits;
    /// use logicmaze::family::Families;
    /// let mut reader = MazeReader::new(Families::BUILT_IN, None, None, Limits::default());
    /// assert_eq!(reader.push_lines(b"NAME\n1 1 S 2 1\n", &mut |_| {}), 5);
    /// ```
    pub fn push_lines(&mut self, block: &[u8], emit: &mut impl FnMut(Parsed)) -> usize {
        match &mut self.state {
            State::Judge(parser) => parser.push_lines(block, emit),
            _ => {
                let end = memchr::memchr(b'\n', block).map_or(block.len(), |i| i + 1);
                self.push_line(&block[..end], emit);
                end
            }
        }
    }

    /// Reads all of `text` (whole lines, the last one perhaps without its
    /// line ending), as many at a time as [`MazeReader::push_lines`] can,
    /// up to an `END` line and the first text after it.
    ///
    /// ```
    /// use logicmaze::input::MazeReader;
    /// use logicmaze::read::Limits;
    /// use logicmaze::family::Parsed;
    /// use logicmaze::family::Families;
    /// let mut reader = MazeReader::new(Families::BUILT_IN, None, None, Limits::default());
    /// let mut mazes = 0;
    /// reader.push_all(b"A\n1 1 S 2 1\n0\nEND\nB\n", &mut |item| {
    ///     mazes += matches!(item, Parsed::Maze(_)) as usize
    /// });
    /// assert!(reader.is_done());
    /// assert_eq!(mazes, 1);
    /// ```
    pub fn push_all(&mut self, mut text: &[u8], emit: &mut impl FnMut(Parsed)) {
        while !text.is_empty() && !self.is_done() && !self.gave_up() {
            let read = self.push_lines(text, emit);
            text = &text[read..];
        }
    }

    /// Ends the input.
    pub fn finish(&mut self, emit: &mut impl FnMut(Parsed)) {
        match &mut self.state {
            State::Judge(parser) => parser.finish(emit),
            State::Json(_) => {}
            State::Detecting { family, limits, .. } => {
                text::Parser::new(self.families, *family, *limits).finish(emit);
            }
        }
    }

    /// Whether nothing more is to be read: after `END` and the text after
    /// it, which was warned of (see [`text::Parser::is_done`]).
    pub fn is_done(&self) -> bool {
        matches!(&self.state, State::Judge(parser) if parser.is_done())
    }

    /// Whether `END` has been read: no maze comes after it.
    pub fn ended(&self) -> bool {
        matches!(&self.state, State::Judge(parser) if parser.ended())
    }

    /// Reads on under `limits`: a reader resumed with limits that leave
    /// large mazes to another takes them itself from here on.
    pub fn set_limits(&mut self, limits: Limits) {
        match &mut self.state {
            State::Judge(parser) => parser.set_limits(limits),
            State::Json(reader) => reader.set_limits(limits),
            State::Detecting { limits: l, .. } => *l = limits,
        }
    }

    /// Whether this reader stopped at a maze its limits leave to another
    /// reader ([`Limits::defers`]): what it read must be read again by a
    /// reader without `defer_over`, which it does not stand in for.
    pub fn gave_up(&self) -> bool {
        match &self.state {
            State::Judge(parser) => parser.gave_up(),
            State::Json(reader) => reader.gave_up(),
            State::Detecting { .. } => false,
        }
    }
}

impl State {
    fn of(
        format: InputFormat,
        families: Families,
        family: Option<&'static dyn Family>,
        limits: Limits,
    ) -> State {
        match format {
            InputFormat::Judge => State::Judge(text::Parser::new(families, family, limits)),
            InputFormat::Json => State::Json(json::Reader::new(families, limits)),
        }
    }
}
