//! A contest problem package: the files of a problem in the ICPC / Kattis
//! problem package format, for a family that was a contest problem
//! ([`crate::family::Family::contest`]).
//!
//! The package holds `problem.yaml` (custom validation), the statement's
//! sample in `data/sample/`, the family's test cases in `data/secret/`
//! (those past the judges' size limit in `data/secret/large/`, whose
//! `testdata.yaml` lets the input validator allow them), every `.ans`
//! written by the solver, and validators that run `logicmaze verify`:
//! `input_validators/logicmaze/run` (`--input-only`) and
//! `output_validators/logicmaze/run` (`--validator`). The files are
//! returned, not written: the command line writes them.
//!
//! ```
//! let files = logicmaze::package::package(&logicmaze::family::dice::Dice, 1)?;
//! let names: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
//! assert!(names.contains(&"problem.yaml"));
//! assert!(names.contains(&"data/sample/1.in") && names.contains(&"data/sample/1.ans"));
//! assert!(names.contains(&"data/secret/01-leave-and-return.ans"));
//! assert!(names.contains(&"output_validators/logicmaze/run"));
//! # Ok::<(), logicmaze::package::PackageError>(())
//! ```

use std::fmt::Write;

use crate::family::Parsed;
use crate::family::{ContestCase, Family};
use crate::text;

/// One file of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageFile {
    /// Its path inside the package, with `/`.
    pub path: String,
    /// Its text.
    pub contents: String,
    /// Whether it is a program to run (a validator's `run` script).
    pub executable: bool,
}

/// Why a package cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackageError {
    /// The family was no contest problem.
    #[error("{0} mazes were not a contest problem: no package can be made for them")]
    NoContest(&'static str),
    /// A test case the family made does not read back (a bug).
    #[error("test case {case} does not read back: {error}")]
    BadCase {
        /// The case's name.
        case: String,
        /// What the reader said.
        error: String,
    },
}

/// The package of `family`'s contest problem, its test cases made from
/// `seed`: the same seed, the same files.
pub fn package(family: &'static dyn Family, seed: u64) -> Result<Vec<PackageFile>, PackageError> {
    let contest = family
        .contest()
        .ok_or(PackageError::NoContest(family.name()))?;
    let name = family.name();
    let mut files = vec![
        text("problem.yaml", problem_yaml(contest.problem, contest.source, name, seed)),
        program(
            "input_validators/logicmaze/run",
            &format!("verify --input-only --family {name}"),
            "the input validator: the judges' format and size limit (flags from testdata.yaml follow)",
        ),
        program(
            "output_validators/logicmaze/run",
            "verify --validator",
            "the output validator: any shortest legal route is accepted (validator_flags: strict judges the layout too)",
        ),
    ];
    let sample = contest.sample.to_string();
    files.extend(test_case("data/sample/1", "sample", &sample)?);
    let cases = (contest.cases)(seed);
    let mut notes = String::new();
    let mut largest = 0;
    for (index, case) in cases.iter().enumerate() {
        let folder = match case.large {
            true => "data/secret/large",
            false => "data/secret",
        };
        let stem = format!("{folder}/{:02}-{}", index + 1, case.name);
        let input = format!("{}END\n", case.input);
        files.extend(test_case(&stem, case.name, &input)?);
        if case.large {
            largest = largest.max(largest_side(&input));
        }
        let _ = writeln!(notes, "- `{stem}`: {}", case.about);
    }
    if largest > 0 {
        files.push(text(
            "data/secret/large/testdata.yaml",
            format!("# Past the judges' size limit: the input validator allows up to {largest}.\ninput_validator_flags: --max-side {largest}\n"),
        ));
    }
    files.push(text(
        "README.md",
        readme(&contest, name, seed, &cases, &notes),
    ));
    Ok(files)
}

fn text(path: &str, contents: String) -> PackageFile {
    PackageFile {
        path: path.to_string(),
        contents,
        executable: false,
    }
}

/// A validator's `run` script: `logicmaze ARGS` with the judge's arguments.
fn program(path: &str, args: &str, about: &str) -> PackageFile {
    PackageFile {
        path: path.to_string(),
        contents: format!(
            "#!/bin/sh\n# {about}.\n# Needs logicmaze on the judging machine's PATH (cargo install logicmaze).\nexec logicmaze {args} \"$@\"\n"
        ),
        executable: true,
    }
}

/// The test cases are in the judges' format, whatever their first line.
const JUDGES_FORMAT: crate::batch::Options = crate::batch::Options {
    format: Some(crate::input::InputFormat::Judge),
    ..crate::batch::Options::DEFAULT
};

/// `STEM.in` holding `input`, and `STEM.ans`, the solver's answer.
fn test_case(stem: &str, case: &str, input: &str) -> Result<[PackageFile; 2], PackageError> {
    let mut answer = String::new();
    for item in crate::batch::parse(input.as_bytes(), &JUDGES_FORMAT) {
        match item {
            Parsed::Maze(maze) => text::write_solution(&mut answer, &maze, maze.solve().as_ref()),
            Parsed::Error(error) => {
                return Err(PackageError::BadCase {
                    case: case.to_string(),
                    error: error.to_string(),
                })
            }
            Parsed::Warning(_) => {}
        }
    }
    Ok([
        text(&format!("{stem}.in"), input.to_string()),
        text(&format!("{stem}.ans"), answer),
    ])
}

/// The most rows or columns of any maze in `input`.
fn largest_side(input: &str) -> u32 {
    crate::batch::parse(input.as_bytes(), &JUDGES_FORMAT)
        .iter()
        .filter_map(|item| match item {
            Parsed::Maze(maze) => Some(maze.size().0.max(maze.size().1)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

fn problem_yaml(problem: &str, source: &str, family: &str, seed: u64) -> String {
    format!(
        "# Written by `logicmaze package {family} DIR --seed {seed}`.\n\
         name: \"{problem}\"\n\
         source: \"{source}\"\n\
         validation: custom\n"
    )
}

fn readme(
    contest: &crate::family::Contest,
    family: &str,
    seed: u64,
    cases: &[ContestCase],
    notes: &str,
) -> String {
    format!(
        "# {problem} ({source})\n\n\
         Written by `logicmaze package {family} DIR --seed {seed}`; the same command\n\
         writes the same files. Every `.ans` is the answer of `logicmaze solve`; the\n\
         judges accept any shortest route, so the output validator\n\
         (`logicmaze verify --validator`) judges each route by the rules and its\n\
         length, not by bytes. Add `validator_flags: strict` to problem.yaml to\n\
         judge the layout (indentation, positions per line, commas) byte for byte,\n\
         as the judges did.\n\n\
         Test cases ({count}, besides the sample):\n\n{notes}",
        problem = contest.problem,
        source = contest.source,
        count = cases.len(),
    )
}
