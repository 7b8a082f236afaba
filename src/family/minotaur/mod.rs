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
//! This module holds everything logicmaze knows of the family, all behind
//! [`Minotaur`]: the maze and the pieces' steps ([`MinotaurMaze`]), a turn by the
//! rules and the search's state space (a state being Theseus's square and
//! the Minotaur's, the Minotaur's steps looked up in a table), a route
//! replayed turn by turn, the text format (a drawing of the grid),
//! what can be wrong with a maze ([`MinotaurError`]), JSON
//! ([`MinotaurDocument`]), drawing, generating ([`generate()`], with
//! [`pressed_turns`]), random mazes ([`random_maze`], [`arena_maze`]),
//! the contest problem and the play page's game.
//!
//! ```
//! use logicmaze::family::minotaur::MinotaurMaze;
//! use logicmaze::family::FamilyMaze;
//! use logicmaze::{Direction, Position};
//!
//! // A corridor of three squares: Theseus in the middle, the Minotaur
//! // east of him, the exit at the west end. One step west escapes.
//! let p = Position::new;
//! let maze = MinotaurMaze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
//! assert_eq!(maze.solve().unwrap().to_string(), "(1,2) (1,1)");
//! # Ok::<(), logicmaze::family::minotaur::MinotaurError>(())
//! ```

mod chase;
#[cfg(feature = "contest")]
mod contest;
#[cfg(feature = "edit")]
mod edit;
mod error;
mod generate;
mod json;
#[cfg(feature = "play")]
mod play;
mod random;
mod render;
mod replay;
#[cfg(feature = "stress")]
mod shrink;
mod text;
mod turns;

use std::cmp::Ordering;

use crate::analysis::{Analysis, Part, ShortestRoutes, Unused};
use crate::draw::{Detail, Stream};
use crate::family::{Draft, Family, FamilyMaze, Generator, JsonDraft, RouteLayout, Words};
use crate::grid::{Direction, Divisor, Grid, Position};
use crate::read::{Failure, Limits, Line};
use crate::route::{Route, RouteFault};
use crate::search::{self, Found, Scratch, StateId, StateSpace};
use chase::Lookup;

pub use error::MinotaurError;
pub use generate::{generate, pressed_turns};
pub use json::MinotaurDocument;
pub use random::{arena_maze, random_maze, random_maze_with};

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
    drawn: "as squares walled round, the exit's gap in the border, Theseus and the Minotaur on \
            their squares, and along a route Theseus's path with the Minotaur's beside it",
    moves: "turns",
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

    fn drawn_body(&self) -> bool {
        true
    }

    crate::family::offered!(family: contest, play, edit, stress);
}

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
pub struct MinotaurMaze {
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

impl MinotaurMaze {
    /// A `rows × cols` maze without inner walls: Theseus, the Minotaur and
    /// the exit at `[theseus, minotaur, exit]`, the border's gap on the
    /// exit's `gap` side.
    ///
    /// # Errors
    ///
    /// [`MinotaurError::Grid`] for zero rows or columns, a maze too large
    /// for the search's 32-bit state indices (a state is where both
    /// pieces stand), or a piece or the exit outside the maze;
    /// [`MinotaurError::SameSquare`] when Theseus and the Minotaur start
    /// together; [`MinotaurError::ExitInside`] for an exit away from the
    /// border; [`MinotaurError::GapInside`] when the exit's `gap` side is
    /// not on the border.
    pub fn new(
        name: impl Into<String>,
        rows: u32,
        cols: u32,
        [theseus, minotaur, exit]: [Position; 3],
        gap: Direction,
    ) -> Result<MinotaurMaze, MinotaurError> {
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
        let maze = MinotaurMaze {
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
    ///
    /// # Errors
    ///
    /// [`MinotaurError::Grid`] when `at` lies outside the maze;
    /// [`MinotaurError::Wall`] when the side is on the border, whether the
    /// wall is put or taken away. The maze is left as it was.
    pub fn set_wall(
        &mut self,
        at: Position,
        side: Direction,
        wall: bool,
    ) -> Result<(), MinotaurError> {
        let cell = self.grid.locate("a wall's square", at)?;
        let beside = self.grid.step(cell, side);
        if self.grid.is_border(beside) {
            return Err(MinotaurError::Wall {
                at,
                side: side.name(),
            });
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
    /// by wrapping arithmetic: undone with [`MinotaurMaze::unstep`].
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

    /// The state of Theseus at `theseus` and the Minotaur at `minotaur`.
    fn state(&self, theseus: usize, minotaur: usize) -> StateId {
        (minotaur * self.cell_count() + theseus) as StateId
    }

    /// Theseus's cell and the Minotaur's in `state`.
    fn cells_of(&self, state: StateId) -> (usize, usize) {
        let minotaur = self.per_cell.divide(state) as usize;
        (state as usize - minotaur * self.cell_count(), minotaur)
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

/// A side's bit in [`Sides`].
const fn bit(side: Direction) -> Sides {
    1 << side as u8
}

impl FamilyMaze for MinotaurMaze {
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

    fn analyse(&self) -> Analysis {
        self.analyse_in(&mut Scratch::new())
    }

    /// The shortest routes counted, and the squares Theseus never reaches.
    fn analyse_in(&self, scratch: &mut Scratch) -> Analysis {
        let census = search::census_in(self, scratch);
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

    fn write_text(&self, out: &mut String) {
        text::write(out, self)
    }

    fn document(&self) -> Box<dyn erased_serde::Serialize + '_> {
        Box::new(json::tagged(self))
    }

    fn draw(&self, route: Option<&Route>, detail: Detail, out: &mut Stream) {
        render::draw(self, route, detail, out)
    }

    /// Replays Theseus's squares turn by turn: a square next to the last
    /// is a step, the same square a wait. The first fault says what went
    /// wrong in the game's terms: a wall, the Minotaur's square, being
    /// eaten, or going on after the escape.
    ///
    /// ```
    /// use logicmaze::family::minotaur::MinotaurMaze;
    /// use logicmaze::family::FamilyMaze;
    /// use logicmaze::{Direction, Position};
    /// let p = Position::new;
    /// let maze = MinotaurMaze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
    /// assert_eq!(maze.replay(&mut [p(1, 2), p(1, 1)].into_iter()), Ok(1));
    /// let fault = maze.replay(&mut [p(1, 2), p(1, 2)].into_iter()).unwrap_err();
    /// assert_eq!(fault.to_string(), "move 1, (1,2) → (1,2): Theseus waits, and the Minotaur reaches him at (1,2)");
    /// # Ok::<(), logicmaze::family::minotaur::MinotaurError>(())
    /// ```
    fn replay(&self, route: &mut dyn Iterator<Item = Position>) -> Result<usize, RouteFault> {
        self.replay_turns(route)
    }

    crate::family::offered!(maze: play, edit, stress);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: u32, col: u32) -> Position {
        Position::new(row, col)
    }

    /// Theseus at (1,1), the Minotaur at (1,3) of an open 3×3 grid.
    fn open(exit: Position, gap: Direction) -> MinotaurMaze {
        MinotaurMaze::new("open", 3, 3, [p(1, 1), p(1, 3), exit], gap).unwrap()
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
    fn the_exit_is_on_the_border_with_its_gap_outward() {
        let make = |exit, gap| MinotaurMaze::new("m", 3, 3, [p(1, 1), p(1, 3), exit], gap);
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
        let maze =
            MinotaurMaze::new("m", 2, 2, [p(1, 1), p(2, 2), p(1, 1)], Direction::North).unwrap();
        assert_eq!(maze.solve().unwrap().to_string(), "(1,1) (1,1)");
    }
}
