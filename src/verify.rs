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
//! use logicmaze::judge::{self, Parsed};
//! use logicmaze::verify::{self, Layout, Verdict};
//! let items = judge::parse(b"A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n", None);
//! let Parsed::Maze(maze) = items.into_iter().next().unwrap() else { panic!() };
//! let mazes = [maze];
//! let report = verify::verify_solving(&mazes, b"A\n  (3,1) (2,1) (1,1)\n", Layout::Strict);
//! assert!(report.accepted());
//! let report = verify::verify_solving(&mazes, b"A\n (3,1) (2,1) (1,1)\n", Layout::Strict);
//! assert_eq!(report.first_problem().unwrap(), "A: line 2: wrong layout: the line is indented by 1 space, not 2");
//! let report = verify::verify_solving(&mazes, b"A\n (3,1) (2,1) (1,1)\n", Layout::Lenient);
//! assert!(report.accepted());
//! assert_eq!(report.mazes[0].warnings[0].to_string(), "line 2: the line is indented by 1 space, not 2");
//! ```

use std::borrow::Cow;
use std::fmt;

use crate::family::Maze;
use crate::grid::Position;
use crate::judge::write_route_line;
use crate::route::RouteFault;

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

/// A problem at a line of the answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Why a maze's answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The answer ends before the maze's name line.
    #[error("the answer ends before its name line '{expected}'")]
    MissingName {
        /// The name expected.
        expected: String,
    },
    /// Another line where the name line should be.
    #[error("expected the name line '{expected}', found '{found}'")]
    WrongName {
        /// The name expected.
        expected: String,
        /// The line found (at most 80 characters of it).
        found: String,
    },
    /// The layout differs from the judges' format ([`Layout::Strict`]).
    #[error("wrong layout: {message}")]
    Layout {
        /// What differs.
        message: String,
    },
    /// Text that is neither a position nor "No Solution Possible".
    #[error("cannot read {text:?} as a position (r,c)")]
    Unreadable {
        /// The text (at most 80 characters of it).
        text: String,
    },
    /// A name line and nothing under it.
    #[error("no route and no 'No Solution Possible'")]
    NoRoute,
    /// "No Solution Possible" for a maze that has a route.
    #[error("says No Solution Possible, but a route of {shortest} moves exists")]
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
    #[error("{moves} moves; the shortest has {shortest}")]
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

impl Report {
    /// Whether every maze is accepted and nothing follows the last.
    pub fn accepted(&self) -> bool {
        self.trailing.is_none()
            && self
                .mazes
                .iter()
                .all(|m| matches!(m.verdict, Verdict::Accepted { .. }))
    }

    /// Whether every wrong verdict is a presentation error (with at least
    /// one), for checkers that tell them apart.
    pub fn presentation_only(&self) -> bool {
        let mut wrong = self.mazes.iter().filter_map(|m| match &m.verdict {
            Verdict::Wrong { reason, .. } => Some(reason),
            Verdict::Accepted { .. } => None,
        });
        self.trailing.is_none()
            && wrong.clone().next().is_some()
            && wrong.all(Reason::is_presentation)
    }

    /// The first problem, as one line: `NAME: line 7: ...`.
    pub fn first_problem(&self) -> Option<String> {
        let wrong = self.mazes.iter().find_map(|m| match &m.verdict {
            Verdict::Wrong { line, reason } => Some(match line {
                Some(line) => format!("{}: line {line}: {reason}", m.name),
                None => format!("{}: {reason}", m.name),
            }),
            Verdict::Accepted { .. } => None,
        });
        wrong.or_else(|| {
            self.trailing
                .as_ref()
                .map(|p| format!("after the last maze: {p}"))
        })
    }
}

/// Judges `answer` against `mazes`, whose shortest routes have the moves
/// in `shortest` (`None`: no route), in order.
///
/// # Panics
///
/// Never on any answer; `shortest` must have one entry per maze (missing
/// entries count as mazes without a route).
pub fn verify(mazes: &[Maze], shortest: &[Option<usize>], answer: &[u8], layout: Layout) -> Report {
    let mut lines = Lines::new(answer, layout);
    let mut reports = Vec::with_capacity(mazes.len());
    let mut index = 0;
    while index < mazes.len() {
        let maze = &mazes[index];
        let mut warnings = Vec::new();
        lines.skip_blank(&mut warnings);
        let Some((number, text)) = lines.peek() else {
            let reason = Reason::MissingName {
                expected: maze.name().to_string(),
            };
            reports.push(report(maze, Verdict::wrong(None, reason), warnings));
            index += 1;
            continue;
        };
        let found = match layout {
            Layout::Strict => text.as_ref(),
            Layout::Lenient => text.trim(),
        };
        let layout_only = match found {
            _ if found == maze.name() => None,
            _ if found.trim_end_matches('\r') == maze.name() => {
                Some("the line ends with a carriage return (CRLF)")
            }
            _ if found.trim_start_matches('\u{feff}') == maze.name() => {
                Some("the answer starts with a byte order mark")
            }
            _ => None,
        };
        let next_name = mazes.get(index + 1).map(|m| m.name());
        if let Some(message) = layout_only {
            lines.next();
            lines.body(next_name);
            let reason = Reason::Layout {
                message: message.into(),
            };
            reports.push(report(maze, Verdict::wrong(Some(number), reason), warnings));
            index += 1;
            continue;
        }
        if found != maze.name() {
            // A later maze's name: the mazes before it have no answer.
            if let Some(later) = mazes[index + 1..].iter().position(|m| m.name() == found) {
                for skipped in &mazes[index..=index + later] {
                    let reason = Reason::WrongName {
                        expected: skipped.name().to_string(),
                        found: clip(found),
                    };
                    reports.push(report(
                        skipped,
                        Verdict::wrong(Some(number), reason),
                        Vec::new(),
                    ));
                }
                index += later + 1;
                continue;
            }
            let reason = Reason::WrongName {
                expected: maze.name().to_string(),
                found: clip(found),
            };
            lines.next();
            lines.body(next_name);
            reports.push(report(maze, Verdict::wrong(Some(number), reason), warnings));
            index += 1;
            continue;
        }
        lines.next();
        let body = lines.body(next_name);
        let shortest = shortest.get(index).copied().flatten();
        let verdict = match (layout, warnings.first()) {
            // A blank line before the name is the first thing wrong.
            (Layout::Strict, Some(blank)) => Verdict::wrong(
                Some(blank.line),
                Reason::Layout {
                    message: blank.message.clone(),
                },
            ),
            _ => judge(maze, shortest, number, &body, layout, &mut warnings),
        };
        reports.push(report(maze, verdict, warnings));
        index += 1;
    }
    let mut warnings = Vec::new();
    lines.skip_blank(&mut warnings);
    let trailing = match (lines.peek(), warnings.first()) {
        (Some((line, text)), _) => Some(Problem {
            line,
            message: format!("unexpected text '{}'", clip(&text)),
        }),
        (None, Some(blank)) if layout == Layout::Strict => Some(blank.clone()),
        (None, _) => None,
    };
    Report {
        mazes: reports,
        trailing,
    }
}

/// [`verify`], solving each maze first (one after another).
pub fn verify_solving(mazes: &[Maze], answer: &[u8], layout: Layout) -> Report {
    let shortest: Vec<Option<usize>> = mazes.iter().map(|m| m.solve().map(|r| r.moves())).collect();
    verify(mazes, &shortest, answer, layout)
}

fn report(maze: &Maze, verdict: Verdict, warnings: Vec<Problem>) -> MazeReport {
    MazeReport {
        name: maze.name().to_string(),
        verdict,
        warnings,
    }
}

impl Verdict {
    fn wrong(line: Option<usize>, reason: Reason) -> Verdict {
        Verdict::Wrong { line, reason }
    }
}

/// At most 80 characters of `text`, for a message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The verdict on one maze's body lines (after its name line `name_line`).
fn judge(
    maze: &Maze,
    shortest: Option<usize>,
    name_line: usize,
    body: &[(usize, String)],
    layout: Layout,
    warnings: &mut Vec<Problem>,
) -> Verdict {
    let no_solution = |text: &str| text.trim() == "No Solution Possible";
    let read = match body {
        [] => return Verdict::wrong(Some(name_line), Reason::NoRoute),
        [(_, text)] if no_solution(text) => None,
        _ => match read_positions(body) {
            Ok(read) => Some(read),
            Err((line, text)) => return Verdict::wrong(Some(line), Reason::Unreadable { text }),
        },
    };
    let positions = read.as_ref().map(|r| r.positions.as_slice());
    if let Some(problem) = layout_problem(maze, positions, body) {
        match layout {
            Layout::Strict => {
                return Verdict::wrong(
                    Some(problem.line),
                    Reason::Layout {
                        message: problem.message,
                    },
                )
            }
            Layout::Lenient => warnings.push(problem),
        }
    }
    let Some(read) = read else {
        return match shortest {
            None => Verdict::Accepted { moves: None },
            Some(shortest) => Verdict::wrong(Some(body[0].0), Reason::SaysNoSolution { shortest }),
        };
    };
    let positions = &read.positions;
    // The line of the position a fault concerns.
    let line_of = |index: usize| {
        let nth = read.starts.partition_point(|&start| start <= index);
        body.get(nth.saturating_sub(1)).map(|&(line, _)| line)
    };
    match (maze.replay(positions), shortest) {
        (Err(fault), shortest) => {
            let line = match &fault {
                RouteFault::Move { number, .. } | RouteFault::GoesOn { number, .. } => {
                    line_of(*number)
                }
                RouteFault::End { .. } => line_of(positions.len() - 1),
                _ => line_of(0),
            };
            let reason = match shortest {
                None => Reason::RouteForUnsolvable { fault },
                Some(_) => Reason::IllegalRoute { fault },
            };
            Verdict::wrong(line, reason)
        }
        (Ok(moves), Some(shortest)) if moves > shortest => {
            Verdict::wrong(line_of(0), Reason::Longer { moves, shortest })
        }
        (Ok(moves), _) => Verdict::Accepted { moves: Some(moves) },
    }
}

/// The positions read from a route's lines.
struct Read {
    positions: Vec<Position>,
    /// Per body line, the index of its first position.
    starts: Vec<usize>,
}

/// The positions of `body`, or the first text that is not one (with its
/// line). Positions may be separated by spaces and commas; `(r,c)` may
/// hold spaces.
fn read_positions(body: &[(usize, String)]) -> Result<Read, (usize, String)> {
    let mut read = Read {
        positions: Vec::new(),
        starts: Vec::with_capacity(body.len()),
    };
    for (line, text) in body {
        read.starts.push(read.positions.len());
        let mut rest = text.as_str();
        loop {
            rest = rest.trim_start_matches([' ', '\t', ',']);
            if rest.is_empty() {
                break;
            }
            match position(rest) {
                Some((position, after)) => {
                    read.positions.push(position);
                    rest = after;
                }
                None => {
                    // The bad position, to its `)`, or the bad word.
                    let token = match (rest.starts_with('('), rest.find(')')) {
                        (true, Some(end)) => &rest[..=end],
                        _ => rest.split([' ', '\t', ',']).next().unwrap_or(rest),
                    };
                    return Err((*line, clip(token)));
                }
            }
        }
    }
    Ok(read)
}

/// The position `(r,c)` that `text` starts with, and the text after it.
fn position(text: &str) -> Option<(Position, &str)> {
    let inner = text.strip_prefix('(')?;
    let (inside, after) = inner.split_once(')')?;
    let (row, col) = inside.split_once(',')?;
    let number = |n: &str| n.trim().parse::<u32>().ok();
    Some((Position::new(number(row)?, number(col)?), after))
}

/// How many positions a line of text holds (0 if any is unreadable).
fn count_positions(text: &str) -> usize {
    read_positions(&[(0, text.to_string())]).map_or(0, |read| read.positions.len())
}

/// The first line of `body` that differs from what the judges' format
/// writes for the route `positions` (none: "No Solution Possible"), said
/// precisely. Each expected line is written in turn into one buffer: a
/// route of millions of moves is never written out whole.
fn layout_problem(
    maze: &Maze,
    positions: Option<&[Position]>,
    body: &[(usize, String)],
) -> Option<Problem> {
    let layout = maze.family().route_layout();
    let chunks: Vec<&[Position]> =
        positions.map_or(Vec::new(), |p| p.chunks(layout.per_line).collect());
    let expected = chunks.len().max(1);
    let mut want = String::new();
    for (index, (line, text)) in body.iter().enumerate() {
        if index >= expected {
            return Some(Problem {
                line: *line,
                message: "one line too many: the route fits on fewer lines".into(),
            });
        }
        want.clear();
        match chunks.get(index) {
            None => want.push_str("  No Solution Possible"),
            Some(chunk) => write_route_line(&mut want, layout, chunk, index + 1 == expected),
        }
        if *text == want {
            continue;
        }
        let indent = text.len() - text.trim_start_matches(' ').len();
        let message = if text.ends_with('\r') {
            "the line ends with a carriage return (CRLF)".to_string()
        } else if text.starts_with('\t') || indent != 2 {
            format!(
                "the line is indented by {indent} space{}, not 2",
                if indent == 1 { "" } else { "s" }
            )
        } else if text.ends_with([' ', '\t']) {
            "the line ends in spaces".to_string()
        } else {
            let (found, wanted) = (count_positions(text), count_positions(&want));
            let last = index + 1 == expected;
            if found != wanted {
                format!(
                    "the line holds {found} position{}; the format puts {} on every line but the last",
                    if found == 1 { "" } else { "s" },
                    layout.per_line
                )
            } else if layout.comma_at_line_end && !last && !text.ends_with(',') {
                "the line does not end with a comma, as every line but the last must".to_string()
            } else if layout.comma_at_line_end && last && text.ends_with(',') {
                "the last line ends with a comma".to_string()
            } else {
                format!(
                    "the positions are joined by something else than {:?}: the format writes '{}'",
                    layout.separator,
                    clip(&want)
                )
            }
        };
        return Some(Problem {
            line: *line,
            message,
        });
    }
    (body.len() < expected).then(|| Problem {
        line: body.last().map_or(0, |(line, _)| *line),
        message: "the route's lines end early".into(),
    })
}

/// The answer's lines, numbered from 1, without their `\n` (and, in
/// lenient mode, without a `\r` before it).
struct Lines<'a> {
    rest: &'a [u8],
    number: usize,
    layout: Layout,
}

impl<'a> Lines<'a> {
    fn new(text: &'a [u8], layout: Layout) -> Lines<'a> {
        // A byte order mark is forgiven in lenient mode, with the layout.
        let rest = match layout {
            Layout::Lenient => text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text),
            Layout::Strict => text,
        };
        Lines {
            rest,
            number: 0,
            layout,
        }
    }

    /// The next line's length, and where the line after it starts.
    fn bounds(&self) -> (usize, usize) {
        match self.rest.iter().position(|&b| b == b'\n') {
            Some(end) => (end, end + 1),
            None => (self.rest.len(), self.rest.len()),
        }
    }

    /// The next line (its number and text), without taking it.
    fn peek(&self) -> Option<(usize, Cow<'a, str>)> {
        if self.rest.is_empty() {
            return None;
        }
        let mut line = &self.rest[..self.bounds().0];
        if self.layout == Layout::Lenient {
            line = line.strip_suffix(b"\r").unwrap_or(line);
        }
        Some((self.number + 1, String::from_utf8_lossy(line)))
    }

    fn next(&mut self) {
        self.rest = &self.rest[self.bounds().1..];
        self.number += 1;
    }

    /// Skips blank lines, each a layout problem.
    fn skip_blank(&mut self, warnings: &mut Vec<Problem>) {
        while let Some((line, text)) = self.peek() {
            if !text.trim().is_empty() {
                break;
            }
            warnings.push(Problem {
                line,
                message: "a blank line".into(),
            });
            self.next();
        }
    }

    /// The lines of one maze's answer after its name: those indented, or
    /// that start like a route, or read "No Solution Possible", up to a
    /// blank line or the next maze's name line `next_name`.
    fn body(&mut self, next_name: Option<&str>) -> Vec<(usize, String)> {
        let mut body = Vec::new();
        while let Some((line, text)) = self.peek() {
            let trimmed = text.trim();
            let belongs = text.starts_with([' ', '\t'])
                || trimmed.starts_with('(')
                || trimmed == "No Solution Possible";
            // A name may start with `(`, or read "No Solution Possible":
            // the next maze's name line (in column 1, as names are) ends
            // this maze's answer.
            let next = next_name == Some(text.trim_end());
            if !belongs || next || trimmed.is_empty() {
                break;
            }
            body.push((line, text.into_owned()));
            self.next();
        }
        body
    }
}
