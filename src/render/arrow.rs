//! Drawing an arrow maze: roads between intersections, each approach's
//! sign as small arrows on the road just before the intersection (a stem
//! in the direction of travel, then one arrow per allowed exit), the
//! entrance and the goal, and the route with its steps numbered.

use std::collections::BTreeSet;

use svg::node::element::{Circle, Definitions, Group, Path, Rectangle, Use};
use svg::Document;

use super::{circle_data, Detail, CELL, INK, SOFT_INK};
use super::{haloed, lay_out, path_data, round, route_paths, text, unit, Canvas, Heading, Point};
use crate::arrow::{Maze, Sign, Turn};
use crate::grid::{Direction, Position};
use crate::Route;

const ROAD: &str = "#dcdcdc";
/// Road width, as a share of a cell.
const ROAD_WIDTH: f64 = 0.36;

/// The whole drawing of `maze`, with `route` when given.
pub(super) fn draw(maze: &Maze, route: Option<&Route>, detail: Detail) -> Document {
    let title = Heading::new(maze.name(), route, "arrow");
    let canvas = Canvas::new(maze.rows(), maze.cols(), &title);
    let mut document = canvas
        .document(&title)
        .add(roads(maze, &canvas, detail))
        .add(ends(maze, &canvas));
    if let Some(route) = route {
        let steps = lay_out(&canvas, route, ROAD_WIDTH * 0.8 * CELL);
        let describe =
            |step: &super::Step| format!("step {}: {} → {}", step.number, step.from, step.to);
        document = document.add(route_paths(&steps, describe));
        document = document.add(signs(maze, &canvas, detail));
        let mut numbers = Group::new().set("class", "step-numbers");
        for step in &steps {
            let at = step.label_place(&canvas, (ROAD_WIDTH / 2.0 + 0.12) * CELL);
            let label =
                haloed(at, 0.17 * CELL, &step.number.to_string()).set("class", "step-number");
            numbers = numbers.add(label);
        }
        return document.add(numbers);
    }
    document.add(signs(maze, &canvas, detail))
}

/// The points drawn: every listed intersection, the entrance and the goal.
fn points(maze: &Maze) -> BTreeSet<Position> {
    let mut points: BTreeSet<Position> = maze.intersections().map(|(at, _)| at).collect();
    points.insert(maze.entrance());
    points.insert(maze.goal());
    points
}

/// Roads between neighbouring points, at least one of them a listed
/// intersection (one path; square ends fill the junctions), a pad under
/// any point without a road, and a mark on each listed intersection.
fn roads(maze: &Maze, canvas: &Canvas, detail: Detail) -> Group {
    let points = points(maze);
    let listed: BTreeSet<Position> = maze.intersections().map(|(at, _)| at).collect();
    let mut data = String::new();
    let mut pads = Group::new().set("class", "pads").set("fill", ROAD);
    let half = ROAD_WIDTH * CELL / 2.0;
    for &at in &points {
        let a = canvas.centre(at);
        let mut alone = true;
        for direction in Direction::ALL {
            let road =
                |n: &Position| points.contains(n) && (listed.contains(&at) || listed.contains(n));
            let Some(next) = at.stepped(direction).filter(road) else {
                continue;
            };
            alone = false;
            if matches!(direction, Direction::East | Direction::South) {
                let b = canvas.centre(next);
                data += &path_data(&[a, b]);
                data.push(' ');
            }
        }
        if alone {
            pads = pads.add(
                Rectangle::new()
                    .set("x", round(a.x - half))
                    .set("y", round(a.y - half))
                    .set("width", round(2.0 * half))
                    .set("height", round(2.0 * half)),
            );
        }
    }
    let roads = Path::new()
        .set("class", "roads")
        .set("d", data.trim_end())
        .set("fill", "none")
        .set("stroke", ROAD)
        .set("stroke-width", round(ROAD_WIDTH * CELL))
        .set("stroke-linecap", "square");
    let mut marks = Group::new().set("fill", SOFT_INK);
    let r = 0.045 * CELL;
    match detail {
        Detail::Full => {
            for (at, _) in maze.intersections() {
                let c = canvas.centre(at);
                marks = marks.add(
                    Circle::new()
                        .set("class", "intersection")
                        .set("cx", round(c.x))
                        .set("cy", round(c.y))
                        .set("r", round(r)),
                );
            }
        }
        Detail::Compact => {
            let circles: Vec<String> = maze
                .intersections()
                .map(|(at, _)| circle_data(canvas.centre(at), r))
                .collect();
            marks = marks.add(
                Path::new()
                    .set("class", "intersections")
                    .set("d", circles.join(" ")),
            );
        }
    }
    Group::new().add(roads).add(pads).add(marks)
}

/// Every sign: for each approach with a sign, a stem along the road in the
/// direction of travel and one arrow per allowed exit. With full detail
/// each distinct sign is drawn once, in the definitions, and placed
/// wherever it stands; compact, all signs are one path.
fn signs(maze: &Maze, canvas: &Canvas, detail: Detail) -> Group {
    let mut used = BTreeSet::new();
    let mut placed = Group::new().set("class", "signs");
    let mut compact = String::new();
    for (at, signs) in maze.intersections() {
        let centre = canvas.centre(at);
        for arriving in Direction::ALL {
            let sign = signs[arriving.index()];
            if sign.is_empty() {
                continue;
            }
            if detail == Detail::Compact {
                let (stem, exits) = glyph(centre, arriving, sign);
                compact += &stem;
                for (_, exit) in exits {
                    compact.push(' ');
                    compact += &exit;
                }
                compact.push(' ');
                continue;
            }
            used.insert((arriving, sign.0));
            placed = placed.add(
                Use::new()
                    .set("class", "sign")
                    .set("href", format!("#{}", sign_id(arriving, sign)))
                    .set("x", round(centre.x))
                    .set("y", round(centre.y)),
            );
        }
    }
    if detail == Detail::Compact {
        return ink(Group::new()).add(Path::new().set("d", compact.trim_end()));
    }
    let mut definitions = Definitions::new();
    for (arriving, bits) in used {
        definitions = definitions.add(sign_definition(arriving, Sign(bits)));
    }
    Group::new().add(definitions).add(placed)
}

/// The id of the drawing of `sign` for walkers travelling `arriving`.
fn sign_id(arriving: Direction, sign: Sign) -> String {
    let turns: String = sign.turns().map(Turn::letter).collect();
    format!("sign-{}{turns}", arriving.letter())
}

/// The definition of one sign, around an intersection at the origin: the
/// stem, then one path of class `exit` per allowed turn.
fn sign_definition(arriving: Direction, sign: Sign) -> Group {
    let (stem, exits) = glyph(Point { x: 0.0, y: 0.0 }, arriving, sign);
    let mut definition = ink(Group::new())
        .set("id", sign_id(arriving, sign))
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
fn ends(maze: &Maze, canvas: &Canvas) -> Group {
    let entrance = canvas.centre(maze.entrance());
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
    let start = Group::new().set("class", "entrance").add(arrow).add(haloed(
        entrance.plus(heading, -0.42 * CELL),
        0.16 * CELL,
        "START",
    ));
    let goal_at = canvas.centre(maze.goal());
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
    let goal = Group::new().set("class", "goal").add(ring).add(text(
        goal_at.plus(away, 0.42 * CELL),
        0.16 * CELL,
        "GOAL",
    ));
    Group::new().add(start).add(goal)
}
