//! A Theseus-and-the-Minotaur maze in text: a header, then the grid drawn
//! as people draw it, walls and all.
//!
//! ```text
//! NAME
//! MINOTAUR ROWS COLS
//! +---+---+---+---+        2 × ROWS + 1 lines, 4 × COLS + 1 characters:
//! | T     |       |        rows of walls (`+` at every corner, `---` a
//! +   +   +---+   +        wall, three spaces none) and rows of squares
//! |       | M   E          (`|` a wall, a space none; in a square, T for
//! +---+   +---+---+        Theseus, M for the Minotaur, E for the exit,
//! |               |        or spaces)
//! +---+---+---+---+
//! ```
//!
//! The border is walled but for one gap, beside the exit (here east of
//! the exit's square). Trailing spaces may be left out: a line shorter
//! than the drawing is read as if they were there, and logicmaze writes
//! none.

use std::fmt::Write;

use super::{MinotaurError, MinotaurMaze};
use crate::family::{self, Draft, Progress};
use crate::grid::{Direction, Grid, Position};
use crate::read::{Failure, Limits, Line, ParseErrorKind, ParseWarningKind, column_of};

/// The header's first word.
const WORD: &str = "MINOTAUR";

/// The most rows or columns a header may give; the limits on states
/// refuse far smaller mazes first.
const MAX_SIDE: i64 = 65_534;

/// Whether a header's first word is the family's.
pub(super) fn is_header_word(line: &Line) -> bool {
    line.tokens()
        .next()
        .is_some_and(|t| t.text == WORD.as_bytes())
}

/// Whether a line has exactly the header's shape: the word and two
/// integers.
pub(super) fn looks_like_header(line: &Line) -> bool {
    let tokens: Vec<_> = line.tokens().take(4).collect();
    matches!(&tokens[..], [word, rows, cols]
        if word.text == WORD.as_bytes() && rows.is_integer_like() && cols.is_integer_like())
}

/// Whether a line is a row of walls: corners and walls, `+` first.
pub(super) fn is_wall_row(line: &Line) -> bool {
    let bytes = line.bytes().trim_ascii_end();
    bytes.first() == Some(&b'+') && bytes.iter().all(|b| b" +-".contains(b))
}

/// Whether a line could be part of a drawing (so no maze's name).
pub(super) fn is_drawing(line: &Line) -> bool {
    let bytes = line.bytes().trim_ascii_end();
    matches!(bytes.first(), Some(b'+' | b'|' | b' '))
        && bytes.iter().all(|b| b" +-|TME".contains(b))
}

/// Reads the header, and sets up the drawing's reader; `None` when the
/// maze is one for another reader ([`Limits::defers`]).
pub(super) fn header(
    name: String,
    line: &Line,
    limits: &Limits,
) -> Result<Option<MinotaurDraft>, Failure> {
    let mut cursor = line.cursor();
    cursor.next_token();
    let (rows, _) = cursor.number_in("the number of rows", 1..=MAX_SIDE)?;
    let (cols, _) = cursor.number_in("the number of columns", 1..=MAX_SIDE)?;
    cursor.end("the number of columns")?;
    let states = state_count(rows, cols);
    limits
        .check_allocating(&name, states)
        .map_err(|kind| Failure { column: 1, kind })?;
    if limits.defers(states) {
        return Ok(None);
    }
    let cells = Grid::state_count(rows, cols, 1).unwrap_or(u64::MAX);
    Grid::sized(rows, cols, cells).map_err(|e| Failure {
        column: 1,
        kind: MinotaurError::from(e).into(),
    })?;
    Ok(Some(MinotaurDraft {
        name,
        rows,
        cols,
        line: 0,
        walls: vec![0; rows as usize * cols as usize],
        pieces: [None; 3],
        gaps: Vec::new(),
        strict: limits.strict,
    }))
}

/// The search states of a `rows × cols` maze: a pair of padded cells.
pub(super) fn state_count(rows: u32, cols: u32) -> u64 {
    let cells = Grid::state_count(rows, cols, 1).unwrap_or(u64::MAX);
    cells.saturating_mul(cells)
}

/// A wall east of a square, in [`MinotaurDraft::walls`]...
const EAST: u8 = 1;
/// ... and one south of it.
const SOUTH: u8 = 2;

/// The pieces in a square's letters, in the order of
/// [`MinotaurDraft::pieces`].
const PIECES: [(u8, &str); 3] = [(b'T', "Theseus"), (b'M', "Minotaur"), (b'E', "exit")];

/// A maze whose drawing is still being read.
#[derive(Debug)]
pub(super) struct MinotaurDraft {
    name: String,
    rows: u32,
    cols: u32,
    /// Lines of the drawing read so far.
    line: u32,
    /// The inner walls found: [`EAST`] and [`SOUTH`] of each square, row
    /// by row.
    walls: Vec<u8>,
    /// Where Theseus, the Minotaur and the exit were found.
    pieces: [Option<Position>; 3],
    /// The openings of the border found, each a square and its side.
    gaps: Vec<(Position, Direction)>,
    /// Whether to note every departure from the drawing as logicmaze
    /// writes it.
    strict: bool,
}

impl Draft for MinotaurDraft {
    fn name(&self) -> &str {
        &self.name
    }

    /// One line of the drawing; its last completes the maze.
    fn read(&mut self, line: &Line, _limits: &Limits) -> Result<Progress, Failure> {
        let bytes = line.bytes();
        let width = 4 * self.cols as usize + 1;
        if let Some(at) = bytes.iter().skip(width).position(|&b| b != b' ') {
            let kind = MinotaurError::TooWide {
                maze: self.name.clone(),
                line: self.line + 1,
                width,
            };
            return Err(self.fail(bytes, width + at, kind.into()));
        }
        let cell = |at: usize| bytes.get(at).copied().unwrap_or(b' ');
        match self.line % 2 {
            0 => self.wall_row(bytes, cell)?,
            _ => self.square_row(bytes, cell)?,
        }
        self.line += 1;
        let note = (self.strict && bytes.ends_with(b" ")).then(|| {
            let kind = ParseWarningKind::Family(
                "the line ends with a space: a drawing's lines end at their last mark".into(),
            );
            (column_of(bytes, bytes.len()), kind)
        });
        let done = self.line == 2 * self.rows + 1;
        Ok(match (done, note) {
            (true, note) => Progress::Complete(note),
            (false, Some((column, kind))) => Progress::Noted(column, kind),
            (false, None) => Progress::More,
        })
    }

    fn build(self: Box<Self>) -> Result<family::Maze, ParseErrorKind> {
        let [theseus, minotaur, exit] = self.pieces;
        let missing = |index: usize| MinotaurError::Missing {
            maze: self.name.clone(),
            piece: PIECES[index].1,
            letter: PIECES[index].0 as char,
        };
        let theseus = theseus.ok_or_else(|| missing(0))?;
        let minotaur = minotaur.ok_or_else(|| missing(1))?;
        let exit = exit.ok_or_else(|| missing(2))?;
        if let Some(&(at, side)) = self.gaps.iter().find(|(at, _)| *at != exit) {
            return Err(MinotaurError::StrayGap {
                at,
                side: side.name(),
            }
            .into());
        }
        let [(_, gap)] = self.gaps[..] else {
            let gaps = self.gaps.len();
            return Err(MinotaurError::Gaps { at: exit, gaps }.into());
        };
        let mut maze = MinotaurMaze::new(
            self.name,
            self.rows,
            self.cols,
            [theseus, minotaur, exit],
            gap,
        )?;
        for (index, &walls) in self.walls.iter().enumerate() {
            let cols = self.cols as usize;
            let at = Position::new((index / cols) as u32 + 1, (index % cols) as u32 + 1);
            for (mark, side) in [(EAST, Direction::East), (SOUTH, Direction::South)] {
                if walls & mark != 0 {
                    maze.set_wall(at, side, true)?;
                }
            }
        }
        Ok(family::Maze::from(maze))
    }

    fn expecting(&self) -> String {
        format!(
            "line {} of {} of the drawing",
            self.line + 1,
            2 * self.rows + 1
        )
    }
}

impl MinotaurDraft {
    /// The failure `kind` at byte `at` of the line `bytes`.
    fn fail(&self, bytes: &[u8], at: usize, kind: ParseErrorKind) -> Failure {
        let within = at.min(bytes.len());
        let column = column_of(bytes, within) + (at - within);
        Failure { column, kind }
    }

    /// `expected` at byte `at`, where `found` is.
    fn unexpected(&self, bytes: &[u8], at: usize, expected: &'static str) -> Failure {
        let found = match bytes.get(at) {
            None => "the end of the line".to_string(),
            Some(_) => {
                let text = String::from_utf8_lossy(&bytes[at..]);
                format!("'{}'", text.chars().next().unwrap_or(' ').escape_debug())
            }
        };
        let kind = MinotaurError::Drawing {
            maze: self.name.clone(),
            line: self.line + 1,
            expected,
            found,
        };
        self.fail(bytes, at, kind.into())
    }

    /// A row of corners and walls: north of the squares of row `line / 2 +
    /// 1`, and south of the row above.
    fn wall_row(&mut self, bytes: &[u8], cell: impl Fn(usize) -> u8) -> Result<(), Failure> {
        let row = self.line / 2;
        for col in 0..=self.cols as usize {
            if cell(4 * col) != b'+' {
                return Err(self.unexpected(bytes, 4 * col, "'+' at a corner"));
            }
            if col == self.cols as usize {
                break;
            }
            let wall = match [cell(4 * col + 1), cell(4 * col + 2), cell(4 * col + 3)] {
                [b'-', b'-', b'-'] => true,
                [b' ', b' ', b' '] => false,
                marks => {
                    // At the first mark that breaks the segment.
                    let off = match marks[0] {
                        b'-' | b' ' => marks.iter().position(|&m| m != marks[0]).unwrap_or(0),
                        _ => 0,
                    };
                    let expected = "'---' (a wall) or three spaces (none)";
                    return Err(self.unexpected(bytes, 4 * col + 1 + off, expected));
                }
            };
            let square = |row: u32| Position::new(row, col as u32 + 1);
            match (row, wall) {
                (0, false) => self.gaps.push((square(1), Direction::North)),
                (r, false) if r == self.rows => self.gaps.push((square(r), Direction::South)),
                (0, true) => {}
                (r, true) if r == self.rows => {}
                (r, true) => {
                    let index = self.index(square(r));
                    self.walls[index] |= SOUTH;
                }
                (_, false) => {}
            }
        }
        Ok(())
    }

    /// A row of squares: walls between them, and their letters.
    fn square_row(&mut self, bytes: &[u8], cell: impl Fn(usize) -> u8) -> Result<(), Failure> {
        let row = self.line / 2 + 1;
        let cols = self.cols as usize;
        for col in 0..=cols {
            let wall = match cell(4 * col) {
                b'|' => true,
                b' ' => false,
                _ => return Err(self.unexpected(bytes, 4 * col, "'|' (a wall) or a space (none)")),
            };
            let square = |col: usize| Position::new(row, col as u32);
            match (col, wall) {
                (0, false) => self.gaps.push((square(1), Direction::West)),
                (c, false) if c == cols => self.gaps.push((square(c), Direction::East)),
                (0, true) => {}
                (c, true) if c == cols => {}
                (c, true) => {
                    let index = self.index(square(c));
                    self.walls[index] |= EAST;
                }
                (_, false) => {}
            }
            if col == cols {
                break;
            }
            for at in 4 * col + 1..4 * col + 4 {
                let letter = cell(at);
                if letter == b' ' {
                    continue;
                }
                let Some(piece) = PIECES.iter().position(|&(l, _)| l == letter) else {
                    return Err(self.unexpected(
                        bytes,
                        at,
                        "T (Theseus), M (the Minotaur), E (the exit) or a space in a square",
                    ));
                };
                let here = square(col + 1);
                if let Some(first) = self.pieces[piece] {
                    let kind = MinotaurError::Twice {
                        piece: PIECES[piece].1,
                        at: here,
                        first,
                    };
                    return Err(self.fail(bytes, at, kind.into()));
                }
                self.pieces[piece] = Some(here);
            }
        }
        Ok(())
    }

    /// The index of `at` in [`MinotaurDraft::walls`].
    fn index(&self, at: Position) -> usize {
        (at.row as usize - 1) * self.cols as usize + at.col as usize - 1
    }
}

/// Appends `maze`'s header and drawing, each line without trailing
/// spaces.
pub(super) fn write(out: &mut String, maze: &MinotaurMaze) {
    let _ = writeln!(out, "{WORD} {} {}", maze.rows(), maze.cols());
    let gap = |at: Position, side: Direction| at == maze.exit() && side == maze.gap();
    let mut line = String::new();
    for row in 0..=maze.rows() {
        // The walls north of row `row + 1`.
        line.clear();
        for col in 1..=maze.cols() {
            let (above, below) = (Position::new(row, col), Position::new(row + 1, col));
            let open = match row {
                0 => gap(below, Direction::North),
                r if r == maze.rows() => gap(above, Direction::South),
                _ => !maze.wall(above, Direction::South),
            };
            line.push_str(if open { "+   " } else { "+---" });
        }
        line.push('+');
        out.push_str(line.trim_end());
        out.push('\n');
        if row == maze.rows() {
            break;
        }
        line.clear();
        let row = row + 1;
        for col in 1..=maze.cols() {
            let at = Position::new(row, col);
            let open = match col {
                1 => gap(at, Direction::West),
                _ => !maze.wall(at, Direction::West),
            };
            line.push(if open { ' ' } else { '|' });
            line.push_str(&letters(maze, at));
        }
        let last = Position::new(row, maze.cols());
        line.push(if gap(last, Direction::East) { ' ' } else { '|' });
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The three characters inside the square `at`: its letters, centred.
fn letters(maze: &MinotaurMaze, at: Position) -> String {
    let mut letters = String::new();
    for (here, letter) in [
        (maze.theseus(), 'T'),
        (maze.minotaur(), 'M'),
        (maze.exit(), 'E'),
    ] {
        if here == at {
            letters.push(letter);
        }
    }
    match letters.len() {
        0 => "   ".into(),
        1 => format!(" {letters} "),
        _ => format!("{letters:<3}"),
    }
}

#[cfg(test)]
mod tests {
    use crate::batch::parse;
    use crate::family::Parsed;

    fn read(text: &str) -> Result<crate::family::Maze, String> {
        match parse(text.as_bytes(), &Default::default()).remove(0) {
            Parsed::Maze(maze) => Ok(maze),
            Parsed::Error(error) => Err(error.to_string()),
            Parsed::Warning(warning) => Err(warning.to_string()),
        }
    }

    const SAMPLE: &str = "ESCAPE
MINOTAUR 3 4
+---+---+---+---+
| T     |       |
+   +   +---+   +
|       | M   E
+---+   +---+---+
|               |
+---+---+---+---+
END
";

    #[test]
    fn a_drawing_reads_and_writes_back_as_drawn() {
        let maze = read(SAMPLE).unwrap();
        let mut written = String::from("ESCAPE\n");
        maze.write_text(&mut written);
        written.push_str("END\n");
        // The east gap's line ends at the E: trailing spaces are not
        // written.
        assert_eq!(written, SAMPLE);
        assert_eq!(read(&written).unwrap(), maze);
    }

    #[test]
    fn faults_are_placed_at_their_column() {
        for (from, to, expected) in [
            ("| T     |", "| T  X  |", "4:6: expected T (Theseus)"),
            (
                "+   +   +---+   +",
                "+   +   +--+   +",
                "5:12: expected '---' (a wall)",
            ),
            (
                "+   +   +---+   +",
                "+   -   +---+   +",
                "5:5: expected '+' at a corner",
            ),
            (
                "| T     |",
                "| T   T |",
                "4:7: a second Theseus at (1,2): the first is at (1,1)",
            ),
            (
                "+---+---+---+---+\n| T",
                "+---+   +---+---+\n| T",
                "the border is open on the north side of (1,2)",
            ),
            (
                "|               |\n+---+---+---+---+\nEND",
                "|               |    x\n+---+---+---+---+\nEND",
                "8:22: line 6 of the drawing",
            ),
        ] {
            let text = SAMPLE.replacen(from, to, 1);
            let error = read(&text).unwrap_err();
            assert!(error.contains(expected), "{to}: {error}");
        }
        let no_exit = SAMPLE.replace("M   E", "M    ");
        assert!(read(&no_exit).unwrap_err().contains("has no exit (E)"));
    }
}
