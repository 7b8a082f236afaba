//! Command-line wiring: arguments, files and standard streams, exit codes.
//! Everything maze-related happens in the library.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use logicmaze::judge::{self, Limits, Parsed};
use logicmaze::Family;

const EXIT_CODES: &str = "\
Exit status:
  0  every maze was read and solved (solved or 'No Solution Possible')
  1  some maze was malformed; it was reported on stderr and skipped, the others were solved
  2  a file could not be read or written, or the command line was wrong";

/// Solve Robert Abbott's logic mazes: walk-through arrow mazes and dice mazes.
#[derive(Debug, Parser)]
#[command(name = "logicmaze", version, about, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve mazes and print shortest routes in the judges' output format.
    ///
    /// Reads mazes in the ICPC judges' format (arrow mazes: World Finals
    /// 2000; dice mazes: World Finals 1999) and prints, for each maze, its
    /// name and a shortest route or "No Solution Possible", byte for byte as
    /// the judges do. Ties between equally short routes are broken by trying
    /// turns left, forward, right (arrow) and rolls north, east, south, west
    /// (dice). Malformed mazes are reported on stderr as FILE:LINE:COLUMN and
    /// skipped; the rest are still solved.
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Maze files; with none, or '-', standard input is read.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// The maze family; by default it is detected from each input's second
    /// line (a direction letter: arrow; six integers: dice).
    #[arg(long, value_enum)]
    family: Option<FamilyArg>,

    /// Refuse mazes whose search would need more states than this (about
    /// five bytes each), before allocating anything for them.
    #[arg(long, value_name = "N", default_value_t = judge::DEFAULT_MAX_STATES)]
    max_states: u64,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FamilyArg {
    /// Walk-through arrow mazes.
    Arrow,
    /// Dice mazes.
    Dice,
}

impl From<FamilyArg> for Family {
    fn from(family: FamilyArg) -> Family {
        match family {
            FamilyArg::Arrow => Family::Arrow,
            FamilyArg::Dice => Family::Dice,
        }
    }
}

/// How a run went, from best to worst; the exit code is the worst seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Clean = 0,
    BadMaze = 1,
    Failed = 2,
}

/// Parses the command line and runs it.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Solve(args) => solve(&args),
    };
    ExitCode::from(outcome as u8)
}

fn solve(args: &SolveArgs) -> Outcome {
    let limits = Limits {
        max_states: args.max_states,
    };
    let family = args.family.map(Family::from);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut outcome = Outcome::Clean;
    for input in inputs(&args.files) {
        let result = open(&input)
            .and_then(|reader| solve_stream(reader, &input.name(), family, limits, &mut out));
        match result {
            Ok(status) => outcome = outcome.max(status),
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return outcome,
            Err(error) => {
                let _ = out.flush();
                eprintln!("logicmaze: error: {}: {error}", input.name());
                outcome = Outcome::Failed;
            }
        }
    }
    match out.flush() {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("logicmaze: error: cannot write output: {error}");
            Outcome::Failed
        }
        _ => outcome,
    }
}

/// Reads mazes from `reader` line by line, solving and printing each as
/// soon as it is complete.
fn solve_stream(
    mut reader: impl BufRead,
    name: &str,
    family: Option<Family>,
    limits: Limits,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    let mut parser = judge::Parser::new(family, limits);
    let mut outcome = Outcome::Clean;
    let mut text = String::new();
    let mut written: io::Result<()> = Ok(());
    let mut emit = |item: Parsed| {
        if written.is_err() {
            return;
        }
        written = match item {
            Parsed::Maze(maze) => {
                text.clear();
                judge::write_solution(&mut text, &maze, maze.solve().as_ref());
                out.write_all(text.as_bytes())
            }
            Parsed::Error(error) => {
                outcome = Outcome::BadMaze;
                report(
                    out,
                    format_args!(
                        "{name}:{}:{}: error: {}",
                        error.line, error.column, error.kind
                    ),
                )
            }
            Parsed::Warning(warning) => report(
                out,
                format_args!(
                    "{name}:{}:{}: warning: {}",
                    warning.line, warning.column, warning.kind
                ),
            ),
        };
    };
    for_each_line(&mut reader, |line| {
        parser.push_line(line, &mut emit);
        !parser.is_done()
    })?;
    parser.finish(&mut emit);
    written.map(|()| outcome)
}

/// Calls `visit` with every line of `reader` (line ending included) until it
/// returns `false`. Lines are handed out straight from the reader's buffer;
/// only a line that straddles two refills is copied.
fn for_each_line(
    reader: &mut impl BufRead,
    mut visit: impl FnMut(&[u8]) -> bool,
) -> io::Result<()> {
    let mut straddling = Vec::new();
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            if !straddling.is_empty() {
                visit(&straddling);
            }
            return Ok(());
        }
        let mut start = 0;
        while let Some(newline) = memchr::memchr(b'\n', &buffer[start..]) {
            let end = start + newline + 1;
            let more = if straddling.is_empty() {
                visit(&buffer[start..end])
            } else {
                straddling.extend_from_slice(&buffer[start..end]);
                let more = visit(&straddling);
                straddling.clear();
                more
            };
            if !more {
                return Ok(());
            }
            start = end;
        }
        straddling.extend_from_slice(&buffer[start..]);
        let consumed = buffer.len();
        reader.consume(consumed);
    }
}

/// Prints a diagnostic on stderr after flushing what stdout holds, so that
/// the two streams interleave in input order on a terminal.
fn report(out: &mut impl Write, message: std::fmt::Arguments) -> io::Result<()> {
    out.flush()?;
    eprintln!("{message}");
    Ok(())
}

/// A file to read, or standard input.
enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

fn inputs(files: &[PathBuf]) -> Vec<Input> {
    if files.is_empty() {
        return vec![Input::Stdin];
    }
    files
        .iter()
        .map(|path| match path.to_str() {
            Some("-") => Input::Stdin,
            _ => Input::File(path.clone()),
        })
        .collect()
}

fn open(input: &Input) -> io::Result<Box<dyn BufRead>> {
    Ok(match input {
        Input::Stdin => Box::new(io::stdin().lock()),
        Input::File(path) => Box::new(BufReader::with_capacity(1 << 20, File::open(path)?)),
    })
}
