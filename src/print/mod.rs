//! The printers: what a command's results look like on standard output, in
//! one place for every command, as ripgrep's printers are for its
//! searcher.
//!
//! A command finds its results (a route, an analysis, a maze) and hands
//! them to a [`Printer`]: [`Standard`] writes the judges' formats and the
//! text report, [`Json`] writes JSON Lines. Each command offers the
//! [`Format`]s that make sense for it.
//!
//! ```
//! use logicmaze::Maze;
//! use logicmaze::print::{Format, Printer};
//! let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
//! let route = maze.solve();
//! let (mut judge, mut json) = (String::new(), String::new());
//! Format::Judge.printer().solution(&mut judge, &maze, route.as_ref());
//! Format::Json.printer().solution(&mut json, &maze, route.as_ref());
//! assert_eq!(judge, "M\n  (3,1) (2,1)\n");
//! assert_eq!(json, "{\"name\":\"M\",\"family\":\"arrow\",\"moves\":1,\"route\":[[3,1],[2,1]]}\n");
//! # Ok::<(), logicmaze::ParseMazeError>(())
//! ```

mod report;

pub use report::{Listing, SUMMARY_ITEMS, write_analysis, write_report, write_verdict};

use crate::analysis::Analysis;
use crate::family::Maze;
use crate::json;
use crate::read::ParseError;
use crate::route::Route;
use crate::text::{self, UnwritableName};
use crate::verify::{MazeReport, Problem};

/// Where a command's results go, in one output format. Every method
/// appends whole lines to `out`.
pub trait Printer: Send + Sync {
    /// A maze's shortest route (`None`: no solution), as `solve` prints it.
    fn solution(&self, out: &mut String, maze: &Maze, route: Option<&Route>);

    /// A maze's analysis, as `check` prints it.
    fn analysis(&self, out: &mut String, maze: &Maze, analysis: &Analysis);

    /// A maze itself, as `convert` and `generate` print it; a maze this
    /// format cannot hold is refused, with nothing appended.
    ///
    /// # Errors
    ///
    /// [`UnwritableName`] for a name the format cannot hold: the judges'
    /// format cannot hold `END`, a line break, and the others
    /// [`check_name`](text::check_name) refuses; JSON holds any name.
    fn maze(&self, out: &mut String, maze: &Maze) -> Result<(), UnwritableName>;

    /// A bad maze in the input named `input`: a format that carries errors
    /// in its stream writes it (they always go to standard error too).
    fn error(&self, _out: &mut String, _input: &str, _error: &ParseError) {}

    /// What ends a stream of [`Printer::maze`]s.
    fn end_of_mazes(&self, _out: &mut String) {}

    /// What starts a report of verdicts, as `verify` prints it.
    fn verdicts_start(&self, _out: &mut String) {}

    /// One maze's verdict; `first` when it is the report's first.
    fn verdict(&self, out: &mut String, report: &MazeReport, first: bool);

    /// What ends a report of verdicts: what followed the last maze's
    /// answer, and whether the whole answer is accepted.
    fn verdicts_end(&self, out: &mut String, trailing: Option<&Problem>, accepted: bool);
}

/// The judges' formats for routes and mazes (a stream of mazes ends with
/// `END`), and the text report for analyses, its long lists shown as
/// `listing` says. Made from [`Standard::default`] (or
/// [`Standard::DEFAULT`] in a constant) and the `with_*` methods, so that
/// an option added later has its default.
///
/// ```
/// use logicmaze::Maze;
/// use logicmaze::print::{Listing, Printer, Standard};
/// static EVERY: Standard = Standard::DEFAULT.with_listing(Listing::Every);
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// let mut out = String::new();
/// EVERY.analysis(&mut out, &maze, &maze.analyse());
/// assert!(out.starts_with("M: unique, 1 move\n"));
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Standard {
    /// How much of a long list the report shows.
    pub listing: Listing,
}

impl Standard {
    /// Long lists summarised: [`Standard::default`], as a constant.
    pub const DEFAULT: Standard = Standard {
        listing: Listing::Summary,
    };

    /// The same printer with another [`listing`](Standard::listing):
    /// [`Listing::Summary`] by default.
    pub const fn with_listing(mut self, listing: Listing) -> Standard {
        self.listing = listing;
        self
    }
}

impl Default for Standard {
    fn default() -> Standard {
        Standard::DEFAULT
    }
}

impl Printer for Standard {
    fn solution(&self, out: &mut String, maze: &Maze, route: Option<&Route>) {
        text::write_solution(out, maze, route)
    }

    fn analysis(&self, out: &mut String, maze: &Maze, analysis: &Analysis) {
        write_report(out, maze, analysis, self.listing)
    }

    fn maze(&self, out: &mut String, maze: &Maze) -> Result<(), UnwritableName> {
        text::write_maze(out, maze)
    }

    fn end_of_mazes(&self, out: &mut String) {
        out.push_str("END\n");
    }

    fn verdict(&self, out: &mut String, report: &MazeReport, _first: bool) {
        write_verdict(out, report)
    }

    fn verdicts_end(&self, out: &mut String, trailing: Option<&Problem>, _accepted: bool) {
        if let Some(trailing) = trailing {
            out.push_str(&format!("after the last maze: wrong: {trailing}\n"));
        }
    }
}

/// JSON Lines: one object per maze, and one per bad maze
/// (`{"error": ...}`), so that a program reading the stream sees both.
#[derive(Clone, Copy, Debug, Default)]
pub struct Json;

impl Printer for Json {
    fn solution(&self, out: &mut String, maze: &Maze, route: Option<&Route>) {
        push_line(out, json::solution(maze, route))
    }

    fn analysis(&self, out: &mut String, maze: &Maze, analysis: &Analysis) {
        push_line(out, json::check(maze, analysis))
    }

    fn maze(&self, out: &mut String, maze: &Maze) -> Result<(), UnwritableName> {
        push_line(out, json::maze(maze));
        Ok(())
    }

    fn error(&self, out: &mut String, input: &str, error: &ParseError) {
        push_line(out, json::error(input, error))
    }

    /// The report is one document, `{"mazes":[...],"trailing":...,
    /// "accepted":...}`, written maze by maze.
    fn verdicts_start(&self, out: &mut String) {
        out.push_str("{\"mazes\":[");
    }

    fn verdict(&self, out: &mut String, report: &MazeReport, first: bool) {
        if !first {
            out.push(',');
        }
        out.push_str(&serde_json::to_string(report).expect("a report serialises"));
    }

    fn verdicts_end(&self, out: &mut String, trailing: Option<&Problem>, accepted: bool) {
        let trailing = serde_json::to_string(&trailing).expect("a problem serialises");
        out.push_str(&format!(
            "],\"trailing\":{trailing},\"accepted\":{accepted}}}\n"
        ));
    }
}

fn push_line(out: &mut String, line: String) {
    out.push_str(&line);
    out.push('\n');
}

/// The output formats, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// The judges' formats.
    Judge,
    /// Human-readable text.
    Text,
    /// JSON Lines.
    Json,
}

impl Format {
    /// The printer of this format.
    pub fn printer(self) -> &'static dyn Printer {
        match self {
            Format::Judge | Format::Text => &Standard::DEFAULT,
            Format::Json => &Json,
        }
    }
}
