//! What every family's shrinking shares: taking a row or a column out of
//! a grid (see [`stress`](crate::stress)).

use crate::grid::Position;

/// Rows or columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A row.
    Row,
    /// A column.
    Col,
}

impl Axis {
    /// How many lines of this axis a `rows × cols` grid has.
    pub fn of(self, rows: u32, cols: u32) -> u32 {
        match self {
            Axis::Row => rows,
            Axis::Col => cols,
        }
    }

    /// The grid's size with a line of this axis fewer, if it has two or
    /// more.
    pub fn less(self, rows: u32, cols: u32) -> Option<(u32, u32)> {
        match self {
            Axis::Row if rows > 1 => Some((rows - 1, cols)),
            Axis::Col if cols > 1 => Some((rows, cols - 1)),
            _ => None,
        }
    }
}

/// Where `at` is once line `line` of `axis` is taken out: `None` on that
/// line, one less past it.
///
/// ```
/// use logicmaze::family::shrink::{Axis, without_line};
/// use logicmaze::Position;
/// assert_eq!(without_line(Position::new(3, 2), Axis::Row, 2), Some(Position::new(2, 2)));
/// assert_eq!(without_line(Position::new(2, 2), Axis::Row, 2), None);
/// assert_eq!(without_line(Position::new(1, 5), Axis::Row, 2), Some(Position::new(1, 5)));
/// ```
pub fn without_line(at: Position, axis: Axis, line: u32) -> Option<Position> {
    let (along, across) = match axis {
        Axis::Row => (at.row, at.col),
        Axis::Col => (at.col, at.row),
    };
    let along = match along.cmp(&line) {
        std::cmp::Ordering::Less => along,
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => along - 1,
    };
    Some(match axis {
        Axis::Row => Position::new(along, across),
        Axis::Col => Position::new(across, along),
    })
}

/// Each grid of `rows × cols` with one row or one column taken out, as
/// `without` makes it (`None` where that line cannot go): rows first, then
/// columns.
pub fn lines_out<M>(rows: u32, cols: u32, without: impl Fn(Axis, u32) -> Option<M>) -> Vec<M> {
    [Axis::Row, Axis::Col]
        .into_iter()
        .flat_map(|axis| (1..=axis.of(rows, cols)).map(move |line| (axis, line)))
        .filter_map(|(axis, line)| without(axis, line))
        .collect()
}
