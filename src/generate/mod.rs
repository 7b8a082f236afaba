//! The generator's kit: new mazes with exactly one shortest route, of a
//! chosen length, by a local search every family's generator uses (each
//! family's own part, its [`Candidate`], is in the family's module,
//! behind the family's [`Generator`](crate::family::Generator)).
//!
//! Every family is generated the same way (the method is explained in
//! `docs/generator.md`): a random maze, then a local search that changes one
//! part (a sign, a square) at a time, mostly on or next to the
//! current shortest route, and keeps a change when the maze scores no worse.
//! Every candidate is judged by [`FamilyMaze::analyse`](crate::family::FamilyMaze::analyse), the
//! engine behind `logicmaze check`, so "unique" here means exactly what
//! `check` says. The score rewards length up to the minimum asked for,
//! a unique shortest route, decision points on the route and intersections
//! the route passes more than once, and penalises what makes a maze dull
//! (squares that let anything through).
//!
//! Everything is integer arithmetic driven by a ChaCha8 generator seeded
//! from the options, so the same options give the same maze on any machine.
//!
//! A family's `generate` gives the family's own maze type, with what
//! only that family has; [`Maze::from`](crate::Maze) (or `.into()`)
//! makes it the handle that solves, checks, draws and writes any
//! family's.
//!
//! ```
//! use logicmaze::family::arrow;
//! use logicmaze::generate::GenerateOptions;
//! use logicmaze::Maze;
//! let options = GenerateOptions::new(6, 6).with_min_length(10).with_seed(3);
//! let made = arrow::generate(&options)?;
//! let maze = Maze::from(made.maze.clone());
//! let analysis = maze.check();
//! assert_eq!(analysis.verdict, logicmaze::Uniqueness::Unique);
//! assert!(analysis.moves.unwrap() >= 10);
//! assert!(maze.to_svg(None).starts_with("<svg"));
//! assert_eq!(made.maze, arrow::generate(&options)?.maze);
//! # Ok::<(), logicmaze::generate::GenerateError>(())
//! ```
//!
//! Here are what a generator gives ([`Generated`], with its [`Stats`])
//! and refuses ([`GenerateError`]), and the helpers families share; what
//! to generate ([`GenerateOptions`], [`Difficulty`], the [`Locks`] a
//! designer sets), the [`Watch`] that follows a search and may stop it,
//! and the local search itself ([`search`](fn@search) and
//! [`search_from`], scoring a [`Candidate`]'s [`Features`]).

mod local_search;
mod options;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::grid::Position;
use crate::route::Route;

pub use local_search::{Candidate, Features, search, search_from};
pub use options::{Difficulty, Flow, GenerateOptions, Locks, SearchProgress, Watch};

/// A generated maze and what makes it interesting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated<M> {
    /// The maze.
    pub maze: M,
    /// Its figures.
    pub stats: Stats,
}

impl<M> Generated<M> {
    /// The same figures with the maze turned into another type.
    pub fn map<N>(self, into: impl FnOnce(M) -> N) -> Generated<N> {
        Generated {
            maze: into(self.maze),
            stats: self.stats,
        }
    }
}

/// The figures of a generated maze (see `logicmaze generate --stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    /// Moves in the unique shortest route.
    pub moves: usize,
    /// Places on the route where the walker (or die) has a real choice:
    /// two or more ways on.
    pub decision_points: usize,
    /// Moves that arrive where the route has already been.
    pub revisits: usize,
    /// Search states reachable from the start.
    pub reached_states: usize,
    /// Of those, the states from which the goal cannot be reached: the
    /// size of the maze's traps.
    pub doomed_states: usize,
    /// Changes tried, over all attempts.
    pub steps: u64,
    /// A figure of the family's own, if it counts one (see
    /// [`Features::figure`]).
    pub figure: Option<Figure>,
    /// Whether the watcher stopped the search ([`GenerateOptions::watch`]): the
    /// maze is the best found by then, and may be shorter than asked.
    pub stopped: bool,
}

/// A count a family gives of its routes beside the shared ones, with what
/// it counts: `(14, "pressed turns: ...")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Figure {
    /// How many.
    pub count: usize,
    /// Of what, for `--stats`.
    pub label: &'static str,
}

/// The figures in a line, as `generate --stats` shows them after the
/// maze's name.
///
/// ```
/// use logicmaze::generate::Stats;
/// let stats = Stats { moves: 12, decision_points: 3, ..Stats::default() };
/// assert!(stats.to_string().starts_with("12 moves, 3 decision points, 0 revisits"));
/// ```
impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} moves, {} decision points, {} revisits, ",
            self.moves, self.decision_points, self.revisits,
        )?;
        if let Some(Figure { count, label }) = self.figure {
            write!(f, "{count} {label}, ")?;
        }
        write!(
            f,
            "{} reachable states ({} in traps: the goal cannot be reached from them), {} changes \
             tried",
            self.reached_states, self.doomed_states, self.steps,
        )?;
        if self.stopped {
            f.write_str(" (stopped)")?;
        }
        Ok(())
    }
}

/// Why no maze came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The size cannot hold a route of that length, or is no maze at all.
    #[error("a {rows}×{cols} maze is too small: {why}")]
    TooSmall {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        cols: u32,
        /// What is missing.
        why: &'static str,
    },
    /// The size is beyond what a search of thousands of candidates can
    /// handle in reasonable time.
    #[error("a {rows}×{cols} maze is too large to generate: at most {MAX_SQUARES} squares")]
    TooLarge {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        cols: u32,
    },
    /// The maze's search would have more states than a generator can
    /// search thousands of times.
    #[error(
        "a {rows}×{cols} maze is too large to generate: its search has {states} states (at most {MAX_STATES})"
    )]
    TooManyStates {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        cols: u32,
        /// The states its search has.
        states: u64,
    },
    /// No maze of the size has a route that long.
    #[error(
        "no {rows}×{cols} maze has a shortest route of {min_length} moves: a shortest \
         route passes each of its {states} search states at most once, so it has at \
         most {longest} moves (ask for a larger maze, or a length of {longest} or less)"
    )]
    TooLong {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        cols: u32,
        /// The length asked for.
        min_length: usize,
        /// The search states of a maze of that size.
        states: usize,
        /// The longest a shortest route of that size can be.
        longest: usize,
    },
    /// The watcher stopped the search before any maze had a unique
    /// shortest route.
    #[error("stopped after {steps} changes, before any maze had a unique shortest route")]
    Stopped {
        /// Changes tried.
        steps: u64,
    },
    /// Every attempt ran out of steps.
    #[error(
        "no maze with a unique shortest route of at least {min_length} moves \
         after {steps} changes (best: {best_moves} moves); \
         try a larger maze or a smaller length"
    )]
    GaveUp {
        /// The length asked for.
        min_length: usize,
        /// Changes tried.
        steps: u64,
        /// The longest unique route seen.
        best_moves: usize,
    },
}

/// The largest maze generated, in squares: each candidate is a full
/// search, and thousands are tried.
pub const MAX_SQUARES: usize = 250_000;

/// The most states a generated maze's search has: a family whose state
/// is a square and a die's faces stays under it at [`MAX_SQUARES`], and
/// one whose state is two squares reaches it at 64×64, where a
/// candidate's search takes 16 MB.
pub const MAX_STATES: u64 = 1 << 24;

/// Moves of `route` that arrive at a position visited before.
///
/// ```
/// use logicmaze::{generate::revisits, route::Route, Position};
/// let p = Position::new;
/// let route: Route = [p(1, 1), p(1, 2), p(1, 1), p(1, 2), p(2, 2)].into_iter().collect();
/// assert_eq!(revisits(&route), 2);
/// ```
pub fn revisits(route: &Route) -> usize {
    // Every candidate pays for this: one bit a square of the rectangle
    // the route spans is cheaper than sorting or hashing its positions.
    let positions = route.positions();
    let cols = positions.iter().map(|p| p.col as usize).max().unwrap_or(0) + 1;
    let rows = positions.iter().map(|p| p.row as usize).max().unwrap_or(0) + 1;
    let mut seen = vec![0u64; (rows * cols).div_ceil(64)];
    let mut revisits = 0;
    for p in positions {
        let i = p.row as usize * cols + p.col as usize;
        let bit = 1 << (i % 64);
        revisits += usize::from(seen[i / 64] & bit != 0);
        seen[i / 64] |= bit;
    }
    revisits
}

/// Refuses a size that is no maze of the family (`fits` is false, for the
/// reason `why`), or too small for a route of `min_length` moves when a
/// shortest route passes each of a square's `states_per_cell` states at
/// most once.
///
/// # Errors
///
/// In this order: [`GenerateError::TooLarge`] for more than
/// [`MAX_SQUARES`] squares; [`GenerateError::TooSmall`] when `fits` is
/// false; [`GenerateError::TooManyStates`] for more than [`MAX_STATES`]
/// states; [`GenerateError::TooLong`] when `min_length` is more than a
/// shortest route of that many states can have.
pub fn check_size(
    options: &GenerateOptions,
    fits: bool,
    why: &'static str,
    states_per_cell: usize,
) -> Result<(), GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let squares = (rows as usize).saturating_mul(cols as usize);
    if squares > MAX_SQUARES {
        return Err(GenerateError::TooLarge { rows, cols });
    }
    if !fits {
        return Err(GenerateError::TooSmall { rows, cols, why });
    }
    let states = (states_per_cell as u64).saturating_mul(squares as u64);
    if states > MAX_STATES {
        return Err(GenerateError::TooManyStates { rows, cols, states });
    }
    // A route of L moves stands on L + 1 states, all different.
    let states = states as usize;
    let longest = states.saturating_sub(1);
    match options.min_length > longest {
        true => Err(GenerateError::TooLong {
            rows,
            cols,
            min_length: options.min_length,
            states,
            longest,
        }),
        false => Ok(()),
    }
}

/// A `preset` `(rows, cols, min_length)` length grown in proportion to
/// rows + cols: a route that crosses a `rows × cols` maze as many times
/// is as hard: a measure a family's
/// [`Generator::min_length`](crate::family::Generator::min_length) may use.
///
/// ```
/// assert_eq!(logicmaze::generate::grown_with_sides((10, 10, 40), 50, 50), 200);
/// ```
pub fn grown_with_sides(
    (preset_rows, preset_cols, length): (u32, u32, usize),
    rows: u32,
    cols: u32,
) -> usize {
    let (asked, preset) = (
        rows as u64 + cols as u64,
        (preset_rows + preset_cols) as u64,
    );
    (length as u64 * asked).div_ceil(preset.max(1)) as usize
}

/// The lengths to ask a long walk for, one per try, for a route of at
/// least `min_length` moves: fifty times a quarter more (room for the
/// local search's shortcuts), then fifty times just that, for grids too
/// small for more.
///
/// ```
/// let lengths: Vec<usize> = logicmaze::generate::walk_lengths(100).collect();
/// assert_eq!((lengths.len(), lengths[0], lengths[99]), (100, 125, 100));
/// ```
pub fn walk_lengths(min_length: usize) -> impl Iterator<Item = usize> {
    let roomy = std::iter::repeat_n(min_length + min_length / 4, 50);
    roomy.chain(std::iter::repeat_n(min_length, 50))
}

/// A position of a `rows × cols` grid, uniformly at random.
pub fn random_position(rng: &mut ChaCha8Rng, rows: u32, cols: u32) -> Position {
    Position::new(rng.gen_range(1..=rows), rng.gen_range(1..=cols))
}

#[cfg(test)]
pub(crate) use local_search::checks;
