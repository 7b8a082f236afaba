//! `logicmaze package --report DIR`: what a head judge signs from. The
//! package's options (read back from the command on problem.yaml's first
//! line), its time limit as the format's tool sets it, a row for each test
//! case (its mazes, those without a route and with several shortest
//! routes, the most states reached against the ceiling, the longest
//! route), and each submission's verdict and first rejecting case, found
//! by running it ([`judging`](super::judging)).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::family::Family;
use crate::package::problem::Names;
use crate::package::{self, TimeLimit};

use super::super::output::write_stdout;
use super::super::say;
use super::super::status::Outcome;
use super::judging::{self, Case, Judged, SubmissionVerdict};
use super::reading;

/// How the report is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// Tables for a reader.
    Text,
    /// One JSON document with every figure.
    Json,
}

/// The report, as `--format json` prints it.
#[derive(Serialize)]
struct Report {
    package: String,
    family: &'static str,
    problem: &'static str,
    source: &'static str,
    written_by: Option<String>,
    format: &'static str,
    seed: Option<u64>,
    limits: Limits,
    layout: &'static str,
    time_limit: TimeLimitRow,
    cases: Vec<CaseRow>,
    submissions: Vec<Judged>,
    /// Submissions whose verdict is not their folder's.
    unexpected: usize,
    /// Where the package disagrees with itself: the command that wrote it
    /// and its files, a case its input validator refuses, an answer that
    /// is no right answer.
    disagreements: Vec<String>,
}

#[derive(Serialize)]
struct Limits {
    max_side: u32,
    max_mazes: u32,
    names: &'static str,
    /// The most states a largest maze has.
    state_ceiling: u64,
}

#[derive(Serialize)]
struct TimeLimitRow {
    seconds: f64,
    /// Who sets it: problem.yaml, or the format's tool from the runs.
    set_by: &'static str,
    slowest_accepted_seconds: f64,
    /// Whether the limit is the tool's margin above the slowest accepted
    /// run.
    leaves_room: bool,
}

#[derive(Serialize)]
struct CaseRow {
    case: String,
    mazes: usize,
    largest: (u32, u32),
    no_route: usize,
    ambiguous: usize,
    most_reached: usize,
    longest: Option<usize>,
    traps: Vec<String>,
    unreadable: usize,
    /// What is wrong with its `.ans`, if anything.
    answer_fault: Option<String>,
}

/// Prints the report on the package in `dir`.
pub fn report(dir: &Path, format: ReportFormat) -> Result<Outcome, String> {
    let facts = reading::read(dir)?;
    let family = facts.family;
    let contest = family
        .contest()
        .ok_or("the package's family has no contest problem")?
        .problem();
    let inputs = test_cases(dir)?;
    let cases: Vec<CaseRow> = inputs.iter().map(case_row).collect::<Result<_, _>>()?;
    let progress = progress_line(std::io::stderr().is_terminal());
    let judging = judging::judge_all(
        dir,
        (facts.format, &facts.flags),
        facts.run,
        &inputs,
        &|what| progress.set_message(what.to_string()),
    )?;
    progress.finish_and_clear();
    let limit = judging.time_limit;
    let slowest = (judging.judged.iter())
        .filter(|j| {
            j.expected == SubmissionVerdict::Accepted && j.verdict == SubmissionVerdict::Accepted
        })
        .map(|j| j.slowest_seconds)
        .fold(0.0, f64::max);
    let mut disagreements = facts.disagreements.clone();
    disagreements.extend(judging.refused_inputs);
    disagreements.extend(cases.iter().filter_map(|c| c.answer_fault.clone()));
    let limits = facts.limits;
    let report = Report {
        package: dir.display().to_string(),
        family: family.name(),
        problem: contest.problem,
        source: contest.source,
        written_by: (facts.command.as_ref())
            .map(|words| format!("logicmaze {}", shell_line(words))),
        format: facts.format.name(),
        seed: facts.seed,
        limits: Limits {
            max_side: limits.max_side,
            max_mazes: limits.max_mazes,
            names: match limits.names {
                Names::Words => "words",
                Names::Spaced => "spaced",
            },
            state_ceiling: (contest.state_ceiling)(limits.max_side),
        },
        layout: match facts.strict() {
            true => "strict",
            false => "free",
        },
        time_limit: TimeLimitRow {
            seconds: limit.seconds,
            set_by: set_by(&limit, facts.format),
            slowest_accepted_seconds: slowest,
            leaves_room: limit.leaves_room(slowest),
        },
        unexpected: (judging.judged.iter()).filter(|j| j.misplaced()).count(),
        cases,
        submissions: judging.judged,
        disagreements,
    };
    let text = match format {
        ReportFormat::Text => text(&report, family, &limit),
        ReportFormat::Json => {
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())? + "\n"
        }
    };
    write_stdout(|out| out.write_all(text.as_bytes()))?;
    let unreadable: usize = report.cases.iter().map(|c| c.unreadable).sum();
    if unreadable > 0 {
        say::error(format!(
            "{unreadable} mazes of the test cases cannot be read"
        ));
        return Ok(Outcome::BadMaze);
    }
    Ok(match report.unexpected + report.disagreements.len() {
        0 => Outcome::Clean,
        _ => Outcome::Rejected,
    })
}

/// The sample's and the secret test cases (every `.in` under
/// `data/sample` and `data/secret`, in order): not the format of
/// 2025-09's cases for the validators, invalid on purpose.
fn test_cases(dir: &Path) -> Result<Vec<Case>, String> {
    let data = dir.join("data");
    let mut inputs = Vec::new();
    for group in ["sample", "secret"] {
        collect_inputs(&data.join(group), &mut inputs)
            .map_err(|e| format!("{}: {e} (is it a package?)", data.join(group).display()))?;
    }
    if inputs.is_empty() {
        return Err(format!(
            "{} holds no test case (no .in file)",
            data.display()
        ));
    }
    inputs.sort();
    Ok(inputs
        .into_iter()
        .map(|input| Case {
            name: (input.strip_prefix(&data).unwrap_or(&input))
                .with_extension("")
                .display()
                .to_string(),
            input,
        })
        .collect())
}

/// Every `.in` file under `folder`, at any depth.
fn collect_inputs(folder: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_inputs(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "in") {
            found.push(path);
        }
    }
    Ok(())
}

/// A test case's figures and the traps its description names.
fn case_row(case: &Case) -> Result<CaseRow, String> {
    let text = std::fs::read(&case.input)
        .map_err(|e| format!("cannot read {}: {e}", case.input.display()))?;
    let figures = package::case_figures(&text);
    let desc = description(&case.input);
    let answer_file = case.input.with_extension("ans");
    let answer_fault = match std::fs::read(&answer_file) {
        Ok(answer) => package::answer_fault(&text, &answer),
        Err(e) => Some(format!("cannot read it: {e}")),
    };
    Ok(CaseRow {
        case: case.name.clone(),
        mazes: figures.mazes,
        largest: figures.largest,
        no_route: figures.unsolvable,
        ambiguous: figures.ambiguous,
        most_reached: figures.most_reached,
        longest: figures.longest,
        traps: (package::described_traps(&desc).into_iter())
            .map(str::to_string)
            .collect(),
        unreadable: figures.unreadable,
        answer_fault: answer_fault
            .map(|why| format!("{}.ans is no right answer: {why}", case.name)),
    })
}

/// What the test case `input` is for: its `.desc` (the legacy format), or
/// the description in its `.yaml` (the format of 2025-09).
fn description(input: &Path) -> String {
    if let Ok(desc) = std::fs::read_to_string(input.with_extension("desc")) {
        return desc;
    }
    let yaml = std::fs::read_to_string(input.with_extension("yaml")).unwrap_or_default();
    (yaml.lines())
        .find_map(|line| line.strip_prefix("description: "))
        .and_then(|quoted| serde_json::from_str::<String>(quoted).ok())
        .unwrap_or_default()
}

/// Who set the time limit, in words.
fn set_by(limit: &TimeLimit, format: package::PackageFormat) -> &'static str {
    match (limit.stated, format) {
        (true, _) => "problem.yaml",
        (false, package::PackageFormat::Legacy) => {
            "verifyproblem: 5 times the slowest accepted run, rounded up to whole seconds"
        }
        (false, package::PackageFormat::V2025_09) => "BAPCtools' default",
    }
}

/// `words` as one command line, each word with a space or a quote in it
/// single-quoted.
fn shell_line(words: &[String]) -> String {
    let word = |w: &String| match w
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=".contains(c))
    {
        true => w.clone(),
        false => format!("'{}'", w.replace('\'', "'\\''")),
    };
    words.iter().map(word).collect::<Vec<_>>().join(" ")
}

/// The report in words and tables.
fn text(report: &Report, family: &dyn Family, limit: &TimeLimit) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let limits = &report.limits;
    let _ = writeln!(
        out,
        "{} ({}): {} mazes, the {} package format\n",
        report.problem,
        report.source,
        family.name(),
        report.format
    );
    let time = &report.time_limit;
    let room = match time.leaves_room {
        true => String::new(),
        false => format!(
            " (too close: the slowest accepted run needs a limit {} times as long)",
            limit.ac_to_time_limit
        ),
    };
    for (label, value) in [
        (
            "written by",
            (report.written_by.clone())
                .unwrap_or_else(|| "unknown: no `# Written by` line".to_string()),
        ),
        (
            "seed",
            report.seed.map_or("unknown".to_string(), |s| s.to_string()),
        ),
        (
            "limits",
            format!(
                "at most {side}×{side} a maze, {} mazes an input, names {}",
                limits.max_mazes,
                match limits.names {
                    "words" => "of one word",
                    _ => "with spaces",
                },
                side = limits.max_side
            ),
        ),
        (
            "layout",
            match report.layout {
                "strict" => "strict: judged byte for byte".to_string(),
                _ => "free: the positions alone are judged".to_string(),
            },
        ),
        (
            "time limit",
            format!(
                "{} s, set by {}; the slowest accepted run took {:.3} s{room}",
                time.seconds, time.set_by, time.slowest_accepted_seconds
            ),
        ),
        (
            "states",
            format!("a largest maze has {} states at most", limits.state_ceiling),
        ),
    ] {
        let _ = writeln!(out, "{:<11} {value}", format!("{label}:"));
    }
    out.push('\n');
    out.push_str(&case_table(report));
    out.push('\n');
    out.push_str(&submission_table(report));
    let not_run = subs_not_run(report);
    let _ = match report.unexpected {
        0 => writeln!(out, "\nevery submission run got its folder's verdict"),
        1 => writeln!(
            out,
            "\n1 submission did not get its folder's verdict (marked !)"
        ),
        n => writeln!(
            out,
            "\n{n} submissions did not get their folder's verdict (marked !)"
        ),
    };
    if not_run > 0 {
        let _ = writeln!(
            out,
            "{not_run} not run: the report runs C++ and Python alone"
        );
    }
    if report.disagreements.is_empty() {
        let _ = writeln!(
            out,
            "the package agrees with itself: its command, its validators, its cases and its answers"
        );
    } else {
        let _ = writeln!(out, "\nthe package disagrees with itself:");
        for why in &report.disagreements {
            let _ = writeln!(out, "  {why}");
        }
    }
    out
}

/// How many submissions were not run (languages the report does not run).
fn subs_not_run(report: &Report) -> usize {
    (report.submissions.iter())
        .filter(|j| j.verdict == SubmissionVerdict::NotRun)
        .count()
}

/// A row for each test case.
fn case_table(report: &Report) -> String {
    use std::fmt::Write;
    let width = (report.cases.iter().map(|c| c.case.len()).max().unwrap_or(4)).max(4);
    let mut out = format!(
        "{:<width$} {:>5} {:>7} {:>8} {:>9} {:>15} {:>7}  traps\n",
        "case", "mazes", "largest", "no route", "ambiguous", "reached/ceiling", "longest"
    );
    for case in &report.cases {
        let row = format!(
            "{:<width$} {:>5} {:>7} {:>8} {:>9} {:>15} {:>7}  {}",
            case.case,
            case.mazes,
            format!("{}×{}", case.largest.0, case.largest.1),
            case.no_route,
            case.ambiguous,
            format!("{}/{}", case.most_reached, report.limits.state_ceiling),
            case.longest.map_or("-".to_string(), |m| m.to_string()),
            case.traps.join(", ")
        );
        let _ = writeln!(out, "{}", row.trim_end());
    }
    out
}

/// A row for each submission: its verdict against its folder's, and the
/// first case that rejects it, with why.
fn submission_table(report: &Report) -> String {
    use std::fmt::Write;
    let subs = &report.submissions;
    let width = (subs.iter().map(|j| j.submission.len()).max().unwrap_or(10)).max(10);
    let language = (subs.iter().map(|j| j.language.len()).max().unwrap_or(8)).max(8);
    let mut out = format!(
        "{:<width$} {:<language$} {:>8} {:>7} {:>8}  first rejecting case: why\n",
        "submission", "language", "expected", "verdict", "slowest"
    );
    for judged in subs {
        let mark = if judged.misplaced() { '!' } else { ' ' };
        let rejected = match (&judged.first_rejecting_case, &judged.why) {
            (Some(case), Some(why)) => format!("{case}: {why}"),
            (Some(case), None) => case.clone(),
            (None, Some(why)) => why.clone(),
            (None, None) => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "{:<width$} {:<language$} {:>8} {:>6}{mark} {:>6.2} s  {rejected}",
            judged.submission,
            judged.language,
            judged.expected.short(),
            judged.verdict.short(),
            judged.slowest_seconds,
        );
    }
    out
}

/// A spinner on stderr saying what runs, when `on` (stderr a terminal).
fn progress_line(on: bool) -> indicatif::ProgressBar {
    if !on {
        return indicatif::ProgressBar::hidden();
    }
    let line = indicatif::ProgressBar::new_spinner();
    line.set_style(
        indicatif::ProgressStyle::with_template("{spinner} report [{elapsed}]: {msg}")
            .expect("a valid template"),
    );
    line.enable_steady_tick(Duration::from_millis(200));
    line
}
