//! Reading an arrow maze in the judges' format:
//!
//! ```text
//! NAME
//! ROW COL DIRECTION ROW COL      entrance, first heading, goal
//! ROW COL SIGN SIGN ... *        one line per intersection
//! 0
//! ```

use super::error::ParseErrorKind;
use super::tokens::{Failure, Line};
use super::Limits;
use crate::arrow::{Maze, Sign, Turn};
use crate::grid::{Direction, Grid, Position};

/// The largest coordinate accepted; sizes are limited by `--max-states`.
const MAX_COORDINATE: i64 = u32::MAX as i64 - 2;

/// An arrow maze whose intersections are still being read.
#[derive(Debug)]
pub(crate) struct ArrowDraft {
    name: String,
    entrance: Position,
    heading: Direction,
    goal: Position,
    rows: u32,
    cols: u32,
    intersections: Vec<(Position, [Sign; 4])>,
}

/// Whether a line has the shape of an arrow maze's second line:
/// two numbers, a letter, two numbers.
pub(crate) fn looks_like_header(line: &Line) -> bool {
    let tokens: Vec<_> = line.tokens().take(6).collect();
    tokens.len() == 5
        && [0, 1, 3, 4].iter().all(|&i| tokens[i].is_integer_like())
        && tokens[2].text.len() == 1
        && tokens[2].text[0].is_ascii_alphabetic()
}

/// Reads the entrance, heading and goal line.
pub(crate) fn header(name: String, line: &Line, limits: &Limits) -> Result<ArrowDraft, Failure> {
    let mut cursor = line.cursor();
    let entrance = position(&mut cursor, "the entrance row", "the entrance column")?;
    let heading = match cursor.next_token() {
        Some(token) => match token.text {
            [letter] => Direction::from_letter(*letter),
            _ => None,
        }
        .ok_or_else(|| {
            line.fail_at(
                &token,
                ParseErrorKind::UnknownDirection {
                    found: token.quoted(),
                },
            )
        })?,
        None => {
            return Err(line.fail_at_end(ParseErrorKind::UnknownDirection {
                found: "end of line".into(),
            }))
        }
    };
    let goal = position(&mut cursor, "the goal row", "the goal column")?;
    cursor.end("the goal")?;
    let draft = ArrowDraft {
        name,
        entrance,
        heading,
        goal,
        rows: entrance.row.max(goal.row),
        cols: entrance.col.max(goal.col),
        intersections: Vec::new(),
    };
    draft.check_size(limits)?;
    Ok(draft)
}

fn position(
    cursor: &mut super::tokens::Cursor,
    row: &'static str,
    col: &'static str,
) -> Result<Position, Failure> {
    let (row, _) = cursor.number_in(row, 1..=MAX_COORDINATE)?;
    let (col, _) = cursor.number_in(col, 1..=MAX_COORDINATE)?;
    Ok(Position::new(row, col))
}

impl ArrowDraft {
    /// The maze's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Reads one intersection line: `ROW COL SIGN... *`.
    pub fn add(&mut self, line: &Line, limits: &Limits) -> Result<(), Failure> {
        let first = line.tokens().next().filter(|t| t.is_integer_like());
        if first.is_none() {
            let found = line.tokens().next().map(|t| t.quoted()).unwrap_or_default();
            return Err(Failure {
                column: 1,
                kind: ParseErrorKind::ExpectedIntersection {
                    maze: self.name.clone(),
                    found,
                },
            });
        }
        let mut cursor = line.cursor();
        let at = position(
            &mut cursor,
            "the intersection row",
            "the intersection column",
        )?;
        let mut signs = [Sign::NONE; 4];
        loop {
            let Some(token) = cursor.next_token() else {
                return Err(line.fail_at_end(ParseErrorKind::MissingStar { at: at.to_string() }));
            };
            if token.text == b"*" {
                break;
            }
            let (arriving, sign) = read_sign(token.text).ok_or_else(|| {
                line.fail_at(
                    &token,
                    ParseErrorKind::ExpectedSign {
                        found: token.quoted(),
                    },
                )
            })?;
            signs[arriving.index()] = signs[arriving.index()].union(sign);
        }
        cursor.end("'*'")?;
        self.rows = self.rows.max(at.row);
        self.cols = self.cols.max(at.col);
        self.check_size(limits)?;
        self.intersections.push((at, signs));
        Ok(())
    }

    /// The finished maze, once the `0` line is read.
    pub fn build(self) -> Result<Maze, ParseErrorKind> {
        let mut maze = Maze::new(
            self.name,
            self.rows,
            self.cols,
            self.entrance,
            self.heading,
            self.goal,
        )?;
        for (at, signs) in self.intersections {
            maze.list_intersection(at)?;
            for (arriving, sign) in Direction::ALL.into_iter().zip(signs) {
                let merged = maze.sign(at, arriving).union(sign);
                maze.set_sign(at, arriving, merged)?;
            }
        }
        Ok(maze)
    }

    fn check_size(&self, limits: &Limits) -> Result<(), Failure> {
        let states = Grid::state_count(self.rows, self.cols, Maze::STATES_PER_CELL).unwrap_or(0);
        if states > limits.max_states {
            return Err(Failure {
                column: 1,
                kind: ParseErrorKind::TooLarge {
                    maze: self.name.clone(),
                    states,
                    limit: limits.max_states,
                },
            });
        }
        Ok(())
    }
}

/// A sign token: a direction letter, then one to three of `L`, `F`, `R`.
fn read_sign(text: &[u8]) -> Option<(Direction, Sign)> {
    let (&letter, turns) = text.split_first()?;
    let arriving = Direction::from_letter(letter)?;
    if turns.is_empty() || turns.len() > 3 {
        return None;
    }
    turns
        .iter()
        .try_fold(Sign::NONE, |sign, &t| {
            Some(sign.with(Turn::from_letter(t)?))
        })
        .map(|sign| (arriving, sign))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_signs() {
        let (d, sign) = read_sign(b"WLF").unwrap();
        assert_eq!((d, sign.to_string()), (Direction::West, "LF".to_string()));
        assert!(read_sign(b"N").is_none());
        assert!(read_sign(b"QL").is_none());
        assert!(read_sign(b"NLX").is_none());
        assert!(read_sign(b"NLFRL").is_none());
    }

    #[test]
    fn recognises_headers() {
        assert!(looks_like_header(&Line::new(b"3 1 N 3 3")));
        assert!(looks_like_header(&Line::new(b"3 1 X 3 3")));
        assert!(!looks_like_header(&Line::new(b"1 2 WLF NR ER *")));
        assert!(!looks_like_header(&Line::new(b"3 3 1 2 5 1")));
    }
}
