//! `logicmaze generate`: arguments, presets, output and `--stats`.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use clap::ValueEnum;
use logicmaze::generate::{self, Difficulty, GenerateError, Options, Stats};
use logicmaze::{json, judge, Maze};
use rayon::prelude::*;

use super::{push_line, FamilyArg, Outcome};

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The family of maze to generate.
    #[arg(value_enum)]
    family: FamilyArg,

    /// Size and minimum route length: easy, medium or hard (20×20 arrow
    /// mazes of 100+ moves, 10×10 dice mazes of 30+).
    #[arg(long, value_enum, default_value_t = DifficultyArg::Medium)]
    difficulty: DifficultyArg,

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

    /// The seed: the same arguments and seed give the same mazes.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,

    /// How many mazes to generate (in parallel, written in order).
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,

    /// The maze's name (with -2, -3, ... after it for the mazes after the
    /// first); by default the family, size and seed.
    #[arg(long)]
    name: Option<String>,

    /// Output format: the judges' input format, or JSON Lines (one maze
    /// document per line; see docs/json.md).
    #[arg(long, value_enum, default_value_t = OutputFormat::Judge)]
    format: OutputFormat,

    /// Print each maze's figures on stderr: route length, decision points,
    /// revisits, reachable states, changes tried and time taken.
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DifficultyArg {
    /// Arrow 6×6, 15+ moves; dice 5×5, 10+ moves.
    Easy,
    /// Arrow 10×10, 40+ moves; dice 7×7, 20+ moves.
    Medium,
    /// Arrow 20×20, 100+ moves; dice 10×10, 30+ moves.
    Hard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// The judges' input format, ending with END.
    Judge,
    /// JSON Lines.
    Json,
}

/// One maze's outcome: the maze and its figures, or why there is none.
type Made = Result<(Maze, Stats, Duration), GenerateError>;

/// Mazes are made in parallel this many at a time, then written, so that
/// memory stays bounded whatever `--count` is.
const BATCH: u64 = 64;

/// Generates the mazes asked for and writes them in order.
pub fn run(args: &GenerateArgs) -> Outcome {
    if let Err(message) = check_name(args) {
        eprintln!("logicmaze: error: {message}");
        return Outcome::Failed;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut outcome = Outcome::Clean;
    let written = write_all(args, &mut out, &mut outcome).and_then(|()| out.flush());
    match written {
        Ok(()) => outcome,
        // A closed pipe (as with `| head`) ends the run quietly.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => outcome,
        Err(error) => {
            eprintln!("logicmaze: error: cannot write output: {error}");
            Outcome::Failed
        }
    }
}

/// Generates the mazes in batches and writes them, noting in `outcome`
/// how the mazes written so far went.
fn write_all(args: &GenerateArgs, out: &mut impl Write, outcome: &mut Outcome) -> io::Result<()> {
    for first in (0..args.count).step_by(BATCH as usize) {
        let made: Vec<Made> = (first..args.count.min(first + BATCH))
            .into_par_iter()
            .map(|index| make(args, index))
            .collect();
        write(args, &made, out, outcome)?;
    }
    if args.format == OutputFormat::Judge {
        out.write_all(b"END\n")?;
    }
    Ok(())
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
    if args.format == OutputFormat::Json {
        return Ok(());
    }
    let last = match args.count {
        0 | 1 => name.to_string(),
        count => format!("{name}-{count}"),
    };
    judge::check_name(name)
        .and_then(|()| judge::check_name(&last))
        .map_err(|why| {
            format!("--name {name:?} cannot be written in the judges' format: {why} (--format json holds any name)")
        })
}

/// The options for maze `index`: the difficulty's preset, overridden.
fn options(args: &GenerateArgs, index: u64) -> Options {
    let difficulty = match args.difficulty {
        DifficultyArg::Easy => Difficulty::Easy,
        DifficultyArg::Medium => Difficulty::Medium,
        DifficultyArg::Hard => Difficulty::Hard,
    };
    let arrow = matches!(args.family, FamilyArg::Arrow);
    let (rows, cols, min_length) = difficulty.preset(arrow);
    let mut options = Options::new(args.rows.unwrap_or(rows), args.cols.unwrap_or(cols))
        .with_min_length(args.min_length.unwrap_or(min_length))
        .with_seed(args.seed);
    options.index = index;
    options.name = args.name.clone().unwrap_or_default();
    options
}

fn make(args: &GenerateArgs, index: u64) -> Made {
    let options = options(args, index);
    let started = Instant::now();
    let (maze, stats) = match args.family {
        FamilyArg::Arrow => {
            generate::arrow(&options).map(|made| (Maze::Arrow(made.maze), made.stats))?
        }
        FamilyArg::Dice => {
            generate::dice(&options).map(|made| (Maze::Dice(made.maze), made.stats))?
        }
    };
    Ok((maze, stats, started.elapsed()))
}

/// Writes a batch of mazes (and their stats, or why they are missing).
fn write(
    args: &GenerateArgs,
    made: &[Made],
    out: &mut impl Write,
    outcome: &mut Outcome,
) -> io::Result<()> {
    for item in made {
        match item {
            Ok((maze, stats, took)) => {
                let mut text = String::new();
                let written = match args.format {
                    OutputFormat::Judge => judge::write_maze(&mut text, maze),
                    OutputFormat::Json => {
                        push_line(&mut text, json::maze(maze));
                        Ok(())
                    }
                };
                if let Err(why) = written {
                    out.flush()?;
                    eprintln!("logicmaze: error: {}", super::unwritable(maze, why));
                    *outcome = (*outcome).max(Outcome::BadMaze);
                    continue;
                }
                out.write_all(text.as_bytes())?;
                if args.stats {
                    out.flush()?;
                    eprintln!("{}", describe(maze.name(), stats, *took));
                }
            }
            Err(error) => {
                out.flush()?;
                eprintln!("logicmaze: error: {error}");
                *outcome = (*outcome).max(Outcome::BadMaze);
            }
        }
    }
    Ok(())
}

/// `--stats`: one line per maze.
fn describe(name: &str, stats: &Stats, took: Duration) -> String {
    format!(
        "{name}: {} moves, {} decision points, {} revisits, {} reachable states, \
         {} changes tried, {:.3} s",
        stats.moves,
        stats.decision_points,
        stats.revisits,
        stats.reached_states,
        stats.steps,
        took.as_secs_f64()
    )
}
