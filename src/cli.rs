//! Command-line wiring: arguments, files and standard streams, exit codes.
//! Everything maze-related happens in the library.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use logicmaze::input::{InputFormat, MazeReader};
use logicmaze::judge::{self, Limits, ParseError, Parsed};
use logicmaze::{json, Family, Maze, Verdict};

const EXIT_CODES: &str = "\
Exit status:
  0  every maze was read (and, for check, every maze is unique or unsolvable)
  1  some maze was malformed; it was reported and skipped, the others were handled
  2  a file could not be read or written, or the command line was wrong
  3  (check) some maze has more than one shortest route";

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

    /// Prove whether each maze's shortest route is unique, and show what no
    /// route uses.
    ///
    /// For every maze: the shortest route's length, how many distinct
    /// shortest routes there are (exact, or "at least" when past 2^64 - 1),
    /// the verdict unique / ambiguous / unsolvable, for an ambiguous maze two
    /// different shortest routes and where they split, the reachable and
    /// dead-end search states, and the arrow signs never read or dice squares
    /// never reached.
    #[command(after_help = EXIT_CODES)]
    Check(CheckArgs),

    /// Convert mazes between the judges' format and JSON, losslessly.
    ///
    /// Every maze read (in either format) is written in the other one:
    /// `--to json` writes one JSON document per line (see docs/json.md),
    /// `--to judge` writes the judges' input format, ending with END. The
    /// judges' format is written canonically: intersections in row-major
    /// order, signs in the order N, E, S, W, single spaces.
    #[command(after_help = EXIT_CODES)]
    Convert(ConvertArgs),
}

#[derive(Debug, clap::Args)]
struct InputArgs {
    /// Maze files; with none, or '-', standard input is read.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// The maze family; by default it is detected from each input's second
    /// line (a direction letter: arrow; six integers: dice).
    #[arg(long, value_enum)]
    family: Option<FamilyArg>,

    /// Refuse mazes whose search would need more states than this, before
    /// allocating anything for them.
    #[arg(long, value_name = "N", default_value_t = judge::DEFAULT_MAX_STATES)]
    max_states: u64,

    /// The input format; by default a first line starting with '{' means
    /// JSON (one maze document per line), anything else the judges' format.
    #[arg(long, value_enum)]
    input_format: Option<InputFormatArg>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum InputFormatArg {
    /// The judges' text format.
    Judge,
    /// JSON Lines: one maze document per line.
    Json,
}

impl From<InputFormatArg> for InputFormat {
    fn from(format: InputFormatArg) -> InputFormat {
        match format {
            InputFormatArg::Judge => InputFormat::Judge,
            InputFormatArg::Json => InputFormat::Json,
        }
    }
}

#[derive(Debug, clap::Args)]
struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,

    /// The format to write.
    #[arg(long, value_enum)]
    to: InputFormatArg,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Output format: the judges' text, or JSON Lines (one object per maze;
    /// see docs/json.md).
    #[arg(long, value_enum, default_value_t = SolveFormat::Judge)]
    format: SolveFormat,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Output format: a few lines of text per maze, or JSON Lines (see
    /// docs/json.md).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    format: CheckFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SolveFormat {
    /// The judges' output format.
    Judge,
    /// JSON Lines.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    /// Human-readable text.
    Text,
    /// JSON Lines.
    Json,
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
    Clean,
    Ambiguous,
    BadMaze,
    Failed,
}

impl Outcome {
    fn code(self) -> u8 {
        match self {
            Outcome::Clean => 0,
            Outcome::BadMaze => 1,
            Outcome::Failed => 2,
            Outcome::Ambiguous => 3,
        }
    }
}

/// Parses the command line and runs it.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Solve(args) => {
            let json = args.format == SolveFormat::Json;
            process(&args.input, json, "", |maze, text| {
                let route = maze.solve();
                match json {
                    true => push_line(text, json::solution(maze, route.as_ref())),
                    false => judge::write_solution(text, maze, route.as_ref()),
                }
                Outcome::Clean
            })
        }
        Command::Check(args) => {
            let json = args.format == CheckFormat::Json;
            process(&args.input, json, "", |maze, text| {
                let analysis = maze.analyse();
                match json {
                    true => push_line(text, json::check(maze, &analysis)),
                    false => logicmaze::text::write_analysis(text, maze, &analysis),
                }
                match analysis.verdict {
                    Verdict::Ambiguous => Outcome::Ambiguous,
                    _ => Outcome::Clean,
                }
            })
        }
        Command::Convert(args) => {
            let to = InputFormat::from(args.to);
            let (json, trailer) = match to {
                InputFormat::Json => (true, ""),
                InputFormat::Judge => (false, "END\n"),
            };
            process(&args.input, json, trailer, |maze, text| {
                match to {
                    InputFormat::Json => push_line(text, json::maze(maze)),
                    InputFormat::Judge => judge::write_maze(text, maze),
                }
                Outcome::Clean
            })
        }
    };
    ExitCode::from(outcome.code())
}

fn push_line(text: &mut String, line: String) {
    text.push_str(&line);
    text.push('\n');
}

/// Reads every input, calling `handle` on each maze to append its output,
/// reports bad mazes (in the JSON stream too when `json`), and ends the
/// output with `trailer`.
fn process(
    args: &InputArgs,
    json: bool,
    trailer: &str,
    mut handle: impl FnMut(&Maze, &mut String) -> Outcome,
) -> Outcome {
    let limits = Limits {
        max_states: args.max_states,
    };
    let family = args.family.map(Family::from);
    let format = args.input_format.map(InputFormat::from);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut outcome = Outcome::Clean;
    for input in inputs(&args.files) {
        let name = input.name();
        let result = open(&input).and_then(|reader| {
            let mut stream = Stream {
                name: &name,
                json,
                out: &mut out,
                text: String::new(),
            };
            stream.run(reader, MazeReader::new(format, family, limits), &mut handle)
        });
        match result {
            Ok(status) => outcome = outcome.max(status),
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return outcome,
            Err(error) => {
                let _ = out.flush();
                eprintln!("logicmaze: error: {name}: {error}");
                outcome = Outcome::Failed;
            }
        }
    }
    match out.write_all(trailer.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("logicmaze: error: cannot write output: {error}");
            Outcome::Failed
        }
        _ => outcome,
    }
}

/// One input being read and answered.
struct Stream<'a, W: Write> {
    name: &'a str,
    json: bool,
    out: &'a mut W,
    text: String,
}

impl<W: Write> Stream<'_, W> {
    /// Reads mazes from `reader` line by line, handling each as soon as it
    /// is complete.
    fn run(
        &mut self,
        mut reader: impl BufRead,
        mut parser: MazeReader,
        handle: &mut impl FnMut(&Maze, &mut String) -> Outcome,
    ) -> io::Result<Outcome> {
        let mut outcome = Outcome::Clean;
        let mut written: io::Result<()> = Ok(());
        let mut emit = |item: Parsed| {
            if written.is_ok() {
                written = match item {
                    Parsed::Maze(maze) => {
                        self.text.clear();
                        outcome = outcome.max(handle(&maze, &mut self.text));
                        self.out.write_all(self.text.as_bytes())
                    }
                    Parsed::Error(error) => {
                        outcome = outcome.max(Outcome::BadMaze);
                        self.report_error(&error)
                    }
                    Parsed::Warning(warning) => {
                        self.report("warning", warning.line, warning.column, &warning.kind)
                    }
                };
            }
        };
        for_each_line(&mut reader, |line| {
            parser.push_line(line, &mut emit);
            !parser.is_done()
        })?;
        parser.finish(&mut emit);
        written.map(|()| outcome)
    }

    /// A bad maze: on stderr for people, and in the stream for programs.
    fn report_error(&mut self, error: &ParseError) -> io::Result<()> {
        if self.json {
            self.out
                .write_all(json::error(self.name, error).as_bytes())?;
            self.out.write_all(b"\n")?;
        }
        self.report("error", error.line, error.column, &error.kind)
    }

    /// Prints a diagnostic on stderr after flushing what stdout holds, so
    /// that the two streams interleave in input order on a terminal.
    fn report(
        &mut self,
        severity: &str,
        line: usize,
        column: usize,
        message: &dyn std::fmt::Display,
    ) -> io::Result<()> {
        self.out.flush()?;
        eprintln!("{}:{line}:{column}: {severity}: {message}", self.name);
        Ok(())
    }
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
