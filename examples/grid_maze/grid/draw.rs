//! Drawing a grid maze with logicmaze's kit: walls dark, open squares
//! light, S and G marked, and the route over them.

use logicmaze::draw::{CELL, INK, PAPER};
use logicmaze::draw::{Canvas, Detail, Heading, lay_out, round, route_paths, text};
use logicmaze::draw::{Point, Stream};
use logicmaze::{Position, route::Route};
use svg::node::element::{Group, Rectangle};

use super::{Maze, WORDS};

pub(super) fn draw(maze: &Maze, route: Option<&Route>, _detail: Detail, out: &mut Stream) {
    let title = Heading::new(&maze.name, route, "grid", WORDS.moves);
    let (rows, cols) = (maze.grid.rows(), maze.grid.cols());
    let canvas = Canvas::new(rows, cols, &title);
    canvas.open(&title, out);
    out.open(Group::new().set("class", "squares"), "g");
    for (r, row) in (1..).zip(&maze.rows) {
        for (c, square) in (1..).zip(row.bytes()) {
            out.add(square_mark(canvas.centre(Position::new(r, c)), square));
        }
    }
    out.close();
    if let Some(route) = route {
        let steps = lay_out(&canvas, route, 0.5 * CELL);
        route_paths(
            &steps,
            |step| format!("step {}: {} → {}", step.number, step.from, step.to),
            out,
        );
    }
}

/// The square `square` (`#` a wall) centred at `centre`, with its label
/// when it is S or G.
fn square_mark(centre: Point, square: u8) -> Group {
    let fill = if square == b'#' { INK } else { "#f4f4f4" };
    let mut mark = Group::new().add(
        Rectangle::new()
            .set("class", if square == b'#' { "wall" } else { "square" })
            .set("x", round(centre.x - CELL / 2.0))
            .set("y", round(centre.y - CELL / 2.0))
            .set("width", CELL)
            .set("height", CELL)
            .set("fill", fill)
            .set("stroke", PAPER),
    );
    if square == b'S' || square == b'G' {
        let label = if square == b'S' { "S" } else { "G" };
        mark = mark.add(text(centre, 0.4 * CELL, label).set("class", "end"));
    }
    mark
}
