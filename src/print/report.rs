//! Human-readable reports, as `check` prints them.

use std::fmt::Write;

use crate::analysis::{Analysis, Part, Uniqueness};
use crate::family::Maze;
use crate::route::Route;
use crate::verify::{self, MazeReport, escaped};

/// How much of a long list a report shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Listing {
    /// The count, and the first [`SUMMARY_ITEMS`] entries.
    #[default]
    Summary,
    /// Every entry.
    Every,
}

/// Entries of a list shown by [`Listing::Summary`].
pub const SUMMARY_ITEMS: usize = 24;

/// Report lines are wrapped before this column.
const WIDTH: usize = 78;

/// Appends a few lines on `analysis` of `maze`: the verdict, the route (or
/// both routes and where they split), and what no route uses, summarised
/// when long. Long lines are wrapped, continuations aligned after the
/// label.
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// let mut out = String::new();
/// logicmaze::print::write_analysis(&mut out, &maze, &maze.analyse());
/// assert!(out.starts_with("M: unique, 1 move\n  route: (3,1) (2,1)\n"));
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn write_analysis(out: &mut String, maze: &Maze, analysis: &Analysis) {
    write_report(out, maze, analysis, Listing::Summary)
}

/// Appends the report [`write_analysis`] makes, listing what no route
/// uses as `listing` says.
pub fn write_report(out: &mut String, maze: &Maze, analysis: &Analysis, listing: Listing) {
    let _ = write!(out, "{}: ", maze.name());
    let moves = analysis.moves.unwrap_or(0);
    let moves_text = format!("{moves} move{}", if moves == 1 { "" } else { "s" });
    match analysis.verdict {
        Uniqueness::Unsolvable => out.push_str("unsolvable\n"),
        Uniqueness::Unique => {
            let _ = writeln!(out, "unique, {moves_text}");
        }
        Uniqueness::Ambiguous => {
            let count = match analysis.routes_saturated {
                true => format!("at least {}", analysis.routes),
                false => analysis.routes.to_string(),
            };
            let _ = writeln!(out, "ambiguous, {count} shortest routes of {moves_text}");
        }
    }
    let positions = |route: &Route| route.positions().iter().map(|p| p.to_string()).collect();
    match (&analysis.route, &analysis.alternative) {
        (Some(route), None) => wrapped(out, "route:", positions(route), " "),
        (Some(route), Some(other)) => {
            wrapped(out, "route 1:", positions(route), " ");
            wrapped(out, "route 2:", positions(other), " ");
            if let Some(split) = analysis.split {
                let at = |r: &Route| {
                    r.positions()
                        .get(split)
                        .map_or("-".into(), |p| p.to_string())
                };
                // Move `split` (counted from 1) is the first that differs,
                // as JSON's "split" says: it goes to one square or the other.
                let _ = writeln!(
                    out,
                    "  they split at move {split}: to {} or to {}",
                    at(route),
                    at(other)
                );
            }
        }
        _ => {}
    }
    let _ = writeln!(
        out,
        "  reachable states: {}, of which dead ends: {}",
        analysis.reached_states, analysis.dead_end_states
    );
    if let Some(unused) = &analysis.unused {
        let label = maze.family().words().unused;
        let mut items = grouped(&unused.parts);
        match items.is_empty() {
            true => {
                let _ = writeln!(out, "  {label}: none");
            }
            false => {
                let total = items.len();
                if listing == Listing::Summary && total > SUMMARY_ITEMS {
                    items.truncate(SUMMARY_ITEMS);
                    items.push(format!(
                        "... and {} more: check --all lists every one",
                        total - SUMMARY_ITEMS
                    ));
                }
                let label = format!("{label} ({}):", unused.parts.len());
                wrapped(out, &label, items, ", ");
            }
        }
    }
}

/// The parts as a reader takes them in: a cell alone, or an intersection
/// with the directions of its unread signs (`(2,3) N E`).
fn grouped(parts: &[Part]) -> Vec<String> {
    let mut items: Vec<(Option<crate::Position>, String)> = Vec::new();
    for part in parts {
        match *part {
            Part::Approach { at, arriving } => match items.last_mut() {
                Some((Some(last), text)) if *last == at => {
                    let _ = write!(text, " {arriving}");
                }
                _ => items.push((Some(at), part.to_string())),
            },
            Part::Cell(_) => items.push((None, part.to_string())),
        }
    }
    items.into_iter().map(|(_, text)| text).collect()
}

/// Appends `  LABEL ITEM, ITEM, ...` wrapped before [`WIDTH`], each
/// continuation aligned after the label; items are never split.
fn wrapped(out: &mut String, label: &str, items: Vec<String>, separator: &str) {
    let indent = 2 + label.chars().count() + 1;
    let mut line = format!("  {label}");
    let mut width = line.chars().count();
    let last = items.len().saturating_sub(1);
    for (i, item) in items.into_iter().enumerate() {
        let item = match i < last {
            true => format!("{item}{}", separator.trim_end()),
            false => item,
        };
        let length = item.chars().count();
        if width > indent && width + 1 + length > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent - 1);
            width = indent - 1;
        }
        line.push(' ');
        line.push_str(&item);
        width += 1 + length;
    }
    out.push_str(&line);
    out.push('\n');
}

/// One maze's verdict as `verify` prints it: `NAME: accepted: 14 moves, a
/// shortest route`, or `NAME: wrong: line 3: ...`, the name escaped.
///
/// ```
/// use logicmaze::verify::{MazeReport, Verdict};
/// let report = MazeReport {
///     name: "A".into(),
///     verdict: Verdict::Accepted { moves: Some(2) },
///     warnings: vec![],
/// };
/// let mut out = String::new();
/// logicmaze::print::write_verdict(&mut out, &report);
/// assert_eq!(out, "A: accepted: 2 moves, a shortest route\n");
/// ```
pub fn write_verdict(out: &mut String, report: &MazeReport) {
    let verdict = match &report.verdict {
        verify::Verdict::Accepted { moves: Some(moves) } => {
            format!("accepted: {moves} moves, a shortest route")
        }
        verify::Verdict::Accepted { moves: None } => "accepted: No Solution Possible".to_string(),
        verify::Verdict::Wrong {
            line: Some(line),
            reason,
        } => format!("wrong: line {line}: {reason}"),
        verify::Verdict::Wrong { line: None, reason } => format!("wrong: {reason}"),
    };
    let _ = writeln!(out, "{}: {verdict}", escaped(&report.name));
}
