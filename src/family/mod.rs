//! The maze families, each in a folder of its own behind one trait, and the
//! one list of them.
//!
//! A family is two things, as a game is in Simon Tatham's puzzle
//! collection: a [`Family`] value (the "vtable": how its mazes are told
//! apart and read), and a maze type that implements [`FamilyMaze`] (what
//! every command asks of one maze: solve it, analyse it, write it, draw
//! it). Those are the rules and the formats. What the tools built on them
//! need is offered apart, each capability a trait of its own that a
//! family gives when it has it, as it gives its [`Generator`]: a game on
//! the play page (`PlayFamily`, `PlayMaze`: the feature `play`), the
//! editor's part (`EditFamily`, `EditMaze`: `edit`), random and simpler
//! mazes for `stress` (`StressFamily`, `StressMaze`: `stress`) and the
//! contest problem it was (`ContestFamily`: `contest`). Everything above
//! this module (the readers that dispatch on a maze's header or JSON tag,
//! the printers, the renderer, the play page and the command line) works
//! through these traits and never names a family.
//!
//! Adding a family is one folder here and one line in [`ALL`]; a program
//! that embeds logicmaze can also pass a longer list of its own
//! ([`Families`]) to the readers.
//!
//! ```
//! use logicmaze::family::Families;
//! let names: Vec<&str> = Families::BUILT_IN.names().collect();
//! assert_eq!(names, ["arrow", "dice", "minotaur"]);
//! assert_eq!(Families::BUILT_IN.named("dice").unwrap().name(), "dice");
//! ```

pub mod arrow;
#[cfg(feature = "contest")]
pub(crate) mod contest;
pub mod dice;
#[cfg(any(feature = "contest", feature = "stress"))]
pub(crate) mod draws;
#[cfg(feature = "edit")]
mod edit;
pub mod minotaur;
mod offered;
#[cfg(feature = "play")]
mod play;
mod problem;
#[cfg(feature = "stress")]
pub mod shrink;
#[cfg(feature = "stress")]
mod stress;

#[cfg(feature = "contest")]
pub use contest::ContestFamily;
#[cfg(feature = "edit")]
pub use edit::{EditFamily, EditMaze};
#[cfg(feature = "play")]
pub use play::{PlayFamily, PlayMaze};
#[cfg(feature = "stress")]
pub use stress::{StressFamily, StressMaze};

pub(crate) use offered::offered;

pub use problem::FamilyProblem;

use std::any::Any;
use std::fmt;

use crate::analysis::Analysis;
use crate::draw::{Detail, Stream};
use crate::generate::{Difficulty, GenerateError, GenerateOptions, Generated};
use crate::grid::Position;
use crate::read::json::Located;
use crate::read::{Failure, Limits, Line, ParseErrorKind, ParseWarningKind};
use crate::route::{Route, RouteFault};
use crate::search::{Found, Scratch};

/// One thing a reader found: a maze of any family, an error, or a warning.
pub type Parsed = crate::read::Parsed<Maze>;

/// The families logicmaze knows, in the order their headers are tried.
pub static ALL: &[&dyn Family] = &[&arrow::Arrow, &dice::Dice, &minotaur::Minotaur];

/// A list of families: the ones a reader tells mazes apart by, a JSON
/// document's `"family"` may name, and a page or the command line offers.
/// A value, passed to what needs it: [`Families::BUILT_IN`] (the default)
/// holds logicmaze's own, and a program with families of its own makes
/// its list with [`Families::new`]. No list is kept for the process.
///
/// ```
/// use logicmaze::family::{self, Families, Family};
/// let names: Vec<&str> = Families::BUILT_IN.names().collect();
/// assert_eq!(names, ["arrow", "dice", "minotaur"]);
/// static MINE: &[&dyn Family] = &[&family::dice::Dice];
/// let mine = Families::new(MINE);
/// assert_eq!(mine.named("dice").unwrap().name(), "dice");
/// assert!(mine.named("arrow").is_none());
/// ```
#[derive(Clone, Copy)]
pub struct Families(&'static [&'static dyn Family]);

impl Families {
    /// logicmaze's own families, [`ALL`].
    pub const BUILT_IN: Families = Families(ALL);

    /// The families of `list`, in the order their headers are tried.
    pub const fn new(list: &'static [&'static dyn Family]) -> Families {
        Families(list)
    }

    /// The families, in order.
    pub fn list(self) -> &'static [&'static dyn Family] {
        self.0
    }

    /// The family named `name`.
    pub fn named(self, name: &str) -> Option<&'static dyn Family> {
        self.0.iter().copied().find(|family| family.name() == name)
    }

    /// The families' names, in order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        self.0.iter().map(|family| family.name())
    }

    /// The first family (`None` for an empty list): the one whose rules
    /// skip a bad maze before any maze's family is known.
    pub fn first(self) -> Option<&'static dyn Family> {
        self.0.first().copied()
    }
}

impl Default for Families {
    fn default() -> Families {
        Families::BUILT_IN
    }
}

impl fmt::Debug for Families {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// Two lists are the same when they name the same families in the same
/// order.
impl PartialEq for Families {
    fn eq(&self, other: &Families) -> bool {
        self.names().eq(other.names())
    }
}

/// A maze family: its names, how its mazes are read (the judges' format and
/// JSON), and the capabilities it offers beside (its generator, its game,
/// ...), each `None` unless it has it. Implemented once per family, by a
/// unit struct in the family's folder.
///
/// The reading methods are what the readers of [`text`](crate::text) need to
/// follow an input of mazes of mixed families: which family a maze's second
/// line belongs to, where a maze may end (to guess maze starts when an
/// input is read in pieces, and to skip a bad maze), and the reader of a
/// maze's body ([`Draft`]).
pub trait Family: Send + Sync + 'static {
    /// The name `--family` and JSON's `"family"` use: `arrow`.
    fn name(&self) -> &'static str;

    /// What the family says of itself in help texts and messages: every
    /// sentence of the tool that describes one family comes from here.
    fn words(&self) -> &'static Words;

    /// Whether a maze whose second line is `header` is one of this
    /// family's: the first family of the list that claims it reads the
    /// maze. Claims are loose (the header is then read strictly, with
    /// errors that say what is wrong), and no two families claim a line.
    fn claims(&self, header: &Line) -> bool;

    /// Whether `line` has exactly the shape of this family's header: used
    /// to find the next maze after a bad one, and to guess where mazes
    /// start.
    fn looks_like_header(&self, line: &Line) -> bool;

    /// Whether `line` may be the last line of one of its mazes, so that the
    /// next line may be a name (for guessing maze starts).
    fn may_end_maze(&self, line: &Line) -> bool;

    /// While a bad maze of this family is skipped: whether `line` could be
    /// the next maze's name (a dice row of numbers cannot).
    fn could_be_name(&self, line: &Line) -> bool;

    /// While a bad maze of this family is skipped: whether `line` ends it
    /// (an arrow maze's `0` line). By default no line does: the family's
    /// mazes have no closing line, and the next name ends a bad one.
    fn ends_bad_maze(&self, line: &Line) -> bool {
        let _ = line;
        false
    }

    /// Starts reading the maze `name` whose header is `header`, or says
    /// what is wrong with the header. `None` when the maze is one for
    /// another reader ([`Limits::defers`]).
    ///
    /// # Errors
    ///
    /// A [`Failure`] at the column of what is wrong: a header that is not
    /// of the family's shape or holds a value out of range (each its
    /// [`ParseErrorKind`], a family's own as [`ParseErrorKind::Family`]),
    /// or a maze too large for `limits` (as [`Limits::check`] or
    /// [`Limits::check_allocating`] refuses one).
    fn read_header(
        &self,
        name: String,
        header: &Line,
        limits: &Limits,
    ) -> Result<Option<Box<dyn Draft>>, Failure>;

    /// How its routes are laid out in the judges' output format.
    fn route_layout(&self) -> RouteLayout;

    /// Reads a JSON document whose `"family"` is this family's name, up to
    /// what its size needs (nothing is allocated for the maze yet): the
    /// error is serde_json's, with its position.
    ///
    /// # Errors
    ///
    /// serde_json's error, with its line and column, when `text` is not
    /// JSON or not the family's document: a field missing or of the
    /// wrong type. Values of the right type that the rules refuse are for
    /// [`JsonDraft::build`] to refuse.
    fn read_json(&self, text: &[u8]) -> Result<Box<dyn JsonDraft>, serde_json::Error>;

    /// Its generator, if it has one.
    fn generator(&self) -> Option<&dyn Generator> {
        None
    }

    /// The contest problem the family was, for `logicmaze package`
    /// ([`package`](crate::package)), if it was one.
    #[cfg(feature = "contest")]
    fn contest(&self) -> Option<&dyn ContestFamily> {
        None
    }

    /// Its game on the play page ([`play`](crate::play)), if it has one.
    #[cfg(feature = "play")]
    fn play(&self) -> Option<&dyn PlayFamily> {
        None
    }

    /// Its part in the editor (`logicmaze edit`), if its mazes are edited.
    #[cfg(feature = "edit")]
    fn edit(&self) -> Option<&dyn EditFamily> {
        None
    }

    /// Its random mazes for `logicmaze stress`
    /// ([`stress`](crate::stress)), if it makes any.
    #[cfg(feature = "stress")]
    fn stress(&self) -> Option<&dyn StressFamily> {
        None
    }

    /// Whether the lines of its mazes' bodies are a drawing, whose spaces
    /// are part of it: an input validator then leaves their spacing to the
    /// family's strict reader instead of asking for single spaces between
    /// tokens.
    fn drawn_body(&self) -> bool {
        false
    }
}

/// What a family says of itself, for the tool's help and messages. Each
/// is a phrase that fits into a sentence of the help, shown beside the
/// other families' phrases.
///
/// ```
/// use logicmaze::family::{self, Family};
/// let words = family::Families::BUILT_IN.named("dice").unwrap().words();
/// assert_eq!(words.header, "ROWS COLS ROW COL TOP FRONT");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// One line about it, for `--help`, as it reads inside a sentence (a
    /// name keeps its capital): `walk-through arrow mazes`, `Theseus and
    /// the Minotaur mazes`.
    pub about: &'static str,
    /// The shape of its header (a maze's second line in the judges'
    /// format), for messages: `ROW COL DIRECTION ROW COL`.
    pub header: &'static str,
    /// What tells its header from the others', for `--help`: `a direction
    /// letter`.
    pub header_mark: &'static str,
    /// Where its text format comes from: `ICPC World Finals 2000`.
    pub format_source: &'static str,
    /// The order in which its moves are tried, which breaks ties between
    /// equally short routes: `turns left, forward, right`.
    pub tie_order: &'static str,
    /// What `check` calls the parts of its mazes that no route uses:
    /// `signs never read`.
    pub unused: &'static str,
    /// How `render` draws a maze and its route: `as roads between ...`.
    pub drawn: &'static str,
    /// What a route's length counts, in the plural: `moves`, or `turns`
    /// where a wait counts too.
    pub moves: &'static str,
}

/// How a family's routes are written in the judges' output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteLayout {
    /// Positions per line.
    pub per_line: usize,
    /// Between two positions on a line.
    pub separator: &'static str,
    /// Whether every line but the last ends with a comma.
    pub comma_at_line_end: bool,
}

/// A maze of some family: what every command asks of one maze. A family's
/// maze type implements it (and `Clone` and `PartialEq`, which [`Maze`]
/// needs), and is put in a [`Maze`] by [`Maze::new`].
pub trait FamilyMaze: fmt::Debug + Send + Sync + 'static {
    /// Its family.
    fn family(&self) -> &'static dyn Family;

    /// Its name.
    fn name(&self) -> &str;

    /// Rows and columns of its grid.
    fn size(&self) -> (u32, u32);

    /// The number of search states (the engine's memory is about a byte
    /// per state).
    fn state_count(&self) -> usize;

    /// The raw search result (route states and states reached).
    fn search(&self) -> Found;

    /// A shortest route, or `None` when the maze has no solution.
    fn solve(&self) -> Option<Route>;

    /// Whether the shortest route is unique, and what no route uses.
    fn analyse(&self) -> Analysis;

    /// [`analyse`](FamilyMaze::analyse), counting the routes in the arrays
    /// `scratch` keeps (see [`search::census_in`](crate::search::census_in)):
    /// a batch analyses its mazes with one scratch a thread. By default the
    /// maze's own `analyse`, which leaves the scratch as it is.
    ///
    /// ```
    /// use logicmaze::Maze;
    /// use logicmaze::search::Scratch;
    /// let maze = Maze::parse("A\n3 1 N 1 1\n2 1 NF *\n0\n")?;
    /// assert_eq!(maze.analyse_in(&mut Scratch::new()), maze.analyse());
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    fn analyse_in(&self, scratch: &mut Scratch) -> Analysis {
        let _ = scratch;
        self.analyse()
    }

    /// Appends the maze in the judges' input format, after its name line:
    /// the header and the body.
    fn write_text(&self, out: &mut String);

    /// The maze's JSON document, `{"family": ..., "name": ..., ...}`.
    fn document(&self) -> Box<dyn erased_serde::Serialize + '_>;

    /// Draws the maze (the page is opened, and closed after) with `route`
    /// over it when given.
    fn draw(&self, route: Option<&Route>, detail: Detail, out: &mut Stream);

    /// Replays `route` (positions, as the judges' output lists them) by the
    /// family's rules: its number of moves, or the first fault, said in the
    /// family's own terms (see [`route::replay`](crate::route::replay)).
    /// The positions are taken one at a time, up to the first fault.
    ///
    /// # Errors
    ///
    /// The route's first [`RouteFault`]: no positions or no moves, a start
    /// or an end elsewhere, a move the rules forbid (its `why` in the
    /// family's words), a route that goes on past the goal.
    fn replay(&self, route: &mut dyn Iterator<Item = Position>) -> Result<usize, RouteFault>;

    /// What the play page asks of it ([`PlayMaze`]), if its family has
    /// a game there.
    #[cfg(feature = "play")]
    fn play(&self) -> Option<&dyn PlayMaze> {
        None
    }

    /// What the editor asks of it ([`EditMaze`]), if its family's mazes
    /// are edited.
    #[cfg(feature = "edit")]
    fn edit(&self) -> Option<&dyn EditMaze> {
        None
    }

    /// Its simpler mazes for `logicmaze stress` ([`StressMaze`]), if its
    /// family shrinks them.
    #[cfg(feature = "stress")]
    fn stress(&self) -> Option<&dyn StressMaze> {
        None
    }
}

/// The reader of a maze's body in the judges' format, made by
/// [`Family::read_header`] and fed the maze's non-blank lines one by one.
pub trait Draft: Send + fmt::Debug {
    /// The maze's name.
    fn name(&self) -> &str;

    /// Reads one non-blank line of the body.
    ///
    /// # Errors
    ///
    /// A [`Failure`] at the column of what is wrong in the line: its
    /// [`ParseErrorKind`], a family's own as [`ParseErrorKind::Family`],
    /// or one of `limits` for a maze that grows as it is read. The reader
    /// skips the rest of the maze.
    fn read(&mut self, line: &Line, limits: &Limits) -> Result<Progress, Failure>;

    /// The maze, once [`Draft::read`] said [`Progress::Complete`]; an error
    /// is reported on the line that completed it.
    ///
    /// # Errors
    ///
    /// What the body read does not make a maze of: a
    /// [`ParseErrorKind::Maze`] the model refuses, or a family's own
    /// [`ParseErrorKind::Family`] (a piece missing, say).
    fn build(self: Box<Self>) -> Result<Maze, ParseErrorKind>;

    /// What the next line should be, for the message when the input ends
    /// inside the maze: `row 2 of 5`.
    fn expecting(&self) -> String;

    /// How many bytes of lines [`Draft::read_run`] should be given at once
    /// (0: none, lines are read one by one).
    fn run_length(&self) -> usize {
        0
    }

    /// Reads the lines `block` (whole lines) starts with at once (in
    /// parallel), up to a line it leaves to [`Draft::read`], and says how
    /// much it read: the draft ends up as if the lines were read one by
    /// one.
    fn read_run(&mut self, _block: &[u8], _limits: &Limits) -> Run {
        Run::default()
    }
}

/// What [`Draft::read`] made of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// More lines to come.
    More,
    /// More lines to come, and a note on this line (its column and what
    /// it says): the line was read, but is worth a warning.
    Noted(usize, ParseWarningKind),
    /// The line completed the maze: [`Draft::build`] it. A note on the
    /// line (its column and what it says) may come with it.
    Complete(Option<(usize, ParseWarningKind)>),
    /// The maze grew to one for another reader ([`Limits::defers`]).
    Deferred,
}

/// What [`Draft::read_run`] read: bytes and lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Bytes read.
    pub bytes: usize,
    /// Lines read.
    pub lines: usize,
}

/// A maze read from its JSON document, not built yet: what the reader
/// checks against the limits before anything is allocated for it.
pub trait JsonDraft: Send {
    /// The maze's name.
    fn name(&self) -> &str;

    /// The search states the maze needs.
    fn state_count(&self) -> u64;

    /// Where in the document its size is given, for an error about it.
    fn size_path(&self) -> crate::read::json::Path;

    /// Builds the maze, or says what is wrong and where in the document.
    ///
    /// # Errors
    ///
    /// What the document's values do not make a maze of (a position
    /// outside the grid, a die's impossible faces), as its
    /// [`ParseErrorKind`] with the [`Path`](crate::read::json::Path) of
    /// the value at fault.
    fn build(self: Box<Self>) -> Result<Maze, Located>;
}

/// A family's generator of mazes with a unique shortest route.
pub trait Generator: Sync {
    /// `(rows, cols, min_length)` for a difficulty.
    fn preset(&self, difficulty: Difficulty) -> (u32, u32, usize);

    /// The minimum length a `rows × cols` maze of `difficulty` asks for:
    /// the preset's, grown with the size as the family's routes grow (see
    /// [`generate::grown_with_sides`](crate::generate::grown_with_sides)).
    ///
    /// ```
    /// use logicmaze::family::{Family, Generator};
    /// use logicmaze::generate::Difficulty;
    /// let dice = logicmaze::family::dice::Dice.generator().unwrap();
    /// assert_eq!(dice.min_length(Difficulty::Medium, 7, 7), 20);
    /// ```
    fn min_length(&self, difficulty: Difficulty, rows: u32, cols: u32) -> usize;

    /// Options for a `rows × cols` maze of `difficulty`: its
    /// [`min_length`](Generator::min_length), seed 0 (set another with
    /// [`GenerateOptions::with_seed`]).
    ///
    /// ```
    /// use logicmaze::family::Families;
    /// use logicmaze::generate::Difficulty;
    /// let dice = Families::BUILT_IN.named("dice").unwrap().generator().unwrap();
    /// let options = dice.options(Difficulty::Hard, 8, 8).with_seed(42);
    /// assert_eq!(options.min_length, dice.min_length(Difficulty::Hard, 8, 8));
    /// let made = dice.generate(&options)?;
    /// assert!(made.maze.solve().unwrap().moves() >= options.min_length);
    /// # Ok::<(), logicmaze::generate::GenerateError>(())
    /// ```
    fn options(&self, difficulty: Difficulty, rows: u32, cols: u32) -> GenerateOptions {
        GenerateOptions::new(rows, cols).with_min_length(self.min_length(difficulty, rows, cols))
    }

    /// A maze as `options` ask.
    ///
    /// # Errors
    ///
    /// A size the family does not generate ([`GenerateError::TooSmall`],
    /// and the other sizes [`check_size`](crate::generate::check_size)
    /// refuses); [`GenerateError::GaveUp`] or [`GenerateError::Stopped`]
    /// when the local search ends without a maze.
    fn generate(&self, options: &GenerateOptions) -> Result<Generated<Maze>, GenerateError>;

    /// `design` changed by the local search until it has a unique
    /// shortest route of at least `options.min_length` moves, its `locks`
    /// left as they are (`logicmaze edit`'s Improve); none if `design` is
    /// not this family's.
    fn improve(
        &self,
        design: &Maze,
        locks: &crate::generate::Locks,
        options: &GenerateOptions,
    ) -> Option<Result<Generated<Maze>, GenerateError>>;

    /// What the family counts of a route beside the shared figures (see
    /// [`Features::figure`](crate::generate::Features::figure)), as
    /// Improve's aim for more of it names it: none by default.
    ///
    /// ```
    /// use logicmaze::family::{Family, Generator};
    /// let minotaur = logicmaze::family::minotaur::Minotaur.generator().unwrap();
    /// assert_eq!(minotaur.figure(), Some("pressed turns"));
    /// assert_eq!(logicmaze::family::dice::Dice.generator().unwrap().figure(), None);
    /// ```
    fn figure(&self) -> Option<&'static str> {
        None
    }

    /// Where that figure stands along `route`, a shortest route of
    /// `design`: a square for each one counted (Theseus's square at each
    /// pressed turn, in the route's order); none for a family that counts
    /// none, or a design of another family.
    fn figure_at(&self, design: &Maze, route: &Route) -> Vec<Position> {
        let _ = (design, route);
        Vec::new()
    }

    /// The rows, columns and minimum length asked for: `difficulty`'s
    /// preset with what is given over it; without a length, the length a
    /// size asks for ([`Generator::min_length`]).
    ///
    /// ```
    /// use logicmaze::family::{Family, Generator};
    /// use logicmaze::generate::Difficulty;
    /// let arrow = logicmaze::family::arrow::Arrow.generator().unwrap();
    /// assert_eq!(arrow.asked(Difficulty::Hard, (None, None), None), (20, 20, 100));
    /// assert_eq!(arrow.asked(Difficulty::Hard, (Some(50), None), None), (50, 20, 250));
    /// assert_eq!(arrow.asked(Difficulty::Hard, (None, None), Some(7)), (20, 20, 7));
    /// ```
    fn asked(
        &self,
        difficulty: Difficulty,
        (rows, cols): (Option<u32>, Option<u32>),
        min_length: Option<usize>,
    ) -> (u32, u32, usize) {
        let (preset_rows, preset_cols, _) = self.preset(difficulty);
        let (rows, cols) = (rows.unwrap_or(preset_rows), cols.unwrap_or(preset_cols));
        let length = min_length.unwrap_or_else(|| self.min_length(difficulty, rows, cols));
        (rows, cols, length)
    }
}

/// A maze of any family: read one from text or JSON, solve it, count
/// its routes, write it and draw it with its own methods (`parse`,
/// `from_json`, `solve`, `check`, `to_text`, `to_svg`, ...).
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// assert_eq!((maze.name(), maze.family().name()), ("M", "arrow"));
/// assert_eq!(maze.solve().unwrap().moves(), 1);
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
///
/// A family's own maze type is made a `Maze` with `From`, and is read
/// back with [`Maze::downcast_ref`]:
///
/// ```
/// use logicmaze::Maze;
/// use logicmaze::family::arrow;
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// let arrow: &arrow::ArrowMaze = maze.downcast_ref().unwrap();
/// assert_eq!(Maze::from(arrow.clone()), maze);
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub struct Maze(Box<dyn AnyMaze>);

/// What [`Maze`] needs of a family's maze beyond [`FamilyMaze`]: copies,
/// comparison and the concrete type, for every `Clone + PartialEq` one.
trait AnyMaze: FamilyMaze {
    fn as_family(&self) -> &dyn FamilyMaze;
    fn clone_box(&self) -> Box<dyn AnyMaze>;
    fn as_any(&self) -> &dyn Any;
    fn equals(&self, other: &dyn Any) -> bool;
}

impl<M: FamilyMaze + Clone + PartialEq> AnyMaze for M {
    fn as_family(&self) -> &dyn FamilyMaze {
        self
    }

    fn clone_box(&self) -> Box<dyn AnyMaze> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn equals(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<M>() == Some(self)
    }
}

impl<M: FamilyMaze + Clone + PartialEq> From<M> for Maze {
    fn from(maze: M) -> Maze {
        Maze::new(maze)
    }
}

impl Maze {
    /// A family's maze, as a maze of any family.
    pub fn new(maze: impl FamilyMaze + Clone + PartialEq) -> Maze {
        Maze(Box::new(maze))
    }

    /// The family's own maze, when it is an `M`.
    pub fn downcast_ref<M: FamilyMaze>(&self) -> Option<&M> {
        self.0.as_any().downcast_ref::<M>()
    }
}

/// A maze is its family's maze, for every question [`FamilyMaze`] asks:
/// `maze.solve()`, `maze.name()`, ... are the family's own.
impl std::ops::Deref for Maze {
    type Target = dyn FamilyMaze;

    fn deref(&self) -> &dyn FamilyMaze {
        self.0.as_family()
    }
}

/// A maze serialises as its JSON document, `{"family": ..., ...}`.
impl serde::Serialize for Maze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(&*self.0.document(), serializer)
    }
}

impl Clone for Maze {
    fn clone(&self) -> Maze {
        Maze(self.0.clone_box())
    }
}

impl PartialEq for Maze {
    fn eq(&self, other: &Maze) -> bool {
        self.0.equals(other.0.as_any())
    }
}

impl Eq for Maze {}

impl fmt::Debug for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

/// Families are the same when their names are.
impl PartialEq for dyn Family {
    fn eq(&self, other: &dyn Family) -> bool {
        self.name() == other.name()
    }
}

impl Eq for dyn Family {}

impl std::hash::Hash for dyn Family {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state)
    }
}

impl fmt::Debug for dyn Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A family is shown by its name.
///
/// ```
/// assert_eq!(logicmaze::family::Families::BUILT_IN.named("dice").unwrap().to_string(), "dice");
/// ```
impl fmt::Display for dyn Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A family is written as its name in JSON.
impl serde::Serialize for dyn Family {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}
