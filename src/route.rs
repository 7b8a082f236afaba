//! A route through a maze: the positions visited, origin first.

use std::fmt;

use crate::grid::{Grid, Position};
use crate::search::StateId;

/// The positions a route visits, from the entrance (or start square) to the
/// goal, both included. Its length in moves is one less than its positions.
/// In JSON it is the list of positions, `[[3,1],[2,1]]`.
///
/// ```
/// use logicmaze::{Position, Route};
/// let route: Route = [Position::new(3, 1), Position::new(2, 1)].into_iter().collect();
/// assert_eq!(route.moves(), 1);
/// assert_eq!(route.to_string(), "(3,1) (2,1)");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Route {
    positions: Vec<Position>,
}

impl Route {
    /// The visited positions, origin first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The number of moves: positions minus one (zero for an empty route).
    pub fn moves(&self) -> usize {
        self.positions.len().saturating_sub(1)
    }
}

impl Route {
    /// The route from `origin` through search `states` on `grid`, where
    /// state `s` lies on cell `s / states_per_cell` (the layout both
    /// families use).
    pub fn through(
        origin: Position,
        grid: &Grid,
        states: &[StateId],
        states_per_cell: usize,
    ) -> Route {
        let steps = states
            .iter()
            .filter_map(|&s| grid.position(s as usize / states_per_cell));
        std::iter::once(origin).chain(steps).collect()
    }
}

impl FromIterator<Position> for Route {
    fn from_iter<I: IntoIterator<Item = Position>>(iter: I) -> Route {
        Route {
            positions: iter.into_iter().collect(),
        }
    }
}

/// Positions separated by single spaces, on one line.
impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, position) in self.positions.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{position}")?;
        }
        Ok(())
    }
}
