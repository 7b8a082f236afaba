//! The command line: arguments, files, threads and exit codes. Files and
//! stdin are read in `inputs.rs`, and output lands where `output.rs` says;
//! everything maze-related happens in the rest of the library, for
//! whichever families [`run`] is given.
//!
//! A program that adds a family of its own runs the same command line with
//! a longer list:
//!
//! ```no_run
//! use logicmaze::family::{self, Family};
//! static FAMILIES: &[&dyn Family] = &[&logicmaze::family::arrow::Arrow, &logicmaze::family::dice::Dice];
//! fn main() -> std::process::ExitCode {
//!     logicmaze::cli::run(FAMILIES)
//! }
//! ```

mod answer;
mod args;
mod child;
mod diagnostic;
mod edit;
mod families;
mod generate;
mod help;
mod inputs;
mod manual;
mod output;
mod package;
mod play;
mod render;
mod say;
mod status;
mod stress;
mod verify;
mod watch;

use std::process::ExitCode;

use clap::{ColorChoice, CommandFactory, Parser, Subcommand};

use crate::family::{Families, Family};
use status::Outcome;

/// The command line ([`help::about`] says what the program solves).
#[derive(Debug, Parser)]
#[command(name = "logicmaze", version, about = help::about(), after_help = status::help(None))]
struct Cli {
    #[command(subcommand)]
    command: Command,

    /// When to colour the tool's own messages on stderr: auto (on a
    /// terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve mazes and print shortest routes in the judges' output format.
    #[command(long_about = help::solve(), after_help = status::help(Some("solve")))]
    Solve(answer::SolveArgs),

    /// Prove whether each maze's shortest route is unique, and show what no
    /// route uses.
    #[command(long_about = help::check(), after_help = status::help(Some("check")))]
    Check(answer::CheckArgs),

    /// Convert mazes between the judges' format and JSON, losslessly.
    ///
    /// Every maze read (in either format) is written in the other one:
    /// `--to json` writes one JSON document per line (see `logicmaze docs json`),
    /// `--to judge` writes the judges' input format, ending with END. The
    /// judges' format is written canonically: intersections in row-major
    /// order, signs in the order N, E, S, W, single spaces.
    #[command(after_help = status::help(Some("convert")))]
    Convert(answer::ConvertArgs),

    /// Generate new mazes with exactly one shortest route.
    ///
    /// Writes mazes in the judges' format (ending with END) or as JSON
    /// Lines. Each maze's shortest route is unique (as `check` proves) and
    /// at least --min-length moves long; the same arguments and seed give the
    /// same bytes on any machine. --difficulty picks the size and length;
    /// --rows, --cols and --min-length override it. The method is described
    /// by `logicmaze docs generator`.
    #[command(after_help = status::help(Some("generate")))]
    Generate(generate::GenerateArgs),

    /// Draw mazes, and their shortest routes, as SVG or PNG.
    #[command(long_about = help::render(), after_help = status::help(Some("render")))]
    Render(render::RenderArgs),

    /// Walk mazes in the browser, one move at a time.
    #[command(long_about = help::play(), after_help = status::help(Some("play")))]
    Play(play::PlayArgs),

    /// Draw a maze by hand in the browser, proved at every stroke.
    #[command(long_about = help::edit(), after_help = status::help(Some("edit")))]
    Edit(edit::EditArgs),

    /// Judge an answer: is each route a shortest legal one?
    ///
    /// Reads the mazes and an answer in the judges' output format, and
    /// says for each maze: accepted, or wrong with the first reason (the
    /// line, and for an illegal move the move and the rule it breaks). Any
    /// shortest route is accepted, as the judges accepted any. With
    /// --validator or --testlib it is a contest's checker, with
    /// --input-only a contest's input validator; `logicmaze docs judging`
    /// shows how to use each.
    #[command(after_help = status::help(Some("verify")))]
    Verify(verify::VerifyArgs),

    /// Write a contest problem package (ICPC / Kattis format) to a folder.
    #[command(long_about = help::package(), after_help = status::help(Some("package")))]
    Package(package::PackageArgs),

    /// Find the smallest maze a program gets wrong, and say why.
    #[command(long_about = help::stress(), after_help = status::STRESS)]
    Stress(stress::StressArgs),

    /// Write a shell's completion script to standard output.
    ///
    /// For bash: `logicmaze completions bash >
    /// ~/.local/share/bash-completion/completions/logicmaze`; zsh, fish,
    /// elvish and PowerShell likewise.
    #[command(after_help = status::help(Some("completions")))]
    Completions(manual::CompletionsArgs),

    /// Write a man page (roff) to standard output.
    ///
    /// Read it with `logicmaze man | man -l -`, or install it with
    /// `logicmaze man > ~/.local/share/man/man1/logicmaze.1`; `logicmaze
    /// man solve` is the page of logicmaze-solve(1), and so on.
    #[command(after_help = status::help(Some("man")))]
    Man(manual::ManArgs),

    /// Print one of the documents: the rules, the JSON format, the
    /// generator, the limits.
    #[command(after_help = status::help(Some("docs")))]
    Docs(manual::DocsArgs),
}

/// Parses the command line and runs it, with `list` as the families
/// it reads, offers and helps with.
pub fn run(list: &'static [&'static dyn Family]) -> ExitCode {
    if !families::set_for_run(Families::new(list)) {
        say::error("the command line was run before with another list of families");
        return ExitCode::from(Outcome::Failed.code());
    }
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    say::choose_color(&args);
    let cli = Cli::parse_from(args);
    let outcome = match cli.command {
        Command::Solve(args) => answer::solve(&args),
        Command::Check(args) => answer::check(&args),
        Command::Convert(args) => answer::convert(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Edit(args) => edit::run(&args),
        Command::Completions(args) => manual::completions(&args, Cli::command()),
        Command::Man(args) => manual::man(&args, Cli::command()),
        Command::Docs(args) => manual::docs(&args),
        Command::Verify(args) => return verify::run(&args),
        Command::Stress(args) => return stress::run(&args),
        Command::Package(args) => package::run(&args),
    };
    ExitCode::from(outcome.code())
}
