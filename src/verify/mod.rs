//! Judging an answer: is it, maze by maze, a shortest legal route in the
//! judges' output format (or "No Solution Possible" where there is none)?
//!
//! The judges accept any shortest route, so comparing bytes with one
//! solution is the wrong judge. [`verify`] reads an answer against the
//! mazes it answers and gives each maze a [`Verdict`]: accepted, or wrong
//! with the first reason, precisely (the line, and for an illegal move the
//! move and the rule it breaks, in the maze's own terms).
//!
//! The layout is checked too: a name line, then route lines indented by two
//! spaces with the family's number of positions per line and its commas.
//! [`Layout::Strict`] (the judges' rule) makes a layout problem a wrong
//! answer, a *presentation* error; [`Layout::Lenient`] reads only the
//! positions and reports layout problems as warnings.
//!
//! ```
//! use logicmaze::Maze;
//! use logicmaze::verify::{self, Layout};
//! let mazes = [Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")?];
//! let report = verify::verify_solving(&mazes, b"A\n  (3,1) (2,1) (1,1)\n", Layout::Strict);
//! assert!(report.accepted());
//! let report = verify::verify_solving(&mazes, b"A\n (3,1) (2,1) (1,1)\n", Layout::Strict);
//! assert_eq!(report.first_problem().unwrap(), "A: line 2: wrong layout: the line is indented by 1 space, not 2");
//! let report = verify::verify_solving(&mazes, b"A\n (3,1) (2,1) (1,1)\n", Layout::Lenient);
//! assert!(report.accepted());
//! assert_eq!(report.mazes[0].warnings[0].to_string(), "line 2: the line is indented by 1 space, not 2");
//! # Ok::<(), logicmaze::ParseMazeError>(())
//! ```
//!
//! A team's output is hostile input by definition, so [`verify_stream`]
//! reads it as a stream: one line at a time, at most
//! [`MAX_ANSWER_LINE_BYTES`] of a line kept, positions handed to the
//! maze's replay one by one, runs of blank lines counted and not stored,
//! and each maze's verdict handed on as soon as it is known. Its memory
//! is bounded by the mazes judged, whatever the answer holds; its time
//! grows linearly with the answer. Text from the answer is quoted in
//! messages with control and invisible characters escaped ([`escaped`]).

use std::collections::HashMap;
use std::fmt;
use std::io::{self, BufRead};

use crate::family::Maze;
use crate::route::RouteFault;
use crate::search::parallel;

mod body;
pub mod input;
mod lines;

use lines::Lines;
pub use lines::MAX_ANSWER_LINE_BYTES;

/// How strictly the layout is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Only the positions count; layout problems are warnings.
    Lenient,
    /// Byte for byte as the judges' format writes it: a layout problem is a
    /// wrong answer (a presentation error).
    Strict,
}

/// The verdict on a whole answer: one per maze, and what came after the
/// last maze.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// Every maze's verdict, in the mazes' order.
    pub mazes: Vec<MazeReport>,
    /// Text after the last maze's answer (a wrong answer), with its line.
    pub trailing: Option<Problem>,
}

/// One maze's verdict, and the layout problems forgiven in lenient mode.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MazeReport {
    /// The maze's name.
    pub name: String,
    /// Accepted or wrong.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Layout problems forgiven ([`Layout::Lenient`]).
    pub warnings: Vec<Problem>,
}

/// A maze's verdict.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// A shortest legal route (its moves), or rightly "No Solution
    /// Possible" (none).
    Accepted {
        /// The route's moves; none for "No Solution Possible".
        moves: Option<usize>,
    },
    /// Wrong, for the first reason found.
    Wrong {
        /// The answer's line it concerns (1-based), if any.
        line: Option<usize>,
        /// Why.
        reason: Reason,
    },
}

/// A problem at a line of the answer, or at a run of lines.
///
/// ```
/// use logicmaze::verify::Problem;
/// assert_eq!(Problem::at(3, "a blank line").to_string(), "line 3: a blank line");
/// let run = Problem { last_line: Some(9), ..Problem::at(3, "7 blank lines") };
/// assert_eq!(run.to_string(), "lines 3–9: 7 blank lines");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// The line, from 1 (the first of a run).
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
    /// The last line of a run of lines with the same problem, counted
    /// once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_line: Option<usize>,
}

impl Problem {
    /// A problem at one line.
    pub fn at(line: usize, message: impl Into<String>) -> Problem {
        Problem {
            line,
            message: message.into(),
            last_line: None,
        }
    }

    /// A run of `count` blank lines from `line` on.
    fn blank_lines((line, count): (usize, usize)) -> Problem {
        match count {
            1 => Problem::at(line, "a blank line"),
            _ => Problem {
                last_line: Some(line + count - 1),
                ..Problem::at(line, format!("{count} blank lines"))
            },
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last_line {
            Some(last) => write!(f, "lines {}–{last}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// Why a maze's answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Reason {
    /// The answer ends before the maze's name line.
    #[error("the answer ends; expected the line '{expected}'")]
    MissingName {
        /// The name expected.
        expected: String,
    },
    /// Another line where the name line should be.
    #[error("expected the name line '{expected}', found '{found}'")]
    WrongName {
        /// The name expected.
        expected: String,
        /// The line found (at most 80 characters of it, [`escaped`]).
        found: String,
    },
    /// The layout differs from the judges' format ([`Layout::Strict`]).
    #[error("wrong layout: {message}")]
    Layout {
        /// What differs.
        message: String,
    },
    /// Text that is neither a position nor "No Solution Possible".
    #[error("cannot read \"{text}\" as a position (r,c)")]
    Unreadable {
        /// The text (at most 80 characters of it, [`escaped`]).
        text: String,
    },
    /// A line longer than any the format writes, and than is kept.
    #[error("the line is longer than {} MiB", limit >> 20)]
    LineTooLong {
        /// The most bytes of a line kept ([`MAX_ANSWER_LINE_BYTES`]).
        limit: usize,
    },
    /// A name line and nothing under it.
    #[error("no route and no 'No Solution Possible'")]
    NoRoute,
    /// "No Solution Possible" for a maze that has a route.
    #[error("says No Solution Possible, but a route of {} exists", count_moves(*shortest))]
    SaysNoSolution {
        /// The shortest route's moves.
        shortest: usize,
    },
    /// A route for a maze that has none.
    #[error("gives a route, but the maze has no solution: {fault}")]
    RouteForUnsolvable {
        /// Where the route breaks the rules.
        fault: RouteFault,
    },
    /// A route that breaks the rules.
    #[error("{fault}")]
    IllegalRoute {
        /// The first fault.
        fault: RouteFault,
    },
    /// A legal route that is not a shortest one.
    #[error("{}; the shortest has {shortest}", count_moves(*moves))]
    Longer {
        /// The route's moves.
        moves: usize,
        /// The shortest route's moves.
        shortest: usize,
    },
}

impl Reason {
    /// Whether it is about layout only (a presentation error), not about
    /// the route.
    pub fn is_presentation(&self) -> bool {
        matches!(self, Reason::Layout { .. })
    }
}

impl Verdict {
    fn wrong(line: Option<usize>, reason: Reason) -> Verdict {
        Verdict::Wrong { line, reason }
    }
}

impl MazeReport {
    /// The problem, as one line: `NAME: line 7: ...`; `None` if accepted.
    pub fn problem(&self) -> Option<String> {
        let Verdict::Wrong { line, reason } = &self.verdict else {
            return None;
        };
        let name = escaped(&self.name);
        Some(match line {
            Some(line) => format!("{name}: line {line}: {reason}"),
            None => format!("{name}: {reason}"),
        })
    }
}

/// What a checker needs of a whole answer's verdict, kept as the mazes'
/// verdicts stream past: counts, the first problem, and whether every
/// problem is one of layout.
///
/// ```
/// use logicmaze::Maze;
/// use logicmaze::verify::{self, Layout, Tally};
/// let maze = Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")?;
/// let mut tally = Tally::default();
/// let answer: &[u8] = b"A\n  (3,1) (2,1) (1,1)\n\n";
/// let trailing = verify::verify_stream(&[maze], &[Some(2)], answer, Layout::Strict, |m| tally.add(&m)).unwrap();
/// tally.end(trailing);
/// assert_eq!((tally.mazes(), tally.accepted_mazes()), (1, 1));
/// assert_eq!(tally.first_problem(), Some("after the last maze: line 3: a blank line"));
/// assert!(!tally.accepted());
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tally {
    mazes: usize,
    accepted: usize,
    first_problem: Option<String>,
    presentation_only: bool,
    trailing: bool,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            mazes: 0,
            accepted: 0,
            first_problem: None,
            presentation_only: true,
            trailing: false,
        }
    }
}

impl Tally {
    /// Counts one maze's verdict.
    pub fn add(&mut self, maze: &MazeReport) {
        self.mazes += 1;
        match &maze.verdict {
            Verdict::Accepted { .. } => self.accepted += 1,
            Verdict::Wrong { reason, .. } => {
                self.presentation_only &= reason.is_presentation();
                if self.first_problem.is_none() {
                    self.first_problem = maze.problem();
                }
            }
        }
    }

    /// Counts what came after the last maze.
    pub fn end(&mut self, trailing: Option<Problem>) {
        let Some(trailing) = trailing else {
            return;
        };
        self.trailing = true;
        self.presentation_only = false;
        if self.first_problem.is_none() {
            self.first_problem = Some(format!("after the last maze: {trailing}"));
        }
    }

    /// The mazes counted.
    pub fn mazes(&self) -> usize {
        self.mazes
    }

    /// The mazes accepted.
    pub fn accepted_mazes(&self) -> usize {
        self.accepted
    }

    /// Whether text followed the last maze's answer.
    pub fn has_trailing(&self) -> bool {
        self.trailing
    }

    /// Whether every maze is accepted and nothing follows the last.
    pub fn accepted(&self) -> bool {
        self.first_problem.is_none()
    }

    /// Whether every wrong verdict is a presentation error (with at least
    /// one), for checkers that tell them apart.
    pub fn presentation_only(&self) -> bool {
        !self.accepted() && self.presentation_only
    }

    /// The first problem, as one line: `NAME: line 7: ...`.
    pub fn first_problem(&self) -> Option<&str> {
        self.first_problem.as_deref()
    }
}

impl Report {
    fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        self.mazes.iter().for_each(|maze| tally.add(maze));
        tally.end(self.trailing.clone());
        tally
    }

    /// Whether every maze is accepted and nothing follows the last.
    pub fn accepted(&self) -> bool {
        self.tally().accepted()
    }

    /// Whether every wrong verdict is a presentation error (with at least
    /// one), for checkers that tell them apart.
    pub fn presentation_only(&self) -> bool {
        self.tally().presentation_only()
    }

    /// The first problem, as one line: `NAME: line 7: ...`.
    pub fn first_problem(&self) -> Option<String> {
        self.tally().first_problem().map(String::from)
    }
}

/// Judges `answer` against `mazes`, whose shortest routes have the moves
/// in `shortest` (`None`: no route), in order: every verdict, collected.
/// See [`verify_stream`] for an answer read as a stream.
///
/// # Panics
///
/// Never on any answer; `shortest` must have one entry per maze (missing
/// entries count as mazes without a route).
pub fn verify(mazes: &[Maze], shortest: &[Option<usize>], answer: &[u8], layout: Layout) -> Report {
    let mut reports = Vec::with_capacity(mazes.len());
    // Reading a slice cannot fail.
    let trailing =
        verify_stream(mazes, shortest, answer, layout, |m| reports.push(m)).unwrap_or(None);
    Report {
        mazes: reports,
        trailing,
    }
}

/// [`verify`], solving each maze first.
pub fn verify_solving(mazes: &[Maze], answer: &[u8], layout: Layout) -> Report {
    let solved = Solved::new(mazes.to_vec());
    verify(solved.mazes(), &solved.shortest, answer, layout)
}

/// Mazes with the lengths of their shortest routes, found once (on
/// the pool's threads) for every answer judged against them: a contest's input.
///
/// ```
/// use logicmaze::Maze;
/// use logicmaze::verify::{Layout, Solved};
/// let mazes = Maze::parse_all("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n").collect::<Result<Vec<_>, _>>()?;
/// let solved = Solved::new(mazes);
/// let tally = solved.tally(&b"A\n  (3,1) (2,1) (1,1)\n"[..], Layout::Strict)?;
/// assert!(tally.accepted());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solved {
    mazes: Vec<Maze>,
    shortest: Vec<Option<usize>>,
}

impl Solved {
    /// `mazes`, each solved.
    pub fn new(mazes: Vec<Maze>) -> Solved {
        let shortest = parallel::map(&mazes, |maze| {
            maze.search().route.map(|states| states.len())
        });
        Solved { mazes, shortest }
    }

    /// The mazes.
    pub fn mazes(&self) -> &[Maze] {
        &self.mazes
    }

    /// Judges the answer read from `answer` as [`verify_stream`] does,
    /// handing each verdict to `sink`.
    ///
    /// # Errors
    ///
    /// As [`verify_stream`]'s: the error that stopped reading `answer`.
    pub fn judge(
        &self,
        answer: impl BufRead,
        layout: Layout,
        sink: impl FnMut(MazeReport),
    ) -> io::Result<Option<Problem>> {
        verify_stream(&self.mazes, &self.shortest, answer, layout, sink)
    }

    /// The whole answer's tally.
    ///
    /// # Errors
    ///
    /// As [`verify_stream`]'s: the error that stopped reading `answer`.
    pub fn tally(&self, answer: impl BufRead, layout: Layout) -> io::Result<Tally> {
        let mut tally = Tally::default();
        let trailing = self.judge(answer, layout, |maze| tally.add(&maze))?;
        tally.end(trailing);
        Ok(tally)
    }
}

/// Judges the answer read from `answer` against `mazes` (whose shortest
/// routes have the moves in `shortest`), handing each maze's verdict to
/// `sink` in the mazes' order as soon as it is known. Returns the problem
/// with text after the last maze's answer, if any, or the error that
/// stopped the reading (the mazes after it were judged as if the answer
/// ended there).
///
/// Memory is bounded by the mazes and [`MAX_ANSWER_LINE_BYTES`], and time
/// is linear in the answer, whatever it holds: the answer's text after the
/// last maze is not read past its first line.
///
/// # Errors
///
/// The first error reading `answer`, once every maze has been judged (as
/// if the answer ended there). A wrong answer is no error: it is a
/// [`Verdict`] given to `sink`.
pub fn verify_stream<R: BufRead>(
    mazes: &[Maze],
    shortest: &[Option<usize>],
    answer: R,
    layout: Layout,
    mut sink: impl FnMut(MazeReport),
) -> io::Result<Option<Problem>> {
    let names = NameIndex::new(mazes);
    let mut lines = Lines::new(answer, layout);
    let mut index = 0;
    while index < mazes.len() {
        let maze = &mazes[index];
        let blank = lines.skip_blank();
        let mut warnings: Vec<Problem> = blank.map(Problem::blank_lines).into_iter().collect();
        let next_name = mazes.get(index + 1).map(|m| m.name());
        let Some(line) = lines.peek() else {
            let reason = Reason::MissingName {
                expected: maze.name().to_string(),
            };
            sink(report(maze, Verdict::wrong(None, reason), warnings));
            index += 1;
            continue;
        };
        let number = line.number;
        let found = match layout {
            Layout::Strict => &*line.text,
            Layout::Lenient => line.text.trim(),
        };
        let named = !line.overlong && found == maze.name();
        let layout_only = match found {
            _ if named || line.overlong => None,
            _ if found.trim_end_matches('\r') == maze.name() => {
                Some("the line ends with a carriage return (CRLF)")
            }
            _ if found.trim_start_matches('\u{feff}') == maze.name() => {
                Some("the answer starts with a byte order mark")
            }
            _ => None,
        };
        let later = match named || layout_only.is_some() || line.overlong {
            true => None,
            false => names.after(found, index),
        };
        let wrong_name = |expected: &Maze| Reason::WrongName {
            expected: expected.name().to_string(),
            found: clip(found),
        };
        if let Some(message) = layout_only {
            lines.take();
            body::skip(&mut lines, next_name);
            let reason = Reason::Layout {
                message: message.into(),
            };
            sink(report(maze, Verdict::wrong(Some(number), reason), warnings));
            index += 1;
            continue;
        }
        if !named {
            // A later maze's name: the mazes before it have no answer.
            if let Some(later) = later {
                for skipped in &mazes[index..later] {
                    let reason = wrong_name(skipped);
                    sink(report(
                        skipped,
                        Verdict::wrong(Some(number), reason),
                        Vec::new(),
                    ));
                }
                index = later;
                continue;
            }
            let reason = wrong_name(maze);
            lines.take();
            body::skip(&mut lines, next_name);
            sink(report(maze, Verdict::wrong(Some(number), reason), warnings));
            index += 1;
            continue;
        }
        lines.take();
        let verdict = match (layout, blank) {
            // A blank line before the name is the first thing wrong.
            (Layout::Strict, Some((first, _))) => {
                body::skip(&mut lines, next_name);
                let reason = Reason::Layout {
                    message: "a blank line".into(),
                };
                Verdict::wrong(Some(first), reason)
            }
            _ => {
                let shortest = shortest.get(index).copied().flatten();
                body::judge(
                    maze,
                    shortest,
                    number,
                    &mut lines,
                    next_name,
                    layout,
                    &mut warnings,
                )
            }
        };
        sink(report(maze, verdict, warnings));
        index += 1;
    }
    let blank = lines.skip_blank();
    let trailing = match (lines.peek(), blank) {
        (Some(line), _) => Some(Problem::at(
            line.number,
            format!("unexpected text '{}'", clip(&line.text)),
        )),
        (None, Some((first, _))) if layout == Layout::Strict => {
            Some(Problem::at(first, "a blank line"))
        }
        (None, _) => None,
    };
    match lines.into_error() {
        Some(error) => Err(error),
        None => Ok(trailing),
    }
}

fn report(maze: &Maze, verdict: Verdict, warnings: Vec<Problem>) -> MazeReport {
    MazeReport {
        name: maze.name().to_string(),
        verdict,
        warnings,
    }
}

/// Where each name stands among the mazes, to find a later maze's name
/// line in constant time: an answer with every name wrong is judged in
/// linear time.
struct NameIndex<'m> {
    at: HashMap<&'m str, Vec<usize>>,
}

impl<'m> NameIndex<'m> {
    fn new(mazes: &'m [Maze]) -> NameIndex<'m> {
        let mut at: HashMap<&str, Vec<usize>> = HashMap::with_capacity(mazes.len());
        for (index, maze) in mazes.iter().enumerate() {
            at.entry(maze.name()).or_default().push(index);
        }
        NameIndex { at }
    }

    /// The first maze after `index` named `name`.
    fn after(&self, name: &str, index: usize) -> Option<usize> {
        let list = self.at.get(name)?;
        list.get(list.partition_point(|&i| i <= index)).copied()
    }
}

/// At most 80 characters of `text`, [`escaped`], for a message.
fn clip(text: &str) -> String {
    escaped(&crate::read::shortened(text, 80)).into_owned()
}

pub use crate::read::escaped;

/// `1 move`, `2 moves`.
fn count_moves(moves: usize) -> String {
    match moves {
        1 => "1 move".to_string(),
        _ => format!("{moves} moves"),
    }
}
