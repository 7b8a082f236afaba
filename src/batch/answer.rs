//! What `solve`, `check` and `convert` make of each item they read: a
//! maze is answered by its task and printed by the command's printer; a
//! bad maze or a warning becomes a note for the user, placed between the
//! answers it came between.

use std::sync::Arc;

use crate::analysis::Uniqueness;
use crate::family::{Maze, Parsed};
use crate::print::Printer;
use crate::read::{ParseError, ParseWarning};
use crate::search::Scratch;
use crate::text::unwritable;

use super::Handler;

/// What a command does with each maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Find a shortest route.
    Solve,
    /// Count the shortest routes and find what no route uses.
    Check,
    /// Write the maze in another format.
    Convert,
}

impl Task {
    /// Appends the answer to `maze`, printed by `printer`, to `answers`,
    /// counting routes in `scratch`'s arrays.
    fn answer(
        self,
        maze: &Maze,
        printer: &dyn Printer,
        answers: &mut Answers,
        scratch: &mut Scratch,
    ) {
        let out = &mut answers.text;
        match self {
            Task::Solve => printer.solution(out, maze, maze.solve().as_ref()),
            Task::Check => {
                let analysis = maze.analyse_in(scratch);
                printer.analysis(out, maze, &analysis);
                if analysis.verdict == Uniqueness::Ambiguous {
                    answers.tally.ambiguous += 1;
                }
            }
            Task::Convert => {
                if let Err(why) = printer.maze(out, maze) {
                    answers.tally.bad += 1;
                    let note = Note::Unwritable(unwritable(maze.name(), why));
                    answers.notes.push((answers.text.len(), note));
                }
            }
        }
    }

    /// Appends what ends the output: the end of a stream of mazes, when
    /// the task writes mazes.
    ///
    /// ```
    /// use logicmaze::batch::Task;
    /// use logicmaze::print::Format;
    /// let mut out = String::new();
    /// Task::Convert.end(Format::Judge.printer(), &mut out);
    /// assert_eq!(out, "END\n");
    /// ```
    pub fn end(self, printer: &dyn Printer, out: &mut String) {
        if self == Task::Convert {
            printer.end_of_mazes(out);
        }
    }

    /// What a maze costs per search state, for the memory a run may take:
    /// its model (about half a byte a state, at most) and the search's one
    /// byte, with room for the queue (solve); the census's mark,
    /// reachability and route-counting words, 16 bytes for each state
    /// nearer than the goal, at worst (check); the model alone (convert).
    pub fn bytes_per_state(self) -> u64 {
        match self {
            Task::Solve => 2,
            Task::Check => 20,
            Task::Convert => 1,
        }
    }
}

/// Something to tell the user between two answers.
#[derive(Debug)]
#[non_exhaustive]
pub enum Note {
    /// A bad maze, skipped.
    Error(ParseError),
    /// Something read but worth saying.
    Warning(ParseWarning),
    /// A maze the output format cannot hold, skipped.
    Unwritable(String),
}

/// What a run of items becomes: text for the output, notes (each with
/// the length of output text that goes before it), and the tally.
#[derive(Debug, Default)]
pub struct Answers {
    /// The answers, in the printer's format.
    pub text: String,
    /// Notes, each after the first `.0` bytes of `text`.
    pub notes: Vec<(usize, Note)>,
    /// What the items were.
    pub tally: MazeCounts,
}

/// How many mazes a run read, and how many of them were ambiguous or
/// could not be handled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MazeCounts {
    /// Mazes read (a maze the output cannot hold counts here and in `bad`).
    pub mazes: usize,
    /// Mazes with more than one shortest route (`check`).
    pub ambiguous: usize,
    /// Bad mazes, and mazes the output cannot hold.
    pub bad: usize,
}

impl MazeCounts {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: MazeCounts) {
        self.mazes += other.mazes;
        self.ambiguous += other.ambiguous;
        self.bad += other.bad;
    }

    /// `check`'s last word, when some maze was ambiguous or bad: both
    /// counts, so that neither hides behind the other.
    ///
    /// ```
    /// use logicmaze::batch::MazeCounts;
    /// let tally = MazeCounts { mazes: 3, ambiguous: 1, bad: 1 };
    /// assert_eq!(tally.summary().unwrap(), "checked 4 mazes: 1 ambiguous, 1 malformed or refused");
    /// assert_eq!(MazeCounts { mazes: 3, ..MazeCounts::default() }.summary(), None);
    /// ```
    pub fn summary(&self) -> Option<String> {
        (self.ambiguous + self.bad > 0).then(|| {
            let mazes = |n: usize| format!("{n} maze{}", if n == 1 { "" } else { "s" });
            format!(
                "checked {}: {} ambiguous, {} malformed or refused",
                mazes(self.mazes + self.bad),
                self.ambiguous,
                self.bad
            )
        })
    }
}

/// How the items of the input named `input` are answered: a maze by
/// `task`, printed by `printer`; a bad maze by a note (and in the
/// printer's stream, when it carries errors).
///
/// ```
/// use logicmaze::batch::{self, Answering, BatchOptions, Task};
/// use logicmaze::print::Format;
/// let answering = Answering::new("sample", Task::Solve, Format::Judge.printer());
/// let mut answers = Vec::new();
/// let input = &b"M\n3 1 N 2 1\n0\nEND\n"[..];
/// batch::run(input, &BatchOptions::default(), &answering, &mut |a, _| Ok(answers.push(a)))?;
/// assert_eq!(answers[0].text, "M\n  (3,1) (2,1)\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone)]
pub struct Answering {
    input: Arc<str>,
    task: Task,
    printer: &'static dyn Printer,
}

impl Answering {
    /// Answers for the input named `input` (as errors name it).
    pub fn new(input: &str, task: Task, printer: &'static dyn Printer) -> Answering {
        Answering {
            input: input.into(),
            task,
            printer,
        }
    }
}

impl Handler for Answering {
    type Output = Answers;

    fn handle(&self, item: Parsed, answers: &mut Answers, scratch: &mut Scratch) {
        let note = match item {
            Parsed::Maze(maze) => {
                answers.tally.mazes += 1;
                return self.task.answer(&maze, self.printer, answers, scratch);
            }
            Parsed::Error(error) => {
                answers.tally.bad += 1;
                self.printer.error(&mut answers.text, &self.input, &error);
                Note::Error(error)
            }
            Parsed::Warning(warning) => Note::Warning(warning),
        };
        answers.notes.push((answers.text.len(), note));
    }

    fn bytes_per_state(&self) -> u64 {
        self.task.bytes_per_state()
    }
}
