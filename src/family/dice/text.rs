//! A dice maze in the judges' format, read and written:
//!
//! ```text
//! NAME
//! ROWS COLS ROW COL TOP FRONT     size, start square, the die's orientation
//! ROWS lines of COLS numbers      -1 wild, 0 no square, 1..6 numbered
//! ```

use std::fmt::Write;

use super::{DiceMaze, Die, DieError, Square};
use crate::family::FamilyMaze;
use crate::family::{self, Draft, Progress};
use crate::grid::{Grid, Position};
use crate::read::{Failure, FamilyReadError, Limits, Line, ParseErrorKind};

/// What can be wrong in a dice maze's lines (or its JSON document's rows
/// and die), beyond what every format checks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiceError {
    /// A row with the wrong count of numbers.
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
    /// A line where a row should be that is not numbers.
    #[error("expected row {row} of {rows} of maze '{maze}', found {found}")]
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
    /// The wrong number of rows (JSON input).
    #[error("expected {expected} rows in maze '{maze}', found {found}")]
    RowCount {
        /// The maze being read.
        maze: String,
        /// The maze's row count.
        expected: u32,
        /// Rows given.
        found: usize,
    },
    /// A square other than -1, 0 or 1–6.
    #[error("expected a square -1 (wild), 0 (none) or 1 to 6, found {found}")]
    BadSquare {
        /// The token found.
        found: String,
    },
    /// An impossible die: its faces as given cannot be a die's.
    #[error(transparent)]
    Die(#[from] DieError),
}

impl FamilyReadError for DiceError {
    fn hint(&self) -> Option<&'static str> {
        match self {
            DiceError::RowLength { .. } => {
                Some("a dice maze's header gives ROWS COLS; each row holds COLS numbers")
            }
            _ => None,
        }
    }
}

/// Appends `maze`'s header and rows.
pub(super) fn write(out: &mut String, maze: &DiceMaze) {
    let (start, die) = (maze.start(), maze.die());
    let _ = writeln!(
        out,
        "{} {} {} {} {} {}",
        maze.rows(),
        maze.cols(),
        start.row,
        start.col,
        die.top(),
        die.front()
    );
    for row in 1..=maze.rows() {
        for col in 1..=maze.cols() {
            if col > 1 {
                out.push(' ');
            }
            let square = maze.square(Position::new(row, col));
            let _ = write!(out, "{}", square.number());
        }
        out.push('\n');
    }
}

const MAX_SIDE: i64 = u32::MAX as i64 - 2;

/// A dice maze whose rows are still being read.
#[derive(Debug)]
pub(super) struct DiceDraft {
    maze: DiceMaze,
    /// The next row to read, 1-based.
    row: u32,
}

/// Whether a line has the shape of a dice maze's second line: six integers.
pub(super) fn looks_like_header(line: &Line) -> bool {
    let mut count = 0;
    line.tokens().take(7).all(|t| {
        count += 1;
        t.is_integer_like()
    }) && count == 6
}

/// Whether every token of the line is an integer (a row, or a header).
pub(super) fn is_all_numbers(line: &Line) -> bool {
    line.tokens().all(|t| t.is_integer_like())
}

/// Reads the size, start and die line, and sets up an empty maze.
/// `None` when the maze is one for another reader ([`Limits::defers`]).
pub(super) fn header(
    name: String,
    line: &Line,
    limits: &Limits,
) -> Result<Option<DiceDraft>, Failure> {
    let mut cursor = line.cursor();
    let (rows, _) = cursor.number_in("the number of rows", 1..=MAX_SIDE)?;
    let (cols, _) = cursor.number_in("the number of columns", 1..=MAX_SIDE)?;
    let (row, _) = cursor.number_in("the start row", 1..=rows as i64)?;
    let (col, _) = cursor.number_in("the start column", 1..=cols as i64)?;
    let (top, top_token) = cursor.number("the die's top face")?;
    let (front, _) = cursor.number("the die's front face")?;
    cursor.end("the die's front face")?;
    let die =
        Die::new(top, front).map_err(|e| line.fail_at(&top_token, DiceError::from(e).into()))?;
    let states = Grid::state_count(rows, cols, DiceMaze::STATES_PER_CELL).unwrap_or(0);
    limits
        .check_allocating(&name, states)
        .map_err(|kind| Failure { column: 1, kind })?;
    if limits.defers(states) {
        return Ok(None);
    }
    let maze =
        DiceMaze::new(name, rows, cols, Position::new(row, col), die).map_err(|e| Failure {
            column: 1,
            kind: e.into(),
        })?;
    Ok(Some(DiceDraft { maze, row: 1 }))
}

/// Reads a row of squares into `row` in one pass when every token is `-1`
/// or a digit 0 to 6, separated by whitespace, and there are as many as
/// `row` holds; says `false` at the first surprise (the careful reader
/// then says what it is, and writes the row over).
fn quick_row(bytes: &[u8], row: &mut [i8]) -> bool {
    // Slice patterns, not indices, and the row written in place: no
    // bounds check a byte, and no buffer (both were a large part of a
    // large maze's reading).
    let (mut rest, mut squares) = (bytes, row.iter_mut());
    loop {
        // A digit first: most tokens are one.
        let (number, tail) = match rest {
            [digit @ b'0'..=b'6', tail @ ..] => ((digit - b'0') as i8, tail),
            [b'-', b'1', tail @ ..] => (-1, tail),
            [space, tail @ ..] if space.is_ascii_whitespace() => {
                rest = tail;
                continue;
            }
            [] => return squares.next().is_none(),
            _ => return false,
        };
        let Some(square) = squares.next() else {
            return false;
        };
        *square = number;
        // The space after a number is taken with it.
        rest = match tail {
            [space, after @ ..] if space.is_ascii_whitespace() => after,
            [] => tail,
            _ => return false,
        };
    }
}

impl Draft for DiceDraft {
    fn name(&self) -> &str {
        self.maze.name()
    }

    /// One row; the last completes the maze.
    fn read(&mut self, line: &Line, _limits: &Limits) -> Result<Progress, Failure> {
        if !quick_row(line.bytes(), self.maze.row_mut(self.row)) {
            self.careful_row(line)?;
        }
        self.row += 1;
        Ok(match self.row > self.maze.rows() {
            true => Progress::Complete(None),
            false => Progress::More,
        })
    }

    fn build(self: Box<Self>) -> Result<family::Maze, ParseErrorKind> {
        Ok(family::Maze::from(self.maze))
    }

    fn expecting(&self) -> String {
        format!("row {} of {}", self.row, self.maze.rows())
    }
}

impl DiceDraft {
    fn name(&self) -> &str {
        self.maze.name()
    }

    /// Reads a row token by token, saying exactly what is wrong when
    /// something is.
    fn careful_row(&mut self, line: &Line) -> Result<(), Failure> {
        let cols = self.maze.cols();
        if let Some(first) = line.tokens().next().filter(|t| !t.is_integer_like()) {
            return Err(line.fail_at(
                &first,
                DiceError::ExpectedRow {
                    maze: self.name().into(),
                    row: self.row,
                    rows: self.maze.rows(),
                    found: first.quoted(),
                }
                .into(),
            ));
        }
        let mut count = 0;
        for token in line.tokens() {
            count += 1;
            if count > cols as usize {
                let found = count + line.tokens().skip(count).count();
                return Err(line.fail_at(&token, self.row_length(found)));
            }
            let square = token
                .integer()
                .and_then(Square::from_number)
                .ok_or_else(|| {
                    line.fail_at(
                        &token,
                        DiceError::BadSquare {
                            found: token.quoted(),
                        }
                        .into(),
                    )
                })?;
            let at = Position::new(self.row, count as u32);
            self.maze
                .set_square(at, square)
                .map_err(|e| line.fail_at(&token, e.into()))?;
        }
        if count < cols as usize {
            return Err(line.fail_at_end(self.row_length(count)));
        }
        Ok(())
    }

    fn row_length(&self, found: usize) -> ParseErrorKind {
        DiceError::RowLength {
            maze: self.name().into(),
            row: self.row,
            expected: self.maze.cols(),
            found,
        }
        .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row of `cols` squares the quick reader reads from `line`.
    fn quick(line: &str, cols: usize) -> Option<Vec<i8>> {
        let mut row = vec![9; cols];
        quick_row(line.as_bytes(), &mut row).then_some(row)
    }

    #[test]
    fn quick_rows() {
        assert_eq!(quick("-1 2\t0  6\r", 4), Some(vec![-1, 2, 0, 6]));
        assert_eq!(quick(" 5 ", 1), Some(vec![5]));
        assert_eq!(quick("", 0), Some(vec![]));
        for bad in [
            "7", "-2", "12", "1x", "-", "- 1", "1,2", "--1", "1-1", "3\u{a0}",
        ] {
            assert_eq!(quick(bad, 1), None, "{bad}");
        }
        // As many numbers as the row holds, no fewer and no more.
        for (line, cols) in [("1 2 3", 2), ("1 2", 3), ("", 1), ("4", 0)] {
            assert_eq!(quick(line, cols), None, "{line:?} in {cols}");
        }
    }
}
