//! `logicmaze stress`: run a program on random mazes until it gets one
//! wrong, shrink that maze, and say why. The mazes, the judge and the
//! shrinking are the library's ([`crate::stress`]); running the program,
//! bounded in time and memory, is here.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::family::{Family, Maze};
use crate::stress::{self, Names, ProgramFailure, ProgramRun};
use crate::verify::{Layout, escaped};

use super::{child, say};

#[derive(Debug, clap::Args)]
pub struct StressArgs {
    /// The family of the mazes the program solves.
    #[arg(value_name = "FAMILY", value_parser = super::args::families(false))]
    family: &'static dyn Family,

    /// The program and its arguments, after `--`: it reads mazes in the
    /// judges' input format on standard input and writes its answers on
    /// standard output (`-- ./a.out`, `-- python3 sol.py`).
    #[arg(value_name = "COMMAND", required = true, last = true, num_args = 1..)]
    command: Vec<String>,

    /// The largest rows and columns of the mazes drawn; they start at 2 and
    /// grow [default: the contest's limit].
    #[arg(long, value_name = "N")]
    max_side: Option<u32>,

    /// The seed of the mazes drawn: the same seed, the same mazes and, for
    /// a program that answers alike, the same result [default: a fresh
    /// seed, said on stderr].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// How long the whole search may take, in seconds (shrinking a failure
    /// found in time goes on after it).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    time_limit: f64,

    /// How long one run of the program may take, in seconds: past it the
    /// program is killed, and that is a failure (a time-out).
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0)]
    timeout: f64,

    /// Runs of the program at once [default: one per core].
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,

    /// Judge the positions alone: a layout fault (the indentation, the
    /// positions a line, a space at a line's end) is then no failure. By
    /// default the layout is judged byte for byte, as the judges did.
    #[arg(long)]
    any_layout: bool,

    /// Name the mazes with spaces inside (`Maze 1`), for a program that
    /// must read a name as its whole line. By default the names are one
    /// word each, as the family's original statement has them (letters,
    /// digits or other printable characters, up to 20).
    #[arg(long)]
    spaced_names: bool,

    /// Write the smallest failing maze to FILE, in the judges' format.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,

    /// Draw the smallest failing maze with its right route to FILE (SVG).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// No progress line on a terminal.
    #[arg(long, short)]
    quiet: bool,
}

/// The most of a run's standard output kept: past it, the program is
/// killed and its output is not the format. The right answer to a run's
/// mazes is a few kilobytes.
const MAX_OUTPUT: usize = 8 << 20;

/// Runs `stress`: exit 0 when no failure was found in the time, 1 when one
/// was (and shrunk), 2 when the command line or the program is wrong.
pub fn run(args: &StressArgs) -> ExitCode {
    child::supervise();
    match search(args) {
        Ok(found) => ExitCode::from(u8::from(found)),
        Err(message) => {
            say::error(message);
            ExitCode::from(2)
        }
    }
}

/// The search, then the shrinking and the report of the first failure:
/// whether one was found.
fn search(args: &StressArgs) -> Result<bool, String> {
    let family = args.family;
    let max_side = match args.max_side {
        Some(side) if side >= 1 => side,
        Some(_) => return Err("--max-side must be 1 or more".into()),
        None => family.contest().map_or(10, |c| c.problem().limits.max_side),
    };
    if !(args.timeout > 0.0 && args.time_limit > 0.0) {
        return Err("--timeout and --time-limit must be more than 0 seconds".into());
    }
    let seed = super::args::seed_or_fresh(args.seed, "draws the same mazes");
    let names = match args.spaced_names {
        true => Names::Spaced,
        false => Names::Words,
    };
    if stress::draw(family, seed, 0, max_side, names).is_empty() {
        return Err(format!("{} mazes cannot be drawn at random", family.name()));
    }
    let program = Program {
        command: &args.command,
        timeout: Duration::from_secs_f64(args.timeout),
        layout: match args.any_layout {
            true => Layout::Lenient,
            false => Layout::Strict,
        },
    };
    let jobs = args
        .jobs
        .filter(|&j| j > 0)
        .unwrap_or_else(rayon::current_num_threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| e.to_string())?;
    let deadline = Instant::now() + Duration::from_secs_f64(args.time_limit);
    let tried = AtomicU64::new(0);
    let progress = progress_line(!args.quiet && std::io::stderr().is_terminal());
    let mut next = 0u64;
    let first = loop {
        if Instant::now() >= deadline {
            break None;
        }
        let batch: Vec<u64> = (next..next + jobs as u64).collect();
        next += jobs as u64;
        let results: Vec<Option<(u64, Vec<Maze>, ProgramFailure)>> = pool.install(|| {
            batch
                .par_iter()
                .map(|&index| {
                    let mazes = stress::draw(family, seed, index, max_side, names);
                    let failure = program.fails(&mazes)?;
                    tried.fetch_add(mazes.len() as u64, Ordering::Relaxed);
                    Ok::<_, String>(failure.map(|f| (index, mazes, f)))
                })
                .collect::<Result<Vec<_>, String>>()
        })?;
        progress.set_message(format!(
            "{} mazes tried, sides up to {}",
            tried.load(Ordering::Relaxed),
            stress::side_cap(next - 1, max_side)
        ));
        if let Some(found) = results.into_iter().flatten().next() {
            break Some(found);
        }
    };
    progress.finish_and_clear();
    let Some((index, mazes, failure)) = first else {
        say::note(format!(
            "no failure in {} mazes of sides up to {} ({} s)",
            tried.load(Ordering::Relaxed),
            stress::side_cap(next.saturating_sub(1), max_side),
            args.time_limit
        ));
        return Ok(false);
    };
    let kind = failure.kind();
    let before = stress::squares(&mazes);
    progress.set_message("shrinking the failing mazes");
    let (shrunk, runs) = stress::shrink(mazes, jobs, |candidates| {
        pool.install(|| {
            candidates
                .par_iter()
                .map(|mazes| matches!(program.fails(mazes), Ok(Some(f)) if f.kind() == kind))
                .collect()
        })
    });
    progress.finish_and_clear();
    // The mazes drawn up to the failing run's, whatever ran beside it.
    let drawn = (index + 1) * stress::MAZES_PER_RUN as u64;
    report(args, &program, &shrunk, (before, runs, drawn))?;
    Ok(true)
}

/// Prints the shrunk failure: the maze, the program's output, the right
/// answer and why; writes the maze and its drawing where asked.
fn report(
    args: &StressArgs,
    program: &Program,
    mazes: &[Maze],
    (before, runs, tried): (u64, usize, u64),
) -> Result<(), String> {
    let input = stress::input(mazes);
    let run = program.run(&input)?;
    let failure = stress::judge(mazes, &run, program.layout);
    let mut out = format!(
        "A failing maze after {}, shrunk from {} to {} in {}.\n\n\
         The maze:\n\n{}\n",
        counted(tried, "maze"),
        counted(before, "square"),
        counted(stress::squares(mazes), "square"),
        counted(runs as u64, "run"),
        indented(&input)
    );
    match &failure {
        Some(ProgramFailure::TimedOut) => out.push_str(&format!(
            "What went wrong: a time-out: no answer within {} s (--timeout).\n\n",
            program.timeout.as_secs_f64()
        )),
        Some(failure) => out.push_str(&format!("What went wrong: {failure}.\n\n")),
        None => out.push_str(
            "What went wrong: nothing, this time: the program does not answer alike every time.\n\n",
        ),
    }
    out.push_str(&format!(
        "The program's output{}:\n\n{}\nThe right answer (any shortest route is right):\n\n{}",
        cut_note(&run),
        indented(&excerpt(&run.stdout)),
        indented(&stress::answer(mazes))
    ));
    if !run.stderr.is_empty() {
        out.push_str(&format!(
            "\nThe end of its standard error:\n\n{}",
            indented(&excerpt(&run.stderr))
        ));
    }
    if let Some(path) = &args.output {
        std::fs::write(path, &input)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say::note(format!("wrote the maze to {}", path.display()));
    }
    if let Some(path) = &args.svg {
        let maze = &mazes[0];
        let svg = crate::render::svg(maze, maze.solve().as_ref());
        std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say::note(format!("drew the maze to {}", path.display()));
    }
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(())
}

/// `count` `thing`s, in the singular for one: `1 run`, `38 runs`.
fn counted(count: u64, thing: &str) -> String {
    match count {
        1 => format!("1 {thing}"),
        _ => format!("{count} {thing}s"),
    }
}

/// What the report says of a run's output that was cut.
fn cut_note(run: &ProgramRun) -> &'static str {
    match run.too_long {
        true => " (its first part: it printed past the bound)",
        false => "",
    }
}

/// Text quoted in the report: at most 60 lines of 200 characters each,
/// control characters escaped, with what was left out said.
fn excerpt(bytes: &[u8]) -> String {
    const LINES: usize = 60;
    const WIDTH: usize = 200;
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for line in lines.iter().take(LINES) {
        let shown: String = line.chars().take(WIDTH).collect();
        out.push_str(&escaped(&shown));
        if line.chars().count() > WIDTH {
            out.push_str(&format!("… ({} bytes)", line.len()));
        }
        out.push('\n');
    }
    if lines.len() > LINES {
        out.push_str(&format!("… ({} lines more)\n", lines.len() - LINES));
    }
    if text.is_empty() {
        out.push_str("(nothing)\n");
    }
    out
}

/// `text` with every line indented by four spaces.
fn indented(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

/// The program under test, and how it is judged.
struct Program<'a> {
    command: &'a [String],
    timeout: Duration,
    layout: Layout,
}

impl Program<'_> {
    /// How the program fails on `mazes`, if it does; an error if it cannot
    /// be run at all.
    fn fails(&self, mazes: &[Maze]) -> Result<Option<ProgramFailure>, String> {
        let run = self.run(&stress::input(mazes))?;
        Ok(stress::judge(mazes, &run, self.layout))
    }

    /// One run of the program on `input` ([`child::run`]).
    fn run(&self, input: &str) -> Result<ProgramRun, String> {
        let bounds = child::Bounds {
            timeout: self.timeout,
            max_output: MAX_OUTPUT,
            memory: None,
        };
        Ok(child::run(self.command, input.as_bytes(), bounds)?.run)
    }
}

/// A spinner on stderr saying how the search goes, when `on` (stderr a
/// terminal); hidden otherwise.
fn progress_line(on: bool) -> ProgressBar {
    if !on {
        return ProgressBar::hidden();
    }
    let line = ProgressBar::new_spinner();
    line.set_style(
        ProgressStyle::with_template("{spinner} stress [{elapsed}]: {msg}")
            .expect("a valid template"),
    );
    line.enable_steady_tick(Duration::from_millis(200));
    line
}
