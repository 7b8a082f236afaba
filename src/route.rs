//! A route through a maze: the positions visited, origin first.

use std::fmt;

use crate::grid::{Divisor, Grid, Position};
use crate::search::StateId;

/// The positions a route visits, from the entrance (or start square) to the
/// goal, both included. Its length in moves is one less than its positions.
/// In JSON it is the list of positions, `[[3,1],[2,1]]`.
///
/// ```
/// use logicmaze::{route::Route, Position};
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
    /// state `s` lies on cell `s / states_per_cell` (a layout by cell
    /// first; a family laid out otherwise makes its own). Both divisions, by `states_per_cell` and by the
    /// length of a row ([`Grid::positions`]), are done by multiplying.
    pub fn through(
        origin: Position,
        grid: &Grid,
        states: &[StateId],
        states_per_cell: usize,
    ) -> Route {
        // Collected into room for all: a filtered iterator does not know
        // its length, and a route of half a million moves grew by copies.
        let mut positions = Vec::with_capacity(states.len() + 1);
        positions.push(origin);
        let cells = Divisor::new(states_per_cell as u64);
        positions.extend(grid.positions(states.iter().map(|&s| cells.divide(s))));
        Route { positions }
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

/// Where a route must end: a position, and what to call it in a message
/// (`the goal`, `the start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The position.
    pub at: Position,
    /// What to call it: `the goal`, `the start`.
    pub called: &'static str,
}

/// What is wrong with a route, found by replaying it move by move: the
/// first fault, in the maze's own terms.
///
/// ```
/// use logicmaze::{route::{Forbidden, RouteFault}, Position};
/// let fault = RouteFault::Move {
///     number: 7,
///     from: Position::new(2, 3),
///     to: Position::new(2, 4),
///     why: Forbidden::new("arriving at (2,3) heading east, the sign allows only left"),
/// };
/// assert_eq!(fault.to_string(), "move 7, (2,3) → (2,4): arriving at (2,3) heading east, the sign allows only left");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum RouteFault {
    /// There are no positions at all.
    #[error("the route is empty")]
    Empty,
    /// It starts elsewhere.
    #[error("the route starts at {found}, not at {called} {expected}")]
    Start {
        /// Where it must start.
        expected: Position,
        /// Where it starts.
        found: Position,
        /// What the start is called.
        called: &'static str,
    },
    /// It never leaves its first position.
    #[error("the route has no moves")]
    NoMoves,
    /// A move the rules do not allow.
    #[error("move {number}, {from} → {to}: {why}")]
    Move {
        /// The move's number, from 1.
        number: usize,
        /// Where it starts.
        from: Position,
        /// Where it goes.
        to: Position,
        /// Why it is not allowed.
        why: Forbidden,
    },
    /// It reaches its end before its last move: a walker stops there.
    #[error("the route reaches {called} {at} at move {number}, then goes on")]
    GoesOn {
        /// The move that reaches it.
        number: usize,
        /// The goal.
        at: Position,
        /// What the goal is called.
        called: &'static str,
    },
    /// It ends somewhere else.
    #[error("the route ends at {at}, not at {called} {goal}")]
    End {
        /// Where it ends.
        at: Position,
        /// Where it must end.
        goal: Position,
        /// What the goal is called.
        called: &'static str,
    },
}

/// Why the rules forbid a move, in the family's words: what [`replay`]'s
/// `step` says of a move it refuses, which the [`RouteFault::Move`] then
/// says as its `why`.
///
/// ```
/// use logicmaze::route::Forbidden;
/// let forbidden = Forbidden::new("that is off the grid");
/// assert_eq!((forbidden.why.as_str(), forbidden.to_string().as_str()), ("that is off the grid", "that is off the grid"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[error("{why}")]
#[serde(transparent)]
#[non_exhaustive]
pub struct Forbidden {
    /// Why, as a clause: `the top shows 2, the square needs 5`.
    pub why: String,
}

impl Forbidden {
    /// A move forbidden for `why`.
    pub fn new(why: impl Into<String>) -> Forbidden {
        Forbidden { why: why.into() }
    }
}

/// Replays `route` from `origin` (a state `start` there) to `goal`, one
/// move at a time: `step` gives the state after moving from a position in a
/// direction, or why the rules forbid it ([`Forbidden`]). Returns the
/// number of moves.
///
/// The route must start at `origin`, move only to neighbours, reach `goal`
/// after one move or more, and stop there (a walker who reaches the goal
/// has arrived). The positions are taken one at a time and never kept, so
/// a route of any length is checked in constant memory; replaying stops
/// at the first fault, leaving the rest of `route` untaken.
///
/// # Errors
///
/// The first fault: [`RouteFault::Empty`] for no positions;
/// [`RouteFault::Start`] for a first position other than `origin`;
/// [`RouteFault::Move`] for a move to a position not next to the one
/// before, or one `step` forbids (with its reason); [`RouteFault::GoesOn`] for a
/// route that reaches `goal` before its last move; [`RouteFault::NoMoves`]
/// for a route of one position; [`RouteFault::End`] for a route that
/// ends elsewhere.
///
/// ```
/// use logicmaze::route::{replay, Goal, RouteFault};
/// use logicmaze::Position;
/// let home = Goal { at: Position::new(1, 1), called: "home" };
/// let away = Goal { at: Position::new(1, 3), called: "the goal" };
/// let route = [Position::new(1, 1), Position::new(1, 2), Position::new(1, 3)];
/// assert_eq!(replay(route, home, away, (), |_, _, _| Ok(())), Ok(2));
/// let short = [Position::new(1, 1), Position::new(1, 2)];
/// assert!(matches!(replay(short, home, away, (), |_, _, _| Ok(())), Err(RouteFault::End { .. })));
/// ```
pub fn replay<S>(
    route: impl IntoIterator<Item = Position>,
    origin: Goal,
    goal: Goal,
    start: S,
    mut step: impl FnMut(&S, Position, crate::grid::Direction) -> Result<S, Forbidden>,
) -> Result<usize, RouteFault> {
    let mut route = route.into_iter().peekable();
    let first = route.next().ok_or(RouteFault::Empty)?;
    if first != origin.at {
        return Err(RouteFault::Start {
            expected: origin.at,
            found: first,
            called: origin.called,
        });
    }
    let mut state = start;
    let mut from = first;
    let mut moves = 0;
    while let Some(to) = route.next() {
        moves += 1;
        let number = moves;
        let fault = |why: Forbidden| RouteFault::Move {
            number,
            from,
            to,
            why,
        };
        let direction = from
            .direction_to(to)
            .ok_or_else(|| fault(Forbidden::new(format!("{to} is not next to {from}"))))?;
        state = step(&state, from, direction).map_err(fault)?;
        if to == goal.at && route.peek().is_some() {
            return Err(RouteFault::GoesOn {
                number,
                at: goal.at,
                called: goal.called,
            });
        }
        from = to;
    }
    match (moves, from == goal.at) {
        (0, _) => Err(RouteFault::NoMoves),
        (n, true) => Ok(n),
        (_, false) => Err(RouteFault::End {
            at: from,
            goal: goal.at,
            called: goal.called,
        }),
    }
}
