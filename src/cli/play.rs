//! `logicmaze play`: write the page that lets a person walk a maze, or
//! serve it on 127.0.0.1.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use crate::play;

use super::load::{choose, mazes_in};
use super::output::{file_safe, write_to};
use super::{say, Outcome};

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The maze file (judges' format or JSON); '-' for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// The maze to play; needed when the file holds several.
    #[arg(long, value_name = "NAME")]
    maze: Option<String>,

    /// Write the page here. By default it goes to standard output, or,
    /// when that is a terminal, to NAME.html (the maze's name) in the
    /// current folder, never over an existing file.
    #[arg(short, long, value_name = "PAGE", conflicts_with = "serve")]
    output: Option<PathBuf>,

    /// Serve the page on 127.0.0.1 instead of writing it, until stopped:
    /// at http://127.0.0.1:PORT/, to at most 64 clients at once, each cut
    /// off if its request takes over 5 seconds.
    #[arg(long)]
    serve: bool,

    /// The port to serve on (0: any free port).
    #[arg(long, value_name = "P", default_value_t = 8000, requires = "serve")]
    port: u16,
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> Outcome {
    Outcome::of(page(args).and_then(|(page, outcome)| {
        let write = |out: &mut dyn Write| out.write_all(page.html.as_bytes());
        match (&args.output, args.serve) {
            (_, true) => super::serve::serve(page.html, args.port)?,
            (Some(path), false) => {
                write_to(Some(path), write)?;
            }
            (None, false) if std::io::stdout().is_terminal() => {
                let path = PathBuf::from(format!("{}.html", file_safe(&page.name)));
                if path.exists() {
                    return Err(format!(
                        "will not write an HTML page to a terminal, and {} exists: give -o PAGE.html",
                        path.display()
                    ));
                }
                write_to(Some(&path), write)?;
                say::note(format!("wrote {}: open it in a browser", path.display()));
            }
            (None, false) => {
                write_to(None, write)?;
            }
        }
        Ok(outcome)
    }))
}

/// A page, and the name of the maze it plays.
struct Page {
    html: String,
    name: String,
}

/// The page of the maze asked for, and whether the input had bad mazes.
fn page(args: &PlayArgs) -> Result<(Page, Outcome), String> {
    let name = args.file.display().to_string();
    let (mazes, outcome) = mazes_in(&args.file)?;
    let mut chosen = choose(mazes, args.maze.as_deref(), &name)?;
    if chosen.len() > 1 {
        return Err(format!(
            "{name} holds {} mazes: pick one with --maze NAME",
            chosen.len()
        ));
    }
    let maze = chosen.remove(0);
    let html = play::page(&maze).map_err(|e| format!("maze '{}': {e}", maze.name()))?;
    let name = maze.name().to_string();
    Ok((Page { html, name }, outcome))
}
