//! Walk-through arrow mazes (ICPC World Finals 2000, "Abbott's Revenge").
//!
//! A maze is a grid of intersections. Arriving at an intersection while
//! travelling in some direction, you read the sign for that approach; it lists
//! the turns you may take: [`Turn::Left`], [`Turn::Forward`], [`Turn::Right`].
//! There are no U-turns, and an approach without a sign is a dead end.
//!
//! You leave the entrance in the given heading (its signs do not apply to
//! that first step) and the route ends the moment you arrive at the goal.
//!
//! This module holds everything logicmaze knows of the family, all behind
//! [`Arrow`], its [`Family`]: the rules and the search's state space
//! ([`ArrowMaze`]), signs and their turns ([`Sign`], [`Turn`]), the judges'
//! format (read by a quick automaton; its problems are [`ArrowError`]s),
//! JSON ([`ArrowDocument`]), drawing, generating ([`generate()`]), random
//! mazes for tests ([`random_maze`] and the others) and the play page's
//! game.
//!
//! ```
//! use logicmaze::family::arrow::{ArrowMaze, Sign, Turn};
//! use logicmaze::family::FamilyMaze;
//! use logicmaze::{Direction, Position};
//!
//! // Enter at (2,1) heading north; at (1,1) a northbound walker may turn
//! // right, which leads to the goal (1,2).
//! let mut maze = ArrowMaze::new("tiny", 2, 2, Position::new(2, 1), Direction::North, Position::new(1, 2))?;
//! maze.set_sign(Position::new(1, 1), Direction::North, Sign::from_turns(&[Turn::Right]))?;
//! let route = maze.solve().expect("solvable");
//! assert_eq!(route.to_string(), "(2,1) (1,1) (1,2)");
//! # Ok::<(), logicmaze::MazeError>(())
//! ```

mod automaton;
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
mod sign;
mod text;

use crate::analysis::{Analysis, Part, ShortestRoutes, Unused};
use crate::draw::{Detail, Stream};
use crate::family::{Draft, Family, FamilyMaze, Generator, JsonDraft, RouteLayout, Words};
use crate::grid::{Direction, Grid, MazeError, Position};
use crate::read::{Failure, Limits, Line};
use crate::route::{self, Forbidden, Goal, Route, RouteFault};
use crate::search::{self, Found, MoveLabel, Scratch, StateId, StateSpace};
use sign::{LISTED, PackedCell, pack, sign_in};

pub use generate::generate;
pub use json::{ArrowDocument, IntersectionDocument};
pub use random::{exhaustive_maze, random_maze, random_maze_with};
pub use sign::{Sign, Turn};
pub use text::ArrowError;

/// The family of walk-through arrow mazes.
///
/// ```
/// use logicmaze::family::arrow::Arrow;
/// use logicmaze::family::Family;
/// assert_eq!(Arrow.name(), "arrow");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arrow;

/// What the family says of itself.
static WORDS: Words = Words {
    about: "walk-through arrow mazes",
    header: "ROW COL DIRECTION ROW COL",
    header_mark: "a direction letter",
    format_source: "ICPC World Finals 2000",
    tie_order: "turns left, forward, right",
    unused: "signs never read",
    drawn: "as roads between intersections, with each approach's sign as small arrows on the road \
            before the intersection (one per allowed exit), a route's steps numbered",
    moves: "moves",
};

impl Family for Arrow {
    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn name(&self) -> &'static str {
        "arrow"
    }

    /// A letter in third place: `3 1 N 3 3`.
    fn claims(&self, header: &Line) -> bool {
        header
            .tokens()
            .nth(2)
            .is_some_and(|third| third.text[0].is_ascii_alphabetic())
    }

    fn looks_like_header(&self, line: &Line) -> bool {
        text::looks_like_header(line)
    }

    /// The `0` line, as the writers write it.
    fn may_end_maze(&self, line: &Line) -> bool {
        line.is("0")
    }

    fn could_be_name(&self, line: &Line) -> bool {
        !line.is("0")
    }

    fn ends_bad_maze(&self, line: &Line) -> bool {
        line.is_zero()
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

    crate::family::offered!(family: contest, play, edit, stress);
}

impl FamilyMaze for ArrowMaze {
    fn family(&self) -> &'static dyn Family {
        &Arrow
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
        search::shortest_path(self)
    }

    /// A shortest route from the entrance to the goal, entrance first, or
    /// `None` when there is none. Ties are broken by trying turns in the
    /// order left, forward, right at every intersection.
    fn solve(&self) -> Option<Route> {
        let states = self.search().route?;
        Some(Route::through(
            self.entrance,
            &self.grid,
            &states,
            ArrowMaze::STATES_PER_CELL as usize,
        ))
    }

    fn analyse(&self) -> Analysis {
        self.analyse_in(&mut Scratch::new())
    }

    /// Counts the shortest routes and finds what no walk uses: signs never
    /// read from the entrance (a sign at the goal is never read either).
    fn analyse_in(&self, scratch: &mut Scratch) -> Analysis {
        let (mut analysis, census) = self.analyse_routes(scratch);
        let census = &census;
        let unread = self.intersections().flat_map(|(at, signs)| {
            let cell = self.grid.cell(at).expect("listed intersections lie inside");
            Direction::ALL.into_iter().filter_map(move |arriving| {
                let read = cell != self.goal_cell && census.is_reached(state(cell, arriving));
                (!signs[arriving.index()].is_empty() && !read)
                    .then_some(Part::approach(at, arriving))
            })
        });
        analysis.unused = Some(Unused {
            key: "unread_signs".into(),
            parts: unread.collect(),
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

    /// Replays `route` (intersections, entrance first) by the rules: the
    /// number of moves, or the first fault, said in signs and turns.
    ///
    /// ```
    /// use logicmaze::{Maze, Position};
    /// let maze = Maze::parse("A\n3 1 N 1 2\n2 1 NF *\n1 1 NR *\n0\nEND\n")?;
    /// let p = Position::new;
    /// assert_eq!(maze.replay(&mut [p(3, 1), p(2, 1), p(1, 1), p(1, 2)].into_iter()), Ok(3));
    /// let fault = maze.replay(&mut [p(3, 1), p(2, 1), p(2, 2)].into_iter()).unwrap_err();
    /// assert_eq!(fault.to_string(), "move 2, (2,1) → (2,2): arriving at (2,1) heading north, the sign allows only forward, not right");
    /// # Ok::<(), logicmaze::ParseMazeError>(())
    /// ```
    fn replay(&self, route: &mut dyn Iterator<Item = Position>) -> Result<usize, RouteFault> {
        let origin = Goal {
            at: self.entrance,
            called: "the entrance",
        };
        let goal = Goal {
            at: self.goal,
            called: "the goal",
        };
        // The state is the heading on arriving; none at the entrance.
        route::replay(route, origin, goal, None, |heading, from, next| {
            let Some(heading) = *heading else {
                return match next == self.heading {
                    true => Ok(Some(next)),
                    false => Err(Forbidden::new(format!(
                        "the walker leaves the entrance heading {}, whatever its signs say",
                        self.heading.name()
                    ))),
                };
            };
            // The words are made only for a refusal: a route may have
            // millions of moves.
            let arriving = || format!("arriving at {from} heading {}", heading.name());
            let sign = self.sign(from, heading);
            match Turn::between(heading, next) {
                None => Err(Forbidden::new(format!(
                    "{}, going back {} is a U-turn",
                    arriving(),
                    next.name()
                ))),
                _ if sign.is_empty() => Err(Forbidden::new(format!(
                    "{}, there is no sign: a dead end",
                    arriving()
                ))),
                Some(turn) if sign.allows(turn) => Ok(Some(next)),
                Some(turn) => Err(Forbidden::new(format!(
                    "{}, the sign allows only {}, not {}",
                    arriving(),
                    words(&sign.turns().map(Turn::name).collect::<Vec<_>>()),
                    turn.name()
                ))),
            }
        })
    }

    crate::family::offered!(maze: play, edit, stress);
}

/// `a`, `a and b`, `a, b and c`.
fn words(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A walk-through arrow maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrowMaze {
    name: String,
    grid: Grid,
    entrance: Position,
    heading: Direction,
    goal: Position,
    /// The goal's flat cell index, kept for the search's goal test.
    goal_cell: usize,
    /// Per padded cell: the sign for approach direction `d` in bits
    /// `3d..3d+3`, plus [`LISTED`].
    cells: Vec<u16>,
    /// Per heading and turn: what taking that turn adds (wrapping) to the
    /// state, so that the search's step is one addition.
    moves: [[StateId; 3]; 4],
}

impl ArrowMaze {
    /// Search states per intersection: one per approach direction.
    pub const STATES_PER_CELL: u64 = 4;

    /// An arrow maze of `rows × cols` intersections without any signs.
    ///
    /// The walker leaves `entrance` heading `heading`; the route ends on
    /// arriving at `goal`. Both must lie inside the maze.
    ///
    /// # Errors
    ///
    /// [`MazeError::Size`] for zero rows or columns, or a maze too large
    /// for the search's 32-bit state indices; [`MazeError::Outside`] for
    /// an entrance or a goal outside the maze.
    pub fn new(
        name: impl Into<String>,
        rows: u32,
        cols: u32,
        entrance: Position,
        heading: Direction,
        goal: Position,
    ) -> Result<ArrowMaze, MazeError> {
        let grid = Grid::sized(rows, cols, ArrowMaze::STATES_PER_CELL)?;
        let mut maze = ArrowMaze {
            name: name.into(),
            grid,
            entrance,
            heading,
            goal,
            goal_cell: 0,
            cells: vec![0; grid.cell_count()],
            moves: moves(&grid),
        };
        grid.locate("entrance", entrance)?;
        maze.goal_cell = grid.locate("goal", goal)?;
        Ok(maze)
    }

    /// Puts `sign` at `at` for walkers arriving while travelling `arriving`,
    /// replacing any sign there for that approach, and lists the
    /// intersection.
    ///
    /// # Errors
    ///
    /// [`MazeError::Outside`] when `at` lies outside the maze; the maze is
    /// left as it was.
    pub fn set_sign(
        &mut self,
        at: Position,
        arriving: Direction,
        sign: Sign,
    ) -> Result<(), MazeError> {
        let cell = self.grid.locate("intersection", at)?;
        let shift = 3 * arriving.index();
        let value = &mut self.cells[cell];
        *value = (*value & !(0b111 << shift)) | (sign.bits() << shift) | LISTED;
        Ok(())
    }

    /// Lists the intersection at `at` and adds `signs` (indexed by approach
    /// direction N, E, S, W) to any it already has. An intersection may be
    /// listed with no signs at all.
    ///
    /// # Errors
    ///
    /// [`MazeError::Outside`] when `at` lies outside the maze; the maze is
    /// left as it was.
    ///
    /// ```
    /// use logicmaze::family::arrow::{ArrowMaze, Sign, Turn};
    /// use logicmaze::{Direction, Position};
    /// let mut maze = ArrowMaze::new("m", 1, 2, Position::new(1, 1), Direction::East, Position::new(1, 2))?;
    /// let left = Sign::from_turns(&[Turn::Left]);
    /// maze.add_intersection(Position::new(1, 1), [left, Sign::NONE, Sign::NONE, Sign::NONE])?;
    /// assert_eq!(maze.sign(Position::new(1, 1), Direction::North), left);
    /// assert_eq!(maze.intersections().count(), 1);
    /// # Ok::<(), logicmaze::MazeError>(())
    /// ```
    pub fn add_intersection(&mut self, at: Position, signs: [Sign; 4]) -> Result<(), MazeError> {
        let cell = self.grid.locate("intersection", at)?;
        self.cells[cell] |= pack(signs);
        Ok(())
    }

    /// Overwrites the first `cells.len()` cells of `row` (1-based), for the
    /// judge reader's bulk copy. Rows past the maze are ignored.
    fn set_row(&mut self, row: u32, cells: &[PackedCell]) {
        let cols = (self.grid.cols() as usize).min(cells.len());
        if let Some(first) = self.grid.cell(Position::new(row, 1)) {
            for (target, cell) in self.cells[first..first + cols].iter_mut().zip(cells) {
                *target = cell.0;
            }
        }
    }

    /// The sign at `at` for walkers arriving while travelling `arriving`
    /// ([`Sign::NONE`] outside the maze or where there is none).
    pub fn sign(&self, at: Position, arriving: Direction) -> Sign {
        self.grid
            .cell(at)
            .map_or(Sign::NONE, |cell| sign_in(self.cells[cell], arriving))
    }

    /// The listed intersections in row-major order, each with its signs
    /// indexed by approach direction (N, E, S, W).
    pub fn intersections(&self) -> impl Iterator<Item = (Position, [Sign; 4])> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &value)| value & LISTED != 0)
            .filter_map(move |(cell, &value)| {
                let signs = Direction::ALL.map(|d| sign_in(value, d));
                Some((self.grid.position(cell)?, signs))
            })
    }

    /// Rows of intersections.
    pub fn rows(&self) -> u32 {
        self.grid.rows()
    }

    /// Columns of intersections.
    pub fn cols(&self) -> u32 {
        self.grid.cols()
    }

    /// Where the walker starts.
    pub fn entrance(&self) -> Position {
        self.entrance
    }

    /// The direction of the first step out of the entrance.
    pub fn heading(&self) -> Direction {
        self.heading
    }

    /// Where the route ends.
    pub fn goal(&self) -> Position {
        self.goal
    }

    /// The state whose moves the sign at `at` for walkers `arriving` gives.
    pub(crate) fn state_reading(&self, at: Position, arriving: Direction) -> Option<StateId> {
        self.grid.cell(at).map(|cell| state(cell, arriving))
    }

    /// The shortest routes the engine counted (`shortest`), as the generator
    /// scores each candidate by (see [`ShortestRoutes`]).
    pub(crate) fn routes_of(&self, shortest: Option<&search::Shortest>) -> ShortestRoutes {
        let per_cell = ArrowMaze::STATES_PER_CELL as usize;
        ShortestRoutes::new(shortest, |states| {
            Route::through(self.entrance, &self.grid, states, per_cell)
        })
    }

    /// The analysis without the unread signs (which cost a pass over every
    /// intersection), and the census behind it: what the generator needs
    /// for each of its candidates.
    fn analyse_routes(&self, scratch: &mut Scratch) -> (Analysis, search::Census) {
        let census = search::census_in(self, scratch);
        let per_cell = ArrowMaze::STATES_PER_CELL as usize;
        let mut analysis = Analysis::from_census(&census, |states| {
            Route::through(self.entrance, &self.grid, states, per_cell)
        });
        // A walker sent off the grid stands on a border cell, a dead end
        // the search counts as a state; the counts are of states inside the
        // maze, as for dice mazes, whose die never leaves the grid.
        let outside = self.border_states_reached(&census);
        analysis.reached_states -= outside;
        analysis.dead_end_states -= outside;
        (analysis, census)
    }

    /// How many states on the border around the grid the census reached.
    fn border_states_reached(&self, census: &search::Census) -> usize {
        let (rows, stride) = (self.grid.rows() as usize, self.grid.cols() as usize + 2);
        let top_and_bottom = (0..stride).flat_map(|col| [col, (rows + 1) * stride + col]);
        let sides = (1..=rows).flat_map(|row| [row * stride, row * stride + stride - 1]);
        top_and_bottom
            .chain(sides)
            .flat_map(|cell| Direction::ALL.map(|heading| state(cell, heading)))
            .filter(|&state| census.is_reached(state))
            .count()
    }
}

/// The directions of arrival: the states of one intersection.
const HEADINGS: usize = ArrowMaze::STATES_PER_CELL as usize;

/// A state is "arrived at `cell` travelling `direction`":
/// `cell * HEADINGS + direction`. Wrapping, so that a step off the padded
/// grid (never taken) computes without overflow.
fn state(cell: usize, direction: Direction) -> StateId {
    cell.wrapping_mul(HEADINGS).wrapping_add(direction.index()) as StateId
}

/// [`ArrowMaze::moves`] for `grid`: per heading and turn, the difference
/// between the state a move reaches and the state it leaves.
fn moves(grid: &Grid) -> [[StateId; 3]; 4] {
    Direction::ALL.map(|heading| {
        Turn::ALL.map(|turn| {
            let next = turn.apply(heading);
            state(grid.step(0, next), next).wrapping_sub(state(0, heading))
        })
    })
}

fn cell_of(state: StateId) -> usize {
    state as usize / HEADINGS
}

fn direction_of(state: StateId) -> Direction {
    Direction::from_index(state as usize)
}

/// Moves are labelled by the direction of travel *before* the move, which
/// together with the arrival direction undoes it.
impl StateSpace for ArrowMaze {
    fn state_count(&self) -> usize {
        self.grid.cell_count() * HEADINGS
    }

    fn first_states(&self, mut visit: impl FnMut(StateId)) {
        if let Some(cell) = self.grid.cell(self.entrance) {
            visit(state(self.grid.step(cell, self.heading), self.heading));
        }
    }

    #[inline]
    fn successors(&self, s: StateId, visit: impl FnMut(MoveLabel, StateId)) {
        let sign = sign_in(self.cells[cell_of(s)], direction_of(s));
        self.successors_given(s, sign.0, visit);
    }

    /// Lists all three turns without a branch, which a search could not
    /// predict: a turn the sign does not allow is listed as a move to `s`
    /// itself, which the engine ignores.
    #[inline]
    fn successors_given(&self, s: StateId, sign: u8, mut visit: impl FnMut(MoveLabel, StateId)) {
        let (heading, sign) = (direction_of(s), Sign(sign));
        for (turn, step) in Turn::ALL.into_iter().zip(self.moves[heading.index()]) {
            let allowed = 0u32.wrapping_sub(sign.allows(turn) as u32);
            visit(heading as MoveLabel, s.wrapping_add(step & allowed));
        }
    }

    /// A state's data is the sign read on arriving there: the search then
    /// finds it in the byte it keeps for the state, with no second lookup
    /// in another array (a cache miss on a large maze).
    const DATA_BITS: u32 = 3;

    fn write_data(&self, data: &mut [u8]) {
        for (states, &cell) in data.chunks_exact_mut(HEADINGS).zip(&self.cells) {
            for (arriving, byte) in Direction::ALL.into_iter().zip(states) {
                *byte = sign_in(cell, arriving).0;
            }
        }
    }

    const MOVE_LABELS: MoveLabel = 4;

    fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
        let from = self.grid.step_back(cell_of(s), direction_of(s));
        state(from, Direction::from_index(label as usize))
    }

    #[inline]
    fn is_goal(&self, s: StateId) -> bool {
        cell_of(s) == self.goal_cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(row: u32, col: u32) -> Position {
        Position::new(row, col)
    }

    #[test]
    fn signs_are_stored_per_approach() {
        let mut maze = ArrowMaze::new("m", 2, 2, p(2, 1), Direction::North, p(1, 2)).unwrap();
        let left_right = Sign::from_turns(&[Turn::Left, Turn::Right]);
        maze.set_sign(p(1, 1), Direction::East, left_right).unwrap();
        assert_eq!(maze.sign(p(1, 1), Direction::East), left_right);
        assert_eq!(maze.sign(p(1, 1), Direction::North), Sign::NONE);
        assert_eq!(maze.sign(p(9, 9), Direction::North), Sign::NONE);
        let listed: Vec<_> = maze.intersections().map(|(at, _)| at).collect();
        assert_eq!(listed, vec![p(1, 1)]);
    }

    #[test]
    fn positions_outside_are_refused() {
        let err = ArrowMaze::new("m", 2, 2, p(3, 1), Direction::North, p(1, 1)).unwrap_err();
        assert_eq!(err.to_string(), "entrance (3,1) lies outside the 2×2 maze");
        assert!(ArrowMaze::new("m", 0, 2, p(1, 1), Direction::North, p(1, 1)).is_err());
    }

    #[test]
    fn goal_next_to_entrance_is_one_step() {
        let maze = ArrowMaze::new("m", 2, 1, p(2, 1), Direction::North, p(1, 1)).unwrap();
        assert_eq!(maze.solve().unwrap().to_string(), "(2,1) (1,1)");
    }

    #[test]
    fn goal_at_entrance_needs_a_loop() {
        let maze = ArrowMaze::new("m", 2, 1, p(2, 1), Direction::North, p(2, 1)).unwrap();
        assert_eq!(maze.solve(), None);
    }

    #[test]
    fn walking_off_the_maze_is_a_dead_end() {
        let maze = ArrowMaze::new("m", 1, 1, p(1, 1), Direction::North, p(1, 1)).unwrap();
        assert_eq!(maze.solve(), None);
    }
}
