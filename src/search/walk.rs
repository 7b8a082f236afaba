//! The one breadth-first walk behind every search: from the first layer
//! until no state is left or the [`Ledger`], which writes down what the
//! walk finds, is done, a state's moves listed in its turn or ahead of it
//! ([`StateSpace::LISTS_AHEAD`]).

use super::queue::{Fifo, Queue};
use super::{MAX_MOVE_LABELS, MoveLabel, StateId, StateSpace};

/// What a breadth-first walk writes down about the states it reaches.
pub(super) trait Ledger {
    /// Records a state reached by the first move; says whether it is new.
    fn first<S: StateSpace>(&mut self, space: &S, state: StateId) -> bool;

    /// What [`Ledger::reach`] needs to know of the state being expanded,
    /// looked up once per state rather than once per move.
    type Expanding: Copy;

    /// What the ledger knows of `state`, about to be expanded, or `None`
    /// when no move from it can reach anything (its moves are then not
    /// even listed).
    fn expanding(&self, state: StateId) -> Option<Self::Expanding>;

    /// Records the move `label` from the state being expanded (`from`) to
    /// `to`; says whether `to` is new. Called for every move out of every
    /// expanded state.
    fn reach<S: StateSpace>(
        &mut self,
        space: &S,
        from: Self::Expanding,
        label: MoveLabel,
        to: StateId,
    ) -> bool;

    /// Records a goal state when its turn in the queue comes (a goal is
    /// not expanded: a route ends on arriving there). Goals come in the
    /// order they were reached.
    fn goal(&mut self, state: StateId);

    /// Whether the walk may stop now.
    fn done(&self) -> bool;

    /// Asks the processor to start fetching what the ledger keeps about
    /// `state`, which the walk expands soon: on a large space that record
    /// is a cache miss, which then overlaps with the work in between.
    fn prefetch(&self, state: StateId) {
        let _ = state;
    }

    /// The family's data for `state`, when this ledger keeps it.
    fn data<S: StateSpace>(&self, space: &S, state: StateId) -> Option<u8> {
        let _ = (space, state);
        None
    }
}

/// The one breadth-first walk behind every search: from the first states,
/// expanding states in order of distance, never expanding a goal state (a
/// route ends on arriving there). A goal is written down when its turn in
/// the queue comes, not on each move, which would cost a test per move.
/// Returns how many states were reached.
pub(super) fn walk(space: &impl StateSpace, ledger: &mut impl Ledger) -> usize {
    let mut queue = Queue::holding(first_layer(space, ledger));
    drain(space, ledger, &mut queue)
}

/// How far down the queue a walk looks for the state whose record to
/// fetch into the cache ahead of its turn (see [`Ledger::prefetch`]).
const PREFETCH_AHEAD: usize = 12;

/// How many states ahead of its turn a walk lists a state's moves, for a
/// family that [`StateSpace::LISTS_AHEAD`]: enough for the misses of
/// several states to overlap, few enough that what is listed stays in
/// the cache.
pub(super) const LIST_AHEAD: usize = 6;

/// Goes on with a walk until `queue` is empty or `ledger` is done.
/// Returns how many states were ever pushed on `queue`.
pub(super) fn drain<S: StateSpace>(
    space: &S,
    ledger: &mut impl Ledger,
    queue: &mut impl Fifo,
) -> usize {
    if S::LISTS_AHEAD {
        return drain_listing_ahead(space, ledger, queue);
    }
    while !ledger.done() {
        let Some(state) = queue.pop() else { break };
        if let Some(ahead) = queue.waiting(PREFETCH_AHEAD) {
            ledger.prefetch(ahead);
        }
        if space.is_goal(state) {
            ledger.goal(state);
            continue;
        }
        let Some(from) = ledger.expanding(state) else {
            continue;
        };
        let data = ledger.data(space, state);
        successors_of(space, state, data, |label, next| {
            debug_assert!((label as usize) < MAX_MOVE_LABELS);
            let new = ledger.reach(space, from, label, next);
            queue.offer(next, new);
        });
    }
    queue.pushed()
}

/// [`drain`] for a family whose moves are listed
/// [`LIST_AHEAD`] states before their state's turn (they
/// depend on the state and its data alone, never on what the walk has
/// found), the records of the states they reach fetched into the cache
/// then, and taken in the state's turn in the same order as ever: the
/// walk finds what it would find listing them in their turn.
fn drain_listing_ahead<S: StateSpace>(
    space: &S,
    ledger: &mut impl Ledger,
    queue: &mut impl Fifo,
) -> usize {
    let mut listed = Listed::default();
    while !ledger.done() {
        while listed.states() <= LIST_AHEAD {
            let Some(state) = queue.waiting(listed.states()) else {
                break;
            };
            if let Some(ahead) = queue.waiting(listed.states() + PREFETCH_AHEAD) {
                ledger.prefetch(ahead);
            }
            listed.list(space, state, ledger.data(space, state), |next| {
                ledger.prefetch(next)
            });
        }
        let Some(state) = queue.pop() else { break };
        let moves = listed.take();
        if space.is_goal(state) {
            ledger.goal(state);
            continue;
        }
        let Some(from) = ledger.expanding(state) else {
            continue;
        };
        for (label, next) in moves {
            let new = ledger.reach(space, from, label, next);
            queue.offer(next, new);
        }
    }
    queue.pushed()
}

/// The moves of the states next in a walk's queue, listed ahead of their
/// turn: for each state, in queue order, its moves in the family's order.
#[derive(Default)]
pub(super) struct Listed {
    moves: std::collections::VecDeque<(MoveLabel, StateId)>,
    /// How many moves each listed state has.
    counts: std::collections::VecDeque<u32>,
}

impl Listed {
    /// How many states' moves are listed.
    pub(super) fn states(&self) -> usize {
        self.counts.len()
    }

    /// Lists the moves of `state`, given its data (none for a goal, which
    /// is not expanded), asking for the records of the states they reach
    /// with `prefetch`.
    pub(super) fn list<S: StateSpace>(
        &mut self,
        space: &S,
        state: StateId,
        data: Option<u8>,
        prefetch: impl Fn(StateId),
    ) {
        let before = self.moves.len();
        if !space.is_goal(state) {
            successors_of(space, state, data, |label, next| {
                debug_assert!((label as usize) < MAX_MOVE_LABELS);
                prefetch(next);
                self.moves.push_back((label, next));
            });
        }
        self.counts.push_back((self.moves.len() - before) as u32);
    }

    /// The moves of the first listed state, taken off the list.
    pub(super) fn take(&mut self) -> std::collections::vec_deque::Drain<'_, (MoveLabel, StateId)> {
        let count = self.counts.pop_front().unwrap_or(0) as usize;
        self.moves.drain(..count)
    }
}

/// The moves out of `state`, given its data when the ledger keeps it.
#[inline]
fn successors_of<S: StateSpace>(
    space: &S,
    state: StateId,
    data: Option<u8>,
    visit: impl FnMut(MoveLabel, StateId),
) {
    match data {
        Some(data) => space.successors_given(state, data, visit),
        None => space.successors(state, visit),
    }
}

/// Records the states the first move reaches in `ledger` and returns the
/// new ones, in order: the first layer of a walk.
pub(super) fn first_layer(space: &impl StateSpace, ledger: &mut impl Ledger) -> Vec<StateId> {
    let mut first = Vec::new();
    space.first_states(|state| {
        if ledger.first(space, state) {
            first.push(state);
        }
    });
    first
}
