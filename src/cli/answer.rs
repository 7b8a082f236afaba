//! How a command answers what it reads: a maze by its task (solve, check,
//! convert), printed by the command's printer; a bad maze by a diagnostic
//! for stderr in rustc's style.

use std::sync::Arc;

use crate::family::Parsed;
use crate::input::MazeReader;
use crate::print::Printer;
use crate::read::{ParseError, ParseErrorKind};
use crate::{family::Maze, Verdict};

use super::say::WARNING;
use super::Outcome;

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
    /// Appends the answer to `maze`, printed by `printer`, or refuses the
    /// maze with a message for stderr (the run then exits 1).
    pub fn answer(
        self,
        maze: &Maze,
        printer: &dyn Printer,
        out: &mut String,
    ) -> Result<Outcome, String> {
        match self {
            Task::Solve => {
                printer.solution(out, maze, maze.solve().as_ref());
                Ok(Outcome::Clean)
            }
            Task::Check => {
                let analysis = maze.analyse();
                printer.analysis(out, maze, &analysis);
                Ok(match analysis.verdict {
                    Verdict::Ambiguous => Outcome::Ambiguous,
                    _ => Outcome::Clean,
                })
            }
            Task::Convert => {
                printer
                    .maze(out, maze)
                    .map_err(|why| super::unwritable(maze, why))?;
                Ok(Outcome::Clean)
            }
        }
    }

    /// Appends what ends the output: the end of a stream of mazes, when
    /// the task writes mazes.
    pub fn end(self, printer: &dyn Printer, out: &mut String) {
        if self == Task::Convert {
            printer.end_of_mazes(out);
        }
    }

    /// What a maze costs per search state, for `--max-memory`: its model
    /// (about half a byte for an arrow maze) and the search's one byte,
    /// with room for the queue (solve); the census's mark, reachability
    /// and route-counting words, 16 bytes for each state nearer than the
    /// goal, at worst (check); the model alone (convert).
    pub fn bytes_per_state(self) -> u64 {
        match self {
            Task::Solve => 2,
            Task::Check => 20,
            Task::Convert => 1,
        }
    }
}

/// What a run of items becomes: text for stdout, notes for stderr (each
/// with the length of stdout text that goes before it), how it went, and
/// the count of its mazes.
pub struct Output {
    pub stdout: String,
    pub notes: Vec<(usize, String)>,
    pub outcome: Outcome,
    pub tally: Tally,
}

impl Default for Output {
    fn default() -> Output {
        Output {
            stdout: String::new(),
            notes: Vec::new(),
            outcome: Outcome::Clean,
            tally: Tally::default(),
        }
    }
}

/// How many mazes a run read, and how many of them were ambiguous or
/// could not be handled.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub mazes: usize,
    pub ambiguous: usize,
    pub bad: usize,
}

impl Tally {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: Tally) {
        self.mazes += other.mazes;
        self.ambiguous += other.ambiguous;
        self.bad += other.bad;
    }

    /// `check`'s last word on stderr, when some maze was ambiguous or bad:
    /// both counts, so that neither hides behind the other's status.
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

/// How items of input `name` are answered: a maze by the command's task,
/// printed by its printer; a bad maze by a diagnostic on stderr (and in
/// the printer's stream, when it carries errors).
#[derive(Clone)]
pub struct Answering {
    pub name: Arc<str>,
    pub task: Task,
    pub printer: &'static dyn Printer,
}

impl Answering {
    /// Reads all of `text` (whole lines) with `reader`, adding the answers
    /// to `output`.
    pub fn read(&self, reader: &mut MazeReader, text: &[u8], output: &mut Output) {
        reader.push_all(text, &mut |item| self.add(item, output));
    }

    /// Adds the answer to `item` to `output`.
    pub fn add(&self, item: Parsed, output: &mut Output) {
        let outcome = match &item {
            Parsed::Maze(maze) => {
                output.tally.mazes += 1;
                match self.task.answer(maze, self.printer, &mut output.stdout) {
                    Ok(outcome) => outcome,
                    Err(message) => {
                        let note = format!("{}: error: {message}\n", self.name);
                        output.notes.push((output.stdout.len(), note));
                        Outcome::BadMaze
                    }
                }
            }
            Parsed::Error(error) => {
                self.printer.error(&mut output.stdout, &self.name, error);
                Outcome::BadMaze
            }
            Parsed::Warning(_) => Outcome::Clean,
        };
        match outcome {
            Outcome::Ambiguous => output.tally.ambiguous += 1,
            Outcome::BadMaze => output.tally.bad += 1,
            _ => {}
        }
        output.outcome = output.outcome.max(outcome);
        if let Some(note) = diagnostic(&self.name, &item) {
            output.notes.push((output.stdout.len(), note));
        }
    }
}

/// The lines for stderr about a bad maze or a warning read from input
/// `name`: `NAME:LINE:COLUMN: error: ...`, then, in rustc's style, the
/// line with a caret under the column and a hint where one helps.
pub fn diagnostic(name: &str, item: &Parsed) -> Option<String> {
    match item {
        Parsed::Maze(_) => None,
        Parsed::Error(error) => {
            let place = format!("{name}:{}:{}: ", error.line, error.column);
            Some(place + &snippet(error) + "\n")
        }
        Parsed::Warning(warning) => Some(format!(
            "{name}:{}:{}: {WARNING}warning:{WARNING:#} {}\n",
            warning.line, warning.column, warning.kind
        )),
    }
}

/// Shown lines are cut to about this many characters around the column.
const SNIPPET_WIDTH: usize = 100;
/// Longer tokens get a caret under their first character only.
const MAX_UNDERLINE: usize = 20;

/// The library's message for `kind`, and the flag that changes what it
/// speaks of, where one does: the library's words name no flag.
fn message(kind: &ParseErrorKind) -> String {
    let flag = match kind {
        ParseErrorKind::TooLarge { .. } => " (see --max-states)".to_string(),
        ParseErrorKind::OverMemory { .. } => " (see --max-memory)".to_string(),
        ParseErrorKind::UnknownFamily { .. } => {
            format!("; --family {} forces one", crate::family::names().join("|"))
        }
        _ => String::new(),
    };
    kind.to_string() + &flag
}

/// `error: MESSAGE`, and under it the line (cut around the column when
/// long) with a caret under the token at the column, and the hint.
fn snippet(error: &ParseError) -> String {
    use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
    let message = message(&error.kind);
    let mut group = Group::with_title(Level::ERROR.primary_title(message.as_str()));
    let shown = error
        .source
        .as_deref()
        .map(|source| window(source, error.column));
    if let Some((text, span)) = &shown {
        group = group.element(
            Snippet::source(text.as_str())
                .line_start(error.line)
                .annotation(AnnotationKind::Primary.span(span.clone())),
        );
    }
    if let Some(hint) = error.kind.hint() {
        group = group.element(Level::HELP.message(hint));
    }
    // Styled always: stderr strips the styles where colour is off.
    Renderer::styled().render(&[group]).to_string()
}

/// The part of `source` to show, and the byte span of the token at the
/// 1-based character `column` in it.
fn window(source: &str, column: usize) -> (String, std::ops::Range<usize>) {
    let chars: Vec<char> = source
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let at = column.saturating_sub(1).min(chars.len());
    let first = match chars.len() > SNIPPET_WIDTH {
        true => at.saturating_sub(SNIPPET_WIDTH / 2),
        false => 0,
    };
    let last = (first + SNIPPET_WIDTH).min(chars.len());
    let mut text: String = match first > 0 {
        true => "...".to_string(),
        false => String::new(),
    };
    let start = text.len() + chars[first..at].iter().map(|c| c.len_utf8()).sum::<usize>();
    text.extend(&chars[first..last]);
    // The caret underlines the token at the column, or one character when
    // the token is long (a JSON line is one token).
    let token: Vec<char> = chars[at..last]
        .iter()
        .copied()
        .take_while(|c| !c.is_whitespace())
        .collect();
    let underlined = match token.len() > MAX_UNDERLINE {
        true => &token[..1],
        false => &token[..],
    };
    let width = underlined.iter().map(|c| c.len_utf8()).sum::<usize>();
    let end = start + width.max(usize::from(at < last));
    if last < chars.len() {
        text.push_str("...");
    }
    (text, start..end)
}
