//! `logicmaze verify`: judge an answer against its mazes, by itself or as
//! a contest's checker (the Kattis / ICPC output-validator interface, or
//! testlib's), or check that contest input keeps the judges' rules.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rayon::prelude::*;

use crate::family::Family;
use crate::judge::{self, Parsed};
use crate::verify::{self, Layout, Report, Verdict};
use crate::Maze;

use super::load::mazes_in;
use super::output::write_stdout;
use super::{say, Outcome};

/// Exit statuses of the Kattis / ICPC / DOMjudge validator interface.
const ACCEPTED: u8 = 42;
const WRONG_ANSWER: u8 = 43;

#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The mazes (judges' format or JSON); '-' for standard input.
    #[arg(value_name = "MAZES", required_unless_present_any = ["validator", "testlib", "input_only"])]
    mazes: Option<PathBuf>,

    /// The answer to judge, in the judges' output format; '-' for standard
    /// input.
    #[arg(value_name = "ANSWER", required_unless_present_any = ["validator", "testlib", "input_only"])]
    answer: Option<PathBuf>,

    /// Judge the layout byte for byte, as the judges did: a layout problem
    /// (indentation, positions per line, commas, blank lines, CRLF) is then
    /// a wrong answer. By default only the positions count, and layout
    /// problems are warnings.
    #[arg(long)]
    strict: bool,

    /// The report: text, or JSON (one document: every maze's verdict).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text, conflicts_with_all = ["validator", "testlib", "input_only"])]
    format: ReportFormat,

    /// Be a Kattis / ICPC / DOMjudge output validator: read the team's
    /// output on standard input, judge it against INPUT's mazes, write the
    /// reason to FEEDBACK_DIR/judgemessage.txt and exit 42 (accepted) or
    /// 43 (wrong answer). JUDGE_ANSWER must be accepted itself (else exit
    /// 1: a judging error). Further words are the problem's
    /// validator_flags: `strict` is --strict.
    #[arg(long, num_args = 3.., value_names = ["INPUT", "JUDGE_ANSWER", "FEEDBACK_DIR"], conflicts_with_all = ["mazes", "answer", "testlib", "input_only"])]
    validator: Option<Vec<PathBuf>>,

    /// Be a testlib checker: judge OUTPUT against INPUT's mazes and exit 0
    /// (ok), 1 (wrong answer), 2 (presentation error, only with --strict)
    /// or 3 (checker failure: unreadable files, or an ANSWER that is itself
    /// rejected), with testlib's message on standard error.
    #[arg(long, num_args = 3, value_names = ["INPUT", "OUTPUT", "ANSWER"], conflicts_with_all = ["mazes", "answer", "input_only"])]
    testlib: Option<Vec<PathBuf>>,

    /// Be an input validator: read contest input on standard input and exit
    /// 42 if it keeps the judges' rules (judges' format, every maze well
    /// formed, at most --max-side rows and columns, END at the end, no text
    /// after it), 43 with the first reason on standard error if not.
    #[arg(long, conflicts_with_all = ["mazes", "answer"])]
    input_only: bool,

    /// With --input-only: every maze must be of this family.
    #[arg(long, value_parser = super::families(false), requires = "input_only")]
    family: Option<&'static dyn Family>,

    /// With --input-only: the most rows and columns (by default the judges'
    /// limit: 9 for arrow mazes, 10 for dice mazes).
    #[arg(long, value_name = "N", requires = "input_only")]
    max_side: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ReportFormat {
    /// One line per maze: accepted, or wrong and why.
    Text,
    /// One JSON document with every maze's verdict.
    Json,
}

/// Runs `verify`; the contest modes exit with their conventions' statuses.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let layout = match args.strict {
        true => Layout::Strict,
        false => Layout::Lenient,
    };
    if let Some(files) = &args.validator {
        return ExitCode::from(validator(files, layout));
    }
    if let Some(files) = &args.testlib {
        return ExitCode::from(testlib(files, layout));
    }
    if args.input_only {
        return ExitCode::from(input_only(args.family, args.max_side));
    }
    let outcome = Outcome::of(judge_answer(args, layout));
    ExitCode::from(outcome.code())
}

/// The plain mode: every maze's verdict on stdout, warnings and a count on
/// stderr.
fn judge_answer(args: &VerifyArgs, layout: Layout) -> Result<Outcome, String> {
    let (Some(mazes_file), Some(answer_file)) = (&args.mazes, &args.answer) else {
        return Err("give the mazes and the answer: logicmaze verify MAZES ANSWER".into());
    };
    if mazes_file.to_str() == Some("-") && answer_file.to_str() == Some("-") {
        return Err("the mazes and the answer cannot both come from standard input".into());
    }
    let answer = read(answer_file)?;
    let (mazes, read_outcome) = mazes_in(mazes_file)?;
    let report = Solved::new(mazes).judge(&answer, layout);
    let shown = answer_file.display().to_string();
    for maze in &report.mazes {
        for warning in &maze.warnings {
            say::warning(format!(
                "{shown}:{}: {} ({})",
                warning.line, warning.message, maze.name
            ));
        }
    }
    let text = match args.format {
        ReportFormat::Json => {
            let mut document = serde_json::to_value(&report).unwrap_or_default();
            document["accepted"] = report.accepted().into();
            document.to_string() + "\n"
        }
        ReportFormat::Text => text(&report),
    };
    write_stdout(|out| out.write_all(text.as_bytes()))?;
    let accepted = report
        .mazes
        .iter()
        .filter(|m| matches!(m.verdict, Verdict::Accepted { .. }))
        .count();
    say::note(format!(
        "verified {} maze{}: {accepted} accepted, {} wrong{}",
        report.mazes.len(),
        if report.mazes.len() == 1 { "" } else { "s" },
        report.mazes.len() - accepted,
        if report.trailing.is_some() {
            "; text after the last maze"
        } else {
            ""
        }
    ));
    let judged = match report.accepted() {
        true => Outcome::Clean,
        false => Outcome::Rejected,
    };
    Ok(judged.max(read_outcome))
}

/// The report, one line per maze, and one for text after the last.
fn text(report: &Report) -> String {
    let mut out = String::new();
    for maze in &report.mazes {
        let verdict = match &maze.verdict {
            Verdict::Accepted { moves: Some(moves) } => {
                format!("accepted: {moves} moves, a shortest route")
            }
            Verdict::Accepted { moves: None } => "accepted: No Solution Possible".to_string(),
            Verdict::Wrong {
                line: Some(line),
                reason,
            } => format!("wrong: line {line}: {reason}"),
            Verdict::Wrong { line: None, reason } => format!("wrong: {reason}"),
        };
        out.push_str(&format!("{}: {verdict}\n", maze.name));
    }
    if let Some(trailing) = &report.trailing {
        out.push_str(&format!("after the last maze: wrong: {trailing}\n"));
    }
    out
}

/// Mazes with the lengths of their shortest routes, found once (on
/// rayon's pool) for every answer judged against them.
struct Solved {
    mazes: Vec<Maze>,
    shortest: Vec<Option<usize>>,
}

impl Solved {
    fn new(mazes: Vec<Maze>) -> Solved {
        let shortest = mazes
            .par_iter()
            .map(|maze| maze.search().route.map(|states| states.len()))
            .collect();
        Solved { mazes, shortest }
    }

    fn judge(&self, answer: &[u8], layout: Layout) -> Report {
        verify::verify(&self.mazes, &self.shortest, answer, layout)
    }
}

/// The bytes of `file` ('-': standard input), or an error naming it.
fn read(file: &Path) -> Result<Vec<u8>, String> {
    super::load::read(file).map_err(|e| format!("{}: {e}", file.display()))
}

/// What a checker judges by: the contest input's mazes, solved, with the
/// judges' answer `reference` accepted against them (or, as the error,
/// the first problem with it, or why the files cannot be read).
fn checked(input: &Path, reference: &Path, layout: Layout) -> Result<Solved, CheckerError> {
    let (mazes, outcome) = mazes_in(input).map_err(CheckerError::Files)?;
    if outcome != Outcome::Clean {
        let unreadable = format!("{} holds a maze that cannot be read", input.display());
        return Err(CheckerError::Files(unreadable));
    }
    let solved = Solved::new(mazes);
    let reference = read(reference).map_err(CheckerError::Files)?;
    match solved.judge(&reference, layout).first_problem() {
        Some(problem) => Err(CheckerError::Reference(problem)),
        None => Ok(solved),
    }
}

/// Why a checker cannot judge: its files, or a judges' answer that is
/// itself wrong.
enum CheckerError {
    Files(String),
    Reference(String),
}

/// The Kattis / ICPC output validator: 42, 43, or 1 for a judging error.
fn validator(files: &[PathBuf], layout: Layout) -> u8 {
    let [input, judge_answer, feedback, flags @ ..] = files else {
        return 1;
    };
    let layout = match flags.iter().any(|f| f.to_str() == Some("strict")) {
        true => Layout::Strict,
        false => layout,
    };
    let judged = || -> Result<(bool, String), String> {
        let solved = checked(input, judge_answer, layout).map_err(|error| match error {
            CheckerError::Files(message) => message,
            CheckerError::Reference(problem) => format!(
                "the judges' answer {} is rejected: {problem}",
                judge_answer.display()
            ),
        })?;
        let team = super::load::read(Path::new("-"))
            .map_err(|e| format!("cannot read the team's output: {e}"))?;
        let report = solved.judge(&team, layout);
        let message = match report.first_problem() {
            Some(problem) => problem,
            None => format!("accepted: {} mazes", report.mazes.len()),
        };
        Ok((report.accepted(), message))
    };
    match judged() {
        Ok((accepted, message)) => {
            let path = feedback.join("judgemessage.txt");
            if let Err(e) = std::fs::write(&path, message + "\n") {
                say::error(format!("cannot write {}: {e}", path.display()));
                return 1;
            }
            match accepted {
                true => ACCEPTED,
                false => WRONG_ANSWER,
            }
        }
        Err(message) => {
            say::error(message);
            1
        }
    }
}

/// The testlib checker: 0 ok, 1 wrong answer, 2 presentation error, 3
/// failure; testlib's verdict line on stderr.
fn testlib(files: &[PathBuf], layout: Layout) -> u8 {
    let [input, output, answer] = files else {
        return 3;
    };
    let judged = || -> Result<Report, String> {
        let solved = checked(input, answer, layout).map_err(|error| match error {
            CheckerError::Files(message) => message,
            CheckerError::Reference(problem) => format!("the jury's answer is rejected: {problem}"),
        })?;
        Ok(solved.judge(&read(output)?, layout))
    };
    let (code, line) = match judged() {
        Err(message) => (3, format!("FAIL {message}")),
        Ok(report) => match report.first_problem() {
            None => (0, format!("ok {} mazes", report.mazes.len())),
            Some(problem) if report.presentation_only() => {
                (2, format!("wrong output format {problem}"))
            }
            Some(problem) => (1, format!("wrong answer {problem}")),
        },
    };
    let _ = writeln!(std::io::stderr(), "{line}");
    code
}

/// The input validator: 42 if standard input keeps the judges' rules, 43
/// with the reason on stderr if not.
fn input_only(family: Option<&'static dyn Family>, max_side: Option<u32>) -> u8 {
    let bytes = match super::load::read(Path::new("-")) {
        Ok(bytes) => bytes,
        Err(e) => {
            say::error(format!("cannot read standard input: {e}"));
            return 1;
        }
    };
    match valid_input(&bytes, family, max_side) {
        Ok(()) => ACCEPTED,
        Err(reason) => {
            say::error(format!("invalid input: {reason}"));
            WRONG_ANSWER
        }
    }
}

/// Why `bytes` is not input the judges would give, if it is not.
fn valid_input(
    bytes: &[u8],
    family: Option<&'static dyn Family>,
    max_side: Option<u32>,
) -> Result<(), String> {
    if !bytes.ends_with(b"END\n") || !(bytes.len() == 4 || bytes.ends_with(b"\nEND\n")) {
        return Err("the input does not end with a line END".into());
    }
    if let Some(at) = bytes.iter().position(|&b| b == b'\r' || b == b'\t') {
        return Err(format!("byte {at} is a carriage return or a tab"));
    }
    let mut mazes = 0;
    for item in judge::parse(bytes, None) {
        match item {
            Parsed::Error(error) => return Err(error.to_string()),
            Parsed::Warning(warning) => return Err(warning.to_string()),
            Parsed::Maze(maze) => {
                mazes += 1;
                if let Some(wanted) = family.filter(|f| f.name() != maze.family().name()) {
                    return Err(format!(
                        "maze '{}' is not a {} maze",
                        maze.name(),
                        wanted.name()
                    ));
                }
                let limit = max_side.or(maze.family().judges_limit());
                let (rows, cols) = maze.size();
                if let Some(limit) = limit.filter(|&l| rows > l || cols > l) {
                    return Err(format!(
                        "maze '{}' is {rows}×{cols}: at most {limit}×{limit} (--max-side)",
                        maze.name()
                    ));
                }
            }
        }
    }
    match mazes {
        0 => Err("the input holds no maze".into()),
        _ => Ok(()),
    }
}
