//! Finding the smallest maze a program gets wrong, and why (the feature
//! `stress`): the part of `logicmaze stress` that draws mazes, judges a
//! program's run on them and shrinks a failing maze, with what a family
//! offers for it ([`StressFamily`](crate::family::StressFamily), its
//! random mazes, and [`StressMaze`](crate::family::StressMaze), a maze's
//! simpler ones). Running the program is the caller's (the command
//! line's): this module does no I/O.
//!
//! ```
//! use logicmaze::stress::{self, Kind, Names, ProgramRun, Status};
//! use logicmaze::verify::Layout;
//! let dice = logicmaze::family::Families::BUILT_IN.named("dice").unwrap();
//! let mazes = stress::draw(dice, 7, 0, 10, Names::Spaced);
//! assert_eq!(mazes[0].name(), "Maze 1");
//! assert!(!mazes.is_empty());
//! // A program that prints nothing is told so.
//! let run = ProgramRun { status: Status::Exited(0), stdout: Vec::new(), stderr: Vec::new(), too_long: false };
//! let failure = stress::judge(&mazes, &run, Layout::Strict).unwrap();
//! assert_eq!(failure.kind(), Kind::NotTheFormat);
//! ```

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::family::draws::{judges_text, plain_name, preferring_a_route};
use crate::family::{Family, Maze};
use crate::verify::{self, Layout, escaped};

/// Mazes a run of the program is given.
pub const MAZES_PER_RUN: usize = 8;

/// Runs drawn at each side before the side grows by one.
pub const RUNS_PER_SIDE: u64 = 16;

pub use crate::family::draws::{NameRule, Names};

/// The largest side of the mazes of run `index`: 2, growing by one every
/// [`RUNS_PER_SIDE`] runs, to `max_side`.
///
/// ```
/// use logicmaze::stress::{side_cap, RUNS_PER_SIDE};
/// assert_eq!(side_cap(0, 10), 2);
/// assert_eq!(side_cap(RUNS_PER_SIDE, 10), 3);
/// assert_eq!(side_cap(1_000_000, 10), 10);
/// ```
pub fn side_cap(index: u64, max_side: u32) -> u32 {
    (2 + index / RUNS_PER_SIDE).min(max_side.max(1) as u64) as u32
}

/// The mazes of run `index` of a search from `seed`: [`MAZES_PER_RUN`]
/// random mazes named as `names` says (one word each under the family's
/// [`NameRule`], as its original statement has them, or with spaces,
/// `Maze 1`), of sides from 1 up to
/// [`side_cap`], of every density; three in four drawn again, up to
/// twenty times, until one has a route. None if the family makes no
/// random mazes.
pub fn draw(family: &dyn Family, seed: u64, index: u64, max_side: u32, names: Names) -> Vec<Maze> {
    let Some(random) = family.stress() else {
        return Vec::new();
    };
    let cap = side_cap(index, max_side);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut mazes = Vec::with_capacity(MAZES_PER_RUN);
    for i in 0..MAZES_PER_RUN {
        let rows = rng.gen_range(1..=cap);
        let cols = rng.gen_range(1..=cap);
        let density = rng.gen_range(0..=100);
        let draws = if i % 4 == 3 { 1 } else { 20 };
        let maze = preferring_a_route(
            draws,
            || random.random(rng.r#gen(), rows, cols, density),
            |maze| maze.solve().is_some(),
        );
        let name = match names {
            Names::Words => random.names().drawn(&mut rng, i),
            Names::Spaced => names.of(&format!("Maze {}", i + 1)),
        };
        mazes.push(renamed(&maze, &name));
    }
    mazes
}

/// `maze` under the name `name`, through its text.
fn renamed(maze: &Maze, name: &str) -> Maze {
    read(&(judges_text(name, &**maze) + "END\n"))
        .into_iter()
        .next()
        .expect("a maze's own text reads back")
}

/// The mazes of `text`, in the judges' format.
fn read(text: &str) -> Vec<Maze> {
    let options = crate::batch::BatchOptions {
        format: Some(crate::input::InputFormat::Judge),
        ..crate::batch::BatchOptions::DEFAULT
    };
    crate::batch::parse(text.as_bytes(), &options)
        .into_iter()
        .filter_map(|item| match item {
            crate::family::Parsed::Maze(maze) => Some(maze),
            _ => None,
        })
        .collect()
}

/// `mazes` as the program's input: the judges' format, then `END`.
pub fn input(mazes: &[Maze]) -> String {
    let mut text = String::new();
    for maze in mazes {
        crate::text::write_maze(&mut text, maze).expect("writing to a string");
    }
    text.push_str("END\n");
    text
}

/// The right answer to `mazes`, as `logicmaze solve` writes it.
pub fn answer(mazes: &[Maze]) -> String {
    let mut text = String::new();
    for maze in mazes {
        crate::text::write_solution(&mut text, maze, maze.solve().as_ref());
    }
    text
}

/// How a run of the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It exited with this status.
    Exited(i32),
    /// A signal ended it.
    Signalled(i32),
    /// It was still running at its time-out, and was killed.
    TimedOut,
}

/// What a run of the program gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramRun {
    /// How it ended.
    pub status: Status,
    /// Its standard output, up to the caller's bound.
    pub stdout: Vec<u8>,
    /// The end of its standard error.
    pub stderr: Vec<u8>,
    /// Whether its output passed the caller's bound (it was then killed).
    pub too_long: bool,
}

/// How a program failed on some mazes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProgramFailure {
    /// It answered, wrongly: the judge's first reason.
    Wrong(String),
    /// It ended with a status other than 0, or by a signal.
    Crashed(Status),
    /// It did not end within its time-out.
    TimedOut,
    /// Its output is not the output format at all: no maze's name on a
    /// line of its own (or more output than the bound).
    NotTheFormat(String),
    /// Its routes are right, but not laid out as the judges' format lays
    /// them out ([`Layout::Strict`]): the first difference.
    Layout(String),
}

/// The kinds of [`ProgramFailure`]: a shrunk maze must fail the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// A wrong answer.
    Wrong,
    /// A crash.
    Crashed,
    /// A time-out.
    TimedOut,
    /// Output that is not the format.
    NotTheFormat,
    /// Right routes in the wrong layout.
    Layout,
}

impl ProgramFailure {
    /// Its kind.
    pub fn kind(&self) -> Kind {
        match self {
            ProgramFailure::Wrong(_) => Kind::Wrong,
            ProgramFailure::Crashed(_) => Kind::Crashed,
            ProgramFailure::TimedOut => Kind::TimedOut,
            ProgramFailure::NotTheFormat(_) => Kind::NotTheFormat,
            ProgramFailure::Layout(_) => Kind::Layout,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Status::Exited(code) => write!(f, "exit status {code}"),
            Status::Signalled(signal) => match signal_name(*signal) {
                Some(name) => write!(f, "signal {signal} ({name})"),
                None => write!(f, "signal {signal}"),
            },
            Status::TimedOut => f.write_str("still running at its time-out"),
        }
    }
}

/// The usual name of a signal that ends a crashing program.
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "SIGILL: an illegal instruction",
        6 => "SIGABRT: aborted, as by a failed assertion or an uncaught exception",
        8 => "SIGFPE: an arithmetic error, as a division by zero",
        9 => "SIGKILL",
        11 => "SIGSEGV: a bad memory access, as past an array's end",
        13 => "SIGPIPE",
        _ => return None,
    })
}

impl fmt::Display for ProgramFailure {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ProgramFailure::Wrong(reason) => write!(f, "a wrong answer: {reason}"),
            ProgramFailure::Crashed(status) => write!(f, "a crash: {status}"),
            ProgramFailure::TimedOut => {
                f.write_str("a time-out: no answer within the time allowed")
            }
            ProgramFailure::NotTheFormat(why) => write!(f, "output that is not the format: {why}"),
            ProgramFailure::Layout(why) => write!(f, "right route, wrong layout: {why}"),
        }
    }
}

/// How the program failed on `mazes` in `run`, judged as `verify` judges
/// an answer with `layout`; `None` when it answered every maze rightly.
pub fn judge(mazes: &[Maze], run: &ProgramRun, layout: Layout) -> Option<ProgramFailure> {
    // Killed for printing too much: that, not the kill, is the failure.
    if run.too_long {
        return Some(ProgramFailure::NotTheFormat(format!(
            "it printed more than {} bytes",
            run.stdout.len()
        )));
    }
    match run.status {
        Status::TimedOut => return Some(ProgramFailure::TimedOut),
        Status::Exited(0) => {}
        status => return Some(ProgramFailure::Crashed(status)),
    }
    if run.stdout.is_empty() {
        return Some(ProgramFailure::NotTheFormat(
            "it printed nothing".to_string(),
        ));
    }
    let report = verify::verify_solving(mazes, &run.stdout, layout);
    let problem = report.first_problem()?;
    if report.presentation_only() {
        // `NAME: line N: wrong layout: WHAT`, said without the words the
        // failure's own name repeats; the last of them, as a maze's name
        // may hold the same words.
        let layout = match problem.rfind("wrong layout: ") {
            Some(at) => format!(
                "{}{}",
                &problem[..at],
                &problem[at + "wrong layout: ".len()..]
            ),
            None => problem,
        };
        return Some(ProgramFailure::Layout(layout));
    }
    let names_a_maze = run
        .stdout
        .split(|&b| b == b'\n')
        .any(|line| mazes.iter().any(|maze| line == maze.name().as_bytes()));
    Some(match names_a_maze {
        true => ProgramFailure::Wrong(problem),
        false => ProgramFailure::NotTheFormat(format!(
            "no line of it is a maze's name ({})",
            escaped(&problem)
        )),
    })
}

/// `mazes` shrunk while they still fail as `kind`: first to the one maze
/// that fails alone (or to fewer mazes, one dropped at a time), then to
/// ever simpler mazes
/// ([`StressMaze::simpler`](crate::family::StressMaze::simpler): a row or
/// a column fewer, a part fewer), keeping each step that still fails,
/// until no simpler maze does. `fails` judges candidates `batch` at a
/// time (the caller may run them at once) and says which fail as `kind`;
/// of a batch the first that fails is kept, so the result is the same
/// whatever the batch. Returns the mazes and the candidates tried (as one
/// at a time would try them).
pub fn shrink(
    mazes: Vec<Maze>,
    batch: usize,
    mut fails: impl FnMut(&[Vec<Maze>]) -> Vec<bool>,
) -> (Vec<Maze>, usize) {
    let batch = batch.max(1);
    let mut tried = 0;
    let mut first_failing = |candidates: &[Vec<Maze>]| -> Option<usize> {
        for (start, chunk) in candidates.chunks(batch).enumerate() {
            // Counted up to the first that fails, as one at a time would
            // have: the count is the same whatever the batch.
            match fails(chunk).iter().position(|&f| f) {
                Some(at) => {
                    tried += at + 1;
                    return Some(start * batch + at);
                }
                None => tried += chunk.len(),
            }
        }
        None
    };
    let mut current = mazes;
    // One maze alone, else one maze fewer at a time.
    if current.len() > 1 {
        let alone: Vec<Vec<Maze>> = current.iter().map(|m| vec![m.clone()]).collect();
        match first_failing(&alone) {
            Some(at) => current = alone[at].clone(),
            None => loop {
                let fewer: Vec<Vec<Maze>> = (0..current.len())
                    .map(|skip| {
                        let mut kept = current.clone();
                        kept.remove(skip);
                        kept
                    })
                    .collect();
                match first_failing(&fewer) {
                    Some(at) if current.len() > 1 => current = fewer[at].clone(),
                    _ => break,
                }
            },
        }
    }
    // Then each maze simpler, one step at a time: first its name plain,
    // then its parts.
    for index in 0..current.len() {
        let plain = plain_name(index);
        if current[index].name() != plain {
            let mut candidate = current.clone();
            candidate[index] = renamed(&current[index], &plain);
            if first_failing(std::slice::from_ref(&candidate)).is_some() {
                current = candidate;
            }
        }
        loop {
            let simpler: Vec<Vec<Maze>> = (current[index].stress())
                .map_or_else(Vec::new, |maze| maze.simpler())
                .into_iter()
                .map(|maze| {
                    let mut candidate = current.clone();
                    candidate[index] = maze;
                    candidate
                })
                .collect();
            match first_failing(&simpler) {
                Some(at) => current = simpler[at].clone(),
                None => break,
            }
        }
    }
    (current, tried)
}

/// How many squares (cells) `mazes` have in all: the size of a shrunk
/// failure.
pub fn squares(mazes: &[Maze]) -> u64 {
    mazes
        .iter()
        .map(|maze| maze.size().0 as u64 * maze.size().1 as u64)
        .sum()
}
