//! Drawing mazes: the SVG holds what the maze holds (checked by parsing it
//! with roxmltree), the PNG shows the route where the route goes and
//! nowhere else, and the `render` command's files, names and errors.

use std::collections::{BTreeSet, HashMap};

use assert_cmd::Command;
use logicmaze::draw::{Detail, Fonts};
use logicmaze::family::Parsed;
use logicmaze::family::dice::{Die, Square};
use logicmaze::render;
use logicmaze::{Direction, Position, family::Maze, route::Route};
use resvg::tiny_skia::Pixmap;

fn mazes(path: &str) -> Vec<Maze> {
    let text = std::fs::read(path).unwrap();
    logicmaze::batch::parse(&text, &Default::default())
        .into_iter()
        .filter_map(|item| match item {
            Parsed::Maze(maze) => Some(maze),
            _ => None,
        })
        .collect()
}

fn maze(path: &str, name: &str) -> Maze {
    mazes(path).into_iter().find(|m| m.name() == name).unwrap()
}

/// The elements of `svg` with class `class`.
fn with_class<'a>(svg: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    svg.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The exit arrows drawn: those of every placed sign, found through the
/// definition each `<use>` points at.
fn exits_drawn(svg: &roxmltree::Document) -> usize {
    let definitions: HashMap<&str, usize> = svg
        .descendants()
        .filter_map(|n| {
            let exits = n
                .children()
                .filter(|c| c.attribute("class") == Some("exit"));
            Some((n.attribute("id")?, exits.count()))
        })
        .collect();
    with_class(svg, "sign")
        .iter()
        .map(|sign| definitions[&sign.attribute("href").unwrap()[1..]])
        .sum()
}

#[test]
fn an_arrow_maze_has_one_mark_per_intersection_and_one_arrow_per_exit() {
    for maze in mazes("examples/arrow.in") {
        let Some(arrow) = maze.downcast_ref::<logicmaze::family::arrow::ArrowMaze>() else {
            panic!()
        };
        let route = maze.solve();
        let text = render::svg(&maze, route.as_ref());
        let svg = roxmltree::Document::parse(&text).unwrap();
        let intersections: Vec<_> = arrow.intersections().collect();
        let signs = intersections
            .iter()
            .flat_map(|(_, signs)| signs.iter().filter(|s| !s.is_empty()))
            .count();
        let exits: usize = intersections
            .iter()
            .flat_map(|(_, signs)| signs.iter().map(|s| s.turns().count()))
            .sum();
        assert_eq!(with_class(&svg, "intersection").len(), intersections.len());
        assert_eq!(with_class(&svg, "sign").len(), signs, "{}", maze.name());
        assert_eq!(exits_drawn(&svg), exits, "{}", maze.name());
        assert_eq!(with_class(&svg, "entrance").len(), 1);
        assert_eq!(with_class(&svg, "goal").len(), 1);
        let moves = route.as_ref().map_or(0, Route::moves);
        let steps = with_class(&svg, "step");
        assert_eq!(steps.len(), moves);
        assert_eq!(with_class(&svg, "step-number").len(), moves);
        let numbers: Vec<usize> = steps
            .iter()
            .map(|s| s.attribute("data-step").unwrap().parse().unwrap())
            .collect();
        assert_eq!(numbers, (1..=moves).collect::<Vec<_>>());
    }
}

#[test]
fn a_dice_maze_has_one_mark_per_square_and_the_top_face_after_each_move() {
    for maze in mazes("examples/dice.in") {
        let Some(dice) = maze.downcast_ref::<logicmaze::family::dice::DiceMaze>() else {
            panic!()
        };
        let route = maze.solve();
        let text = render::svg(&maze, route.as_ref());
        let svg = roxmltree::Document::parse(&text).unwrap();
        let squares: Vec<Square> = (1..=dice.rows())
            .flat_map(|r| (1..=dice.cols()).map(move |c| Position::new(r, c)))
            .map(|at| dice.square(at))
            .collect();
        let count = |wanted: fn(&Square) -> bool| squares.iter().filter(|s| wanted(s)).count();
        assert_eq!(
            with_class(&svg, "square").len(),
            count(|s| *s != Square::Missing)
        );
        assert_eq!(
            with_class(&svg, "wild").len(),
            count(|s| *s == Square::Wild)
        );
        assert_eq!(
            with_class(&svg, "number").len(),
            count(|s| matches!(s, Square::Number(_)))
        );
        assert_eq!(with_class(&svg, "start").len(), 1);
        assert_eq!(with_class(&svg, "die").len(), 1);
        let Some(route) = route else {
            assert!(with_class(&svg, "step").is_empty());
            continue;
        };
        assert_eq!(with_class(&svg, "step").len(), route.moves());
        let shown: Vec<u8> = with_class(&svg, "top-face")
            .iter()
            .map(|face| {
                let text = face
                    .descendants()
                    .filter_map(|n| n.text())
                    .find(|t| !t.trim().is_empty());
                text.unwrap().trim().parse().unwrap()
            })
            .collect();
        assert_eq!(shown, tops_along(dice.die(), &route), "{}", maze.name());
    }
}

/// The top face after each move of `route`, rolling `die` by hand.
fn tops_along(mut die: Die, route: &Route) -> Vec<u8> {
    route
        .positions()
        .windows(2)
        .map(|w| {
            let direction = Direction::ALL
                .into_iter()
                .find(|&d| w[0].stepped(d) == Some(w[1]))
                .unwrap();
            die = die.rolled(direction);
            die.top()
        })
        .collect()
}

/// The grid cell of every pixel: centres read from the drawing's own marks
/// (`cx`/`cy` of intersection marks, the middle of squares), and the cell
/// size from two centres in different rows and columns.
struct Cells {
    origin: (f64, f64, Position),
    size: f64,
}

impl Cells {
    fn of(svg: &str) -> Cells {
        let document = roxmltree::Document::parse(svg).unwrap();
        let number = |node: &roxmltree::Node, name: &str| -> f64 {
            node.attribute(name).unwrap().parse().unwrap()
        };
        let mut centres: Vec<(f64, f64)> = Vec::new();
        for node in document.descendants() {
            match node.attribute("class") {
                Some("intersection") => centres.push((number(&node, "cx"), number(&node, "cy"))),
                Some("square") => centres.push((
                    number(&node, "x") + number(&node, "width") / 2.0,
                    number(&node, "y") + number(&node, "height") / 2.0,
                )),
                _ => {}
            }
        }
        let (x0, y0) = centres
            .iter()
            .fold((f64::MAX, f64::MAX), |(x, y), c| (x.min(c.0), y.min(c.1)));
        let size = centres
            .iter()
            .map(|c| c.0 - x0)
            .filter(|&d| d > 1.0)
            .fold(f64::MAX, f64::min);
        // The top-left centre found belongs to the smallest row and column
        // holding a mark; the route's samples all have a mark in row 1 and
        // column 1.
        Cells {
            origin: (x0, y0, Position::new(1, 1)),
            size,
        }
    }

    fn at(&self, x: f64, y: f64) -> Option<Position> {
        let col = ((x - self.origin.0) / self.size + 0.5).floor() as i64 + self.origin.2.col as i64;
        let row = ((y - self.origin.1) / self.size + 0.5).floor() as i64 + self.origin.2.row as i64;
        (row >= 1 && col >= 1).then(|| Position::new(row as u32, col as u32))
    }
}

/// Whether a pixel has the route's colour: far from grey.
fn is_route_coloured(r: u8, g: u8, b: u8) -> bool {
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    max - min > 90
}

/// The top of the legend's band: a little above its first line.
fn legend_top(svg: &str) -> f64 {
    let document = roxmltree::Document::parse(svg).unwrap();
    let first_line = with_class(&document, "legend-entry")
        .iter()
        .flat_map(|entry| entry.children().filter(|n| n.has_tag_name("text")))
        .map(|text| text.attribute("y").unwrap().parse::<f64>().unwrap())
        .fold(f64::INFINITY, f64::min);
    first_line - 0.3 * logicmaze::draw::CELL
}

fn check_png_route(maze: &Maze) {
    let route = maze.solve().unwrap();
    let svg = render::svg(maze, Some(&route));
    let compact = render::svg_with(maze, Some(&route), Detail::Compact);
    let png = logicmaze::draw::png(&compact, 1.0, &Fonts::none()).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    let cells = Cells::of(&svg);
    let on_route: BTreeSet<Position> = route.positions().iter().copied().collect();
    let mut seen: HashMap<Position, usize> = HashMap::new();
    // The legend, under the grid, shows the route's colour on a sample.
    let legend_top = legend_top(&svg);
    for y in 0..pixmap.height().min(legend_top as u32) {
        for x in 0..pixmap.width() {
            let pixel = pixmap.pixel(x, y).unwrap().demultiply();
            if !is_route_coloured(pixel.red(), pixel.green(), pixel.blue()) {
                continue;
            }
            let cell = cells.at(x as f64 + 0.5, y as f64 + 0.5);
            assert!(
                cell.is_some_and(|c| on_route.contains(&c)),
                "{}: route colour at pixel ({x},{y}), cell {cell:?}, off the route",
                maze.name()
            );
            *seen.entry(cell.unwrap()).or_default() += 1;
        }
    }
    for at in &on_route {
        assert!(
            seen.get(at).copied().unwrap_or(0) >= 20,
            "{}: no route colour at {at}",
            maze.name()
        );
    }
}

#[test]
fn the_png_shows_route_colours_on_the_route_and_nowhere_else() {
    check_png_route(&maze("examples/dice.in", "DICEMAZE2"));
    check_png_route(&maze("examples/arrow.in", "SAMPLE"));
}

#[test]
fn compact_and_full_svg_draw_the_same_picture() {
    for (path, name) in [
        ("examples/arrow.in", "SAMPLE"),
        ("examples/dice.in", "DICEMAZE2"),
        ("tests/data/atlanta.in", "RobertAbbottAtlanta"),
    ] {
        let maze = maze(path, name);
        let route = maze.solve();
        let picture = |detail| {
            let svg = render::svg_with(&maze, route.as_ref(), detail);
            Pixmap::decode_png(&logicmaze::draw::png(&svg, 1.0, &Fonts::none()).unwrap()).unwrap()
        };
        let (full, compact) = (picture(Detail::Full), picture(Detail::Compact));
        assert_eq!(
            (full.width(), full.height()),
            (compact.width(), compact.height())
        );
        let differ = full
            .pixels()
            .iter()
            .zip(compact.pixels())
            .filter(|(a, b)| {
                let channels =
                    |p: &resvg::tiny_skia::PremultipliedColorU8| [p.red(), p.green(), p.blue()];
                channels(a)
                    .iter()
                    .zip(channels(b))
                    .any(|(x, y)| x.abs_diff(y) > 40)
            })
            .count();
        assert!(
            differ * 1000 < full.pixels().len(),
            "{name}: {differ} pixels differ"
        );
    }
}

#[test]
fn the_png_check_notices_route_colour_off_the_route() {
    // A route that the drawing is told about but the check is not: the
    // check must fail, or it proves nothing.
    let maze = maze("examples/dice.in", "DICEMAZE2");
    let route = maze.solve().unwrap();
    let svg = render::svg(&maze, Some(&route));
    let png = logicmaze::draw::png(&svg, 1.0, &Fonts::none()).unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();
    let cells = Cells::of(&svg);
    let first = route.positions()[1];
    let coloured_at_first = (0..pixmap.height())
        .flat_map(|y| (0..pixmap.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = pixmap.pixel(x, y).unwrap().demultiply();
            is_route_coloured(p.red(), p.green(), p.blue())
        })
        .any(|(x, y)| cells.at(x as f64 + 0.5, y as f64 + 0.5) == Some(first));
    assert!(coloured_at_first);
    let unrouted = logicmaze::draw::png(&render::svg(&maze, None), 1.0, &Fonts::none()).unwrap();
    let pixmap = Pixmap::decode_png(&unrouted).unwrap();
    assert!(!pixmap.pixels().iter().any(|p| {
        let p = p.demultiply();
        is_route_coloured(p.red(), p.green(), p.blue())
    }));
}

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").unwrap()
}

#[test]
fn render_writes_svg_to_stdout_for_one_maze() {
    let output = logicmaze()
        .args(["render", "examples/arrow.in", "--maze", "SAMPLE", "--route"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let svg = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(with_class(&svg, "step").len(), 14);
}

/// The README's drawings (scripts/readme-images.sh) are golden files: a
/// change to how a maze is drawn shows here, byte for byte.
#[test]
fn the_readme_drawings_are_what_render_draws() {
    for (file, maze, drawing) in [
        ("examples/arrow.in", "SAMPLE", "arrow-sample.svg"),
        ("examples/dice.in", "DICEMAZE2", "dice-sample.svg"),
        (
            "tests/data/atlanta.in",
            "RobertAbbottAtlanta",
            "atlanta.svg",
        ),
        (
            "examples/minotaur.in",
            "Labyrinth",
            "minotaur-labyrinth.svg",
        ),
    ] {
        let output = logicmaze()
            .args(["render", file, "--maze", maze, "--route"])
            .output()
            .unwrap();
        assert!(output.status.success());
        let expected = std::fs::read(format!("docs/img/{drawing}")).unwrap();
        assert!(
            output.stdout == expected,
            "{drawing} is not what render draws of {maze}"
        );
    }
}

#[test]
fn render_writes_one_file_per_maze() {
    let dir = tempdir();
    let out = dir.join("dice-{name}.svg");
    let wrote = |name: &str| format!("logicmaze: wrote {}\n", dir.join(name).display());
    logicmaze()
        .args(["render", "examples/dice.in", "--route", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stderr(
            wrote("dice-DICEMAZE1.svg")
                + &wrote("dice-DICEMAZE2.svg")
                + "logicmaze: warning: maze 'DICEMAZE3' has no solution; it is drawn without a route\n"
                + &wrote("dice-DICEMAZE3.svg"),
        );
    for name in ["DICEMAZE1", "DICEMAZE2", "DICEMAZE3"] {
        let text = std::fs::read_to_string(dir.join(format!("dice-{name}.svg"))).unwrap();
        roxmltree::Document::parse(&text).unwrap();
    }
    let png = dir.join("one.png");
    logicmaze()
        .args(["render", "examples/dice.in", "--maze", "DICEMAZE1", "-o"])
        .arg(&png)
        .assert()
        .success();
    assert!(Pixmap::decode_png(&std::fs::read(&png).unwrap()).is_ok());
}

#[test]
fn render_names_files_safely() {
    let dir = tempdir();
    let input = dir.join("spaced.in");
    std::fs::write(
        &input,
        "My Maze 1\n3 1 N 1 1\n2 1 NF *\n0\nMy Maze 1\n3 1 N 1 1\n2 1 NF *\n0\nEND\n",
    )
    .unwrap();
    logicmaze()
        .arg("render")
        .arg(&input)
        .arg("-o")
        .arg(dir.join("out-{name}.svg"))
        .assert()
        .success();
    assert!(dir.join("out-My-Maze-1.svg").exists());
    assert!(dir.join("out-My-Maze-1-2.svg").exists());
}

#[test]
fn render_refuses_what_it_cannot_do() {
    logicmaze()
        .args(["render", "examples/dice.in"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("logicmaze: error: examples/dice.in holds 3 mazes: pick one with --maze NAME, or write one file per maze with -o 'dice-{name}.svg'\n");
    logicmaze()
        .args(["render", "examples/dice.in", "--maze", "NOPE"])
        .assert()
        .code(2)
        .stderr("logicmaze: error: examples/dice.in holds no maze named 'NOPE' (it holds 'DICEMAZE1', 'DICEMAZE2', 'DICEMAZE3')\n");
    logicmaze()
        .args(["render", "tests/data/does-not-exist.in"])
        .assert()
        .code(2)
        .stderr("logicmaze: error: tests/data/does-not-exist.in: No such file or directory (os error 2)\n");
    logicmaze()
        .args(["render", "-", "--scale", "0"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("logicmaze: error: --scale must be a positive number, not 0\n");
    logicmaze()
        .args(["render", "-"])
        .write_stdin("BAD\n1 1 Q 2 2\n0\nEND\n")
        .assert()
        .code(2)
        .stderr("-:2:5: error: expected a direction N, E, S or W, found 'Q'\n  |\n2 | 1 1 Q 2 2\n  |     ^\n  |\n  = help: a direction is one of the capital letters N, E, S, W\nlogicmaze: error: - holds no maze\n");
}

#[test]
fn render_draws_the_good_mazes_and_reports_the_bad() {
    let output = logicmaze()
        .args(["render", "-", "--maze", "GOOD"])
        .write_stdin("BAD\n1 1 Q 2 2\n0\nGOOD\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .starts_with("<svg")
    );
}

/// A fresh folder under the target directory.
fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "render-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Theseus maze's exit is marked legibly: its label, larger than the
/// grid's numbers, in the middle of its square (inside the ring the play
/// page draws round the goal, not across it), and its arrow out through
/// the gap stopping short of the row's or column's number beyond the
/// border (it reached into the number, and the label sat at the square's
/// foot across the ring, a third smaller).
#[test]
fn the_exit_is_marked_clear_of_the_numbers() {
    use logicmaze::family::minotaur::MinotaurMaze as Minotaur;
    let p = Position::new;
    for (exit, gap) in [(p(1, 2), Direction::North), (p(2, 1), Direction::West)] {
        let maze = Minotaur::new("m", 3, 3, [p(2, 2), p(3, 3), exit], gap).unwrap();
        let text = render::svg(&Maze::from(maze), None);
        let svg = roxmltree::Document::parse(&text).unwrap();
        let number = |class: &str, key: &str, at: u32| {
            *with_class(&svg, class)
                .iter()
                .find(|n| n.attribute(key) == Some(&at.to_string()))
                .unwrap()
        };
        let float = |node: roxmltree::Node, name: &str| -> f64 {
            node.attribute(name).unwrap().parse().unwrap()
        };
        let mark = with_class(&svg, "exit")[0];
        let label = mark.descendants().find(|n| n.has_tag_name("text")).unwrap();
        let shaft = mark.descendants().find(|n| n.has_tag_name("path")).unwrap();
        // The shaft, "M x y L x y": where it starts (inside the square) and
        // where it ends (beyond the border).
        let points: Vec<f64> = shaft
            .attribute("d")
            .unwrap()
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let (tip_x, tip_y) = (points[2], points[3]);
        let size = float(label, "font-size");
        let (numbers, clearance) = match gap {
            Direction::North => {
                let column = number("col-number", "data-col", exit.col);
                (float(column, "font-size"), tip_y - float(column, "y"))
            }
            _ => {
                let row = number("row-number", "data-row", exit.row);
                let width = float(row, "font-size") * 0.6;
                (
                    float(row, "font-size"),
                    tip_x - (float(row, "x") + width / 2.0),
                )
            }
        };
        assert!(
            size >= 1.25 * numbers,
            "{gap:?}: EXIT at {size}, numbers at {numbers}"
        );
        assert!(
            clearance >= 4.0,
            "{gap:?}: the arrow's tip {clearance} from the number"
        );
        // The label's middle is the square's: the shaft starts 0.3 of a
        // square out from it.
        let (start_x, start_y) = (points[0], points[1]);
        let (middle_x, middle_y) = match gap {
            Direction::North => (start_x, start_y + 0.3 * 80.0),
            _ => (start_x + 0.3 * 80.0, start_y),
        };
        let (x, y) = (float(label, "x"), float(label, "y") - size * 0.35);
        assert!(
            (x - middle_x).abs() < 1.0 && (y - middle_y).abs() < 1.0,
            "{gap:?}: EXIT at ({x}, {y}), the square's middle ({middle_x}, {middle_y})"
        );
    }
}
