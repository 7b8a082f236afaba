//! Drawing a Theseus-and-the-Minotaur maze: the squares' floor, the walls
//! as thick lines (the border open at the exit's gap), the exit marked,
//! Theseus and the Minotaur on their squares, and along a route Theseus's
//! path in the route's colours (a ring where he waits) with the
//! Minotaur's path beside it, dashed, in a lane of its own.

use svg::node::element::{Circle, Group, Path, Rectangle};

use super::MinotaurMaze;
#[cfg(feature = "play")]
use crate::draw::{Board, Layer};
use crate::draw::{CELL, INK, PAPER, SOFT_INK};
use crate::draw::{Canvas, Detail, Heading, Point, Step, Stream};
use crate::draw::{haloed, lay_out, path_data, round, route_paths, text, unit};
use crate::family::FamilyMaze;
use crate::grid::{Direction, Position};
use crate::route::Route;

const FLOOR: &str = "#f4f4f4";
/// The Minotaur's colour: a dark red, apart from the route's ramp.
const MINOTAUR: &str = "#8b1a1a";

/// The dashes of the Minotaur's path, on the board and in the legend.
const MINOTAUR_DASHES: &str = "8 6";

/// The whole drawing of `maze`, with `route` when given.
pub(super) fn draw(maze: &MinotaurMaze, route: Option<&Route>, detail: Detail, out: &mut Stream) {
    let title = Heading::new(maze.name(), route, "minotaur", super::WORDS.moves);
    let canvas = Canvas::new(maze.rows(), maze.cols(), &title);
    canvas.open(&title, out);
    canvas.legend(legend(route.is_some()), out);
    floor(maze, &canvas, out);
    exit(maze, &canvas, out);
    if let Some(route) = route {
        // The Minotaur's first, so that Theseus's turn numbers lie on top.
        minotaur_path(&canvas, &maze.minotaur_steps(route), out);
        theseus_path(&canvas, route, out);
    }
    walls(maze, &canvas, detail, out);
    out.add(piece(canvas.centre(maze.theseus()), "T", INK, "theseus"));
    out.add(piece(
        canvas.centre(maze.minotaur()),
        "M",
        MINOTAUR,
        "minotaur",
    ));
}

/// The drawing the play page paints: the floor, the exit and the walls
/// (the page draws Theseus and the Minotaur).
#[cfg(feature = "play")]
pub(super) fn board(maze: &MinotaurMaze) -> Board {
    let origin = Point::ORIGIN;
    // Each square's floor a hair wider than the square, so that no seam
    // shows between neighbours painted apart.
    let overlap = 0.5;
    let floor_square = Rectangle::new()
        .set("x", -CELL / 2.0 - overlap)
        .set("y", -CELL / 2.0 - overlap)
        .set("width", CELL + 2.0 * overlap)
        .set("height", CELL + 2.0 * overlap)
        .set("fill", FLOOR);
    let mut floor = Layer::new("floor");
    let mut walls = Layer::new("walls");
    for at in maze.positions() {
        floor.put_keyed(at, 0, || floor_square.clone());
        let sides: Vec<Direction> = wall_sides(maze, at).collect();
        if !sides.is_empty() {
            let key = sides.iter().map(|side| 1 << side.index()).sum();
            walls.put_keyed(at, key, || {
                let segments: Vec<String> = sides
                    .iter()
                    .map(|&side| path_data(&wall_ends(origin, side)))
                    .collect();
                wall_ink().add(Path::new().set("d", segments.join(" ")))
            });
        }
    }
    let mut exit = Layer::new("exit");
    exit.put(maze.exit(), exit_mark(maze, origin));
    let mut board = Board::new(maze.rows(), maze.cols());
    board.add(floor);
    board.add(exit);
    board.add(walls);
    board
}

/// What the marks mean: the two pieces, and the Minotaur's path when a
/// route is drawn.
fn legend(with_route: bool) -> Vec<(Group, &'static str)> {
    let origin = Point::ORIGIN;
    // The pieces smaller than on the board: a legend line is narrower.
    let small = |piece: Group| Group::new().add(piece.set("transform", "scale(0.7)"));
    let mut entries = vec![
        (
            small(piece(origin, "T", INK, "legend-theseus")),
            "Theseus; EXIT: the square he escapes on",
        ),
        (
            small(piece(origin, "M", MINOTAUR, "legend-minotaur")),
            "the Minotaur: two steps after each turn",
        ),
    ];
    if with_route {
        let dash = Path::new()
            .set("d", "M-18 0 L18 0")
            .set("stroke", MINOTAUR)
            .set("stroke-width", round(0.05 * CELL))
            .set("stroke-dasharray", MINOTAUR_DASHES);
        entries.push((
            Group::new().add(dash),
            "route: Theseus numbered by turn, ring: wait; dashes: the Minotaur",
        ));
    }
    entries
}

/// The squares' floor, one rectangle under the grid.
fn floor(maze: &MinotaurMaze, canvas: &Canvas, out: &mut Stream) {
    let first = canvas.centre(Position::new(1, 1));
    out.add(
        Rectangle::new()
            .set("class", "floor")
            .set("x", round(first.x - CELL / 2.0))
            .set("y", round(first.y - CELL / 2.0))
            .set("width", round(maze.cols() as f64 * CELL))
            .set("height", round(maze.rows() as f64 * CELL))
            .set("fill", FLOOR),
    );
}

/// The ends of the wall on `side` of the square centred at `c`.
fn wall_ends(c: Point, side: Direction) -> [Point; 2] {
    let half = CELL / 2.0;
    let out = unit(side);
    let along = Point {
        x: out.y.abs(),
        y: out.x.abs(),
    };
    let middle = c.plus(out, half);
    [middle.plus(along, -half), middle.plus(along, half)]
}

/// Every wall: the north and west sides of each square, and the south
/// and east sides of the last row and column; one line each with full
/// detail, one path for all when compact.
fn walls(maze: &MinotaurMaze, canvas: &Canvas, detail: Detail, out: &mut Stream) {
    let segments: Vec<[Point; 2]> = maze
        .positions()
        .flat_map(|at| wall_sides(maze, at).map(move |side| wall_ends(canvas.centre(at), side)))
        .collect();
    out.open(wall_ink().set("class", "walls"), "g");
    match detail {
        Detail::Full => {
            for ends in &segments {
                out.add(Path::new().set("class", "wall").set("d", path_data(ends)));
            }
        }
        Detail::Compact => {
            let data: Vec<String> = segments.iter().map(|ends| path_data(ends)).collect();
            out.add(Path::new().set("d", data.join(" ")));
        }
    }
    out.close();
}

/// The walls drawn with the square at `at`: of its north and west sides,
/// and its south and east sides on the last row and column, those with a
/// wall (but the exit's gap).
fn wall_sides(maze: &MinotaurMaze, at: Position) -> impl Iterator<Item = Direction> + '_ {
    let mut sides = vec![Direction::North, Direction::West];
    if at.row == maze.rows() {
        sides.push(Direction::South);
    }
    if at.col == maze.cols() {
        sides.push(Direction::East);
    }
    sides.into_iter().filter(move |&side| {
        let gap = at == maze.exit() && side == maze.gap();
        maze.wall(at, side) && !gap
    })
}

/// How walls are stroked.
fn wall_ink() -> Group {
    Group::new()
        .set("stroke", INK)
        .set("stroke-width", round(0.08 * CELL))
        .set("stroke-linecap", "round")
}

/// The exit: its square's label, and an arrow out through the gap.
fn exit(maze: &MinotaurMaze, canvas: &Canvas, out: &mut Stream) {
    out.add(exit_mark(maze, canvas.centre(maze.exit())));
}

/// The exit's label and arrow, around its square's centre `c`: the label
/// in the middle, inside the ring the play page draws round the goal (at
/// the square's foot it was drawn across the ring, a third smaller); the
/// arrow out through the gap, short of the row's or column's number
/// beyond the border.
fn exit_mark(maze: &MinotaurMaze, c: Point) -> Group {
    let out_of = unit(maze.gap());
    let (from, to) = (c.plus(out_of, 0.3 * CELL), c.plus(out_of, 0.66 * CELL));
    let head = [
        to.plus(out_of, 0.0),
        to.plus(out_of, -0.15 * CELL).plus(
            Point {
                x: out_of.y,
                y: -out_of.x,
            },
            0.1 * CELL,
        ),
        to.plus(out_of, -0.15 * CELL).plus(
            Point {
                x: -out_of.y,
                y: out_of.x,
            },
            0.1 * CELL,
        ),
    ];
    let arrow = Group::new()
        .set("stroke", SOFT_INK)
        .set("fill", SOFT_INK)
        .set("stroke-width", round(0.04 * CELL))
        .add(Path::new().set("d", path_data(&[from, to])))
        .add(Path::new().set("d", path_data(&head) + " Z"));
    let label = text(c, 0.24 * CELL, "EXIT").set("fill", SOFT_INK);
    Group::new().set("class", "exit").add(arrow).add(label)
}

/// A piece: a disc with its letter.
fn piece(at: Point, letter: &str, colour: &str, class: &str) -> Group {
    let disc = Circle::new()
        .set("cx", round(at.x))
        .set("cy", round(at.y))
        .set("r", round(0.22 * CELL))
        .set("fill", colour)
        .set("stroke", PAPER)
        .set("stroke-width", round(0.03 * CELL));
    Group::new()
        .set("class", class)
        .add(disc)
        .add(text(at, 0.24 * CELL, letter).set("fill", PAPER))
}

/// Theseus's path: his steps in the route's colours, each labelled with
/// its turn, and a ring on each square where he waits.
fn theseus_path(canvas: &Canvas, route: &Route, out: &mut Stream) {
    let positions = route.positions();
    // The turn that made each step, waits left out of the path.
    let mut steps_turns = Vec::new();
    let mut moved: Vec<Position> = positions.iter().take(1).copied().collect();
    let mut waits = Vec::new();
    for (turn, pair) in (1..).zip(positions.windows(2)) {
        match pair[0] == pair[1] {
            true => waits.push((pair[0], turn)),
            false => {
                moved.push(pair[1]);
                steps_turns.push(turn);
            }
        }
    }
    let path: Route = moved.into_iter().collect();
    let steps = lay_out(canvas, &path, 0.35 * CELL);
    let describe = |step: &Step| {
        let turn = steps_turns[step.number - 1];
        format!("turn {turn}: Theseus {} → {}", step.from, step.to)
    };
    route_paths(&steps, describe, out);
    out.open(Group::new().set("class", "turn-numbers"), "g");
    for (step, turn) in steps.iter().zip(&steps_turns) {
        let at = step.label_place(canvas, 0.2 * CELL);
        out.add(haloed(at, 0.13 * CELL, &turn.to_string()).set("class", "step-number"));
    }
    out.close();
    out.open(Group::new().set("class", "waits"), "g");
    for (at, turn) in waits {
        let c = canvas.centre(at).plus(Point { x: -0.28, y: -0.28 }, CELL);
        out.add(
            Circle::new()
                .set("class", "wait")
                .set("cx", round(c.x))
                .set("cy", round(c.y))
                .set("r", round(0.1 * CELL))
                .set("fill", PAPER)
                .set("stroke", INK)
                .set("stroke-width", round(0.02 * CELL)),
        );
        out.add(text(c, 0.1 * CELL, &turn.to_string()).set("class", "wait-turn"));
    }
    out.close();
}

/// The Minotaur's path, dashed, in its own lane: a little south-east of
/// the squares' centres, where Theseus's lane is not. Each step between
/// two squares is drawn once, from the same end whichever way it went,
/// so that a step taken again lays its dashes on the same dashes (drawn
/// as one line, steps retraced looked solid).
fn minotaur_path(canvas: &Canvas, squares: &Route, out: &mut Stream) {
    let lane = Point { x: 0.18, y: 0.18 };
    let mut steps: Vec<(Position, Position)> = squares
        .positions()
        .windows(2)
        .filter(|pair| pair[0] != pair[1])
        .map(|pair| (pair[0].min(pair[1]), pair[0].max(pair[1])))
        .collect();
    steps.sort();
    steps.dedup();
    if steps.is_empty() {
        return;
    }
    let at = |square: Position| canvas.centre(square).plus(lane, CELL);
    let data: Vec<String> = (steps.iter())
        .map(|&(from, to)| path_data(&[at(from), at(to)]))
        .collect();
    out.add(
        Path::new()
            .set("class", "minotaur-route")
            .set("d", data.join(" "))
            .set("fill", "none")
            .set("stroke", MINOTAUR)
            .set("stroke-width", round(0.05 * CELL))
            .set("stroke-dasharray", MINOTAUR_DASHES)
            .set("stroke-linecap", "round"),
    );
}
