//! The census: every state reachable explored, the shortest routes
//! counted, and the states that cannot reach a goal found by a walk
//! backwards from the goals.

use super::counting::{Counting, Shortest, counted};
use super::explore::explore;
use super::marks::{Marks, mark_in, rebuild};
use super::slots::{Scratch, Slots};
use super::walk::walk;
use super::{StateId, StateSpace, layers, parallel, seen};

/// Everything a full search learns about a maze: the shortest routes (how
/// many, and two of them when there are several), which states are
/// reachable, and which of those cannot lead to a goal.
///
/// Costs about 17 bytes per state (distance, route count, mark, queue), so
/// it is for analysis; [`shortest_path`](super::shortest_path) is the lean
/// search.
///
/// ```
/// use logicmaze::search::{census, MoveLabel, StateId, StateSpace};
///
/// // A diamond 0 → {1, 2} → 3: two shortest routes to the goal 3.
/// struct Diamond;
/// impl StateSpace for Diamond {
///     fn state_count(&self) -> usize { 4 }
///     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
///     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
///         match s { 0 => { visit(0, 1); visit(1, 2) } 1 | 2 => visit(s as MoveLabel + 1, 3), _ => {} }
///     }
///     fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
///         if s == 3 { (label as StateId).saturating_sub(1) } else { 0 }
///     }
///     fn is_goal(&self, s: StateId) -> bool { s == 3 }
///     const MOVE_LABELS: MoveLabel = 4;
/// }
///
/// let census = census(&Diamond);
/// let shortest = census.shortest.unwrap();
/// assert_eq!((shortest.count, shortest.saturated), (2, false));
/// assert_eq!(shortest.route, vec![0, 1, 3]);
/// assert_eq!(shortest.alternative, Some(vec![0, 2, 3]));
/// ```
#[derive(Clone, Debug)]
pub struct Census {
    /// The shortest routes, or `None` when the goal cannot be reached.
    pub shortest: Option<Shortest>,
    /// States reachable from the origin.
    pub reached: usize,
    /// Reachable states, goals aside, from which no goal can be reached.
    pub doomed: usize,
    /// Per state: the exploration's mark (0 = not reached) above
    /// `data_bits` bits of the family's data.
    marks: Vec<u8>,
    data_bits: u32,
}

impl Census {
    /// Whether the origin can reach `state`.
    pub fn is_reached(&self, state: StateId) -> bool {
        self.marks
            .get(state as usize)
            .is_some_and(|&byte| mark_in(byte, self.data_bits) != 0)
    }

    /// For each of `width` columns, whether the origin can reach a state
    /// in it, the states laid out in rows of `width` (state `s` in column
    /// `s % width`): [`Census::is_reached`] folded down the columns, a
    /// pass over the marks that the compiler makes wide.
    ///
    /// ```
    /// use logicmaze::family::minotaur::MinotaurMaze;
    /// use logicmaze::search::{census, StateSpace};
    /// use logicmaze::{Direction, Position};
    /// let p = Position::new;
    /// let maze = MinotaurMaze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
    /// let census = census(&maze);
    /// let whole = census.reached_columns(maze.state_count());
    /// assert_eq!(whole.iter().filter(|&&reached| reached).count(), census.reached);
    /// assert!(census.reached_columns(1)[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reached_columns(&self, width: usize) -> Vec<bool> {
        let mut any = vec![0u8; width];
        for row in self.marks.chunks(width.max(1)) {
            // Or'ed in without a branch a byte.
            for (any, &byte) in any.iter_mut().zip(row) {
                *any |= mark_in(byte, self.data_bits);
            }
        }
        any.into_iter().map(|marks| marks != 0).collect()
    }
}

/// Explores every state reachable from the origin, then counts the
/// shortest routes to the goal.
///
/// The exploration keeps one mark byte per state, as
/// [`shortest_path`](super::shortest_path) does (the same ledger, not
/// stopping at the goal). Counting needs 16 bytes per state, but only for
/// the states nearer than the goal, and only when a goal is reachable;
/// they are fresh, and freed when it returns ([`census_in`] takes them
/// from a [`Scratch`] of the caller's).
pub fn census<S: StateSpace>(space: &S) -> Census {
    census_in(space, &mut Scratch::new())
}

/// [`census`], counting in the arrays `scratch` keeps and giving them back
/// to it: a run of many small censuses (a batch's `check`) allocates and
/// clears them once, and they are freed with the scratch.
///
/// ```
/// use logicmaze::search::{Scratch, census, census_in};
/// # use logicmaze::search::{MoveLabel, StateId, StateSpace};
/// # struct Diamond;
/// # impl StateSpace for Diamond {
/// #     fn state_count(&self) -> usize { 4 }
/// #     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
/// #     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
/// #         match s { 0 => { visit(0, 1); visit(1, 2) } 1 | 2 => visit(s as MoveLabel + 1, 3), _ => {} }
/// #     }
/// #     fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
/// #         if s == 3 { (label as StateId).saturating_sub(1) } else { 0 }
/// #     }
/// #     fn is_goal(&self, s: StateId) -> bool { s == 3 }
/// #     const MOVE_LABELS: MoveLabel = 4;
/// # }
/// let mut scratch = Scratch::new();
/// for _ in 0..3 {
///     assert_eq!(census_in(&Diamond, &mut scratch).shortest, census(&Diamond).shortest);
/// }
/// ```
pub fn census_in<S: StateSpace>(space: &S, scratch: &mut Scratch) -> Census {
    let (explored, reached) = explore(space, false);
    let Marks { marks, goals, .. } = explored;
    let shortest = goals.first().map(|&goal| {
        let route = rebuild(space, &marks, goal);
        count_routes(space, &marks, reached, route, scratch)
    });
    let hopeful = match goals.is_empty() {
        true => 0,
        false => hopeful(space, &marks, &goals).1,
    };
    Census {
        shortest,
        reached,
        doomed: reached - hopeful,
        marks,
        data_bits: S::DATA_BITS,
    }
}

/// Route counting keeps entries for the reached states alone when they
/// are more than this part of the space: one in 64.
const RANKED_FROM: usize = 64;

/// Counts the routes as short as `route` (the first found), walking only
/// the states at most that far, in arrays for every state taken from
/// `scratch` and given back to it, or in arrays of its own.
fn count_routes<S: StateSpace>(
    space: &S,
    marks: &[u8],
    reached: usize,
    route: Vec<StateId>,
    scratch: &mut Scratch,
) -> Shortest {
    // Entries for the reached states alone pay where they are many: for a
    // few, the pages a walk writes in an array for every state are few,
    // and ranking costs a pass over every state's mark.
    let slots = match reached > marks.len() / RANKED_FROM {
        true => Slots::for_reached(marks, S::DATA_BITS),
        false => Slots::within(scratch, space.state_count()),
    };
    let mut ledger = Counting {
        slots,
        goals: Vec::new(),
        limit: route.len() as u32,
    };
    walk(space, &mut ledger);
    let shortest = counted(space, &ledger, route);
    ledger.slots.give_back(scratch);
    shortest
}

/// The reached states that can reach a goal (goals included), a bit a
/// state, and how many they are, walking real moves backwards from the
/// goals, layer by layer on every thread of the current pool (the order
/// does not matter).
pub(super) fn hopeful<S: StateSpace>(
    space: &S,
    marks: &[u8],
    goals: &[StateId],
) -> (Vec<std::sync::atomic::AtomicU64>, usize) {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    // A bit a state: the pass touches far fewer pages than with a byte.
    let hopeful: Vec<AtomicU64> = (0..marks.len().div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let bit = |s: StateId| (&hopeful[seen::word_of(s)], seen::bit_of(s));
    // Whether this call made `s` hopeful.
    let make_hopeful = |s: StateId| {
        let (word, bit) = bit(s);
        word.fetch_or(bit, Relaxed) & bit == 0
    };
    let worth = |from: StateId| {
        let (word, bit) = bit(from);
        marks
            .get(from as usize)
            .is_some_and(|&byte| mark_in(byte, S::DATA_BITS) != 0)
            && word.load(Relaxed) & bit == 0
    };
    // Adds the states a part of a layer makes hopeful to `found`.
    let expand = |part: &[StateId], found: &mut Vec<StateId>| {
        for &state in part {
            space.predecessors(state, worth, |from| {
                if make_hopeful(from) {
                    found.push(from);
                }
            });
        }
    };
    // A small space's layers are small: handing them out would cost more
    // than it spares (a batch of small mazes checks each on one thread).
    let on_the_pool = marks.len() >= layers::MIN_STATES;
    let mut layer: Vec<StateId> = goals.iter().copied().filter(|&g| make_hopeful(g)).collect();
    let mut next = Vec::new();
    let mut count = layer.len();
    while !layer.is_empty() {
        next.clear();
        match on_the_pool {
            true => {
                let parts = parallel::map_chunks(&layer, HOPEFUL_CHUNK, |part| {
                    let mut found = Vec::new();
                    expand(part, &mut found);
                    found
                });
                parts.iter().for_each(|found| next.extend_from_slice(found));
            }
            false => expand(&layer, &mut next),
        }
        std::mem::swap(&mut layer, &mut next);
        count += layer.len();
    }
    (hopeful, count)
}

/// The states of a layer one thread takes at a time when counting the
/// hopeful states: enough to pay for handing them out.
const HOPEFUL_CHUNK: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{MoveLabel, shortest_routes};

    /// Goals 1 and 2; the first layer is [0, 1], and 0 leads to 2. The
    /// walk reaches goal 2 (one layer farther) before goal 1's turn comes:
    /// it is no end of a shortest route.
    struct LateGoal;

    impl StateSpace for LateGoal {
        fn state_count(&self) -> usize {
            3
        }
        fn first_states(&self, mut visit: impl FnMut(StateId)) {
            visit(0);
            visit(1);
        }
        fn successors(&self, state: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
            if state == 0 {
                visit(0, 2);
            }
        }
        fn predecessor(&self, _state: StateId, _label: MoveLabel) -> StateId {
            0
        }
        fn is_goal(&self, state: StateId) -> bool {
            state > 0
        }

        const MOVE_LABELS: MoveLabel = 1;
    }

    #[test]
    fn a_goal_one_layer_late_is_not_counted() {
        let shortest = shortest_routes(&LateGoal).unwrap();
        assert_eq!((shortest.count, shortest.route.clone()), (1, vec![1]));
        assert_eq!(Some(shortest), census(&LateGoal).shortest);
    }
}
