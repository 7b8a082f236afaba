//! `logicmaze render`: draw mazes (and their routes) to SVG or PNG files.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::render::{self, Detail, Fonts};
use crate::Maze;
use clap::ValueEnum;

use super::load::{choose, mazes_in};
use super::{write_stdout, Outcome, Written};

#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The maze file (judges' format or JSON); '-' for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Draw only the maze with this name.
    #[arg(long, value_name = "NAME")]
    maze: Option<String>,

    /// Draw the shortest route over the maze.
    #[arg(long)]
    route: bool,

    /// Write the image here. With several mazes, one file per maze is
    /// written, named OUT-NAME.svg (or .png). Without it, the image goes to
    /// standard output, and there must be one maze.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,

    /// The image format; by default PNG when OUT ends in .png, else SVG.
    #[arg(long, value_enum)]
    format: Option<ImageFormat>,

    /// PNG pixels per SVG unit (a grid cell is 80 units).
    #[arg(long, value_name = "S", default_value_t = 1.0)]
    scale: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ImageFormat {
    /// Scalable vector graphics.
    Svg,
    /// A PNG image, drawn with resvg.
    Png,
}

impl ImageFormat {
    fn extension(self) -> &'static str {
        match self {
            ImageFormat::Svg => "svg",
            ImageFormat::Png => "png",
        }
    }
}

/// Runs `render`.
pub fn run(args: &RenderArgs) -> Outcome {
    match draw_all(args) {
        Ok(outcome) => outcome,
        Err(message) => {
            eprintln!("logicmaze: error: {message}");
            Outcome::Failed
        }
    }
}

fn draw_all(args: &RenderArgs) -> Result<Outcome, String> {
    if !(args.scale > 0.0 && args.scale.is_finite()) {
        return Err(format!(
            "--scale must be a positive number, not {}",
            args.scale
        ));
    }
    let name = args.file.display().to_string();
    let (mazes, outcome) = mazes_in(&args.file)?;
    let chosen = choose(mazes, args.maze.as_deref(), &name)?;
    let format = args.format.unwrap_or_else(|| match &args.output {
        Some(path)
            if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("png")) =>
        {
            ImageFormat::Png
        }
        _ => ImageFormat::Svg,
    });
    let outputs = match &args.output {
        None if chosen.len() > 1 => {
            return Err(format!(
                "{name} holds {} mazes: pick one with --maze NAME, or give -o OUT.{} to write one file per maze",
                chosen.len(),
                format.extension()
            ))
        }
        None => vec![None],
        Some(path) if chosen.len() == 1 => vec![Some(path.clone())],
        Some(path) => series(path, &chosen, format).into_iter().map(Some).collect(),
    };
    let mut fonts = None;
    for (maze, output) in chosen.iter().zip(outputs) {
        if draw(maze, args, format, &mut fonts, output.as_deref())? == Written::StdoutClosed {
            break;
        }
    }
    Ok(outcome)
}

/// One file name per maze: OUT-NAME.EXT, with the name made safe for a
/// file name and numbered when two mazes share it.
fn series(path: &Path, mazes: &[Maze], format: ImageFormat) -> Vec<PathBuf> {
    let stem = path
        .file_stem()
        .map_or("maze".into(), |s| s.to_string_lossy().into_owned());
    let mut taken = HashSet::new();
    mazes
        .iter()
        .map(|maze| {
            let base = format!("{stem}-{}", file_safe(maze.name()));
            let mut name = base.clone();
            let mut n = 2;
            while !taken.insert(name.clone()) {
                name = format!("{base}-{n}");
                n += 1;
            }
            path.with_file_name(format!("{name}.{}", format.extension()))
        })
        .collect()
}

/// `name` with every run of characters other than letters, digits, `_`
/// and `.` turned into one `-`.
fn file_safe(name: &str) -> String {
    let mut safe = String::new();
    for c in name.chars() {
        match c.is_alphanumeric() || c == '_' || c == '.' {
            true => safe.push(c),
            false if !safe.ends_with('-') => safe.push('-'),
            false => {}
        }
    }
    match safe.trim_matches('-') {
        "" => "maze".to_string(),
        trimmed => trimmed.to_string(),
    }
}

/// Draws one maze in `format` to `path`, or to standard output. An SVG is
/// written as it is drawn; a PNG is made from a compact SVG in memory,
/// whose size the pixel limit bounds.
fn draw(
    maze: &Maze,
    args: &RenderArgs,
    format: ImageFormat,
    fonts: &mut Option<Fonts>,
    path: Option<&Path>,
) -> Result<Written, String> {
    let refused = |e: render::RenderError| format!("maze '{}': {e}", maze.name());
    render::check_size(maze).map_err(refused)?;
    let route = match args.route {
        true => maze.solve(),
        false => None,
    };
    if args.route && route.is_none() {
        eprintln!(
            "logicmaze: warning: maze '{}' has no solution; it is drawn without a route",
            maze.name()
        );
    }
    match format {
        ImageFormat::Svg => write_with(path, |out| {
            render::write_svg(maze, route.as_ref(), Detail::Full, out)
        }),
        ImageFormat::Png => {
            render::check_pixels(maze, route.as_ref(), args.scale).map_err(refused)?;
            let svg = render::svg_with(maze, route.as_ref(), Detail::Compact);
            let fonts = fonts.get_or_insert_with(Fonts::system);
            let png = render::png(&svg, args.scale, fonts).map_err(refused)?;
            write_with(path, |out| out.write_all(&png))
        }
    }
}

/// Writes with `write` to `path`, or to standard output.
fn write_with(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Written, String> {
    match path {
        Some(path) => {
            let cannot = |e: io::Error| format!("cannot write {}: {e}", path.display());
            let mut file = io::BufWriter::new(File::create(path).map_err(cannot)?);
            write(&mut file)
                .and_then(|()| file.flush())
                .map_err(cannot)?;
            Ok(Written::Done)
        }
        None => write_stdout(write),
    }
}
