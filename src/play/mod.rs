//! A page to walk a maze in a browser, one sign at a time.
//!
//! [`page`] writes one self-contained HTML file: the maze's drawing (the
//! SVG of [`crate::render`]), its JSON document, its shortest route, and
//! the script and styles that let a person play it with keys or clicks.
//! Nothing is fetched: the page works from disk.
//!
//! The page's script is made of three parts, as a game of Simon Tatham's
//! collection is one `struct game` against a shared midend: `prelude.js`
//! (the data and grid helpers), the family's game (its
//! [`crate::family::Family::play_script`], which defines `GAME`: its
//! states, moves, refusals and panel), and `midend.js` (history, undo,
//! restart, the solution shown step by step, the overlay and the keys).
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
//! let html = logicmaze::play::page(maze)?;
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains(r#""shortest":2"#));
//! # Ok::<(), logicmaze::render::RenderError>(())
//! ```

use crate::family::Maze;
use crate::grid::Position;
use crate::render;

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("play.css");
const PRELUDE: &str = include_str!("prelude.js");
const MIDEND: &str = include_str!("midend.js");

/// The page for `maze`, as one HTML document; a maze too large to draw
/// ([`render::check_size`]) is refused before anything is built.
pub fn page(maze: &Maze) -> Result<String, render::RenderError> {
    render::check_size(maze)?;
    let route = maze.solve();
    let (left, top) = render::centre(Position::new(1, 1));
    let data = serde_json::json!({
        "maze": serde_json::to_value(maze).unwrap_or_default(),
        "route": route.as_ref().map(|r| r.positions().iter().map(|p| [p.row, p.col]).collect::<Vec<_>>()),
        "shortest": route.as_ref().map(|r| r.moves()),
        "game": maze.play_data(),
        "cell": render::CELL,
        "origin": [left, top],
    });
    let title = html_escape(maze.name());
    let map = render::svg(maze, None);
    let data = script_safe(&data.to_string());
    let script = [PRELUDE, maze.family().play_script(), MIDEND].join("\n");
    Ok(fill(TEMPLATE, |slot| match slot {
        "title" => &title,
        "style" => STYLE,
        "map" => &map,
        "data" => &data,
        "script" => &script,
        _ => "",
    }))
}

/// `template` with each `{{slot}}` replaced by `value(slot)`, in one pass:
/// text put in a slot is never read again for slots, so a maze named
/// `{{script}}` stays a name.
fn fill<'a>(template: &str, value: impl Fn(&str) -> &'a str) -> String {
    let mut page = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        let Some(close) = rest[open..].find("}}") else {
            break;
        };
        page.push_str(&rest[..open]);
        page.push_str(value(&rest[open + 2..open + close]));
        rest = &rest[open + close + 2..];
    }
    page + rest
}

/// Text safe inside HTML.
fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON safe inside a `<script>` element. The HTML spec's script-data
/// states react to `</script`, `<!--` and `<script`, all of which start
/// with `<`; JSON has `<` only inside strings, where `\u003c` means the
/// same, so writing every `<` that way leaves nothing for HTML to see.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page for the one-move arrow maze named `name`.
    fn page_named(name: &str) -> String {
        let text = format!("{name}\n3 1 N 1 1\n2 1 NF *\n0\nEND\n");
        let items = crate::judge::parse(text.as_bytes(), None);
        let crate::judge::Parsed::Maze(maze) = &items[0] else {
            panic!("{items:?}")
        };
        page(maze).unwrap()
    }

    #[test]
    fn a_name_cannot_break_out_of_the_page() {
        for name in [
            "</script><b>x",
            "<!--<script>",
            "<!-- x --></SCRIPT >",
            "\"quoted\" 'and' &amp;",
            "naïve ✓ 迷路 🎲",
            "{{script}}{{data}}",
        ] {
            let html = page_named(name);
            let lower = html.to_lowercase();
            assert_eq!(lower.matches("<script").count(), 2, "{name}");
            assert_eq!(lower.matches("</script").count(), 2, "{name}");
            assert!(!html.contains("<!--"), "{name}");
            let start = html.find(r#"id="data">"#).unwrap() + 10;
            let end = start + html[start..].find("</script>").unwrap();
            let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
            assert_eq!(data["maze"]["name"], name);
            assert!(html.contains(&format!("<title>{} — logicmaze", html_escape(name))));
        }
    }
}
