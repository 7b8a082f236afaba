//! The generator's kit: new mazes with exactly one shortest route, of a
//! chosen length, by a local search every family's generator uses (each
//! family's own part, its [`Candidate`], is in its folder).
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
//! ```
//! use logicmaze::family::{arrow, FamilyMaze};
//! use logicmaze::generate::Options;
//! let options = Options::new(6, 6).with_min_length(10).with_seed(3);
//! let made = arrow::generate(&options)?;
//! let analysis = made.maze.analyse();
//! assert_eq!(analysis.verdict, logicmaze::Verdict::Unique);
//! assert!(analysis.moves.unwrap() >= 10);
//! assert_eq!(made.maze, arrow::generate(&options)?.maze);
//! # Ok::<(), logicmaze::generate::GenerateError>(())
//! ```

use std::fmt;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::analysis::{Analysis, ShortestRoutes, Verdict};
use crate::grid::Position;
use crate::route::Route;
use crate::search::{Changed, Recount, Recounter};

/// What to generate: size, minimum route length, seed and name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Rows of the maze.
    pub rows: u32,
    /// Columns of the maze.
    pub cols: u32,
    /// The unique shortest route has at least this many moves.
    pub min_length: usize,
    /// The seed: the same options give the same maze.
    pub seed: u64,
    /// Which maze of a series made from one seed (`--count`): each index
    /// draws from its own stream of the seeded generator.
    pub index: u64,
    /// Whether the maze is one of a series of several, whose names are
    /// numbered from 1.
    pub in_series: bool,
    /// The maze's name (by default the family, size and seed); a maze
    /// after the first of a series gets `-2`, `-3`, ... after it.
    pub name: String,
    /// The family's own figure ([`Features::figure`]: pressed turns, for
    /// a family that counts them) the maze has at least; 0 asks nothing.
    pub min_figure: usize,
    /// Changes tried before starting afresh from another random maze.
    pub steps_per_attempt: u32,
    /// Fresh starts before giving up.
    pub attempts: u32,
    /// Changes tried after the first maze that meets the goal, to make it
    /// more interesting (more decision points and revisits).
    pub polish_steps: u32,
    /// Who is told how the search goes, and may stop it (none by default).
    pub watch: Watch,
}

/// Squares a local search leaves as they are: the squares a designer
/// locked in `logicmaze edit`, whose contents (a square's number, an
/// intersection's signs, a piece standing there, the walls between two
/// of them) no change touches.
///
/// ```
/// use logicmaze::generate::Locks;
/// use logicmaze::Position;
/// let locks = Locks::new(vec![Position::new(2, 3), Position::new(1, 1)]);
/// assert!(locks.holds(Position::new(1, 1)) && !locks.holds(Position::new(1, 2)));
/// assert!(!Locks::default().holds(Position::new(1, 1)));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locks(Arc<Vec<Position>>);

impl Locks {
    /// The locks on `squares`.
    pub fn new(mut squares: Vec<Position>) -> Locks {
        squares.sort();
        squares.dedup();
        Locks(Arc::new(squares))
    }

    /// Whether `at` is locked.
    pub fn holds(&self, at: Position) -> bool {
        self.0.binary_search(&at).is_ok()
    }
}

/// What a search tells its watcher after each change it tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Changes tried so far.
    pub changes: u64,
    /// The longest unique shortest route seen so far, in moves.
    pub best_moves: usize,
    /// Whether a maze that meets the goal was found: the search is
    /// polishing it.
    pub finished: bool,
}

/// Whether a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Go,
    /// Stop now, with the best maze found so far.
    Stop,
}

/// The watcher of a search ([`Options::watch`]): told the [`Progress`]
/// after every change, it says whether to go on. A search that is never
/// stopped makes the same maze as one with no watcher: the watcher only
/// looks.
///
/// ```
/// use logicmaze::generate::{Flow, Options, Watch};
/// // Stop as soon as a maze meets the goal, without polishing it.
/// let mut options = Options::new(6, 6).with_min_length(10).with_seed(2);
/// options.watch = Watch::new(|progress| match progress.finished {
///     true => Flow::Stop,
///     false => Flow::Go,
/// });
/// let made = logicmaze::family::arrow::generate(&options)?;
/// assert!(made.stats.stopped && made.stats.moves >= 10);
/// # Ok::<(), logicmaze::generate::GenerateError>(())
/// ```
#[derive(Clone, Default)]
pub struct Watch(Option<Arc<Watcher>>);

/// What a [`Watch`] calls: shared between the threads of a run.
type Watcher = dyn Fn(&Progress) -> Flow + Send + Sync;

impl Watch {
    /// A watcher that calls `watch`.
    pub fn new(watch: impl Fn(&Progress) -> Flow + Send + Sync + 'static) -> Watch {
        Watch(Some(Arc::new(watch)))
    }

    /// What the watcher says of `progress` (go on, when there is none).
    fn tell(&self, progress: &Progress) -> Flow {
        self.0.as_ref().map_or(Flow::Go, |watch| watch(progress))
    }
}

impl fmt::Debug for Watch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Watch(..)"
        } else {
            "Watch(none)"
        })
    }
}

/// Two watchers are the same when they are one.
impl PartialEq for Watch {
    fn eq(&self, other: &Watch) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for Watch {}

impl Options {
    /// Options for a `rows × cols` maze with default length, seed 0 and a
    /// name made of the size and seed.
    ///
    /// ```
    /// let options = logicmaze::generate::Options::new(9, 9);
    /// assert_eq!((options.rows, options.cols, options.seed), (9, 9, 0));
    /// ```
    pub fn new(rows: u32, cols: u32) -> Options {
        Options {
            rows,
            cols,
            min_length: 1,
            seed: 0,
            index: 0,
            in_series: false,
            name: String::new(),
            min_figure: 0,
            steps_per_attempt: 20_000,
            attempts: 20,
            polish_steps: 300,
            watch: Watch::default(),
        }
    }

    /// The same options with another minimum route length.
    ///
    /// ```
    /// let options = logicmaze::generate::Options::new(9, 9).with_min_length(30);
    /// assert_eq!(options.min_length, 30);
    /// ```
    pub fn with_min_length(mut self, min_length: usize) -> Options {
        self.min_length = min_length;
        self
    }

    /// The same options with another seed.
    ///
    /// ```
    /// let options = logicmaze::generate::Options::new(9, 9).with_seed(7);
    /// assert_eq!(options.seed, 7);
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Options {
        self.seed = seed;
        self
    }

    /// The name to give: the one set, or `PREFIX-ROWSxCOLS-SEED`; for the
    /// mazes of a series, `-1`, `-2`, ... after it.
    ///
    /// ```
    /// let mut options = logicmaze::generate::Options::new(3, 3).with_seed(7);
    /// assert_eq!(options.name_or("DICE"), "DICE-3x3-7");
    /// options.in_series = true;
    /// assert_eq!(options.name_or("DICE"), "DICE-3x3-7-1");
    /// options.index = 2;
    /// assert_eq!(options.name_or("DICE"), "DICE-3x3-7-3");
    /// ```
    pub fn name_or(&self, prefix: &str) -> String {
        let base = match self.name.is_empty() {
            true => format!("{prefix}-{}x{}-{}", self.rows, self.cols, self.seed),
            false => self.name.clone(),
        };
        match self.in_series {
            false => base,
            true => format!("{base}-{}", self.index + 1),
        }
    }

    /// The same options for a search that starts from a long walk: the
    /// walk meets the length at once, so the whole attempt goes into
    /// opening it up, `changes_per_move` changes a move asked for, but no
    /// more than an attempt's `steps_per_attempt` (each change of a huge
    /// maze is a search of it: a 200×200 maze asking 8,000 moves
    /// would otherwise try 80,000, for minutes).
    ///
    /// ```
    /// let options = logicmaze::generate::Options::new(50, 50).with_min_length(500);
    /// assert_eq!(options.polished_for_walk(10).polish_steps, 5000);
    /// assert_eq!(options.polished_for_walk(10).steps_per_attempt, 5000);
    /// let huge = logicmaze::generate::Options::new(200, 200).with_min_length(8000);
    /// assert_eq!(huge.polished_for_walk(10).polish_steps, 20_000);
    /// ```
    pub fn polished_for_walk(&self, changes_per_move: u32) -> Options {
        let per_move = self
            .min_length
            .saturating_mul(changes_per_move as usize)
            .min(self.steps_per_attempt as usize) as u32;
        let polish_steps = self.polish_steps.max(per_move);
        Options {
            polish_steps,
            steps_per_attempt: polish_steps,
            ..self.clone()
        }
    }

    /// The random generator for these options.
    pub fn rng(&self) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(self.index);
        rng
    }
}

/// Presets that pick the size and the minimum route length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Small, with a short route.
    Easy,
    /// Medium size and length.
    Medium,
    /// The sizes and lengths of the benchmarks (each family's preset, as
    /// `generate --help` lists them).
    Hard,
}

impl Difficulty {
    /// The three, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name, as `--difficulty` spells it.
    ///
    /// ```
    /// assert_eq!(logicmaze::generate::Difficulty::Hard.name(), "hard");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

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
    /// Whether the watcher stopped the search ([`Options::watch`]): the
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

/// A maze being shaped by the local search: a family's part of its
/// generator.
pub trait Candidate: Clone {
    /// The draft's shortest routes, counted by `counter` (what each
    /// candidate is scored by): the draft differs from the one whose count
    /// the counter kept last as `changed` says ([`Recount::Same`]: its
    /// routes are that draft's).
    fn recount(&self, counter: &mut Recounter, changed: Changed) -> Recount<ShortestRoutes>;

    /// The `check` engine's whole verdict on the draft, for the figures of
    /// the maze that comes out.
    fn analyse(&self) -> Analysis;

    /// Changes one sign or square, chosen mostly near `focus` (positions of
    /// the current shortest routes), and says which states' moves it may
    /// have changed.
    fn mutate(&mut self, rng: &mut ChaCha8Rng, focus: &[Position]) -> Changed;

    /// Decision points and revisits along `route`, and a penalty for what
    /// makes the maze dull.
    fn features(&self, route: &Route) -> Features;

    /// Whether a maze with a unique shortest route long enough, `route`
    /// with `features`, is done: by default it is, and a family may ask
    /// more of it.
    fn finished(&self, route: &Route, features: &Features) -> bool {
        let _ = (route, features);
        true
    }
}

/// What the score counts beyond length and uniqueness.
#[derive(Clone, Copy, Debug, Default)]
pub struct Features {
    /// Places on the route with two or more ways on.
    pub decision_points: usize,
    /// Moves that arrive where the route has been before.
    pub revisits: usize,
    /// What makes the maze dull, in score points.
    pub penalty: i64,
    /// A figure of the family's own, reported with the maze's stats.
    pub figure: Option<Figure>,
}

/// A draft with its analysis and score.
#[derive(Clone)]
struct Scored<D> {
    draft: D,
    analysis: ShortestRoutes,
    features: Features,
    score: i64,
}

impl<D: Candidate> Scored<D> {
    /// `draft`, scored by its `analysis` against what `options` ask.
    fn new(draft: D, analysis: ShortestRoutes, options: &Options) -> Scored<D> {
        let features = analysis
            .route
            .as_ref()
            .map(|route| draft.features(route))
            .unwrap_or_default();
        let score = score(&analysis, &features, options);
        Scored {
            draft,
            analysis,
            features,
            score,
        }
    }

    fn moves(&self) -> usize {
        self.analysis.moves.unwrap_or(0)
    }

    fn is_done(&self, options: &Options) -> bool {
        self.analysis.verdict == Verdict::Unique
            && self.moves() >= options.min_length
            && self.features.figure.map_or(0, |f| f.count) >= options.min_figure
            && (self.analysis.route.as_ref())
                .is_some_and(|r| self.draft.finished(r, &self.features))
    }
}

/// Higher is better. Length counts most until `min_length` is reached,
/// then a little; every doubling of the number of shortest routes costs
/// about as much as two moves; choices and revisits on the route count;
/// each of the family's figure short of `min_figure` costs as much as
/// four moves.
fn score(analysis: &ShortestRoutes, features: &Features, options: &Options) -> i64 {
    let Some(moves) = analysis.moves else {
        return -1_000_000;
    };
    let figure = features.figure.map_or(0, |f| f.count);
    let missing = options.min_figure.saturating_sub(figure) as i64;
    let (moves, min_length) = (moves as i64, options.min_length as i64);
    let doublings = match analysis.routes {
        0 | 1 => 0,
        routes => 65 - i64::from(routes.leading_zeros()),
    };
    100 * moves.min(min_length) + 10 * (moves - min_length).max(0) - 250 * doublings
        + 15 * features.decision_points as i64
        + 10 * features.revisits as i64
        - features.penalty
        - 400 * missing
}

/// How much worse a change may score and still be kept at the start of an
/// attempt; this falls to nothing by the end of the attempt.
const TEMPERATURE: i64 = 300;

/// A change that opens a shortcut of at least this many moves is refused
/// without counting its routes (see [`Recounter::refusing_shortcuts`]):
/// its route is that much shorter, 400 points of length at least, where a
/// change worse by more than [`TEMPERATURE`] is never kept, and what its
/// new route gains in decision points and revisits has not made up for
/// that in any maze measured: refusing them leaves every generated maze
/// of `scripts/same-output.sh` as it was, and saves most of the cost of
/// trying them (a count walks everything nearer than the goal).
const REFUSED_SHORTCUT: u32 = 40;

/// The largest maze generated, in squares: each candidate is a full
/// search, and thousands are tried.
pub const MAX_SQUARES: usize = 250_000;

/// The most states a generated maze's search has: a family whose state
/// is a square and a die's faces stays under it at [`MAX_SQUARES`], and
/// one whose state is two squares reaches it at 64×64, where a
/// candidate's search takes 16 MB.
pub const MAX_STATES: u64 = 1 << 24;

/// The local search from `start` itself, every attempt starting from it
/// again (`logicmaze edit`'s Improve: [`Generator::improve`]).
///
/// [`Generator::improve`]: crate::family::Generator::improve
pub fn search_from<D: Candidate>(
    options: &Options,
    start: D,
) -> Result<Generated<D>, GenerateError> {
    search(options, |_| start.clone()).map(|(maze, stats)| Generated { maze, stats })
}

/// The local search: from `fresh` drafts, keeps changes that score no
/// worse (and now and then one slightly worse, to leave plateaus), until a
/// draft meets the goal and has been polished.
pub fn search<D: Candidate>(
    options: &Options,
    mut fresh: impl FnMut(&mut ChaCha8Rng) -> D,
) -> Result<(D, Stats), GenerateError> {
    let mut rng = options.rng();
    let mut steps = 0u64;
    let mut longest = Longest::default();
    // Each candidate is one change from `current`: its routes are counted
    // from the layer the change can first matter, unless it opens a long
    // shortcut.
    let mut counter = Recounter::refusing_shortcuts(REFUSED_SHORTCUT);
    for _ in 0..options.attempts {
        let draft = fresh(&mut rng);
        let analysis = draft.recount(&mut counter, Changed::Everything);
        counter.keep();
        let analysis = analysis
            .counted()
            .expect("a count from scratch is neither the kept one nor refused");
        let mut current = Scored::new(draft, analysis, options);
        // Where changes go, for `current`: worked out when it changes.
        let mut near = focus(&current.analysis);
        let mut best: Option<(Scored<D>, u32)> = None;
        for step in 0..options.steps_per_attempt {
            longest.see(&current, best.is_none());
            let progress = Progress {
                changes: steps,
                best_moves: longest.moves,
                finished: best.is_some(),
            };
            if options.watch.tell(&progress) == Flow::Stop {
                let kept = best.map(|(done, _)| done).or(longest.maze);
                return stopped(kept, steps);
            }
            steps += 1;
            let mut draft = current.draft.clone();
            let changed = draft.mutate(&mut rng, &near);
            let temperature = TEMPERATURE * (options.steps_per_attempt - step) as i64
                / options.steps_per_attempt as i64;
            let analysis = match draft.recount(&mut counter, changed) {
                Recount::Same => Some(current.analysis.clone()),
                Recount::Counted(analysis) => Some(analysis),
                Recount::Shorter { .. } => None,
            };
            let kept = match analysis.map(|a| Scored::new(draft, a, options)) {
                Some(candidate) => {
                    let worse_by = current.score - candidate.score;
                    let keep = worse_by <= 0 || rng.gen_range(0..=temperature) > worse_by;
                    keep.then_some(candidate)
                }
                // Refused as a change worse by more than the temperature
                // is, with the same random draw, so that the search goes
                // on as it would have had the change been counted.
                None => {
                    rng.gen_range(0..=temperature);
                    None
                }
            };
            match kept {
                Some(candidate) => {
                    current = candidate;
                    near = focus(&current.analysis);
                    counter.keep();
                }
                None => counter.discard(),
            }
            if current.is_done(options)
                && best.as_ref().is_none_or(|(b, _)| current.score > b.score)
            {
                let found_at = best.as_ref().map_or(step, |&(_, at)| at);
                best = Some((current.clone(), found_at));
            }
            if let Some((done, found_at)) = &best {
                if step >= found_at.saturating_add(options.polish_steps) {
                    return Ok(finish(done.clone(), steps));
                }
            }
        }
        longest.see(&current, best.is_none());
        if let Some((done, _)) = best {
            return Ok(finish(done, steps));
        }
    }
    Err(GenerateError::GaveUp {
        min_length: options.min_length,
        steps,
        best_moves: longest.moves,
    })
}

/// The longest unique shortest route a search has seen, and the maze of it
/// while none meets the goal (for a watcher that stops the search then).
struct Longest<D> {
    moves: usize,
    maze: Option<Scored<D>>,
}

impl<D> Default for Longest<D> {
    fn default() -> Self {
        Longest {
            moves: 0,
            maze: None,
        }
    }
}

impl<D: Candidate> Longest<D> {
    /// Notes `current`, keeping its maze if `keep` and it is the longest.
    fn see(&mut self, current: &Scored<D>, keep: bool) {
        if current.analysis.verdict == Verdict::Unique && current.moves() > self.moves {
            self.moves = current.moves();
            if keep {
                self.maze = Some(current.clone());
            }
        }
    }
}

/// The end of a search its watcher stopped after `steps` changes: the maze
/// `kept`, if there is one.
fn stopped<D: Candidate>(kept: Option<Scored<D>>, steps: u64) -> Result<(D, Stats), GenerateError> {
    let (draft, mut stats) = finish(kept.ok_or(GenerateError::Stopped { steps })?, steps);
    stats.stopped = true;
    Ok((draft, stats))
}

fn finish<D: Candidate>(done: Scored<D>, steps: u64) -> (D, Stats) {
    let whole = done.draft.analyse();
    let stats = Stats {
        moves: done.analysis.moves.unwrap_or(0),
        decision_points: done.features.decision_points,
        revisits: done.features.revisits,
        reached_states: whole.reached_states,
        doomed_states: whole.dead_end_states,
        steps,
        figure: done.features.figure,
        stopped: false,
    };
    (done.draft, stats)
}

/// Where changes help most: the shortest route, and where an alternative
/// shortest route leaves it.
fn focus(analysis: &ShortestRoutes) -> Vec<Position> {
    let mut focus: Vec<Position> = analysis
        .route
        .iter()
        .flat_map(|route| route.positions().iter().copied())
        .collect();
    if let (Some(alternative), Some(split)) = (&analysis.alternative, analysis.split) {
        let near = alternative
            .positions()
            .iter()
            .skip(split.saturating_sub(1))
            .take(3);
        focus.extend(near.clone());
        focus.extend(near);
    }
    focus
}

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
pub fn check_size(
    options: &Options,
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

/// What each family's generator tests of its candidates.
#[cfg(test)]
pub(crate) mod checks {
    use super::*;

    /// The shortcut a recounter refusing every shortcut finds in `next`,
    /// `changed` from `draft`.
    fn shortcut<D: Candidate>(draft: &D, next: &D, changed: Changed) -> Option<u32> {
        let mut probe = Recounter::refusing_shortcuts(1);
        draft.recount(&mut probe, Changed::Everything);
        probe.keep();
        match next.recount(&mut probe, changed) {
            Recount::Shorter { by } => Some(by),
            _ => None,
        }
    }

    /// After every change `mutate` makes to `draft` (kept or not, at
    /// random), the count the recounter goes on to is the count a fresh
    /// one makes: the states a family says a change touched are all it
    /// touched; and a shortcut found in a change shortens the route by at
    /// least what it says.
    pub(crate) fn assert_recounts_are_fresh<D: Candidate>(mut draft: D, seed: u64, changes: u32) {
        let fresh = |draft: &D| {
            let count = draft.recount(&mut Recounter::new(), Changed::Everything);
            count.counted().expect("a first count is counted")
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut counter = Recounter::new();
        let mut kept = fresh(&draft);
        draft.recount(&mut counter, Changed::Everything);
        counter.keep();
        for change in 0..changes {
            let focus = focus(&kept);
            let mut next = draft.clone();
            let changed = next.mutate(&mut rng, &focus);
            let shortcut = shortcut(&draft, &next, changed.clone());
            let counted = match next.recount(&mut counter, changed) {
                Recount::Counted(counted) => counted,
                _ => kept.clone(),
            };
            assert_eq!(counted, fresh(&next), "change {change}");
            if let Some(by) = shortcut {
                let (before, after) = (kept.moves.unwrap(), counted.moves);
                assert!(
                    after.is_some_and(|after| after + by as usize <= before),
                    "change {change}"
                );
            }
            if rng.gen_ratio(1, 3) {
                counter.keep();
                (draft, kept) = (next, counted);
            }
        }
    }
}
