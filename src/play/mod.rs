//! A page to play mazes in a browser, one sign at a time.
//!
//! [`page`] writes one self-contained HTML file for one maze, and
//! [`collection`] one for several, with a list of them; either keeps each
//! maze's progress in the browser's `localStorage`. Each maze's entry
//! ([`game`]) holds its drawing (the family's [`Board`](crate::draw::Board),
//! which the page paints a part at a time), its JSON document, its
//! shortest route and what its family's game needs. Nothing
//! is fetched: the page works from disk. [`served`] is the page `play
//! --serve` serves, which also asks its server for new mazes by
//! [`GameId`].
//!
//! The page's script is made of six parts, as a game of Simon Tatham's
//! collection is one `struct game` against a shared midend: `prelude.js`
//! (the data and grid helpers), every family's game (its
//! [`PlayFamily::script`](crate::family::PlayFamily::script), which adds
//! `GAMES.name`: its states, moves, refusals, panel and pieces on the
//! board), `board.js` (the maze's drawing, its [`Board`](crate::draw::Board),
//! painted on a canvas a part at a time: only the cells in view) and
//! `midend.js` (the mazes and their progress, history with undo and redo,
//! the solution shown step by step), `layers.js` (the board's layers: the
//! drawing, the trail, the pieces), `view.js` (zoom and follow, moves by
//! click, tap and swipe), `controls.js` (modes, buttons and keys, the
//! progress saved and restored), `help.js` (help short of the answer, the
//! page's mazes and their list, new mazes from the server, the page set
//! up), `keep.js` (what is kept for the
//! player besides: marks, the address that names the maze and its
//! history, the clock and the best) and `lesson.js` (the rules with a
//! worked example played on the board).
//!
//! A family may have a *walk* mode, where the player sees the grid, the
//! way walked and only what is in front of them, besides the *overview*
//! with the whole map; each family's script says how its mazes are shown
//! ([`PlayFamily::played`](crate::family::PlayFamily::played)). A family
//! that offers no game ([`Family::play`]) is not played: a page of its
//! mazes is refused ([`PageError::NoGame`]).
//!
//! ```
//! use logicmaze::Maze;
//! let maze = Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n")?;
//! let html = logicmaze::play::page(&maze)?;
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains(r#""shortest":2"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "edit")]
pub mod edit;
mod id;
#[cfg(feature = "serve")]
pub mod serve;

pub use id::{GameId, IdError, MAX_SIDE};

use crate::family::{Families, Family, Maze};
use crate::generate::Difficulty;
use crate::grid::Position;

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("play.css");
const PRELUDE: &str = include_str!("prelude.js");
const BOARD: &str = include_str!("board.js");
const MIDEND: &str = include_str!("midend.js");
const LAYERS: &str = include_str!("layers.js");
const VIEW: &str = include_str!("view.js");
const CONTROLS: &str = include_str!("controls.js");
const HELP: &str = include_str!("help.js");
const KEEP: &str = include_str!("keep.js");
const LESSON: &str = include_str!("lesson.js");
const PRINT: &str = include_str!("print.js");

/// The most cells one page holds, all its mazes together: a 1000×1000
/// maze's worth (its page is some 50 MB).
pub const MAX_PAGE_CELLS: u64 = 1 << 20;

/// Why a page cannot be made.
#[derive(Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PageError {
    /// One maze is too large to play.
    #[error(
        "maze '{name}': a {rows}×{cols} maze is too large to play (at most {MAX_PAGE_CELLS} cells, as in 1024×1024)"
    )]
    Maze {
        /// The maze's name.
        name: String,
        /// Its rows.
        rows: u32,
        /// Its columns.
        cols: u32,
    },
    /// The mazes together are too large for one page.
    #[error(
        "{mazes} mazes of {cells} cells in all are too many for one page (at most {MAX_PAGE_CELLS} cells)"
    )]
    TooLarge {
        /// How many mazes.
        mazes: usize,
        /// Their cells, all together.
        cells: u64,
    },
    /// A maze's family offers no game for the page.
    #[error("maze '{name}': {family} mazes have no game on the play page")]
    NoGame {
        /// The maze's name.
        name: String,
        /// Its family's name.
        family: &'static str,
    },
    /// A maze's family offers no editor.
    #[error("maze '{name}': {family} mazes have no editor")]
    NoEditor {
        /// The maze's name.
        name: String,
        /// Its family's name.
        family: &'static str,
    },
}

/// The page for one maze.
///
/// # Errors
///
/// [`PageError::Maze`] for a maze of more than [`MAX_PAGE_CELLS`] cells.
pub fn page(maze: &Maze) -> Result<String, PageError> {
    collection(maze.name(), std::slice::from_ref(maze))
}

/// One page for several mazes, titled `title`, with a list of them that
/// marks the ones solved.
///
/// # Errors
///
/// [`PageError::TooLarge`] when several mazes have more than
/// [`MAX_PAGE_CELLS`] cells together; [`PageError::Maze`] for one maze
/// that large alone.
///
/// ```
/// use logicmaze::Maze;
/// let text = "A\n3 1 N 1 1\n2 1 NF *\n0\nB\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
/// let mazes = Maze::parse_all(text).collect::<Result<Vec<_>, _>>()?;
/// let html = logicmaze::play::collection("two.in", &mazes)?;
/// assert!(html.contains("<title>two.in — logicmaze</title>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn collection(title: &str, mazes: &[Maze]) -> Result<String, PageError> {
    build_page(
        &families_of(mazes),
        title,
        mazes,
        Purpose::Play(serde_json::Value::Null),
    )
}

/// A booklet of `mazes` to print, titled `title`: a page a maze (its
/// name, its family's rules, its board as large as the page holds, the
/// start and the goal marked), and, with `solutions`, a page for each
/// one's solution after them; on screen, the same pages and a Print
/// button. The play page's Print button prints the same pages.
///
/// # Errors
///
/// As [`collection`]'s: mazes too large for one page.
///
/// ```
/// use logicmaze::Maze;
/// let text = "A\n3 1 N 1 1\n2 1 NF *\n0\nEND\n";
/// let mazes = Maze::parse_all(text).collect::<Result<Vec<_>, _>>()?;
/// let html = logicmaze::play::booklet("a.in", &mazes, true)?;
/// assert!(html.contains(r#""print":{"solutions":true}"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn booklet(title: &str, mazes: &[Maze], solutions: bool) -> Result<String, PageError> {
    build_page(
        &families_of(mazes),
        title,
        mazes,
        Purpose::Booklet { solutions },
    )
}

/// The families of `mazes`, each once, in the order they come: the games
/// a page of them plays.
fn families_of(mazes: &[Maze]) -> Vec<&'static dyn Family> {
    let mut families: Vec<&'static dyn Family> = Vec::new();
    for maze in mazes {
        if !families.iter().any(|f| f.name() == maze.family().name()) {
            families.push(maze.family());
        }
    }
    families
}

/// The page `play --serve` serves: [`collection`] with a form that asks
/// the server for a new maze of `families` by [`GameId`] (at `maze?id=ID`,
/// answered with [`game`]), and opens the one its address names after `#`.
///
/// # Errors
///
/// As [`collection`]'s: mazes too large for one page.
pub fn served(families: Families, title: &str, mazes: &[Maze]) -> Result<String, PageError> {
    // New mazes of the families that are played.
    let generators: serde_json::Map<String, serde_json::Value> = families
        .list()
        .iter()
        .filter(|f| f.play().is_some())
        .filter_map(|f| Some((f.name(), f.generator()?)))
        .map(|(name, generator)| {
            let presets: serde_json::Map<String, serde_json::Value> = Difficulty::ALL
                .iter()
                .map(|&d| (d.name().to_string(), serde_json::json!(generator.preset(d))))
                .collect();
            (name.to_string(), presets.into())
        })
        .collect();
    let mut games = families.list().to_vec();
    games.extend(
        families_of(mazes)
            .into_iter()
            .filter(|f| families.named(f.name()).is_none()),
    );
    build_page(&games, title, mazes, Purpose::Play(generators.into()))
}

/// One maze's entry on a page (or the server's answer for a game id): its
/// document, size, shortest route, drawing ([`Board`](crate::draw::Board)) and
/// what its family's game needs.
///
/// # Errors
///
/// [`PageError::Maze`] for a maze of more than [`MAX_PAGE_CELLS`] cells;
/// [`PageError::NoGame`] for a maze whose family has no game.
pub fn game(maze: &Maze) -> Result<serde_json::Value, PageError> {
    Ok(serde_json::to_value(Entry::of(maze)?).unwrap_or_default())
}

/// What [`game`] holds, written straight into the page: a 1000×1000
/// maze's document as a tree of JSON values took gigabytes.
#[derive(serde::Serialize)]
struct Entry<'a> {
    maze: &'a Maze,
    size: (u32, u32),
    route: Option<Vec<[u32; 2]>>,
    shortest: Option<usize>,
    extra: serde_json::Value,
    board: crate::draw::Board,
}

impl Entry<'_> {
    fn of(maze: &Maze) -> Result<Entry<'_>, PageError> {
        let (rows, cols) = maze.size();
        if rows as u64 * cols as u64 > MAX_PAGE_CELLS {
            return Err(PageError::Maze {
                name: maze.name().to_string(),
                rows,
                cols,
            });
        }
        Entry::with_route(maze, maze.solve().as_ref())
    }

    /// The entry of `maze` with its shortest `route`, worked out before;
    /// [`PageError::NoGame`] if its family has no game.
    fn with_route<'a>(
        maze: &'a Maze,
        route: Option<&crate::route::Route>,
    ) -> Result<Entry<'a>, PageError> {
        let game = maze.play().ok_or_else(|| PageError::NoGame {
            name: maze.name().to_string(),
            family: maze.family().name(),
        })?;
        let (rows, cols) = maze.size();
        Ok(Entry {
            maze,
            size: (rows, cols),
            route: route
                .as_ref()
                .map(|r| r.positions().iter().map(|p| [p.row, p.col]).collect()),
            shortest: route.as_ref().map(|r| r.moves()),
            extra: game.extra(),
            board: game.board(),
        })
    }
}

/// The page's data: its mazes, the drawings' geometry, and what asks for
/// new mazes.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Data<'a> {
    games: Vec<Entry<'a>>,
    cell: f64,
    origin: (f64, f64),
    numbers: Numbers,
    generators: serde_json::Value,
    max_side: u32,
    /// The editor's own data ([`edit::page`]); null on a play page.
    edit: serde_json::Value,
    /// A booklet's ([`booklet`]): `{"solutions": bool}`; null on a page
    /// that plays.
    print: serde_json::Value,
}

/// Where the row and column numbers go, and their size.
#[derive(serde::Serialize)]
struct Numbers {
    size: f64,
    gap: f64,
}

/// The editor's part of its page ([`edit::page`]): its data, its script
/// and its HTML.
#[cfg(feature = "edit")]
struct Editing {
    data: serde_json::Value,
    script: &'static str,
    html: &'static str,
}

/// What a page does with its mazes.
enum Purpose {
    /// Plays them; with the presets of each family (or null) for the form
    /// that asks for new ones.
    Play(serde_json::Value),
    /// Shows their printed pages, with their solutions' when asked.
    Booklet { solutions: bool },
    /// Edits one.
    #[cfg(feature = "edit")]
    Edit(Editing),
}

/// The page for `mazes`, playing the games of `games` (those that offer
/// one), for its `purpose`.
fn build_page(
    games: &[&'static dyn Family],
    title: &str,
    mazes: &[Maze],
    purpose: Purpose,
) -> Result<String, PageError> {
    use serde_json::Value::Null;
    let (generators, print, (edit, edit_script, editor)) = match purpose {
        Purpose::Play(generators) => (generators, Null, (Null, "", "")),
        Purpose::Booklet { solutions } => (
            Null,
            serde_json::json!({ "solutions": solutions }),
            (Null, "", ""),
        ),
        #[cfg(feature = "edit")]
        Purpose::Edit(part) => (Null, Null, (part.data, part.script, part.html)),
    };
    let cells: u64 = mazes
        .iter()
        .map(|m| m.size().0 as u64 * m.size().1 as u64)
        .sum();
    if mazes.len() > 1 && cells > MAX_PAGE_CELLS {
        return Err(PageError::TooLarge {
            mazes: mazes.len(),
            cells,
        });
    }
    let data = Data {
        games: mazes.iter().map(Entry::of).collect::<Result<_, _>>()?,
        cell: crate::draw::CELL,
        origin: crate::draw::centre(Position::new(1, 1)),
        numbers: Numbers {
            size: crate::draw::GRID_NUMBER_SIZE,
            gap: crate::draw::GRID_NUMBER_GAP,
        },
        generators,
        max_side: MAX_SIDE,
        edit,
        print,
    };
    let title = html_escape(title);
    let data = script_safe(&serde_json::to_string(&data).unwrap_or_default());
    let games: Vec<_> = games.iter().filter_map(|f| f.play()).collect();
    let scripts: Vec<&str> = games.iter().map(|game| game.script()).collect();
    // Every part declared, the page sets itself up.
    let script = [
        PRELUDE,
        &scripts.join("\n"),
        BOARD,
        MIDEND,
        LAYERS,
        VIEW,
        CONTROLS,
        HELP,
        KEEP,
        LESSON,
        PRINT,
        edit_script,
        "setUp();",
    ]
    .join("\n");
    let styles: Vec<&str> = games.iter().map(|game| game.css()).collect();
    let style = [STYLE, &styles.join("\n")].join("\n");
    Ok(fill(TEMPLATE, |slot| match slot {
        "title" => &title,
        "style" => &style,
        "data" => &data,
        "script" => &script,
        "editor" => editor,
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
        let options = crate::batch::BatchOptions {
            format: Some(crate::input::InputFormat::Judge),
            ..Default::default()
        };
        let items = crate::batch::parse(text.as_bytes(), &options);
        let crate::family::Parsed::Maze(maze) = &items[0] else {
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
            assert_eq!(data["games"][0]["maze"]["name"], name);
            assert_eq!(data["games"][0]["board"]["rows"], 3);
            assert!(html.contains(&format!("<title>{} — logicmaze", html_escape(name))));
        }
    }
}
