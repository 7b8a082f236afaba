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
//!
//! The walk itself is here. Beside it: the shortcuts a recounter refuses
//! uncounted, found by a probe before the walk or watched for during it
//! (`shortcut.rs`), and the walk's meeting with the kept walk again, from
//! where the rest is the kept walk's (`meeting.rs`).

mod meeting;
mod shortcut;

use super::counting::{Counting, Shortest, counted};
use super::queue::Fifo;
use super::slots::{Overwritten, Slots};
use super::walk::{drain, first_layer};
use super::{FIRST, StateId, StateSpace};
use meeting::Meeting;
use shortcut::{Ahead, Probe};

/// What a change to a space touched: the states whose moves (or whose
/// being a goal) may differ from before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Anything may differ: count from scratch.
    Everything,
    /// Only these states' moves may differ (none: nothing changed).
    States(Vec<StateId>),
}

/// The outcome of [`Recounter::count`]: by default the count itself, an
/// `Option<Shortest>`, which [`Recount::map`] turns into a family's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recount<T = Option<Shortest>> {
    /// The change touched no state the kept walk expands: the count is the
    /// kept walk's.
    Same,
    /// The change opens a shortcut: a shortest route of the changed space
    /// is at least `by` moves shorter than the kept one, at least as many
    /// as the recounter was told to refuse
    /// ([`Recounter::refusing_shortcuts`]). The count was not made, or
    /// was stopped where it found the shortcut: there is nothing to keep.
    Shorter {
        /// Moves the shortcut saves, at least.
        by: u32,
    },
    /// The count of the changed space (`None`: no route).
    Counted(T),
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
    /// Where each layer of `order` ends: `ends[d]` after the states `d`
    /// moves away (`ends[0]` is 0).
    ends: Vec<usize>,
    /// The kept walk's goals at its limit, in the order found.
    goals: Vec<StateId>,
    /// The kept walk's limit: no state farther was expanded.
    limit: u32,
    /// The kept walk's route (empty: none), its first move first.
    route: Vec<StateId>,
    /// The count waiting to be kept or discarded.
    pending: Option<Pending>,
    /// A spare vector for the next count's undo list.
    spare: Vec<Overwritten>,
    /// Shortcuts of at least this many moves are refused uncounted (0:
    /// none are).
    refused: u32,
    /// What a shortcut probe works with, kept for the next.
    probe: Probe,
}

/// A count not yet kept or discarded.
#[derive(Debug)]
struct Pending {
    /// Where the layer the walk went on from starts and ends in the kept
    /// order.
    start: usize,
    end: usize,
    /// The states the walk reached from that layer on (the layer first),
    /// and from `adopted` on the kept walk's, where the walk met it again.
    order: Vec<StateId>,
    adopted: usize,
    /// The distance of the layer the walk went on from, and where it and
    /// each layer after it end in the order kept with it.
    first: u32,
    ends: Vec<usize>,
    limit: u32,
    goals: Vec<StateId>,
    route: Vec<StateId>,
}

impl<T> Recount<T> {
    /// The count, if there is one.
    pub fn counted(self) -> Option<T> {
        match self {
            Recount::Counted(count) => Some(count),
            _ => None,
        }
    }

    /// The count passed through `f`, if there is one.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Recount<U> {
        match self {
            Recount::Same => Recount::Same,
            Recount::Shorter { by } => Recount::Shorter { by },
            Recount::Counted(count) => Recount::Counted(f(count)),
        }
    }
}

impl Recounter {
    /// A recounter keeping no walk yet: its first count is from scratch.
    pub fn new() -> Recounter {
        Recounter::default()
    }

    /// A recounter that does not count a change found to open a shortcut
    /// of at least `moves` moves: it says [`Recount::Shorter`] instead.
    ///
    /// Before walking, it takes a few steps from the change in the changed
    /// space (a 64th of the kept walk's states, 16 to 256, and only while
    /// such probes pay), looking for the goal or the kept route farther on
    /// than the kept route reaches it. Such a change shortens the route by
    /// at least what it skips, and a local search that wants long routes
    /// rarely keeps it: counting it would be most of the cost of trying
    /// it, since a count walks everything nearer than the goal. A shortcut
    /// the probe misses is found by the count's walk, which stops as soon
    /// as it reaches the kept route that much sooner.
    ///
    /// ```
    /// use logicmaze::search::{Changed, Recount, Recounter};
    /// # use logicmaze::search::{MoveLabel, StateId, StateSpace};
    /// # struct Line(u32);
    /// # impl StateSpace for Line {
    /// #     fn state_count(&self) -> usize { 12 }
    /// #     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
    /// #     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
    /// #         if s < 11 { visit(0, s + 1) }
    /// #         if s == 1 { visit(1, self.0) }
    /// #     }
    /// #     fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
    /// #         if label == 0 { s.saturating_sub(1) } else { 1 }
    /// #     }
    /// #     fn is_goal(&self, s: StateId) -> bool { s == 11 }
    /// #     const MOVE_LABELS: MoveLabel = 2;
    /// # }
    /// // A corridor 0 → 1 → … → 11 whose state 1 also jumps to `Line.0`.
    /// let mut counter = Recounter::refusing_shortcuts(5);
    /// counter.count(&Line(0), Changed::Everything);
    /// counter.keep();
    /// // A jump from 1 to 9 skips 7 moves of the route: refused uncounted.
    /// let shorter = counter.count(&Line(9), Changed::States(vec![1]));
    /// assert_eq!(shorter, Recount::Shorter { by: 7 });
    /// // A jump from 1 to 4 skips 2: counted.
    /// assert!(matches!(counter.count(&Line(4), Changed::States(vec![1])), Recount::Counted(_)));
    /// ```
    pub fn refusing_shortcuts(moves: u32) -> Recounter {
        Recounter {
            refused: moves,
            ..Recounter::default()
        }
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
        let Some((mut horizon, farthest)) = self.touched(&slots, &changed) else {
            self.slots = Some(slots);
            return Recount::Same;
        };
        // Shortcuts are looked for on the kept route past every state the
        // change touched: by a probe first, then by the walk.
        let unchanged_after = match &changed {
            Changed::States(states) if self.refused != 0 => {
                let unchanged_after = self.unchanged_after(&slots, states);
                let by = self.shortcut(space, &slots, states, horizon, unchanged_after);
                if by >= self.refused {
                    self.slots = Some(slots);
                    return Recount::Shorter { by };
                }
                Some(unchanged_after)
            }
            _ => None,
        };
        let mut slots = slots;
        if !slots.next_generation() {
            horizon = 0;
        }
        // The walk watches only when it goes on from the kept walk.
        let mut ahead = unchanged_after.filter(|_| horizon != 0).map(Ahead::new);
        slots.horizon = horizon;
        slots.undo = (slots.kept != 0).then(|| std::mem::take(&mut self.spare));
        let (start, end) = match horizon {
            0 => (0, 0),
            h => (self.ends[h as usize - 1], self.ends[h as usize]),
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
        let first = horizon.max(1);
        let mut queue = Ordered {
            states: layer,
            head: 0,
            end: 0,
        };
        let mut ends = vec![start + queue.states.len()];
        let mut meeting = Meeting::new(&ledger.slots, self.limit, horizon, farthest);
        let mut adopted = None;
        let mut met = None;
        loop {
            queue.end = queue.states.len();
            drain(space, &mut ledger, &mut queue);
            if queue.states.len() == queue.end {
                break;
            }
            ends.push(start + queue.states.len());
            let layer = first + ends.len() as u32 - 1;
            if let Some(by) = ahead
                .as_mut()
                .map(|a| a.shortcut(self, &ledger.slots, layer))
            {
                if by >= self.refused {
                    let mut slots = ledger.slots;
                    self.spare = put_back(&mut slots);
                    self.slots = Some(slots);
                    return Recount::Shorter { by };
                }
            }
            let layer_len = ends[ends.len() - 1] - ends[ends.len() - 2];
            if let Some(kept) = meeting.met(space, self, &ledger, &queue.states, (layer, layer_len))
            {
                meeting.forget_missed(&mut ledger.slots, kept);
                let rest =
                    self.adopt_rest(&mut ledger, &mut queue.states, &mut ends, (kept, layer));
                adopted = Some(rest);
                met = Some(kept);
                break;
            }
        }
        let route = match ledger.goals.first() {
            Some(&goal) => self.rebuild(space, &ledger.slots, goal, horizon, met),
            None => Vec::new(),
        };
        let shortest = (!route.is_empty()).then(|| counted(space, &ledger, route.clone()));
        self.pending = Some(Pending {
            start,
            end,
            adopted: adopted.unwrap_or(queue.states.len()),
            order: queue.states,
            first,
            ends,
            limit: ledger.limit,
            goals: ledger.goals,
            route,
        });
        self.slots = Some(ledger.slots);
        Recount::Counted(shortest)
    }

    /// Ends a walk whose `layer` is the kept walk's layer `kept`: the
    /// layers after it are the kept walk's, `layer - kept` moves farther,
    /// so their states count as reached as they are, their distances
    /// moved by as much, and the kept walk's goals and limit are the
    /// walk's. Adds them to `order` and their ends to `ends`; returns where
    /// they start in `order`.
    fn adopt_rest(
        &self,
        ledger: &mut Counting,
        order: &mut Vec<StateId>,
        ends: &mut Vec<usize>,
        (kept, layer): (u32, u32),
    ) -> usize {
        let adopted = order.len();
        let from = self.ends[kept as usize];
        let shift = ends[ends.len() - 1];
        order.extend_from_slice(&self.order[from..]);
        ends.extend(
            self.ends[kept as usize + 1..]
                .iter()
                .map(|&e| e - from + shift),
        );
        let slots = &mut ledger.slots;
        if layer != kept {
            for &state in &order[adopted..] {
                slots.move_kept(state, layer.wrapping_sub(kept));
            }
        }
        slots.horizon = u32::MAX;
        ledger.goals.clone_from(&self.goals);
        ledger.limit = match self.limit {
            u32::MAX => u32::MAX,
            limit => limit - kept + layer,
        };
        adopted
    }

    /// The route to `goal` by the moves that first reached each state,
    /// first move first: backwards until it meets the kept route at a
    /// layer up to `horizon`, which the walk did not redo, and from there
    /// the kept route's start (the same moves reached the same states).
    /// When the walk met the kept walk again at layer `met`, the route
    /// from that layer on is the kept one's (the same goal, reached by the
    /// same moves), and only the part before it is rebuilt.
    fn rebuild(
        &self,
        space: &impl StateSpace,
        slots: &Slots,
        goal: StateId,
        horizon: u32,
        met: Option<u32>,
    ) -> Vec<StateId> {
        // From `end` on, the route is the kept one's.
        let (mut state, end) = match met {
            Some(layer) => (self.route[layer as usize - 1], layer as usize),
            None => (goal, self.route.len()),
        };
        let mut back = vec![state];
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
        route.extend_from_slice(&self.route[end..]);
        route
    }

    /// The layers of the nearest and the farthest states the change
    /// touched that the kept walk expands or finds a goal at: a walk of
    /// the changed space goes on from the nearest, and can meet the kept
    /// walk again only past the farthest (`(0, 0)`: from scratch; `None`:
    /// no walk needed).
    fn touched(&self, slots: &Slots, changed: &Changed) -> Option<(u32, u32)> {
        match changed {
            _ if slots.kept == 0 => Some((0, 0)),
            Changed::Everything => Some((0, 0)),
            Changed::States(states) => states
                .iter()
                .map(|&state| slots.kept_distance(state))
                .filter(|&distance| distance != 0 && distance <= self.limit)
                .fold(None, |range, d| match range {
                    None => Some((d, d)),
                    Some((near, far)) => Some((d.min(near), d.max(far))),
                }),
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
        for &state in &pending.order[pending.adopted..] {
            slots.adopt(state);
        }
        self.order.truncate(pending.start);
        self.order.extend_from_slice(&pending.order);
        self.ends.truncate(pending.first as usize);
        if self.ends.is_empty() {
            self.ends.push(0);
        }
        self.ends.extend_from_slice(&pending.ends);
        self.limit = pending.limit;
        self.goals = pending.goals;
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
        self.spare = put_back(slots);
    }
}

/// Puts back the kept entries a walk wrote over; returns the emptied list
/// of them, for the next walk.
fn put_back(slots: &mut Slots) -> Vec<Overwritten> {
    let mut undo = slots.undo.take().unwrap_or_default();
    for (state, entry) in undo.drain(..).rev() {
        *slots.entry_mut(state) = entry;
    }
    undo
}

/// A queue that keeps every state it was given, in order: the walk's
/// order, which the next count goes on from.
///
/// It gives out the states before `end`: one layer at a time, so that the
/// walk can be compared with the kept walk between layers.
struct Ordered {
    states: Vec<StateId>,
    head: usize,
    end: usize,
}

impl Fifo for Ordered {
    #[inline]
    fn pop(&mut self) -> Option<StateId> {
        let state = self.states[..self.end].get(self.head).copied();
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
mod tests;
