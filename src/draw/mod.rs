//! The drawing kit every family draws its mazes with: an SVG written
//! element by element ([`Stream`]), the page of a grid of cells with its
//! title ([`Canvas`]), a route laid out in lanes and coloured along a ramp
//! ([`lay_out`], [`route_paths`]), text and paths in the house style,
//! (with the feature `png`) SVG turned into PNG (`png`), and (with the
//! feature `play`) a drawing as the play page paints it (`Board`).
//!
//! Drawings look like Abbott's figures, the same way for every family: a
//! grid of cells [`CELL`] units wide, everything in greys but the route,
//! whose moves go from blue (first) to orange (last), one lane per pass
//! where a pair of cells is passed more than once, so every pass stays
//! visible. [`render`](crate::render) draws whole mazes with it.

#[cfg(feature = "play")]
mod board;
#[cfg(feature = "png")]
mod png;

#[cfg(feature = "play")]
pub use board::{Board, Layer, MAX_STAMPS, WrittenLayer};
#[cfg(feature = "png")]
pub use png::{Fonts, RasterError, png};

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io;

use svg::Document;
use svg::node::element::{Group, Path, Rectangle, Text, Title};

use crate::grid::{Direction, Position};
use crate::route::Route;

/// How much structure an SVG keeps. Both draw the same picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// One element per mark of the maze (each square, sign, exit and
    /// number), each with its class: for programs and for editing.
    #[default]
    Full,
    /// Far fewer elements: all signs in one path, all marks in one path,
    /// one text per row of numbers. Rasterizing it is several times faster,
    /// so PNG output uses it.
    Compact,
}

/// Writes an SVG element by element, byte for byte as the `svg` crate
/// prints a whole tree (each child on a line of its own, an element
/// without children closed in its tag), so that a drawing is never held
/// whole. Elements are opened, given children, and closed; a write error
/// is kept and returned by [`Stream::finish`].
pub struct Stream<'a> {
    out: &'a mut dyn io::Write,
    /// The elements open, innermost last: each one's tag as printed
    /// without children (until its first child is written), and its name.
    open: Vec<(Option<String>, &'static str)>,
    error: Option<io::Error>,
    /// The size the document tells its viewer, in pixels per unit.
    scale: f64,
}

impl<'a> Stream<'a> {
    /// A stream writing to `out`.
    pub fn new(out: &'a mut dyn io::Write) -> Stream<'a> {
        Stream::scaled(out, 1.0)
    }

    /// A stream writing to `out` a document shown at `scale` pixels per
    /// unit.
    pub fn scaled(out: &'a mut dyn io::Write, scale: f64) -> Stream<'a> {
        Stream {
            out,
            open: Vec::new(),
            error: None,
            scale,
        }
    }

    /// Pixels per unit the document asks its viewer for.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    fn write(&mut self, text: &str) {
        if self.error.is_none() {
            self.error = self.out.write_all(text.as_bytes()).err();
        }
    }

    /// Starts a child of the innermost open element: ends that element's
    /// opening tag if this is its first child, and starts a line.
    fn begin_child(&mut self) {
        let Some((pending, _)) = self.open.last_mut() else {
            return;
        };
        if let Some(tag) = pending.take() {
            let opening = format!("{}>", tag.strip_suffix("/>").unwrap_or(&tag));
            self.write(&opening);
        }
        self.write("\n");
    }

    /// Writes `node`, whole, as the next child.
    pub fn add(&mut self, node: impl std::fmt::Display) {
        self.begin_child();
        self.write(&node.to_string());
    }

    /// Opens `element` (given without children), named `name`, as the
    /// next child: what is added until [`Stream::close`] goes inside it.
    pub fn open(&mut self, element: impl std::fmt::Display, name: &'static str) {
        self.begin_child();
        self.open.push((Some(element.to_string()), name));
    }

    /// Closes the innermost open element.
    pub fn close(&mut self) {
        match self.open.pop() {
            Some((Some(empty), _)) => self.write(&empty),
            Some((None, name)) => self.write(&format!("\n</{name}>")),
            None => {}
        }
    }

    /// Closes every open element and says how writing went.
    ///
    /// # Errors
    ///
    /// The first error writing to the stream's output (nothing is written
    /// after it), or the error flushing it.
    pub fn finish(mut self) -> io::Result<()> {
        while !self.open.is_empty() {
            self.close();
        }
        match self.error {
            Some(error) => Err(error),
            None => self.out.flush(),
        }
    }
}

/// Where the drawings put the centre of the cell at `at` (row 1, column 1
/// is the top-left cell), in SVG units: the same for every maze, so that
/// other programs can draw over a drawing.
///
/// ```
/// use logicmaze::{draw, Position};
/// let (x1, y1) = draw::centre(Position::new(1, 1));
/// let (x2, y2) = draw::centre(Position::new(2, 3));
/// assert_eq!((x2 - x1, y2 - y1), (2.0 * draw::CELL, draw::CELL));
/// ```
pub fn centre(at: Position) -> (f64, f64) {
    let p = cell_centre(at);
    (p.x, p.y)
}

/// The centre of the cell at `at`: the same on every canvas.
fn cell_centre(at: Position) -> Point {
    Point {
        x: MARGIN + (at.col as f64 - 0.5) * CELL,
        y: TITLE + MARGIN + (at.row as f64 - 0.5) * CELL,
    }
}

/// Why a maze could not be drawn, or an SVG turned into a PNG.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// The maze has more cells than a drawing may show.
    #[error("a {rows}×{cols} maze is too large to draw (at most {MAX_CELLS} cells, as in 256×256)")]
    TooManyCells {
        /// The maze's rows.
        rows: u32,
        /// The maze's columns.
        cols: u32,
    },
    /// The SVG could not be read.
    #[cfg(feature = "png")]
    #[error("cannot read the SVG: {0}")]
    Svg(#[source] RasterError),
    /// The image would have no pixels or too many.
    #[error("a {width}×{height} pixel image is too large (at most {MAX_PIXELS} pixels)")]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
    /// The PNG could not be encoded.
    #[cfg(feature = "png")]
    #[error("cannot encode the PNG: {0}")]
    Png(#[source] RasterError),
}

/// The largest PNG drawn, in pixels (about 256 MB of RGBA).
pub const MAX_PIXELS: u64 = 1 << 26;

/// The most cells a drawing shows: a larger picture is no longer one a
/// person reads. An SVG is written as it is drawn (`render::write_svg`), but a
/// play page and the SVG behind a PNG are held whole (about 330 bytes per
/// cell with a sign at every approach), which this bounds near 22 MB.
pub const MAX_CELLS: u64 = 1 << 16;

/// The size of one grid cell in SVG units; everything scales with it.
pub const CELL: f64 = 80.0;
/// Space around the grid, and above it for the title.
const MARGIN: f64 = 0.7 * CELL;
const TITLE: f64 = 0.8 * CELL;
const TITLE_SIZE: f64 = 0.3 * CELL;
const DETAIL_SIZE: f64 = 0.18 * CELL;
/// The size of the row and column numbers on the border.
pub const GRID_NUMBER_SIZE: f64 = 0.15 * CELL;
/// How far the row (column) numbers are from the first column's (row's)
/// centres.
pub const GRID_NUMBER_GAP: f64 = 0.8 * CELL;
/// The legend's band under the grid: a line per entry, at most
/// [`LEGEND_LINES`], each about [`LEGEND_CHARS`] characters.
const LEGEND_LINE: f64 = 0.34 * CELL;
/// The most entries a legend has.
pub const LEGEND_LINES: usize = 3;
const LEGEND_CHARS: usize = 50;
const LEGEND_SIZE: f64 = 0.15 * CELL;

/// A drawing's title: the maze's name, and a line about it.
pub struct Heading {
    name: String,
    detail: String,
}

impl Heading {
    /// The title of maze `name` of `family`, with the length of `route`
    /// in its `moves` (the family's word: `moves`, `turns`).
    pub fn new(name: &str, route: Option<&Route>, family: &str, moves: &str) -> Heading {
        let detail = match route {
            Some(route) => format!("{family} maze, shortest route: {} {moves}", route.moves()),
            None => format!("{family} maze"),
        };
        Heading {
            name: name.to_string(),
            detail,
        }
    }
}

/// Greys for the maze; the route alone is in colour.
/// Lines and text.
pub const INK: &str = "#1f1f1f";
/// Secondary lines and text.
pub const SOFT_INK: &str = "#5f5f5f";
/// The background.
pub const PAPER: &str = "#ffffff";
/// The drawings' fonts, as CSS and SVG name them.
pub const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A point in SVG units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Point {
    /// The origin, around which a stamp or a legend's mark is drawn.
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    /// This point moved `by` times `v`.
    pub fn plus(self, v: Point, by: f64) -> Point {
        Point {
            x: self.x + v.x * by,
            y: self.y + v.y * by,
        }
    }

    /// The point a share `at` of the way to `other`.
    pub fn mid(self, other: Point, at: f64) -> Point {
        Point {
            x: self.x + (other.x - self.x) * at,
            y: self.y + (other.y - self.y) * at,
        }
    }
}

/// Where the grid of a maze of `rows` × `cols` cells lies on the page.
#[derive(Clone, Copy, Debug)]
pub struct Canvas {
    rows: u32,
    cols: u32,
    /// The title's width, about.
    title_width: f64,
}

impl Canvas {
    /// The page of a `rows × cols` grid under `title`.
    pub fn new(rows: u32, cols: u32, title: &Heading) -> Canvas {
        let width = |text: &str, size: f64| text.chars().count() as f64 * size * 0.6;
        Canvas {
            rows,
            cols,
            title_width: width(&title.name, TITLE_SIZE).max(width(&title.detail, DETAIL_SIZE)),
        }
    }

    /// The page's width.
    pub fn width(&self) -> f64 {
        let legend = 0.45 * CELL + LEGEND_CHARS as f64 * LEGEND_SIZE * 0.6;
        2.0 * MARGIN + (self.cols as f64 * CELL).max(self.title_width).max(legend)
    }

    /// The page's height.
    pub fn height(&self) -> f64 {
        self.legend_top() + LEGEND_LINES as f64 * LEGEND_LINE
    }

    /// The top of the legend's band, under the grid's margin.
    fn legend_top(&self) -> f64 {
        TITLE + 2.0 * MARGIN + self.rows as f64 * CELL
    }

    /// Draws the legend: each entry's glyph (drawn around the origin, at
    /// most half a cell across) and what it means, one line each.
    pub fn legend(&self, entries: Vec<(Group, &str)>, out: &mut Stream) {
        debug_assert!(entries.len() <= LEGEND_LINES);
        out.open(Group::new().set("class", "legend"), "g");
        for (i, (glyph, meaning)) in entries.into_iter().enumerate() {
            let y = self.legend_top() + (i as f64 + 0.5) * LEGEND_LINE;
            let x = MARGIN + 0.15 * CELL;
            let placed = glyph.set("transform", format!("translate({} {})", round(x), round(y)));
            let words = text(
                Point {
                    x: MARGIN + 0.45 * CELL,
                    y,
                },
                LEGEND_SIZE,
                meaning,
            )
            .set("text-anchor", "start")
            .set("fill", SOFT_INK);
            out.add(
                Group::new()
                    .set("class", "legend-entry")
                    .add(placed)
                    .add(words),
            );
        }
        out.close();
    }

    /// The row numbers left of the grid and the column numbers above it,
    /// so that a position `(r,c)` in the output is found on the picture.
    fn grid_numbers(&self, out: &mut Stream) {
        out.open(
            Group::new()
                .set("class", "grid-numbers")
                .set("fill", SOFT_INK),
            "g",
        );
        let number =
            |at: Point, n: u32| text(at, GRID_NUMBER_SIZE, &n.to_string()).set("fill", SOFT_INK);
        for row in 1..=self.rows {
            let first = cell_centre(Position::new(row, 1));
            let at = first.plus(unit(Direction::West), GRID_NUMBER_GAP);
            out.add(
                number(at, row)
                    .set("class", "row-number")
                    .set("data-row", row),
            );
        }
        for col in 1..=self.cols {
            let first = cell_centre(Position::new(1, col));
            let at = first.plus(unit(Direction::North), GRID_NUMBER_GAP);
            out.add(
                number(at, col)
                    .set("class", "col-number")
                    .set("data-col", col),
            );
        }
        out.close();
    }

    /// The centre of the cell at `at`.
    pub fn centre(&self, at: Position) -> Point {
        cell_centre(at)
    }

    /// Opens the document, of the right size, and writes its title.
    pub fn open(&self, title: &Heading, out: &mut Stream) {
        let (width, height) = (self.width().ceil(), self.height().ceil());
        let background = Rectangle::new()
            .set("width", width)
            .set("height", height)
            .set("fill", PAPER);
        let line = |y: f64, size: f64, content: &str| {
            text(Point { x: MARGIN, y }, size, content).set("text-anchor", "start")
        };
        let heading = Group::new()
            .set("class", "title")
            .add(line(0.45 * MARGIN, TITLE_SIZE, &title.name))
            .add(
                line(0.45 * MARGIN + 0.42 * CELL, DETAIL_SIZE, &title.detail).set("fill", SOFT_INK),
            );
        let shown = |length: f64| round(length * out.scale());
        let document = Document::new()
            .set("width", shown(width))
            .set("height", shown(height))
            .set("viewBox", (0, 0, width, height))
            .set("font-family", FONT);
        out.open(document, "svg");
        out.add(background);
        out.add(heading);
        self.grid_numbers(out);
    }
}

/// The unit vector of a direction on the page (y grows downwards).
pub fn unit(direction: Direction) -> Point {
    let (x, y) = match direction {
        Direction::North => (0.0, -1.0),
        Direction::East => (1.0, 0.0),
        Direction::South => (0.0, 1.0),
        Direction::West => (-1.0, 0.0),
    };
    Point { x, y }
}

/// Centred text at `at` in `size` units, in ink.
pub fn text(at: Point, size: f64, content: &str) -> Text {
    Text::new(content)
        .set("x", round(at.x))
        .set("y", round(at.y + size * 0.35))
        .set("font-size", round(size))
        .set("text-anchor", "middle")
        .set("fill", INK)
}

/// Text with a paper-coloured halo, readable over lines.
pub fn haloed(at: Point, size: f64, content: &str) -> Text {
    text(at, size, content)
        .set("stroke", PAPER)
        .set("stroke-width", round(size * 0.25))
        .set("paint-order", "stroke")
}

/// Two decimals are plenty and keep files small.
pub fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// Path data for a circle of radius `r` around `c`.
pub fn circle_data(c: Point, r: f64) -> String {
    let (x, y, r) = (round(c.x - r), round(c.y), round(r));
    format!(
        "M{x} {y} a{r} {r} 0 1 0 {} 0 a{r} {r} 0 1 0 -{} 0",
        2.0 * r,
        2.0 * r
    )
}

/// Path data through `points`, as `M x y L x y ...`.
pub fn path_data(points: &[Point]) -> String {
    let mut data = String::new();
    for (i, p) in points.iter().enumerate() {
        let command = if i == 0 { 'M' } else { 'L' };
        let _ = write!(data, "{command}{} {} ", round(p.x), round(p.y));
    }
    data.trim_end().to_string()
}

/// The route colour of step `step` (from 1) of `steps`: a ramp from blue
/// through purple to orange, always saturated.
fn ramp(step: usize, steps: usize) -> String {
    let t = match steps {
        0 | 1 => 0.0,
        _ => (step - 1) as f64 / (steps - 1) as f64,
    };
    let hue = (210.0 + 175.0 * t) % 360.0;
    let (r, g, b) = hsl(hue, 0.85, 0.47);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// HSL (hue in degrees) to 8-bit RGB.
fn hsl(hue: f64, saturation: f64, lightness: f64) -> (u8, u8, u8) {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let h = hue / 60.0;
    let x = chroma * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = lightness - chroma / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

/// One move of a route as drawn: its two ends (in its lane) and number.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The move's number, from 1...
    pub number: usize,
    /// ... of this many.
    pub of: usize,
    /// Where it starts.
    pub from: Position,
    /// Where it ends.
    pub to: Position,
    /// The start of the move's lane.
    pub start: Point,
    /// The end of the move's lane.
    pub end: Point,
    /// The lane (from 0) among `lanes` on this pair of cells.
    lane: usize,
    lanes: usize,
    /// The unit normal of the pair, the same for both ways of passing.
    normal: Point,
}

impl Step {
    /// A place beside the pair's lanes for a label of this step: passes
    /// alternate between the two sides, and spread along the pair when a
    /// side holds several. `beside` is the distance from the pair's middle.
    pub fn label_place(&self, canvas: &Canvas, beside: f64) -> Point {
        let (a, b) = (canvas.centre(self.from), canvas.centre(self.to));
        // Lanes from `half` up lie on the normal's side, the others on the
        // far side; each side's labels spread out from the middle.
        let half = self.lanes / 2;
        let (side, rank, on_side) = match self.lane >= half {
            true => (1.0, self.lane - half, self.lanes - half),
            false => (-1.0, half - 1 - self.lane, half),
        };
        let spread = rank as f64 - (on_side as f64 - 1.0) / 2.0;
        let along = match self.from <= self.to {
            true => Point {
                x: (b.x - a.x) / CELL,
                y: (b.y - a.y) / CELL,
            },
            false => Point {
                x: (a.x - b.x) / CELL,
                y: (a.y - b.y) / CELL,
            },
        };
        a.mid(b, 0.5)
            .plus(self.normal, side * beside)
            .plus(along, spread * 0.28 * CELL)
    }
}

/// Lays out the moves of `route`: a pair of neighbouring cells passed `n`
/// times gets `n` lanes side by side, at most `width` apart in all, the
/// same lane order whichever way each pass goes.
pub fn lay_out(canvas: &Canvas, route: &Route, width: f64) -> Vec<Step> {
    let positions = route.positions();
    let pair = |a: Position, b: Position| if a <= b { (a, b) } else { (b, a) };
    let mut passes: HashMap<(Position, Position), usize> = HashMap::new();
    for w in positions.windows(2) {
        *passes.entry(pair(w[0], w[1])).or_default() += 1;
    }
    let mut used: HashMap<(Position, Position), usize> = HashMap::new();
    let mut steps = Vec::with_capacity(positions.len().saturating_sub(1));
    for (i, w) in positions.windows(2).enumerate() {
        let (low, high) = pair(w[0], w[1]);
        let total = passes[&(low, high)];
        let lane = used.entry((low, high)).or_default();
        let gap = (width / total as f64).min(0.1 * CELL);
        let offset = (*lane as f64 - (total as f64 - 1.0) / 2.0) * gap;
        let this_lane = *lane;
        *lane += 1;
        let (a, b) = (canvas.centre(low), canvas.centre(high));
        let length = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt().max(1e-9);
        let normal = Point {
            x: -(b.y - a.y) / length,
            y: (b.x - a.x) / length,
        };
        steps.push(Step {
            number: i + 1,
            of: positions.len() - 1,
            from: w[0],
            to: w[1],
            start: canvas.centre(w[0]).plus(normal, offset),
            end: canvas.centre(w[1]).plus(normal, offset),
            lane: this_lane,
            lanes: total,
            normal,
        });
    }
    steps
}

/// The route's moves as coloured paths, each joined to the end of the one
/// before, with a tooltip. `describe` names a move for the tooltip.
pub fn route_paths(steps: &[Step], describe: impl Fn(&Step) -> String, out: &mut Stream) {
    let group = Group::new()
        .set("class", "route")
        .set("fill", "none")
        .set("stroke-width", round(0.07 * CELL))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    out.open(group, "g");
    let mut previous: Option<Point> = None;
    for step in steps {
        let mut points = Vec::with_capacity(3);
        points.extend(previous);
        points.extend([step.start, step.end]);
        let path = Path::new()
            .set("class", "step")
            .set("data-step", step.number)
            .set("stroke", ramp(step.number, step.of))
            .set("d", path_data(&points))
            .add(Title::new(describe(step)));
        out.add(path);
        out.add(arrowhead(step));
        previous = Some(step.end);
    }
    out.close();
}

/// A small filled arrowhead halfway along `step`, in its colour, pointing
/// the way it goes.
fn arrowhead(step: &Step) -> Path {
    let (dx, dy) = (step.end.x - step.start.x, step.end.y - step.start.y);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let way = Point {
        x: dx / length,
        y: dy / length,
    };
    let side = Point {
        x: -way.y,
        y: way.x,
    };
    let middle = step.start.mid(step.end, 0.5);
    let back = middle.plus(way, -0.05 * CELL);
    let points = [
        middle.plus(way, 0.07 * CELL),
        back.plus(side, 0.07 * CELL),
        back.plus(side, -0.07 * CELL),
    ];
    Path::new()
        .set("class", "step-arrow")
        .set("fill", ramp(step.number, step.of))
        .set("stroke", "none")
        .set("d", path_data(&points) + " Z")
}
