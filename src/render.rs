//! Drawing whole mazes, and their routes, as SVG or PNG: each family draws
//! its mazes with the kit of [`draw`](crate::draw) ([`Detail`],
//! [`CELL`](crate::draw::CELL), ...).
//!
//! [`svg()`] draws one maze, and its route when given one, the way Abbott's
//! figures do, each family in its own way
//! ([`Words::drawn`](crate::family::Words::drawn)). A route is drawn over
//! the maze step by step, coloured along a ramp from blue (first step) to
//! orange (last), and a road or square pair used more than once gets one
//! lane per pass, so every pass stays visible. Everything but the route is
//! drawn in greys, so the route's colours stand out.
//!
//! Every element a program may want to find carries a class: `intersection`
//! or `square`, `sign` and `exit` (one per allowed turn), `wild`,
//! `entrance`, `goal`, `start`, `die`, `step` (one per move, in order,
//! with `data-step`), `step-number` and `top-face`.
//!
//! With the feature `png`, `draw::png` turns an SVG into PNG bytes with
//! resvg (pure Rust).
//!
//! ```
//! use logicmaze::{render, Maze};
//! let maze = Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")?;
//! let route = maze.solve();
//! let svg = render::svg(&maze, route.as_ref());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches(r#"class="step""#).count(), 2);
//! # Ok::<(), logicmaze::ParseMazeError>(())
//! ```

use std::io;

use crate::draw::{Canvas, Heading, Stream};
use crate::draw::{Detail, MAX_CELLS, MAX_PIXELS, RenderError};
use crate::family::Maze;
use crate::route::Route;

/// Draws `maze`, with `route` over it when given, as an SVG document with
/// [`Detail::Full`].
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("D\n1 2 1 1 1 2\n-1 -1\nEND\n")?;
/// let svg = logicmaze::render::svg(&maze, None);
/// assert_eq!(svg.matches(r#"class="square""#).count(), 2);
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn svg(maze: &Maze, route: Option<&Route>) -> String {
    svg_with(maze, route, Detail::Full)
}

/// Draws `maze`, with `route` over it when given, with `detail`.
///
/// ```
/// use logicmaze::{render, Maze};
/// use logicmaze::draw::Detail;
/// let maze = Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")?;
/// let compact = render::svg_with(&maze, None, Detail::Compact);
/// assert!(!compact.contains(r#"class="exit""#));
/// assert!(render::svg(&maze, None).contains(r#"class="exit""#));
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn svg_with(maze: &Maze, route: Option<&Route>, detail: Detail) -> String {
    let mut bytes = Vec::new();
    write_svg(maze, route, detail, &mut bytes).expect("writing to a Vec does not fail");
    String::from_utf8(bytes).expect("the drawing is written from strings")
}

/// Writes the drawing [`svg_with`] makes to `out`, element by element as
/// it is drawn, so that memory does not grow with the drawing.
///
/// # Errors
///
/// The first error writing to `out` (nothing is written after it), or
/// the error flushing it.
///
/// ```
/// use logicmaze::{render, Maze};
/// use logicmaze::draw::Detail;
/// let maze = Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")?;
/// let mut file = Vec::new();
/// render::write_svg(&maze, None, Detail::Full, &mut file)?;
/// assert_eq!(String::from_utf8(file).unwrap(), render::svg(&maze, None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_svg(
    maze: &Maze,
    route: Option<&Route>,
    detail: Detail,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    write_scaled_svg(maze, route, detail, 1.0, out)
}

/// Writes the drawing as [`write_svg`] does, telling its viewer to show it
/// at `scale` pixels per unit (its `width` and `height`).
///
/// # Errors
///
/// As [`write_svg`]'s: the first error writing to or flushing `out`.
///
/// ```
/// use logicmaze::{render, Maze};
/// use logicmaze::draw::Detail;
/// let maze = Maze::parse("D\n1 2 1 1 1 2\n-1 -1\nEND\n")?;
/// let mut twice = Vec::new();
/// render::write_scaled_svg(&maze, None, Detail::Full, 2.0, &mut twice)?;
/// let twice = String::from_utf8(twice).unwrap();
/// let once = render::svg(&maze, None);
/// let width = |svg: &str| {
///     let after = svg.split_once(" width=\"").unwrap().1;
///     after.split('"').next().unwrap().parse::<f64>().unwrap()
/// };
/// assert_eq!(width(&twice), 2.0 * width(&once));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_scaled_svg(
    maze: &Maze,
    route: Option<&Route>,
    detail: Detail,
    scale: f32,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    let mut stream = Stream::scaled(out, scale as f64);
    maze.draw(route, detail, &mut stream);
    stream.finish()
}

/// The scale `render` draws at unless told: pixels per SVG unit, at which
/// a sign's arrows and a square's number read easily on a screen...
pub const DEFAULT_SCALE: f32 = 2.0;

/// ... or 1 for a maze whose PNG would pass [`MAX_PIXELS`] at that scale
/// (where it may still be refused, with a hint to ask for less).
///
/// ```
/// use logicmaze::render;
/// use logicmaze::family::{arrow, Maze};
/// let small = Maze::from(arrow::random_maze(1, 5, 5));
/// assert_eq!(render::default_scale(&small, None), render::DEFAULT_SCALE);
/// let large = Maze::from(arrow::random_maze(1, 80, 80));
/// assert_eq!(render::default_scale(&large, None), 1.0);
/// ```
pub fn default_scale(maze: &Maze, route: Option<&Route>) -> f32 {
    match check_pixels(maze, route, DEFAULT_SCALE) {
        Ok(()) => DEFAULT_SCALE,
        Err(_) => 1.0,
    }
}

/// Refuses a maze too large to draw, before anything is drawn.
///
/// # Errors
///
/// [`RenderError::TooManyCells`] for more than [`MAX_CELLS`] cells.
///
/// ```
/// use logicmaze::render;
/// use logicmaze::draw::RenderError;
/// use logicmaze::family::{arrow, dice, Maze};
/// assert!(render::check_size(&Maze::from(arrow::random_maze(1, 256, 256))).is_ok());
/// assert_eq!(
///     render::check_size(&Maze::from(dice::random_maze(1, 257, 256))),
///     Err(RenderError::TooManyCells { rows: 257, cols: 256 })
/// );
/// ```
pub fn check_size(maze: &Maze) -> Result<(), RenderError> {
    let (rows, cols) = maze.size();
    match rows as u64 * cols as u64 > MAX_CELLS {
        true => Err(RenderError::TooManyCells { rows, cols }),
        false => Ok(()),
    }
}

/// Refuses a PNG of `maze` (with `route`) at `scale` that would pass
/// [`MAX_PIXELS`], before anything is drawn.
///
/// # Errors
///
/// [`RenderError::TooManyCells`] as [`check_size`] refuses;
/// [`RenderError::TooLarge`] for a PNG of more than [`MAX_PIXELS`]
/// pixels.
///
/// ```
/// use logicmaze::render;
/// use logicmaze::draw::RenderError;
/// use logicmaze::family::{arrow, Maze};
/// let maze = Maze::from(arrow::random_maze(1, 100, 100));
/// assert!(render::check_pixels(&maze, None, 1.0).is_ok());
/// assert!(matches!(render::check_pixels(&maze, None, 2.0), Err(RenderError::TooLarge { .. })));
/// ```
pub fn check_pixels(maze: &Maze, route: Option<&Route>, scale: f32) -> Result<(), RenderError> {
    check_size(maze)?;
    let (rows, cols) = maze.size();
    let title = Heading::new(
        maze.name(),
        route,
        maze.family().name(),
        maze.family().words().moves,
    );
    let canvas = Canvas::new(rows, cols, &title);
    let pixels = |length: f64| (length.ceil() * scale as f64).ceil() as u64;
    let (width, height) = (pixels(canvas.width()), pixels(canvas.height()));
    match width.saturating_mul(height) > MAX_PIXELS {
        true => Err(RenderError::TooLarge { width, height }),
        false => Ok(()),
    }
}
