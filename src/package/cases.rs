//! The test cases: each written as its input and the solver's answer,
//! with a `.desc` of what it tests and the traps it catches, the limits
//! they need gathered; and a case read back for the head judge's table
//! (`logicmaze package --report`).

use std::fmt::Write;

use super::{PackageError, PackageFile, text};
use crate::analysis::Uniqueness;
use crate::family::Parsed;
use crate::family::contest::{Contest, ContestCase, NameRule, Names, ProblemLimits};
use crate::family::draws::judges_text;
use crate::text::write_solution;

/// A test case's `.desc` file: what it tests, and the traps it catches
/// on a line `traps:` of their names, which `package --report` reads.
pub(super) fn description(case: &ContestCase) -> String {
    let mut out = format!("{}\n", case.about);
    if !case.traps.is_empty() {
        let _ = writeln!(out, "{TRAPS_LINE}{}", case.traps.join(", "));
    }
    out
}

/// How a `.desc` file names the traps its case catches.
pub const TRAPS_LINE: &str = "traps: ";

/// The test cases are in the judges' format, whatever their first line.
pub(super) const JUDGES_FORMAT: crate::batch::BatchOptions = crate::batch::BatchOptions {
    format: Some(crate::input::InputFormat::Judge),
    ..crate::batch::BatchOptions::DEFAULT
};

/// The most rows or columns, and the most mazes, that the test cases
/// need: the limits they keep; and the rules their mazes must keep
/// besides.
pub(super) struct Needs {
    /// What a name may be.
    names: (NameRule, Names),
    /// Whether a maze with a route must have one shortest route.
    unique: bool,
    /// The largest side, and the case and maze that have it.
    side: (u32, String),
    /// The most mazes of a case, and the case.
    mazes: (usize, String),
}

impl Needs {
    /// No needs yet, of the cases of `contest` with `names`.
    pub(super) fn new(contest: &Contest, names: Names) -> Needs {
        Needs {
            names: (contest.word_names, names),
            unique: contest.unique_routes,
            side: (0, String::new()),
            mazes: (0, String::new()),
        }
    }

    /// The least limits that keep every case: its largest side and its
    /// most mazes.
    pub(super) fn least(&self) -> (u32, u32) {
        (self.side.0, self.mazes.0 as u32)
    }

    /// Whether `limits` allow every case, or what to ask for so that they do.
    pub(super) fn kept_by(&self, limits: ProblemLimits) -> Result<(), PackageError> {
        let (side, maze) = &self.side;
        if *side > limits.max_side {
            return Err(PackageError::SideOverLimit {
                maze: maze.clone(),
                side: *side,
            });
        }
        let (mazes, case) = &self.mazes;
        if *mazes > limits.max_mazes as usize {
            return Err(PackageError::MazesOverLimit {
                case: case.clone(),
                mazes: *mazes,
            });
        }
        Ok(())
    }
}

/// `STEM.in` holding `input`, and `STEM.ans`, the solver's answer; what
/// the case needs of the limits is added to `needs`.
pub(super) fn test_case(
    stem: &str,
    case: &str,
    input: &str,
    needs: &mut Needs,
) -> Result<[PackageFile; 2], PackageError> {
    let mut answer = String::new();
    let mut mazes = 0;
    for item in crate::batch::parse(input.as_bytes(), &JUDGES_FORMAT) {
        match item {
            Parsed::Maze(maze) => {
                let (rows, cols) = maze.size();
                let which = || format!("maze '{}' of test case {case}", maze.name());
                if rows.max(cols) > needs.side.0 {
                    needs.side = (rows.max(cols), which());
                }
                let (rule, names) = needs.names;
                if !rule.allows(names, maze.name()) {
                    return Err(PackageError::BadName {
                        case: case.to_string(),
                        name: maze.name().to_string(),
                    });
                }
                let route = match needs.unique {
                    true => {
                        let analysis = maze.analyse();
                        if analysis.verdict == Uniqueness::Ambiguous {
                            return Err(PackageError::AmbiguousMaze { maze: which() });
                        }
                        analysis.route
                    }
                    false => maze.solve(),
                };
                mazes += 1;
                write_solution(&mut answer, &maze, route.as_ref());
            }
            Parsed::Error(error) => {
                return Err(PackageError::BadCase {
                    case: case.to_string(),
                    error: Box::new(error),
                });
            }
            Parsed::Warning(_) => {}
        }
    }
    if mazes > needs.mazes.0 {
        needs.mazes = (mazes, case.to_string());
    }
    Ok([
        text(&format!("{stem}.in"), input.to_string()),
        text(&format!("{stem}.ans"), answer),
    ])
}

/// What one test case holds, for the head judge's table
/// (`logicmaze package --report`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseFigures {
    /// Its mazes.
    pub mazes: usize,
    /// The largest maze's rows and columns.
    pub largest: (u32, u32),
    /// The most search states reachable from a start, of any maze (as
    /// `logicmaze check` counts them).
    pub most_reached: usize,
    /// The most moves of any maze's shortest route.
    pub longest: Option<usize>,
    /// The mazes without a route.
    pub unsolvable: usize,
    /// The mazes with more than one shortest route.
    pub ambiguous: usize,
    /// Mazes that could not be read: a broken case.
    pub unreadable: usize,
}

/// The sample's first maze, in the judges' format without `END`.
pub(super) fn first_maze(sample: &str) -> String {
    first_maze_named(sample, None)
}

/// The sample's first maze under the name `name` (its own if none), in
/// the judges' format without `END`.
pub(super) fn first_maze_named(sample: &str, name: Option<&str>) -> String {
    crate::batch::parse(sample.as_bytes(), &JUDGES_FORMAT)
        .into_iter()
        .find_map(|item| match item {
            Parsed::Maze(maze) => Some(judges_text(name.unwrap_or(maze.name()), &*maze)),
            _ => None,
        })
        .unwrap_or_default()
}

/// The case of the sample's first maze under the shortest name the
/// statement allows and under the longest, for `contest` with `names`.
pub(super) fn name_lengths(contest: &Contest, names: Names) -> ContestCase {
    let longest = match names {
        Names::Words if contest.word_names.most == 20 => "TwentyCharactersLong".to_string(),
        Names::Words => "N".repeat(contest.word_names.most),
        // SPACED_NAME_MOST characters.
        Names::Spaced => "Forty Characters Long, With  Two Spaces!".to_string(),
    };
    let named = |name: &str| first_maze_named(contest.sample, Some(name));
    let case = ContestCase::new(
        "name-lengths",
        "the sample's first maze under the shortest name the statement allows, and the longest",
        named("A") + &named(&longest),
    );
    match names {
        Names::Words => case,
        Names::Spaced => case.catching(&["name-as-a-word"]),
    }
}

/// The figures of the test case `input` (in the judges' format).
///
/// ```
/// let input = b"A\n3 1 N 1 1\n2 1 NF *\n0\nB\n1 1 N 1 1\n0\nEND\n";
/// let figures = logicmaze::package::case_figures(input);
/// assert_eq!((figures.mazes, figures.unsolvable, figures.longest), (2, 1, Some(2)));
/// ```
pub fn case_figures(input: &[u8]) -> CaseFigures {
    let mut figures = CaseFigures::default();
    for item in crate::batch::parse(input, &JUDGES_FORMAT) {
        match item {
            Parsed::Maze(maze) => {
                let analysis = maze.analyse();
                let (rows, cols) = maze.size();
                figures.mazes += 1;
                if rows * cols > figures.largest.0 * figures.largest.1 {
                    figures.largest = (rows, cols);
                }
                figures.most_reached = figures.most_reached.max(analysis.reached_states);
                match analysis.moves {
                    Some(moves) => figures.longest = figures.longest.max(Some(moves)),
                    None => figures.unsolvable += 1,
                }
                figures.ambiguous += usize::from(analysis.verdict == Uniqueness::Ambiguous);
            }
            Parsed::Error(_) => figures.unreadable += 1,
            Parsed::Warning(_) => {}
        }
    }
    figures
}

/// What is wrong with a test case's answer `answer` to its input
/// `input`, judged strictly as a team's output is (a shortest route for
/// each maze, or No Solution Possible where there is none, in the judges'
/// layout): `None` if nothing.
///
/// ```
/// let input = b"A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
/// assert_eq!(logicmaze::package::answer_fault(input, b"A\n  (3,1) (2,1) (1,1)\n"), None);
/// let wrong = logicmaze::package::answer_fault(input, b"A\n  No Solution Possible\n").unwrap();
/// assert!(wrong.starts_with("A: line 2: "), "{wrong}");
/// ```
pub fn answer_fault(input: &[u8], answer: &[u8]) -> Option<String> {
    let mazes: Vec<crate::Maze> = (crate::batch::parse(input, &JUDGES_FORMAT).into_iter())
        .filter_map(|item| match item {
            Parsed::Maze(maze) => Some(maze),
            _ => None,
        })
        .collect();
    let report = crate::verify::verify_solving(&mazes, answer, crate::verify::Layout::Strict);
    report.first_problem()
}

/// The traps a test case's `.desc` file says the case catches.
///
/// ```
/// let desc = "the entrance is the goal\ntraps: empty-route, name-as-a-word\n";
/// assert_eq!(logicmaze::package::described_traps(desc), ["empty-route", "name-as-a-word"]);
/// ```
pub fn described_traps(desc: &str) -> Vec<&str> {
    desc.lines()
        .filter_map(|line| line.strip_prefix(TRAPS_LINE))
        .flat_map(|traps| traps.split(", "))
        .filter(|trap| !trap.is_empty())
        .collect()
}
