//! Drawing a dice maze: numbered squares, wild squares with a star,
//! missing squares left out, the start square outlined with the die on it
//! (top and front faces), and the route with the top face after each move.

use svg::node::element::{Group, Path, Rectangle, Text};

use super::{DiceMaze, Die, Square};
#[cfg(feature = "play")]
use crate::draw::{Board, Layer};
use crate::draw::{CELL, INK, PAPER, SOFT_INK};
use crate::draw::{Canvas, Detail, Heading, Point, Step, Stream};
use crate::draw::{haloed, lay_out, path_data, round, route_paths, text};
use crate::family::FamilyMaze;
use crate::grid::Position;
use crate::route::Route;

const SQUARE_FILL: &str = "#f4f4f4";
const SQUARE_EDGE: &str = "#a0a0a0";

/// The whole drawing of `maze`, with `route` when given.
pub(super) fn draw(maze: &DiceMaze, route: Option<&Route>, detail: Detail, out: &mut Stream) {
    let title = Heading::new(maze.name(), route, "dice", super::WORDS.moves);
    let canvas = Canvas::new(maze.rows(), maze.cols(), &title);
    canvas.open(&title, out);
    canvas.legend(legend(maze, route.is_some()), out);
    squares(maze, &canvas, detail, out);
    let Some(route) = route else {
        wild_stars(maze, &canvas, detail, out);
        numbers(maze, &canvas, detail, out);
        out.add(start(maze, &canvas));
        return;
    };
    let steps = lay_out(&canvas, route, 0.5 * CELL);
    let tops = tops_after(maze.die(), &steps);
    let describe = |step: &Step| {
        let top = tops[step.number - 1];
        format!(
            "step {}: {} → {}, top {top}",
            step.number, step.from, step.to
        )
    };
    route_paths(&steps, describe, out);
    // Stars and numbers go over the route, on halos, so that none is
    // hidden under it.
    wild_stars(maze, &canvas, detail, out);
    numbers(maze, &canvas, detail, out);
    out.add(start(maze, &canvas));
    out.open(Group::new().set("class", "top-faces"), "g");
    for (step, &top) in steps.iter().zip(&tops) {
        let at = step.start.mid(step.end, 0.68);
        out.add(die_face(at, 0.2 * CELL, top, "top-face"));
    }
    out.close();
    out.open(Group::new().set("class", "step-numbers"), "g");
    for step in &steps {
        let at = step.label_place(&canvas, 0.2 * CELL);
        out.add(haloed(at, 0.13 * CELL, &step.number.to_string()).set("class", "step-number"));
    }
    out.close();
}

/// The drawing the play page paints: the squares, their stars and
/// numbers, and the start's outline and label (the page draws the die).
#[cfg(feature = "play")]
pub(super) fn board(maze: &DiceMaze) -> Board {
    let origin = Point::ORIGIN;
    let mut squares = Layer::new("squares");
    let mut marks = Layer::new("marks");
    for at in positions(maze) {
        match maze.square(at) {
            Square::Missing => continue,
            Square::Wild => marks.put_keyed(at, 0, || wild_star(origin)),
            Square::Number(n) => marks.put_keyed(at, n.into(), || number(origin, n)),
        }
        squares.put_keyed(at, 0, || square_fill().add(square_outline(origin)));
    }
    let mut start = Layer::new("start");
    start.put(maze.start(), start_mark(origin));
    let mut board = Board::new(maze.rows(), maze.cols());
    board.add(squares);
    board.add(marks);
    board.add(start);
    board
}

/// What the marks mean: the die, a wild square, and the route when drawn.
fn legend(maze: &DiceMaze, with_route: bool) -> Vec<(Group, &'static str)> {
    let die = maze.die();
    let mut entries = vec![
        (
            die_face(Point::ORIGIN, 0.24 * CELL, die.top(), "legend-die"),
            "the die: top face, the face facing south under it",
        ),
        (
            Group::new()
                .set("fill", SOFT_INK)
                .add(Path::new().set("d", star(Point::ORIGIN, 0.26 * CELL))),
            "wild square: any top may enter",
        ),
    ];
    if with_route {
        entries.push((
            die_face(Point::ORIGIN, 0.2 * CELL, die.top(), "legend-top"),
            "route: moves numbered; box: top face after it",
        ));
    }
    entries
}

/// The top face after each step, rolling the die from its start.
fn tops_after(mut die: Die, steps: &[Step]) -> Vec<u8> {
    steps
        .iter()
        .map(|step| {
            if let Some(direction) = step.from.direction_to(step.to) {
                die = die.rolled(direction);
            }
            die.top()
        })
        .collect()
}

/// Every square that exists, and a star on the wild ones: one element
/// each with full detail, one path for all when compact.
fn squares(maze: &DiceMaze, canvas: &Canvas, detail: Detail, out: &mut Stream) {
    let present = || {
        positions(maze)
            .map(|at| (at, maze.square(at)))
            .filter(|&(_, square)| square != Square::Missing)
    };
    out.open(Group::new(), "g");
    out.open(square_fill(), "g");
    match detail {
        Detail::Full => {
            for (at, _) in present() {
                out.add(square_outline(canvas.centre(at)).set("class", "square"));
            }
        }
        Detail::Compact => {
            let outlines: Vec<String> = present()
                .map(|(at, _)| rounded_square(canvas.centre(at), SQUARE_SIZE, SQUARE_CORNER))
                .collect();
            out.add(Path::new().set("d", outlines.join(" ")));
        }
    }
    out.close();
    out.close();
}

/// How squares are filled and outlined.
fn square_fill() -> Group {
    Group::new()
        .set("fill", SQUARE_FILL)
        .set("stroke", SQUARE_EDGE)
        .set("stroke-width", round(0.02 * CELL))
}

/// How stars are drawn: on a halo of the square's colour, as numbers are.
fn star_ink() -> Group {
    Group::new()
        .set("fill", SOFT_INK)
        .set("stroke", SQUARE_FILL)
        .set("stroke-width", round(0.03 * CELL))
        .set("paint-order", "stroke")
}

/// A wild square's star, at `c`, for the play page.
#[cfg(feature = "play")]
fn wild_star(c: Point) -> Group {
    star_ink().add(
        Path::new()
            .set("class", "wild")
            .set("d", star(c, 0.3 * CELL)),
    )
}

/// The stars on wild squares, each on a halo of paper.
fn wild_stars(maze: &DiceMaze, canvas: &Canvas, detail: Detail, out: &mut Stream) {
    let wild = positions(maze).filter(|&at| maze.square(at) == Square::Wild);
    out.open(star_ink(), "g");
    match detail {
        Detail::Full => {
            for at in wild {
                let star = star(canvas.centre(at), 0.3 * CELL);
                out.add(Path::new().set("class", "wild").set("d", star));
            }
        }
        Detail::Compact => {
            let stars: Vec<String> = wild.map(|at| star(canvas.centre(at), 0.3 * CELL)).collect();
            out.add(Path::new().set("d", stars.join(" ")));
        }
    }
    out.close();
}

/// A square's width and the rounding of its corners.
const SQUARE_SIZE: f64 = 0.92 * CELL;
const SQUARE_CORNER: f64 = 0.08 * CELL;

/// The outline of the square centred at `c`.
fn square_outline(c: Point) -> Rectangle {
    Rectangle::new()
        .set("x", round(c.x - SQUARE_SIZE / 2.0))
        .set("y", round(c.y - SQUARE_SIZE / 2.0))
        .set("width", round(SQUARE_SIZE))
        .set("height", round(SQUARE_SIZE))
        .set("rx", round(SQUARE_CORNER))
}

/// Path data for a square `size` wide centred at `c`, corners rounded by `r`.
fn rounded_square(c: Point, size: f64, r: f64) -> String {
    let (x, y) = (round(c.x - size / 2.0), round(c.y - size / 2.0));
    let (side, r) = (round(size - 2.0 * r), round(r));
    format!(
        "M{} {y} h{side} a{r} {r} 0 0 1 {r} {r} v{side} a{r} {r} 0 0 1 -{r} {r} h-{side} a{r} {r} 0 0 1 -{r} -{r} v-{side} a{r} {r} 0 0 1 {r} -{r} z",
        round(x + r)
    )
}

/// The size of a square's number.
const NUMBER_SIZE: f64 = 0.4 * CELL;

/// The number `n` on its square at `c`, on a halo of the square's own
/// colour: one of paper showed as a dark smear round every number where
/// the page draws in dark colours (paper and square apart).
fn number(c: Point, n: u8) -> Text {
    haloed(c, NUMBER_SIZE, &n.to_string())
        .set("stroke", SQUARE_FILL)
        .set("class", "number")
}

/// The numbers on the numbered squares, drawn over the route: one text
/// each with full detail, one text per row (each digit placed by its own
/// x) when compact.
fn numbers(maze: &DiceMaze, canvas: &Canvas, detail: Detail, out: &mut Stream) {
    out.open(Group::new().set("class", "numbers"), "g");
    let size = NUMBER_SIZE;
    for row in 1..=maze.rows() {
        let (mut digits, mut xs) = (String::new(), Vec::new());
        for col in 1..=maze.cols() {
            let at = Position::new(row, col);
            let Square::Number(n) = maze.square(at) else {
                continue;
            };
            let c = canvas.centre(at);
            match detail {
                Detail::Full => out.add(number(c, n)),
                Detail::Compact => {
                    digits.push(char::from(b'0' + n));
                    xs.push(round(c.x).to_string());
                }
            }
        }
        if !digits.is_empty() {
            let y = canvas.centre(Position::new(row, 1)).y;
            // No halo here: resvg strokes the glyphs of a text placed
            // digit by digit away from their fill.
            out.add(text(Point { x: 0.0, y }, size, &digits).set("x", xs.join(" ")));
        }
    }
    out.close();
}

/// The start square's outline, its label, and the die: its top face with
/// the front face below it.
fn start(maze: &DiceMaze, canvas: &Canvas) -> Group {
    let c = canvas.centre(maze.start());
    let (outline, label) = start_marks(c);
    let die = maze.die();
    let top_at = c.plus(Point { x: 0.27, y: -0.27 }, CELL);
    let front_at = top_at.plus(Point { x: 0.0, y: 1.0 }, 0.19 * CELL);
    let front = Rectangle::new()
        .set("x", round(front_at.x - 0.12 * CELL))
        .set("y", round(front_at.y - 0.07 * CELL))
        .set("width", round(0.24 * CELL))
        .set("height", round(0.14 * CELL))
        .set("fill", PAPER)
        .set("stroke", INK)
        .set("stroke-width", round(0.015 * CELL));
    let die_group = Group::new()
        .set("class", "die")
        .add(die_face(top_at, 0.24 * CELL, die.top(), "die-top"))
        .add(front)
        .add(text(front_at, 0.11 * CELL, &die.front().to_string()));
    Group::new()
        .set("class", "start")
        .add(outline)
        .add(label)
        .add(die_group)
}

/// The start square's outline and label, around `c`.
fn start_marks(c: Point) -> (Rectangle, Text) {
    let outline = square_outline(c)
        .set("fill", "none")
        .set("stroke", INK)
        .set("stroke-width", round(0.05 * CELL));
    let label = text(
        c.plus(Point { x: -0.4, y: -0.33 }, CELL),
        0.12 * CELL,
        "START",
    )
    .set("text-anchor", "start");
    (outline, label)
}

/// The start square's outline and label, for the play page.
#[cfg(feature = "play")]
fn start_mark(c: Point) -> Group {
    let (outline, label) = start_marks(c);
    Group::new().add(outline).add(label)
}

/// Path data for a five-pointed star centred at `c`, `size` across.
fn star(c: Point, size: f64) -> String {
    let points: Vec<Point> = (0..10)
        .map(|i| {
            let angle = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
            let radius = if i % 2 == 0 { size / 2.0 } else { size / 5.0 };
            Point {
                x: c.x + radius * angle.cos(),
                y: c.y + radius * angle.sin(),
            }
        })
        .collect();
    path_data(&points) + " Z"
}

/// Every position of the grid, row by row.
fn positions(maze: &DiceMaze) -> impl Iterator<Item = Position> + use<> {
    let cols = maze.cols();
    (1..=maze.rows()).flat_map(move |row| (1..=cols).map(move |col| Position::new(row, col)))
}

/// A small die face showing `number`, centred at `at`, `size` wide.
fn die_face(at: Point, size: f64, number: u8, class: &str) -> Group {
    let face = Rectangle::new()
        .set("x", round(at.x - size / 2.0))
        .set("y", round(at.y - size / 2.0))
        .set("width", round(size))
        .set("height", round(size))
        .set("rx", round(size * 0.2))
        .set("fill", PAPER)
        .set("stroke", INK)
        .set("stroke-width", round(size * 0.08));
    Group::new()
        .set("class", class)
        .add(face)
        .add(text(at, size * 0.7, &number.to_string()))
}
