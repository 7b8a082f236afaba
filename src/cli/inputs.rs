//! The inputs a command reads (files, or standard input), each read
//! through the library's one pipeline ([`crate::batch`]): answers to
//! standard output or `--output` in input order, notes on stderr between
//! them, and a progress bar on a terminal.

use std::fs::File;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::batch::{self, Answering, Answers, BatchOptions, Collect, Feed, MazeCounts, Sink, Task};
use crate::family::{Maze, Parsed};
use crate::print::Printer;

use super::args::{InputArgs, MazeArgs};
use super::diagnostic::diagnostic;
use super::output::stdout_or;
use super::say;
use super::status::Outcome;

/// The progress bar appears only for runs longer than this.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// Reads every input, answers each maze with `task`, printed by
/// `printer`, reports bad mazes (in the printer's stream too, when it
/// carries errors), and ends a stream of mazes as the printer does.
///
/// With more than one job, each input is read in pieces on rayon's pool,
/// one thread per job: the output is the same either way.
pub fn answer_all(args: &InputArgs, task: Task, printer: &'static dyn Printer) -> Outcome {
    let out = match output(args) {
        Ok(out) => out,
        Err(message) => return Outcome::of(Err(message)),
    };
    let jobs = super::args::jobs(args.jobs);
    // Pieces, and a huge maze's search, run on rayon's global pool: one
    // thread per job. Building it fails only if it was built before, and
    // then it is sized.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build_global();
    let mut sink = Answered {
        out: BufWriter::with_capacity(1 << 16, out),
        input: String::new(),
        // No bar while a person types the mazes in.
        progress: Progress::new(!args.quiet && io::stderr().is_terminal() && !typed(&args.files)),
        tally: MazeCounts::default(),
    };
    let mut outcome = Outcome::Clean;
    let mut result = Ok(());
    for input in inputs(&args.files) {
        let options = BatchOptions {
            jobs,
            ..options(args, &input)
        };
        sink.input = input.name();
        let answering = Answering::new(&sink.input, task, printer);
        let before = sink.tally;
        let read =
            open(&input).and_then(|reader| batch::run(reader, &options, &answering, &mut sink));
        match read {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                result = sink.out.flush();
                sink.progress
                    .suspend(|| say::error(format!("{}: {error}", sink.input)));
                outcome = outcome.max(Outcome::Failed);
            }
            Ok(()) if sink.tally.mazes + sink.tally.bad == before.mazes + before.bad => {
                // Nothing to answer is never taken for an answer: an
                // input that holds no maze is an error for every command.
                result = sink.out.flush();
                let name = &sink.input;
                sink.progress.suspend(|| say::error(no_maze(name)));
                outcome = outcome.max(Outcome::Failed);
            }
            other => result = other,
        }
        if result.is_err() {
            break;
        }
    }
    sink.progress.finish();
    let mut trailer = String::new();
    task.end(printer, &mut trailer);
    let finished = result.and_then(|()| {
        sink.out.write_all(trailer.as_bytes())?;
        sink.out.flush()
    });
    match finished {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            say::error(format!("cannot write output: {error}"));
            Outcome::Failed
        }
        _ => {
            if let Some(summary) = sink.tally.summary().filter(|_| task == Task::Check) {
                say::note(summary);
            }
            let answered = match sink.tally {
                MazeCounts { bad: 1.., .. } => Outcome::BadMaze,
                MazeCounts { ambiguous: 1.., .. } => Outcome::Ambiguous,
                _ => Outcome::Clean,
            };
            outcome.max(answered)
        }
    }
}

/// How `input` is read, as the arguments say.
fn options(args: &InputArgs, input: &Input) -> BatchOptions {
    let feed = match input {
        Input::File(_) => Feed::File,
        Input::Stdin if io::stdin().is_terminal() => Feed::Terminal,
        Input::Stdin => Feed::Pipe,
    };
    args.maze.options(BatchOptions {
        feed,
        ..BatchOptions::default()
    })
}

/// Where the answers go: standard output, or the file of `--output`,
/// which must not be one of the inputs (creating it would empty it).
fn output(args: &InputArgs) -> Result<Box<dyn Write + Send>, String> {
    if let Some(path) = &args.output {
        let same = |input: &PathBuf| match (input.canonicalize(), path.canonicalize()) {
            (Ok(input), Ok(output)) => input == output,
            _ => false,
        };
        if let Some(input) = args.files.iter().find(|input| same(input)) {
            return Err(format!(
                "--output {} is also an input: writing it would empty it first",
                input.display()
            ));
        }
    }
    stdout_or(args.output.as_deref())
}

/// Writes answers in order, each note on stderr after the answers before
/// it, and keeps the count.
struct Answered<W: Write> {
    out: W,
    /// The name of the input being read.
    input: String,
    progress: Progress,
    tally: MazeCounts,
}

impl<W: Write + Send> Sink<Answers> for Answered<W> {
    fn take(&mut self, answers: Answers, bytes_read: usize) -> io::Result<()> {
        let mut written = 0;
        for (at, note) in &answers.notes {
            self.out.write_all(&answers.text.as_bytes()[written..*at])?;
            written = *at;
            // Flush stdout first so that both streams read in input order
            // on a terminal.
            self.out.flush()?;
            let note = diagnostic(&self.input, note);
            self.progress.suspend(|| say::text(&note));
        }
        self.out.write_all(&answers.text.as_bytes()[written..])?;
        let done = self.tally.mazes + answers.tally.mazes;
        self.progress.advance(&self.input, done, bytes_read);
        self.tally.add(answers.tally);
        Ok(())
    }
}

/// Why an input that holds no maze (empty, blank, or `END` alone) cannot be
/// worked on: the same words for every command.
pub fn no_maze(name: &str) -> String {
    format!("{name} holds no maze")
}

/// Every maze of `file` ('-' for standard input), read as `args` say,
/// reporting bad mazes on stderr; the outcome says whether there were any.
pub fn mazes_in(file: &Path, args: &MazeArgs) -> Result<(Vec<Maze>, Outcome), String> {
    let input = match file.to_str() {
        Some("-") => Input::Stdin,
        _ => Input::File(file.to_path_buf()),
    };
    let name = file.display().to_string();
    let options = args.options(BatchOptions::default());
    let mut outcome = Outcome::Clean;
    let mut mazes = Vec::new();
    let mut keep = |items: Vec<Parsed>, _| {
        for item in items {
            match item {
                Parsed::Maze(maze) => mazes.push(maze),
                Parsed::Error(error) => {
                    say::text(&diagnostic(&name, &batch::Note::Error(error)));
                    outcome = Outcome::BadMaze;
                }
                Parsed::Warning(warning) => {
                    say::text(&diagnostic(&name, &batch::Note::Warning(warning)))
                }
            }
        }
        Ok(())
    };
    open(&input)
        .and_then(|reader| batch::run(reader, &options, &Collect, &mut keep))
        .map_err(|e| format!("{name}: {e}"))?;
    Ok((mazes, outcome))
}

/// The mazes of input `name` to use: all of them, or those named `wanted`.
pub fn choose(mazes: Vec<Maze>, wanted: Option<&str>, name: &str) -> Result<Vec<Maze>, String> {
    if mazes.is_empty() {
        return Err(no_maze(name));
    }
    let Some(wanted) = wanted else {
        return Ok(mazes);
    };
    let names: Vec<String> = mazes.iter().map(|m| format!("'{}'", m.name())).collect();
    let chosen: Vec<Maze> = mazes.into_iter().filter(|m| m.name() == wanted).collect();
    match chosen.is_empty() {
        true => Err(format!(
            "{name} holds no maze named '{wanted}' (it holds {})",
            names.join(", ")
        )),
        false => Ok(chosen),
    }
}

/// A progress bar on stderr (position in the input, speed, mazes done and
/// time left) that shows itself only after [`PROGRESS_DELAY`], and never
/// when disabled.
struct Progress {
    bar: ProgressBar,
    enabled: bool,
    started: Instant,
}

impl Progress {
    fn new(enabled: bool) -> Progress {
        Progress {
            bar: ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
            enabled,
            started: Instant::now(),
        }
    }

    /// Notes `mazes` done in all and `bytes` of input `name` read.
    fn advance(&self, name: &str, mazes: usize, bytes: usize) {
        if self.bar.prefix() != name {
            let size = std::fs::metadata(name)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            let template = match size {
                Some(_) => {
                    "{spinner} {prefix} {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}), {msg}, {eta} left"
                }
                None => "{spinner} {prefix} {bytes} read ({bytes_per_sec}), {msg}",
            };
            self.bar
                .set_style(ProgressStyle::with_template(template).expect("a valid template"));
            self.bar.set_prefix(name.to_string());
            self.bar.set_length(size.unwrap_or(0));
        }
        if self.enabled && self.bar.is_hidden() && self.started.elapsed() >= PROGRESS_DELAY {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.set_message(format!("{mazes} mazes"));
        self.bar.set_position(bytes as u64);
    }

    fn suspend(&self, f: impl FnOnce()) {
        self.bar.suspend(f)
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
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

/// Whether one of `files` is standard input on a terminal.
fn typed(files: &[PathBuf]) -> bool {
    inputs(files)
        .iter()
        .any(|input| matches!(input, Input::Stdin))
        && io::stdin().is_terminal()
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

/// `input` opened for reading. A terminal on standard input is told what
/// is awaited, so that a command never waits there in silence.
fn open(input: &Input) -> io::Result<Box<dyn BufRead>> {
    Ok(match input {
        Input::Stdin => {
            if io::stdin().is_terminal() {
                say::note(
                    "reading mazes from the terminal: type or paste them, then a line END \
                     (or Ctrl-D); Ctrl-C stops",
                );
            }
            Box::new(batch::buffered(io::stdin().lock()))
        }
        Input::File(path) => Box::new(batch::buffered(File::open(path)?)),
    })
}
