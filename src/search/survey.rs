//! A survey of every state, for a designer's marks (`logicmaze edit`):
//! whether the origin reaches it, whether a goal can still be reached from
//! it, and whether it lies on a shortest route.
//! [`census`](fn@super::census) counts the first two and finds two routes;
//! the survey keeps a bit a state of each, and walks the shortest routes'
//! states back from the goals, at the cost of a second walk.

use std::sync::atomic::AtomicU64;

use super::census::hopeful;
use super::counting::{Counting, shortest_predecessors};
use super::explore::explore;
use super::marks::{Marks, mark_in};
use super::seen::{bit_of, word_of};
use super::slots::Slots;
use super::walk::walk;
use super::{StateId, StateSpace};

/// What a [`survey`] found of each state.
///
/// ```
/// use logicmaze::search::{survey, MoveLabel, StateId, StateSpace};
///
/// // 0 → 1 → 3 (the goal), 0 → 2 → 4 → 3, and 0 → 5, a dead end; 6 is
/// // never reached. A move's label is the state it leaves.
/// struct Fork;
/// impl StateSpace for Fork {
///     fn state_count(&self) -> usize { 7 }
///     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
///     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
///         let next: &[StateId] = match s { 0 => &[1, 2, 5], 1 => &[3], 2 => &[4], 4 => &[3], _ => &[] };
///         next.iter().for_each(|&to| visit(s as MoveLabel, to));
///     }
///     fn predecessor(&self, _: StateId, label: MoveLabel) -> StateId { label as StateId }
///     fn is_goal(&self, s: StateId) -> bool { s == 3 }
///     const MOVE_LABELS: MoveLabel = 7;
/// }
///
/// let survey = survey(&Fork);
/// assert!(survey.is_reached(4) && !survey.is_reached(6));
/// assert!(survey.is_hopeful(4) && !survey.is_hopeful(5));
/// assert!(survey.is_on_shortest(1) && !survey.is_on_shortest(4));
/// ```
#[derive(Clone, Debug)]
pub struct Survey {
    reached: Vec<u64>,
    hopeful: Vec<u64>,
    on_shortest: Vec<u64>,
}

impl Survey {
    /// Whether the origin reaches `state`.
    pub fn is_reached(&self, state: StateId) -> bool {
        holds(&self.reached, state)
    }

    /// Whether a goal can be reached from `state` (a goal is hopeful).
    pub fn is_hopeful(&self, state: StateId) -> bool {
        holds(&self.hopeful, state)
    }

    /// Whether `state` lies on a shortest route from the origin to a goal
    /// (none does when no goal can be reached).
    pub fn is_on_shortest(&self, state: StateId) -> bool {
        holds(&self.on_shortest, state)
    }
}

fn holds(bits: &[u64], state: StateId) -> bool {
    bits.get(word_of(state))
        .is_some_and(|word| word & bit_of(state) != 0)
}

/// Every state of `space` surveyed: reached, hopeful, on a shortest route.
/// It takes the exploration's byte a state, three bits a state, and, when
/// a goal is reached, the route count's 16 bytes a state nearer than the
/// goal (see [`census`](fn@super::census)).
pub fn survey<S: StateSpace>(space: &S) -> Survey {
    let (explored, _) = explore(space, false);
    let Marks { marks, goals, .. } = explored;
    let words = marks.len().div_ceil(64);
    let mut reached = vec![0u64; words];
    for (state, &byte) in (0..).zip(&marks) {
        if mark_in(byte, S::DATA_BITS) != 0 {
            reached[word_of(state)] |= bit_of(state);
        }
    }
    let (hopeful, on_shortest) = match goals.first() {
        None => (vec![0; words], vec![0; words]),
        Some(_) => {
            let (bits, _) = hopeful(space, &marks, &goals);
            let bits = bits.into_iter().map(AtomicU64::into_inner).collect();
            (bits, shortest_states(space, words))
        }
    };
    Survey {
        reached,
        hopeful,
        on_shortest,
    }
}

/// The states of the shortest routes: the route-counting walk's distances
/// (the walk ends with the nearest goals' layer), walked back from those
/// goals by the moves that come one nearer the origin.
fn shortest_states<S: StateSpace>(space: &S, words: usize) -> Vec<u64> {
    let mut ledger = Counting {
        slots: Slots::new(space.state_count()),
        goals: Vec::new(),
        limit: u32::MAX,
    };
    walk(space, &mut ledger);
    let Counting {
        slots, mut goals, ..
    } = ledger;
    let mut on = vec![0u64; words];
    let mut mark = |state: StateId| {
        let (word, bit) = (word_of(state), bit_of(state));
        let new = on[word] & bit == 0;
        on[word] |= bit;
        new
    };
    goals.retain(|&goal| mark(goal));
    let mut waiting = goals;
    while let Some(state) = waiting.pop() {
        for from in shortest_predecessors(space, &slots, state) {
            if mark(from) {
                waiting.push(from);
            }
        }
    }
    on
}
