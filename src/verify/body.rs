//! One maze's answer after its name line, judged as it streams past: the
//! positions are read line by line and handed to the maze's replay one at
//! a time, and each line's layout is kept only as long as it may still be
//! the first one that differs from the judges' format.

use std::io::BufRead;

use crate::family::{Maze, RouteLayout};
use crate::grid::Position;
use crate::route::RouteFault;
use crate::text::write_route_line;

use super::lines::{Line, Lines, MAX_ANSWER_LINE_BYTES};
use super::{Layout, Problem, Reason, Verdict, clip};

/// The judges' line for a maze without a route.
const NO_SOLUTION: &str = "  No Solution Possible";

/// The verdict on one maze's body lines, which follow its name line
/// `name_line`; layout problems forgiven in lenient mode go to `warnings`.
/// The body ends before a blank line, a line that is not a route's, or
/// the next maze's name line `next_name`.
pub(crate) fn judge<R: BufRead>(
    maze: &Maze,
    shortest: Option<usize>,
    name_line: usize,
    lines: &mut Lines<R>,
    next_name: Option<&str>,
    layout: Layout,
    warnings: &mut Vec<Problem>,
) -> Verdict {
    let layout_of_routes = maze.family().route_layout();
    let mut body = Body { lines, next_name };
    let Some(first) = body.peek() else {
        return Verdict::wrong(Some(name_line), Reason::NoRoute);
    };
    let says_no_solution = !first.overlong && first.text.trim() == "No Solution Possible";
    if says_no_solution {
        let shape = Shape::of(&first, &[], layout_of_routes, &mut String::new());
        let token = unreadable_token(&first.text);
        body.take();
        if body.peek().is_none() {
            let problem = shape.problem(Want::NoSolution, layout_of_routes);
            if let Some(verdict) = forgive(problem, layout, warnings) {
                return verdict;
            }
            return match shortest {
                None => Verdict::Accepted { moves: None },
                Some(shortest) => {
                    Verdict::wrong(Some(shape.line), Reason::SaysNoSolution { shortest })
                }
            };
        }
        // More lines: "No Solution Possible" is then text among positions.
        body.drain();
        return Verdict::wrong(Some(shape.line), Reason::Unreadable { text: token });
    }
    let mut route = RouteStream::new(body, layout_of_routes);
    let replayed = maze.replay(&mut route);
    route.drain();
    if let Some((line, reason)) = route.unreadable {
        return Verdict::wrong(Some(line), reason);
    }
    let problem = route.check.finish(layout_of_routes);
    if let Some(verdict) = forgive(problem, layout, warnings) {
        return verdict;
    }
    let lines = route.lines_of;
    match (replayed, shortest) {
        (Err(fault), shortest) => {
            let line = match &fault {
                RouteFault::Move { .. } | RouteFault::End { .. } => lines.last,
                RouteFault::GoesOn { .. } => lines.before_last,
                RouteFault::Empty => lines.body_end,
                RouteFault::Start { .. } | RouteFault::NoMoves => lines.first,
            };
            let reason = match shortest {
                None => Reason::RouteForUnsolvable { fault },
                Some(_) => Reason::IllegalRoute { fault },
            };
            Verdict::wrong(Some(line), reason)
        }
        (Ok(moves), Some(shortest)) if moves > shortest => {
            Verdict::wrong(Some(lines.first), Reason::Longer { moves, shortest })
        }
        (Ok(moves), _) => Verdict::Accepted { moves: Some(moves) },
    }
}

/// A layout problem is the verdict in strict mode, and a warning in
/// lenient mode (then `None`: judge on).
fn forgive(
    problem: Option<Problem>,
    layout: Layout,
    warnings: &mut Vec<Problem>,
) -> Option<Verdict> {
    let problem = problem?;
    match layout {
        Layout::Strict => Some(Verdict::wrong(
            Some(problem.line),
            Reason::Layout {
                message: problem.message,
            },
        )),
        Layout::Lenient => {
            warnings.push(problem);
            None
        }
    }
}

/// Takes a maze's body lines unread (after a wrong name line).
pub(crate) fn skip<R: BufRead>(lines: &mut Lines<R>, next_name: Option<&str>) {
    Body { lines, next_name }.drain();
}

/// The body's lines, from the answer's.
struct Body<'l, 'n, R> {
    lines: &'l mut Lines<R>,
    next_name: Option<&'n str>,
}

impl<R: BufRead> Body<'_, '_, R> {
    /// The body's next line: one indented, or that starts like a route, or
    /// reads "No Solution Possible", up to a blank line or the next maze's
    /// name line.
    fn peek(&mut self) -> Option<Line<'_>> {
        let next_name = self.next_name;
        let line = self.lines.peek()?;
        let trimmed = line.text.trim();
        let belongs = line.text.starts_with([' ', '\t'])
            || trimmed.starts_with('(')
            || trimmed == "No Solution Possible";
        // A name may start with `(`, or read "No Solution Possible": the
        // next maze's name line (in column 1, as names are) ends this
        // maze's answer.
        let next = !line.overlong && next_name == Some(line.text.trim_end());
        (belongs && !next && !line.is_blank()).then_some(line)
    }

    fn take(&mut self) {
        self.lines.take();
    }

    /// Takes the rest of the body unread.
    fn drain(&mut self) {
        while self.peek().is_some() {
            self.take();
        }
    }
}

/// The lines of the positions a fault may concern.
#[derive(Clone, Copy, Debug, Default)]
struct LinesOf {
    /// The first position's.
    first: usize,
    /// The one before the last's (the last may be a look ahead).
    before_last: usize,
    /// The last position's.
    last: usize,
    /// The body's last line.
    body_end: usize,
}

/// The route's positions, read from the body's lines as the replay asks
/// for them; each line's layout goes to the check as it is read.
struct RouteStream<'l, 'n, R> {
    body: Body<'l, 'n, R>,
    layout: RouteLayout,
    /// A buffer for the judges' line of a line's positions.
    scratch: String,
    /// The positions of the line read last, and how many were handed out.
    line: Vec<Position>,
    handed: usize,
    lines_of: LinesOf,
    line_number: usize,
    check: LayoutCheck,
    /// The first text that is not a position, with its line.
    unreadable: Option<(usize, Reason)>,
}

impl<'l, 'n, R: BufRead> RouteStream<'l, 'n, R> {
    fn new(body: Body<'l, 'n, R>, layout: RouteLayout) -> Self {
        RouteStream {
            body,
            layout,
            scratch: String::new(),
            line: Vec::new(),
            handed: 0,
            lines_of: LinesOf::default(),
            line_number: 0,
            check: LayoutCheck::default(),
            unreadable: None,
        }
    }

    /// Reads the next body line's positions; false at the body's end or
    /// after text that is not a position.
    fn read_line(&mut self) -> bool {
        if self.unreadable.is_some() {
            return false;
        }
        let layout = self.layout;
        let Some(line) = self.body.peek() else {
            return false;
        };
        let number = line.number;
        let read = match line.overlong {
            true => Err(Reason::LineTooLong {
                limit: MAX_ANSWER_LINE_BYTES,
            }),
            false => {
                positions(&line.text, &mut self.line).map_err(|text| Reason::Unreadable { text })
            }
        };
        match read {
            // Once a layout problem is found, later lines' shapes are not
            // needed: only their positions.
            Ok(()) if !self.check.decided() => {
                let shape = Shape::of(&line, &self.line, layout, &mut self.scratch);
                self.check.push(shape, layout);
            }
            Ok(()) => {}
            Err(reason) => {
                self.unreadable = Some((number, reason));
                self.line.clear();
            }
        }
        self.body.take();
        self.line_number = number;
        self.lines_of.body_end = number;
        self.handed = 0;
        self.unreadable.is_none()
    }

    /// Reads the rest of the body, its positions unused.
    fn drain(&mut self) {
        while self.read_line() {}
        self.body.drain();
    }
}

impl<R: BufRead> Iterator for RouteStream<'_, '_, R> {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        while self.handed == self.line.len() {
            if !self.read_line() {
                return None;
            }
        }
        let position = self.line[self.handed];
        self.handed += 1;
        // Lines count from 1: 0 is "no position yet".
        if self.lines_of.first == 0 {
            self.lines_of.first = self.line_number;
        }
        self.lines_of.before_last = self.lines_of.last;
        self.lines_of.last = self.line_number;
        Some(position)
    }
}

/// The positions of one line, into `read`, or the first text that is not
/// one. Positions may be separated by spaces, tabs and commas; `(r,c)` may
/// hold spaces.
fn positions(text: &str, read: &mut Vec<Position>) -> Result<(), String> {
    read.clear();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches([' ', '\t', ',']);
        if rest.is_empty() {
            return Ok(());
        }
        match position(rest) {
            Some((position, after)) => {
                read.push(position);
                rest = after;
            }
            None => return Err(unreadable_token(rest)),
        }
    }
}

/// The first text of `text` that is not a position: to its `)`, or the
/// word (at most 80 characters of it).
fn unreadable_token(text: &str) -> String {
    let rest = text.trim_start_matches([' ', '\t', ',']);
    let token = match (rest.starts_with('('), rest.find(')')) {
        (true, Some(end)) => &rest[..=end],
        _ => rest.split([' ', '\t', ',']).next().unwrap_or(rest),
    };
    clip(token)
}

/// The position `(r,c)` that `text` starts with, and the text after it.
fn position(text: &str) -> Option<(Position, &str)> {
    let inner = text.strip_prefix('(')?;
    let (inside, after) = inner.split_once(')')?;
    let (row, col) = inside.split_once(',')?;
    let number = |n: &str| n.trim().parse::<u32>().ok();
    Some((Position::new(number(row)?, number(col)?), after))
}

/// What the layout check keeps of one body line: its place, what it
/// holds, and the few facts of its text that a message may name.
#[derive(Clone, Debug)]
struct Shape {
    line: usize,
    positions: usize,
    /// The positions, when there are at most a line's worth (only such a
    /// line can be the judges' line).
    own: Vec<Position>,
    /// Its text is the judges' line for `own`: `Bare` without a comma at
    /// its end, `Comma` with one.
    form: Form,
    says_no_solution: bool,
    indent: usize,
    starts_with_tab: bool,
    ends_with_return: bool,
    ends_with_space: bool,
    ends_with_comma: bool,
    newline: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Bare,
    Comma,
    Other,
}

/// The line the judges' format writes at a place.
#[derive(Clone, Copy, Debug)]
enum Want {
    /// `  No Solution Possible`.
    NoSolution,
    /// A route's line: whether it holds as many positions as the line
    /// there, and whether it is the route's last line.
    Route { count_matches: bool, last: bool },
}

impl Shape {
    /// The shape of `line`, whose positions are `positions` (`scratch`: a
    /// buffer to write the judges' line in).
    fn of(line: &Line, positions: &[Position], layout: RouteLayout, scratch: &mut String) -> Shape {
        let text = &*line.text;
        let (own, form) = match positions.len() <= layout.per_line {
            true => {
                let form = match text.strip_prefix(bare_line(positions, layout, scratch)) {
                    Some("") => Form::Bare,
                    Some(",") => Form::Comma,
                    _ => Form::Other,
                };
                (positions.to_vec(), form)
            }
            false => (Vec::new(), Form::Other),
        };
        Shape {
            line: line.number,
            positions: positions.len(),
            own,
            form,
            says_no_solution: text == NO_SOLUTION,
            indent: text.len() - text.trim_start_matches(' ').len(),
            starts_with_tab: text.starts_with('\t'),
            ends_with_return: text.ends_with('\r'),
            ends_with_space: text.ends_with([' ', '\t']),
            ends_with_comma: text.ends_with(','),
            newline: line.newline,
        }
    }

    /// Whether the line, at a place where the format writes `want`, is
    /// that line; if not, what differs, said precisely.
    fn problem(&self, want: Want, layout: RouteLayout) -> Option<Problem> {
        let (count_matches, last) = match want {
            Want::NoSolution => (self.positions == 0, true),
            Want::Route {
                count_matches,
                last,
            } => (count_matches, last),
        };
        let comma_wanted = !last && layout.comma_at_line_end;
        let same = match want {
            Want::NoSolution => self.says_no_solution,
            Want::Route { .. } => {
                count_matches
                    && match self.form {
                        Form::Bare => !comma_wanted,
                        Form::Comma => comma_wanted,
                        Form::Other => false,
                    }
            }
        };
        let indent = self.indent;
        let message = if same && self.newline {
            return None;
        } else if same {
            "the answer's last line does not end with a newline".to_string()
        } else if self.ends_with_return {
            "the line ends with a carriage return (CRLF)".to_string()
        } else if self.starts_with_tab || indent != 2 {
            format!(
                "the line is indented by {indent} space{}, not 2",
                if indent == 1 { "" } else { "s" }
            )
        } else if self.ends_with_space {
            "the line ends in spaces".to_string()
        } else if !count_matches {
            let found = self.positions;
            format!(
                "the line holds {found} position{}; the format puts {} on every line but the last",
                if found == 1 { "" } else { "s" },
                layout.per_line
            )
        } else if comma_wanted && !self.ends_with_comma {
            "the line does not end with a comma, as every line but the last must".to_string()
        } else if layout.comma_at_line_end && last && self.ends_with_comma {
            "the last line ends with a comma".to_string()
        } else {
            let mut wanted = String::new();
            match want {
                Want::NoSolution => wanted.push_str(NO_SOLUTION),
                Want::Route { .. } => write_route_line(&mut wanted, layout, &self.own, last),
            }
            format!(
                "the positions are joined by something else than {:?}: the format writes '{}'",
                layout.separator,
                clip(&wanted)
            )
        };
        Some(Problem::at(self.line, message))
    }
}

/// The judges' line for `positions`, without a comma at its end, written
/// in `out`.
fn bare_line<'s>(positions: &[Position], layout: RouteLayout, out: &'s mut String) -> &'s str {
    out.clear();
    write_route_line(out, layout, positions, true);
    out
}

/// The first line of a route's body that differs from what the judges'
/// format writes, found as the lines stream past.
///
/// The judges' format puts `per_line` positions on every line but the
/// last, so whether a line is right depends on whether more positions
/// follow it. Only the first line not yet known to be right is kept
/// (`pending`), with the first line after it that holds no position
/// (`empty_after`): more positions later make `pending` a middle line,
/// and the body's end makes it the last.
#[derive(Debug, Default)]
struct LayoutCheck {
    pending: Option<Shape>,
    empty_after: Option<Shape>,
    positions: usize,
    problem: Option<Problem>,
}

impl LayoutCheck {
    /// Whether the first problem is found: later lines cannot change it.
    fn decided(&self) -> bool {
        self.problem.is_some()
    }

    fn push(&mut self, shape: Shape, layout: RouteLayout) {
        if self.problem.is_some() {
            return;
        }
        self.positions += shape.positions;
        let Some(pending) = self.pending.take() else {
            self.pending = Some(shape);
            return;
        };
        if shape.positions == 0 {
            self.empty_after.get_or_insert(shape);
            self.pending = Some(pending);
            return;
        }
        // More positions follow `pending`: it is a middle line, which
        // holds a whole line's worth.
        let middle = Want::Route {
            count_matches: pending.positions == layout.per_line,
            last: false,
        };
        self.problem = pending.problem(middle, layout);
        if self.problem.is_some() {
            return;
        }
        // A line without positions before these is one the format lacks.
        let empty = Want::Route {
            count_matches: false,
            last: false,
        };
        match self.empty_after.take() {
            Some(empty_line) => self.problem = empty_line.problem(empty, layout),
            None => self.pending = Some(shape),
        }
    }

    /// The first problem, once the body has ended.
    fn finish(&mut self, layout: RouteLayout) -> Option<Problem> {
        if let Some(problem) = self.problem.take() {
            return Some(problem);
        }
        let pending = self.pending.take()?;
        // No position at all: the format writes "No Solution Possible".
        let want = match self.positions {
            0 => Want::NoSolution,
            _ => Want::Route {
                count_matches: pending.positions <= layout.per_line,
                last: true,
            },
        };
        pending.problem(want, layout).or_else(|| {
            self.empty_after.take().map(|extra| {
                Problem::at(
                    extra.line,
                    "one line too many: the route fits on fewer lines",
                )
            })
        })
    }
}
