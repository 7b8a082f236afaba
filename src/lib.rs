//! # logicmaze
//!
//! Solve Robert Abbott's logic mazes — walk-through arrow mazes,
//! rolling-dice mazes and Theseus and the Minotaur — exactly, at any size.
//!
//! A program starts from [`Maze`]: read one from text ([`Maze::parse`],
//! or `str::parse`) or JSON ([`Maze::from_json`]), or a file of them
//! ([`Maze::parse_all`]); solve it, count its shortest routes
//! ([`Maze::check`]), write it and its answer in the judges' format or as
//! JSON, draw it. [`prelude`] brings in the names most programs use.
//!
//! ```
//! use logicmaze::prelude::*;
//!
//! let input = std::fs::read_to_string("examples/dice.in")?;
//! let mut output = String::new();
//! for maze in Maze::parse_all(&input) {
//!     output += &maze?.solution_text();
//! }
//! assert_eq!(output, std::fs::read_to_string("examples/dice.out")?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate is built around one engine and one trait. [`search`] is the
//! breadth-first engine; it knows nothing about mazes. Each family lives in
//! a folder of its own under [`family`], behind the [`family::Family`]
//! trait: its rules as a state space for the engine, its lines in the
//! judges' format, its JSON document and its drawing; beside them, each
//! in a trait of its own, the capabilities it offers the tools (its
//! generator, its game on the play page, its part in the editor, its
//! random mazes for `stress`, the contest problem it was). Below the
//! families are the kits they are written with ([`read`], [`draw`],
//! [`generate`]); above them, the code that works for every family
//! ([`text`], [`json`] and [`input`] read and write mazes, [`batch`]
//! reads a whole input with jobs, [`print`](mod@print) writes results,
//! [`render`] and `play` draw and play them) and the command line
//! (`cli`). `docs/architecture.md` draws the map.
//!
//! The library does no I/O of its own: callers feed bytes in and take
//! strings out. The exceptions are named by their features: `png`'s
//! `draw::Fonts::system` reads the system's font folders, `serve` listens
//! on a local port, and `cli` is the command line, which reads and writes
//! files. Without default features the library is its core: reading and
//! writing both formats, solving, checking, generating and drawing SVG;
//! each tool on it is a feature named for what it adds: `png`, `play`
//! (the play page), `edit` (the editor), `serve` (the pages' server),
//! `stress`, `contest` (problem packages) and `cli`.
//!
//! The `parallel` feature (a default one, and part of `cli`) spreads a
//! batch's and a search's work over threads, on rayon's current pool: a
//! batch's mazes with [`batch::BatchOptions::jobs`], a huge space's layers, a
//! long maze's lines, a contest's mazes. Without it the library does the
//! same work on the calling thread, with the same results byte for byte
//! (as with one job), and without rayon's five crates.
//!
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// On docs.rs (a nightly rustdoc, `--cfg docsrs`), each item a feature
// brings is marked with it.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(clippy::missing_errors_doc)]

mod analysis;
pub mod batch;
#[cfg(feature = "cli")]
pub mod cli;
pub mod draw;
pub mod family;
pub mod generate;
mod grid;
// What the package's uuid and the editor's file version are named by.
#[cfg(any(feature = "contest", feature = "cli"))]
mod hash;
pub mod input;
pub mod json;
mod maze;
#[cfg(feature = "contest")]
pub mod package;
#[cfg(feature = "play")]
pub mod play;
pub mod prelude;
pub mod print;
pub mod read;
pub mod render;
pub mod route;
pub mod search;
#[cfg(feature = "stress")]
pub mod stress;
pub mod text;
pub mod verify;

pub use analysis::{Analysis, Marked, Part, ShortestRoutes, Uniqueness, Unused};

pub use family::{Family, Maze};

pub use maze::{Mazes, ParseMazeError};

pub use route::Route;

pub use grid::{Direction, Grid, MazeError, Position};

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
