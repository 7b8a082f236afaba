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
//! Every search is the same walk ([`shortest_path`] and [`census`] differ
//! only in what they write down per state): [`shortest_path`] stops at the
//! first goal; [`census`] explores everything reachable, counts the
//! shortest routes and finds the states that cannot reach a goal.
//!
//! A family whose states are a cell and one of a few orientations (the
//! die) may also describe itself as a [`cells::CellSpace`]: its search
//! then walks cells, all orientations of a cell at once, in a third of a
//! byte per state, and finds the same route. A family whose moves scatter
//! over a huge space ([`StateSpace::SCATTERED`]) has [`shortest_path`]
//! keep a bit a state and the states of each layer instead, and find the
//! same route from the layers.

pub mod cells;
mod layers;
mod memory;
mod recount;
#[cfg(test)]
mod ring;
mod seen;
mod survey;

pub use recount::{Changed, Recount, Recounter};
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
    /// ([`shortest_path`], and the exploration of [`census`]) leaves to the
    /// family, for data it reads on every expansion
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

    /// How many states ahead of its turn the walk lists a state's moves
    /// and asks for the records of the states they reach; 0 (the default)
    /// lists them in the state's turn. For a family whose moves reach far
    /// apart in a large space, each such record is a cache miss, and
    /// listed ahead the misses of several states overlap; a family whose
    /// moves are cheap to list and near each other is faster without.
    const LIST_AHEAD: usize = 0;

    /// Whether a state's moves reach states far apart in the space, so
    /// that on a large space [`shortest_path`] keeps a bit a state (whether
    /// it is reached) and the states of each layer, and rebuilds the route
    /// from the layers, rather than a byte a state (the move that reached
    /// it): the same route, in an eighth of the memory the moves scatter
    /// over. A family without [`StateSpace::DATA_BITS`] may ask for it.
    const SCATTERED: bool = false;

    /// Calls `visit` with every state that has a move into `state` and
    /// passes `worth`, once each, in any order; goals are left out (a
    /// route ends there, so they have no moves out). The backward passes
    /// ([`census`]'s doomed states, route counting's alternatives) call it
    /// for every state they meet.
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
        false => shortest_path_by_marks(space),
    }
}

/// [`shortest_path`] by the walk that writes down, for each state, the
/// move that reached it.
fn shortest_path_by_marks(space: &impl StateSpace) -> Found {
    let (ledger, reached) = explore(space, true);
    let goal = ledger.goals.first();
    Found {
        reached,
        route: goal.map(|&goal| rebuild(space, &ledger.marks, goal)),
    }
}

/// The shortest routes to the goal, counted, or `None` when the goal
/// cannot be reached: a [`census`] that stops at the goal's layer, so it
/// neither explores the states beyond nor says which states are doomed,
/// and counts in the same walk that finds the route. Its route and
/// alternative are the census's.
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

/// What a breadth-first walk writes down about the states it reaches.
trait Ledger {
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
fn walk(space: &impl StateSpace, ledger: &mut impl Ledger) -> usize {
    let mut queue = Queue::holding(first_layer(space, ledger));
    drain(space, ledger, &mut queue)
}

/// How far down the queue a walk looks for the state whose record to
/// fetch into the cache ahead of its turn (see [`Ledger::prefetch`]).
const PREFETCH_AHEAD: usize = 12;

/// Goes on with a walk until `queue` is empty or `ledger` is done.
/// Returns how many states were ever pushed on `queue`.
fn drain<S: StateSpace>(space: &S, ledger: &mut impl Ledger, queue: &mut impl Fifo) -> usize {
    if S::LIST_AHEAD > 0 {
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
/// [`StateSpace::LIST_AHEAD`] states before their state's turn (they
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
        while listed.states() <= S::LIST_AHEAD {
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
struct Listed {
    moves: std::collections::VecDeque<(MoveLabel, StateId)>,
    /// How many moves each listed state has.
    counts: std::collections::VecDeque<u32>,
}

impl Listed {
    /// How many states' moves are listed.
    fn states(&self) -> usize {
        self.counts.len()
    }

    /// Lists the moves of `state`, given its data (none for a goal, which
    /// is not expanded), asking for the records of the states they reach
    /// with `prefetch`.
    fn list<S: StateSpace>(
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
    fn take(&mut self) -> std::collections::vec_deque::Drain<'_, (MoveLabel, StateId)> {
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

/// Writes to every page of `items` on every thread of the pool, each
/// page's first item by `write_nothing`, which must leave it as it is,
/// before the first layer a walk expands on many threads.
///
/// A page first read is mapped to the kernel's zero page, and the write
/// that follows makes the kernel stop every other thread to flush its
/// address cache: a sixth of the walk of marks' time on two threads. The
/// compiler drops a plain write of the value an item holds; an atomic add
/// of nothing is a write, once it cannot see that it adds nothing
/// (`std::hint::black_box(0)`).
fn write_every_page<T: Sync>(items: &[T], write_nothing: impl Fn(&T) + Sync + Send) {
    use rayon::prelude::*;
    let per_page = (PAGE / std::mem::size_of::<T>()).max(1);
    items
        .par_chunks(per_page)
        .for_each(|page| write_nothing(&page[0]));
}

/// The bytes of a page, as the kernel maps memory.
const PAGE: usize = 4096;

/// Records the states the first move reaches in `ledger` and returns the
/// new ones, in order: the first layer of a walk.
fn first_layer(space: &impl StateSpace, ledger: &mut impl Ledger) -> Vec<StateId> {
    let mut first = Vec::new();
    space.first_states(|state| {
        if ledger.first(space, state) {
            first.push(state);
        }
    });
    first
}

/// Explores from the origin with the lean one-byte ledger, stopping at the
/// first goal when `stop_at_first_goal` is set: layer by layer on every
/// thread of the current rayon pool when the space is huge (and no goal is
/// a first state to stop at), with the same result either way. Returns the
/// ledger and how many states were reached.
fn explore<S: StateSpace>(space: &S, stop_at_first_goal: bool) -> (Marks, usize) {
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

/// The lean ledger: one byte per state, its mark (`0` = not reached,
/// [`FIRST`] or `2 + label`) above the family's data bits, and the goals
/// reached in the order found. The walk stops at the first goal when
/// `stop_at_first_goal` is set.
struct Marks {
    marks: Vec<u8>,
    goals: Vec<StateId>,
    stop_at_first_goal: bool,
}

impl Marks {
    fn new<S: StateSpace>(space: &S, stop_at_first_goal: bool) -> Marks {
        const {
            assert!(
                S::DATA_BITS < 8 && (S::MOVE_LABELS as u32 + 1) >> (8 - S::DATA_BITS) == 0,
                "the marks must fit above the family's data bits"
            )
        };
        let mut marks = vec![0u8; space.state_count()];
        if S::DATA_BITS > 0 {
            space.write_data(&mut marks);
        }
        Marks {
            marks,
            goals: Vec::new(),
            stop_at_first_goal,
        }
    }
}

impl Ledger for Marks {
    fn first<S: StateSpace>(&mut self, _: &S, state: StateId) -> bool {
        let new = mark_in(self.marks[state as usize], S::DATA_BITS) == 0;
        if new {
            self.marks[state as usize] |= mark_byte(FIRST, S::DATA_BITS);
        }
        new
    }

    type Expanding = ();

    #[inline]
    fn expanding(&self, _: StateId) -> Option<()> {
        Some(())
    }

    /// Branch-free: a search cannot predict whether a state is new.
    #[inline]
    fn reach<S: StateSpace>(&mut self, _: &S, _: (), label: MoveLabel, to: StateId) -> bool {
        let mark = &mut self.marks[to as usize];
        let new = mark_in(*mark, S::DATA_BITS) == 0;
        *mark |= mark_byte(label + 2, S::DATA_BITS) * new as u8;
        new
    }

    fn goal(&mut self, state: StateId) {
        self.goals.push(state);
    }

    fn done(&self) -> bool {
        self.stop_at_first_goal && !self.goals.is_empty()
    }

    #[inline]
    fn prefetch(&self, state: StateId) {
        if let Some(byte) = self.marks.get(state as usize) {
            mem_prefetch::prefetch_read_data::<_, 3>(byte);
        }
    }

    #[inline]
    fn data<S: StateSpace>(&self, _: &S, state: StateId) -> Option<u8> {
        (S::DATA_BITS > 0).then(|| self.marks[state as usize] & ((1 << S::DATA_BITS) - 1))
    }
}

/// The mark in a state's byte of the lean ledger: the bits above the
/// family's `data_bits` bits of data.
#[inline]
fn mark_in(byte: u8, data_bits: u32) -> u8 {
    byte >> data_bits
}

/// The bits of a state's byte that hold `mark`, above `data_bits` bits of
/// data.
#[inline]
fn mark_byte(mark: u8, data_bits: u32) -> u8 {
    mark << data_bits
}

/// Everything a full search learns about a maze: the shortest routes (how
/// many, and two of them when there are several), which states are
/// reachable, and which of those cannot lead to a goal.
///
/// Costs about 17 bytes per state (distance, route count, mark, queue), so
/// it is for analysis; [`shortest_path`] is the lean search.
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

/// The shortest routes of a [`Census`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortest {
    /// How many distinct shortest routes there are, saturating at
    /// `u64::MAX` (see `saturated`).
    pub count: u64,
    /// Whether counting hit `u64::MAX`: then there are at least that many.
    pub saturated: bool,
    /// The first shortest route found (the one [`shortest_path`] returns),
    /// as states, first move's state first.
    pub route: Vec<StateId>,
    /// A second, different shortest route when there are several.
    pub alternative: Option<Vec<StateId>>,
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
    /// use logicmaze::family::minotaur::Maze;
    /// use logicmaze::search::{census, StateSpace};
    /// use logicmaze::{Direction, Position};
    /// let p = Position::new;
    /// let maze = Maze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
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
/// The exploration keeps one mark byte per state, as [`shortest_path`]
/// does (the same ledger, not stopping at the goal). Counting needs 16
/// bytes per state, but only for the states nearer than the goal, and only
/// when a goal is reachable.
pub fn census<S: StateSpace>(space: &S) -> Census {
    let (explored, reached) = explore(space, false);
    let Marks { marks, goals, .. } = explored;
    let shortest = goals
        .first()
        .map(|&goal| count_routes(space, &marks, reached, rebuild(space, &marks, goal)));
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
/// the states at most that far.
fn count_routes<S: StateSpace>(
    space: &S,
    marks: &[u8],
    reached: usize,
    route: Vec<StateId>,
) -> Shortest {
    // Entries for the reached states alone pay where they are many: for a
    // few, the pages a walk writes in an array for every state are few,
    // and ranking costs a pass over every state's mark.
    let slots = match reached > marks.len() / RANKED_FROM {
        true => Slots::for_reached(marks, S::DATA_BITS),
        false => Slots::new(space.state_count()),
    };
    let mut ledger = Counting {
        slots,
        goals: Vec::new(),
        limit: route.len() as u32,
    };
    walk(space, &mut ledger);
    counted(space, &ledger, route)
}

/// The count of a finished counting walk whose first goal `route` reaches.
fn counted(space: &impl StateSpace, ledger: &Counting, route: Vec<StateId>) -> Shortest {
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

/// The reached states that can reach a goal (goals included), a bit a
/// state, and how many they are, walking real moves backwards from the
/// goals, layer by layer on every thread of the current rayon pool (the
/// order does not matter).
fn hopeful<S: StateSpace>(
    space: &S,
    marks: &[u8],
    goals: &[StateId],
) -> (Vec<std::sync::atomic::AtomicU64>, usize) {
    use rayon::prelude::*;
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
            true => next.par_extend(layer.par_chunks(HOPEFUL_CHUNK).flat_map_iter(|part| {
                let mut found = Vec::new();
                expand(part, &mut found);
                found
            })),
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

/// What route counting keeps per state, in one array of [`Entry`]s: the
/// route count, and the distance (0 = not reached; first states are 1)
/// with the first-found mark and the walk's generation packed into one
/// word.
///
/// A walk of a small space (the generator counts the routes of thousands
/// of small candidates) takes the arrays the thread's last walk left, and a
/// new generation makes every state unreached without clearing a word:
/// clearing fresh arrays cost more than the walk itself. A large space gets
/// fresh zeroed arrays, whose untouched pages are never written.
///
/// A walk may also go on from a walk kept in the arrays (see
/// [`Recounter`]): the kept walk's states at most `horizon` moves away
/// count as reached, and the kept entries this walk writes over are noted
/// in `undo`, to be put back if this walk is discarded.
#[derive(Clone, Debug)]
struct Slots {
    entries: Vec<Entry>,
    /// Where a state's entry is: at its own index, or, for a count after
    /// an exploration, at its rank among the states the exploration
    /// reached (see [`Ranks`]).
    ranks: Option<Ranks>,
    generation: u64,
    /// The generation of the kept walk (0: none).
    kept: u64,
    horizon: u32,
    undo: Option<Vec<Overwritten>>,
}

/// The states an exploration reached, a bit each, and how many lie before
/// each run of 512 (a cache line of bits): a state's rank among them is
/// one count of bits in a cache line. Route counting after an exploration
/// keeps entries for those states only: on a space it reaches a tenth of,
/// a tenth of the memory, and far fewer pages first written.
#[derive(Clone, Debug)]
struct Ranks {
    reached: Vec<u64>,
    /// Reached states before each run of eight words.
    before: Vec<u32>,
    /// Reached states in all.
    count: usize,
}

impl Ranks {
    /// The states whose marks say they were reached.
    fn of(marks: &[u8], data_bits: u32) -> Ranks {
        let mut reached = vec![0u64; marks.len().div_ceil(64)];
        for (word, chunk) in reached.iter_mut().zip(marks.chunks(64)) {
            for (bit, &byte) in chunk.iter().enumerate() {
                *word |= ((mark_in(byte, data_bits) != 0) as u64) << bit;
            }
        }
        let mut before = Vec::with_capacity(reached.len().div_ceil(8));
        let mut count = 0u32;
        for run in reached.chunks(8) {
            before.push(count);
            count += run.iter().map(|w| w.count_ones()).sum::<u32>();
        }
        Ranks {
            reached,
            before,
            count: count as usize,
        }
    }

    /// How many states were reached: counted as the runs were.
    fn count(&self) -> usize {
        self.count
    }

    /// `state`'s rank among the reached states, if it was reached.
    #[inline(always)]
    fn rank(&self, state: StateId) -> Option<usize> {
        let (word, bit) = (state as usize / 64, state % 64);
        let bits = *self.reached.get(word)?;
        if bits >> bit & 1 == 0 {
            return None;
        }
        let run = word / 8;
        let earlier: u32 = self.reached[run * 8..word]
            .iter()
            .map(|w| w.count_ones())
            .sum();
        let below = (bits & ((1u64 << bit) - 1)).count_ones();
        Some((self.before[run] + earlier + below) as usize)
    }
}

/// A state's two words side by side: reaching a state writes both, and
/// two arrays cost two cache misses a state where one does.
#[derive(Clone, Copy, Debug, Default, bytemuck::Zeroable)]
struct Entry {
    /// Distance, mark and generation (see [`Slots`]).
    info: u64,
    /// Shortest routes to the state (saturating).
    routes: u64,
}

/// A kept entry a walk wrote over, and its state.
type Overwritten = (StateId, Entry);

const MARK_SHIFT: u32 = 32;
const GENERATION_SHIFT: u32 = 40;
/// The most states whose arrays a thread keeps for its next walk (16 MB).
const KEPT_STATES: usize = 1 << 20;

std::thread_local! {
    static KEPT: std::cell::RefCell<Option<Slots>> = const { std::cell::RefCell::new(None) };
}

impl Slots {
    fn new(count: usize) -> Slots {
        let kept = KEPT.with(|kept| kept.borrow_mut().take());
        match kept {
            Some(mut slots) if slots.entries.len() >= count => {
                slots.next_generation();
                slots
            }
            _ => Slots {
                entries: bytemuck::zeroed_vec(count),
                ranks: None,
                generation: 1,
                kept: 0,
                horizon: 0,
                undo: None,
            },
        }
    }

    /// Slots for the states an exploration reached (`marks`), and no
    /// others: a walk from the same origin reaches no other state.
    fn for_reached(marks: &[u8], data_bits: u32) -> Slots {
        let ranks = Ranks::of(marks, data_bits);
        Slots {
            entries: bytemuck::zeroed_vec(ranks.count()),
            ranks: Some(ranks),
            generation: 1,
            kept: 0,
            horizon: 0,
            undo: None,
        }
    }

    /// Where `state`'s entry is, if it has one.
    #[inline(always)]
    fn slot(&self, state: StateId) -> Option<usize> {
        match &self.ranks {
            None => ((state as usize) < self.entries.len()).then_some(state as usize),
            Some(ranks) => ranks.rank(state),
        }
    }

    /// `state`'s entry, which a walk writes: every state it reaches has one.
    #[inline(always)]
    fn entry_mut(&mut self, state: StateId) -> &mut Entry {
        let i = self
            .slot(state)
            .expect("a state a walk reaches has an entry");
        &mut self.entries[i]
    }

    /// `state`'s entry, or an entry never written for a state without one.
    #[inline(always)]
    fn entry(&self, state: StateId) -> Entry {
        self.slot(state)
            .map_or(Entry::default(), |i| self.entries[i])
    }

    /// Starts a new walk: every state is unreached but those of the kept
    /// walk. Returns `false` when the generations ran out and the arrays
    /// were cleared: then no walk is kept either.
    fn next_generation(&mut self) -> bool {
        self.generation += 1;
        if self.generation >> (64 - GENERATION_SHIFT) == 0 {
            return true;
        }
        self.entries.fill(Entry::default());
        self.generation = 1;
        self.kept = 0;
        false
    }

    /// The generation and the distance written in `state`'s entry; an id
    /// past the arrays (a predecessor may be one) reads as an entry never
    /// written.
    #[inline(always)]
    fn written(&self, state: StateId) -> (u64, u32) {
        let info = self.entry(state).info;
        (info >> GENERATION_SHIFT, info as u32)
    }

    /// `distance`, `mark` and `generation` packed as an entry's `info`.
    #[inline(always)]
    fn info(distance: u32, mark: u64, generation: u64) -> u64 {
        distance as u64 | mark << MARK_SHIFT | generation << GENERATION_SHIFT
    }

    /// Moves from the origin; 0 when not reached.
    #[inline(always)]
    fn distance(&self, state: StateId) -> u32 {
        let (generation, distance) = self.written(state);
        match generation == self.generation || (generation == self.kept && distance <= self.horizon)
        {
            true => distance,
            false => 0,
        }
    }

    /// Moves from the origin in the kept walk; 0 when it did not reach
    /// `state`.
    fn kept_distance(&self, state: StateId) -> u32 {
        match self.written(state) {
            (generation, distance) if generation == self.kept => distance,
            _ => 0,
        }
    }

    fn is_reached(&self, state: StateId) -> bool {
        self.distance(state) != 0
    }

    fn mark(&self, state: StateId) -> u8 {
        (self.entry(state).info >> MARK_SHIFT) as u8
    }

    fn routes(&self, state: StateId) -> u64 {
        self.entry(state).routes
    }

    #[inline(always)]
    fn reach(&mut self, state: StateId, distance: u32, mark: u8, routes: u64) {
        if self.undo.is_some() && self.entry(state).info >> GENERATION_SHIFT == self.kept {
            self.note_overwritten(state);
        }
        let info = Slots::info(distance, mark as u64, self.generation);
        *self.entry_mut(state) = Entry { info, routes };
    }

    /// Notes the kept entry of `state`, about to be written over. Not
    /// cold: a recount writes over the kept entry of nearly every state it
    /// walks.
    #[inline(always)]
    fn note_overwritten(&mut self, state: StateId) {
        let entry = self.entry(state);
        if let Some(undo) = &mut self.undo {
            undo.push((state, entry));
        }
    }

    /// Makes `state`, reached by the kept walk, reached by this one `by`
    /// moves farther (wrapping: `by` may stand for a negative number).
    fn move_kept(&mut self, state: StateId, by: u32) {
        self.note_overwritten(state);
        let generation = self.generation;
        let info = &mut self.entry_mut(state).info;
        let distance = (*info as u32).wrapping_add(by);
        let mark = *info >> MARK_SHIFT & 0xff;
        *info = Slots::info(distance, mark, generation);
    }

    /// Makes `state`, reached by the kept walk, unreached by this one.
    fn forget_kept(&mut self, state: StateId) {
        self.note_overwritten(state);
        *self.entry_mut(state) = Entry::default();
    }

    /// Makes `state`, reached by the kept walk, reached by this one.
    fn adopt(&mut self, state: StateId) {
        let generation = self.generation;
        let info = &mut self.entry_mut(state).info;
        *info = *info & ((1 << GENERATION_SHIFT) - 1) | generation << GENERATION_SHIFT;
    }
}

impl Drop for Slots {
    /// Small arrays are kept for the thread's next walk, in place of any
    /// smaller ones kept (so that what is kept grows to the size walked),
    /// unless a walk inside another holds the thread's store or the thread
    /// is being torn down; then they are freed.
    fn drop(&mut self) {
        if self.entries.len() > KEPT_STATES || self.ranks.is_some() {
            return;
        }
        let _ = KEPT.try_with(|kept| {
            if let Ok(mut kept) = kept.try_borrow_mut() {
                if kept
                    .as_ref()
                    .is_none_or(|k| k.entries.len() < self.entries.len())
                {
                    // The arrays replaced are freed here: their own drop
                    // finds the store borrowed, and keeps nothing.
                    *kept = Some(Slots {
                        entries: std::mem::take(&mut self.entries),
                        ranks: None,
                        generation: self.generation,
                        kept: 0,
                        horizon: 0,
                        undo: None,
                    });
                }
            }
        });
    }
}

/// The ledger of route counting: distance, route count and first-found
/// move per state, for states at most `limit` moves away.
struct Counting {
    slots: Slots,
    /// The goals reached at the nearest goal's distance, in the order
    /// found: the first is the one [`shortest_path`] stops at, since both
    /// walks find states in the same order.
    goals: Vec<StateId>,
    /// No state farther than this is reached: the first goal's distance,
    /// given or set when that goal's turn comes.
    limit: u32,
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

/// The moves into `state` that a shortest route can take: reached
/// non-goal predecessors one step nearer the origin that have that move.
fn shortest_predecessors(space: &impl StateSpace, slots: &Slots, state: StateId) -> Vec<StateId> {
    let nearer = slots.distance(state) - 1;
    let mut found = Vec::new();
    let worth = |from: StateId| nearer > 0 && slots.distance(from) == nearer;
    space.predecessors(state, worth, |from| found.push(from));
    found
}

/// Whether `from` has the move `label` to `to`.
fn has_move(space: &impl StateSpace, from: StateId, label: MoveLabel, to: StateId) -> bool {
    let mut found = false;
    space.successors(from, |l, next| found |= l == label && next == to);
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

/// [`rebuild`] over route-counting slots.
fn rebuild_from(space: &impl StateSpace, slots: &Slots, goal: StateId) -> Vec<StateId> {
    rebuild_with(space, |state| slots.mark(state), goal)
}

/// What a walk takes the states to expand from: first in, first out.
trait Fifo {
    /// The next state to expand, if any is waiting.
    fn pop(&mut self) -> Option<StateId>;

    /// The state `ahead` places behind the next one to be popped, if the
    /// queue holds that many.
    fn waiting(&self, ahead: usize) -> Option<StateId>;

    /// Writes `state` at the tail and keeps it only when `keep` holds.
    fn offer(&mut self, state: StateId, keep: bool);

    /// Everything pushed so far, popped or not.
    fn pushed(&self) -> usize;
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

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// A queue holding `states`, in order, as if just pushed.
    fn holding(states: Vec<StateId>) -> Queue {
        let pushed = states.len();
        let capacity = pushed.next_power_of_two().max(Queue::INITIAL_CAPACITY);
        let mut slots = states;
        slots.resize(capacity, 0);
        Queue {
            slots,
            popped: 0,
            pushed,
        }
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

impl Fifo for Queue {
    #[inline]
    fn waiting(&self, ahead: usize) -> Option<StateId> {
        let at = self.popped + ahead;
        (at < self.pushed).then(|| self.slots[at & self.mask()])
    }

    fn pop(&mut self) -> Option<StateId> {
        (self.popped < self.pushed).then(|| {
            let state = self.slots[self.popped & self.mask()];
            self.popped += 1;
            state
        })
    }

    /// No branch on `keep`, which a search cannot predict.
    #[inline]
    fn offer(&mut self, state: StateId, keep: bool) {
        if self.pushed - self.popped == self.slots.len() {
            self.grow();
        }
        let slot = self.pushed & self.mask();
        self.slots[slot] = state;
        self.pushed += keep as usize;
    }

    fn pushed(&self) -> usize {
        self.pushed
    }
}

/// Walks the recorded moves back from `goal` to a first state.
fn rebuild<S: StateSpace>(space: &S, marks: &[u8], goal: StateId) -> Vec<StateId> {
    rebuild_with(
        space,
        |state| mark_in(marks[state as usize], S::DATA_BITS),
        goal,
    )
}

/// Walks back from `goal`, undoing the move each state's `mark` records,
/// until a state reached by the first move.
fn rebuild_with(
    space: &impl StateSpace,
    mark: impl Fn(StateId) -> u8,
    goal: StateId,
) -> Vec<StateId> {
    let mut route = vec![goal];
    let mut state = goal;
    while mark(state) != FIRST {
        state = space.predecessor(state, mark(state) - 2);
        route.push(state);
    }
    route.reverse();
    route
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state's rank is the number of reached states before it, for marks
    /// of every density, data bits below them or not, and lengths that end
    /// inside a word and a run of words.
    #[test]
    fn ranks_count_the_reached_states_before() {
        for (len, data_bits) in [(1, 0), (63, 0), (64, 3), (513, 0), (1500, 3), (4099, 2)] {
            for stride in [1, 2, 3, 7, 64, 1000] {
                let marks: Vec<u8> = (0..len)
                    .map(|i| {
                        let data = (i % 3) as u8 & ((1 << data_bits) - 1);
                        let mark = (i % stride == 0) as u8;
                        mark << data_bits | data
                    })
                    .collect();
                let ranks = Ranks::of(&marks, data_bits);
                let mut before = 0;
                for (state, &byte) in marks.iter().enumerate() {
                    let reached = mark_in(byte, data_bits) != 0;
                    assert_eq!(ranks.rank(state as StateId), reached.then_some(before));
                    before += reached as usize;
                }
                assert_eq!(ranks.count(), before);
                assert_eq!(ranks.rank(len as StateId + 64), None);
            }
        }
    }

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

    /// What a thread keeps grows to the largest small walk, and a walk of
    /// fewer states reuses it.
    #[test]
    fn the_kept_arrays_grow_to_the_size_walked() {
        let kept = || KEPT.with(|k| k.borrow().as_ref().map(|s| s.entries.len()));
        drop(Slots::new(10));
        assert_eq!(kept(), Some(10));
        drop(Slots::new(100));
        assert_eq!(kept(), Some(100));
        let small = Slots::new(50);
        assert_eq!((small.entries.len(), kept()), (100, None));
        drop(small);
        drop(Slots::new(KEPT_STATES + 1));
        assert_eq!(kept(), Some(100));
    }

    #[test]
    fn a_goal_one_layer_late_is_not_counted() {
        let shortest = shortest_routes(&LateGoal).unwrap();
        assert_eq!((shortest.count, shortest.route.clone()), (1, vec![1]));
        assert_eq!(Some(shortest), census(&LateGoal).shortest);
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
        let mut queue = Queue::holding(Vec::new());
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
