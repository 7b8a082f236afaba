//! The editor (`logicmaze edit`, the feature `edit`): a maze drawn by
//! hand, proved at every stroke. Its page is the play page (board, zoom,
//! minimap, themes) with the editor's part (`edit.js`, `editor.html`): a
//! cursor, each family's edit keys (its play script's `EDITORS.name`),
//! undo and redo of edits, and the proof of the design after each edit,
//! asked of the server that serves the page (the command line's site, on
//! `play::serve`, the feature `serve`). A family is edited when it offers
//! its part ([`Family::edit`](crate::family::Family::edit)) beside its
//! game.
//!
//! What the server answers with is made here, without I/O: the page
//! ([`page`]), a design read from its JSON document ([`design`]), its
//! proof ([`proof`]), and the file's bytes with the design put in place of
//! the maze it was, every other byte kept ([`splice`]).
//!
//! ```
//! use logicmaze::family::Families;
//! use logicmaze::play::edit;
//! let dice = Families::BUILT_IN.named("dice").unwrap();
//! let blank = dice.edit().unwrap().blank("NEW", 3, 3).to_string();
//! let maze = edit::design(Families::BUILT_IN, blank.as_bytes())?;
//! assert_eq!(maze.size(), (3, 3));
//! let proof: serde_json::Value = serde_json::from_str(&edit::proof(&maze))?;
//! assert_eq!(proof["analysis"]["verdict"], "unsolvable");
//! let file = edit::splice(b"", "NEW", &maze, logicmaze::input::InputFormat::Judge)?;
//! assert!(String::from_utf8(file)?.ends_with("END\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::{Duration, Instant};

use crate::batch;
use crate::family::{Families, Maze, Parsed};
use crate::generate::{Flow, GenerateOptions, Locks, MAX_STATES, Watch};
use crate::input::InputFormat;
use crate::json::Reader;
use crate::read::{Limits, ParseError, ParseErrorKind};
use crate::text::{self, UnwritableName};

use super::{Editing, PageError};

mod proofs;

pub use proofs::{ProofError, RECENT, Recent, Sent, proof, proposal};

/// The most rows and columns of a design: the proof runs after every
/// edit, at typing speed.
pub const MAX_SIDE: u32 = 120;

/// Why a design cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// Not a maze's JSON document: what the reader says, its source
    /// what that wraps.
    #[error(transparent)]
    Unreadable(ParseErrorKind),
    /// No document at all.
    #[error("no maze in the design")]
    NoMaze,
    /// Larger than the editor takes.
    #[error("a {rows}×{cols} design is larger than the editor takes ({MAX_SIDE}×{MAX_SIDE})")]
    TooLarge {
        /// Its rows.
        rows: u32,
        /// Its columns.
        cols: u32,
    },
    /// Its search would be too large to run at every edit.
    #[error(
        "a {rows}×{cols} design's search has {states} states, more than the editor proves at every edit ({MAX_STATES})"
    )]
    TooManyStates {
        /// Its rows.
        rows: u32,
        /// Its columns.
        cols: u32,
        /// The states its search has.
        states: usize,
    },
}

/// What Improve asks of a design.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aim {
    /// One shortest route, no shorter than the design's.
    Unique,
    /// One shortest route, a quarter longer than the design's (two moves
    /// at least).
    Longer,
    /// One shortest route, no shorter than the design's, with more of
    /// what the family counts beside it ([`figure`](crate::family::Generator::figure): pressed
    /// turns) than the design's (one more, a tenth more from ten).
    More,
}

/// How long Improve searches at most: the designer waits for it.
pub const IMPROVE_TIME: Duration = Duration::from_secs(5);

/// Why Improve proposes no design, in a sentence for the designer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImproveError {
    /// The design's family has no generator to improve it with.
    #[error("{family} mazes are not generated, so not improved")]
    NotGenerated {
        /// The family's name.
        family: &'static str,
    },
    /// [`Aim::More`] for a family that counts nothing beside its routes.
    #[error("{family} mazes count nothing beside their routes")]
    NothingCounted {
        /// The family's name.
        family: &'static str,
    },
    /// No design with what the aim asks came out within
    /// [`IMPROVE_TIME`]: the designer may lock fewer squares, or try
    /// again.
    #[error(
        "no design with one shortest route of {} or more{} came out within {} s: \
         lock fewer squares, or try again",
        moves(*min_length),
        counted(*min_figure, figure),
        IMPROVE_TIME.as_secs()
    )]
    NoneInTime {
        /// The moves asked for, at least.
        min_length: usize,
        /// What the family counts beside the route, asked for at least
        /// (0: nothing asked).
        min_figure: usize,
        /// What that is called: `pressed turns`.
        figure: &'static str,
    },
}

/// `n moves`, or `1 move`.
fn moves(n: usize) -> String {
    format!("{n} {}", if n == 1 { "move" } else { "moves" })
}

/// ` and 3 pressed turns or more`, or nothing when none are asked.
fn counted(at_least: usize, figure: &str) -> String {
    match at_least {
        0 => String::new(),
        at_least => format!(" and {at_least} {figure} or more"),
    }
}

/// `design` changed by its family's local search (the generator's) until
/// it has what `aim` asks, no locked square touched, within
/// [`IMPROVE_TIME`]; the proposal, or why none came.
///
/// # Errors
///
/// [`ImproveError::NotGenerated`] when the family does not generate;
/// [`ImproveError::NothingCounted`] when it counts nothing beside its
/// routes, for [`Aim::More`]; [`ImproveError::NoneInTime`] when no
/// design with what `aim` asks came out within [`IMPROVE_TIME`] (each
/// says so in a sentence for the designer).
///
/// ```
/// use logicmaze::play::edit::{self, Aim};
/// use logicmaze::generate::Locks;
/// use logicmaze::Position;
/// let two = br#"{"family":"dice","name":"TWO","rows":2,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1],[-1,-1]]}"#;
/// let design = edit::design(logicmaze::family::Families::BUILT_IN, two)?;
/// let locks = Locks::new(vec![Position::new(1, 1)]);
/// let proposal = edit::improve(&design, &locks, Aim::Unique, 1)?;
/// assert_eq!(proposal.analyse().routes, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn improve(design: &Maze, locks: &Locks, aim: Aim, seed: u64) -> Result<Maze, ImproveError> {
    let family = design.family().name();
    let generator = (design.family().generator()).ok_or(ImproveError::NotGenerated { family })?;
    let route = design.solve();
    let moves = route.as_ref().map_or(0, |route| route.moves());
    let min_length = match aim {
        Aim::Unique | Aim::More => moves.max(1),
        Aim::Longer => moves + (moves / 4).max(2),
    };
    let (min_figure, figure) = match (aim, generator.figure()) {
        (Aim::More, Some(figure)) => {
            let now = route.map_or(0, |route| generator.figure_at(design, &route).len());
            (now + (now / 10).max(1), figure)
        }
        (Aim::More, None) => return Err(ImproveError::NothingCounted { family }),
        (_, figure) => (0, figure.unwrap_or_default()),
    };
    let (rows, cols) = design.size();
    let started = Instant::now();
    let in_time = Watch::new(move |_| match started.elapsed() > IMPROVE_TIME {
        true => Flow::Stop,
        false => Flow::Go,
    });
    let options = GenerateOptions::new(rows, cols)
        .with_min_length(min_length)
        .with_seed(seed)
        .with_name(design.name())
        .with_min_figure(min_figure)
        // The fewest changes: no polishing once the aim is met.
        .with_polish_steps(0)
        .with_watch(in_time);
    let none = || ImproveError::NoneInTime {
        min_length,
        min_figure,
        figure,
    };
    let made = generator
        .improve(design, locks, &options)
        .ok_or_else(none)?
        .map_err(|_| none())?;
    let analysis = made.maze.analyse();
    let counted =
        (analysis.route.as_ref()).map_or(0, |route| generator.figure_at(&made.maze, route).len());
    let enough =
        analysis.routes == 1 && analysis.moves.unwrap_or(0) >= min_length && counted >= min_figure;
    match enough {
        true => Ok(made.maze),
        false => Err(none()),
    }
}

/// Why a design cannot be put into its file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpliceError {
    /// The file holds something the editor cannot read back: the
    /// reader's error, which is the source.
    #[error("the file does not read as mazes ({0}): it is left as it is")]
    Unreadable(#[source] ParseError),
    /// The maze is not in the file.
    #[error("the file holds no maze named '{0}' any more: it is left as it is")]
    Missing(String),
    /// The design cannot be written in the file's format: the judges'
    /// format cannot hold its name.
    #[error(transparent)]
    Unwritable(#[from] UnwritableName),
    /// The file written would not read back as the file with the design
    /// in its place (a maze's text the editor could not find whole).
    #[error("the file would not read back as it was with the design in place: it is left as it is")]
    Unsure,
}

/// The editor's page for `maze`, which is saved to the file named `file`
/// (its name also keys the unsaved draft the browser keeps), whose bytes
/// the page was made from are `version` (any text that names them: the
/// page sends it back with a save, so that a save over a file changed
/// since is asked about, not made).
///
/// # Errors
///
/// [`PageError::Maze`] for a maze too large to play;
/// [`PageError::NoEditor`] or [`PageError::NoGame`] for a maze whose
/// family offers no editor or no game.
pub fn page(maze: &Maze, file: &str, version: &str) -> Result<String, PageError> {
    if maze.family().edit().is_none() || maze.edit().is_none() {
        return Err(PageError::NoEditor {
            name: maze.name().to_string(),
            family: maze.family().name(),
        });
    }
    // Improve's third aim, for a family that counts something beside
    // its routes.
    let figure = maze.family().generator().and_then(|g| g.figure());
    let editing = Editing {
        data: serde_json::json!({
            "file": file, "version": version, "maxSide": MAX_SIDE, "figure": figure,
        }),
        script: concat!(include_str!("edit.js"), "\n", include_str!("draft.js")),
        html: include_str!("editor.html"),
    };
    super::build_page(
        &[maze.family()],
        &format!("{} — edit", maze.name()),
        std::slice::from_ref(maze),
        super::Purpose::Edit(editing),
    )
}

/// The design a JSON document describes (one line, as `convert --to
/// json` writes a maze), of one of `families`.
///
/// # Errors
///
/// [`DesignError::Unreadable`] when the document is no maze of
/// `families`, with what the reader says ([`DesignError::NoMaze`] for no
/// document at all); [`DesignError::TooLarge`] past
/// [`MAX_SIDE`] rows or columns; [`DesignError::TooManyStates`] for a
/// search of more than [`MAX_STATES`] states, too large to prove at
/// every edit.
pub fn design(families: Families, document: &[u8]) -> Result<Maze, DesignError> {
    let mut reader = Reader::new(families, Limits::default());
    let mut read = None;
    let line: Vec<u8> = document
        .iter()
        .map(|&b| if b == b'\n' || b == b'\r' { b' ' } else { b })
        .collect();
    reader.push_line(&line, &mut |item| {
        read.get_or_insert(item);
    });
    let maze = match read {
        Some(Parsed::Maze(maze)) => maze,
        Some(Parsed::Error(error)) => return Err(DesignError::Unreadable(error.kind)),
        _ => return Err(DesignError::NoMaze),
    };
    let (rows, cols) = maze.size();
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(DesignError::TooLarge { rows, cols });
    }
    // A design is proved at every edit and improved by the generator's
    // search: no larger than a generated maze's (a 120×120 Theseus design
    // has 207 million states, seconds and gigabytes a proof).
    let states = maze.state_count();
    if states as u64 > MAX_STATES {
        return Err(DesignError::TooManyStates { rows, cols, states });
    }
    Ok(maze)
}

/// `file` (a file's bytes: mazes in the judges' format or JSON Lines, or
/// none) with the maze named `name` replaced by `maze`, every other byte
/// as it was; if `file` is empty, `maze` alone in the format `new` (with
/// `END` in the judges'). The result is read back before it is given: it
/// must hold the same mazes, the design in its place.
///
/// # Errors
///
/// [`SpliceError::Unwritable`] when the judges' format cannot hold the
/// design's name; [`SpliceError::Unreadable`] when `file` holds a maze
/// that does not read; [`SpliceError::Missing`] when no maze of `file`
/// is named `name`; [`SpliceError::Unsure`] when the file written would
/// not read back as `file` with the design in place.
pub fn splice(
    file: &[u8],
    name: &str,
    maze: &Maze,
    new: InputFormat,
) -> Result<Vec<u8>, SpliceError> {
    let json = match file.trim_ascii_start().first() {
        None => new == InputFormat::Json,
        first => first == Some(&b'{'),
    };
    let mut written = String::new();
    if json {
        // One line, its newline included.
        written = crate::json::maze(maze).trim_end().to_string() + "\n";
    } else {
        text::write_maze(&mut written, maze)?;
    }
    if file.trim_ascii().is_empty() {
        return Ok(if json { written } else { written + "END\n" }.into_bytes());
    }
    let before = mazes(file)?;
    let at = before
        .iter()
        .position(|m| m.name() == name)
        .ok_or_else(|| SpliceError::Missing(name.to_string()))?;
    let lines = line_starts(file);
    // Each maze's first line: its name (judges' format), or its document
    // (JSON Lines), in order.
    let mut starts = Vec::with_capacity(before.len());
    let mut from = 0;
    for maze in &before {
        let found = (from..lines.len()).find(|&i| {
            let line = line_at(file, &lines, i).trim_ascii_end();
            if json {
                mazes(line).is_ok_and(|read| read.len() == 1 && read[0].name() == maze.name())
            } else {
                line == maze.name().as_bytes()
            }
        });
        let Some(found) = found else {
            return Err(SpliceError::Unsure);
        };
        starts.push(found);
        from = found + 1;
    }
    let begin = lines[starts[at]];
    let end = match starts.get(at + 1) {
        Some(&next) => lines[next],
        None if json => lines.get(starts[at] + 1).copied().unwrap_or(file.len()),
        None => end_of_last(file, &lines, starts[at]),
    };
    let mut out = file[..begin].to_vec();
    out.extend_from_slice(written.as_bytes());
    out.extend_from_slice(&file[end..]);
    let after = mazes(&out)?;
    let same = after.len() == before.len()
        && after
            .iter()
            .zip(&before)
            .enumerate()
            .all(|(i, (a, b))| if i == at { a == maze } else { a == b });
    if !same {
        return Err(SpliceError::Unsure);
    }
    Ok(out)
}

/// Every maze of `bytes`, or why they are not all mazes.
fn mazes(bytes: &[u8]) -> Result<Vec<Maze>, SpliceError> {
    let mut read = Vec::new();
    for item in batch::parse(bytes, &batch::BatchOptions::default()) {
        match item {
            Parsed::Maze(maze) => read.push(maze),
            Parsed::Error(error) => return Err(SpliceError::Unreadable(error)),
            Parsed::Warning(_) => {}
        }
    }
    Ok(read)
}

/// Where each line of `bytes` starts.
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', bytes).map(|at| at + 1))
        .filter(|&at| at < bytes.len())
        .collect()
}

/// Line `i` of `bytes`, without its newline.
fn line_at<'a>(bytes: &'a [u8], lines: &[usize], i: usize) -> &'a [u8] {
    let end = lines.get(i + 1).map_or(bytes.len(), |&next| next - 1);
    &bytes[lines[i]..end]
}

/// Where the last maze, from line `start`, ends: at the `END` line after
/// it, or the end of the file.
fn end_of_last(bytes: &[u8], lines: &[usize], start: usize) -> usize {
    (start + 1..lines.len())
        .find(|&i| line_at(bytes, lines, i).trim_ascii() == b"END")
        .map_or(bytes.len(), |i| lines[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maze(json: &str) -> Maze {
        design(Families::BUILT_IN, json.as_bytes()).unwrap()
    }

    const A: &str = r#"{"family":"dice","name":"A","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]}"#;
    const B: &str = r#"{"family":"dice","name":"B","rows":1,"cols":2,"start":[1,2],"top":1,"front":2,"squares":[[-1,-1]]}"#;

    #[test]
    fn a_design_takes_its_maze_s_place_in_the_judges_format_and_the_rest_stays() {
        // Odd spacing and a comment-like trailer the editor never rewrites.
        let file = b"A\n1  2 1 1 1 2\n-1   -1\nB\n1 2 1 2 1 2\n-1 -1\nEND\ntrailing words\n";
        let edited = maze(&B.replace(r#""start":[1,2]"#, r#""start":[1,1]"#));
        let out = splice(file, "B", &edited, InputFormat::Judge).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "A\n1  2 1 1 1 2\n-1   -1\nB\n1 2 1 1 1 2\n-1 -1\nEND\ntrailing words\n"
        );
    }

    #[test]
    fn a_design_takes_its_maze_s_line_in_json_lines() {
        let file = format!("{A}\n{B}\n");
        let renamed = maze(&A.replace(r#""name":"A""#, r#""name":"C""#));
        let out =
            String::from_utf8(splice(file.as_bytes(), "A", &renamed, InputFormat::Judge).unwrap())
                .unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains(r#""name":"C""#), "{out}");
        assert_eq!(lines[1], B);
    }

    #[test]
    fn a_file_that_is_not_mazes_or_lacks_the_maze_is_left_alone() {
        let edited = maze(A);
        assert!(matches!(
            splice(b"A\nnot a maze\n", "A", &edited, InputFormat::Judge),
            Err(SpliceError::Unreadable(_))
        ));
        let file = format!("{B}\n");
        assert!(matches!(
            splice(file.as_bytes(), "A", &edited, InputFormat::Judge),
            Err(SpliceError::Missing(_))
        ));
    }

    #[test]
    fn improve_says_why_it_proposes_nothing_as_it_always_did() {
        let none = |min_length, min_figure| ImproveError::NoneInTime {
            min_length,
            min_figure,
            figure: "pressed turns",
        };
        assert_eq!(
            none(1, 0).to_string(),
            "no design with one shortest route of 1 move or more came out within 5 s: \
             lock fewer squares, or try again"
        );
        assert_eq!(
            none(12, 3).to_string(),
            "no design with one shortest route of 12 moves or more and 3 pressed turns or more \
             came out within 5 s: lock fewer squares, or try again"
        );
        let family = "arrow";
        assert_eq!(
            ImproveError::NotGenerated { family }.to_string(),
            "arrow mazes are not generated, so not improved"
        );
    }

    #[test]
    fn a_design_too_large_or_unreadable_is_refused_in_words() {
        assert!(matches!(
            design(Families::BUILT_IN, b"{not json"),
            Err(DesignError::Unreadable(_))
        ));
        let rows = MAX_SIDE + 1;
        let big = format!(
            r#"{{"family":"minotaur","name":"M","rows":{rows},"cols":2,"theseus":[1,1],"minotaur":[2,2],"exit":[1,2],"gap":"N","walls":[]}}"#
        );
        assert!(matches!(
            design(Families::BUILT_IN, big.as_bytes()),
            Err(DesignError::TooLarge { .. })
        ));
        let many = big
            .replace(&format!(r#""rows":{rows}"#), r#""rows":70"#)
            .replace(r#""cols":2"#, r#""cols":70"#);
        assert!(matches!(
            design(Families::BUILT_IN, many.as_bytes()),
            Err(DesignError::TooManyStates { .. })
        ));
        let fine = many
            .replace(r#""rows":70"#, r#""rows":60"#)
            .replace(r#""cols":70"#, r#""cols":60"#);
        assert!(design(Families::BUILT_IN, fine.as_bytes()).is_ok());
    }
}
