//! Writing mazes and solutions in the judges' formats.

use crate::family::{Maze, RouteLayout};
use crate::grid::Position;
use crate::read::{Line, MAX_NAME_BYTES, without_byte_order_mark};

use super::boundary::is_end;
use crate::route::Route;

/// Appends the judges' output for one maze: its name on a line, then the
/// route or `  No Solution Possible`.
///
/// Every route line is indented by two spaces; each family says how many
/// positions go on a line and how they are joined
/// ([`RouteLayout`](crate::family::RouteLayout)): ten to a line separated
/// by spaces, say, or nine to a line joined by commas, every line but the
/// last ending with a comma.
///
/// ```
/// use logicmaze::text::write_solution;
/// use logicmaze::Maze;
/// let maze = Maze::parse("D\n1 2 1 1 1 2\n-1 -1\n")?;
/// let mut out = String::new();
/// write_solution(&mut out, &maze, None);
/// assert_eq!(out, "D\n  No Solution Possible\n");
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn write_solution(out: &mut String, maze: &Maze, route: Option<&Route>) {
    out.push_str(maze.name());
    out.push('\n');
    let Some(route) = route else {
        out.push_str("  No Solution Possible\n");
        return;
    };
    let layout = maze.family().route_layout();
    // Room for positions of up to five digits a number, "(10000,10000)",
    // and a separator: a route of half a million moves grew by copies.
    out.reserve(route.positions().len() * (13 + layout.separator.len()));
    let lines = route.positions().chunks(layout.per_line);
    let last = lines.len().saturating_sub(1);
    let mut piece = Piece::new();
    for (i, line) in lines.enumerate() {
        piece.route_line(out, layout, line, i == last);
        piece.put(out, "\n");
    }
    piece.flush(out);
}

/// Appends one line of a route in the judges' output format, without its
/// line end: two spaces, the positions joined as `layout` says, and the
/// comma that ends every line but the `last` where the layout has one.
///
/// ```
/// use logicmaze::family::Family;
/// use logicmaze::text::write_route_line;
/// use logicmaze::Position;
/// let layout = logicmaze::family::dice::Dice.route_layout();
/// let mut out = String::new();
/// write_route_line(&mut out, layout, &[Position::new(1, 2), Position::new(2, 2)], false);
/// assert_eq!(out, "  (1,2),(2,2),");
/// ```
pub fn write_route_line(out: &mut String, layout: RouteLayout, line: &[Position], last: bool) {
    let mut piece = Piece::new();
    piece.route_line(out, layout, line, last);
    piece.flush(out);
}

/// Text put together in bytes on the stack and added to the output a few
/// hundred bytes at a time: pushed a number at a time, the positions of
/// a long route took a large share of its solve, mostly in copies of a
/// few bytes each and their calls.
struct Piece {
    /// What is put together, in `bytes[..len]`; a number is written four
    /// bytes at a time, and the bytes past its digits are written over
    /// next.
    bytes: [u8; Piece::SIZE + 4],
    len: usize,
}

impl Piece {
    const SIZE: usize = 256;
    /// The longest position: `(4294967295,4294967295)`.
    const LONGEST_POSITION: usize = 2 * 10 + 3;

    fn new() -> Piece {
        Piece {
            bytes: [0; Piece::SIZE + 4],
            len: 0,
        }
    }

    /// Appends one line of a route, as [`write_route_line`] describes it.
    fn route_line(&mut self, out: &mut String, layout: RouteLayout, line: &[Position], last: bool) {
        self.put(out, "  ");
        for (j, position) in line.iter().enumerate() {
            if j > 0 {
                self.put(out, layout.separator);
            }
            self.position(out, *position);
        }
        if !last && layout.comma_at_line_end {
            self.put(out, ",");
        }
    }

    /// Appends `text`, adding what the piece holds to `out` first when
    /// there is no room left for it.
    fn put(&mut self, out: &mut String, text: &str) {
        if let &[byte] = text.as_bytes() {
            // A one-byte separator, the common case, without a copy.
            self.make_room(out, 1);
            self.byte(byte);
        } else if text.len() <= Piece::SIZE {
            self.make_room(out, text.len());
            self.bytes[self.len..self.len + text.len()].copy_from_slice(text.as_bytes());
            self.len += text.len();
        } else {
            self.flush(out);
            out.push_str(text);
        }
    }

    /// Appends `(row,col)`, as `Position`'s `Display` writes it.
    fn position(&mut self, out: &mut String, position: Position) {
        self.make_room(out, Piece::LONGEST_POSITION);
        self.byte(b'(');
        self.number(position.row);
        self.byte(b',');
        self.number(position.col);
        self.byte(b')');
    }

    fn byte(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    /// Appends `n` in decimal: below 10,000 (every grid's rows and
    /// columns), as one four-byte store of its digits from a table.
    fn number(&mut self, n: u32) {
        match FOUR_DIGITS.get(n as usize) {
            Some(&digits) => {
                let len = 1 + (n >= 10) as usize + (n >= 100) as usize + (n >= 1000) as usize;
                // The leading zeros shifted out: the digits first.
                let word = u32::from_be_bytes(digits) << (8 * (4 - len));
                self.bytes[self.len..self.len + 4].copy_from_slice(&word.to_be_bytes());
                self.len += len;
            }
            None => {
                for &digit in itoa::Buffer::new().format(n).as_bytes() {
                    self.byte(digit);
                }
            }
        }
    }

    fn make_room(&mut self, out: &mut String, bytes: usize) {
        if self.len + bytes > Piece::SIZE {
            self.flush(out);
        }
    }

    /// Adds what the piece holds to `out`, and empties it.
    fn flush(&mut self, out: &mut String) {
        let text = std::str::from_utf8(&self.bytes[..self.len])
            .expect("a piece holds ASCII digits and whole strings");
        out.push_str(text);
        self.len = 0;
    }
}

/// `FOUR_DIGITS[n]`: the four decimal digits of `n`, with leading zeros.
static FOUR_DIGITS: [[u8; 4]; 10_000] = four_digits();

const fn four_digits() -> [[u8; 4]; 10_000] {
    let mut table = [[0; 4]; 10_000];
    let mut n = 0;
    while n < 10_000 {
        table[n] = [
            b'0' + (n / 1000) as u8,
            b'0' + (n / 100 % 10) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        n += 1;
    }
    table
}

/// Appends a maze in the judges' input format (without the final `END`).
///
/// ```
/// use logicmaze::text::write_maze;
/// use logicmaze::Maze;
/// let text = "M\n3 1 N 3 3\n1 1 NR WL *\n0\n";
/// let maze: Maze = text.parse()?;
/// let mut out = String::new();
/// write_maze(&mut out, &maze);
/// assert_eq!(out, text);
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
///
/// # Errors
///
/// The [`UnwritableName`] of a name the judges' format cannot hold (see
/// [`check_name`]); nothing is appended then:
///
/// ```
/// use logicmaze::text::{write_maze, UnwritableName};
/// use logicmaze::Maze;
/// let json = r#"{"family":"dice","name":"END","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]}"#;
/// let maze = Maze::from_json(json)?;
/// let mut out = String::new();
/// assert_eq!(write_maze(&mut out, &maze), Err(UnwritableName::End));
/// assert_eq!(out, "");
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn write_maze(out: &mut String, maze: &Maze) -> Result<(), UnwritableName> {
    check_name(maze.name())?;
    out.push_str(maze.name());
    out.push('\n');
    maze.write_text(out);
    Ok(())
}

/// The message for the maze `name` whose name the judges' format cannot
/// hold, for `why`: the name is shown escaped, so that it stays on one
/// line.
///
/// ```
/// use logicmaze::text::{unwritable, UnwritableName};
/// assert_eq!(
///     unwritable("END", UnwritableName::End),
///     "maze \"END\" cannot be written in the judges' format: 'END' ends the input"
/// );
/// ```
pub fn unwritable(name: &str, why: UnwritableName) -> String {
    format!(
        "maze \"{}\" cannot be written in the judges' format: {why}",
        name.escape_debug()
    )
}

/// Why a name cannot be written in the judges' format: read back, it
/// would be another name, or no maze at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnwritableName {
    /// A blank line is skipped, so the header would be read as the name.
    #[error("it is empty")]
    Empty,
    /// A name is one line.
    #[error("it holds a line break")]
    LineBreak,
    /// The reader trims white space around a name.
    #[error("it starts or ends with white space, which the reader trims")]
    Padded,
    /// `END` ends the input.
    #[error("'END' ends the input")]
    End,
    /// A first line starting with `{` makes the input read as JSON.
    #[error("it starts with '{{', which makes an input read as JSON")]
    Brace,
    /// A byte order mark at the start of an input is skipped.
    #[error(
        "it starts with U+FEFF, which the reader skips at the start of an input as a byte order mark"
    )]
    ByteOrderMark,
    /// A NUL byte makes an input binary, which no command reads.
    #[error("it holds a NUL byte, which makes a file binary")]
    Nul,
    /// Longer names are refused by the reader.
    #[error("it is {length} bytes long, more than the limit of {limit}")]
    TooLong {
        /// The name's length in bytes.
        length: usize,
        /// [`MAX_NAME_BYTES`].
        limit: usize,
    },
}

/// Checks that `name` can be written in the judges' format and read back
/// as the same name: one line, not empty, no white space at either end
/// (the reader trims it), not `END`, not starting with `{` or a byte order
/// mark (both change how an input starting with them is read), and at most
/// [`MAX_NAME_BYTES`] bytes.
///
/// # Errors
///
/// The first rule the name breaks, as its [`UnwritableName`]: checked for
/// an empty name, then a line break, a NUL byte, white space at an end,
/// `END`, a `{` first, a byte order mark first, and last the length.
///
/// ```
/// use logicmaze::text::{check_name, UnwritableName};
/// assert_eq!(check_name("MAZE 1"), Ok(()));
/// assert_eq!(check_name("  pad  "), Err(UnwritableName::Padded));
/// assert_eq!(check_name("a\nb"), Err(UnwritableName::LineBreak));
/// ```
pub fn check_name(name: &str) -> Result<(), UnwritableName> {
    let limit = MAX_NAME_BYTES;
    match name.as_bytes() {
        [] => Err(UnwritableName::Empty),
        bytes if bytes.contains(&b'\n') => Err(UnwritableName::LineBreak),
        bytes if bytes.contains(&0) => Err(UnwritableName::Nul),
        bytes if bytes.trim_ascii().len() != bytes.len() => Err(UnwritableName::Padded),
        bytes if is_end(&Line::new(bytes)) => Err(UnwritableName::End),
        [b'{', ..] => Err(UnwritableName::Brace),
        bytes if without_byte_order_mark(bytes).1 => Err(UnwritableName::ByteOrderMark),
        bytes if bytes.len() > limit => Err(UnwritableName::TooLong {
            length: bytes.len(),
            limit,
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Parsed;
    use proptest::prelude::*;

    /// The line as `Position`'s `Display` writes each position.
    fn reference(layout: RouteLayout, line: &[Position], last: bool) -> String {
        let positions: Vec<String> = line.iter().map(ToString::to_string).collect();
        let end = if !last && layout.comma_at_line_end {
            ","
        } else {
            ""
        };
        format!("  {}{end}", positions.join(layout.separator))
    }

    fn separator() -> impl Strategy<Value = &'static str> {
        let long: &'static str = "→".repeat(100).leak();
        prop::sample::select(vec![" ", ",", "", ", ", "→", long])
    }

    fn number() -> impl Strategy<Value = u32> {
        prop_oneof![
            0..20u32,
            0..12_000u32,
            any::<u32>(),
            Just(9_999),
            Just(10_000),
            Just(u32::MAX)
        ]
    }

    proptest! {
        /// Lines of any length, separators of any length (one longer
        /// than a piece), numbers of every number of digits.
        #[test]
        fn a_route_line_is_its_positions_as_they_display(
            line in prop::collection::vec((number(), number()), 0..40),
            separator in separator(),
            comma_at_line_end: bool,
            last: bool,
            before in "[a-z]{0,3}",
        ) {
            let layout = RouteLayout { per_line: 10, separator, comma_at_line_end };
            let line: Vec<Position> = line.into_iter().map(|(row, col)| Position::new(row, col)).collect();
            let mut out = before.clone();
            write_route_line(&mut out, layout, &line, last);
            prop_assert_eq!(out, before + &reference(layout, &line, last));
        }
    }

    proptest! {
        /// A whole solution, of every family's layout: its name, then
        /// the lines of positions, each written as one line alone is.
        #[test]
        fn a_solution_is_its_lines_one_by_one(
            positions in prop::collection::vec((number(), number()), 1..400),
            family in 0..2usize,
        ) {
            let text = [&b"A\n3 1 N 2 1\n0\n"[..], b"D\n1 2 1 1 1 2\n-1 -1\n"][family];
            let Parsed::Maze(maze) = crate::batch::parse(text, &Default::default()).remove(0) else {
                panic!("the maze reads");
            };
            let layout = maze.family().route_layout();
            let route: Route = positions.into_iter().map(|(row, col)| Position::new(row, col)).collect();
            let mut out = String::new();
            write_solution(&mut out, &maze, Some(&route));
            let lines: Vec<&[Position]> = route.positions().chunks(layout.per_line).collect();
            let mut expected = format!("{}\n", maze.name());
            for (i, line) in lines.iter().enumerate() {
                expected += &reference(layout, line, i + 1 == lines.len());
                expected += "\n";
            }
            prop_assert_eq!(out, expected);
        }
    }
}
