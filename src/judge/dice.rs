//! Reading a dice maze in the judges' format:
//!
//! ```text
//! NAME
//! ROWS COLS ROW COL TOP FRONT     size, start square, the die's orientation
//! ROWS lines of COLS numbers      -1 wild, 0 no square, 1..6 numbered
//! ```

use super::error::ParseErrorKind;
use super::tokens::{Failure, Line};
use super::Limits;
use crate::dice::{Die, Maze, Square};
use crate::grid::{Grid, Position};

const MAX_SIDE: i64 = u32::MAX as i64 - 2;

/// A dice maze whose rows are still being read.
#[derive(Debug)]
pub(crate) struct DiceDraft {
    maze: Maze,
    /// The next row to read, 1-based.
    row: u32,
    /// The quick reader's buffer for a row's numbers.
    numbers: Vec<i8>,
}

/// Whether a line has the shape of a dice maze's second line: six integers.
pub(crate) fn looks_like_header(line: &Line) -> bool {
    let mut count = 0;
    line.tokens().take(7).all(|t| {
        count += 1;
        t.is_integer_like()
    }) && count == 6
}

/// Whether every token of the line is an integer (a row, or a header).
pub(crate) fn is_all_numbers(line: &Line) -> bool {
    line.tokens().all(|t| t.is_integer_like())
}

/// Reads the size, start and die line, and sets up an empty maze.
/// `None` when the maze is one for another reader ([`Limits::defers`]).
pub(crate) fn header(
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
    let die = Die::new(top, front).map_err(|e| line.fail_at(&top_token, e.into()))?;
    let states = Grid::state_count(rows, cols, Maze::STATES_PER_CELL).unwrap_or(0);
    limits
        .check_allocating(&name, states)
        .map_err(|kind| Failure { column: 1, kind })?;
    if limits.defers(states) {
        return Ok(None);
    }
    let maze = Maze::new(name, rows, cols, Position::new(row, col), die).map_err(|e| Failure {
        column: 1,
        kind: e.into(),
    })?;
    Ok(Some(DiceDraft {
        maze,
        row: 1,
        numbers: Vec::new(),
    }))
}

/// Reads a row of squares in one pass when every token is `-1` or a digit
/// 0 to 6, separated by whitespace; says `false` at the first surprise (the
/// careful reader then says what it is).
fn quick_row(bytes: &[u8], numbers: &mut Vec<i8>) -> bool {
    let mut at = 0;
    loop {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let (number, length) = match bytes.get(at..) {
            Some([]) | None => return true,
            Some([b'-', b'1', ..]) => (-1, 2),
            Some([digit @ b'0'..=b'6', ..]) => ((digit - b'0') as i8, 1),
            Some(_) => return false,
        };
        at += length;
        if !bytes.get(at).is_none_or(u8::is_ascii_whitespace) {
            return false;
        }
        numbers.push(number);
    }
}

impl DiceDraft {
    /// The maze's name.
    pub fn name(&self) -> &str {
        self.maze.name()
    }

    /// What the next line should be, for messages.
    pub fn expecting(&self) -> String {
        format!("row {} of {}", self.row, self.maze.rows())
    }

    /// Reads one row; says whether it was the last.
    pub fn add_row(&mut self, line: &Line) -> Result<bool, Failure> {
        self.numbers.clear();
        if quick_row(line.bytes(), &mut self.numbers)
            && self.numbers.len() == self.maze.cols() as usize
        {
            self.maze.set_row(self.row, &self.numbers);
        } else {
            self.careful_row(line)?;
        }
        self.row += 1;
        Ok(self.row > self.maze.rows())
    }

    /// Reads a row token by token, saying exactly what is wrong when
    /// something is.
    fn careful_row(&mut self, line: &Line) -> Result<(), Failure> {
        let cols = self.maze.cols();
        if let Some(first) = line.tokens().next().filter(|t| !t.is_integer_like()) {
            return Err(line.fail_at(
                &first,
                ParseErrorKind::ExpectedRow {
                    maze: self.name().into(),
                    row: self.row,
                    rows: self.maze.rows(),
                    found: first.quoted(),
                },
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
                        ParseErrorKind::BadSquare {
                            found: token.quoted(),
                        },
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

    /// The finished maze.
    pub fn into_maze(self) -> Maze {
        self.maze
    }

    fn row_length(&self, found: usize) -> ParseErrorKind {
        ParseErrorKind::RowLength {
            maze: self.name().into(),
            row: self.row,
            expected: self.maze.cols(),
            found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick(line: &str) -> Option<Vec<i8>> {
        let mut numbers = Vec::new();
        quick_row(line.as_bytes(), &mut numbers).then_some(numbers)
    }

    #[test]
    fn quick_rows() {
        assert_eq!(quick("-1 2\t0  6\r"), Some(vec![-1, 2, 0, 6]));
        assert_eq!(quick(""), Some(vec![]));
        for bad in ["7", "-2", "12", "1x", "-", "- 1", "1,2", "--1"] {
            assert_eq!(quick(bad), None, "{bad}");
        }
    }
}
