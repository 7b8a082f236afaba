//! Drawing an arrow maze: roads between intersections, each approach's
//! sign as small arrows on the road just before the intersection (a stem
//! in the direction of travel, then one arrow per allowed exit), the
//! entrance and the goal, and the route with its steps numbered.

use std::collections::BTreeSet;

use svg::node::element::{Circle, Definitions, Group, Path, Rectangle, Use};

use super::{ArrowMaze, Sign, Turn};
#[cfg(feature = "play")]
use crate::draw::{Board, Layer};
use crate::draw::{CELL, Detail, INK, PAPER, SOFT_INK, Stream, circle_data};
use crate::draw::{Canvas, Heading, haloed, lay_out, path_data, round, route_paths, text, unit};
use crate::draw::{Point, Step};
use crate::family::FamilyMaze;
use crate::grid::{Direction, Position};
use crate::route::Route;

const ROAD: &str = "#dcdcdc";
/// Road width, as a share of a cell.
const ROAD_WIDTH: f64 = 0.36;

/// The whole drawing of `maze`, with `route` when given.
pub(super) fn draw(maze: &ArrowMaze, route: Option<&Route>, detail: Detail, out: &mut Stream) {
    let title = Heading::new(maze.name(), route, "arrow", super::WORDS.moves);
    let canvas = Canvas::new(maze.rows(), maze.cols(), &title);
    canvas.open(&title, out);
    roads(maze, &canvas, detail, out);
    out.add(ends(maze, &canvas));
    canvas.legend(legend(route.is_some()), out);
    let Some(route) = route else {
        signs(maze, &canvas, detail, out);
        return;
    };
    let steps = lay_out(&canvas, route, ROAD_WIDTH * 0.8 * CELL);
    let describe = |step: &Step| format!("step {}: {} → {}", step.number, step.from, step.to);
    route_paths(&steps, describe, out);
    // Signs go over the route, each on a halo of paper, so that none is
    // hidden under it.
    signs(maze, &canvas, detail, out);
    out.open(Group::new().set("class", "step-numbers"), "g");
    for step in &steps {
        let at = step.label_place(&canvas, (ROAD_WIDTH / 2.0 + 0.12) * CELL);
        out.add(haloed(at, 0.17 * CELL, &step.number.to_string()).set("class", "step-number"));
    }
    out.close();
}

/// The drawing the play page paints: the roads, the intersections' marks,
/// each approach's sign (hidden while walking) and the two ends.
#[cfg(feature = "play")]
pub(super) fn board(maze: &ArrowMaze) -> Board {
    let roads = Roads::of(maze);
    let origin = Point::ORIGIN;
    let mut ways = Layer::new("roads");
    let mut marks = Layer::new("intersections");
    for &at in &roads.points {
        let ahead = [Direction::East, Direction::South]
            .map(|direction| roads.toward(at, direction).is_some());
        let alone = roads.alone(at);
        let key = u64::from(ahead[0]) | u64::from(ahead[1]) << 1 | u64::from(alone) << 2;
        ways.put_keyed(at, key, || {
            let data: Vec<String> = [Direction::East, Direction::South]
                .into_iter()
                .zip(ahead)
                .filter(|&(_, road)| road)
                .map(|(direction, _)| path_data(&[origin, origin.plus(unit(direction), CELL)]))
                .collect();
            let mut stamp = Group::new();
            if !data.is_empty() {
                stamp = stamp.add(road_path(data.join(" ")));
            }
            if alone {
                stamp = stamp.add(pad(origin));
            }
            stamp
        });
        if roads.listed.contains(&at) {
            marks.put_keyed(at, 0, || intersection_mark(origin));
        }
    }
    let mut board = Board::new(maze.rows(), maze.cols());
    board.add(ways);
    board.add(marks);
    for arriving in Direction::ALL {
        let mut signs = Layer::new("signs").hidden_in_walk();
        for (at, all) in maze.intersections() {
            let sign = all[arriving.index()];
            if !sign.is_empty() {
                signs.put_keyed(at, sign.0.into(), || sign_definition(arriving, sign));
            }
        }
        board.add(signs);
    }
    let mut ends = Layer::new("ends");
    ends.put(maze.entrance(), entrance(maze, origin));
    board.add(ends);
    let mut goal = Layer::new("goal");
    goal.put(maze.goal(), goal_mark(maze, origin));
    board.add(goal);
    board
}

/// What the marks mean: a sign, the ends, and the route when drawn.
fn legend(with_route: bool) -> Vec<(Group, &'static str)> {
    let example = Sign::from_turns(&[Turn::Left, Turn::Forward]);
    let (stem, exits) = glyph(
        Point {
            x: 0.0,
            y: -0.33 * CELL,
        },
        Direction::North,
        example,
    );
    let exits: Vec<String> = exits.into_iter().map(|(_, exit)| exit).collect();
    let sign = ink(Group::new()).add(Path::new().set("d", format!("{stem} {}", exits.join(" "))));
    let mut entries = vec![
        (sign, "sign: turns allowed arriving this way (left, on)"),
        (
            Group::new().add(
                Circle::new()
                    .set("r", round(0.1 * CELL))
                    .set("fill", "none")
                    .set("stroke", INK)
                    .set("stroke-width", round(0.03 * CELL)),
            ),
            "goal; (row,col) as numbered on the border",
        ),
    ];
    if with_route {
        entries.push((
            Group::new().add(
                Path::new()
                    .set("d", "M-10 0 L10 0")
                    .set("stroke", "#1a76d6")
                    .set("stroke-width", round(0.07 * CELL)),
            ),
            "route: moves numbered, blue first, orange last",
        ));
    }
    entries
}

/// The points drawn (every listed intersection, the entrance and the
/// goal) and the roads between them.
struct Roads {
    points: BTreeSet<Position>,
    listed: BTreeSet<Position>,
}

impl Roads {
    fn of(maze: &ArrowMaze) -> Roads {
        let listed: BTreeSet<Position> = maze.intersections().map(|(at, _)| at).collect();
        let mut points = listed.clone();
        points.insert(maze.entrance());
        points.insert(maze.goal());
        Roads { points, listed }
    }

    /// The point a road leads to from `at` heading `direction`: a
    /// neighbouring point, one of the two a listed intersection.
    fn toward(&self, at: Position, direction: Direction) -> Option<Position> {
        at.stepped(direction).filter(|n| {
            self.points.contains(n) && (self.listed.contains(&at) || self.listed.contains(n))
        })
    }

    /// Whether no road reaches `at` (a pad is drawn under it).
    fn alone(&self, at: Position) -> bool {
        Direction::ALL
            .into_iter()
            .all(|direction| self.toward(at, direction).is_none())
    }
}

/// Roads between neighbouring points, at least one of them a listed
/// intersection (one path; square ends fill the junctions), a pad under
/// any point without a road, and a mark on each listed intersection.
fn roads(maze: &ArrowMaze, canvas: &Canvas, detail: Detail, out: &mut Stream) {
    let roads = Roads::of(maze);
    let mut data = String::new();
    for &at in &roads.points {
        for direction in [Direction::East, Direction::South] {
            if let Some(next) = roads.toward(at, direction) {
                data += &path_data(&[canvas.centre(at), canvas.centre(next)]);
                data.push(' ');
            }
        }
    }
    out.open(Group::new(), "g");
    out.add(road_path(data.trim_end().to_string()));
    drop(data);
    // A pad under every point that no road reaches.
    out.open(Group::new().set("class", "pads").set("fill", ROAD), "g");
    for &at in &roads.points {
        if roads.alone(at) {
            out.add(pad_rectangle(canvas.centre(at)));
        }
    }
    out.close();
    out.open(Group::new().set("fill", SOFT_INK), "g");
    match detail {
        Detail::Full => {
            for (at, _) in maze.intersections() {
                out.add(intersection_dot(canvas.centre(at)));
            }
        }
        Detail::Compact => {
            let circles: Vec<String> = maze
                .intersections()
                .map(|(at, _)| circle_data(canvas.centre(at), DOT_RADIUS))
                .collect();
            out.add(
                Path::new()
                    .set("class", "intersections")
                    .set("d", circles.join(" ")),
            );
        }
    }
    out.close();
    out.close();
}

/// The roads along the path `data`.
fn road_path(data: String) -> Path {
    Path::new()
        .set("class", "roads")
        .set("d", data)
        .set("fill", "none")
        .set("stroke", ROAD)
        .set("stroke-width", round(ROAD_WIDTH * CELL))
        .set("stroke-linecap", "square")
}

/// The pad under a point at `c` that no road reaches (filled by its
/// group).
fn pad_rectangle(c: Point) -> Rectangle {
    let half = ROAD_WIDTH * CELL / 2.0;
    Rectangle::new()
        .set("x", round(c.x - half))
        .set("y", round(c.y - half))
        .set("width", round(2.0 * half))
        .set("height", round(2.0 * half))
}

/// A pad, filled, for the play page.
#[cfg(feature = "play")]
fn pad(c: Point) -> Group {
    Group::new().set("fill", ROAD).add(pad_rectangle(c))
}

/// The radius of an intersection's dot.
const DOT_RADIUS: f64 = 0.045 * CELL;

/// The dot on a listed intersection at `c` (filled by its group).
fn intersection_dot(c: Point) -> Circle {
    Circle::new()
        .set("class", "intersection")
        .set("cx", round(c.x))
        .set("cy", round(c.y))
        .set("r", round(DOT_RADIUS))
}

/// An intersection's dot, filled, for the play page.
#[cfg(feature = "play")]
fn intersection_mark(c: Point) -> Group {
    Group::new().set("fill", SOFT_INK).add(intersection_dot(c))
}

/// Every sign: for each approach with a sign, a stem along the road in the
/// direction of travel and one arrow per allowed exit. With full detail
/// each distinct sign is drawn once, in the definitions, and placed
/// wherever it stands; compact, all signs are one path.
fn signs(maze: &ArrowMaze, canvas: &Canvas, detail: Detail, out: &mut Stream) {
    let placed = || {
        maze.intersections().flat_map(|(at, signs)| {
            Direction::ALL
                .into_iter()
                .map(move |arriving| (at, arriving, signs[arriving.index()]))
                .filter(|(_, _, sign)| !sign.is_empty())
        })
    };
    if detail == Detail::Compact {
        let mut compact = String::new();
        for (at, arriving, sign) in placed() {
            let (stem, exits) = glyph(canvas.centre(at), arriving, sign);
            compact += &stem;
            for (_, exit) in exits {
                compact.push(' ');
                compact += &exit;
            }
            compact.push(' ');
        }
        let compact = compact.trim_end();
        out.add(
            ink(Group::new())
                .add(halo(compact.to_string()))
                .add(Path::new().set("d", compact)),
        );
        return;
    }
    let used: BTreeSet<(Direction, u8)> = placed()
        .map(|(_, arriving, sign)| (arriving, sign.0))
        .collect();
    out.open(Group::new(), "g");
    let mut definitions = Definitions::new();
    for (arriving, bits) in used {
        definitions = definitions.add(sign_definition(arriving, Sign(bits)));
    }
    out.add(definitions);
    out.open(Group::new().set("class", "signs"), "g");
    for (at, arriving, sign) in placed() {
        let centre = canvas.centre(at);
        out.add(
            Use::new()
                .set("class", "sign")
                .set("href", format!("#{}", sign_id(arriving, sign)))
                .set("x", round(centre.x))
                .set("y", round(centre.y)),
        );
    }
    out.close();
    out.close();
}

/// The id of the drawing of `sign` for walkers travelling `arriving`.
fn sign_id(arriving: Direction, sign: Sign) -> String {
    let turns: String = sign.turns().map(Turn::letter).collect();
    format!("sign-{}{turns}", arriving.letter())
}

/// The definition of one sign, around an intersection at the origin: the
/// stem, then one path of class `exit` per allowed turn.
fn sign_definition(arriving: Direction, sign: Sign) -> Group {
    let (stem, exits) = glyph(Point::ORIGIN, arriving, sign);
    let all: Vec<&str> = exits.iter().map(|(_, exit)| exit.as_str()).collect();
    let mut definition = ink(Group::new())
        .set("id", sign_id(arriving, sign))
        .add(halo(format!("{stem} {}", all.join(" "))))
        .add(Path::new().set("d", stem));
    for (turn, exit) in exits {
        definition = definition.add(
            Path::new()
                .set("class", "exit")
                .set("data-turn", turn.letter().to_string())
                .set("d", exit),
        );
    }
    definition
}

/// A sign's paper-coloured underlay, wider than its ink, so that it reads
/// over a route drawn under it.
fn halo(data: String) -> Path {
    Path::new()
        .set("class", "halo")
        .set("stroke", PAPER)
        .set("stroke-width", round(0.07 * CELL))
        .set("d", data)
}

/// How signs are stroked.
fn ink(group: Group) -> Group {
    group
        .set("fill", "none")
        .set("stroke", INK)
        .set("stroke-width", round(0.028 * CELL))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round")
}

/// The path data of one sign at the intersection centred at `centre`: the
/// stem, and each allowed turn's arrow.
fn glyph(centre: Point, arriving: Direction, sign: Sign) -> (String, Vec<(Turn, String)>) {
    let travel = unit(arriving);
    let base = centre.plus(travel, -0.44 * CELL);
    let fork = centre.plus(travel, -0.28 * CELL);
    let exits = sign
        .turns()
        .map(|turn| (turn, exit_arrow(fork, arriving, turn)))
        .collect();
    (path_data(&[base, fork]), exits)
}

/// One allowed exit: a short arrow from the fork towards the exit.
fn exit_arrow(fork: Point, arriving: Direction, turn: Turn) -> String {
    let way = unit(turn.apply(arriving));
    let side = Point {
        x: -way.y,
        y: way.x,
    };
    let tip = fork.plus(way, 0.12 * CELL);
    let back = tip.plus(way, -0.05 * CELL);
    let barbs = [
        back.plus(side, 0.04 * CELL),
        tip,
        back.plus(side, -0.04 * CELL),
    ];
    format!("{} {}", path_data(&[fork, tip]), path_data(&barbs))
}

/// The entrance (an arrow leaving it in the first direction, labelled
/// START) and the goal (a ring labelled GOAL).
fn ends(maze: &ArrowMaze, canvas: &Canvas) -> Group {
    Group::new()
        .add(entrance(maze, canvas.centre(maze.entrance())))
        .add(goal_mark(maze, canvas.centre(maze.goal())))
}

/// The entrance, at `entrance`: an arrow leaving it in the first
/// direction, labelled START.
fn entrance(maze: &ArrowMaze, entrance: Point) -> Group {
    let heading = unit(maze.heading());
    let side = Point {
        x: -heading.y,
        y: heading.x,
    };
    let tail = entrance.plus(heading, -0.1 * CELL);
    let tip = entrance.plus(heading, 0.3 * CELL);
    let head = [
        tip.plus(heading, -0.12 * CELL).plus(side, 0.09 * CELL),
        tip,
        tip.plus(heading, -0.12 * CELL).plus(side, -0.09 * CELL),
    ];
    let arrow = Path::new()
        .set(
            "d",
            format!("{} {}", path_data(&[tail, tip]), path_data(&head)),
        )
        .set("fill", "none")
        .set("stroke", INK)
        .set("stroke-width", round(0.06 * CELL))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    Group::new().set("class", "entrance").add(arrow).add(haloed(
        entrance.plus(heading, -0.42 * CELL),
        0.16 * CELL,
        "START",
    ))
}

/// The goal, at `goal_at`: a ring labelled GOAL, the label on the side
/// away from the border.
fn goal_mark(maze: &ArrowMaze, goal_at: Point) -> Group {
    let away = match maze.goal().row {
        1 => unit(Direction::North),
        _ => unit(Direction::South),
    };
    let ring = Circle::new()
        .set("cx", round(goal_at.x))
        .set("cy", round(goal_at.y))
        .set("r", round(0.17 * CELL))
        .set("fill", "none")
        .set("stroke", INK)
        .set("stroke-width", round(0.05 * CELL));
    Group::new().set("class", "goal").add(ring).add(text(
        goal_at.plus(away, 0.42 * CELL),
        0.16 * CELL,
        "GOAL",
    ))
}
