//! `logicmaze render`: draw mazes (and their routes) to SVG or PNG files.

use std::path::{Path, PathBuf};

use crate::draw::{Detail, Fonts};
use crate::family::Maze;
use crate::render;
use clap::ValueEnum;

use super::args::MazeArgs;
use super::inputs::{choose, mazes_in};
use super::output::{NAME_PATTERN, Written, per_maze, refuse_terminal, write_to};
use super::say;
use super::status::Outcome;

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

    /// Write the image to this file; its extension (.svg or .png) gives the
    /// format unless --format does. With {name} in it, one file per maze is
    /// written, {name} replaced by the maze's name (-o 'out/{name}.png'),
    /// and each file written is named on stderr. Without it, the image
    /// goes to standard output, and there must be one maze.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,

    /// The image format (default: from OUT's extension, else SVG).
    #[arg(long, value_enum)]
    format: Option<ImageFormat>,

    /// Size: pixels per SVG unit, a grid cell being 80 units. A PNG has
    /// that many pixels; an SVG says that size to its viewer. Default: 2,
    /// or 1 for a maze whose PNG would pass 67 million pixels at 2.
    #[arg(long, value_name = "S")]
    scale: Option<f32>,

    #[command(flatten)]
    reading: MazeArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ImageFormat {
    /// Scalable vector graphics.
    Svg,
    /// A PNG image, drawn with resvg.
    Png,
}

impl ImageFormat {
    /// The format a file's name says, if it says one.
    fn of(path: &Path) -> Option<ImageFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        ImageFormat::value_variants()
            .iter()
            .copied()
            .find(|format| format.extension() == extension)
    }

    fn extension(self) -> &'static str {
        match self {
            ImageFormat::Svg => "svg",
            ImageFormat::Png => "png",
        }
    }
}

/// Runs `render`.
pub fn run(args: &RenderArgs) -> Outcome {
    Outcome::of(draw_all(args))
}

fn draw_all(args: &RenderArgs) -> Result<Outcome, String> {
    if let Some(scale) = args.scale.filter(|s| !(*s > 0.0 && s.is_finite())) {
        return Err(format!("--scale must be a positive number, not {scale}"));
    }
    let format = format(args)?;
    let name = args.file.display().to_string();
    let (mazes, outcome) = mazes_in(&args.file, &args.reading)?;
    let chosen = choose(mazes, args.maze.as_deref(), &name)?;
    let pattern = args
        .output
        .as_deref()
        .filter(|path| path.to_string_lossy().contains(NAME_PATTERN));
    let outputs: Vec<Option<PathBuf>> = match (&args.output, pattern) {
        (_, Some(pattern)) => per_maze(pattern, chosen.iter().map(|m| m.name()))
            .into_iter()
            .map(Some)
            .collect(),
        _ if chosen.len() > 1 => {
            return Err(format!(
                "{name} holds {} mazes: pick one with --maze NAME, or write one file per maze with -o '{}'",
                chosen.len(),
                example_pattern(args, format)
            ));
        }
        (Some(path), None) => vec![Some(path.clone())],
        (None, None) => {
            if format == ImageFormat::Png {
                refuse_terminal("a PNG image", "give -o FILE.png")?;
            }
            vec![None]
        }
    };
    let mut fonts = None;
    for (maze, output) in chosen.iter().zip(outputs) {
        if draw(maze, args, format, &mut fonts, output.as_deref())? == Written::StdoutClosed {
            break;
        }
        if let (Some(path), Some(_)) = (&output, pattern) {
            say::note(format!("wrote {}", path.display()));
        }
    }
    Ok(outcome)
}

/// The image format: the one asked for, or the one OUT's name says; SVG
/// on standard output.
fn format(args: &RenderArgs) -> Result<ImageFormat, String> {
    match (args.format, &args.output) {
        (Some(format), _) => Ok(format),
        (None, None) => Ok(ImageFormat::Svg),
        (None, Some(path)) => ImageFormat::of(path).ok_or_else(|| {
            format!(
                "cannot tell the image format from the name '{}': end it in .svg or .png, or give --format svg|png",
                path.display()
            )
        }),
    }
}

/// An output pattern to suggest for several mazes: OUT's stem (or the
/// input's) with `-{name}` after it.
fn example_pattern(args: &RenderArgs, format: ImageFormat) -> String {
    let stem = |path: &Path| {
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| s != "-")
    };
    let base = args.output.as_deref().and_then(stem);
    let stem = base.or_else(|| stem(&args.file)).unwrap_or("maze".into());
    let file = format!("{stem}-{NAME_PATTERN}.{}", format.extension());
    match args.output.as_deref().and_then(Path::parent) {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(file).display().to_string(),
        _ => file,
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
    let refused = |e: crate::draw::RenderError| match e {
        crate::draw::RenderError::TooLarge { .. } => {
            format!("maze '{}': {e}; try a smaller --scale", maze.name())
        }
        _ => format!("maze '{}': {e}", maze.name()),
    };
    render::check_size(maze).map_err(refused)?;
    let route = match args.route {
        true => maze.solve(),
        false => None,
    };
    if args.route && route.is_none() {
        say::warning(format!(
            "maze '{}' has no solution; it is drawn without a route",
            maze.name()
        ));
    }
    let scale = args
        .scale
        .unwrap_or_else(|| render::default_scale(maze, route.as_ref()));
    match format {
        ImageFormat::Svg => write_to(path, |out| {
            render::write_scaled_svg(maze, route.as_ref(), Detail::Full, scale, out)
        }),
        ImageFormat::Png => {
            render::check_pixels(maze, route.as_ref(), scale).map_err(refused)?;
            let svg = render::svg_with(maze, route.as_ref(), Detail::Compact);
            let fonts = fonts.get_or_insert_with(Fonts::system);
            let png = crate::draw::png(&svg, scale, fonts).map_err(refused)?;
            write_to(path, |out| out.write_all(&png))
        }
    }
}
