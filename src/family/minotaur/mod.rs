//! Theseus and the Minotaur (Robert Abbott, *Mad Mazes*, 1990).
//!
//! A grid of squares with walls between some of them and all round the
//! border, but for a gap beside the exit square. Theseus and the Minotaur
//! each stand on a square. A turn: Theseus steps to a neighbouring square
//! (not through a wall, not onto the Minotaur) or waits; if he is then on
//! the exit, he has escaped. Otherwise the Minotaur takes two steps, each
//! decided afresh: toward Theseus's column if he is in another one and no
//! wall is in the way, else toward his row likewise, else none. If the
//! Minotaur reaches Theseus's square, Theseus is eaten. A route is
//! Theseus's squares, one per turn (a wait repeats the square); the
//! shortest counts turns.
//!
//! This folder holds everything logicmaze knows of the family: the rules
//! and the search's state space (here, a state being Theseus's square and
//! the Minotaur's), the text format (`text.rs`, a drawing of the grid),
//! JSON (`json.rs`), drawing (`render.rs`), generating (`generate.rs`),
//! random mazes (`random.rs`), the contest problem (`contest.rs`) and the
//! play page's game (`play.js`, `play.css`), all behind [`Minotaur`].
//!
//! ```
//! use logicmaze::family::minotaur::Maze;
//! use logicmaze::family::FamilyMaze;
//! use logicmaze::{Direction, Position};
//!
//! // A corridor of three squares: Theseus in the middle, the Minotaur
//! // east of him, the exit at the west end. One step west escapes.
//! let p = Position::new;
//! let maze = Maze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
//! assert_eq!(maze.solve().unwrap().to_string(), "(1,2) (1,1)");
//! # Ok::<(), logicmaze::family::minotaur::MinotaurError>(())
//! ```

mod chase;
mod contest;
mod generate;
mod json;
mod random;
mod render;
mod shrink;
mod text;

use std::cmp::Ordering;

use crate::analysis::{Analysis, Marked, Part, ShortestRoutes, Unused};
use crate::draw::{Board, Detail, Stream};
use crate::family::{self, Draft, Family, FamilyMaze, Generator, JsonDraft, RouteLayout, Words};
use crate::grid::{Direction, Divisor, Grid, MazeError, Position};
use crate::read::{Failure, FamilyProblem, Limits, Line};
use crate::route::{Route, RouteFault};
use crate::search::{self, Found, MoveLabel, StateId, StateSpace};
use chase::Lookup;

pub use generate::{generate, pressed_turns};
pub use json::MinotaurDocument;
pub use random::{arena_maze, random_maze, random_maze_with};
pub use text::ReadError;

/// The family of Theseus-and-the-Minotaur mazes.
///
/// ```
/// use logicmaze::family::minotaur::Minotaur;
/// use logicmaze::family::Family;
/// assert_eq!(Minotaur.name(), "minotaur");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Minotaur;

/// What the family says of itself.
static WORDS: Words = Words {
    about: "Theseus and the Minotaur mazes",
    header: "MINOTAUR ROWS COLS",
    header_mark: "the word MINOTAUR",
    format_source: "a drawing of the grid, logicmaze's own",
    tie_order: "Theseus's steps north, east, south, west, then waiting",
    unused: "squares Theseus never reaches",
    off_route: None,
    drawn: "as squares walled round, the exit's gap in the border, Theseus and the Minotaur on \
            their squares, and along a route Theseus's path with the Minotaur's beside it",
    played: "played by stepping Theseus or waiting, the Minotaur's two steps shown after each \
             turn",
};

impl Family for Minotaur {
    fn name(&self) -> &'static str {
        "minotaur"
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    /// A second line whose first word is `MINOTAUR`.
    fn claims(&self, header: &Line) -> bool {
        text::is_header_word(header)
    }

    fn looks_like_header(&self, line: &Line) -> bool {
        text::looks_like_header(line)
    }

    /// The drawing's last line: a row of walls.
    fn may_end_maze(&self, line: &Line) -> bool {
        text::is_wall_row(line)
    }

    fn could_be_name(&self, line: &Line) -> bool {
        !text::is_drawing(line)
    }

    fn read_header(
        &self,
        name: String,
        header: &Line,
        limits: &Limits,
    ) -> Result<Option<Box<dyn Draft>>, Failure> {
        let draft = text::header(name, header, limits)?;
        Ok(draft.map(|draft| Box::new(draft) as Box<dyn Draft>))
    }

    /// Theseus's squares, ten to a line, as the arrow judges wrote theirs.
    fn route_layout(&self) -> RouteLayout {
        RouteLayout {
            per_line: 10,
            separator: " ",
            comma_at_line_end: false,
        }
    }

    fn read_json(&self, text: &[u8]) -> Result<Box<dyn JsonDraft>, serde_json::Error> {
        json::read(text)
    }

    fn generator(&self) -> Option<&dyn Generator> {
        Some(self)
    }

    fn contest(&self) -> Option<family::Contest> {
        Some(contest::contest())
    }

    fn random(&self, seed: u64, rows: u32, cols: u32, density: u32) -> Option<family::Maze> {
        Some(random::random_maze_with(seed, rows, cols, density).into())
    }

    fn drawn_body(&self) -> bool {
        true
    }

    /// No wall inside: Theseus in the bottom left corner, the Minotaur in
    /// the bottom right one, the exit in the top right corner's north side.
    fn blank(&self, name: &str, rows: u32, cols: u32) -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "family": "minotaur", "name": name, "rows": rows, "cols": cols,
            "theseus": [rows, 1], "minotaur": [rows, cols], "exit": [1, cols], "gap": "N",
            "walls": [],
        }))
    }

    fn play_script(&self) -> &'static str {
        include_str!("play.js")
    }

    fn play_css(&self) -> &'static str {
        include_str!("play.css")
    }
}

/// Why a maze cannot be made as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MinotaurError {
    /// The grid's size, or a position outside it.
    #[error(transparent)]
    Grid(#[from] MazeError),
    /// Theseus and the Minotaur on one square.
    #[error("Theseus and the Minotaur both start on {0}: Theseus would be eaten at once")]
    SameSquare(Position),
    /// An exit away from the border.
    #[error("the exit {0} is not on the border: its gap must open out of the maze")]
    ExitInside(Position),
    /// A gap on a side of the exit that is not the border's.
    #[error("the exit {exit}'s gap is on its {side} side, which is not on the border")]
    GapInside {
        /// The exit.
        exit: Position,
        /// The side asked for.
        side: &'static str,
    },
    /// A wall on the border, which is walled already.
    #[error("{0}")]
    Wall(String),
}

impl FamilyProblem for MinotaurError {}

/// The sides of a square with a wall, a bit each in the order N, E, S, W.
type Sides = u8;

/// Every side walled: a border cell, which no piece ever enters.
const WALLED: Sides = 0b1111;

/// Theseus's five choices each turn, in the order they are tried: a step
/// in each direction, then waiting.
const CHOICES: usize = 5;

/// The choice that stays on the square.
const WAIT: usize = 4;

/// The Minotaur's step that is none: it stays (its steps are the
/// directions' indices, 0 to 3, or this).
const STAYS: usize = 4;

/// A move's label: Theseus's choice and the Minotaur's two steps, each one
/// of five, so that every move can be undone.
const LABELS: usize = CHOICES * 5 * 5;

/// A maze of the family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    name: String,
    /// The padded grid: the border cells around it are walled all round.
    grid: Grid,
    /// The walled sides of every cell.
    walls: Vec<Sides>,
    theseus: Position,
    minotaur: Position,
    exit: Position,
    /// The side of the exit where the border has its gap.
    gap: Direction,
    /// The cells of the three, on the padded grid.
    cells: Cells,
    /// The row and column of every cell of the padded grid, for the
    /// Minotaur's chase (a division per step costs more than the rest).
    places: Vec<[u16; 2]>,
    /// The number of cells of the padded grid, and division by it, which
    /// a state's cells take.
    cell_count: usize,
    per_cell: Divisor,
    /// The Minotaur's two steps looked up, for the search's turns.
    chases: Lookup,
}

/// Where the pieces and the exit are on the padded grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cells {
    theseus: usize,
    minotaur: usize,
    exit: usize,
}

impl Maze {
    /// A `rows × cols` maze without inner walls: Theseus, the Minotaur and
    /// the exit at `[theseus, minotaur, exit]`, the border's gap on the
    /// exit's `gap` side.
    pub fn new(
        name: impl Into<String>,
        rows: u32,
        cols: u32,
        [theseus, minotaur, exit]: [Position; 3],
        gap: Direction,
    ) -> Result<Maze, MinotaurError> {
        let cells = Grid::state_count(rows, cols, 1).unwrap_or(u64::MAX);
        let grid = Grid::sized(rows, cols, cells)?;
        let cells = Cells {
            theseus: grid.locate("Theseus", theseus)?,
            minotaur: grid.locate("the Minotaur", minotaur)?,
            exit: grid.locate("the exit", exit)?,
        };
        if theseus == minotaur {
            return Err(MinotaurError::SameSquare(theseus));
        }
        // Border cells are walled all round, and the squares beside the
        // border on that side.
        let walls: Vec<Sides> = (0..grid.cell_count())
            .map(|cell| match grid.is_border(cell) {
                true => WALLED,
                false => Direction::ALL
                    .into_iter()
                    .filter(|&side| grid.is_border(grid.step(cell, side)))
                    .fold(0, |sides, side| sides | bit(side)),
            })
            .collect();
        let stride = cols as usize + 2;
        let places = (0..grid.cell_count())
            .map(|cell| [(cell / stride) as u16, (cell % stride) as u16])
            .collect();
        let maze = Maze {
            name: name.into(),
            grid,
            walls,
            theseus,
            minotaur,
            exit,
            gap,
            cells,
            places,
            cell_count: grid.cell_count(),
            per_cell: Divisor::new(grid.cell_count() as u64),
            chases: Lookup::default(),
        };
        match (maze.on_border(exit), maze.borders(exit, gap)) {
            (false, _) => Err(MinotaurError::ExitInside(exit)),
            (true, false) => Err(MinotaurError::GapInside {
                exit,
                side: gap.name(),
            }),
            (true, true) => Ok(maze),
        }
    }

    /// Puts a wall on the `side` of the square `at`, or takes it away
    /// (`wall` false); the square beside it shares the wall. The border is
    /// always walled.
    pub fn set_wall(
        &mut self,
        at: Position,
        side: Direction,
        wall: bool,
    ) -> Result<(), MinotaurError> {
        let cell = self.grid.locate("a wall's square", at)?;
        let beside = self.grid.step(cell, side);
        if self.grid.is_border(beside) {
            return Err(MinotaurError::Wall(format!(
                "the {} side of {at} is the border, which is walled already",
                side.name()
            )));
        }
        let (here, there) = (bit(side), bit(side.opposite()));
        self.chases.forget();
        match wall {
            true => {
                self.walls[cell] |= here;
                self.walls[beside] |= there;
            }
            false => {
                self.walls[cell] &= !here;
                self.walls[beside] &= !there;
            }
        }
        Ok(())
    }

    /// Whether the `side` of the square `at` is walled (the border is).
    pub fn wall(&self, at: Position, side: Direction) -> bool {
        self.grid
            .cell(at)
            .is_none_or(|cell| self.walls[cell] & bit(side) != 0)
    }

    /// Rows of squares.
    pub fn rows(&self) -> u32 {
        self.grid.rows()
    }

    /// Columns of squares.
    pub fn cols(&self) -> u32 {
        self.grid.cols()
    }

    /// Theseus's square at the start.
    pub fn theseus(&self) -> Position {
        self.theseus
    }

    /// The Minotaur's square at the start.
    pub fn minotaur(&self) -> Position {
        self.minotaur
    }

    /// The exit square.
    pub fn exit(&self) -> Position {
        self.exit
    }

    /// The exit's side with the border's gap.
    pub fn gap(&self) -> Direction {
        self.gap
    }

    /// Whether `at` is a square on the border.
    fn on_border(&self, at: Position) -> bool {
        at.row == 1 || at.col == 1 || at.row == self.rows() || at.col == self.cols()
    }

    /// Whether the `side` of the square `at` is the border.
    fn borders(&self, at: Position, side: Direction) -> bool {
        self.grid
            .cell(at)
            .is_some_and(|cell| self.grid.is_border(self.grid.step(cell, side)))
    }

    /// Every square, row by row.
    fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        (1..=self.rows())
            .flat_map(move |row| (1..=self.cols()).map(move |col| Position::new(row, col)))
    }

    /// The number of padded cells: a state is a pair of them.
    fn cell_count(&self) -> usize {
        self.cell_count
    }

    /// The cell `direction` (an index, or [`STAYS`]) leads to from `cell`,
    /// by wrapping arithmetic: undone with [`Maze::unstep`].
    fn step(&self, cell: usize, direction: usize) -> usize {
        match direction {
            STAYS => cell,
            d => self.grid.step(cell, Direction::from_index(d)),
        }
    }

    /// The cell `direction` (an index, or [`STAYS`]) leads from to `cell`,
    /// if it is one.
    fn unstep(&self, cell: usize, direction: usize) -> Option<usize> {
        let from = match direction {
            STAYS => cell,
            d => self.grid.step_back(cell, Direction::from_index(d)),
        };
        (from < self.cell_count()).then_some(from)
    }

    /// The cell Theseus's `choice` takes him to from `theseus`, if no wall
    /// is in the way.
    fn stepped(&self, theseus: usize, choice: usize) -> Option<usize> {
        match choice {
            WAIT => Some(theseus),
            _ => {
                let direction = Direction::from_index(choice);
                (self.walls[theseus] & bit(direction) == 0)
                    .then(|| self.grid.step(theseus, direction))
            }
        }
    }

    /// One step of the Minotaur at `minotaur` after Theseus at `theseus`:
    /// toward his column if it can, else toward his row if it can, else
    /// none. The cell it reaches, and the step (a direction's index, or
    /// [`STAYS`]).
    #[inline]
    fn chase(&self, minotaur: usize, theseus: usize) -> (usize, usize) {
        let step = self.chase_toward(minotaur, self.apart(minotaur, theseus));
        (self.step(minotaur, step), step)
    }

    /// The Minotaur's step from `minotaur` toward Theseus `rows` and
    /// `cols` away: a direction's index, or [`STAYS`].
    #[inline]
    fn chase_toward(&self, minotaur: usize, [rows, cols]: [i32; 2]) -> usize {
        let walls = self.walls[minotaur];
        let open = |d: Direction| walls & bit(d) == 0;
        let across = match cols.cmp(&0) {
            Ordering::Greater => Some(Direction::East),
            Ordering::Less => Some(Direction::West),
            Ordering::Equal => None,
        };
        let along = match rows.cmp(&0) {
            Ordering::Greater => Some(Direction::South),
            Ordering::Less => Some(Direction::North),
            Ordering::Equal => None,
        };
        match [across, along].into_iter().flatten().find(|&d| open(d)) {
            Some(d) => d.index(),
            None => STAYS,
        }
    }

    /// How many rows and columns `to` lies from `from` (south and east
    /// positive).
    #[inline]
    fn apart(&self, from: usize, to: usize) -> [i32; 2] {
        let ([fr, fc], [tr, tc]) = (self.places[from], self.places[to]);
        [i32::from(tr) - i32::from(fr), i32::from(tc) - i32::from(fc)]
    }

    /// Every square the Minotaur can have stood on before a turn that ends
    /// with him at `minotaur` and Theseus at `theseus`, in the order of the
    /// turn's labels (his first step, then his second): where he stood,
    /// when Theseus has just reached the exit (he does not move then);
    /// else each square from which his two steps toward `theseus` end at
    /// `minotaur` without reaching Theseus on the first.
    fn chased_from(&self, minotaur: usize, theseus: usize) -> Squares {
        let mut found = Squares::default();
        if theseus == self.cells.exit {
            found.push(minotaur);
            return found;
        }
        // The square a step `direction` (or STAYS) toward Theseus came from.
        let undone = |to: usize, direction: usize| {
            let from = match direction {
                STAYS => to,
                d => self.grid.step_back(to, Direction::from_index(d)),
            };
            let real = !self.grid.is_border(from) && from != theseus;
            (real && self.chase(from, theseus) == (to, direction)).then_some(from)
        };
        // Where his second step can have started, by that step; then each
        // first step into one of those, in the order of the labels.
        let betweens: [Option<usize>; 5] = std::array::from_fn(|two| undone(minotaur, two));
        for one in 0..5 {
            for between in betweens.into_iter().flatten() {
                if let Some(from) = undone(between, one) {
                    found.push(from);
                }
            }
        }
        found
    }

    /// One turn from Theseus at `theseus` and the Minotaur at `minotaur`,
    /// Theseus making `choice`: where both end up, or why the turn cannot
    /// be taken. Theseus on the exit has escaped: the Minotaur stays.
    // Always inlined: in the search's loop a call a turn costs a small
    // maze's search a tenth of its time.
    #[inline(always)]
    fn turn(&self, theseus: usize, minotaur: usize, choice: usize) -> Result<Turned, Blocked> {
        let to = self.stepped(theseus, choice).ok_or(Blocked::Wall)?;
        if to == minotaur {
            return Err(Blocked::OntoMinotaur);
        }
        if to == self.cells.exit {
            let steps = [STAYS, STAYS];
            return Ok(Turned {
                to,
                minotaur,
                steps,
            });
        }
        let (first, one) = self.chase(minotaur, to);
        let (second, two) = self.chase(first, to);
        match first == to || second == to {
            true => Err(Blocked::Eaten),
            false => Ok(Turned {
                to,
                minotaur: second,
                steps: [one, two],
            }),
        }
    }

    /// Every turn from Theseus at `theseus` and the Minotaur at `minotaur`,
    /// in the order tried: its label and the state after it. The turns of
    /// [`Maze::turn`], the Minotaur's steps looked up.
    #[inline]
    fn turns(&self, theseus: usize, minotaur: usize, visit: impl FnMut(MoveLabel, StateId)) {
        match self.chases.of(self) {
            Some(chases) => chases.turns(self, theseus, minotaur, visit),
            None => self.turns_worked_out(theseus, minotaur, visit),
        }
    }

    /// Every turn from Theseus at `theseus` and the Minotaur at `minotaur`,
    /// as [`Maze::turns`] lists them, each worked out by [`Maze::turn`].
    #[inline]
    fn turns_worked_out(
        &self,
        theseus: usize,
        minotaur: usize,
        mut visit: impl FnMut(MoveLabel, StateId),
    ) {
        for choice in 0..CHOICES {
            if let Ok(turned) = self.turn(theseus, minotaur, choice) {
                let [one, two] = turned.steps;
                let label = (choice * 25 + one * 5 + two) as MoveLabel;
                visit(label, self.state(turned.to, turned.minotaur));
            }
        }
    }

    /// The state of Theseus at `theseus` and the Minotaur at `minotaur`.
    fn state(&self, theseus: usize, minotaur: usize) -> StateId {
        (minotaur * self.cell_count() + theseus) as StateId
    }

    /// Theseus's cell and the Minotaur's in `state`.
    fn cells_of(&self, state: StateId) -> (usize, usize) {
        let minotaur = self.per_cell.divide(state) as usize;
        (state as usize - minotaur * self.cell_count(), minotaur)
    }

    /// The Minotaur's squares along Theseus's `route`, from its start: one
    /// per turn, where it stands after the turn.
    pub fn minotaur_route(&self, route: &Route) -> Route {
        self.chased(route)
            .into_iter()
            .map(|[_, second]| second)
            .collect()
    }

    /// The Minotaur's squares along Theseus's `route`, step by step: where
    /// it starts, then after each of its steps (two a turn, none after the
    /// escape), so that a drawing can follow it square by square.
    pub fn minotaur_steps(&self, route: &Route) -> Route {
        let mut steps = vec![self.minotaur];
        for [first, second] in self.chased(route).into_iter().skip(1) {
            steps.extend([first, second]);
        }
        steps.dedup();
        steps.into_iter().collect()
    }

    /// The Minotaur's two steps of each turn of `route` (its start twice
    /// first), up to the escape or the first turn the rules refuse.
    fn chased(&self, route: &Route) -> Vec<[Position; 2]> {
        let at = |cell| {
            self.grid
                .position(cell)
                .expect("the Minotaur stands on a square")
        };
        let mut minotaur = self.cells.minotaur;
        let mut chased = vec![[self.minotaur; 2]];
        for pair in route.positions().windows(2) {
            let Some(from) = self.grid.cell(pair[0]) else {
                break;
            };
            let choice = pair[0].direction_to(pair[1]).map_or(WAIT, Direction::index);
            let Ok(turned) = self.turn(from, minotaur, choice) else {
                break;
            };
            let first = self.step(minotaur, turned.steps[0]);
            chased.push([at(first), at(turned.minotaur)]);
            minotaur = turned.minotaur;
        }
        chased
    }

    /// The shortest routes the engine counted (`shortest`), as the generator
    /// scores each candidate by.
    pub(crate) fn routes_of(&self, shortest: Option<&search::Shortest>) -> ShortestRoutes {
        ShortestRoutes::new(shortest, |states| self.route_of(states))
    }

    /// Theseus's route through the search's `states`.
    fn route_of(&self, states: &[StateId]) -> Route {
        let cells = states.iter().map(|&state| self.cells_of(state).0 as u32);
        std::iter::once(self.theseus)
            .chain(self.grid.positions(cells))
            .collect()
    }
}

/// At most 25 squares, kept without allocating: the Minotaur's squares
/// before a turn, one per pair of steps.
#[derive(Clone, Copy, Default)]
struct Squares {
    squares: [usize; 25],
    len: usize,
}

impl Squares {
    fn push(&mut self, square: usize) {
        self.squares[self.len] = square;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares[..self.len].iter().copied()
    }
}

/// A turn taken: where Theseus and the Minotaur end up, and the
/// Minotaur's two steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turned {
    to: usize,
    minotaur: usize,
    steps: [usize; 2],
}

/// Why Theseus cannot take a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocked {
    /// A wall (or the border) is in the way.
    Wall,
    /// The Minotaur stands there.
    OntoMinotaur,
    /// The Minotaur reaches him.
    Eaten,
}

/// A side's bit in [`Sides`].
const fn bit(side: Direction) -> Sides {
    1 << side as u8
}

/// A state is the Minotaur's cell and Theseus's: `minotaur × cells +
/// theseus`, on the padded grid. Laid out by the Minotaur's cell first, the
/// five turns of a state whose Minotaur makes the same steps on each lie
/// within a row of cells of each other: a cache line or two of the
/// search's bits.
impl StateSpace for Maze {
    fn state_count(&self) -> usize {
        self.cell_count() * self.cell_count()
    }

    fn first_states(&self, mut visit: impl FnMut(StateId)) {
        self.turns(self.cells.theseus, self.cells.minotaur, |_, s| visit(s));
    }

    #[inline]
    fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId)) {
        let (theseus, minotaur) = self.cells_of(state);
        self.turns(theseus, minotaur, visit);
    }

    const MOVE_LABELS: MoveLabel = LABELS as MoveLabel;

    /// For the walk of marks (small mazes, and the census of every maze):
    /// a byte a state, a turn's states lie up to a couple of rows of cells
    /// apart, each a cache miss on a large maze; listed a few states
    /// ahead, they overlap. (The walk of bits lists none ahead.)
    const LIST_AHEAD: usize = 6;

    const SCATTERED: bool = true;

    /// Theseus's step and the Minotaur's two steps undone; a label that
    /// cannot lead into `state` gives a state outside the space.
    fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId {
        let (theseus, minotaur) = self.cells_of(state);
        let label = label as usize;
        let (choice, one, two) = (label / 25, label / 5 % 5, label % 5);
        let back = self.unstep(theseus, choice);
        let before = self
            .unstep(minotaur, two)
            .and_then(|between| self.unstep(between, one));
        match (back, before) {
            (Some(theseus), Some(minotaur)) => self.state(theseus, minotaur),
            _ => StateId::MAX,
        }
    }

    #[inline]
    fn is_goal(&self, state: StateId) -> bool {
        self.cells_of(state).0 == self.cells.exit
    }

    /// Where Theseus came from (a neighbour with no wall between, or his
    /// own square after a wait) and, apart from that, where the Minotaur
    /// came from (his two steps toward Theseus's new square undone, each
    /// checked by taking it again): a dozen candidates at most, where
    /// trying every label would try 125. Listed in the order of the
    /// labels, as the default lists them.
    fn predecessors(
        &self,
        state: StateId,
        worth: impl Fn(StateId) -> bool,
        mut visit: impl FnMut(StateId),
    ) {
        let (theseus, minotaur) = self.cells_of(state);
        if theseus == minotaur || self.grid.is_border(theseus) || self.grid.is_border(minotaur) {
            return;
        }
        let chased_from = self.chased_from(minotaur, theseus);
        for choice in 0..CHOICES {
            let from = match choice {
                WAIT => theseus,
                d => {
                    let direction = Direction::from_index(d);
                    let from = self.grid.step_back(theseus, direction);
                    match self.walls[from] & bit(direction) {
                        0 => from,
                        _ => continue,
                    }
                }
            };
            if from == self.cells.exit {
                continue;
            }
            for minotaur in chased_from.iter() {
                let state = self.state(from, minotaur);
                if minotaur != theseus && worth(state) {
                    visit(state);
                }
            }
        }
    }
}

impl FamilyMaze for Maze {
    fn simpler(&self) -> Vec<family::Maze> {
        self.simpler_mazes()
            .into_iter()
            .map(family::Maze::from)
            .collect()
    }

    fn family(&self) -> &'static dyn Family {
        &Minotaur
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn size(&self) -> (u32, u32) {
        (self.rows(), self.cols())
    }

    fn state_count(&self) -> usize {
        StateSpace::state_count(self)
    }

    fn search(&self) -> Found {
        search::shortest_path(self)
    }

    /// Theseus's squares from the start to the exit, one per turn (a wait
    /// repeats the square); ties are broken by trying steps north, east,
    /// south, west, then waiting.
    fn solve(&self) -> Option<Route> {
        Some(self.route_of(&self.search().route?))
    }

    /// The shortest routes counted, and the squares Theseus never reaches.
    fn analyse(&self) -> Analysis {
        let census = search::census(self);
        let mut analysis = Analysis::from_census(&census, |states| self.route_of(states));
        // A state's row is the Minotaur's cell, its column Theseus's.
        let mut reached = census.reached_columns(self.cell_count());
        reached[self.cells.theseus] = true;
        let unreached = self
            .positions()
            .filter(|&at| self.grid.cell(at).is_some_and(|cell| !reached[cell]));
        analysis.unused = Some(Unused {
            key: "unreached_squares".into(),
            parts: unreached.map(Part::Cell).collect(),
        });
        analysis
    }

    /// A state stands on Theseus's square.
    fn marked(&self) -> Marked {
        let part_of = |state: StateId| self.grid.position(self.cells_of(state).0).map(Part::Cell);
        Marked::of(
            &search::survey(self),
            StateSpace::state_count(self),
            part_of,
            false,
        )
    }

    fn write_text(&self, out: &mut String) {
        text::write(out, self)
    }

    fn document(&self) -> Box<dyn erased_serde::Serialize + '_> {
        Box::new(json::tagged(self))
    }

    fn draw(&self, route: Option<&Route>, detail: Detail, out: &mut Stream) {
        render::draw(self, route, detail, out)
    }

    fn board(&self) -> Board {
        render::board(self)
    }

    /// Replays Theseus's squares turn by turn: a square next to the last
    /// is a step, the same square a wait. The first fault says what went
    /// wrong in the game's terms: a wall, the Minotaur's square, being
    /// eaten, or going on after the escape.
    ///
    /// ```
    /// use logicmaze::family::minotaur::Maze;
    /// use logicmaze::family::FamilyMaze;
    /// use logicmaze::{Direction, Position};
    /// let p = Position::new;
    /// let maze = Maze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
    /// assert_eq!(maze.replay(&mut [p(1, 2), p(1, 1)].into_iter()), Ok(1));
    /// let fault = maze.replay(&mut [p(1, 2), p(1, 2)].into_iter()).unwrap_err();
    /// assert_eq!(fault.to_string(), "move 1, (1,2) → (1,2): Theseus waits, and the Minotaur reaches him at (1,2)");
    /// # Ok::<(), logicmaze::family::minotaur::MinotaurError>(())
    /// ```
    fn replay(&self, route: &mut dyn Iterator<Item = Position>) -> Result<usize, RouteFault> {
        let first = route.next().ok_or(RouteFault::Empty)?;
        if first != self.theseus {
            return Err(RouteFault::Start {
                expected: self.theseus,
                found: first,
                called: "Theseus's square",
            });
        }
        let (mut from, mut minotaur, mut turns) = (first, self.cells.minotaur, 0);
        while let Some(to) = route.next() {
            turns += 1;
            let number = turns;
            let fault = |why: String| RouteFault::Move {
                number,
                from,
                to,
                why,
            };
            let choice = match (from == to, from.direction_to(to)) {
                (true, _) => WAIT,
                (false, Some(direction)) => direction.index(),
                (false, None) => return Err(fault(format!("{to} is not next to {from}"))),
            };
            let cell = self
                .grid
                .cell(from)
                .expect("every square so far was checked");
            let turned = self
                .turn(cell, minotaur, choice)
                .map_err(|blocked| fault(self.blocked(blocked, from, to, minotaur, choice)))?;
            if turned.to == self.cells.exit {
                if route.next().is_some() {
                    return Err(RouteFault::GoesOn {
                        number,
                        at: self.exit,
                        called: "the exit",
                    });
                }
                return Ok(turns);
            }
            (from, minotaur) = (to, turned.minotaur);
        }
        Err(match turns {
            0 => RouteFault::NoMoves,
            _ => RouteFault::End {
                at: from,
                goal: self.exit,
                called: "the exit",
            },
        })
    }

    fn play_data(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
}

impl Maze {
    /// Why a turn is refused, in the game's words.
    fn blocked(
        &self,
        blocked: Blocked,
        from: Position,
        to: Position,
        minotaur: usize,
        choice: usize,
    ) -> String {
        let minotaur = self
            .grid
            .position(minotaur)
            .expect("the Minotaur is on a square");
        match (blocked, choice) {
            (Blocked::Wall, _) => {
                let side = Direction::from_index(choice).name();
                format!("Theseus steps {side} into a wall")
            }
            (Blocked::OntoMinotaur, _) => format!("Theseus steps onto the Minotaur at {to}"),
            (Blocked::Eaten, WAIT) => {
                format!("Theseus waits, and the Minotaur reaches him at {from}")
            }
            (Blocked::Eaten, _) => {
                format!("the Minotaur, from {minotaur}, reaches Theseus at {to}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: u32, col: u32) -> Position {
        Position::new(row, col)
    }

    /// The family's own list of the states with a move into each state is
    /// the list of every label's predecessor that has that move, in the
    /// same order, on random mazes (walls of every density, the exit
    /// anywhere on the border), for every state a walk can reach.
    #[test]
    fn predecessors_are_every_label_undone_in_label_order() {
        for seed in 0..40 {
            let maze = random_maze(seed, 1 + seed as u32 % 5, 2 + seed as u32 % 4);
            for state in 0..StateSpace::state_count(&maze) as StateId {
                // States of two real squares apart: no others are reached.
                let (theseus, minotaur) = maze.cells_of(state);
                if theseus == minotaur
                    || maze.grid.is_border(theseus)
                    || maze.grid.is_border(minotaur)
                {
                    continue;
                }
                let inside = |from: StateId| (from as usize) < StateSpace::state_count(&maze);
                let (mut listed, mut by_labels) = (Vec::new(), Vec::new());
                maze.predecessors(state, inside, |from| listed.push(from));
                search::predecessors_by_labels(&maze, state, inside, |from| by_labels.push(from));
                assert_eq!(listed, by_labels, "seed {seed}, state {state}");
            }
        }
    }

    /// The turns the search looks up are the turns the rules take, for
    /// every state of random mazes large enough to look them up, and
    /// again after a wall changes in a maze already searched (the lookup
    /// is rebuilt).
    #[test]
    fn looked_up_turns_are_the_rules_turns() {
        let agree = |maze: &Maze, seed: u64| {
            for state in 0..StateSpace::state_count(maze) as StateId {
                let (theseus, minotaur) = maze.cells_of(state);
                // Every place near the Minotaur, where the lookup tells
                // places apart, and a sample of the rest.
                let [rows, cols] = maze.apart(minotaur, theseus);
                if rows.abs().max(cols.abs()) > 4 && state % 97 != 0 {
                    continue;
                }
                let (mut looked_up, mut worked_out) = (Vec::new(), Vec::new());
                maze.turns(theseus, minotaur, |label, next| {
                    looked_up.push((label, next))
                });
                maze.turns_worked_out(theseus, minotaur, |label, next| {
                    worked_out.push((label, next))
                });
                assert_eq!(looked_up, worked_out, "seed {seed}, state {state}");
            }
        };
        for seed in 0..3 {
            // Large enough to look its turns up: 32 × 32 cells or more.
            let mut maze = random_maze(seed, 30 + seed as u32 % 3, 31 + seed as u32 % 2);
            assert!(maze.chases.of(&maze).is_some());
            agree(&maze, seed);
            maze.solve();
            let side = Direction::from_index(seed as usize % 4);
            let at = p(2, 2);
            let walled = maze.wall(at, side);
            maze.set_wall(at, side, !walled).unwrap_or_default();
            agree(&maze, seed);
        }
    }

    /// On a maze large enough for the search that keeps a bit a state,
    /// its route is the one the census finds by the moves it writes down.
    #[test]
    fn the_search_by_bits_finds_the_censuss_route() {
        let mazes = (0..4)
            .map(|seed| random_maze(seed, 32, 32 + seed as u32))
            .chain([
                arena_maze(1, 32, 32, 0.1, false),
                arena_maze(2, 32, 32, 0.3, true),
            ]);
        for maze in mazes {
            assert!(StateSpace::state_count(&maze) >= 1 << 20);
            let census = search::census(&maze);
            let found = search::shortest_path(&maze);
            assert_eq!(found.route, census.shortest.map(|shortest| shortest.route));
        }
    }

    /// Theseus at (1,1), the Minotaur at (1,3) of an open 3×3 grid.
    fn open(exit: Position, gap: Direction) -> Maze {
        Maze::new("open", 3, 3, [p(1, 1), p(1, 3), exit], gap).unwrap()
    }

    #[test]
    fn the_minotaur_chases_across_first_then_along() {
        let maze = open(p(3, 3), Direction::South);
        let cell = |at| maze.grid.cell(at).unwrap();
        // Theseus south-west of him: a step west first.
        assert_eq!(maze.chase(cell(p(1, 3)), cell(p(3, 1))).0, cell(p(1, 2)));
        // In his column: a step south.
        assert_eq!(maze.chase(cell(p(1, 1)), cell(p(3, 1))).0, cell(p(2, 1)));
        let mut walled = maze.clone();
        walled.set_wall(p(1, 3), Direction::West, true).unwrap();
        // West is walled: south instead.
        assert_eq!(walled.chase(cell(p(1, 3)), cell(p(3, 1))).0, cell(p(2, 3)));
        walled.set_wall(p(1, 3), Direction::South, true).unwrap();
        // Both walled: he stays.
        assert_eq!(walled.chase(cell(p(1, 3)), cell(p(3, 1))).0, cell(p(1, 3)));
    }

    #[test]
    fn every_move_undoes() {
        let maze = random_maze(3, 5, 6);
        let states = StateSpace::state_count(&maze) as StateId;
        for state in 0..states {
            maze.successors(state, |label, next| {
                assert_eq!(maze.predecessor(next, label), state);
            });
        }
    }

    #[test]
    fn the_exit_is_on_the_border_with_its_gap_outward() {
        let make = |exit, gap| Maze::new("m", 3, 3, [p(1, 1), p(1, 3), exit], gap);
        assert_eq!(
            make(p(2, 2), Direction::North),
            Err(MinotaurError::ExitInside(p(2, 2)))
        );
        assert!(matches!(
            make(p(1, 2), Direction::South),
            Err(MinotaurError::GapInside { .. })
        ));
        assert!(make(p(3, 3), Direction::East).is_ok());
        assert!(make(p(3, 3), Direction::South).is_ok());
    }

    #[test]
    fn a_theseus_on_the_exit_escapes_by_waiting() {
        let maze = Maze::new("m", 2, 2, [p(1, 1), p(2, 2), p(1, 1)], Direction::North).unwrap();
        assert_eq!(maze.solve().unwrap().to_string(), "(1,1) (1,1)");
    }

    #[test]
    fn the_minotaur_follows_the_route() {
        let maze = open(p(3, 1), Direction::West);
        let route = maze.solve().unwrap();
        assert_eq!(route.to_string(), "(1,1) (2,1) (3,1)");
        // After the first turn he stands beside Theseus, two steps west;
        // Theseus escapes before he moves again.
        assert_eq!(maze.minotaur_route(&route).to_string(), "(1,3) (1,1) (1,1)");
    }
}
