//! Reading inputs line by line (or, with more than one job, in pieces on
//! all threads: [`pieces`]), handling the mazes, and writing the results in
//! input order, with an optional progress bar.

use std::fs::File;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::family::Parsed;
use crate::input::{InputFormat, MazeReader};
use crate::print::Printer;
use crate::read::{Limits, Memory};

use super::aligned::AlignedReader;
use super::answer::{Answering, Output, Tally, Task};
use super::lines::{for_each_line, Event};
use super::output::stdout_or;
use super::pieces::{self, Job, Piece, Reading, SpareBuffers, Start};
use super::{max_memory, say, InputArgs, Outcome};

/// More jobs than this count as this many: each is a thread.
pub const MAX_JOBS: usize = 256;
/// With one job, a batch is handled once it holds this many mazes...
const BATCH_MAZES: usize = 256;
/// ... or mazes of this many search states in all (bounding memory).
const BATCH_STATES: usize = 1 << 22;
/// With more jobs, this many pieces may be on their way to the writer.
const PIECES_IN_FLIGHT: usize = 4;
/// Bytes asked for in each read of an input.
const READ_BYTES: usize = 1 << 20;
/// The progress bar appears only for runs longer than this.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// Reads every input, answers each maze with `task`, printed by
/// `printer`, reports bad mazes (in the printer's stream too, when it
/// carries errors), and ends a stream of mazes as the printer does.
///
/// With one job everything happens on this thread. With more, this thread
/// reads and cuts each input into pieces that are read and handled on
/// rayon's pool (one thread per job), and a writer thread writes the
/// results in input order: the output is the same either way.
pub fn process(args: &InputArgs, task: Task, printer: &'static dyn Printer) -> Outcome {
    let out = match output(args) {
        Ok(out) => out,
        Err(message) => return Outcome::of(Err(message)),
    };
    let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.filter(|&jobs| jobs > 0).unwrap_or_else(cores);
    let jobs = jobs.min(MAX_JOBS);
    let (limits, side_by_side) = limits(args, jobs, task.bytes_per_state());
    // Pieces, and a huge maze's search, run on rayon's global pool: one
    // thread per job. Building it fails only if it was built before, and
    // then it is sized.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build_global();
    let progress = Progress::new(!args.quiet && io::stderr().is_terminal());
    let spare = SpareBuffers::default();
    let mut writer = Writer {
        out: BufWriter::with_capacity(1 << 16, out),
        task,
        printer,
        carry: None,
        limits,
        spare: &spare,
        progress: &progress,
        outcome: Outcome::Clean,
        tally: Tally::default(),
    };
    let result = match jobs {
        1 => read_inputs(args, limits, &mut |job| writer.take(job)),
        _ => std::thread::scope(|scope| {
            let (sender, receiver) = std::sync::mpsc::sync_channel::<Job>(PIECES_IN_FLIGHT);
            let writing = scope.spawn(|| {
                for job in receiver {
                    writer.take(job)?;
                }
                Ok(())
            });
            let read = read_inputs_in_pieces(
                args,
                (limits, side_by_side),
                (task, printer),
                &spare,
                &mut |job| {
                    sender
                        .send(job)
                        .map_err(|_| io::ErrorKind::BrokenPipe.into())
                },
            );
            drop(sender);
            let written = writing.join().expect("the writer thread does not panic");
            written.and(read)
        }),
    };
    progress.finish();
    let mut trailer = String::new();
    task.end(printer, &mut trailer);
    let finished = result.and_then(|()| {
        writer.out.write_all(trailer.as_bytes())?;
        writer.out.flush()
    });
    match finished {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            say::error(format!("cannot write output: {error}"));
            Outcome::Failed
        }
        _ => {
            if let Some(summary) = writer.tally.summary().filter(|_| task == Task::Check) {
                say::note(summary);
            }
            writer.outcome
        }
    }
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

/// Reads every input in batches of items, passing each batch to `take`.
fn read_inputs(
    args: &InputArgs,
    limits: Limits,
    take: &mut dyn FnMut(Job) -> io::Result<()>,
) -> io::Result<()> {
    for input in inputs(&args.files) {
        let name: Arc<str> = input.name().into();
        let read = open(&input).and_then(|reader| {
            let parser = MazeReader::new(input_format(args), args.family, limits);
            read_input(
                reader,
                parser,
                (args, input.is_terminal()),
                limits,
                &name,
                take,
            )
        });
        match read {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                take(Job::Unreadable { name, error })?
            }
            other => other?,
        }
    }
    Ok(())
}

/// Reads every input in pieces (see [`pieces`]), passing them to `take`.
fn read_inputs_in_pieces(
    args: &InputArgs,
    (limits, side_by_side): (Limits, Limits),
    (task, printer): (Task, &'static dyn Printer),
    spare: &SpareBuffers,
    take: &mut dyn FnMut(Job) -> io::Result<()>,
) -> io::Result<()> {
    for input in inputs(&args.files) {
        let name: Arc<str> = input.name().into();
        let reading = Reading {
            format: input_format(args),
            family: args.family,
            limits,
            side_by_side,
            is_file: matches!(input, Input::File(_)),
            typed: input.is_terminal(),
            answering: Answering {
                name: name.clone(),
                task,
                printer,
            },
            spare,
        };
        let read = open(&input).and_then(|reader| {
            rayon::in_place_scope(|pool| pieces::read_input(reader, &reading, pool, take))
        });
        match read {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                take(Job::Unreadable { name, error })?
            }
            other => other?,
        }
    }
    Ok(())
}

/// The limits of the readers of a run with `jobs` jobs whose mazes cost
/// `bytes_per_state` each: those of the reader that takes large mazes, and
/// those of the readers beside it.
///
/// The memory budget is shared by every maze in memory at once. Readers on
/// the pool read mazes side by side, but leave a large one (over a share
/// of half the budget: one share per thread and one for the writer) to the
/// writer thread, which takes them one at a time. So the pool's mazes and
/// the writer's each stay within half of the budget, and a maze may take
/// half of it, whatever the number of jobs (the output must not depend on
/// it).
fn limits(args: &InputArgs, jobs: usize, bytes_per_state: u64) -> (Limits, Limits) {
    let budget = max_memory(args);
    let max_bytes = budget / 2;
    let memory = Memory {
        max_bytes,
        bytes_per_state,
        defer_over: None,
    };
    let one_at_a_time = Limits {
        max_states: args.max_states,
        memory: Some(memory),
        strict: false,
    };
    let side_by_side = Limits {
        memory: Some(Memory {
            defer_over: Some(budget / 2 / (jobs as u64 + 1)),
            ..memory
        }),
        ..one_at_a_time
    };
    (one_at_a_time, side_by_side)
}

fn input_format(args: &InputArgs) -> Option<InputFormat> {
    args.input_format.map(InputFormat::from)
}

/// Reads one input line by line, passing on a batch whenever it is full
/// and whenever the buffered input runs out (so that typed input is
/// answered at once). Reading stops at the text after `END`, or at `END`
/// itself when the input is `typed` on a terminal.
fn read_input(
    mut reader: impl BufRead,
    mut parser: MazeReader,
    (args, typed): (&InputArgs, bool),
    limits: Limits,
    name: &Arc<str>,
    take: &mut dyn FnMut(Job) -> io::Result<()>,
) -> io::Result<()> {
    let (mut items, mut states, mut bytes) = (Vec::new(), 0, 0);
    let add = |item: Parsed, items: &mut Vec<Parsed>, states: &mut usize| {
        if let Parsed::Maze(maze) = &item {
            *states += maze.state_count();
        }
        items.push(item);
    };
    let mut pass_on = |items: &mut Vec<Parsed>, states: &mut usize, bytes: usize| {
        *states = 0;
        let items = std::mem::take(items);
        take(Job::Batch {
            name: name.clone(),
            items,
            bytes,
        })
    };
    for_each_line(&mut reader, input_format(args), limits, |event| {
        match event {
            Event::Lines(mut lines) => {
                while !lines.is_empty() && !parser.is_done() {
                    let read =
                        parser.push_lines(lines, &mut |item| add(item, &mut items, &mut states));
                    (lines, bytes) = (&lines[read..], bytes + read);
                    if items.len() >= BATCH_MAZES || states >= BATCH_STATES {
                        pass_on(&mut items, &mut states, bytes)?;
                    }
                }
            }
            Event::Drained if !items.is_empty() => pass_on(&mut items, &mut states, bytes)?,
            Event::Drained => {}
        }
        Ok(!(parser.is_done() || typed && parser.ended()))
    })?;
    parser.finish(&mut |item| add(item, &mut items, &mut states));
    pass_on(&mut items, &mut states, bytes)
}

/// Handles what the reader passes on and writes the results in order.
struct Writer<'a, W: Write> {
    out: W,
    task: Task,
    printer: &'static dyn Printer,
    /// The reader that read the input being read in pieces up to the last
    /// piece taken.
    carry: Option<MazeReader>,
    /// The limits of the reader that reads large mazes.
    limits: Limits,
    spare: &'a SpareBuffers,
    progress: &'a Progress,
    outcome: Outcome,
    tally: Tally,
}

impl<'a, W: Write> Writer<'a, W> {
    fn take(&mut self, job: Job) -> io::Result<()> {
        match job {
            Job::Batch { name, items, bytes } => {
                let answering = self.answering(name.clone());
                let mut output = Output::default();
                for item in items {
                    answering.add(item, &mut output);
                }
                self.write(&name, output, bytes)
            }
            Job::Piece(piece) => self.take_piece(piece),
            Job::End { name, bytes } => {
                let mut output = Output::default();
                let answering = self.answering(name.clone());
                if let Some(mut reader) = self.carry.take() {
                    reader.finish(&mut |item| answering.add(item, &mut output));
                }
                self.write(&name, output, bytes)
            }
            Job::Unreadable { name, error } => {
                self.out.flush()?;
                self.progress
                    .suspend(|| say::error(format!("{name}: {error}")));
                self.outcome = self.outcome.max(Outcome::Failed);
                Ok(())
            }
        }
    }

    /// Takes a piece's answers from the pool when it was read from where
    /// the input's reader stands, or else reads it with that reader.
    fn take_piece(&mut self, piece: Piece) -> io::Result<()> {
        let Piece {
            name,
            text,
            bytes,
            start,
        } = piece;
        let speculation = match start {
            Start::Input(reader) => {
                self.carry = Some(reader);
                None
            }
            Start::After => None,
            Start::Guess(boundary, receiver) => {
                let carry = self.carry.as_ref().and_then(MazeReader::boundary);
                (carry == Some(boundary))
                    .then(|| receiver.recv().expect("the piece is read"))
                    .filter(|speculation| !speculation.reader.gave_up())
            }
        };
        let output = match speculation {
            Some(mut speculation) => {
                // The writer takes large mazes, which readers on the pool
                // leave to it.
                speculation.reader.set_limits(self.limits);
                self.carry = Some(speculation.reader);
                speculation.output
            }
            None => {
                let mut output = Output::default();
                let answering = self.answering(name.clone());
                if let Some(reader) = &mut self.carry {
                    answering.read(reader, &text, &mut output);
                }
                output
            }
        };
        self.spare.give(text);
        self.write(&name, output, bytes)
    }

    fn answering(&self, name: Arc<str>) -> Answering {
        Answering {
            name,
            task: self.task,
            printer: self.printer,
        }
    }

    /// Writes answers in order, each note for stderr after the answers
    /// before it.
    fn write(&mut self, name: &str, output: Output, bytes: usize) -> io::Result<()> {
        let mut written = 0;
        for (at, note) in &output.notes {
            self.out
                .write_all(&output.stdout.as_bytes()[written..*at])?;
            written = *at;
            // Flush stdout first so that both streams read in input order
            // on a terminal.
            self.out.flush()?;
            self.progress.suspend(|| say::text(note));
        }
        self.out.write_all(&output.stdout.as_bytes()[written..])?;
        self.outcome = self.outcome.max(output.outcome);
        self.progress.advance(name, output.tally.mazes, bytes);
        self.tally.add(output.tally);
        Ok(())
    }
}

/// A progress bar on stderr (position in the input, speed, mazes done and
/// time left) that shows itself only after [`PROGRESS_DELAY`], and never
/// when disabled.
struct Progress {
    bar: ProgressBar,
    enabled: bool,
    started: Instant,
    mazes: AtomicUsize,
}

impl Progress {
    fn new(enabled: bool) -> Progress {
        Progress {
            bar: ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
            enabled,
            started: Instant::now(),
            mazes: AtomicUsize::new(0),
        }
    }

    /// Notes `mazes` more mazes done and `bytes` of input `name` read.
    fn advance(&self, name: &str, mazes: usize, bytes: usize) {
        if self.bar.prefix() != name {
            let size = std::fs::metadata(name)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            let template = match size {
                Some(_) => "{spinner} {prefix} {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}), {msg}, {eta} left",
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
        let done = self.mazes.fetch_add(mazes, Ordering::Relaxed) + mazes;
        self.bar.set_message(format!("{done} mazes"));
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

impl Input {
    /// Whether this is standard input typed on a terminal.
    fn is_terminal(&self) -> bool {
        matches!(self, Input::Stdin) && io::stdin().is_terminal()
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
        Input::Stdin => Box::new(AlignedReader::with_capacity(READ_BYTES, io::stdin().lock())),
        Input::File(path) => Box::new(AlignedReader::with_capacity(READ_BYTES, File::open(path)?)),
    })
}
