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

use rustc_hash::FxHashSet;

use super::counting::{Counting, Shortest, counted};
use super::queue::Fifo;
use super::slots::{MARK_SHIFT, Overwritten, Slots};
use super::walk::{drain, first_layer};
use super::{FIRST, StateId, StateSpace};

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

/// A shortcut probe's layers and the states it has seen (hashed by the
/// compiler's own hash: the default one cost a third of a small maze's
/// search), and how well probing has paid so far.
#[derive(Debug, Default)]
struct Probe {
    layer: Vec<StateId>,
    next: Vec<StateId>,
    seen: FxHashSet<StateId>,
    /// Changes that could have been probed, probes made, and shortcuts
    /// they found to refuse.
    changes: u64,
    probes: u64,
    found: u64,
}

impl Probe {
    /// Whether to probe the next change: always at first, then while at
    /// least one probe in [`PROBE_PAYS`] finds a shortcut to refuse, and
    /// one change in [`PROBE_PAYS`] whatever the probes found, to notice
    /// when they start paying. Mazes whose changes seldom open a shortcut
    /// (a die's forced walk: 49 refused of 20,000 changes on a 500×500
    /// maze) then pay for few probes: they cost 6% of such a search.
    fn worth_it(&mut self) -> bool {
        self.changes += 1;
        self.probes < PROBE_PAYS * PROBE_PAYS
            || self.found * PROBE_PAYS >= self.probes
            || self.changes % PROBE_PAYS == 0
    }
}

/// See [`Probe::worth_it`].
const PROBE_PAYS: u64 = 32;

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
        let mut ahead = unchanged_after
            .filter(|_| horizon != 0)
            .map(|unchanged_after| Ahead {
                unchanged_after,
                checked: 0,
            });
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

    /// How many moves shorter than the kept route the changed space's
    /// shortest route is at least, by what a probe of at most
    /// [`PROBE_STATES`] states from the change finds before it finds a
    /// shortcut to refuse (0: nothing found). `changed` are the states the
    /// change touched, the nearest of them `horizon` moves away, and the
    /// farthest on the kept route `unchanged_after` moves along it.
    ///
    /// The nearest touched states are as near as before: the way to them
    /// passes only states nearer still, which the change did not touch.
    /// From them the probe walks the changed space. A goal it reaches
    /// bounds the route; so does a state of the kept route past every
    /// touched state on it, from where the kept route goes on unchanged.
    fn shortcut(
        &mut self,
        space: &impl StateSpace,
        slots: &Slots,
        changed: &[StateId],
        horizon: u32,
        unchanged_after: u32,
    ) -> u32 {
        let moves = self.route.len() as u32;
        if moves < self.refused || horizon == 0 || !self.probe.worth_it() {
            return 0;
        }
        self.probe.probes += 1;
        // A 64th of the states of the kept walk, of which a count walks
        // about half: on a small maze a larger probe cost more than the
        // counts it saved.
        let budget = (self.order.len() / 64).clamp(FEWEST_PROBED, PROBE_STATES);
        let route = &self.route;
        let Probe {
            layer, next, seen, ..
        } = &mut self.probe;
        layer.clear();
        let nearest = changed
            .iter()
            .filter(|&&s| slots.kept_distance(s) == horizon);
        layer.extend(nearest);
        seen.clear();
        seen.extend(layer.iter());
        let mut best = 0;
        for distance in horizon.. {
            if best >= self.refused {
                break;
            }
            for &state in layer.iter() {
                if space.is_goal(state) {
                    best = best.max(moves.saturating_sub(distance));
                    continue;
                }
                if let Some(kept) =
                    on_kept_route(route, slots, state).filter(|&d| d > unchanged_after)
                {
                    best = best.max(kept.saturating_sub(distance));
                }
                space.successors(state, |_, to| {
                    if seen.len() < budget && seen.insert(to) {
                        next.push(to);
                    }
                });
            }
            if next.is_empty() {
                break;
            }
            std::mem::swap(layer, next);
            next.clear();
        }
        self.probe.found += u64::from(best >= self.refused);
        best
    }

    /// How far along the kept route the farthest of the `changed` states
    /// on it is (0: none is): from any state of the route farther on, the
    /// kept route goes on as before.
    fn unchanged_after(&self, slots: &Slots, changed: &[StateId]) -> u32 {
        let on_route = |&state: &StateId| on_kept_route(&self.route, slots, state);
        changed.iter().filter_map(on_route).max().unwrap_or(0)
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

/// `distance` when `state`, that far in the kept walk, is on the kept
/// `route` (its state at that distance).
fn route_step(route: &[StateId], distance: u32, state: StateId) -> Option<u32> {
    let step = (distance as usize).checked_sub(1)?;
    (route.get(step) == Some(&state)).then_some(distance)
}

/// How far along the kept `route` `state` is, when it is on it.
fn on_kept_route(route: &[StateId], slots: &Slots, state: StateId) -> Option<u32> {
    route_step(route, slots.kept_distance(state), state)
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

/// Watches a walk going on from a kept walk for a state of the kept route
/// reached sooner than the kept walk reached it, past every state the
/// change touched: from there the kept route goes on as before, so the
/// route is at least that much shorter. A shortcut the probe
/// ([`Recounter::shortcut`]) missed is then refused as soon as the walk
/// reaches its far end, rather than at the goal.
struct Ahead {
    /// See [`Recounter::unchanged_after`].
    unchanged_after: u32,
    /// The overwritten kept entries looked at so far.
    checked: usize,
}

impl Ahead {
    /// The most moves a state of the layer just made, `layer` moves away,
    /// saves on the kept route (0: none): the walk writes over the kept
    /// entry of each state it reaches, which holds its distance in the
    /// kept walk, and those written since the last look are the layer's.
    fn shortcut(&mut self, counter: &Recounter, slots: &Slots, layer: u32) -> u32 {
        let Some(undo) = &slots.undo else {
            return 0;
        };
        let mut best = 0;
        for &(state, old) in &undo[self.checked..] {
            let (kept, now) = (old.info as u32, layer);
            debug_assert_eq!(now, slots.distance(state));
            if kept >= now + counter.refused
                && kept > self.unchanged_after
                && route_step(&counter.route, kept, state).is_some()
            {
                best = best.max(kept - now);
            }
        }
        self.checked = undo.len();
        best
    }
}

/// The most states a shortcut probe ([`Recounter::refusing_shortcuts`])
/// looks at. On the hard 100×100 mazes whose changes open the most
/// shortcuts, 64, 256 and 1,024 cost about the same in all (a larger probe
/// finds more shortcuts but costs more on every change), 256 the least.
const PROBE_STATES: usize = 256;

/// The fewest states a shortcut probe may look at, however small the
/// walk.
const FEWEST_PROBED: usize = 16;

/// Whether a walk going on from a kept walk has met it again: a layer
/// after which everything is as in the kept walk, maybe some moves
/// nearer or farther.
///
/// That holds where a layer of the walk is a layer of the kept walk past
/// every state the change touched, when
/// - the two layers hold the same states in the same order, reached by the
///   same moves as often;
/// - no state the walk has reached is one the kept walk reached only
///   after its layer;
/// - no state the kept walk reached before its layer, and the walk has
///   not, has a move into it from a state the kept walk expanded from its
///   layer on.
///
/// The layers after it are then made the same way of the same states: a
/// state the walks differ on before the layer is never looked at again.
/// So a change that cuts off or opens a pocket of states beside the
/// route, or that makes the route a few moves shorter or longer, is met
/// again a few layers on, and the walk need not go to the goal.
struct Meeting {
    /// How far the farthest state the change touched is.
    touched: u32,
    /// Until when there is a kept walk to meet: its limit.
    limit: u32,
    /// The overwritten kept entries checked so far.
    checked: usize,
    /// The farthest the kept walk reached any of them.
    farthest: u32,
    /// Whether there is no kept walk to meet.
    no_kept_walk: bool,
    /// The kept walk's layers looked through for `missing` so far (from
    /// the one after the layer the walk went on from).
    gathered: u32,
    /// States of those layers the walk had not reached when looked at;
    /// the first `harmless` of them have no move into them from the
    /// kept walk's layers from `harmless_from` on.
    missing: Vec<StateId>,
    harmless: usize,
    harmless_from: u32,
}

impl Meeting {
    /// A walk going on from layer `horizon` (0: from scratch) of the kept
    /// walk in `slots`, whose limit is `limit`, after a change whose
    /// farthest touched state is `touched` moves away.
    fn new(slots: &Slots, limit: u32, horizon: u32, touched: u32) -> Meeting {
        Meeting {
            touched,
            limit,
            checked: 0,
            farthest: 0,
            no_kept_walk: horizon == 0 || slots.undo.is_none(),
            gathered: horizon,
            missing: Vec::new(),
            harmless: 0,
            harmless_from: 0,
        }
    }

    /// The kept walk's layer that the walk has met at its own `layer` of
    /// `layer_len` states, which ends its `order`; `None` if none.
    fn met(
        &mut self,
        space: &impl StateSpace,
        counter: &Recounter,
        ledger: &Counting,
        order: &[StateId],
        (layer, layer_len): (u32, usize),
    ) -> Option<u32> {
        if self.no_kept_walk || !ledger.goals.is_empty() {
            return None;
        }
        let slots = &ledger.slots;
        let undo = slots.undo.as_ref()?;
        let new = undo[self.checked..].iter();
        self.farthest = new.fold(self.farthest, |far, &(_, old)| far.max(old.info as u32));
        self.checked = undo.len();
        // The kept layer to compare with is the one of the layer's last
        // state: it ends the overwritten entries if the kept walk had it.
        let &(last, old) = undo.last()?;
        let kept = old.info as u32;
        if order.last() != Some(&last)
            || kept <= self.touched
            || kept >= self.limit
            || self.farthest > kept
        {
            return None;
        }
        let ends = &counter.ends;
        let at = kept as usize;
        if at >= ends.len() || ends[at] - ends[at - 1] != layer_len {
            return None;
        }
        // The layer, state for state, by the same moves as often. Each of
        // its states was the kept walk's, so it ends the overwritten list.
        let ours = &order[order.len() - layer_len..];
        let theirs = &counter.order[ends[at - 1]..ends[at]];
        let same = ours == theirs
            && undo[undo.len() - layer_len..].iter().all(|&(state, old)| {
                let new = slots.entry(state);
                old.routes == new.routes && (old.info ^ new.info) >> MARK_SHIFT & 0xff == 0
            });
        (same && self.none_missed(space, counter, slots, (kept, layer))).then_some(kept)
    }

    /// Whether no state the kept walk reached before its layer `kept`, and
    /// the walk has not, has a move into it from a state the kept walk
    /// expanded from that layer on (the walk's `layer`, and the kept
    /// states after). A state that passes for a layer passes for every
    /// later one, and is not looked at again.
    fn none_missed(
        &mut self,
        space: &impl StateSpace,
        counter: &Recounter,
        slots: &Slots,
        (kept, layer): (u32, u32),
    ) -> bool {
        let ends = &counter.ends;
        for gathered in self.gathered + 1..kept {
            let states = &counter.order[ends[gathered as usize - 1]..ends[gathered as usize]];
            let missed = states.iter().filter(|&&state| !slots.is_reached(state));
            self.missing.extend(missed);
        }
        self.gathered = self.gathered.max(kept - 1);
        if kept < self.harmless_from {
            self.harmless = 0;
        }
        self.harmless_from = kept;
        // Expanded from the layers met on: reached by this walk at `layer`
        // or farther (the kept states it counts as reached lie within its
        // horizon, nearer), or by the kept walk alone, at `kept` or farther.
        let expanded =
            |from: StateId| slots.distance(from) >= layer || slots.kept_distance(from) >= kept;
        while let Some(&state) = self.missing.get(self.harmless) {
            if missed(slots, state, kept) && has_moves_into(space, state, expanded) {
                return false;
            }
            self.harmless += 1;
        }
        true
    }

    /// Makes the states the kept walk reached before its layer `kept`, and
    /// the walk did not, unreached: they are not the kept walk's from
    /// there on, as the rest is.
    fn forget_missed(&self, slots: &mut Slots, kept: u32) {
        for &state in &self.missing {
            if missed(slots, state, kept) {
                slots.forget_kept(state);
            }
        }
    }
}

/// Whether `state`, gathered as missing, is one the kept walk reached
/// before its layer `kept` and the walk has not reached.
fn missed(slots: &Slots, state: StateId, kept: u32) -> bool {
    !slots.is_reached(state) && slots.kept_distance(state) < kept
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

/// Whether some state passing `worth` has a move into `state`.
fn has_moves_into(
    space: &impl StateSpace,
    state: StateId,
    worth: impl Fn(StateId) -> bool,
) -> bool {
    let mut found = false;
    space.predecessors(state, worth, |_| found = true);
    found
}

#[cfg(test)]
mod tests {
    use super::super::{MoveLabel, shortest_routes};
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
        const MOVE_LABELS: MoveLabel = 3 * MOST_STATES as MoveLabel;
    }

    /// The most states of a test graph.
    const MOST_STATES: usize = 80;

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

    /// A corridor 0 → 1 → … with gaps, and moves to anywhere beside it:
    /// long walks, whose changes often leave or reach a pocket beside the
    /// corridor and are met again farther on.
    fn corridor() -> impl Strategy<Value = Graph> {
        prop::collection::vec(corridor_moves(), 16..MOST_STATES).prop_map(|all| {
            let n = all.len();
            let edges = all.iter().enumerate();
            Graph {
                edges: edges.map(|(state, moves)| moves.of(state, n)).collect(),
            }
        })
    }

    /// A corridor state's moves: on along the corridor or not, and up to
    /// two elsewhere.
    #[derive(Clone, Debug)]
    struct CorridorMoves {
        on: bool,
        elsewhere: Vec<u32>,
    }

    impl CorridorMoves {
        fn of(&self, state: usize, n: usize) -> Vec<StateId> {
            let on = self
                .on
                .then_some(state as u32 + 1)
                .filter(|&to| to < n as u32);
            moves(
                &on.into_iter()
                    .chain(self.elsewhere.iter().copied())
                    .collect::<Vec<_>>(),
                n,
            )
        }
    }

    /// Mostly on along the corridor.
    fn corridor_moves() -> impl Strategy<Value = CorridorMoves> {
        let elsewhere = prop::collection::vec(0u32..MOST_STATES as u32, 0..=2);
        (prop::bool::weighted(0.85), elsewhere)
            .prop_map(|(on, elsewhere)| CorridorMoves { on, elsewhere })
    }

    /// Counts `kept` and then each change (a state and its new moves,
    /// kept or discarded), checking each count against a fresh walk.
    fn recounts_are_fresh(
        mut kept: Graph,
        changes: impl Iterator<Item = (usize, Vec<StateId>, bool)>,
    ) -> Result<(), TestCaseError> {
        let mut counter = Recounter::new();
        let first = counter.count(&kept, Changed::Everything);
        prop_assert_eq!(first, Recount::Counted(shortest_routes(&kept)));
        counter.keep();
        let mut kept_count = shortest_routes(&kept);
        for (state, moves, keep) in changes {
            let mut changed = kept.clone();
            changed.edges[state] = moves;
            let fresh = shortest_routes(&changed);
            let scratch = from_scratch(&changed);
            let n = changed.edges.len();
            match counter.count(&changed, Changed::States(vec![state as StateId])) {
                Recount::Same => prop_assert_eq!(&fresh, &kept_count),
                Recount::Counted(count) => {
                    prop_assert_eq!(&count, &fresh);
                    prop_assert_eq!(distances(&counter, n), distances(&scratch, n));
                }
                Recount::Shorter { .. } => prop_assert!(false, "refused, but none are"),
            }
            match keep {
                true => {
                    counter.keep();
                    kept = changed;
                    kept_count = fresh;
                    prop_assert_eq!(walk_kept(&counter, n), walk_kept(&scratch, n));
                }
                false => counter.discard(),
            }
        }
        Ok(())
    }

    /// The distance of each of the first `n` states in the last count of
    /// `counter`, kept or not (a kept count's distances are its own).
    fn distances(counter: &Recounter, n: usize) -> Vec<u32> {
        let slots = counter.slots.as_ref().expect("a walk was made");
        (0..n as StateId)
            .map(|state| slots.distance(state))
            .collect()
    }

    /// A recounter that has counted and kept `space` from scratch.
    fn from_scratch(space: &Graph) -> Recounter {
        let mut counter = Recounter::new();
        counter.count(space, Changed::Everything);
        counter.keep();
        counter
    }

    /// What a recounter keeps of its walk: its order and layers, goals,
    /// limit and route, and the distance of each of its `n` states.
    fn walk_kept(counter: &Recounter, n: usize) -> impl PartialEq + std::fmt::Debug + '_ {
        let slots = counter.slots.as_ref().expect("a walk was kept");
        let distances: Vec<u32> = (0..n as StateId)
            .map(|state| slots.kept_distance(state))
            .collect();
        let Recounter {
            order,
            ends,
            goals,
            limit,
            route,
            ..
        } = counter;
        (order, ends, goals, limit, route, distances)
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

    /// Probes that never find anything go on at first, then for one
    /// change in `PROBE_PAYS`; one that pays again brings them back.
    #[test]
    fn a_probe_that_never_pays_is_made_seldom() {
        let mut probe = Probe::default();
        let mut made = 0;
        for _ in 0..PROBE_PAYS * PROBE_PAYS * 3 {
            if probe.worth_it() {
                probe.probes += 1;
                made += 1;
            }
        }
        let warm_up = PROBE_PAYS * PROBE_PAYS;
        assert_eq!(made, warm_up + 2 * warm_up / PROBE_PAYS);
        probe.found = probe.probes;
        assert!((0..PROBE_PAYS).all(|_| probe.worth_it()));
    }

    /// A corridor `0 → 1 → … → MAIN`, the goal, and when `open`, a detour
    /// from state 1 through `SIDE` states of its own back onto the
    /// corridor at `REJOIN`: a shortcut whose far end is more states away
    /// than a probe looks at.
    struct Detour {
        open: bool,
    }

    const MAIN: StateId = 200;
    const SIDE: StateId = 40;
    const REJOIN: StateId = 150;

    impl StateSpace for Detour {
        fn state_count(&self) -> usize {
            (MAIN + SIDE + 1) as usize
        }
        fn first_states(&self, mut visit: impl FnMut(StateId)) {
            visit(0)
        }
        fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
            match s {
                _ if s < MAIN => visit(0, s + 1),
                _ if s == MAIN + SIDE => visit(2, REJOIN),
                _ if s > MAIN => visit(0, s + 1),
                _ => {}
            }
            if s == 1 && self.open {
                visit(1, MAIN + 1);
            }
        }
        fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
            match label {
                0 => s.saturating_sub(1),
                1 => 1,
                _ => MAIN + SIDE,
            }
        }
        fn is_goal(&self, s: StateId) -> bool {
            s == MAIN
        }
        const MOVE_LABELS: MoveLabel = 3;
    }

    /// A shortcut the probe misses is refused when the walk reaches the
    /// route beyond it, and the count after it is as fresh.
    #[test]
    fn a_shortcut_too_far_for_the_probe_is_refused_by_the_walk() {
        let (closed, open) = (Detour { open: false }, Detour { open: true });
        let mut counter = Recounter::refusing_shortcuts(40);
        counter.count(&closed, Changed::Everything);
        counter.keep();
        // The walk reaches state 150 at a distance of 2 + 40 + 1 by the
        // detour, where the corridor reached it at 151.
        let count = counter.count(&open, Changed::States(vec![1]));
        assert_eq!(
            count,
            Recount::Shorter {
                by: 151 - (SIDE + 3)
            }
        );
        let count = counter.count(&closed, Changed::States(vec![1]));
        assert_eq!(count, Recount::Counted(shortest_routes(&closed)));
        counter.discard();
        // Refusing only longer shortcuts, the walk counts it.
        let mut counter = Recounter::refusing_shortcuts(REJOIN);
        counter.count(&closed, Changed::Everything);
        counter.keep();
        let count = counter.count(&open, Changed::States(vec![1]));
        assert_eq!(count, Recount::Counted(shortest_routes(&open)));
    }

    /// A way back onto the route before another change is no shortcut:
    /// the route from there on may be gone.
    #[test]
    fn a_shortcut_needs_the_route_after_it_unchanged() {
        // A corridor 0 → 1 → … → 10, the goal (so are the states after).
        let corridor = Graph {
            edges: (0..12)
                .map(|s| if s < 10 { vec![s + 1] } else { vec![] })
                .collect(),
        };
        let mut counter = Recounter::refusing_shortcuts(1);
        counter.count(&corridor, Changed::Everything);
        counter.keep();
        // State 1 jumps to 7, five moves ahead, but 8 leads nowhere now.
        let mut changed = corridor.clone();
        changed.edges[1] = vec![2, 7];
        changed.edges[8] = vec![];
        let count = counter.count(&changed, Changed::States(vec![1, 8]));
        assert_eq!(count, Recount::Counted(None));
        // With 8 as it was, the jump is a shortcut of five moves.
        changed.edges[8] = vec![9];
        let count = counter.count(&changed, Changed::States(vec![1, 8]));
        assert_eq!(count, Recount::Shorter { by: 5 });
    }

    proptest! {
        /// After any run of changes, kept or discarded, each count is what
        /// a fresh walk of the changed graph finds.
        #[test]
        fn a_recount_is_a_fresh_count(kept in graph(), changes in changes()) {
            let n = kept.edges.len();
            let changes = changes
                .into_iter()
                .map(|(state, targets, keep)| (state % n, moves(&targets, n), keep));
            recounts_are_fresh(kept, changes)?;
        }

        /// So is each count of a corridor's changes, which the walk often
        /// meets again past a pocket the change cut off or opened.
        #[test]
        fn a_recount_along_a_corridor_is_a_fresh_count(
            kept in corridor(),
            changes in prop::collection::vec((0..MOST_STATES, corridor_moves(), any::<bool>()), 1..40),
        ) {
            let n = kept.edges.len();
            let changes = changes
                .into_iter()
                .map(|(state, moves, keep)| (state % n, moves.of(state % n, n), keep));
            recounts_are_fresh(kept, changes)?;
        }

        /// A shortcut found is there: the changed graph's shortest route
        /// is at least that much shorter than the kept one; and whatever
        /// is not refused is counted as a fresh walk counts it. A change
        /// here is of up to three states at once: a shortcut back onto the
        /// route before another changed state is none.
        #[test]
        fn a_shortcut_found_is_there(kept in graph(), changes in changes()) {
            let mut counter = Recounter::refusing_shortcuts(1);
            counter.count(&kept, Changed::Everything);
            counter.keep();
            let n = kept.edges.len();
            // Changes on the kept route, where shortcuts are.
            let route = shortest_routes(&kept).map_or(Vec::new(), |s| s.route);
            let pick = |i: usize| match route.is_empty() {
                true => i % n,
                false => route[i % route.len()] as usize,
            };
            let mut changed = kept.clone();
            let mut states = Vec::new();
            for (state, targets, _) in changes.iter().take(3) {
                changed.edges[pick(*state)] = moves(targets, n);
                states.push(pick(*state) as StateId);
            }
            let fresh = shortest_routes(&changed);
            match counter.count(&changed, Changed::States(states)) {
                Recount::Shorter { by } => {
                    let before = shortest_routes(&kept).map_or(0, |s| s.route.len());
                    let after = fresh.map(|s| s.route.len());
                    prop_assert!(after.is_some_and(|after| after + by as usize <= before));
                }
                Recount::Same => prop_assert_eq!(fresh, shortest_routes(&kept)),
                Recount::Counted(count) => prop_assert_eq!(count, fresh),
            }
        }
    }
}
