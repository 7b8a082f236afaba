//! Human-readable reports, as `check` prints them.

use std::fmt::Write;

use crate::analysis::{Analysis, Verdict};
use crate::family::Maze;
use crate::route::Route;

/// Appends a few lines on `analysis` of `maze`: the verdict, the route (or
/// both routes and where they split), and what no route uses.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// let Parsed::Maze(maze) = parse(b"M\n3 1 N 2 1\n0\n", None).remove(0) else { panic!() };
/// let mut out = String::new();
/// logicmaze::print::write_analysis(&mut out, &maze, &maze.analyse());
/// assert!(out.starts_with("M: unique, 1 move\n  route: (3,1) (2,1)\n"));
/// ```
pub fn write_analysis(out: &mut String, maze: &Maze, analysis: &Analysis) {
    let _ = write!(out, "{}: ", maze.name());
    let moves = analysis.moves.unwrap_or(0);
    let moves_text = format!("{moves} move{}", if moves == 1 { "" } else { "s" });
    match analysis.verdict {
        Verdict::Unsolvable => out.push_str("unsolvable\n"),
        Verdict::Unique => {
            let _ = writeln!(out, "unique, {moves_text}");
        }
        Verdict::Ambiguous => {
            let count = match analysis.routes_saturated {
                true => format!("at least {}", analysis.routes),
                false => analysis.routes.to_string(),
            };
            let _ = writeln!(out, "ambiguous, {count} shortest routes of {moves_text}");
        }
    }
    match (&analysis.route, &analysis.alternative) {
        (Some(route), None) => {
            let _ = writeln!(out, "  route: {route}");
        }
        (Some(route), Some(other)) => {
            let _ = writeln!(out, "  route 1: {route}");
            let _ = writeln!(out, "  route 2: {other}");
            if let Some(split) = analysis.split {
                let at = |r: &Route| {
                    r.positions()
                        .get(split)
                        .map_or("-".into(), |p| p.to_string())
                };
                let _ = writeln!(
                    out,
                    "  they split at position {}: {} or {}",
                    split + 1,
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
        let list: Vec<String> = unused.parts.iter().map(|p| p.to_string()).collect();
        let label = maze.family().unused_label();
        let _ = writeln!(out, "  {label}: {}", or_none(&list));
    }
}

fn or_none(items: &[String]) -> String {
    match items.is_empty() {
        true => "none".to_string(),
        false => items.join(" "),
    }
}
