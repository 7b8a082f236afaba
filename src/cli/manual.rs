//! What an installed copy tells about itself without its sources: shell
//! completions, a man page, and the documents of `docs/`.

use super::output::write_stdout;
use super::say;
use super::status::Outcome;

/// The documents `logicmaze docs TOPIC` prints: each topic, what it is,
/// and its text (the file of `docs/` of the same name).
pub const TOPICS: &[(&str, &str, &str)] = &[
    (
        "rules",
        "the rules of every family, their traps and the choices made",
        include_str!("../../docs/rules.md"),
    ),
    (
        "json",
        "the JSON documents every command reads and writes",
        include_str!("../../docs/json.md"),
    ),
    (
        "generator",
        "how `generate` makes mazes with one shortest route",
        include_str!("../../docs/generator.md"),
    ),
    (
        "judging",
        "verify, the contest checkers (Kattis, testlib) and problem packages",
        include_str!("../../docs/judging.md"),
    ),
    (
        "robustness",
        "the limits on input, memory and the server, and how they are tested",
        include_str!("../../docs/robustness.md"),
    ),
];

#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

#[derive(Debug, clap::Args)]
pub struct DocsArgs {
    /// The document to print; without one, the list of them.
    #[arg(value_parser = super::args::choices(TOPICS.iter().map(|&(name, about, text)| (text, name, about.to_string()))))]
    topic: Option<&'static str>,
}

/// `logicmaze completions SHELL`: the shell's completion script.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> Outcome {
    // Into memory first: clap_complete panics when a write fails.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "logicmaze", &mut script);
    written(write_stdout(|out| out.write_all(&script)))
}

#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// A subcommand, for its own page (logicmaze-SUBCOMMAND(1)); without
    /// one, the page of logicmaze(1).
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "dir")]
    subcommand: Option<String>,

    /// Write every page into this folder instead (logicmaze.1 and a
    /// logicmaze-SUBCOMMAND.1 for each subcommand), making it if needed:
    /// `logicmaze man --dir ~/.local/share/man/man1`, then `man
    /// logicmaze-solve`.
    #[arg(long, value_name = "DIR")]
    dir: Option<std::path::PathBuf>,
}

/// `logicmaze man [SUBCOMMAND]`: a man page, in roff, for `man -l -` or a
/// man folder.
pub fn man(args: &ManArgs, mut command: clap::Command) -> Outcome {
    command.build();
    if let Some(dir) = &args.dir {
        return Outcome::of(man_pages(&command, dir).map(|count| {
            say::note(format!("wrote {count} man pages in {}", dir.display()));
            Outcome::Clean
        }));
    }
    let command = match &args.subcommand {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => page_of(sub),
            None => {
                let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
                say::error(format!(
                    "no subcommand '{name}' (there are {})",
                    names.join(", ")
                ));
                return Outcome::Failed;
            }
        },
    };
    let page = clap_mangen::Man::new(command);
    written(write_stdout(|out| page.render(out)))
}

/// A subcommand's page, named as the main page's list of subcommands
/// names it: logicmaze-SUBCOMMAND.
fn page_of(sub: &clap::Command) -> clap::Command {
    sub.clone()
        .name(format!("logicmaze-{}", sub.get_name()))
        .version(env!("CARGO_PKG_VERSION"))
}

/// Writes logicmaze.1 and every subcommand's page into `dir`; how many.
fn man_pages(command: &clap::Command, dir: &std::path::Path) -> Result<usize, String> {
    let cannot = |e: std::io::Error| format!("cannot write man pages in {}: {e}", dir.display());
    std::fs::create_dir_all(dir).map_err(cannot)?;
    let pages = std::iter::once(command.clone()).chain(
        command
            .get_subcommands()
            .filter(|sub| sub.get_name() != "help")
            .map(page_of),
    );
    let mut count = 0;
    for page in pages {
        let mut roff = Vec::new();
        clap_mangen::Man::new(page.clone())
            .render(&mut roff)
            .map_err(cannot)?;
        std::fs::write(dir.join(format!("{}.1", page.get_name())), roff).map_err(cannot)?;
        count += 1;
    }
    Ok(count)
}

/// `logicmaze docs [TOPIC]`: a document, or the list of them.
pub fn docs(args: &DocsArgs) -> Outcome {
    written(write_stdout(|out| match args.topic {
        Some(text) => out.write_all(text.as_bytes()),
        None => {
            writeln!(out, "Documents (logicmaze docs TOPIC):")?;
            for (name, about, _) in TOPICS {
                writeln!(out, "  {name:<12}{about}")?;
            }
            Ok(())
        }
    }))
}

fn written(result: Result<super::output::Written, String>) -> Outcome {
    Outcome::of(result.map(|_| Outcome::Clean))
}
