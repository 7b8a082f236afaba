//! `logicmaze generate`: arguments, presets, output and `--stats`.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::builder::TypedValueParser;
use rayon::prelude::*;

use super::args::{JSON_LINES, Offered, choices, families, formats};
use super::output::WhenWritten;
use super::say;
use super::status::Outcome;
use super::watch::{self, Stop, Watching};
use crate::family::Maze;
use crate::family::{self, Family};
use crate::generate::{Difficulty, GenerateError, GenerateOptions, Stats};
use crate::print::Format;
use crate::text;

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The family of maze to generate.
    #[arg(value_parser = families(true))]
    family: &'static dyn Family,

    /// Size and minimum route length: easy, medium or hard.
    #[arg(long, value_parser = difficulties(), default_value = "medium", long_help = super::help::difficulty())]
    difficulty: Difficulty,

    /// Rows (overrides the difficulty's).
    #[arg(long, value_name = "R")]
    rows: Option<u32>,

    /// Columns (overrides the difficulty's).
    #[arg(long, value_name = "C")]
    cols: Option<u32>,

    /// The shortest route has at least this many moves (overrides the
    /// difficulty's).
    #[arg(long, value_name = "L")]
    min_length: Option<usize>,

    /// The seed: the same arguments and seed give the same mazes. Without
    /// it, each run draws a fresh one and says it on stderr (it is in the
    /// mazes' names too), so that any maze can be made again.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// How many mazes to generate at once; 0 (or none given) means one
    /// per core, and more than 256 count as 256. The mazes are the same,
    /// byte for byte, in order, whatever the number.
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,

    /// How many mazes to generate (in parallel, written in order).
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,

    /// The maze's name (with -1, -2, ... after it in a series of
    /// several); by default the family, size and seed.
    #[arg(long)]
    name: Option<String>,

    /// Output format: the judges' input format, or JSON Lines (one maze
    /// document per line; see `logicmaze docs json`).
    #[arg(long, value_parser = formats(&[JUDGE_MAZES, JSON_LINES]), default_value = "judge")]
    format: Format,

    /// Write the mazes to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<std::path::PathBuf>,

    /// Print each maze's figures on stderr: route length, decision points,
    /// revisits, reachable states and how many of them are traps (the goal
    /// cannot be reached from them), changes tried and time taken.
    #[arg(long)]
    stats: bool,

    /// Stop after this many seconds (as Ctrl-C does) and write the best
    /// maze each search has found so far: the longest polished, or, if
    /// none is long enough yet, the longest with a unique route.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
}

/// `--time-limit`: a positive number of seconds, fractions allowed.
fn seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    match Duration::try_from_secs_f64(seconds) {
        Ok(limit) if !limit.is_zero() => Ok(limit),
        // Positive, but past what a duration holds (some 584 billion
        // years): not "not positive".
        Err(_) if seconds > 0.0 => Err(format!(
            "{text} seconds is longer than a time limit can be (leave it out for none)"
        )),
        _ => Err(format!("{text} is not a positive number of seconds")),
    }
}

const JUDGE_MAZES: Offered = (
    Format::Judge,
    "judge",
    "The judges' input format, ending with END",
);

/// `--difficulty`: each with what it means for each family that generates.
fn difficulties() -> impl TypedValueParser<Value = Difficulty> {
    choices(Difficulty::ALL.map(|difficulty| {
        let presets: Vec<String> = super::families::of_run()
            .list()
            .iter()
            .filter_map(|f| Some((f.name(), f.generator()?.preset(difficulty))))
            .map(|(name, (rows, cols, moves))| format!("{name} {rows}×{cols}, {moves}+ moves"))
            .collect();
        let help = capitalised(&presets.join("; "));
        (difficulty, difficulty.name(), help)
    }))
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// One maze's outcome: the maze and its figures, or why there is none
/// (`None`: not started, as the run was stopped before it).
type Made = Option<Result<(Maze, Stats, Duration), GenerateError>>;

/// Mazes are made in parallel this many at a time, then written, so that
/// memory stays bounded whatever `--count` is.
const BATCH: u64 = 64;

/// Generates the mazes asked for and writes them in order.
pub fn run(args: &GenerateArgs) -> Outcome {
    Outcome::of(check_name(args).and_then(|()| {
        // A run that makes no maze writes no maze file: not even END,
        // and with -o no file at all.
        let mut out = io::BufWriter::new(WhenWritten::new(args.output.as_deref())?);
        tell_defaults(args);
        let seed = super::args::seed_or_fresh(args.seed, "makes the same mazes");
        let jobs = super::args::jobs(args.jobs);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
        let mut outcome = Outcome::Clean;
        let written = pool
            .install(|| write_all(args, seed, &mut out, &mut outcome))
            .and_then(|()| out.flush());
        match written {
            Ok(()) => Ok(outcome),
            // A closed pipe (as with `| head`) ends the run quietly.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(outcome),
            // The file's own error names it (WhenWritten).
            Err(error) if args.output.is_some() => Err(error.to_string()),
            Err(error) => Err(format!("cannot write output: {error}")),
        }
    }))
}

/// Generates the mazes in batches and writes them, noting in `outcome`
/// how the mazes written so far went.
fn write_all(
    args: &GenerateArgs,
    seed: u64,
    out: &mut impl Write,
    outcome: &mut Outcome,
) -> io::Result<()> {
    let watching = Watching::new(args.count, args.time_limit);
    let mut written = 0;
    for first in (0..args.count).step_by(BATCH as usize) {
        if watching.stopped().is_some() {
            break;
        }
        let made: Vec<Made> = watch::with_progress(&watching, || {
            (first..args.count.min(first + BATCH))
                .into_par_iter()
                .map(|index| make(args, seed, index, &watching))
                .collect()
        });
        written += write(args, &made, out, outcome)?;
    }
    if let Some(stop) = watching.stopped() {
        out.flush()?;
        tell_stopped(args, stop, written, &watching);
    }
    if written == 0 {
        return Ok(());
    }
    let mut end = String::new();
    args.format.printer().end_of_mazes(&mut end);
    out.write_all(end.as_bytes())
}

/// Refuses a `--name` that the output format cannot hold, before anything
/// is generated: in the judges' format, the first name and the longest
/// (the last maze's, with its number after it) are checked.
fn check_name(args: &GenerateArgs) -> Result<(), String> {
    let Some(name) = args.name.as_deref() else {
        return Ok(());
    };
    if name.is_empty() {
        return Err("--name cannot be empty (leave it out for the default names)".into());
    }
    if args.format == Format::Json {
        return Ok(());
    }
    // A series is numbered from 1: NAME-1 ... NAME-COUNT.
    let (first, last) = match args.count {
        0 | 1 => (name.to_string(), name.to_string()),
        count => (format!("{name}-1"), format!("{name}-{count}")),
    };
    text::check_name(&first)
        .and_then(|()| text::check_name(&last))
        .map_err(|why| {
            format!("--name {name:?} cannot be written in the judges' format: {why} (--format json holds any name)")
        })
}

/// The size and minimum length asked for (see [`family::Generator::asked`]).
fn size_and_length(args: &GenerateArgs) -> (u32, u32, usize) {
    generator(args).asked(args.difficulty, (args.rows, args.cols), args.min_length)
}

/// Tells on stderr the length a size asked for without a length gets.
fn tell_defaults(args: &GenerateArgs) {
    if args.min_length.is_none() && (args.rows.is_some() || args.cols.is_some()) {
        let (rows, cols, length) = size_and_length(args);
        say::note(format!(
            "{rows}×{cols} {} mazes with routes of {length}+ moves ({} grown to the size; \
             --min-length sets it)",
            args.family.name(),
            args.difficulty.name()
        ));
    }
}

/// The options for maze `index`: the difficulty's preset, overridden.
fn options(args: &GenerateArgs, seed: u64, index: u64) -> GenerateOptions {
    let (rows, cols, min_length) = size_and_length(args);
    GenerateOptions::new(rows, cols)
        .with_min_length(min_length)
        .with_seed(seed)
        .with_index(index)
        .with_in_series(args.count > 1)
        .with_name(args.name.clone().unwrap_or_default())
}

/// Makes maze `index`, unless the run is stopped before it starts.
fn make(args: &GenerateArgs, seed: u64, index: u64, watching: &Arc<Watching>) -> Made {
    watching.stopped().is_none().then(|| {
        let options = options(args, seed, index).with_watch(watching.watch());
        let started = Instant::now();
        let made = generator(args).generate(&options);
        watching.maze_done();
        made.map(|made| (made.maze, made.stats, started.elapsed()))
    })
}

/// Says on stderr why the run stopped early and what it wrote.
fn tell_stopped(args: &GenerateArgs, stop: Stop, written: u64, watching: &Watching) {
    let why = match stop {
        Stop::TimeUp => "the time limit",
        Stop::Interrupted => "Ctrl-C",
    };
    let mazes = match args.count {
        1 => String::new(),
        count => format!("; wrote {written} of the {count} mazes asked for"),
    };
    say::note(format!(
        "stopped by {why} after {:.1} s{mazes}",
        watching.elapsed().as_secs_f64()
    ));
}

/// The generator of the family asked for (only those with one are
/// offered).
fn generator(args: &GenerateArgs) -> &'static dyn family::Generator {
    args.family
        .generator()
        .expect("only families with a generator are offered")
}

/// Writes a batch of mazes (and their stats, or why they are missing);
/// returns how many were written.
fn write(
    args: &GenerateArgs,
    made: &[Made],
    out: &mut impl Write,
    outcome: &mut Outcome,
) -> io::Result<u64> {
    let mut written = 0;
    for item in made.iter().flatten() {
        match item {
            Ok((maze, stats, took)) => {
                let mut text = String::new();
                if let Err(why) = args.format.printer().maze(&mut text, maze) {
                    out.flush()?;
                    say::error(crate::text::unwritable(maze.name(), why));
                    *outcome = (*outcome).max(Outcome::BadMaze);
                    continue;
                }
                out.write_all(text.as_bytes())?;
                written += 1;
                if args.stats || stats.stopped {
                    out.flush()?;
                }
                if stats.stopped {
                    tell_short(args, maze.name(), stats);
                }
                if args.stats {
                    say::text(&(describe(maze.name(), stats, *took) + "\n"));
                }
            }
            Err(error) => {
                out.flush()?;
                say::error(explained(error));
                *outcome = (*outcome).max(Outcome::BadMaze);
            }
        }
    }
    Ok(written)
}

/// Warns when a stopped search wrote a maze shorter than asked for.
fn tell_short(args: &GenerateArgs, name: &str, stats: &Stats) {
    let (_, _, length) = size_and_length(args);
    if stats.moves < length {
        say::warning(format!(
            "{name}: stopped before a route of {length} moves was found; written with the \
             best so far, {} moves",
            stats.moves
        ));
    }
}

/// A generator's error, with the option that changes what it names.
fn explained(error: &GenerateError) -> String {
    match error {
        GenerateError::TooLong { .. } | GenerateError::GaveUp { .. } => {
            format!("{error} (--min-length sets the length)")
        }
        GenerateError::Stopped { .. } => format!("{error} (a longer --time-limit may find one)"),
        other => other.to_string(),
    }
}

/// `--stats`: one line per maze.
fn describe(name: &str, stats: &Stats, took: Duration) -> String {
    format!("{name}: {stats}, {:.3} s", took.as_secs_f64())
}
