//! The command line: arguments, files, threads and exit codes. Reading and
//! writing streams is in `stream`; everything maze-related happens in the
//! rest of the library, for whichever families [`run`] is given.
//!
//! A program that adds a family of its own runs the same command line with
//! a longer list:
//!
//! ```no_run
//! use logicmaze::family::{self, Family};
//! static FAMILIES: &[&dyn Family] = &[&logicmaze::family::arrow::Arrow, &logicmaze::family::dice::Dice];
//! fn main() -> std::process::ExitCode {
//!     logicmaze::cli::run(FAMILIES)
//! }
//! ```

mod aligned;
mod answer;
mod generate;
mod lines;
mod load;
mod manual;
mod output;
mod package;
mod pieces;
mod play;
mod render;
mod say;
mod serve;
mod status;
mod stream;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{ColorChoice, Parser, Subcommand, ValueEnum};

use crate::family::{self, Family};
use crate::input::InputFormat;
use crate::print::{self, Format};
use crate::text;
use answer::Task;
use status::Outcome;
use stream::process;

/// Solve Robert Abbott's logic mazes: walk-through arrow mazes and dice mazes.
#[derive(Debug, Parser)]
#[command(name = "logicmaze", version, about, after_help = status::help(None))]
struct Cli {
    #[command(subcommand)]
    command: Command,

    /// When to colour the tool's own messages on stderr: auto (on a
    /// terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
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
    #[command(after_help = status::help(Some("solve")))]
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
    #[command(after_help = status::help(Some("check")))]
    Check(CheckArgs),

    /// Convert mazes between the judges' format and JSON, losslessly.
    ///
    /// Every maze read (in either format) is written in the other one:
    /// `--to json` writes one JSON document per line (see `logicmaze docs json`),
    /// `--to judge` writes the judges' input format, ending with END. The
    /// judges' format is written canonically: intersections in row-major
    /// order, signs in the order N, E, S, W, single spaces.
    #[command(after_help = status::help(Some("convert")))]
    Convert(ConvertArgs),

    /// Generate new mazes with exactly one shortest route.
    ///
    /// Writes mazes in the judges' format (ending with END) or as JSON
    /// Lines. Each maze's shortest route is unique (as `check` proves) and
    /// at least --min-length moves long; the same arguments and seed give the
    /// same bytes on any machine. --difficulty picks the size and length;
    /// --rows, --cols and --min-length override it. The method is described
    /// by `logicmaze docs generator`.
    #[command(after_help = status::help(Some("generate")))]
    Generate(generate::GenerateArgs),

    /// Draw mazes, and their shortest routes, as SVG or PNG.
    ///
    /// Arrow mazes are drawn as roads between intersections, with each
    /// approach's sign as small arrows on the road before the intersection
    /// (one per allowed exit); dice mazes as numbered squares, wild squares
    /// starred, the die on the start square. --route draws the shortest
    /// route over the maze, coloured from blue (first move) to orange
    /// (last), one lane per pass where it goes the same way twice, with
    /// step numbers (arrow) or the top face after each move (dice).
    #[command(after_help = status::help(Some("render")))]
    Render(render::RenderArgs),

    /// Walk mazes in the browser, one sign at a time.
    ///
    /// Writes one self-contained HTML page (no network needed; it works
    /// from disk) or, with --serve, serves it on 127.0.0.1. Arrow mazes are
    /// walked seeing only the sign in front (walk mode) or the whole map
    /// (overview); dice mazes show the die on its square. Move by arrow
    /// keys, clicks, taps or swipes; U undo, Y redo, R restart, S show the
    /// shortest route, + and - zoom. The browser keeps each maze's
    /// progress.
    #[command(after_help = status::help(Some("play")))]
    Play(play::PlayArgs),

    /// Judge an answer: is each route a shortest legal one?
    ///
    /// Reads the mazes and an answer in the judges' output format, and
    /// says for each maze: accepted, or wrong with the first reason (the
    /// line, and for an illegal move the move and the rule it breaks). Any
    /// shortest route is accepted, as the judges accepted any. With
    /// --validator or --testlib it is a contest's checker, with
    /// --input-only a contest's input validator; `logicmaze docs judging`
    /// shows how to use each.
    #[command(after_help = status::help(Some("verify")))]
    Verify(verify::VerifyArgs),

    /// Write a contest problem package (ICPC / Kattis format) to a folder.
    ///
    /// problem.yaml, the statement's sample, test cases that set the
    /// family's traps (start = goal, ignored entrance signs, off-grid
    /// first steps, names with spaces, no solution, long unique routes,
    /// the judges' largest sizes and far larger ones), each .ans from the
    /// solver, and validators that run `logicmaze verify`. See `logicmaze
    /// docs judging`.
    #[command(after_help = status::help(Some("package")))]
    Package(package::PackageArgs),

    /// Write a shell's completion script to standard output.
    ///
    /// For bash: `logicmaze completions bash >
    /// ~/.local/share/bash-completion/completions/logicmaze`; zsh, fish,
    /// elvish and PowerShell likewise.
    #[command(after_help = status::help(Some("completions")))]
    Completions(manual::CompletionsArgs),

    /// Write a man page (roff) to standard output.
    ///
    /// Read it with `logicmaze man | man -l -`, or install it with
    /// `logicmaze man > ~/.local/share/man/man1/logicmaze.1`; `logicmaze
    /// man solve` is the page of logicmaze-solve(1), and so on.
    #[command(after_help = status::help(Some("man")))]
    Man(manual::ManArgs),

    /// Print one of the documents: the rules, the JSON format, the
    /// generator, the limits.
    #[command(after_help = status::help(Some("docs")))]
    Docs(manual::DocsArgs),
}

#[derive(Debug, clap::Args)]
struct InputArgs {
    /// Maze files; with none, or '-', standard input is read.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Write the output to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    #[arg(long, value_parser = families(false), help = family_help())]
    pub family: Option<&'static dyn Family>,

    /// Refuse mazes whose search would need more states than this (2^29
    /// by default), before allocating anything for them.
    #[arg(long, value_name = "N", default_value_t = crate::read::DEFAULT_MAX_STATES)]
    pub max_states: u64,

    /// The memory the mazes in hand at once may take, reckoned from their
    /// sizes: one maze may take half of it (a larger one is refused), and
    /// with several jobs, mazes over a share of the other half are taken
    /// one at a time. A number of bytes, or with K, M, G or T (powers of
    /// 1024). Default: the machine's physical memory.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<u64>,

    /// The input format; by default a first line starting with '{' means
    /// JSON (one maze document per line), anything else the judges' format.
    #[arg(long, value_enum)]
    pub input_format: Option<InputFormatArg>,

    /// How many mazes to handle at once; 0 (or none given) means one per
    /// core, and more than 256 count as 256. Output is the same, in input
    /// order, whatever the number.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Never show a progress bar (it is shown on stderr for runs longer
    /// than a second, and only when stderr is a terminal).
    #[arg(short, long)]
    pub quiet: bool,
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
    #[arg(long, value_parser = formats(&[JUDGE_INPUT, JSON_MAZES]))]
    to: Format,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Output format: the judges' text, or JSON Lines (one object per maze;
    /// see `logicmaze docs json`).
    #[arg(long, value_parser = formats(&[JUDGE_OUTPUT, JSON_LINES]), default_value = "judge")]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Output format: a few lines of text per maze, or JSON Lines (see
    /// `logicmaze docs json`).
    #[arg(long, value_parser = formats(&[TEXT, JSON_LINES]), default_value = "text")]
    format: Format,

    /// List every sign never read or square never reached; the text shows
    /// the first 24 and a count (JSON always lists them all).
    #[arg(long)]
    all: bool,
}

impl CheckArgs {
    fn printer(&self) -> &'static dyn print::Printer {
        match (self.format, self.all) {
            (Format::Text, true) => &print::Standard {
                listing: print::Listing::Every,
            },
            (format, _) => format.printer(),
        }
    }
}

/// An output format as a command offers it: its name and what it is.
type Offered = (Format, &'static str, &'static str);

const JUDGE_OUTPUT: Offered = (Format::Judge, "judge", "The judges' output format");
const JUDGE_INPUT: Offered = (Format::Judge, "judge", "The judges' text format");
const TEXT: Offered = (Format::Text, "text", "Human-readable text");
const JSON_LINES: Offered = (Format::Json, "json", "JSON Lines");
const JSON_MAZES: Offered = (
    Format::Json,
    "json",
    "JSON Lines: one maze document per line",
);

/// The value parser of a command's output formats.
fn formats(offered: &'static [Offered]) -> impl TypedValueParser<Value = Format> {
    choices(
        offered
            .iter()
            .map(|&(format, name, help)| (format, name, help.to_string())),
    )
}

/// `--family`'s values: the families of the list (with `generating`, only
/// those that have a generator).
fn families(generating: bool) -> impl TypedValueParser<Value = &'static dyn Family> {
    let offered = family::list()
        .iter()
        .filter(move |f| !generating || f.generator().is_some())
        .map(|&f| (f, f.name(), f.about().to_string()));
    choices(offered)
}

/// The value parser of a fixed set of named values, each with its help.
fn choices<T: Clone + Send + Sync + 'static>(
    choices: impl IntoIterator<Item = (T, &'static str, String)>,
) -> impl TypedValueParser<Value = T> {
    let choices: Vec<(T, &'static str, String)> = choices.into_iter().collect();
    let values = choices
        .iter()
        .map(|(_, name, help)| PossibleValue::new(*name).help(help.clone()));
    clap::builder::PossibleValuesParser::new(values).map(move |name| {
        choices
            .iter()
            .find(|(_, choice, _)| *choice == name)
            .map(|(value, _, _)| value.clone())
            .expect("clap accepts only the possible values")
    })
}

/// `--family`'s help: how each family's header is told apart.
fn family_help() -> String {
    let marks: Vec<String> = family::list()
        .iter()
        .map(|f| format!("{}: {}", f.header_mark(), f.name()))
        .collect();
    format!(
        "The maze family; by default it is detected from each input's second line ({})",
        marks.join("; ")
    )
}

/// `--max-memory`: the one given, or the machine's physical memory
/// (`MemTotal` in /proc/meminfo), or 4 GiB where that is unknown. The
/// physical memory does not change from run to run, as free memory does.
fn max_memory(args: &InputArgs) -> u64 {
    args.max_memory.unwrap_or_else(physical_memory)
}

/// The machine's physical memory (`MemTotal` in /proc/meminfo), or 4 GiB
/// where that is unknown.
fn physical_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|meminfo| {
            let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(4 << 30, |kb| kb.saturating_mul(1024))
}

/// A size in bytes: digits, then K, M, G or T (powers of 1024), with an
/// optional `B` or `iB` after the letter.
fn parse_size(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let upper = upper
        .strip_suffix("IB")
        .or(upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, shift) = match upper.char_indices().last() {
        Some((at, unit @ ('K' | 'M' | 'G' | 'T'))) => (
            &upper[..at],
            10 * (1 + "KMGT".find(unit).unwrap_or(0) as u32),
        ),
        _ => (upper, 0),
    };
    let number: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a size like 512M or 4G"))?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("'{text}' is too large"))
}

/// Parses the command line and runs it, with `families` as the families
/// the whole process knows (see [`family::register`]).
pub fn run(families: &'static [&'static dyn Family]) -> ExitCode {
    if family::register(families).is_err() && family::list() != families {
        say::error("another list of families was registered before");
        return ExitCode::from(Outcome::Failed.code());
    }
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    say::choose_color(&args);
    let cli = Cli::parse_from(args);
    let outcome = match cli.command {
        Command::Solve(args) => process(&args.input, Task::Solve, args.format.printer()),
        Command::Check(args) => process(&args.input, Task::Check, args.printer()),
        Command::Convert(args) => process(&args.input, Task::Convert, args.to.printer()),
        Command::Generate(args) => generate::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Completions(args) => manual::completions(&args),
        Command::Man(args) => manual::man(&args),
        Command::Docs(args) => manual::docs(&args),
        Command::Verify(args) => return verify::run(&args),
        Command::Package(args) => package::run(&args),
    };
    ExitCode::from(outcome.code())
}

/// The message for a maze whose name the judges' format cannot hold; the
/// name is shown escaped, so that it stays on one line.
fn unwritable(maze: &crate::family::Maze, why: text::UnwritableName) -> String {
    format!(
        "maze \"{}\" cannot be written in the judges' format: {why}",
        maze.name().escape_debug()
    )
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("40K"), Ok(40 << 10));
        assert_eq!(parse_size("64m"), Ok(64 << 20));
        assert_eq!(parse_size("4GiB"), Ok(4 << 30));
        assert_eq!(parse_size("2 TB"), Ok(2 << 40));
        assert!(parse_size("1.5G").is_err());
        assert!(parse_size("G").is_err());
        assert!(parse_size("99999999999T").is_err());
    }
}
