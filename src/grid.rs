//! The shared vocabulary of every maze family: compass directions, 1-based
//! positions and a padded rectangular grid that turns positions into flat
//! array indices.
//!
//! Every family lives on a grid of rows and columns, row 1 at the top and
//! column 1 at the left. [`Grid`] surrounds that area with a one-cell border
//! so that stepping off the edge lands on a border cell (which holds nothing)
//! instead of needing a bounds check in the search's inner loop.

use std::fmt;

/// A compass direction. North is up (row − 1), East is right (column + 1).
///
/// ```
/// use logicmaze::Direction;
/// assert_eq!(Direction::North.turned_right(), Direction::East);
/// assert_eq!(Direction::North.opposite(), Direction::South);
/// assert_eq!(Direction::from_letter(b'W'), Some(Direction::West));
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Direction {
    /// Up: row − 1.
    #[serde(rename = "N")]
    North = 0,
    /// Right: column + 1.
    #[serde(rename = "E")]
    East = 1,
    /// Down: row + 1.
    #[serde(rename = "S")]
    South = 2,
    /// Left: column − 1.
    #[serde(rename = "W")]
    West = 3,
}

impl Direction {
    /// All four directions in the order North, East, South, West.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The direction with index `i % 4` in the order N, E, S, W.
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::from_index(2), Direction::South);
    /// ```
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 4]
    }

    /// This direction's index in the order N, E, S, W.
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::West.index(), 3);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction named by a judge-format letter `N`, `E`, `S` or `W`.
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::from_letter(b'S'), Some(Direction::South));
    /// assert_eq!(Direction::from_letter(b'X'), None);
    /// ```
    pub const fn from_letter(letter: u8) -> Option<Direction> {
        match letter {
            b'N' => Some(Direction::North),
            b'E' => Some(Direction::East),
            b'S' => Some(Direction::South),
            b'W' => Some(Direction::West),
            _ => None,
        }
    }

    /// The judge-format letter of this direction.
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::East.letter(), 'E');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Direction::North => 'N',
            Direction::East => 'E',
            Direction::South => 'S',
            Direction::West => 'W',
        }
    }

    /// The direction after a quarter turn to the left (counter-clockwise).
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::North.turned_left(), Direction::West);
    /// ```
    pub const fn turned_left(self) -> Direction {
        Direction::from_index(self.index() + 3)
    }

    /// The direction after a quarter turn to the right (clockwise).
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::West.turned_right(), Direction::North);
    /// ```
    pub const fn turned_right(self) -> Direction {
        Direction::from_index(self.index() + 1)
    }

    /// The direction pointing the other way.
    ///
    /// ```
    /// use logicmaze::Direction;
    /// assert_eq!(Direction::East.opposite(), Direction::West);
    /// ```
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 2)
    }
}

impl Direction {
    /// Its name in words: `north`.
    ///
    /// ```
    /// assert_eq!(logicmaze::Direction::East.name(), "east");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::East => "east",
            Direction::South => "south",
            Direction::West => "west",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A square or intersection, 1-based: `(1,1)` is the top-left corner. In
/// JSON it is the pair `[row, col]`.
///
/// ```
/// use logicmaze::{Direction, Position};
/// let p = Position::new(3, 1);
/// assert_eq!(p.to_string(), "(3,1)");
/// assert_eq!(p.stepped(Direction::North), Some(Position::new(2, 1)));
/// assert_eq!(Position::new(1, 1).stepped(Direction::North), None);
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(from = "[u32; 2]", into = "[u32; 2]")]
pub struct Position {
    /// Row, 1 at the top.
    pub row: u32,
    /// Column, 1 at the left.
    pub col: u32,
}

impl Position {
    /// The position at `row`, `col` (both 1-based).
    pub const fn new(row: u32, col: u32) -> Position {
        Position { row, col }
    }

    /// The neighbouring position one step in `direction`, or `None` when that
    /// step would leave the 1-based quadrant (row or column 0) or overflow.
    ///
    /// ```
    /// use logicmaze::{Direction, Position};
    /// assert_eq!(Position::new(2, 2).stepped(Direction::East), Some(Position::new(2, 3)));
    /// ```
    pub fn stepped(self, direction: Direction) -> Option<Position> {
        let (row, col) = match direction {
            Direction::North => (self.row.checked_sub(1)?, self.col),
            Direction::South => (self.row.checked_add(1)?, self.col),
            Direction::East => (self.row, self.col.checked_add(1)?),
            Direction::West => (self.row, self.col.checked_sub(1)?),
        };
        (row >= 1 && col >= 1).then_some(Position { row, col })
    }

    /// The direction of one step from here to `to`, when `to` is a
    /// neighbour.
    ///
    /// ```
    /// use logicmaze::{Direction, Position};
    /// assert_eq!(Position::new(2, 2).direction_to(Position::new(1, 2)), Some(Direction::North));
    /// assert_eq!(Position::new(2, 2).direction_to(Position::new(3, 3)), None);
    /// ```
    pub fn direction_to(self, to: Position) -> Option<Direction> {
        // As `stepped` would find it, from the differences: every
        // generator candidate asks this of each move of its route.
        let next = |a: u32, b: u32| a.checked_add(1) == Some(b);
        let (rows, cols) = ((self.row, to.row), (self.col, to.col));
        match () {
            _ if to.row == 0 || to.col == 0 => None,
            _ if cols.0 == cols.1 && next(rows.1, rows.0) => Some(Direction::North),
            _ if cols.0 == cols.1 && next(rows.0, rows.1) => Some(Direction::South),
            _ if rows.0 == rows.1 && next(cols.0, cols.1) => Some(Direction::East),
            _ if rows.0 == rows.1 && next(cols.1, cols.0) => Some(Direction::West),
            _ => None,
        }
    }
}

impl From<[u32; 2]> for Position {
    fn from([row, col]: [u32; 2]) -> Position {
        Position { row, col }
    }
}

impl From<Position> for [u32; 2] {
    fn from(position: Position) -> [u32; 2] {
        [position.row, position.col]
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A `rows × cols` area surrounded by a one-cell border, stored row-major in
/// a flat array of `(rows + 2) × (cols + 2)` cells.
///
/// Cell indices are what the families use to build dense state indices; a
/// step in any direction is a fixed offset, and a step off the area lands on
/// a border cell rather than outside the array.
///
/// ```
/// use logicmaze::{Direction, Grid, Position};
/// let grid = Grid::new(3, 4).unwrap();
/// assert_eq!(grid.cell_count(), 5 * 6);
/// let cell = grid.cell(Position::new(1, 1)).unwrap();
/// assert!(grid.is_border(grid.step(cell, Direction::North)));
/// assert_eq!(grid.position(grid.step(cell, Direction::East)), Some(Position::new(1, 2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: u32,
    cols: u32,
}

impl Grid {
    /// A grid of `rows × cols` cells, or `None` when either is zero or the
    /// padded cell count does not fit in `usize`.
    pub fn new(rows: u32, cols: u32) -> Option<Grid> {
        if rows == 0 || cols == 0 {
            return None;
        }
        (rows as usize + 2).checked_mul(cols as usize + 2)?;
        Some(Grid { rows, cols })
    }

    /// Number of rows (without the border).
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns (without the border).
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Cells in the flat array, border included.
    pub fn cell_count(&self) -> usize {
        (self.rows as usize + 2) * self.stride()
    }

    /// Whether `position` lies inside the `rows × cols` area.
    pub fn contains(&self, position: Position) -> bool {
        (1..=self.rows).contains(&position.row) && (1..=self.cols).contains(&position.col)
    }

    /// The flat index of `position`, or `None` when it lies outside the area.
    pub fn cell(&self, position: Position) -> Option<usize> {
        self.contains(position)
            .then(|| position.row as usize * self.stride() + position.col as usize)
    }

    /// The position of a flat index, or `None` for a border cell.
    pub fn position(&self, cell: usize) -> Option<Position> {
        let row = (cell / self.stride()) as u32;
        let col = (cell % self.stride()) as u32;
        let position = Position::new(row, col);
        self.contains(position).then_some(position)
    }

    /// The positions of `cells`, border cells left out: [`Grid::position`]
    /// of each, dividing by the length of a row by multiplying (a route of
    /// half a million moves spent half of its conversion in division).
    ///
    /// ```
    /// use logicmaze::{Grid, Position};
    /// let grid = Grid::new(2, 3).unwrap();
    /// // Rows of 5 cells, a border cell at each end: cell 0 is a corner.
    /// let positions: Vec<Position> = grid.positions([0, 6, 8, 13]).collect();
    /// assert_eq!(positions, [Position::new(1, 1), Position::new(1, 3), Position::new(2, 3)]);
    /// ```
    pub fn positions(
        &self,
        cells: impl IntoIterator<Item = u32>,
    ) -> impl Iterator<Item = Position> {
        let grid = *self;
        let rows = Divisor::new(self.stride() as u64);
        cells.into_iter().filter_map(move |cell| {
            let row = rows.divide(cell);
            let col = cell as usize - row as usize * grid.stride();
            let position = Position::new(row, col as u32);
            grid.contains(position).then_some(position)
        })
    }

    /// Whether a flat index is a border cell (or beyond the array).
    pub fn is_border(&self, cell: usize) -> bool {
        self.position(cell).is_none()
    }

    /// The flat index one step from `cell` in `direction`.
    ///
    /// `cell` must not be a border cell; the result may be one.
    #[inline]
    pub fn step(&self, cell: usize, direction: Direction) -> usize {
        cell.wrapping_add(self.offsets()[direction.index()])
    }

    /// The flat-index offset of one step in each direction (N, E, S, W), as
    /// wrapping additions.
    #[inline]
    pub fn offsets(&self) -> [usize; 4] {
        let stride = self.stride();
        [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()]
    }

    /// The flat index one step from `cell` against `direction`: where a step
    /// in `direction` came from.
    #[inline]
    pub fn step_back(&self, cell: usize, direction: Direction) -> usize {
        self.step(cell, direction.opposite())
    }

    /// The search states a `rows × cols` grid needs with `per_cell` states
    /// per cell, border included (saturating at `u64::MAX`, which no limit
    /// allows), or `None` for zero rows or columns.
    ///
    /// ```
    /// use logicmaze::Grid;
    /// assert_eq!(Grid::state_count(3, 3, 4), Some(5 * 5 * 4));
    /// assert_eq!(Grid::state_count(u32::MAX, u32::MAX, 24), Some(u64::MAX));
    /// ```
    pub fn state_count(rows: u32, cols: u32, per_cell: u64) -> Option<u64> {
        (rows > 0 && cols > 0).then(|| {
            (rows as u64 + 2)
                .saturating_mul(cols as u64 + 2)
                .saturating_mul(per_cell)
        })
    }

    /// A grid whose states (`per_cell` per cell) all have 32-bit indices.
    ///
    /// # Errors
    ///
    /// [`MazeError::Size`] for zero rows or columns, or for more than 2³²
    /// states, the border's cells counted.
    ///
    /// ```
    /// use logicmaze::{Grid, MazeError};
    /// assert!(Grid::sized(1000, 1000, 24).is_ok());
    /// assert!(matches!(Grid::sized(100_000, 100_000, 24), Err(MazeError::Size { .. })));
    /// ```
    pub fn sized(rows: u32, cols: u32, per_cell: u64) -> Result<Grid, MazeError> {
        let states = Grid::state_count(rows, cols, per_cell).unwrap_or(0);
        Grid::new(rows, cols)
            .filter(|_| states > 0 && states <= u32::MAX as u64 + 1)
            .ok_or(MazeError::Size { rows, cols, states })
    }

    /// The flat index of `position`, or an error naming `what` it is when it
    /// lies outside the area.
    ///
    /// # Errors
    ///
    /// [`MazeError::Outside`] when `position` lies outside rows 1 to
    /// [`rows`](Grid::rows) or columns 1 to [`cols`](Grid::cols).
    ///
    /// ```
    /// use logicmaze::{Grid, Position};
    /// let grid = Grid::new(2, 2).unwrap();
    /// let err = grid.locate("goal", Position::new(3, 1)).unwrap_err();
    /// assert_eq!(err.to_string(), "goal (3,1) lies outside the 2×2 maze");
    /// ```
    pub fn locate(&self, what: &'static str, position: Position) -> Result<usize, MazeError> {
        self.cell(position).ok_or(MazeError::Outside {
            what,
            position,
            rows: self.rows,
            cols: self.cols,
        })
    }

    fn stride(&self) -> usize {
        self.cols as usize + 2
    }
}

/// Division of a `u32` by a divisor fixed in advance, by one
/// multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019): with `magic` = ⌈2⁶⁴ / d⌉, `n / d` is the high word
/// of `magic × n` for every `n` below 2³² and every `d` from 2 up (from
/// 2³² up, `magic` is 0, and so is every quotient).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Divisor {
    magic: u64,
    /// Dividing by one: ⌈2⁶⁴ / 1⌉ does not fit.
    by_one: bool,
}

impl Divisor {
    /// Division by `by`, which is not zero.
    pub(crate) fn new(by: u64) -> Divisor {
        debug_assert!(by > 0, "no division by zero");
        Divisor {
            magic: match by {
                0 | 1 => 0,
                _ if by > u64::from(u32::MAX) => 0,
                _ => u64::MAX / by + 1,
            },
            by_one: by == 1,
        }
    }

    /// `n` divided by the divisor, rounded down.
    #[inline]
    pub(crate) fn divide(self, n: u32) -> u32 {
        match self.by_one {
            true => n,
            false => ((u128::from(self.magic) * u128::from(n)) >> 64) as u32,
        }
    }
}

/// Why a maze could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MazeError {
    /// A position lies outside the maze's rows and columns.
    #[error("{what} {position} lies outside the {rows}×{cols} maze")]
    Outside {
        /// What the position is (entrance, goal, intersection, start, square).
        what: &'static str,
        /// The offending position.
        position: Position,
        /// The maze's rows.
        rows: u32,
        /// The maze's columns.
        cols: u32,
    },
    /// A numbered square with a number outside 1–6.
    #[error("square {position} has number {number}; squares are numbered 1 to 6")]
    Square {
        /// Where the square is.
        position: Position,
        /// The number given.
        number: u8,
    },
    /// The maze has no cells, or too many states for 32-bit state indices.
    #[error("a {rows}×{cols} maze cannot be searched: it needs {states} states")]
    Size {
        /// Requested rows.
        rows: u32,
        /// Requested columns.
        cols: u32,
        /// States the search would need.
        states: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn a_divisor_divides_as_division_does(
            n in proptest::prop_oneof![proptest::num::u32::ANY, 0..1000u32, proptest::strategy::Just(u32::MAX)],
            by in proptest::prop_oneof![1..50u64, 1..=u64::from(u32::MAX), 1..=u64::MAX],
        ) {
            proptest::prop_assert_eq!(u64::from(Divisor::new(by).divide(n)), u64::from(n) / by);
        }

        #[test]
        fn positions_are_the_positions_of_each_cell(
            rows in 1..40u32,
            cols in 1..40u32,
            cells in proptest::collection::vec(0..2000u32, 0..50),
        ) {
            let grid = Grid::new(rows, cols).unwrap();
            let expected: Vec<Position> = cells.iter().filter_map(|&c| grid.position(c as usize)).collect();
            proptest::prop_assert_eq!(grid.positions(cells).collect::<Vec<_>>(), expected);
        }
    }

    /// Every divisor's edge: powers of two, their neighbours, and the
    /// largest numbers.
    #[test]
    fn a_divisor_is_exact_at_the_edges() {
        let edges = (1..64).flat_map(|k| [(1u64 << k) - 1, 1 << k, (1 << k) + 1]);
        for by in edges.chain([1, 3, 7, 10, 24, u64::MAX]) {
            let divisor = Divisor::new(by);
            for n in [
                0,
                1,
                2,
                by.saturating_sub(1),
                by,
                by.saturating_add(1),
                u64::from(u32::MAX),
            ] {
                let Ok(n) = u32::try_from(n) else { continue };
                assert_eq!(
                    u64::from(divisor.divide(n)),
                    u64::from(n) / by,
                    "{n} / {by}"
                );
            }
        }
    }

    /// `direction_to` works from differences; `stepped` says what a step
    /// is, at the edges of the numbers too.
    #[test]
    fn direction_to_is_the_step_that_gets_there() {
        let values = [0, 1, 2, 3, u32::MAX - 1, u32::MAX];
        let positions: Vec<Position> = values
            .iter()
            .flat_map(|&row| values.iter().map(move |&col| Position { row, col }))
            .collect();
        for &from in &positions {
            for &to in &positions {
                let stepped = Direction::ALL
                    .into_iter()
                    .find(|&d| from.stepped(d) == Some(to));
                assert_eq!(from.direction_to(to), stepped, "{from:?} → {to:?}");
            }
        }
    }

    #[test]
    fn turns_compose() {
        for d in Direction::ALL {
            assert_eq!(d.turned_left().turned_right(), d);
            assert_eq!(d.turned_right().turned_right(), d.opposite());
            assert_eq!(Direction::from_letter(d.letter() as u8), Some(d));
        }
    }

    #[test]
    fn grid_round_trips_positions() {
        let grid = Grid::new(3, 5).unwrap();
        for row in 1..=3 {
            for col in 1..=5 {
                let p = Position::new(row, col);
                let cell = grid.cell(p).unwrap();
                assert_eq!(grid.position(cell), Some(p));
                for d in Direction::ALL {
                    let next = grid.step(cell, d);
                    assert_eq!(
                        grid.position(next),
                        p.stepped(d).filter(|q| grid.contains(*q))
                    );
                    assert_eq!(grid.step_back(next, d), cell);
                }
            }
        }
        assert_eq!(grid.cell(Position::new(4, 1)), None);
        assert_eq!(grid.cell(Position::new(0, 1)), None);
    }

    #[test]
    fn grid_rejects_empty_and_huge() {
        assert!(Grid::new(0, 3).is_none());
        assert!(Grid::new(3, 0).is_none());
        assert!(Grid::new(u32::MAX, u32::MAX).is_none());
    }
}
