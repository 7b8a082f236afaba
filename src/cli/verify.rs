//! `logicmaze verify`: judge an answer against its mazes, by itself or as
//! a contest's checker (the Kattis / ICPC output-validator interface, or
//! testlib's), or check that contest input keeps the judges' rules.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::print::{Format, Printer};
use crate::verify::input::Rules;
use crate::verify::{self, Layout, MazeReport, Solved, Tally, escaped};

use super::args::MazeArgs;
use super::inputs::mazes_in;
use super::output::{Written, write_stdout};
use super::say;
use super::status::Outcome;

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
    /// (indentation, positions per line, commas, blank lines, CRLF, no
    /// newline at the end) is then a wrong answer. By default only the
    /// positions count, and layout problems are warnings.
    #[arg(long)]
    strict: bool,

    /// The report: text, or JSON (one document: every maze's verdict).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text, conflicts_with_all = ["validator", "testlib", "input_only"])]
    format: ReportFormat,

    /// Be a Kattis / ICPC / DOMjudge output validator: read the team's
    /// output on standard input, judge it against INPUT's mazes, write the
    /// reason to FEEDBACK_DIR/judgemessage.txt and exit 42 (accepted) or
    /// 43 (wrong answer), whatever the team's output holds: it is read as
    /// a stream, in bounded memory. JUDGE_ANSWER must be accepted itself
    /// (else exit 1: a judging error). Further words are the problem's
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
    /// 42 if it is exactly in the judges' format (printable ASCII, single
    /// spaces, plain numbers, no blank line, every maze read without a
    /// warning, at most --max-side rows and columns and --max-mazes mazes,
    /// END at the end and nothing after it, and with --family every maze of
    /// that family), 43 with the first fault's line and column on standard
    /// error if not.
    #[arg(long, conflicts_with_all = ["mazes", "answer", "input_format"])]
    input_only: bool,

    #[command(flatten)]
    reading: MazeArgs,

    /// With --input-only: the most rows and columns (by default each
    /// family's limit in the contest it was set for).
    #[arg(long, value_name = "N", requires = "input_only")]
    max_side: Option<u32>,

    /// With --input-only: the most mazes in the input [default: no limit].
    #[arg(long, value_name = "N", requires = "input_only")]
    max_mazes: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ReportFormat {
    /// One line per maze: accepted, or wrong and why.
    Text,
    /// One JSON document with every maze's verdict.
    Json,
}

impl ReportFormat {
    fn printer(self) -> &'static dyn Printer {
        match self {
            ReportFormat::Text => Format::Text.printer(),
            ReportFormat::Json => Format::Json.printer(),
        }
    }
}

/// Runs `verify`; the contest modes exit with their conventions' statuses.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let layout = match args.strict {
        true => Layout::Strict,
        false => Layout::Lenient,
    };
    if let Some(files) = &args.validator {
        return ExitCode::from(validator(files, layout, &args.reading));
    }
    if let Some(files) = &args.testlib {
        return ExitCode::from(testlib(files, layout, &args.reading));
    }
    if args.input_only {
        return ExitCode::from(input_only(Rules {
            families: super::families::of_run(),
            family: args.reading.family,
            max_side: args.max_side,
            max_mazes: args.max_mazes,
        }));
    }
    let outcome = Outcome::of(judge_answer(args, layout));
    ExitCode::from(outcome.code())
}

/// The plain mode: every maze's verdict on stdout as soon as it is known,
/// warnings and a count on stderr.
fn judge_answer(args: &VerifyArgs, layout: Layout) -> Result<Outcome, String> {
    let (Some(mazes_file), Some(answer_file)) = (&args.mazes, &args.answer) else {
        return Err("give the mazes and the answer: logicmaze verify MAZES ANSWER".into());
    };
    if mazes_file.to_str() == Some("-") && answer_file.to_str() == Some("-") {
        return Err("the mazes and the answer cannot both come from standard input".into());
    }
    let answer = open(answer_file)?;
    let (mazes, read_outcome) = mazes_in(mazes_file, &args.reading)?;
    if mazes.is_empty() {
        return Err(no_maze(mazes_file));
    }
    let solved = Solved::new(mazes);
    let shown = answer_file.display().to_string();
    let mut tally = Tally::default();
    let mut read_error = None;
    let printer = args.format.printer();
    let written = write_stdout(|out| {
        // The first write error is kept, and the answer judged to the end.
        let mut written = Ok(());
        let mut write = |text: &str| {
            if written.is_ok() {
                written = out.write_all(text.as_bytes());
            }
        };
        let mut text = String::new();
        printer.verdicts_start(&mut text);
        let sink = |maze: MazeReport| {
            for warning in &maze.warnings {
                let run = warning
                    .last_line
                    .map(|last| format!(", to line {last}"))
                    .unwrap_or_default();
                say::warning(format!(
                    "{shown}:{}: {}{run} ({})",
                    warning.line,
                    warning.message,
                    escaped(&maze.name)
                ));
            }
            printer.verdict(&mut text, &maze, tally.mazes() == 0);
            write(&std::mem::take(&mut text));
            tally.add(&maze);
        };
        let trailing = match solved.judge(answer, layout, sink) {
            Ok(trailing) => trailing,
            Err(error) => {
                read_error = Some(format!("{shown}: {error}"));
                None
            }
        };
        tally.end(trailing.clone());
        printer.verdicts_end(&mut text, trailing.as_ref(), tally.accepted());
        write(&text);
        written
    })?;
    if let Some(error) = read_error {
        return Err(error);
    }
    if written == Written::StdoutClosed {
        return Ok(read_outcome);
    }
    let (mazes, accepted) = (tally.mazes(), tally.accepted_mazes());
    say::note(format!(
        "verified {mazes} maze{}: {accepted} accepted, {} wrong{}",
        if mazes == 1 { "" } else { "s" },
        mazes - accepted,
        if tally.has_trailing() {
            "; text after the last maze"
        } else {
            ""
        }
    ));
    let judged = match tally.accepted() {
        true => Outcome::Clean,
        false => Outcome::Rejected,
    };
    Ok(judged.max(read_outcome))
}

/// Why mazes `file` that hold no maze cannot be judged against: an
/// answer to nothing proves nothing, and a truncated file must not pass.
fn no_maze(file: &Path) -> String {
    let name = file.display().to_string();
    format!(
        "{}: there is nothing to judge the answer against",
        super::inputs::no_maze(&name)
    )
}

/// `file` ('-': standard input) to read as a stream, or an error naming it.
fn open(file: &Path) -> Result<Box<dyn BufRead>, String> {
    const BUFFER: usize = 1 << 16;
    match file.to_str() {
        Some("-") => Ok(Box::new(io::BufReader::with_capacity(BUFFER, io::stdin()))),
        _ => std::fs::File::open(file)
            .map(|f| Box::new(io::BufReader::with_capacity(BUFFER, f)) as Box<dyn BufRead>)
            .map_err(|e| format!("{}: {e}", file.display())),
    }
}

/// What a checker judges by: the contest input's mazes, solved, with the
/// judges' answer `reference` accepted against them (or, as the error,
/// the first problem with it, or why the files cannot be read).
fn checked(
    input: &Path,
    reference: &Path,
    layout: Layout,
    reading: &MazeArgs,
) -> Result<Solved, CheckerError> {
    let (mazes, outcome) = mazes_in(input, reading).map_err(CheckerError::Files)?;
    if outcome != Outcome::Clean {
        let unreadable = format!("{} holds a maze that cannot be read", input.display());
        return Err(CheckerError::Files(unreadable));
    }
    if mazes.is_empty() {
        return Err(CheckerError::Files(no_maze(input)));
    }
    let solved = Solved::new(mazes);
    let tally = solved
        .tally(open(reference).map_err(CheckerError::Files)?, layout)
        .map_err(|e| CheckerError::Files(format!("{}: {e}", reference.display())))?;
    match tally.first_problem() {
        Some(problem) => Err(CheckerError::Reference(problem.to_string())),
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
/// Whatever the team's output holds, it ends with 42 or 43: only the
/// judges' files, the feedback folder, or a failing read of standard
/// input (not its content) make a judging error.
fn validator(files: &[PathBuf], layout: Layout, reading: &MazeArgs) -> u8 {
    let [input, judge_answer, feedback, flags @ ..] = files else {
        return 1;
    };
    let layout = match flags.iter().any(|f| f.to_str() == Some("strict")) {
        true => Layout::Strict,
        false => layout,
    };
    let judged = || -> Result<(bool, String), String> {
        let solved =
            checked(input, judge_answer, layout, reading).map_err(|error| match error {
                CheckerError::Files(message) => message,
                CheckerError::Reference(problem) => format!(
                    "the judges' answer {} is rejected: {problem}",
                    judge_answer.display()
                ),
            })?;
        let team = io::BufReader::with_capacity(1 << 16, io::stdin());
        let tally = solved
            .tally(team, layout)
            .map_err(|e| format!("cannot read the team's output: {e}"))?;
        let message = match tally.first_problem() {
            Some(problem) => problem.to_string(),
            None => format!("accepted: {} mazes", tally.mazes()),
        };
        Ok((tally.accepted(), message))
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
fn testlib(files: &[PathBuf], layout: Layout, reading: &MazeArgs) -> u8 {
    let [input, output, answer] = files else {
        return 3;
    };
    let judged = || -> Result<Tally, String> {
        let solved = checked(input, answer, layout, reading).map_err(|error| match error {
            CheckerError::Files(message) => message,
            CheckerError::Reference(problem) => format!("the jury's answer is rejected: {problem}"),
        })?;
        solved
            .tally(open(output)?, layout)
            .map_err(|e| format!("{}: {e}", output.display()))
    };
    let (code, line) = match judged() {
        Err(message) => (3, format!("FAIL {message}")),
        Ok(tally) => match tally.first_problem() {
            None => (0, format!("ok {} mazes", tally.mazes())),
            Some(problem) if tally.presentation_only() => {
                (2, format!("wrong output format {problem}"))
            }
            Some(problem) => (1, format!("wrong answer {problem}")),
        },
    };
    let _ = writeln!(io::stderr(), "{line}");
    code
}

/// The input validator: 42 if standard input keeps the judges' rules, 43
/// with the reason on stderr if not.
fn input_only(rules: Rules) -> u8 {
    let input = io::BufReader::with_capacity(1 << 16, io::stdin());
    match verify::input::validate(input, rules) {
        Ok(Ok(_)) => ACCEPTED,
        Ok(Err(fault)) => {
            say::error(format!("invalid input: {fault}"));
            WRONG_ANSWER
        }
        Err(e) => {
            say::error(format!("cannot read standard input: {e}"));
            1
        }
    }
}
