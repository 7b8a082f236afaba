//! A page to walk a maze in a browser, one sign at a time.
//!
//! [`page`] writes one self-contained HTML file: the maze's drawing (the
//! SVG of [`crate::render`]), its JSON document, its shortest route, and
//! the script and styles that let a person play it with keys or clicks.
//! Nothing is fetched: the page works from disk.
//!
//! Arrow mazes have a *walk* mode, where the player sees only the sign in
//! front of them and the trail behind, and an *overview* mode with the
//! whole map. Dice mazes show the grid and the die's faces. Both count
//! moves, undo, restart, refuse illegal moves with the reason, and can
//! show the shortest route step by step.
//!
//! ```
//! use logicmaze::judge::{self, Parsed};
//! let items = judge::parse(b"A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n", None);
//! let Parsed::Maze(maze) = &items[0] else { panic!() };
//! let html = logicmaze::play::page(maze);
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains(r#""shortest":2"#));
//! ```

use crate::grid::Position;
use crate::{json, render, Maze};

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("play.css");
const SCRIPT: &str = include_str!("play.js");

/// The page for `maze`, as one HTML document.
pub fn page(maze: &Maze) -> String {
    let route = maze.solve();
    let (left, top) = render::centre(Position::new(1, 1));
    let east = match maze {
        Maze::Dice(dice) => dice.die().east(),
        Maze::Arrow(_) => 0,
    };
    let data = serde_json::json!({
        "maze": serde_json::from_str::<serde_json::Value>(&json::maze(maze)).unwrap_or_default(),
        "route": route.as_ref().map(|r| r.positions().iter().map(|p| [p.row, p.col]).collect::<Vec<_>>()),
        "shortest": route.as_ref().map(|r| r.moves()),
        "east": east,
        "cell": render::CELL,
        "origin": [left, top],
    });
    let title = html_escape(maze.name());
    TEMPLATE
        .replace("{{title}}", &title)
        .replace("{{style}}", STYLE)
        .replace("{{map}}", &render::svg(maze, None))
        .replace("{{data}}", &script_safe(&data.to_string()))
        .replace("{{script}}", SCRIPT)
}

/// Text safe inside HTML.
fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON safe inside a `<script>` element: no `</` can close it.
fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_cannot_break_out_of_the_page() {
        let text = b"</script><b>x\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
        let items = crate::judge::parse(text, None);
        let crate::judge::Parsed::Maze(maze) = &items[0] else {
            panic!()
        };
        let html = page(maze);
        assert_eq!(
            html.matches("</script>").count(),
            2,
            "the data and the script"
        );
        assert!(html.contains("<title>&lt;/script&gt;&lt;b&gt;x"));
    }
}
