//! Writing mazes and solutions in the judges' formats.

use std::fmt::Write;

use crate::arrow;
use crate::dice;
use crate::maze::{Family, Maze};
use crate::route::Route;

/// Appends the judges' output for one maze: its name on a line, then the
/// route or `  No Solution Possible`.
///
/// Arrow routes are written ten positions to a line separated by spaces;
/// dice routes nine to a line joined by commas, every line but the last
/// ending with a comma. Every route line is indented by two spaces.
///
/// ```
/// use logicmaze::judge::{parse, write_solution, Parsed};
/// let Parsed::Maze(maze) = parse(b"D\n1 2 1 1 1 2\n-1 -1\n", None).remove(0) else { panic!() };
/// let mut out = String::new();
/// write_solution(&mut out, &maze, None);
/// assert_eq!(out, "D\n  No Solution Possible\n");
/// ```
pub fn write_solution(out: &mut String, maze: &Maze, route: Option<&Route>) {
    out.push_str(maze.name());
    out.push('\n');
    let Some(route) = route else {
        out.push_str("  No Solution Possible\n");
        return;
    };
    let (per_line, separator) = match maze.family() {
        Family::Arrow => (10, " "),
        Family::Dice => (9, ","),
    };
    let lines = route.positions().chunks(per_line);
    let last = lines.len().saturating_sub(1);
    for (i, line) in lines.enumerate() {
        out.push_str("  ");
        for (j, position) in line.iter().enumerate() {
            if j > 0 {
                out.push_str(separator);
            }
            let _ = write!(out, "{position}");
        }
        if i < last && maze.family() == Family::Dice {
            out.push(',');
        }
        out.push('\n');
    }
}

/// Appends a maze in the judges' input format (without the final `END`).
///
/// ```
/// use logicmaze::judge::{parse, write_maze, Parsed};
/// let text = "M\n3 1 N 3 3\n1 1 NR WL *\n0\n";
/// let Parsed::Maze(maze) = parse(text.as_bytes(), None).remove(0) else { panic!() };
/// let mut out = String::new();
/// write_maze(&mut out, &maze);
/// assert_eq!(out, text);
/// ```
pub fn write_maze(out: &mut String, maze: &Maze) {
    out.push_str(maze.name());
    out.push('\n');
    match maze {
        Maze::Arrow(maze) => write_arrow(out, maze),
        Maze::Dice(maze) => write_dice(out, maze),
    }
}

fn write_arrow(out: &mut String, maze: &arrow::Maze) {
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
        for (arriving, sign) in crate::Direction::ALL.into_iter().zip(signs) {
            if !sign.is_empty() {
                let _ = write!(out, " {arriving}{sign}");
            }
        }
        out.push_str(" *\n");
    }
    out.push_str("0\n");
}

fn write_dice(out: &mut String, maze: &dice::Maze) {
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
            let square = maze.square(crate::Position::new(row, col));
            let _ = write!(out, "{}", square.number());
        }
        out.push('\n');
    }
}
