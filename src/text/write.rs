//! Writing mazes and solutions in the judges' formats.

use crate::family::{Maze, RouteLayout};
use crate::grid::Position;
use crate::read::{without_byte_order_mark, Line, MAX_NAME_BYTES};

use super::boundary::is_end;
use crate::route::Route;

/// Appends the judges' output for one maze: its name on a line, then the
/// route or `  No Solution Possible`.
///
/// Every route line is indented by two spaces; each family says how many
/// positions go on a line and how they are joined
/// ([`crate::family::RouteLayout`]): ten to a line separated by spaces,
/// say, or nine to a line joined by commas, every line but the last ending
/// with a comma.
///
/// ```
/// use logicmaze::text::write_solution;
/// use logicmaze::batch::parse;
/// use logicmaze::family::Parsed;
/// let Parsed::Maze(maze) = parse(b"D\n1 2 1 1 1 2\n-1 -1\n", &Default::default()).remove(0) else { panic!() };
/// let mut out = String::new();
/// write_solution(&mut out, &maze, None);
/// assert_eq!(out, "D\n  No Solution Possible\n");
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
    for (i, line) in lines.enumerate() {
        write_route_line(out, layout, line, i == last);
        out.push('\n');
    }
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
    out.push_str("  ");
    for (j, position) in line.iter().enumerate() {
        if j > 0 {
            out.push_str(layout.separator);
        }
        push_position(out, *position);
    }
    if !last && layout.comma_at_line_end {
        out.push(',');
    }
}

/// Appends `(row,col)`, as `Position`'s `Display` writes it: a route of
/// a million squares spent a fifth of a solve in the formatting machinery.
fn push_position(out: &mut String, position: Position) {
    let mut number = itoa::Buffer::new();
    out.push('(');
    out.push_str(number.format(position.row));
    out.push(',');
    out.push_str(number.format(position.col));
    out.push(')');
}

/// Appends a maze in the judges' input format (without the final `END`).
///
/// ```
/// use logicmaze::text::write_maze;
/// use logicmaze::batch::parse;
/// use logicmaze::family::Parsed;
/// let text = "M\n3 1 N 3 3\n1 1 NR WL *\n0\n";
/// let Parsed::Maze(maze) = parse(text.as_bytes(), &Default::default()).remove(0) else { panic!() };
/// let mut out = String::new();
/// write_maze(&mut out, &maze);
/// assert_eq!(out, text);
/// ```
///
/// A name the judges' format cannot hold (see [`check_name`]) is refused,
/// and nothing is appended:
///
/// ```
/// use logicmaze::text::{write_maze, UnwritableName};
/// use logicmaze::batch::parse;
/// use logicmaze::family::Parsed;
/// let json = br#"{"family":"dice","name":"END","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]}"#;
/// let Parsed::Maze(maze) = logicmaze::batch::parse(json, &Default::default()).remove(0) else { panic!() };
/// let mut out = String::new();
/// assert_eq!(write_maze(&mut out, &maze), Err(UnwritableName::End));
/// assert_eq!(out, "");
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
    #[error("it starts with U+FEFF, which the reader skips at the start of an input as a byte order mark")]
    ByteOrderMark,
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
