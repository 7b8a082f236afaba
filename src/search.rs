//! The one search engine behind every maze family.
//!
//! A family describes its puzzle as a [`StateSpace`]: states are dense
//! integers `0..state_count`, the route starts at an *origin* that is not
//! itself a state (the die before its first roll, the walker before leaving
//! the entrance), and every move carries a small label from which the family
//! can undo it. The engine knows nothing else about mazes.
//!
//! Memory per state is one byte (`0` = not reached, [`FIRST`] = reached by
//! the first move, `2 + label` = reached by the move with that label), plus
//! a four-byte queue slot for each state in the current and next layers of
//! the search. Routes are rebuilt backwards by undoing the recorded moves,
//! so no parent index is stored.
//!
//! Ties between equally short routes are broken by the order in which a
//! family lists successors: the first route found in breadth-first order
//! wins, so the result is deterministic.

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
/// }
///
/// let found = shortest_path(&Corridor);
/// assert_eq!(found.route, Some(vec![0, 1, 2, 3, 4]));
/// ```
pub trait StateSpace {
    /// The number of states; every state id is below it.
    fn state_count(&self) -> usize;

    /// Calls `visit` with each state reachable by the first move from the
    /// origin, in the family's preferred order.
    fn first_states(&self, visit: impl FnMut(StateId));

    /// Calls `visit` with the label and target of every move out of `state`,
    /// in the family's preferred order.
    fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId));

    /// The state that the move `label` into `state` came from.
    fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId;

    /// Whether arriving in `state` completes the route.
    fn is_goal(&self, state: StateId) -> bool;
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The states of a shortest route, first move's state first and goal
    /// last (the origin is not included), or `None` when no route exists.
    pub route: Option<Vec<StateId>>,
    /// How many states were reached before the search stopped.
    pub reached: usize,
}

/// Breadth-first search from the origin to the nearest goal state.
///
/// See [`StateSpace`] for an example.
pub fn shortest_path(space: &impl StateSpace) -> Found {
    let mut marks = vec![0u8; space.state_count()];
    let mut queue = Queue::new();
    let mut goal = None;

    space.first_states(|state| {
        if goal.is_none() && marks[state as usize] == 0 {
            marks[state as usize] = FIRST;
            queue.offer(state, true);
            if space.is_goal(state) {
                goal = Some(state);
            }
        }
    });

    while goal.is_none() {
        let Some(state) = queue.pop() else { break };
        let first_new = queue.pushed();
        let mut reached_goal = false;
        space.successors(state, |label, next| {
            debug_assert!((label as usize) < MAX_MOVE_LABELS);
            let mark = &mut marks[next as usize];
            let new = *mark == 0;
            *mark |= (label + 2) * new as u8;
            queue.offer(next, new);
            reached_goal |= new & space.is_goal(next);
        });
        if reached_goal {
            goal = queue.pushed_since(first_new).find(|&s| space.is_goal(s));
        }
    }

    Found {
        reached: queue.pushed(),
        route: goal.map(|goal| rebuild(space, &marks, goal)),
    }
}

/// The breadth-first queue: a ring buffer whose capacity (a power of two)
/// doubles when full, so it holds about two layers of the search rather
/// than every state ever reached.
struct Queue {
    slots: Vec<StateId>,
    /// How many states were ever popped and pushed; slot = count & mask.
    popped: usize,
    pushed: usize,
}

impl Queue {
    const INITIAL_CAPACITY: usize = 1024;

    fn new() -> Queue {
        Queue {
            slots: vec![0; Queue::INITIAL_CAPACITY],
            popped: 0,
            pushed: 0,
        }
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    fn pop(&mut self) -> Option<StateId> {
        (self.popped < self.pushed).then(|| {
            let state = self.slots[self.popped & self.mask()];
            self.popped += 1;
            state
        })
    }

    /// Writes `state` at the tail and keeps it only when `keep` holds: no
    /// branch on `keep`, which a search cannot predict.
    #[inline]
    fn offer(&mut self, state: StateId, keep: bool) {
        if self.pushed - self.popped == self.slots.len() {
            self.grow();
        }
        let slot = self.pushed & self.mask();
        self.slots[slot] = state;
        self.pushed += keep as usize;
    }

    /// Everything pushed so far, popped or not.
    fn pushed(&self) -> usize {
        self.pushed
    }

    /// The states pushed after the first `count` pushes, in order.
    fn pushed_since(&self, count: usize) -> impl Iterator<Item = StateId> + '_ {
        (count..self.pushed).map(|i| self.slots[i & self.mask()])
    }

    #[cold]
    fn grow(&mut self) {
        let waiting: Vec<StateId> = (self.popped..self.pushed)
            .map(|i| self.slots[i & self.mask()])
            .collect();
        let capacity = self.slots.len() * 2;
        let mut slots = vec![0; capacity];
        let start = self.popped & (capacity - 1);
        for (i, state) in waiting.into_iter().enumerate() {
            slots[(start + i) & (capacity - 1)] = state;
        }
        self.slots = slots;
    }
}

/// Walks the recorded moves back from `goal` to a first state.
fn rebuild(space: &impl StateSpace, marks: &[u8], goal: StateId) -> Vec<StateId> {
    let mut route = vec![goal];
    let mut state = goal;
    while marks[state as usize] != FIRST {
        state = space.predecessor(state, marks[state as usize] - 2);
        route.push(state);
    }
    route.reverse();
    route
}

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
    fn the_queue_grows_and_keeps_its_order() {
        let mut queue = Queue::new();
        let mut expected = std::collections::VecDeque::new();
        for i in 0..10_000u32 {
            queue.offer(i, i % 3 != 0);
            if i % 3 != 0 {
                expected.push_back(i);
            }
            if i % 5 == 0 {
                assert_eq!(queue.pop(), expected.pop_front());
            }
        }
        while let Some(state) = expected.pop_front() {
            assert_eq!(queue.pop(), Some(state));
        }
        assert_eq!(queue.pop(), None);
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
