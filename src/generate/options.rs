//! What to generate ([`GenerateOptions`]: size, length, seed, name, how long to
//! search), the squares a search leaves as they are ([`Locks`]), who
//! watches it ([`Watch`]), and the presets ([`Difficulty`]).

use std::fmt;
use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::grid::Position;

/// What to generate: size, minimum route length, seed and name. Made by
/// [`GenerateOptions::new`] and the `with_*` methods, so that an option added
/// later has its default.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateOptions {
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
    /// The family's own figure
    /// ([`Features::figure`](super::Features::figure): pressed turns, for a
    /// family that counts them) the maze has at least; 0 asks nothing.
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
pub struct SearchProgress {
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

/// The watcher of a search ([`GenerateOptions::watch`]): told the [`SearchProgress`]
/// after every change, it says whether to go on. A search that is never
/// stopped makes the same maze as one with no watcher: the watcher only
/// looks.
///
/// ```
/// use logicmaze::generate::{Flow, GenerateOptions, Watch};
/// // Stop as soon as a maze meets the goal, without polishing it.
/// let options = GenerateOptions::new(6, 6)
///     .with_min_length(10)
///     .with_seed(2)
///     .with_watch(Watch::new(|progress| match progress.finished {
///         true => Flow::Stop,
///         false => Flow::Go,
///     }));
/// let made = logicmaze::family::arrow::generate(&options)?;
/// assert!(made.stats.stopped && made.stats.moves >= 10);
/// # Ok::<(), logicmaze::generate::GenerateError>(())
/// ```
#[derive(Clone, Default)]
pub struct Watch(Option<Arc<Watcher>>);

/// What a [`Watch`] calls: shared between the threads of a run.
type Watcher = dyn Fn(&SearchProgress) -> Flow + Send + Sync;

impl Watch {
    /// A watcher that calls `watch`.
    pub fn new(watch: impl Fn(&SearchProgress) -> Flow + Send + Sync + 'static) -> Watch {
        Watch(Some(Arc::new(watch)))
    }

    /// What the watcher says of `progress` (go on, when there is none).
    pub(super) fn tell(&self, progress: &SearchProgress) -> Flow {
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

impl GenerateOptions {
    /// Options for a `rows × cols` maze with a route of at least one move
    /// (any unique maze), seed 0 and a name made of the size and seed. A
    /// family's [`Generator::options`](crate::family::Generator::options)
    /// asks for the length of a difficulty instead.
    ///
    /// ```
    /// let options = logicmaze::generate::GenerateOptions::new(9, 9);
    /// assert_eq!((options.rows, options.cols, options.seed), (9, 9, 0));
    /// ```
    pub fn new(rows: u32, cols: u32) -> GenerateOptions {
        GenerateOptions {
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

    /// The same options with another minimum route length
    /// ([`min_length`](GenerateOptions::min_length)): 1 by default.
    ///
    /// ```
    /// let options = logicmaze::generate::GenerateOptions::new(9, 9).with_min_length(30);
    /// assert_eq!(options.min_length, 30);
    /// ```
    pub fn with_min_length(mut self, min_length: usize) -> GenerateOptions {
        self.min_length = min_length;
        self
    }

    /// The same options with another seed ([`seed`](GenerateOptions::seed)): 0
    /// by default.
    ///
    /// ```
    /// let options = logicmaze::generate::GenerateOptions::new(9, 9).with_seed(7);
    /// assert_eq!(options.seed, 7);
    /// ```
    pub fn with_seed(mut self, seed: u64) -> GenerateOptions {
        self.seed = seed;
        self
    }

    /// The same options for another maze of the series
    /// ([`index`](GenerateOptions::index)): 0 by default, the first.
    pub fn with_index(mut self, index: u64) -> GenerateOptions {
        self.index = index;
        self
    }

    /// The same options for a maze of a series of several, or not
    /// ([`in_series`](GenerateOptions::in_series)): not by default.
    pub fn with_in_series(mut self, in_series: bool) -> GenerateOptions {
        self.in_series = in_series;
        self
    }

    /// The same options with another [`name`](GenerateOptions::name): by default
    /// none, and the maze is named by the family, size and seed
    /// ([`GenerateOptions::name_or`]).
    pub fn with_name(mut self, name: impl Into<String>) -> GenerateOptions {
        self.name = name.into();
        self
    }

    /// The same options asking for at least `min_figure` of the family's
    /// own figure ([`min_figure`](GenerateOptions::min_figure)): 0 by default,
    /// nothing asked.
    pub fn with_min_figure(mut self, min_figure: usize) -> GenerateOptions {
        self.min_figure = min_figure;
        self
    }

    /// The same options with another number of changes an attempt
    /// ([`steps_per_attempt`](GenerateOptions::steps_per_attempt)): 20,000 by
    /// default.
    pub fn with_steps_per_attempt(mut self, steps_per_attempt: u32) -> GenerateOptions {
        self.steps_per_attempt = steps_per_attempt;
        self
    }

    /// The same options with another number of fresh starts
    /// ([`attempts`](GenerateOptions::attempts)): 20 by default.
    pub fn with_attempts(mut self, attempts: u32) -> GenerateOptions {
        self.attempts = attempts;
        self
    }

    /// The same options with another number of polishing changes
    /// ([`polish_steps`](GenerateOptions::polish_steps)): 300 by default.
    pub fn with_polish_steps(mut self, polish_steps: u32) -> GenerateOptions {
        self.polish_steps = polish_steps;
        self
    }

    /// The same options with another [`watch`](GenerateOptions::watch)er: none
    /// by default.
    pub fn with_watch(mut self, watch: Watch) -> GenerateOptions {
        self.watch = watch;
        self
    }

    /// The name to give: the one set, or `PREFIX-ROWSxCOLS-SEED`; for the
    /// mazes of a series, `-1`, `-2`, ... after it.
    ///
    /// ```
    /// let mut options = logicmaze::generate::GenerateOptions::new(3, 3).with_seed(7);
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
    /// let options = logicmaze::generate::GenerateOptions::new(50, 50).with_min_length(500);
    /// assert_eq!(options.polished_for_walk(10).polish_steps, 5000);
    /// assert_eq!(options.polished_for_walk(10).steps_per_attempt, 5000);
    /// let huge = logicmaze::generate::GenerateOptions::new(200, 200).with_min_length(8000);
    /// assert_eq!(huge.polished_for_walk(10).polish_steps, 20_000);
    /// ```
    pub fn polished_for_walk(&self, changes_per_move: u32) -> GenerateOptions {
        let per_move = self
            .min_length
            .saturating_mul(changes_per_move as usize)
            .min(self.steps_per_attempt as usize) as u32;
        let polish_steps = self.polish_steps.max(per_move);
        GenerateOptions {
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
