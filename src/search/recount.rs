//! Counting the shortest routes again after a small change, from where the
//! change can first matter.
//!
//! The generator counts the routes of thousands of candidates, each one
//! change away from the maze it keeps. A breadth-first walk is the same as
//! the kept maze's up to the layer of the nearest state whose moves the
//! change touched: every layer up to it holds the same states in the same
//! order with the same counts. So a [`Recounter`] keeps the last walk it
//! was told to keep (its arrays, and its states in the order reached), and
//! walks a candidate from that layer on: the result is the one a fresh
//! walk finds, bit for bit, for a fraction of the work. A change no walk
//! expands (a sign on an unreached square) needs no walk at all.
//!
//! The route is rebuilt backwards from the goal by the moves that first
//! reached each state, as a fresh count does; once it meets the kept
//! route at a layer the walk did not redo, the rest is the kept route's.

use super::{
    counted, drain, first_layer, Counting, Fifo, Overwritten, Shortest, Slots, StateId, StateSpace,
    FIRST,
};

/// What a change to a space touched: the states whose moves (or whose
/// being a goal) may differ from before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Anything may differ: count from scratch.
    Everything,
    /// Only these states' moves may differ (none: nothing changed).
    States(Vec<StateId>),
}

/// The outcome of [`Recounter::count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recount {
    /// The change touched no state the kept walk expands: the count is the
    /// kept walk's.
    Same,
    /// The count of the changed space (`None`: no route).
    Counted(Option<Shortest>),
}

/// Counts the shortest routes of a space again and again as it changes,
/// going on from the last count kept: a changed space's walk is the kept
/// one's up to the layer of the nearest state the change touched, so only
/// the layers from there on are walked again.
///
/// Each [`count`](Recounter::count) is pending until it is kept
/// ([`keep`](Recounter::keep)) or dropped ([`discard`](Recounter::discard));
/// the next count goes on from the last one kept.
///
/// ```
/// use logicmaze::search::{shortest_routes, Changed, Recount, Recounter};
/// # use logicmaze::search::{MoveLabel, StateId, StateSpace};
/// # struct Line(u32);
/// # impl StateSpace for Line {
/// #     fn state_count(&self) -> usize { 6 }
/// #     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
/// #     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
/// #         if s < 4 { visit(0, s + 1) }
/// #         if s == 0 { visit(1, self.0) }
/// #     }
/// #     fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
/// #         if label == 0 { s.saturating_sub(1) } else { 0 }
/// #     }
/// #     fn is_goal(&self, s: StateId) -> bool { s == 4 }
/// #     const MOVE_LABELS: MoveLabel = 2;
/// # }
/// // A corridor 0 → 1 → 2 → 3 → 4 whose first state also jumps to
/// // `Line.0`; state 5 is never reached.
/// let mut counter = Recounter::new();
/// let before = counter.count(&Line(2), Changed::Everything);
/// assert_eq!(before, Recount::Counted(shortest_routes(&Line(2))));
/// counter.keep();
/// // Only state 0's moves change: the walk goes on from its layer.
/// let after = counter.count(&Line(3), Changed::States(vec![0]));
/// assert_eq!(after, Recount::Counted(shortest_routes(&Line(3))));
/// counter.discard();
/// // A change to a state the walk never reached changes nothing.
/// assert_eq!(counter.count(&Line(2), Changed::States(vec![5])), Recount::Same);
/// ```
#[derive(Debug, Default)]
pub struct Recounter {
    /// The arrays, holding the kept walk (generation `slots.kept`).
    slots: Option<Slots>,
    /// The kept walk's states in the order reached.
    order: Vec<StateId>,
    /// The kept walk's limit: no state farther was expanded.
    limit: u32,
    /// The kept walk's route (empty: none), its first move first.
    route: Vec<StateId>,
    /// The count waiting to be kept or discarded.
    pending: Option<Pending>,
    /// A spare vector for the next count's undo list.
    spare: Vec<Overwritten>,
}

/// A count not yet kept or discarded.
#[derive(Debug)]
struct Pending {
    /// Where the layer the walk went on from starts and ends in the kept
    /// order.
    start: usize,
    end: usize,
    /// The states the walk reached from that layer on (the layer first).
    order: Vec<StateId>,
    limit: u32,
    route: Vec<StateId>,
}

impl Recount {
    /// The count passed through `f`; `None` when it is the kept count.
    pub fn map<T>(self, f: impl FnOnce(Option<&Shortest>) -> T) -> Option<T> {
        match self {
            Recount::Same => None,
            Recount::Counted(shortest) => Some(f(shortest.as_ref())),
        }
    }
}

impl Recounter {
    /// A recounter keeping no walk yet: its first count is from scratch.
    pub fn new() -> Recounter {
        Recounter::default()
    }

    /// Counts the shortest routes of `space`, which differs from the space
    /// of the last count kept only as `changed` says. The result is what
    /// [`shortest_routes`](super::shortest_routes) finds, or
    /// [`Recount::Same`] when that is the kept count's. Discards a count
    /// still pending.
    pub fn count<S: StateSpace>(&mut self, space: &S, changed: Changed) -> Recount {
        self.discard();
        let count = space.state_count();
        let slots = match self.slots.take() {
            Some(slots) if slots.entries.len() == count => slots,
            _ => Slots::new(count),
        };
        let Some(mut horizon) = self.horizon(&slots, &changed) else {
            self.slots = Some(slots);
            return Recount::Same;
        };
        let mut slots = slots;
        if !slots.next_generation() {
            horizon = 0;
        }
        slots.horizon = horizon;
        slots.undo = (slots.kept != 0).then(|| std::mem::take(&mut self.spare));
        let (start, end) = match horizon {
            0 => (0, 0),
            _ => (
                self.order
                    .partition_point(|&s| slots.kept_distance(s) < horizon),
                self.order
                    .partition_point(|&s| slots.kept_distance(s) <= horizon),
            ),
        };
        let mut ledger = Counting {
            slots,
            goals: Vec::new(),
            limit: u32::MAX,
        };
        let layer = match horizon {
            0 => first_layer(space, &mut ledger),
            _ => self.order[start..end].to_vec(),
        };
        let mut queue = Ordered {
            states: layer,
            head: 0,
        };
        drain(space, &mut ledger, &mut queue);
        let route = match ledger.goals.first() {
            Some(&goal) => self.rebuild(space, &ledger.slots, goal, horizon),
            None => Vec::new(),
        };
        let shortest = (!route.is_empty()).then(|| counted(space, &ledger, route.clone()));
        self.pending = Some(Pending {
            start,
            end,
            order: queue.states,
            limit: ledger.limit,
            route,
        });
        self.slots = Some(ledger.slots);
        Recount::Counted(shortest)
    }

    /// The route to `goal` by the moves that first reached each state,
    /// first move first: backwards until it meets the kept route at a
    /// layer up to `horizon`, which the walk did not redo, and from there
    /// the kept route's start (the same moves reached the same states).
    fn rebuild(
        &self,
        space: &impl StateSpace,
        slots: &Slots,
        goal: StateId,
        horizon: u32,
    ) -> Vec<StateId> {
        let mut back = vec![goal];
        let mut state = goal;
        let mut kept = 0;
        while slots.mark(state) != FIRST {
            let distance = slots.distance(state);
            let before = distance.saturating_sub(1) as usize;
            if distance <= horizon && self.route.get(before) == Some(&state) {
                kept = before;
                break;
            }
            state = space.predecessor(state, slots.mark(state) - 2);
            back.push(state);
        }
        let mut route = self.route[..kept].to_vec();
        route.extend(back.iter().rev());
        route
    }

    /// The layer a walk of the changed space goes on from: the nearest
    /// state the change touched that the kept walk expands or finds a goal
    /// at (0: from scratch; `None`: no walk needed).
    fn horizon(&self, slots: &Slots, changed: &Changed) -> Option<u32> {
        match changed {
            _ if slots.kept == 0 => Some(0),
            Changed::Everything => Some(0),
            Changed::States(states) => states
                .iter()
                .map(|&state| slots.kept_distance(state))
                .filter(|&distance| distance != 0 && distance <= self.limit)
                .min(),
        }
    }

    /// Keeps the pending count: the next goes on from it.
    pub fn keep(&mut self) {
        let (Some(pending), Some(slots)) = (self.pending.take(), self.slots.as_mut()) else {
            return;
        };
        for &state in &self.order[..pending.end] {
            slots.adopt(state);
        }
        self.order.truncate(pending.start);
        self.order.extend_from_slice(&pending.order);
        self.limit = pending.limit;
        self.route = pending.route;
        slots.kept = slots.generation;
        self.spare = slots.undo.take().unwrap_or_default();
        self.spare.clear();
    }

    /// Drops the pending count: the next goes on from the last kept.
    pub fn discard(&mut self) {
        let (Some(_), Some(slots)) = (self.pending.take(), self.slots.as_mut()) else {
            return;
        };
        let mut undo = slots.undo.take().unwrap_or_default();
        for (state, entry) in undo.drain(..).rev() {
            slots.entries[state as usize] = entry;
        }
        self.spare = undo;
    }
}

/// A queue that keeps every state it was given, in order: the walk's
/// order, which the next count goes on from.
struct Ordered {
    states: Vec<StateId>,
    head: usize,
}

impl Fifo for Ordered {
    #[inline]
    fn pop(&mut self) -> Option<StateId> {
        let state = self.states.get(self.head).copied();
        self.head += state.is_some() as usize;
        state
    }

    #[inline]
    fn waiting(&self, ahead: usize) -> Option<StateId> {
        self.states.get(self.head + ahead).copied()
    }

    #[inline]
    fn offer(&mut self, state: StateId, keep: bool) {
        if keep {
            self.states.push(state);
        }
    }

    fn pushed(&self) -> usize {
        self.states.len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{shortest_routes, MoveLabel};
    use super::*;
    use proptest::prelude::*;

    /// A graph of up to 24 states, each with up to three moves, labelled
    /// by the state they leave and their index there; state 0 is the
    /// first, the last two are goals.
    #[derive(Clone, Debug)]
    struct Graph {
        edges: Vec<Vec<StateId>>,
    }

    impl StateSpace for Graph {
        fn state_count(&self) -> usize {
            self.edges.len()
        }
        fn first_states(&self, mut visit: impl FnMut(StateId)) {
            visit(0)
        }
        fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
            for (k, &to) in self.edges[s as usize].iter().enumerate() {
                visit((s as usize * 3 + k) as MoveLabel, to);
            }
        }
        fn predecessor(&self, _: StateId, label: MoveLabel) -> StateId {
            label as StateId / 3
        }
        fn is_goal(&self, s: StateId) -> bool {
            s as usize + 2 >= self.edges.len()
        }
        const MOVE_LABELS: MoveLabel = 72;
    }

    /// Moves to `targets` (below `n`), each once: the engine, like every
    /// family, never has two moves from one state to another.
    fn moves(targets: &[u32], n: usize) -> Vec<StateId> {
        let mut moves = Vec::new();
        for to in targets.iter().map(|&to| to % n as u32) {
            if !moves.contains(&to) {
                moves.push(to);
            }
        }
        moves
    }

    fn graph() -> impl Strategy<Value = Graph> {
        (4usize..24).prop_flat_map(|n| {
            prop::collection::vec(prop::collection::vec(0u32..24, 0..=3), n).prop_map(|edges| {
                let n = edges.len();
                Graph {
                    edges: edges.iter().map(|targets| moves(targets, n)).collect(),
                }
            })
        })
    }

    /// One change: a state's moves replaced, and whether to keep it.
    fn changes() -> impl Strategy<Value = Vec<(usize, Vec<u32>, bool)>> {
        prop::collection::vec(
            (
                0usize..24,
                prop::collection::vec(0u32..24, 0..=3),
                any::<bool>(),
            ),
            1..30,
        )
    }

    proptest! {
        /// After any run of changes, kept or discarded, each count is what
        /// a fresh walk of the changed graph finds.
        #[test]
        fn a_recount_is_a_fresh_count(mut kept in graph(), changes in changes()) {
            let mut counter = Recounter::new();
            let first = counter.count(&kept, Changed::Everything);
            prop_assert_eq!(first, Recount::Counted(shortest_routes(&kept)));
            counter.keep();
            let mut kept_count = shortest_routes(&kept);
            for (state, targets, keep) in changes {
                let n = kept.edges.len();
                let mut changed = kept.clone();
                let state = state % n;
                changed.edges[state] = moves(&targets, n);
                let fresh = shortest_routes(&changed);
                match counter.count(&changed, Changed::States(vec![state as StateId])) {
                    Recount::Same => prop_assert_eq!(&fresh, &kept_count),
                    Recount::Counted(count) => prop_assert_eq!(&count, &fresh),
                }
                match keep {
                    true => {
                        counter.keep();
                        kept = changed;
                        kept_count = fresh;
                    }
                    false => counter.discard(),
                }
            }
        }
    }
}
