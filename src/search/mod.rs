//! The one search engine behind every maze family.
//!
//! A family describes its puzzle as a [`StateSpace`]: states are dense
//! integers `0..state_count`, the route starts at an *origin* that is not
//! itself a state (the die before its first roll, the walker before leaving
//! the entrance), and every move carries a small label from which the family
//! can undo it. The engine knows nothing else about mazes.
//!
//! Memory per state is one byte, plus a four-byte queue slot for each state
//! in the current and next layers of the search. The byte holds the state's
//! mark (`0` = not reached, `FIRST` = reached by the first move,
//! `2 + label` = reached by the move with that label) and, below it, any
//! data the family keeps per state ([`StateSpace::DATA_BITS`]), so that
//! expanding a state reads one byte where it would otherwise read two
//! arrays. Routes are rebuilt backwards by undoing the recorded moves, so
//! no parent index is stored.
//!
//! Ties between equally short routes are broken by the order in which a
//! family lists successors: the first route found in breadth-first order
//! wins, so the result is deterministic.
//!
//! Every search is the same walk ([`shortest_path`] and
//! [`census`](fn@census) differ only in what they write down per state):
//! [`shortest_path`] stops at the first goal; [`census`](fn@census)
//! explores everything reachable, counts the shortest routes and finds the
//! states that cannot reach a goal.
//!
//! A family whose states are a cell and one of a few orientations (the
//! die) may also describe itself as a [`cells::CellSpace`]: its search
//! then walks cells, all orientations of a cell at once, in a third of a
//! byte per state, and finds the same route. A family whose moves scatter
//! over a huge space ([`StateSpace::SCATTERED`]) has [`shortest_path`]
//! keep a bit a state and the states of each layer instead, and find the
//! same route from the layers.
//!
//! What a family sees is the [`StateSpace`] it describes itself as, and
//! the searches it can run on it: [`shortest_path`] for a shortest route;
//! [`shortest_routes`] to count the shortest routes ([`Shortest`]);
//! [`census`](fn@census) for the [`Census`] of everything reachable;
//! [`survey`](fn@survey) for the [`Survey`] behind a designer's marks;
//! and a [`Recounter`] to count a candidate's routes again from where its
//! one change can first matter. A [`Scratch`] keeps a count's arrays for
//! the next count. The walk by cells is [`cells`]. Work is spread over
//! threads on rayon's pool with the `parallel` feature, and done on the
//! calling thread without it.

pub mod cells;
mod census;
mod counting;
mod explore;
mod layers;
mod marks;
mod memory;
pub(crate) mod parallel;
mod queue;
mod recount;
mod seen;
mod slots;
mod survey;
mod walk;

pub use census::{Census, census, census_in};
pub use counting::{Shortest, shortest_routes};
pub use recount::{Changed, Recount, Recounter};
pub use slots::Scratch;
pub use survey::{Survey, survey};

/// A state's dense index, `0..state_count`.
pub type StateId = u32;

/// A family's name for a move, used to undo it when rebuilding a route.
/// Labels must be below [`MAX_MOVE_LABELS`].
pub type MoveLabel = u8;

/// The number of distinct move labels a family may use.
pub const MAX_MOVE_LABELS: usize = 254;

/// The mark of a state reached by the first move from the origin.
const FIRST: u8 = 1;

/// A puzzle as the engine sees it: dense states, moves and a goal.
///
/// A minimal family, a corridor of five cells walked from the left, with the
/// goal at the right end:
///
/// ```
/// use logicmaze::search::{shortest_path, MoveLabel, StateId, StateSpace};
///
/// struct Corridor;
/// impl StateSpace for Corridor {
///     fn state_count(&self) -> usize { 5 }
///     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
///     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
///         if s > 0 { visit(0, s - 1) }     // label 0: a step left
///         if s < 4 { visit(1, s + 1) }     // label 1: a step right
///     }
///     fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
///         if label == 0 { s + 1 } else { s - 1 }
///     }
///     fn is_goal(&self, s: StateId) -> bool { s == 4 }
///     const MOVE_LABELS: MoveLabel = 2;
/// }
///
/// let found = shortest_path(&Corridor);
/// assert_eq!(found.route, Some(vec![0, 1, 2, 3, 4]));
/// ```
pub trait StateSpace: Sync {
    /// The number of states; every state id is below it.
    fn state_count(&self) -> usize;

    /// Calls `visit` with each state reachable by the first move from the
    /// origin, in the family's preferred order.
    fn first_states(&self, visit: impl FnMut(StateId));

    /// Calls `visit` with the label and target of every move out of `state`,
    /// in the family's preferred order. A move to `state` itself is allowed
    /// and changes nothing (the state is already reached), so a family may
    /// list a move that does not exist as one to `state`, without a branch.
    /// Two moves out of one state lead to different states: route
    /// counting tells routes apart by the states they pass.
    fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId));

    /// The state that the move `label` into `state` came from. For a label
    /// that cannot have led into `state` any number may come back: callers
    /// check candidates against [`StateSpace::successors`].
    fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId;

    /// Move labels are below this (at most [`MAX_MOVE_LABELS`]).
    const MOVE_LABELS: MoveLabel;

    /// How many low bits of each state's byte the lean search
    /// ([`shortest_path`], and the exploration of [`census`](fn@census))
    /// leaves to the family, for data it reads on every expansion
    /// ([`StateSpace::write_data`]); none by default. The mark takes the
    /// other bits, so `MOVE_LABELS + 2` must fit in `8 - DATA_BITS` bits.
    ///
    /// A corridor whose cells say in one bit whether the door to the right
    /// is open:
    ///
    /// ```
    /// use logicmaze::search::{shortest_path, MoveLabel, StateId, StateSpace};
    ///
    /// struct Doors(Vec<bool>);
    /// impl StateSpace for Doors {
    ///     fn state_count(&self) -> usize { self.0.len() }
    ///     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
    ///     fn successors(&self, s: StateId, visit: impl FnMut(MoveLabel, StateId)) {
    ///         self.successors_given(s, self.0[s as usize] as u8, visit)
    ///     }
    ///     fn successors_given(&self, s: StateId, open: u8, mut visit: impl FnMut(MoveLabel, StateId)) {
    ///         if open == 1 { visit(0, s + 1) }
    ///     }
    ///     fn predecessor(&self, s: StateId, _: MoveLabel) -> StateId { s - 1 }
    ///     fn is_goal(&self, s: StateId) -> bool { s as usize == self.0.len() - 1 }
    ///     const MOVE_LABELS: MoveLabel = 1;
    ///     const DATA_BITS: u32 = 1;
    ///     fn write_data(&self, data: &mut [u8]) {
    ///         data.iter_mut().zip(&self.0).for_each(|(byte, &open)| *byte = open as u8);
    ///     }
    /// }
    ///
    /// assert_eq!(shortest_path(&Doors(vec![true, true, false])).route, Some(vec![0, 1, 2]));
    /// assert_eq!(shortest_path(&Doors(vec![true, false, false])).route, None);
    /// ```
    const DATA_BITS: u32 = 0;

    /// Writes each state's data (below `1 << DATA_BITS`) into `data`,
    /// indexed by state and all 0 before. Called once before a lean search
    /// of a family with [`StateSpace::DATA_BITS`].
    fn write_data(&self, data: &mut [u8]) {
        let _ = data;
    }

    /// Calls `visit` as [`StateSpace::successors`] does, given the data
    /// that [`StateSpace::write_data`] wrote for `state`: the lean search
    /// has it at hand, so a family can skip its own lookup. By default the
    /// data is ignored.
    fn successors_given(&self, state: StateId, data: u8, visit: impl FnMut(MoveLabel, StateId)) {
        let _ = data;
        self.successors(state, visit)
    }

    /// Whether arriving in `state` completes the route.
    fn is_goal(&self, state: StateId) -> bool;

    /// Whether the walk lists a state's moves a few states ahead of its
    /// turn and asks for the records of the states they reach then (false,
    /// the default: in the state's turn). For a family whose moves reach
    /// far apart in a large space, each such record is a cache miss, and
    /// listed ahead the misses of several states overlap; a family whose
    /// moves are cheap to list and near each other is faster without. How
    /// far ahead is the engine's to tune.
    const LISTS_AHEAD: bool = false;

    /// Whether a state's moves reach states far apart in the space, so
    /// that on a large space [`shortest_path`] keeps a bit a state (whether
    /// it is reached) and the states of each layer, and rebuilds the route
    /// from the layers, rather than a byte a state (the move that reached
    /// it): the same route, in an eighth of the memory the moves scatter
    /// over. A family without [`StateSpace::DATA_BITS`] may ask for it.
    const SCATTERED: bool = false;

    /// Calls `visit` with every state that has a move into `state` and
    /// passes `worth`, once each, in any order; goals are left out (a route
    /// ends there, so they have no moves out). The backward passes
    /// ([`census`](fn@census)'s doomed states, route counting's
    /// alternatives) call it for every state they meet.
    ///
    /// By default every label's [`StateSpace::predecessor`] is tried:
    /// tested with `worth` first (a cheap test), then checked against its
    /// [`StateSpace::successors`]. A family with many labels, or costly
    /// successors, can list the states directly.
    fn predecessors(
        &self,
        state: StateId,
        worth: impl Fn(StateId) -> bool,
        visit: impl FnMut(StateId),
    ) where
        Self: Sized,
    {
        predecessors_by_labels(self, state, worth, visit)
    }
}

/// [`StateSpace::predecessors`] as every family may list them: each label's
/// [`StateSpace::predecessor`] that passes `worth`, is not a goal, and
/// really has that move, in the order of the labels. The default, and the
/// reference a family's own list is tested against.
pub(crate) fn predecessors_by_labels<S: StateSpace>(
    space: &S,
    state: StateId,
    worth: impl Fn(StateId) -> bool,
    mut visit: impl FnMut(StateId),
) {
    for label in 0..S::MOVE_LABELS {
        let from = space.predecessor(state, label);
        if worth(from) && !space.is_goal(from) && has_move(space, from, label, state) {
            visit(from);
        }
    }
}

/// Whether `from` has the move `label` to `to`.
fn has_move(space: &impl StateSpace, from: StateId, label: MoveLabel, to: StateId) -> bool {
    let mut found = false;
    space.successors(from, |l, next| found |= l == label && next == to);
    found
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The states of a shortest route, first move's state first and goal
    /// last (the origin is not included), or `None` when no route exists.
    pub route: Option<Vec<StateId>>,
    /// How many states were reached before the search stopped: when the
    /// first goal's turn came in the breadth-first queue, or when no state
    /// was left. ([`cells::shortest_path`], and the search of a
    /// [`StateSpace::SCATTERED`] space, stop at the end of the goal's
    /// layer, so they count the whole layer.)
    pub reached: usize,
}

/// Breadth-first search from the origin to the nearest goal state.
///
/// See [`StateSpace`] for an example.
pub fn shortest_path(space: &impl StateSpace) -> Found {
    match seen::worth_it(space) {
        true => seen::shortest_path(space),
        false => explore::shortest_path_by_marks(space),
    }
}

#[cfg(test)]
mod ring;

#[cfg(test)]
mod tests {
    use super::*;

    /// A directed graph given by adjacency lists; labels are edge indices.
    struct Graph {
        edges: Vec<Vec<StateId>>,
        first: Vec<StateId>,
        goal: StateId,
    }

    impl StateSpace for Graph {
        fn state_count(&self) -> usize {
            self.edges.len()
        }
        fn first_states(&self, mut visit: impl FnMut(StateId)) {
            self.first.iter().for_each(|&s| visit(s));
        }
        fn successors(&self, state: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
            for &next in &self.edges[state as usize] {
                visit(state as MoveLabel, next);
            }
        }
        fn predecessor(&self, _state: StateId, label: MoveLabel) -> StateId {
            label as StateId
        }
        fn is_goal(&self, state: StateId) -> bool {
            state == self.goal
        }

        const MOVE_LABELS: MoveLabel = 16;
    }

    #[test]
    fn finds_the_shorter_of_two_branches() {
        // 0 → 1 → 2 → 5 and 0 → 3 → 5: the second is shorter.
        let graph = Graph {
            edges: vec![vec![1, 3], vec![2], vec![5], vec![5], vec![], vec![]],
            first: vec![0],
            goal: 5,
        };
        let found = shortest_path(&graph);
        assert_eq!(found.route, Some(vec![0, 3, 5]));
    }

    #[test]
    fn ties_go_to_the_first_listed_successor() {
        let graph = Graph {
            edges: vec![vec![2, 1], vec![3], vec![3], vec![]],
            first: vec![0],
            goal: 3,
        };
        assert_eq!(shortest_path(&graph).route, Some(vec![0, 2, 3]));
    }

    #[test]
    fn a_first_state_can_be_the_goal() {
        let graph = Graph {
            edges: vec![vec![], vec![]],
            first: vec![0, 1],
            goal: 1,
        };
        assert_eq!(shortest_path(&graph).route, Some(vec![1]));
    }

    #[test]
    fn unreachable_goal_reports_everything_reached() {
        let graph = Graph {
            edges: vec![vec![1], vec![0], vec![]],
            first: vec![0],
            goal: 2,
        };
        let found = shortest_path(&graph);
        assert_eq!(found.route, None);
        assert_eq!(found.reached, 2);
    }
}
