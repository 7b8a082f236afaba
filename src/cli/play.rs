//! `logicmaze play`: write the page that lets a person walk a maze, or
//! serve it on 127.0.0.1.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use crate::play;
use crate::play::serve::ServeError;

use super::args::MazeArgs;
use super::families::of_run;
use super::inputs::{choose, mazes_in};
use super::output::{file_safe, write_to};
use super::say;
use super::status::Outcome;

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The maze file (judges' format or JSON); '-' for standard input.
    /// A file of several mazes makes one page with a list of them. With
    /// --serve it may be left out: the page then starts with a new maze.
    #[arg(value_name = "FILE", required_unless_present = "serve")]
    file: Option<PathBuf>,

    /// Play only the maze of this name.
    #[arg(long, value_name = "NAME", requires = "file")]
    maze: Option<String>,

    /// Write the page here. By default it goes to standard output, or,
    /// when that is a terminal, to NAME.html (the maze's name, or the
    /// file's for several) in the current folder, never over an existing
    /// file.
    #[arg(short, long, value_name = "PAGE", conflicts_with = "serve")]
    output: Option<PathBuf>,

    /// Serve the page on 127.0.0.1 instead of writing it, until stopped.
    #[arg(long, long_help = super::help::serve())]
    serve: bool,

    /// The port to serve on (0: any free port).
    #[arg(long, value_name = "P", default_value_t = 8000, requires = "serve")]
    port: u16,

    /// Write a booklet to print instead: a page a maze, its board as
    /// large as the page holds, with its name, its family's rules, the
    /// start and the goal marked (open it in a browser and print it, or
    /// save it as PDF there).
    #[arg(long, conflicts_with = "serve")]
    print: bool,

    /// With --print: each maze's solution too, on a page of its own, after
    /// every maze's page.
    #[arg(long, requires = "print")]
    solutions: bool,

    #[command(flatten)]
    reading: MazeArgs,
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> Outcome {
    Outcome::of(page(args).and_then(|(page, outcome)| {
        let write = |out: &mut dyn Write| out.write_all(page.html.as_bytes());
        match (&args.output, args.serve) {
            (_, true) => serve(page.html, args.port)?,
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

/// Serves `page` on `port`, saying where on stderr.
fn serve(page: String, port: u16) -> Result<(), String> {
    let listening =
        |address: String| say::text(&format!("Serving the page at {address} (Ctrl-C to stop)\n"));
    let site = play::serve::PlaySite::new(of_run(), page);
    play::serve::serve(site, port, listening).map_err(|error| match error {
        ServeError::PortInUse(_) => format!("{error} (--port 0 picks a free one)"),
        error => error.to_string(),
    })
}

/// A page, and the name to save it under: its maze's, or its file's.
struct Page {
    html: String,
    name: String,
}

/// The page of the mazes asked for, and whether the input had bad mazes.
fn page(args: &PlayArgs) -> Result<(Page, Outcome), String> {
    let Some(file) = &args.file else {
        let html = play::served(of_run(), "New maze", &[]).map_err(|e| e.to_string())?;
        let name = "New maze".into();
        return Ok((Page { html, name }, Outcome::Clean));
    };
    let name = file.display().to_string();
    let (mazes, outcome) = mazes_in(file, &args.reading)?;
    let mazes = choose(mazes, args.maze.as_deref(), &name)?;
    let title = match (mazes.as_slice(), file.file_stem()) {
        ([maze], _) => maze.name().to_string(),
        (_, Some(stem)) if file.to_str() != Some("-") => stem.to_string_lossy().into_owned(),
        _ => "mazes".to_string(),
    };
    let html = match (args.serve, args.print) {
        (true, _) => play::served(of_run(), &title, &mazes),
        (false, true) => play::booklet(&title, &mazes, args.solutions),
        (false, false) => play::collection(&title, &mazes),
    }
    .map_err(|e| match e {
        play::PageError::TooLarge { .. } => {
            format!("{e}: pick one with --maze NAME, or split the file")
        }
        _ => e.to_string(),
    })?;
    Ok((Page { html, name: title }, outcome))
}
