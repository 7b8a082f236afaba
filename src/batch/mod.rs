//! Reading a whole input of mazes and handling each item, in input order,
//! on as many threads as asked: the one pipeline of every command that
//! reads mazes (solve, check, convert, render, play, verify).
//!
//! [`run`] reads an input (any `BufRead`: a file through [`buffered`],
//! standard input, bytes in memory) in either format and of any family
//! ([`MazeReader`]). A [`Handler`] says what each item read
//! becomes (an answer printed by a [`Printer`](crate::print::Printer), as
//! [`Answering`] does; or the item itself, as [`Collect`] does), and a
//! [`Sink`] takes what the items became, in input order, as ripgrep's
//! searcher hands matches to its sink.
//!
//! With one job everything happens on the calling thread. With more, the
//! calling thread reads the first maze itself (the input may be one large
//! maze, which leaves the pool nothing to do) and passes it to a writer
//! thread to handle, then cuts the rest of the input into pieces at
//! guessed maze starts ([`maze_start`](crate::input::maze_start)); the
//! pool reads and handles each piece from its guessed start (rayon's
//! pool, or without the `parallel` feature the cutting thread itself, as
//! it cuts), and the writer hands the results to the sink in order,
//! keeping a piece's results only where its guess was right and reading
//! it again where it was not. What the sink is given is the same whatever
//! the number of jobs.
//!
//! ```
//! use logicmaze::batch::{self, BatchOptions};
//! use logicmaze::family::Parsed;
//!
//! let input = b"A\n3 1 N 1 1\n2 1 NF *\n0\nB\n1 2 1 1 1 2\n-1 -1\nEND\n";
//! let names: Vec<String> = batch::parse(input, &BatchOptions::default())
//!     .into_iter()
//!     .filter_map(|item| match item {
//!         Parsed::Maze(maze) => Some(maze.name().to_string()),
//!         _ => None,
//!     })
//!     .collect();
//! assert_eq!(names, ["A", "B"]);
//! ```

mod answer;
mod buffer;
mod lines;
mod order;
mod pieces;

pub use answer::{Answering, Answers, MazeCounts, Note, Task};

use std::io::{self, BufRead, Read};
use std::sync::mpsc::sync_channel;

use crate::family::{Families, Family, Parsed};
use crate::input::{InputFormat, MazeReader};
use crate::read::{DEFAULT_MAX_STATES, Limits, Memory};
use crate::search::{Scratch, parallel};

pub use buffer::binary;
use buffer::{AlignedReader, TextOnly};
use lines::{Event, for_each_line};
use order::Writer;
use pieces::{Reading, SpareBuffers};

/// More jobs than this count as this many: each is a thread.
pub const MAX_JOBS: usize = 256;
/// With one job, the sink is given what a run of this many items became...
const BATCH_ITEMS: usize = 256;
/// ... or of mazes of this many search states in all, whichever is first.
const BATCH_STATES: usize = 1 << 22;
/// With more jobs, this many pieces may be on their way to the writer.
const PIECES_IN_FLIGHT: usize = 4;
/// Bytes asked for in each read of a [`buffered`] input.
const READ_BYTES: usize = 1 << 20;

/// How an input is read. Made from [`BatchOptions::default`] (or
/// [`BatchOptions::DEFAULT`] in a constant) and the `with_*` methods, so that
/// an option added later has its default.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct BatchOptions {
    /// The families the input's mazes may be of.
    pub families: Families,
    /// The input's format; `None`: told by its first line.
    pub format: Option<InputFormat>,
    /// The family of every maze; `None`: told by each maze's header.
    pub family: Option<&'static dyn Family>,
    /// Mazes of more search states are refused before anything is
    /// allocated for them.
    pub max_states: u64,
    /// The memory the mazes in hand at once may take, in bytes, reckoned
    /// from their sizes and the handler's
    /// [`bytes_per_state`](Handler::bytes_per_state): one maze may take
    /// half of it (a larger one is refused), and with several jobs, mazes
    /// over a share of the other half are taken one at a time. `None`:
    /// not reckoned.
    pub max_memory: Option<u64>,
    /// How many mazes to handle at once, each job a thread of rayon's
    /// current pool (which the caller sizes): at least 1, and more than
    /// [`MAX_JOBS`] count as that many. Without the `parallel` feature
    /// more than one job reads the input in pieces all the same, one
    /// piece after another: the results are the same.
    pub jobs: usize,
    /// How the input arrives.
    pub feed: Feed,
    /// With more than one job, pieces are cut once this much text is
    /// waiting: a quarter of a megabyte by default (10,000 10×10 mazes of
    /// 2.5 MB make ten pieces for two jobs to share, where 1 MB pieces made
    /// three and left one job idle).
    pub piece_bytes: usize,
}

impl BatchOptions {
    /// Either format, any of logicmaze's families, at most [`DEFAULT_MAX_STATES`] states a
    /// maze, memory not reckoned, one job, a file: [`BatchOptions::default`],
    /// as a constant.
    pub const DEFAULT: BatchOptions = BatchOptions {
        families: Families::BUILT_IN,
        format: None,
        family: None,
        max_states: DEFAULT_MAX_STATES,
        max_memory: None,
        jobs: 1,
        feed: Feed::File,
        piece_bytes: 1 << 18,
    };

    /// The same options with other [`families`](BatchOptions::families):
    /// logicmaze's own by default.
    pub const fn with_families(mut self, families: Families) -> BatchOptions {
        self.families = families;
        self
    }

    /// The same options with another [`format`](BatchOptions::format): by
    /// default none, each input's first line tells it.
    pub const fn with_format(mut self, format: Option<InputFormat>) -> BatchOptions {
        self.format = format;
        self
    }

    /// The same options with another [`family`](BatchOptions::family): by
    /// default none, each maze's header tells it.
    pub const fn with_family(mut self, family: Option<&'static dyn Family>) -> BatchOptions {
        self.family = family;
        self
    }

    /// The same options with another [`max_states`](BatchOptions::max_states):
    /// [`DEFAULT_MAX_STATES`] by default.
    pub const fn with_max_states(mut self, max_states: u64) -> BatchOptions {
        self.max_states = max_states;
        self
    }

    /// The same options with another [`max_memory`](BatchOptions::max_memory):
    /// by default none, memory is not reckoned.
    pub const fn with_max_memory(mut self, max_memory: Option<u64>) -> BatchOptions {
        self.max_memory = max_memory;
        self
    }

    /// The same options with another number of [`jobs`](BatchOptions::jobs):
    /// 1 by default.
    pub const fn with_jobs(mut self, jobs: usize) -> BatchOptions {
        self.jobs = jobs;
        self
    }

    /// The same options with another [`feed`](BatchOptions::feed):
    /// [`Feed::File`] by default.
    pub const fn with_feed(mut self, feed: Feed) -> BatchOptions {
        self.feed = feed;
        self
    }

    /// The same options with another [`piece_bytes`](BatchOptions::piece_bytes):
    /// a quarter of a megabyte by default.
    pub const fn with_piece_bytes(mut self, piece_bytes: usize) -> BatchOptions {
        self.piece_bytes = piece_bytes;
        self
    }
}

impl Default for BatchOptions {
    fn default() -> BatchOptions {
        BatchOptions::DEFAULT
    }
}

/// How an input arrives, which says when what has been read is handed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    /// A file (or bytes in memory): read through to the end.
    File,
    /// A pipe: whatever has been read is handled each time the input runs
    /// dry, so that an answer never waits for input that has not come.
    Pipe,
    /// Typed on a terminal: as a pipe, and reading stops at `END` instead
    /// of at the first text after it.
    Terminal,
}

/// What a batch makes of each item it reads. `handle` runs on whichever
/// thread reads the item; its outputs reach the [`Sink`] in input order.
pub trait Handler: Sync {
    /// What a run of items becomes.
    type Output: Default + Send;

    /// Adds what `item` becomes to `output`. A search may count in
    /// `scratch`'s arrays ([`FamilyMaze::analyse_in`](crate::family::FamilyMaze::analyse_in)):
    /// the batch keeps one for each run of items read one after another,
    /// and frees it when the run ends.
    fn handle(&self, item: Parsed, output: &mut Self::Output, scratch: &mut Scratch);

    /// What a maze costs per search state while it is handled, for
    /// [`BatchOptions::max_memory`].
    fn bytes_per_state(&self) -> u64;
}

/// Takes what the items became, in input order, with the number of the
/// input's bytes read so far (for a progress bar). An error (such as a
/// closed pipe) stops the run.
pub trait Sink<O>: Send {
    /// Takes what the next run of items became.
    ///
    /// # Errors
    ///
    /// Whatever the sink could not do with it (a closed pipe, a full
    /// disk): [`run`] stops at the first error and returns it.
    fn take(&mut self, output: O, bytes_read: usize) -> io::Result<()>;
}

impl<O, F: FnMut(O, usize) -> io::Result<()> + Send> Sink<O> for F {
    fn take(&mut self, output: O, bytes_read: usize) -> io::Result<()> {
        self(output, bytes_read)
    }
}

/// The handler that keeps every item as it was read.
#[derive(Clone, Copy, Debug, Default)]
pub struct Collect;

impl Handler for Collect {
    type Output = Vec<Parsed>;

    fn handle(&self, item: Parsed, output: &mut Vec<Parsed>, _: &mut Scratch) {
        output.push(item)
    }

    /// The model alone: kept mazes are not searched here.
    fn bytes_per_state(&self) -> u64 {
        1
    }
}

/// Every maze, error and warning of `input`, in order, as [`run`] with
/// [`Collect`] reads them.
///
/// ```
/// use logicmaze::batch::{self, BatchOptions};
/// use logicmaze::family::Parsed;
/// let items = batch::parse(b"D\n1 2 1 1 1 2\n-1 -1\nEND\n", &BatchOptions::default());
/// assert!(matches!(&items[..], [Parsed::Maze(_)]));
/// ```
pub fn parse(input: &[u8], options: &BatchOptions) -> Vec<Parsed> {
    let mut items = Vec::new();
    let sink = |mut read: Vec<Parsed>, _| {
        items.append(&mut read);
        Ok(())
    };
    run(input, options, &Collect, &mut { sink })
        .expect("reading bytes in memory does not fail, and the sink does not either");
    items
}

/// `inner` (a file, standard input) buffered for [`run`], in a buffer
/// placed on a page boundary, where the kernel copies a file's cached
/// pages fastest (as `scripts/read-alignment.py` shows); a read
/// fails at the first NUL byte ([`binary`]).
pub fn buffered<R: Read>(inner: R) -> impl BufRead {
    TextOnly::new(AlignedReader::with_capacity(READ_BYTES, inner))
}

/// Reads `input` as `options` say, handles each item with `handler`, and
/// hands what the items became to `sink` in input order; the first error
/// reading the input or from the sink ends the run, after everything read
/// before it was handed on.
///
/// # Errors
///
/// The first error reading `input` (through [`buffered`], an
/// [`InvalidData`](io::ErrorKind::InvalidData) error at its first NUL
/// byte: see [`binary`]), or the first error the sink returns. A maze
/// that does not read is no error of the run: it is an item, handed to
/// `handler`.
///
/// ```
/// use logicmaze::batch::{self, Collect, BatchOptions};
/// let input = &b"A\n3 1 N 2 1\n0\nB\n3 1 N 2 1\n0\nEND\n"[..];
/// let mut count = 0;
/// let options = BatchOptions::default().with_jobs(2).with_piece_bytes(8);
/// batch::run(input, &options, &Collect, &mut |items: Vec<_>, _| Ok(count += items.len()))?;
/// assert_eq!(count, 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run<H: Handler, S: Sink<H::Output>>(
    input: impl BufRead,
    options: &BatchOptions,
    handler: &H,
    sink: &mut S,
) -> io::Result<()> {
    let jobs = options.jobs.clamp(1, MAX_JOBS);
    let (limits, side_by_side) = limits(options, jobs, handler.bytes_per_state());
    match jobs {
        1 => run_alone(input, options, limits, handler, sink),
        _ => run_in_pieces(input, options, (limits, side_by_side), handler, sink),
    }
}

/// The limits of the readers of a run with `jobs` jobs whose mazes cost
/// `bytes_per_state` each: those of the reader that takes large mazes, and
/// those of the readers beside it.
///
/// The memory budget is shared by every maze in hand at once. Readers on
/// the pool read mazes side by side, but leave a large one (over a share
/// of half the budget: one share per thread and one for the writer) to the
/// writer thread, which takes them one at a time. So the pool's mazes and
/// the writer's each stay within half of the budget, and a maze may take
/// half of it, whatever the number of jobs (the output must not depend on
/// it).
fn limits(options: &BatchOptions, jobs: usize, bytes_per_state: u64) -> (Limits, Limits) {
    let memory = options.max_memory.map(|budget| Memory {
        max_bytes: budget / 2,
        bytes_per_state,
        defer_over: None,
    });
    let one_at_a_time = Limits {
        max_states: options.max_states,
        memory,
        strict: false,
    };
    let side_by_side = Limits {
        memory: memory.map(|memory| Memory {
            defer_over: Some(memory.max_bytes / (jobs as u64 + 1)),
            ..memory
        }),
        ..one_at_a_time
    };
    (one_at_a_time, side_by_side)
}

/// Reads and handles everything on this thread, handing on what a run of
/// items became whenever it is long enough, and whenever the buffered
/// input runs out (so that typed input is answered at once). Reading stops
/// at the text after `END`, or at `END` itself when the input is typed.
fn run_alone<H: Handler, S: Sink<H::Output>>(
    mut input: impl BufRead,
    options: &BatchOptions,
    limits: Limits,
    handler: &H,
    sink: &mut S,
) -> io::Result<()> {
    let mut reader = MazeReader::new(options.families, options.format, options.family, limits);
    let mut pending = Pending::default();
    let mut scratch = Scratch::new();
    let mut bytes = 0;
    let typed = options.feed == Feed::Terminal;
    for_each_line(&mut input, options.format, limits, |event| {
        match event {
            Event::Lines(mut lines) => {
                while !lines.is_empty() && !reader.is_done() {
                    let read = reader
                        .push_lines(lines, &mut |item| pending.add(handler, item, &mut scratch));
                    (lines, bytes) = (&lines[read..], bytes + read);
                    if pending.is_full() {
                        sink.take(pending.take(), bytes)?;
                    }
                }
            }
            Event::Drained if pending.items > 0 => sink.take(pending.take(), bytes)?,
            Event::Drained => {}
        }
        Ok(!(reader.is_done() || typed && reader.ended()))
    })?;
    reader.finish(&mut |item| pending.add(handler, item, &mut scratch));
    sink.take(pending.take(), bytes)
}

/// What the items handled since the sink was last given anything became.
#[derive(Default)]
struct Pending<O> {
    output: O,
    items: usize,
    /// The search states of those items' mazes.
    states: usize,
}

impl<O: Default> Pending<O> {
    fn add<H: Handler<Output = O>>(&mut self, handler: &H, item: Parsed, scratch: &mut Scratch) {
        if let Parsed::Maze(maze) = &item {
            self.states += maze.state_count();
        }
        self.items += 1;
        handler.handle(item, &mut self.output, scratch);
    }

    fn is_full(&self) -> bool {
        self.items >= BATCH_ITEMS || self.states >= BATCH_STATES
    }

    fn take(&mut self) -> O {
        std::mem::take(self).output
    }
}

/// Cuts the input into pieces on this thread, reads and handles them on
/// the pool, and hands them on in order from a writer thread.
fn run_in_pieces<H: Handler, S: Sink<H::Output>>(
    input: impl BufRead,
    options: &BatchOptions,
    (limits, side_by_side): (Limits, Limits),
    handler: &H,
    sink: &mut S,
) -> io::Result<()> {
    let spare = SpareBuffers::default();
    let reading = Reading {
        families: options.families,
        format: options.format,
        family: options.family,
        limits,
        side_by_side,
        feed: options.feed,
        piece_bytes: options.piece_bytes.max(1),
        handler,
        spare: &spare,
    };
    std::thread::scope(|scope| {
        let (sender, receiver) = sync_channel(PIECES_IN_FLIGHT);
        let mut writer = Writer {
            handler,
            sink,
            carry: None,
            limits,
            spare: &spare,
            scratch: Scratch::new(),
        };
        let writing = scope.spawn(move || {
            for job in receiver {
                writer.take(job)?;
            }
            Ok(())
        });
        let read = parallel::in_place_scope(|pool| {
            pieces::read_input(input, &reading, pool, &mut |job| {
                sender
                    .send(job)
                    .map_err(|_| io::ErrorKind::BrokenPipe.into())
            })
        });
        drop(sender);
        let written: io::Result<()> = writing.join().expect("the writer thread does not panic");
        written.and(read)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::Format;

    /// What answering `input` with `task` writes, with `jobs` jobs on a
    /// pool of as many threads, in pieces of 64 bytes.
    fn answered(input: &[u8], task: Task, jobs: usize) -> String {
        let answering = Answering::new("sample", task, Format::Judge.printer());
        let options = BatchOptions::default().with_jobs(jobs).with_piece_bytes(64);
        let mut text = String::new();
        parallel::with_threads(jobs, || {
            run(input, &options, &answering, &mut |answers: Answers, _| {
                text += &answers.text;
                Ok(())
            })
        })
        .expect("reading bytes in memory does not fail");
        text
    }

    /// The samples' answers are the judges' with any number of jobs, and
    /// so are their checks: with the `parallel` feature the pieces are
    /// read on the pool, without it one after another on the cutting
    /// thread, and both give what one job gives.
    #[test]
    fn the_samples_answers_are_the_same_with_any_number_of_jobs() {
        let samples: [(&[u8], &str); 3] = [
            (
                include_bytes!("../../examples/arrow.in"),
                include_str!("../../examples/arrow.out"),
            ),
            (
                include_bytes!("../../examples/dice.in"),
                include_str!("../../examples/dice.out"),
            ),
            (
                include_bytes!("../../examples/minotaur.in"),
                include_str!("../../examples/minotaur.out"),
            ),
        ];
        for (input, expected) in samples {
            let checked = answered(input, Task::Check, 1);
            for jobs in [1, 2, 4] {
                assert_eq!(answered(input, Task::Solve, jobs), expected, "{jobs} jobs");
                assert_eq!(answered(input, Task::Check, jobs), checked, "{jobs} jobs");
            }
        }
    }
}
