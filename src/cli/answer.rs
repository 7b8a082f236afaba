//! `solve`, `check` and `convert`: every maze of the inputs answered, in
//! input order.

use crate::batch::Task;
use crate::print::{self, Format};

use super::args::{InputArgs, JSON_LINES, JSON_MAZES, JUDGE_INPUT, JUDGE_OUTPUT, TEXT, formats};
use super::inputs::answer_all;
use super::status::Outcome;

#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,

    /// The format to write.
    #[arg(long, value_parser = formats(&[JUDGE_INPUT, JSON_MAZES]))]
    to: Format,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Output format: the judges' text, or JSON Lines (one object per maze;
    /// see `logicmaze docs json`).
    #[arg(long, value_parser = formats(&[JUDGE_OUTPUT, JSON_LINES]), default_value = "judge")]
    format: Format,
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
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

/// Runs `solve`.
pub fn solve(args: &SolveArgs) -> Outcome {
    answer_all(&args.input, Task::Solve, args.format.printer())
}

/// Runs `check`.
pub fn check(args: &CheckArgs) -> Outcome {
    answer_all(&args.input, Task::Check, args.printer())
}

/// Runs `convert`.
pub fn convert(args: &ConvertArgs) -> Outcome {
    answer_all(&args.input, Task::Convert, args.to.printer())
}
