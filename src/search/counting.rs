//! Route counting: the walk that writes down a distance and a route
//! count a state ([`Counting`]), the shortest routes it finds
//! ([`Shortest`]), and a second shortest route when there are several.

use super::marks::rebuild_with;
use super::slots::Slots;
use super::walk::{Ledger, walk};
use super::{FIRST, MoveLabel, StateId, StateSpace};

/// The shortest routes to the goal, counted, or `None` when the goal cannot
/// be reached: a [`census`](fn@super::census) that stops at the goal's
/// layer, so it neither explores the states beyond nor says which states
/// are doomed, and counts in the same walk that finds the route. Its route
/// and alternative are the census's.
///
/// ```
/// use logicmaze::search::{census, shortest_routes};
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
/// assert_eq!(shortest_routes(&Diamond), census(&Diamond).shortest);
/// ```
pub fn shortest_routes<S: StateSpace>(space: &S) -> Option<Shortest> {
    let mut ledger = Counting {
        slots: Slots::new(space.state_count()),
        goals: Vec::new(),
        limit: u32::MAX,
    };
    walk(space, &mut ledger);
    let route = rebuild_from(space, &ledger.slots, *ledger.goals.first()?);
    Some(counted(space, &ledger, route))
}

/// The shortest routes of a [`Census`](super::Census).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortest {
    /// How many distinct shortest routes there are, saturating at
    /// `u64::MAX` (see `saturated`).
    pub count: u64,
    /// Whether counting hit `u64::MAX`: then there are at least that many.
    pub saturated: bool,
    /// The first shortest route found (the one
    /// [`shortest_path`](super::shortest_path) returns), as states, first
    /// move's state first.
    pub route: Vec<StateId>,
    /// A second, different shortest route when there are several.
    pub alternative: Option<Vec<StateId>>,
}

/// The ledger of route counting: distance, route count and first-found
/// move per state, for states at most `limit` moves away.
pub(super) struct Counting {
    pub(super) slots: Slots,
    /// The goals reached at the nearest goal's distance, in the order
    /// found: the first is the one [`shortest_path`](super::shortest_path)
    /// stops at, since both walks find states in the same order.
    pub(super) goals: Vec<StateId>,
    /// No state farther than this is reached: the first goal's distance,
    /// given or set when that goal's turn comes.
    pub(super) limit: u32,
}

impl Ledger for Counting {
    fn first<S: StateSpace>(&mut self, _: &S, state: StateId) -> bool {
        let new = !self.slots.is_reached(state);
        if new {
            self.slots.reach(state, 1, FIRST, 1);
        }
        new
    }

    /// The distance of a move from the state, and the routes to it; `None`
    /// once that distance is past the limit.
    type Expanding = (u32, u64);

    #[inline]
    fn expanding(&self, state: StateId) -> Option<(u32, u64)> {
        let distance = self.slots.distance(state) + 1;
        (distance <= self.limit).then(|| (distance, self.slots.routes(state)))
    }

    #[inline(always)]
    fn reach<S: StateSpace>(
        &mut self,
        _: &S,
        (distance, routes): (u32, u64),
        label: MoveLabel,
        to: StateId,
    ) -> bool {
        match self.slots.distance(to) {
            0 => {
                self.slots.reach(to, distance, label + 2, routes);
                true
            }
            known => {
                if known == distance {
                    let sum = &mut self.slots.entry_mut(to).routes;
                    *sum = sum.saturating_add(routes);
                }
                false
            }
        }
    }

    fn goal(&mut self, state: StateId) {
        let distance = self.slots.distance(state);
        if self.goals.is_empty() {
            self.limit = self.limit.min(distance);
        }
        // Goals one layer farther, reached before the first goal's turn
        // came, are not ends of shortest routes.
        if distance == self.limit {
            self.goals.push(state);
        }
    }

    fn done(&self) -> bool {
        false
    }
}

/// The count of a finished counting walk whose first goal `route` reaches.
pub(super) fn counted(space: &impl StateSpace, ledger: &Counting, route: Vec<StateId>) -> Shortest {
    let Counting { slots, goals, .. } = ledger;
    let total = goals
        .iter()
        .try_fold(0u64, |sum, &g| sum.checked_add(slots.routes(g)));
    let count = total.unwrap_or(u64::MAX);
    // Both walks find states in the same order: the first goal is the same.
    debug_assert_eq!(goals.first(), route.last());
    Shortest {
        count,
        saturated: count == u64::MAX,
        alternative: (count > 1).then(|| alternative(space, slots, &route, goals)),
        route,
    }
}

/// The moves into `state` that a shortest route can take: reached
/// non-goal predecessors one step nearer the origin that have that move.
pub(super) fn shortest_predecessors(
    space: &impl StateSpace,
    slots: &Slots,
    state: StateId,
) -> Vec<StateId> {
    let nearer = slots.distance(state) - 1;
    let mut found = Vec::new();
    let worth = |from: StateId| nearer > 0 && slots.distance(from) == nearer;
    space.predecessors(state, worth, |from| found.push(from));
    found
}

/// A shortest route other than `route`: another nearest goal's, or else
/// through the state of `route` nearest the goal that has a second shortest
/// predecessor.
fn alternative(
    space: &impl StateSpace,
    slots: &Slots,
    route: &[StateId],
    goals: &[StateId],
) -> Vec<StateId> {
    let goal = route[route.len() - 1];
    if let Some(&other) = goals.iter().find(|&&g| g != goal) {
        return rebuild_from(space, slots, other);
    }
    for (i, &state) in route.iter().enumerate().rev() {
        let taken = i.checked_sub(1).map(|j| route[j]);
        let other = shortest_predecessors(space, slots, state)
            .into_iter()
            .find(|&from| Some(from) != taken);
        if let Some(other) = other {
            let mut alternative = rebuild_from(space, slots, other);
            alternative.extend_from_slice(&route[i..]);
            return alternative;
        }
    }
    unreachable!("a count above one means some state on the route has two shortest predecessors")
}

/// [`rebuild`](super::marks::rebuild) over route-counting slots.
fn rebuild_from(space: &impl StateSpace, slots: &Slots, goal: StateId) -> Vec<StateId> {
    rebuild_with(space, |state| slots.mark(state), goal)
}
