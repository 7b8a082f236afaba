//! The editor's proofs as its page reads them, and what its server keeps
//! of the designs it proved lately ([`Recent`]), so that an edit comes
//! from the page as the bytes that changed and its proof goes back with
//! the board's cells that changed: a 30×30 design of signs is 47 KB of JSON
//! and its board 26 KB, and sent whole at every key they cost a
//! keystroke's proof more than the search.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use serde_json::value::RawValue;

use crate::analysis::Part;
use crate::draw::{Board, WrittenLayer};
use crate::family::{Families, Maze};
use crate::text;

use super::super::Entry;
use super::{DesignError, design};

/// The proof of a design, as the page reads it after each edit: `{"game":
/// …, "analysis": …, "marked": …, "figure": …}`, its entry for the board
/// (drawing and shortest route; not the design itself, which the asker
/// sent), its analysis (`check`'s: verdict, route count, two routes where
/// they split, what no walk uses), its dead ends and the parts no shortest
/// route passes ([`EditMaze::marked`](crate::family::EditMaze::marked), with
/// the family's words for the second; each a string of a character a
/// square, row by row, a digit or letter of `0123456789abcdefghijklmnopqrstuv`
/// whose bits are the square (1) and its approaches arriving N, E, S and W
/// (2, 4, 8, 16)), and what its family counts beside the route and where
/// (`{"label": "pressed turns", "count": 2, "at": [[1,2], [3,2]]}`, or
/// null). The answer is what the page needs and no more: at typing speed,
/// a 30×30 design's document and text sent back doubled it.
pub fn proof(maze: &Maze) -> String {
    proved(maze, false, None).0
}

/// The proof of a design the asker does not hold (Improve's proposal), as
/// [`proof`] with the design's document in `game.maze` and its text in
/// the judges' format in `text`.
pub fn proposal(maze: &Maze) -> String {
    proved(maze, true, None).0
}

/// How many designs [`Recent`] holds: the last proved, and a few before
/// it for a second tab or a proof asked while another was on its way.
pub const RECENT: usize = 4;

/// The designs an editor's server proved lately, each by the version it
/// gave it, so that the page sends an edit as what changed
/// ([`Sent::Changed`]) and gets back, in the proof, the board's cells
/// that changed (`game.board.from`, the version they changed from). Holds
/// [`RECENT`] designs at most, each no larger than the request that
/// brought it, and its board's layers as written.
///
/// ```
/// use logicmaze::family::Families;
/// use logicmaze::play::edit::{Sent, Recent};
/// let recent = Recent::new();
/// let design = br#"{"family":"dice","name":"D","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,2]]}"#;
/// let first: serde_json::Value = serde_json::from_str(&recent.prove(Families::BUILT_IN, Sent::Whole(design))?)?;
/// let base = first["version"].as_u64().unwrap();
/// // The goal's square from 2 to 1: one byte changed.
/// let at = design.len() - 4;
/// let edit = Sent::Changed { base, from: at, to: at + 1, text: b"1" };
/// let second: serde_json::Value = serde_json::from_str(&recent.prove(Families::BUILT_IN, edit)?)?;
/// assert_eq!(second["game"]["board"]["from"], base);
/// assert!(second["version"].as_u64().unwrap() > base);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Recent {
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    last: u64,
    designs: VecDeque<Design>,
}

/// A design proved: its JSON text and its board's layers as sent.
#[derive(Debug)]
struct Design {
    version: u64,
    text: Arc<[u8]>,
    layers: Option<Arc<Vec<WrittenLayer>>>,
}

/// A design to prove, as the page sends it.
#[derive(Debug, Clone, Copy)]
pub enum Sent<'a> {
    /// The design's JSON document, whole.
    Whole(&'a [u8]),
    /// The design held as version `base` with its bytes `from..to`
    /// replaced by `text`.
    Changed {
        /// The version of the design changed.
        base: u64,
        /// The first byte replaced.
        from: usize,
        /// The byte after the last replaced.
        to: usize,
        /// What replaces them.
        text: &'a [u8],
    },
}

/// Why a design sent is not proved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProofError {
    /// The design an edit was made on is not held (another asker's
    /// designs came after it, or the server started again): the asker
    /// sends the design whole.
    #[error("the design version {base} is no longer held: send the design whole")]
    NotHeld {
        /// The version asked for.
        base: u64,
    },
    /// The bytes replaced are not within the design held.
    #[error("bytes {from}..{to} are not within the design's {length}")]
    OutOfRange {
        /// The first byte replaced.
        from: usize,
        /// The byte after the last.
        to: usize,
        /// The design's bytes.
        length: usize,
    },
    /// The design does not read.
    #[error(transparent)]
    Design(#[from] DesignError),
}

impl Recent {
    /// None held yet.
    pub fn new() -> Recent {
        Recent::default()
    }

    /// The proof of the design `asked` names, as [`proof`] writes it, with
    /// `version`, the design's version for the next edit; for an edit of
    /// a held design of the same size, `game.board` holds the board's
    /// changes from the held one's: `{"from": base, "rows", "cols",
    /// "names", "font", "layers": [{"name", "walk", "stamps": […] or null
    /// (as held), "cells": "…" or null, "changes": [[at, "…"], …] (the
    /// cells from `at` on, where `cells` is null)}]}`.
    ///
    /// # Errors
    ///
    /// [`ProofError::NotHeld`] for an edit of a design no longer held
    /// (the asker sends it whole); [`ProofError::OutOfRange`] for an edit
    /// beyond its bytes; [`ProofError::Design`] when the design does not
    /// read.
    pub fn prove(&self, families: Families, asked: Sent<'_>) -> Result<String, ProofError> {
        let (text, base) = self.text_of(asked)?;
        let maze = design(families, &text)?;
        let version = {
            let mut held = self.held();
            held.last += 1;
            held.last
        };
        let before =
            (base.as_ref()).and_then(|(base, layers)| Some((*base, layers.as_deref()?.as_slice())));
        let (json, layers) = proved(&maze, false, Some((version, before)));
        let mut held = self.held();
        held.designs.push_back(Design {
            version,
            text: text.into(),
            layers: layers.map(Arc::new),
        });
        while held.designs.len() > RECENT {
            held.designs.pop_front();
        }
        Ok(json)
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The design's text, and for an edit the version it was made on and
    /// that design's layers.
    #[allow(clippy::type_complexity)]
    fn text_of(
        &self,
        asked: Sent<'_>,
    ) -> Result<(Vec<u8>, Option<(u64, Option<Arc<Vec<WrittenLayer>>>)>), ProofError> {
        let (base, from, to, text) = match asked {
            Sent::Whole(whole) => return Ok((whole.to_vec(), None)),
            Sent::Changed {
                base,
                from,
                to,
                text,
            } => (base, from, to, text),
        };
        let held = self.held();
        let design = (held.designs.iter().rev())
            .find(|design| design.version == base)
            .ok_or(ProofError::NotHeld { base })?;
        let length = design.text.len();
        if from > to || to > length {
            return Err(ProofError::OutOfRange { from, to, length });
        }
        let mut spliced = Vec::with_capacity(length - (to - from) + text.len());
        spliced.extend_from_slice(&design.text[..from]);
        spliced.extend_from_slice(text);
        spliced.extend_from_slice(&design.text[to..]);
        Ok((spliced, Some((base, design.layers.clone()))))
    }
}

/// Parts of the board as the proof sends them: a character a square, row
/// by row, from [`PART_BITS`]: the bits of the square itself (1) and of
/// its approaches arriving north, east, south and west (2, 4, 8, 16).
/// A 100×100 design of signs has some 30,000 parts off every shortest route:
/// as `[row, col, "N"]` each, they were half the proof's bytes, and the
/// page draws only those near its view.
struct Parts<'a> {
    parts: &'a [Part],
    size: (u32, u32),
}

/// The characters of [`Parts`], by their bits.
const PART_BITS: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";

impl Parts<'_> {
    fn text(&self) -> String {
        let (rows, cols) = self.size;
        let mut bits = vec![0u8; rows as usize * cols as usize];
        for part in self.parts {
            let (at, bit) = match *part {
                Part::Cell(at) => (at, 1),
                Part::Approach { at, arriving } => (at, 2 << arriving as u8),
            };
            if (1..=rows).contains(&at.row) && (1..=cols).contains(&at.col) {
                bits[(at.row - 1) as usize * cols as usize + (at.col - 1) as usize] |= bit;
            }
        }
        bits.iter()
            .map(|&b| PART_BITS[b as usize] as char)
            .collect()
    }
}

impl Serialize for Parts<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

/// A proof as the page reads it (see [`proof`]), written straight from
/// the search's results: no tree of JSON values between.
#[derive(Serialize)]
struct Proved<'a> {
    game: Option<ProvedGame<'a>>,
    analysis: &'a crate::analysis::Analysis,
    marked: Marked<'a>,
    figure: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<u64>,
}

/// The board's part of a proof: [`Entry`]'s, the design itself only when
/// the asker does not hold it.
#[derive(Serialize)]
struct ProvedGame<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    maze: Option<&'a Maze>,
    size: (u32, u32),
    route: &'a Option<Vec<[u32; 2]>>,
    shortest: Option<usize>,
    extra: &'a serde_json::Value,
    board: BoardSent<'a>,
}

/// The board whole, or what changed from a board the asker holds.
#[derive(Serialize)]
#[serde(untagged)]
enum BoardSent<'a> {
    Whole(&'a Board),
    Changed(Changed<'a>),
}

#[derive(Serialize)]
struct Changed<'a> {
    from: u64,
    rows: u32,
    cols: u32,
    names: &'static str,
    font: &'static str,
    layers: Vec<ChangedLayer<'a>>,
}

#[derive(Serialize)]
struct ChangedLayer<'a> {
    name: &'static str,
    walk: bool,
    stamps: Option<Box<RawValue>>,
    cells: Option<&'a str>,
    changes: Vec<(usize, &'a str)>,
}

/// The layers `now` as changes from `before`, the same layers of a board
/// of the same size; None when they are not.
fn changed<'a>(before: &[WrittenLayer], now: &'a [WrittenLayer]) -> Option<Vec<ChangedLayer<'a>>> {
    let alike = before.len() == now.len()
        && before
            .iter()
            .zip(now)
            .all(|(b, n)| b.name == n.name && b.walk == n.walk && b.cells.len() == n.cells.len());
    if !alike {
        return None;
    }
    let layers = before.iter().zip(now).map(|(before, now)| {
        let stamps = (before.stamps != now.stamps)
            .then(|| RawValue::from_string(now.stamps.clone()).ok())
            .flatten();
        let changes = runs(before.cells.as_bytes(), now.cells.as_bytes());
        // Past a quarter of the cells changed, the cells whole are fewer bytes.
        let whole = changes.iter().map(|&(at, to)| to - at).sum::<usize>() * 4 > now.cells.len();
        ChangedLayer {
            name: now.name,
            walk: now.walk,
            stamps,
            cells: whole.then_some(now.cells.as_str()),
            changes: if whole {
                Vec::new()
            } else {
                changes
                    .iter()
                    .map(|&(at, to)| (at, &now.cells[at..to]))
                    .collect()
            },
        }
    });
    Some(layers.collect())
}

/// The runs `at..to` where `now` differs from `before` (of one length),
/// runs fewer than 8 bytes apart taken as one.
fn runs(before: &[u8], now: &[u8]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for at in (0..now.len()).filter(|&i| before[i] != now[i]) {
        match runs.last_mut() {
            Some(last) if at < last.1 + 8 => last.1 = at + 1,
            _ => runs.push((at, at + 1)),
        }
    }
    runs
}

/// What a proof marks on the board.
#[derive(Serialize)]
struct Marked<'a> {
    dead_ends: Parts<'a>,
    off_route: Parts<'a>,
    off_route_words: Option<&'static str>,
}

/// The proof's JSON, and the board's layers as written when they were
/// asked for: `held` is the new design's version and, for an edit, the
/// version it was made on and its layers.
#[allow(clippy::type_complexity)]
fn proved(
    maze: &Maze,
    whole: bool,
    held: Option<(u64, Option<(u64, &[WrittenLayer])>)>,
) -> (String, Option<Vec<WrittenLayer>>) {
    let analysis = maze.analyse();
    // A design of a family without a game has no board: null.
    let entry = Entry::with_route(maze, analysis.route.as_ref()).ok();
    let layers = held
        .and(entry.as_ref())
        .map(|entry| entry.board.written_layers());
    let game = entry.as_ref().map(|entry| {
        let from = held.and_then(|(_, base)| base);
        let changes = from
            .zip(layers.as_deref())
            .and_then(|((base, before), now)| Some((base, changed(before, now)?)));
        let board = match changes {
            Some((from, layers)) => BoardSent::Changed(Changed {
                from,
                rows: entry.board.size().0,
                cols: entry.board.size().1,
                names: Board::NAMES,
                font: crate::draw::FONT,
                layers,
            }),
            None => BoardSent::Whole(&entry.board),
        };
        ProvedGame {
            maze: whole.then_some(maze),
            size: entry.size,
            route: &entry.route,
            shortest: entry.shortest,
            extra: &entry.extra,
            board,
        }
    });
    // What the family counts beside the route, if it counts anything.
    let figure = maze.family().generator().and_then(|generator| {
        let label = generator.figure()?;
        let at = (analysis.route.as_ref())
            .map_or_else(Vec::new, |route| generator.figure_at(maze, route));
        Some(serde_json::json!({ "label": label, "count": at.len(), "at": at }))
    });
    let marked = maze.edit().map(|maze| maze.marked()).unwrap_or_default();
    let text = whole.then(|| {
        let mut text = String::new();
        let written = text::write_maze(&mut text, maze).map(|()| text);
        written.unwrap_or_else(|e| format!("({e})"))
    });
    let proved = Proved {
        game,
        analysis: &analysis,
        marked: Marked {
            dead_ends: Parts {
                parts: &marked.dead_ends,
                size: maze.size(),
            },
            off_route: Parts {
                parts: &marked.off_route,
                size: maze.size(),
            },
            off_route_words: maze.family().edit().and_then(|family| family.off_route()),
        },
        figure,
        text,
        version: held.map(|(version, _)| version),
    };
    let json = serde_json::to_string(&proved).unwrap_or_default();
    (json, layers)
}
