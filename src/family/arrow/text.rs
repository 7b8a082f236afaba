//! An arrow maze in the judges' format, read and written:
//!
//! ```text
//! NAME
//! ROW COL DIRECTION ROW COL      entrance, first heading, goal
//! ROW COL SIGN SIGN ... *        one line per intersection
//! 0
//! ```

use std::fmt::Write;

use super::ArrowMaze;
use super::automaton::quick_signs;
use super::sign::{PackedCell, Sign, Turn};
use crate::family::{self, Draft, Progress, Run};
use crate::grid::{Direction, Grid, Position};
use crate::read::{
    Cursor, Failure, FamilyReadError, Limits, Line, ParseErrorKind, ParseWarningKind,
};
use crate::read::{MAX_LINE_BYTES, quote};
use crate::search::parallel;

/// What can be wrong in an arrow maze's lines (or its JSON document's
/// signs), beyond what every format checks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArrowError {
    /// A direction letter other than N, E, S, W.
    #[error("expected a direction N, E, S or W, found {found}")]
    UnknownDirection {
        /// The token found.
        found: String,
    },
    /// A sign token that is not a direction followed by L, F, R.
    #[error("expected a sign like NLF or '*', found {found}")]
    ExpectedSign {
        /// The token found.
        found: String,
    },
    /// An intersection line without its closing `*`.
    #[error("expected '*' after the signs of intersection {at}")]
    MissingStar {
        /// The intersection.
        at: Position,
    },
    /// A line in an intersection list that is neither an intersection nor
    /// the `0` that ends the list.
    #[error(
        "expected an intersection 'ROW COL SIGN... *' or the '0' line that ends maze '{maze}', found {found}"
    )]
    ExpectedIntersection {
        /// The maze being read.
        maze: String,
        /// The line's first token.
        found: String,
    },
    /// A sign of a JSON document that is not one to three of L, F, R.
    #[error("expected a sign of one to three letters L, F, R, found '{found}'")]
    SignLetters {
        /// The letters found.
        found: String,
    },
}

impl FamilyReadError for ArrowError {
    fn hint(&self) -> Option<&'static str> {
        match self {
            ArrowError::UnknownDirection { .. } => {
                Some("a direction is one of the capital letters N, E, S, W")
            }
            ArrowError::ExpectedSign { .. } => Some(
                "a sign is the direction of travel followed by one to three of L, F, R, as in NLF",
            ),
            ArrowError::MissingStar { .. } => Some("every intersection line ends with '*'"),
            ArrowError::ExpectedIntersection { .. } => {
                Some("an arrow maze's intersections end with a line holding only 0")
            }
            // Said by serde_json, in a JSON error of its own.
            ArrowError::SignLetters { .. } => None,
        }
    }
}

/// Appends `maze`'s header, intersections and `0` line, canonically:
/// intersections in row-major order, signs in the order N, E, S, W.
pub(super) fn write(out: &mut String, maze: &ArrowMaze) {
    let (entrance, goal) = (maze.entrance(), maze.goal());
    let _ = writeln!(
        out,
        "{} {} {} {} {}",
        entrance.row,
        entrance.col,
        maze.heading(),
        goal.row,
        goal.col
    );
    for (at, signs) in maze.intersections() {
        let _ = write!(out, "{} {}", at.row, at.col);
        for (arriving, sign) in Direction::ALL.into_iter().zip(signs) {
            if !sign.is_empty() {
                let _ = write!(out, " {arriving}{sign}");
            }
        }
        out.push_str(" *\n");
    }
    out.push_str("0\n");
}

/// The largest coordinate accepted; sizes are limited by `--max-states`.
const MAX_COORDINATE: i64 = u32::MAX as i64 - 2;

/// An arrow maze whose intersections are still being read.
#[derive(Debug)]
pub(super) struct ArrowDraft {
    name: String,
    entrance: Position,
    heading: Direction,
    goal: Position,
    rows: u32,
    cols: u32,
    /// The intersections read so far, packed as the maze stores them, in a
    /// row-major grid `width` cells wide that grows (doubling) as larger
    /// coordinates appear: half a byte per search state, no list to replay.
    cells: Vec<PackedCell>,
    width: u32,
    /// Intersection lines read so far.
    lines: u64,
    /// Whether an intersection made the maze one for another reader
    /// ([`Limits::defers`]): the draft stopped growing there.
    deferred: bool,
    /// Read line by line, every line by the careful reader
    /// ([`Limits::strict`]).
    strict: bool,
}

/// Whether a line has the shape of an arrow maze's second line:
/// two numbers, a letter, two numbers.
pub(super) fn looks_like_header(line: &Line) -> bool {
    let mut tokens = line.tokens();
    let [
        Some(row),
        Some(col),
        Some(heading),
        Some(goal_row),
        Some(goal_col),
        None,
    ] = std::array::from_fn(|_| tokens.next())
    else {
        return false;
    };
    [row, col, goal_row, goal_col]
        .iter()
        .all(|token| token.is_integer_like())
        && matches!(heading.text, [letter] if letter.is_ascii_alphabetic())
}

/// Reads the entrance, heading and goal line; `None` when the maze is one
/// for another reader ([`Limits::defers`]).
pub(super) fn header(
    name: String,
    line: &Line,
    limits: &Limits,
) -> Result<Option<ArrowDraft>, Failure> {
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
                ArrowError::UnknownDirection {
                    found: token.quoted(),
                }
                .into(),
            )
        })?,
        None => {
            return Err(line.fail_at_end(
                ArrowError::UnknownDirection {
                    found: "end of line".into(),
                }
                .into(),
            ));
        }
    };
    let goal = position(&mut cursor, "the goal row", "the goal column")?;
    cursor.end("the goal")?;
    let mut draft = ArrowDraft {
        name,
        entrance,
        heading,
        goal,
        rows: entrance.row.max(goal.row),
        cols: entrance.col.max(goal.col),
        cells: Vec::new(),
        width: 0,
        lines: 0,
        deferred: false,
        strict: limits.strict,
    };
    if check_size(&draft.name, draft.rows, draft.cols, limits, true)? {
        return Ok(None);
    }
    // The grid usually spans the entrance and goal: start it that size.
    draft.cell_for(Position::new(draft.rows, draft.cols), limits);
    Ok(Some(draft))
}

fn position(
    cursor: &mut Cursor,
    row: &'static str,
    col: &'static str,
) -> Result<Position, Failure> {
    let (row, _) = cursor.number_in(row, 1..=MAX_COORDINATE)?;
    let (col, _) = cursor.number_in(col, 1..=MAX_COORDINATE)?;
    Ok(Position::new(row, col))
}

impl Draft for ArrowDraft {
    fn name(&self) -> &str {
        &self.name
    }

    /// An intersection line, or the `0` line that completes the maze
    /// (however the zero is written, as a judge's `scanf("%d")` reads it;
    /// a note says so when it is not `0`).
    fn read(&mut self, line: &Line, limits: &Limits) -> Result<Progress, Failure> {
        if line.is_zero() {
            let note = (!line.is("0")).then(|| {
                let found = quote(line.trimmed());
                let column = line.bytes().len() - line.bytes().trim_ascii_start().len() + 1;
                let note = format!("the line that ends a maze is '0'; {found} was read as it");
                (column, ParseWarningKind::Family(note))
            });
            return Ok(Progress::Complete(note));
        }
        let note = self.add(line, limits)?;
        Ok(match (self.deferred, note) {
            (true, _) => Progress::Deferred,
            (false, Some(note)) => Progress::Noted(1, ParseWarningKind::Family(note)),
            (false, None) => Progress::More,
        })
    }

    fn build(self: Box<Self>) -> Result<family::Maze, ParseErrorKind> {
        self.finish().map(family::Maze::from)
    }

    fn expecting(&self) -> String {
        "an intersection or the '0' line".to_string()
    }

    fn run_length(&self) -> usize {
        match self.strict {
            true => 0,
            false => self.run_bytes(),
        }
    }

    fn read_run(&mut self, block: &[u8], limits: &Limits) -> Run {
        self.add_run(block, limits)
    }
}

impl ArrowDraft {
    /// Reads one intersection line: `ROW COL SIGN... *`, and says what is
    /// worth a note: an intersection listed before (its signs are merged,
    /// but a reader that keeps the last line would read another maze), or,
    /// reading strictly, a sign that repeats itself.
    fn add(&mut self, line: &Line, limits: &Limits) -> Result<Option<String>, Failure> {
        let (at, signs, repeats) = match quick_intersection(line.bytes()) {
            Some((at, signs)) if !limits.strict => (at, signs, None),
            _ => self.careful_intersection(line)?,
        };
        let again = self.place(at, PackedCell::listed(signs), limits)?;
        Ok(match again {
            true => Some(format!(
                "the intersection {at} was listed on an earlier line too: their signs are merged"
            )),
            false => repeats.filter(|_| limits.strict),
        })
    }

    /// Adds the signs of one intersection line to the grid, and says
    /// whether the intersection was listed before.
    fn place(&mut self, at: Position, cell: PackedCell, limits: &Limits) -> Result<bool, Failure> {
        // The size was checked when the draft last grew (or was made), and
        // a draft that fails the check is not grown.
        if at.row > self.rows || at.col > self.cols {
            let (rows, cols) = (self.rows.max(at.row), self.cols.max(at.col));
            // The grid is allocated anew only when it must grow.
            let grows = rows > self.height() || cols > self.width;
            if check_size(&self.name, rows, cols, limits, grows)? {
                self.deferred = true;
                return Ok(false);
            }
            (self.rows, self.cols) = (rows, cols);
        }
        let index = self.cell_for(at, limits);
        let again = self.cells[index].merge(cell);
        self.lines += 1;
        Ok(again)
    }

    /// How many bytes of intersection lines [`ArrowDraft::add_run`] should
    /// be given at once: none until the maze has shown itself long, then
    /// about as many as were read so far, so that the work thrown away when
    /// the maze ends (the rest of the last run) is bounded by the maze's
    /// own size.
    fn run_bytes(&self) -> usize {
        match self.lines >= LONG_MAZE_LINES {
            true => (self.lines as usize).saturating_mul(RUN_BYTES_PER_LINE),
            false => 0,
        }
    }

    /// Reads the intersection lines `block` (whole lines) starts with,
    /// parsed in parallel on the pool, and says how much of `block` it
    /// read: everything up to the `0` line or the first line that would
    /// fail, which are left for [`ArrowDraft::add`] and the parser to read
    /// and report. The draft ends up as if the lines were added one by one:
    /// a cell's signs are the union of its lines, in any order.
    fn add_run(&mut self, block: &[u8], limits: &Limits) -> Run {
        let parts = split_lines(block, 4 * parallel::threads());
        let scans: Vec<Vec<Scanned>> = parallel::map(&parts, |part| scan(part));
        let mut run = Run::default();
        for (part, scanned) in parts.iter().zip(&scans) {
            let mut start = 0;
            for item in scanned {
                let raw = &part[start..item.end];
                let placed = match item.intersection {
                    // An intersection listed before ends the run: the line
                    // is read again by `add`, which notes it (merging its
                    // signs twice changes nothing).
                    Some((at, cell)) => self.place(at, cell, limits) == Ok(false) && !self.deferred,
                    None if raw.len() > MAX_LINE_BYTES => false,
                    None => self.add_other(Line::new(raw), limits),
                };
                if !placed {
                    return run;
                }
                run.bytes += raw.len();
                run.lines += 1;
                start = item.end;
            }
            if start < part.len() {
                return run;
            }
        }
        run
    }

    /// Reads a line that is not a plain intersection line, within a run:
    /// says whether the run goes on past it (a blank line, or one that the
    /// careful reader accepts) or should stop before it.
    fn add_other(&mut self, line: Line, limits: &Limits) -> bool {
        if line.is_blank() {
            return true;
        }
        !line.is_zero() && self.add(&line, limits) == Ok(None)
    }

    /// The index of `at` in the draft grid, growing the grid to hold it.
    #[inline]
    fn cell_for(&mut self, at: Position, limits: &Limits) -> usize {
        let (row, col) = ((at.row - 1) as usize, (at.col - 1) as usize);
        let index = row * self.width as usize + col;
        if col < self.width as usize && index < self.cells.len() {
            return index;
        }
        self.grow_for(at, limits);
        row * self.width as usize + col
    }

    /// Grows the draft grid to hold `at`: doubles each dimension that is
    /// too small (so reading row by row copies each cell a bounded number
    /// of times), unless doubling would pass the state limit.
    #[cold]
    fn grow_for(&mut self, at: Position, limits: &Limits) {
        let height = self.height();
        let grow = |have: u32, need: u32| match need > have {
            true => need.max(have.saturating_mul(2)),
            false => have,
        };
        let (mut new_height, mut new_width) = (grow(height, at.row), grow(self.width, at.col));
        let states = Grid::state_count(new_height, new_width, ArrowMaze::STATES_PER_CELL);
        if states.is_none_or(|states| states > limits.max_states) {
            (new_height, new_width) = (height.max(at.row), self.width.max(at.col));
        }
        let mut cells = vec![PackedCell::default(); new_height as usize * new_width as usize];
        if self.width > 0 {
            for (old, new) in self
                .cells
                .chunks(self.width as usize)
                .zip(cells.chunks_mut(new_width as usize))
            {
                new[..old.len()].copy_from_slice(old);
            }
        }
        (self.cells, self.width) = (cells, new_width);
    }

    fn height(&self) -> u32 {
        match self.width {
            0 => 0,
            width => (self.cells.len() / width as usize) as u32,
        }
    }

    /// Reads an intersection line token by token, saying exactly what is
    /// wrong when something is, and what repeats itself (a turn letter in
    /// one sign, a direction with two signs), which the signs' union hides.
    fn careful_intersection(
        &self,
        line: &Line,
    ) -> Result<(Position, [Sign; 4], Option<String>), Failure> {
        let first = line.tokens().next().filter(|t| t.is_integer_like());
        if first.is_none() {
            let found = line.tokens().next().map(|t| t.quoted()).unwrap_or_default();
            return Err(Failure {
                column: 1,
                kind: ArrowError::ExpectedIntersection {
                    maze: self.name.clone(),
                    found,
                }
                .into(),
            });
        }
        let mut cursor = line.cursor();
        let at = position(
            &mut cursor,
            "the intersection row",
            "the intersection column",
        )?;
        let mut signs = [Sign::NONE; 4];
        let mut repeats = None;
        loop {
            let Some(token) = cursor.next_token() else {
                let kind = ArrowError::MissingStar { at };
                return Err(line.fail_at_end(kind.into()));
            };
            if token.text == b"*" {
                break;
            }
            let (arriving, sign) = read_sign(token.text).ok_or_else(|| {
                line.fail_at(
                    &token,
                    ArrowError::ExpectedSign {
                        found: token.quoted(),
                    }
                    .into(),
                )
            })?;
            let text = String::from_utf8_lossy(token.text);
            let turns = text.len() - 1;
            let repeat = match () {
                _ if sign.turns().count() < turns => {
                    Some(format!("the sign '{text}' names a turn twice"))
                }
                _ if !signs[arriving.index()].is_empty() => Some(format!(
                    "the direction {arriving} has two signs on this line: they are merged"
                )),
                _ => None,
            };
            repeats = repeats.or(repeat);
            signs[arriving.index()] = signs[arriving.index()].union(sign);
        }
        cursor.end("'*'")?;
        Ok((at, signs, repeats))
    }

    /// The finished maze, once the `0` line is read.
    fn finish(self) -> Result<ArrowMaze, ParseErrorKind> {
        let mut maze = ArrowMaze::new(
            self.name,
            self.rows,
            self.cols,
            self.entrance,
            self.heading,
            self.goal,
        )?;
        if self.width > 0 {
            for (row, cells) in self.cells.chunks(self.width as usize).enumerate() {
                let used = cells.len().min(self.cols as usize);
                maze.set_row(row as u32 + 1, &cells[..used]);
            }
        }
        Ok(maze)
    }
}

/// Whether maze `name` may be `rows × cols` intersections large.
/// Checks a maze of `rows × cols` against the limits (as one about to be
/// allocated when `allocating`), and says whether it is one for another
/// reader ([`Limits::defers`]).
fn check_size(
    name: &str,
    rows: u32,
    cols: u32,
    limits: &Limits,
    allocating: bool,
) -> Result<bool, Failure> {
    let states = Grid::state_count(rows, cols, ArrowMaze::STATES_PER_CELL).unwrap_or(0);
    let checked = match allocating {
        true => limits.check_allocating(name, states),
        false => limits.check(name, states),
    };
    checked.map_err(|kind| Failure { column: 1, kind })?;
    Ok(limits.defers(states))
}

/// A maze is read in parallel runs once it has this many intersection
/// lines ([`ArrowDraft::run_length`])...
const LONG_MAZE_LINES: u64 = 4096;
/// ... in runs of this many bytes per line read so far.
const RUN_BYTES_PER_LINE: usize = 32;

/// One line of a run, read in parallel: where it ends in its part, and
/// its intersection when it is a plain one (`None` for any other line,
/// which is read again, in order, by the careful reader).
struct Scanned {
    end: usize,
    intersection: Option<(Position, PackedCell)>,
}

/// Reads the lines of `part` up to its end or its `0` line (included).
fn scan(part: &[u8]) -> Vec<Scanned> {
    let mut lines = Vec::with_capacity(part.len() / 16);
    let mut start = 0;
    while start < part.len() {
        let rest = &part[start..];
        let end = start + memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
        let line = Line::new(&part[start..end]);
        let intersection = quick_intersection(line.bytes());
        let last = intersection.is_none() && line.is_zero();
        let intersection = intersection.map(|(at, signs)| (at, PackedCell::listed(signs)));
        lines.push(Scanned { end, intersection });
        if last {
            break;
        }
        start = end;
    }
    lines
}

/// Cuts `block` into at most `parts` pieces of about the same length, each
/// made of whole lines.
fn split_lines(block: &[u8], parts: usize) -> Vec<&[u8]> {
    let mut pieces = Vec::with_capacity(parts);
    let mut rest = block;
    for left in (1..=parts.max(1)).rev() {
        let target = rest.len() / left;
        let cut = match memchr::memchr(b'\n', &rest[target..]) {
            Some(i) if left > 1 => target + i + 1,
            _ => rest.len(),
        };
        let (piece, after) = rest.split_at(cut);
        if !piece.is_empty() {
            pieces.push(piece);
        }
        rest = after;
    }
    pieces
}

/// Reads a well-formed intersection line `ROW COL SIGN... *` without a
/// branch per byte, or gives up (`None`) at the first surprise so that the
/// careful reader can say what is wrong. Numbers are at most nine digits
/// and not zero; sign tokens a direction letter and one to three turns.
fn quick_intersection(bytes: &[u8]) -> Option<(Position, [Sign; 4])> {
    let mut at = 0;
    let row = quick_number(bytes, &mut at)?;
    let col = quick_number(bytes, &mut at)?;
    let signs = quick_signs(&bytes[at..])?;
    Some((Position::new(row, col), signs))
}

/// Skips whitespace, then reads a positive number of at most nine digits
/// that ends at whitespace or the end of the line.
fn quick_number(bytes: &[u8], at: &mut usize) -> Option<u32> {
    while bytes.get(*at).is_some_and(u8::is_ascii_whitespace) {
        *at += 1;
    }
    let start = *at;
    let mut value = 0u32;
    while let Some(digit) = bytes.get(*at).filter(|b| b.is_ascii_digit()) {
        value = value.wrapping_mul(10).wrapping_add((digit - b'0') as u32);
        *at += 1;
    }
    let digits = *at - start;
    let ends = bytes.get(*at).is_none_or(u8::is_ascii_whitespace);
    (ends && (1..=9).contains(&digits) && value > 0).then_some(value)
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
    use proptest::prelude::*;

    fn careful(line: &str) -> Option<(Position, [Sign; 4])> {
        let draft = header("T".into(), &Line::new(b"1 1 N 1 1"), &Limits::default())
            .unwrap()
            .expect("no reader is told to defer");
        draft
            .careful_intersection(&Line::new(line.as_bytes()))
            .ok()
            .map(|(at, signs, _)| (at, signs))
    }

    proptest! {
        /// Whatever the quick reader accepts, the careful reader reads the
        /// same way; lines made of sign-like pieces are accepted by both.
        #[test]
        fn quick_reader_agrees_with_the_careful_one(
            pieces in proptest::collection::vec(
                prop_oneof![
                    Just("N"), Just("E"), Just("S"), Just("W"), Just("L"), Just("F"),
                    Just("R"), Just("*"), Just(" "), Just("\t"), Just("x"), Just("NL"),
                    Just("ER "), Just(" *"),
                ],
                0..12,
            ),
            row in 0u32..20,
        ) {
            let line = format!("{row} 3 {}", pieces.concat());
            if let Some(quick) = quick_intersection(line.as_bytes()) {
                prop_assert_eq!(Some(quick), careful(&line), "{}", line);
            }
        }

        #[test]
        fn well_formed_lines_take_the_quick_path(
            signs in proptest::collection::vec((0usize..4, 1u8..8), 0..6),
        ) {
            let mut line = String::from("7 12");
            for (d, turns) in signs {
                line.push(' ');
                line.push(Direction::from_index(d).letter());
                line.extend(Turn::ALL.iter().enumerate().filter(|(i, _)| turns >> i & 1 != 0).map(|(_, t)| t.letter()));
            }
            line.push_str(" *");
            prop_assert!(careful(&line).is_some());
            prop_assert_eq!(quick_intersection(line.as_bytes()), careful(&line), "{}", line);
        }
    }

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
    fn quick_path_reads_what_the_careful_one_does() {
        let (at, signs) = quick_intersection(b"12 3\tNL  ER SF NR *\r").unwrap();
        assert_eq!(at, Position::new(12, 3));
        let text: Vec<String> = signs.iter().map(|s| s.to_string()).collect();
        assert_eq!(text, ["LR", "R", "F", ""]);
        let bad_lines = [
            &b"1 1 NL"[..],
            b"0 1 *",
            b"1 1 Q *",
            b"1 1 * x",
            b"1 1 * *",
            b"1 1 *NL",
            b"1 1 N *",
            b"1 1 NLFRL *",
            b"1 1 LN *",
            b"1 1 NL* ",
            b"1x 1 *",
            b"1 1234567890 *",
            b"1",
        ];
        for bad in bad_lines {
            assert!(
                quick_intersection(bad).is_none(),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    #[test]
    fn recognises_headers() {
        assert!(looks_like_header(&Line::new(b"3 1 N 3 3")));
        assert!(looks_like_header(&Line::new(b"3 1 X 3 3")));
        assert!(!looks_like_header(&Line::new(b"1 2 WLF NR ER *")));
        assert!(!looks_like_header(&Line::new(b"3 3 1 2 5 1")));
    }
}
