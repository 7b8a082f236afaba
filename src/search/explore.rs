//! The lean search: the walk with a byte a state ([`Marks`]), in one
//! queue or layer by layer on every thread of the pool, and the shortest
//! path read back from its marks.

use super::layers;
use super::marks::{Marks, rebuild};
use super::queue::Queue;
use super::walk::{drain, first_layer};
use super::{Found, StateSpace};

/// Explores from the origin with the lean one-byte ledger, stopping at the
/// first goal when `stop_at_first_goal` is set: layer by layer on every
/// thread of the current pool when the space is huge (and no goal is
/// a first state to stop at), with the same result either way. Returns the
/// ledger and how many states were reached.
pub(super) fn explore<S: StateSpace>(space: &S, stop_at_first_goal: bool) -> (Marks, usize) {
    let mut ledger = Marks::new(space, stop_at_first_goal);
    let first = first_layer(space, &mut ledger);
    let goals = || first.iter().copied().filter(|&state| space.is_goal(state));
    if !layers::worth_it(space) || (stop_at_first_goal && goals().next().is_some()) {
        let reached = drain(space, &mut ledger, &mut Queue::holding(first));
        return (ledger, reached);
    }
    ledger.goals.extend(goals());
    let reached = layers::walk(space, &mut ledger, first);
    (ledger, reached)
}

/// [`shortest_path`](super::shortest_path) by the walk that writes down,
/// for each state, the move that reached it.
pub(super) fn shortest_path_by_marks(space: &impl StateSpace) -> Found {
    let (ledger, reached) = explore(space, true);
    let goal = ledger.goals.first();
    Found {
        reached,
        route: goal.map(|&goal| rebuild(space, &ledger.marks, goal)),
    }
}
