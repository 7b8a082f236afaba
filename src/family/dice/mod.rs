//! Dice mazes (ICPC World Finals 1999, "A Dicey Problem").
//!
//! A die sits on the start square of a grid. A move tips it over one edge
//! onto a neighbouring square, which must exist and be wild or carry the
//! number on the die's top face *before* the move. The goal is to leave the
//! start square and come back to it, in any orientation.
//!
//! This module holds everything logicmaze knows of the family, all behind
//! [`Dice`], its [`Family`]: the rules and the search's state space
//! ([`DiceMaze`], its [`Die`] and [`Square`]s), the judges' format (its
//! problems are [`DiceError`]s), JSON ([`DiceDocument`]), drawing,
//! generating ([`generate()`]), random mazes for tests ([`random_maze`]
//! and the others) and the play page's game.
//!
//! ```
//! use logicmaze::family::dice::{Die, DiceMaze, Square};
//! use logicmaze::family::FamilyMaze;
//! use logicmaze::Position;
//!
//! // On wild squares the die may roll out and straight back.
//! let mut maze = DiceMaze::new("ring", 2, 2, Position::new(1, 1), Die::new(1, 2)?)?;
//! for (row, col) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
//!     maze.set_square(Position::new(row, col), Square::Wild)?;
//! }
//! assert_eq!(maze.solve().unwrap().to_string(), "(1,1) (1,2) (1,1)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cells;
#[cfg(feature = "contest")]
mod contest;
#[cfg(feature = "edit")]
mod edit;
mod generate;
mod json;
#[cfg(feature = "play")]
mod play;
mod random;
mod render;
#[cfg(feature = "stress")]
mod shrink;
mod text;
mod walk;

use std::fmt;

use crate::analysis::{Analysis, Part, ShortestRoutes, Unused};
use crate::draw::{Detail, Stream};
use crate::family::{Draft, Family, FamilyMaze, Generator, JsonDraft, RouteLayout, Words};
use crate::grid::{Direction, Grid, MazeError, Position};
use crate::read::{Failure, Limits, Line};
use crate::route::{self, Forbidden, Goal, Route, RouteFault};
use crate::search::{self, Found, MoveLabel, Scratch, StateId, StateSpace};

pub use generate::generate;
pub use json::DiceDocument;
pub use random::{
    corridor_maze, exhaustive_maze, exhaustive_maze_with, random_maze, random_maze_with,
    walked_maze,
};
pub use text::DiceError;

/// The family of rolling-die mazes.
///
/// ```
/// use logicmaze::family::dice::Dice;
/// use logicmaze::family::Family;
/// assert_eq!(Dice.name(), "dice");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dice;

/// What the family says of itself.
static WORDS: Words = Words {
    about: "dice mazes",
    header: "ROWS COLS ROW COL TOP FRONT",
    header_mark: "six integers",
    format_source: "ICPC World Finals 1999",
    tie_order: "rolls north, east, south, west",
    unused: "squares never reached",
    drawn: "as numbered squares, wild squares starred, the die on the start square, and along a \
            route the top face after each move",
    moves: "moves",
};

impl Family for Dice {
    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn name(&self) -> &'static str {
        "dice"
    }

    /// Numbers only (six of them, in a well-formed header).
    fn claims(&self, header: &Line) -> bool {
        text::is_all_numbers(header)
    }

    fn looks_like_header(&self, line: &Line) -> bool {
        text::looks_like_header(line)
    }

    /// A row: numbers only.
    fn may_end_maze(&self, line: &Line) -> bool {
        text::is_all_numbers(line)
    }

    fn could_be_name(&self, line: &Line) -> bool {
        !text::is_all_numbers(line)
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

    fn route_layout(&self) -> RouteLayout {
        RouteLayout {
            per_line: 9,
            separator: ",",
            comma_at_line_end: true,
        }
    }

    fn read_json(&self, text: &[u8]) -> Result<Box<dyn JsonDraft>, serde_json::Error> {
        json::read(text)
    }

    fn generator(&self) -> Option<&dyn Generator> {
        Some(self)
    }

    crate::family::offered!(family: contest, play, edit, stress);
}

impl FamilyMaze for DiceMaze {
    fn family(&self) -> &'static dyn Family {
        &Dice
    }

    /// The maze's name.
    fn name(&self) -> &str {
        &self.name
    }

    fn size(&self) -> (u32, u32) {
        (self.rows(), self.cols())
    }

    fn state_count(&self) -> usize {
        StateSpace::state_count(self)
    }

    /// The raw search result: the route's states and how many were reached.
    fn search(&self) -> Found {
        search::cells::shortest_path(self)
    }

    /// A shortest route from the start square back to it, start first and
    /// last, or `None` when there is none. Ties are broken by trying rolls in
    /// the order north, east, south, west.
    fn solve(&self) -> Option<Route> {
        let states = search::cells::shortest_route(self)?;
        Some(Route::through(
            self.start,
            &self.grid,
            &states,
            DiceMaze::STATES_PER_CELL as usize,
        ))
    }

    fn analyse(&self) -> Analysis {
        self.analyse_in(&mut Scratch::new())
    }

    /// Counts the shortest routes and finds the squares the die can never
    /// stand on (the start square counts as stood on).
    fn analyse_in(&self, scratch: &mut Scratch) -> Analysis {
        let census = search::census_in(self, scratch);
        let per_cell = DiceMaze::STATES_PER_CELL as usize;
        let mut analysis = Analysis::from_census(&census, |states| {
            Route::through(self.start, &self.grid, states, per_cell)
        });
        let unreached = (1..=self.rows()).flat_map(|row| {
            let census = &census;
            (1..=self.cols()).filter_map(move |col| {
                let at = Position::new(row, col);
                let cell = self.grid.cell(at)?;
                let square = self.squares[cell] != MISSING;
                let reached = cell == self.start_cell
                    || (0..ORIENTATIONS)
                        .any(|orientation| census.is_reached(state(cell, orientation)));
                (square && !reached).then_some(at)
            })
        });
        analysis.unused = Some(Unused {
            key: "unreached_squares".into(),
            parts: unreached.map(Part::Cell).collect(),
        });
        analysis
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

    /// Replays `route` (squares, start first and last) by the rules: the
    /// number of moves, or the first fault, said in faces and squares.
    ///
    /// ```
    /// use logicmaze::{Maze, Position};
    /// let maze = Maze::parse("D\n1 3 1 1 5 1\n-1 5 -1\nEND\n")?;
    /// let p = Position::new;
    /// assert_eq!(maze.replay(&mut [p(1, 1), p(1, 2), p(1, 1)].into_iter()), Ok(2));
    /// let fault = maze.replay(&mut [p(1, 1), p(1, 2), p(1, 3), p(1, 2)].into_iter()).unwrap_err();
    /// assert_eq!(fault.to_string(), "move 3, (1,3) → (1,2): the top shows 2, the square needs 5");
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    fn replay(&self, route: &mut dyn Iterator<Item = Position>) -> Result<usize, RouteFault> {
        let start = Goal {
            at: self.start,
            called: "the start",
        };
        route::replay(route, start, start, self.die, |die, from, direction| {
            let to = from.stepped(direction);
            match to.map_or(Square::Missing, |to| self.square(to)) {
                Square::Missing => Err(Forbidden::new(
                    match to.is_some_and(|to| self.grid.contains(to)) {
                        true => "there is no square there",
                        false => "that is off the grid",
                    },
                )),
                Square::Number(needed) if needed != die.top() => Err(Forbidden::new(format!(
                    "the top shows {}, the square needs {needed}",
                    die.top()
                ))),
                _ => Ok(die.rolled(direction)),
            }
        })
    }

    crate::family::offered!(maze: play, edit, stress);
}

/// A standard die in one of its 24 orientations: the faces on top, toward
/// the viewer (south, the "front") and to the east. Opposite faces sum to 7.
///
/// The chirality is the judges': with 5 on top and 1 in front, 3 faces east.
///
/// ```
/// use logicmaze::family::dice::Die;
/// use logicmaze::Direction::*;
/// // Abbott's "Very Easy Rolling-Cube Maze": top 6, front 4.
/// let die = Die::new(6, 4)?;
/// assert_eq!(die.rolled(East).top(), 2);
/// assert_eq!(die.rolled(East).rolled(East).top(), 1);
/// assert_eq!(die.rolled(East).rolled(East).rolled(South).top(), 3);
/// # Ok::<(), logicmaze::family::dice::DieError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    top: u8,
    front: u8,
    east: u8,
}

/// Why a die orientation is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DieError {
    /// A face number outside 1..=6.
    #[error("the die's {face} face must be 1 to 6, found {value}")]
    FaceOutOfRange {
        /// `"top"` or `"front"`.
        face: &'static str,
        /// The number given.
        value: i64,
    },
    /// Top and front are the same face.
    #[error("the die's top and front faces are both {0}")]
    SameFace(u8),
    /// Top and front are opposite faces.
    #[error("the die's top {top} and front {front} are opposite faces (they sum to 7)")]
    OppositeFaces {
        /// The top face.
        top: u8,
        /// The front face.
        front: u8,
    },
}

impl Die {
    /// The die showing `top` on top and `front` toward the viewer (south).
    ///
    /// # Errors
    ///
    /// [`DieError::FaceOutOfRange`] for a face outside 1 to 6 (the top is
    /// checked first); [`DieError::SameFace`] when the two are one face;
    /// [`DieError::OppositeFaces`] when they sum to 7, as opposite faces
    /// do.
    ///
    /// ```
    /// use logicmaze::family::dice::{Die, DieError};
    /// assert_eq!(Die::new(5, 1)?.east(), 3);
    /// assert_eq!(Die::new(5, 2), Err(DieError::OppositeFaces { top: 5, front: 2 }));
    /// # Ok::<(), DieError>(())
    /// ```
    pub fn new(top: i64, front: i64) -> Result<Die, DieError> {
        let face = |face, value: i64| {
            u8::try_from(value)
                .ok()
                .filter(|v| (1..=6).contains(v))
                .ok_or(DieError::FaceOutOfRange { face, value })
        };
        let (top, front) = (face("top", top)?, face("front", front)?);
        if top == front {
            return Err(DieError::SameFace(top));
        }
        if top + front == 7 {
            return Err(DieError::OppositeFaces { top, front });
        }
        Ok(TABLES.dice[TABLES.index[top as usize][front as usize] as usize])
    }

    /// The face on top.
    pub const fn top(self) -> u8 {
        self.top
    }

    /// The face toward the viewer (south).
    pub const fn front(self) -> u8 {
        self.front
    }

    /// The face toward the east.
    pub const fn east(self) -> u8 {
        self.east
    }

    /// The die after tipping it over its edge in `direction`: rolling north
    /// brings the front (south) face to the top, and so on.
    ///
    /// ```
    /// use logicmaze::family::dice::Die;
    /// use logicmaze::Direction;
    /// let die = Die::new(5, 1)?;
    /// assert_eq!(die.rolled(Direction::North).top(), 1);
    /// assert_eq!(die.rolled(Direction::West).top(), 3);
    /// assert_eq!(die.rolled(Direction::West).rolled(Direction::East), die);
    /// # Ok::<(), logicmaze::family::dice::DieError>(())
    /// ```
    pub const fn rolled(self, direction: Direction) -> Die {
        let Die { top, front, east } = self;
        match direction {
            Direction::North => Die {
                top: front,
                front: 7 - top,
                east,
            },
            Direction::South => Die {
                top: 7 - front,
                front: top,
                east,
            },
            Direction::East => Die {
                top: 7 - east,
                front,
                east: top,
            },
            Direction::West => Die {
                top: east,
                front,
                east: 7 - top,
            },
        }
    }

    /// This orientation's index, `0..24`.
    fn index(self) -> usize {
        TABLES.index[self.top as usize][self.front as usize] as usize
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "top {} front {}", self.top, self.front)
    }
}

/// The 24 orientations, generated at compile time by rolling the judges'
/// anchor die (top 5, front 1, east 3) in every direction.
struct Tables {
    dice: [Die; 24],
    /// `index[top][front]`: the orientation's index, or 255 when impossible.
    index: [[u8; 7]; 7],
    /// `rolls[orientation][direction]`: the orientation after the roll.
    rolls: [[u8; 4]; 24],
    /// `tops[orientation]`: the top face, as the squares store numbers.
    tops: [i8; 24],
}

const TABLES: Tables = Tables::build();

impl Tables {
    const fn build() -> Tables {
        let anchor = Die {
            top: 5,
            front: 1,
            east: 3,
        };
        let mut tables = Tables {
            dice: [anchor; 24],
            index: [[255; 7]; 7],
            rolls: [[0; 4]; 24],
            tops: [0; 24],
        };
        tables.index[5][1] = 0;
        let mut known = 1;
        let mut i = 0;
        while i < 24 {
            let mut d = 0;
            while d < 4 {
                let next = tables.dice[i].rolled(Direction::from_index(d));
                let slot = &mut tables.index[next.top as usize][next.front as usize];
                if *slot == 255 {
                    *slot = known as u8;
                    tables.dice[known] = next;
                    known += 1;
                }
                tables.rolls[i][d] = *slot;
                d += 1;
            }
            tables.tops[i] = tables.dice[i].top as i8;
            i += 1;
        }
        tables
    }
}

/// One square of a dice maze.
///
/// ```
/// use logicmaze::family::dice::Square;
/// assert_eq!(Square::from_number(-1), Some(Square::Wild));
/// assert_eq!(Square::from_number(4), Some(Square::Number(4)));
/// assert_eq!(Square::from_number(7), None);
/// assert_eq!(Square::Missing.number(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// No square (`0` in the judge format): the die cannot go there.
    Missing,
    /// A wild square (`-1`): the die may always roll onto it.
    Wild,
    /// A numbered square (1–6): the die may roll onto it when that number is
    /// on top before the roll.
    Number(u8),
}

impl Square {
    /// The square a judge-format number stands for: −1, 0 or 1–6.
    pub fn from_number(number: i64) -> Option<Square> {
        match number {
            -1 => Some(Square::Wild),
            0 => Some(Square::Missing),
            1..=6 => Some(Square::Number(number as u8)),
            _ => None,
        }
    }

    /// The judge-format number of this square.
    pub fn number(self) -> i8 {
        match self {
            Square::Missing => MISSING,
            Square::Wild => WILD,
            Square::Number(n) => n as i8,
        }
    }
}

const MISSING: i8 = 0;
const WILD: i8 = -1;

/// A dice maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceMaze {
    name: String,
    grid: Grid,
    start: Position,
    start_cell: usize,
    die: Die,
    /// Per padded cell: the judge-format number (border cells are missing).
    squares: Vec<i8>,
}

impl DiceMaze {
    /// Search states per square: one per die orientation.
    pub const STATES_PER_CELL: u64 = 24;

    /// A `rows × cols` dice maze with every square missing and `die` on
    /// `start`.
    ///
    /// # Errors
    ///
    /// [`MazeError::Size`] for zero rows or columns, or a maze too large
    /// for the search's 32-bit state indices; [`MazeError::Outside`] for
    /// a start outside the maze.
    pub fn new(
        name: impl Into<String>,
        rows: u32,
        cols: u32,
        start: Position,
        die: Die,
    ) -> Result<DiceMaze, MazeError> {
        let grid = Grid::sized(rows, cols, DiceMaze::STATES_PER_CELL)?;
        Ok(DiceMaze {
            name: name.into(),
            grid,
            start,
            start_cell: grid.locate("start", start)?,
            die,
            squares: vec![MISSING; grid.cell_count()],
        })
    }

    /// Sets the square at `at`. A [`Square::Number`] outside 1–6 is refused.
    ///
    /// # Errors
    ///
    /// [`MazeError::Outside`] when `at` lies outside the maze;
    /// [`MazeError::Square`] for a number outside 1–6. The maze is left as
    /// it was.
    pub fn set_square(&mut self, at: Position, square: Square) -> Result<(), MazeError> {
        let cell = self.grid.locate("square", at)?;
        if let Square::Number(number) = square {
            if !(1..=6).contains(&number) {
                return Err(MazeError::Square {
                    position: at,
                    number,
                });
            }
        }
        self.squares[cell] = square.number();
        Ok(())
    }

    /// Row `row` (1-based) of judge-format numbers, for the judge
    /// reader to fill in place with numbers known to be -1 to 6 (empty
    /// outside the maze).
    fn row_mut(&mut self, row: u32) -> &mut [i8] {
        match self.grid.cell(Position::new(row, 1)) {
            Some(first) => &mut self.squares[first..first + self.grid.cols() as usize],
            None => &mut [],
        }
    }

    /// The square at `at` ([`Square::Missing`] outside the maze).
    pub fn square(&self, at: Position) -> Square {
        let number = self
            .grid
            .cell(at)
            .map_or(MISSING, |cell| self.squares[cell]);
        Square::from_number(number as i64).unwrap_or(Square::Missing)
    }

    /// Rows of squares.
    pub fn rows(&self) -> u32 {
        self.grid.rows()
    }

    /// Columns of squares.
    pub fn cols(&self) -> u32 {
        self.grid.cols()
    }

    /// The square the die starts on and must return to.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The die's orientation at the start.
    pub fn die(&self) -> Die {
        self.die
    }

    /// The shortest routes the engine counted (`shortest`), as the generator
    /// scores each candidate by (see [`ShortestRoutes`]).
    pub(crate) fn routes_of(&self, shortest: Option<&search::Shortest>) -> ShortestRoutes {
        let per_cell = DiceMaze::STATES_PER_CELL as usize;
        ShortestRoutes::new(shortest, |states| {
            Route::through(self.start, &self.grid, states, per_cell)
        })
    }

    /// Calls `visit` for every roll allowed from `cell` with the die in
    /// orientation `orientation`.
    #[inline]
    /// The states whose moves a new square at `at` may change: the die
    /// beside it, rolling onto it; or everything, when the first rolls
    /// (from the start, beside it) may change too.
    pub(crate) fn changed_by_square(&self, at: Position) -> search::Changed {
        let Some(cell) = self.grid.cell(at) else {
            return search::Changed::States(Vec::new());
        };
        let beside = Direction::ALL.map(|direction| self.grid.step(cell, direction));
        if beside.contains(&self.start_cell) {
            return search::Changed::Everything;
        }
        let states = beside
            .into_iter()
            .flat_map(|cell| (0..ORIENTATIONS).map(move |orientation| state(cell, orientation)))
            .collect();
        search::Changed::States(states)
    }

    fn rolls(&self, cell: usize, orientation: usize, mut visit: impl FnMut(MoveLabel, StateId)) {
        let top = TABLES.tops[orientation];
        for direction in Direction::ALL {
            let next = self.grid.step(cell, direction);
            let square = self.squares[next];
            if square == WILD || square == top {
                let rolled = TABLES.rolls[orientation][direction.index()] as usize;
                visit(direction as MoveLabel, state(next, rolled));
            }
        }
    }

    /// How many squares of `route` (start first) offer the die two rolls
    /// or more: the generator's decision points, counted on the padded
    /// grid, which every candidate pays for.
    pub(super) fn decision_points(&self, route: &[Position]) -> usize {
        let offsets = self.grid.offsets();
        let mut orientation = self.die.index();
        let mut points = 0;
        for pair in route.windows(2) {
            let Some(cell) = self.grid.cell(pair[0]) else {
                break;
            };
            let rolls = offsets
                .iter()
                .filter(|&&offset| self.accepted(cell.wrapping_add(offset)) >> orientation & 1 != 0)
                .count();
            points += usize::from(rolls >= 2);
            let Some(direction) = pair[0].direction_to(pair[1]) else {
                break;
            };
            orientation = TABLES.rolls[orientation][direction.index()] as usize;
        }
        points
    }
}

/// The die's orientations: the states of one square.
const ORIENTATIONS: usize = DiceMaze::STATES_PER_CELL as usize;

/// A state is "the die on `cell` in `orientation`":
/// `cell * ORIENTATIONS + orientation`.
fn state(cell: usize, orientation: usize) -> StateId {
    (cell * ORIENTATIONS + orientation) as StateId
}

fn cell_of(state: StateId) -> usize {
    state as usize / ORIENTATIONS
}

/// Moves are labelled by the direction of the roll; rolling back the other
/// way undoes it.
impl StateSpace for DiceMaze {
    fn state_count(&self) -> usize {
        self.grid.cell_count() * ORIENTATIONS
    }

    fn first_states(&self, mut visit: impl FnMut(StateId)) {
        self.rolls(self.start_cell, self.die.index(), |_, next| visit(next));
    }

    #[inline]
    fn successors(&self, s: StateId, visit: impl FnMut(MoveLabel, StateId)) {
        self.rolls(cell_of(s), s as usize % ORIENTATIONS, visit);
    }

    const MOVE_LABELS: MoveLabel = 4;

    fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
        let direction = Direction::from_index(label as usize);
        let orientation = TABLES.rolls[s as usize % ORIENTATIONS][direction.opposite().index()];
        state(
            self.grid.step_back(cell_of(s), direction),
            orientation as usize,
        )
    }

    #[inline]
    fn is_goal(&self, s: StateId) -> bool {
        cell_of(s) == self.start_cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_24_orientations_with_consistent_rolls() {
        for (i, die) in TABLES.dice.iter().enumerate() {
            assert_eq!(die.index(), i);
            assert_ne!(die.top, die.front);
            assert_ne!(die.top + die.front, 7);
            for d in Direction::ALL {
                let rolled = die.rolled(d);
                assert_eq!(TABLES.rolls[i][d.index()] as usize, rolled.index());
                assert_eq!(rolled.rolled(d.opposite()), *die);
            }
        }
        let valid = (1..=6)
            .flat_map(|t| (1..=6).map(move |f| (t, f)))
            .filter(|&(t, f)| t != f && t + f != 7)
            .count();
        assert_eq!(valid, 24);
    }

    #[test]
    fn chirality_matches_the_sample() {
        assert_eq!(Die::new(5, 1).unwrap().east(), 3);
        assert_eq!(Die::new(6, 4).unwrap().east(), 5);
    }

    #[test]
    fn impossible_dice_are_refused() {
        assert_eq!(
            Die::new(7, 1),
            Err(DieError::FaceOutOfRange {
                face: "top",
                value: 7
            })
        );
        assert_eq!(
            Die::new(1, 0),
            Err(DieError::FaceOutOfRange {
                face: "front",
                value: 0
            })
        );
        assert_eq!(Die::new(3, 3), Err(DieError::SameFace(3)));
    }

    #[test]
    fn numbered_square_needs_the_top_face() {
        let mut maze =
            DiceMaze::new("m", 1, 2, Position::new(1, 1), Die::new(5, 1).unwrap()).unwrap();
        maze.set_square(Position::new(1, 1), Square::Number(2))
            .unwrap();
        maze.set_square(Position::new(1, 2), Square::Number(5))
            .unwrap();
        // Roll east with 5 on top: the top becomes the west face, 4; (1,1)
        // needs a 2, so the die cannot come back.
        assert_eq!(maze.solve(), None);
        maze.set_square(Position::new(1, 1), Square::Number(4))
            .unwrap();
        assert_eq!(maze.solve().unwrap().to_string(), "(1,1) (1,2) (1,1)");
    }
}
