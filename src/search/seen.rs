//! The lean search for huge spaces whose moves scatter: a bit a state
//! (whether it is reached) and the list of the states reached, layer by
//! layer, where [`shortest_path`](super::shortest_path)'s usual walk
//! keeps a byte a state (the move that reached it) and its queue.
//!
//! Its route is the usual walk's. That walk keeps, for each state, the
//! move of its first discoverer in queue order, and its queue lists a layer
//! in the order of its states' routes compared move by move (the family's
//! order of moves): so the route it finds to the first goal in queue order
//! is the first of all shortest routes in that order. This walk finds the
//! same route from the layers alone: backwards from the goals of the last
//! layer, the states of each layer that lie on a shortest route to one;
//! then forwards from the origin, each time the first move into one of
//! those. So the order of the states within a layer does not matter, and
//! threads may expand a layer's chunks racing each other: whichever
//! claims a state's bit first lists it, and the layers hold the same
//! states whatever the order.
//!
//! A search that finds a goal counts, as states reached, every state of
//! the goal's layer (as
//! [`cells::shortest_path`](super::cells::shortest_path) does).

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::explore::shortest_path_by_marks;
use super::memory::{HUGE_PAGE, Zeroed, write_every_page};
use super::parallel;
use super::{Found, StateId, StateSpace};

/// Smaller spaces are searched by the usual walk, whose byte a state is
/// cheap there and which needs no second pass for the route.
const MIN_STATES: usize = 1 << 20;

/// Layers are cut into [`CHUNKS_PER_THREAD`] chunks a thread, but chunks
/// are no smaller than this: a smaller layer is expanded on the walk's own
/// thread. (1,024 was slower on the 60×60 and 120×120 Theseus arenas:
/// fewer chunks to share out.)
const MIN_CHUNK: usize = 512;

/// How many chunks a layer is cut into for each thread: more than one, so
/// that a thread that finishes its own early (the other was slower to
/// start, or its states had more new moves) takes over one of another's.
const CHUNKS_PER_THREAD: usize = 4;

/// Whether [`shortest_path`] should search `space`: the family asks for it
/// ([`StateSpace::SCATTERED`]) and the space is large.
pub fn worth_it<S: StateSpace>(space: &S) -> bool {
    S::SCATTERED && space.state_count() >= MIN_STATES
}

/// Breadth-first search from the origin to the nearest goal state, with
/// the route [`shortest_path`](super::shortest_path) finds, on every
/// thread of the current pool.
pub fn shortest_path<S: StateSpace>(space: &S) -> Found {
    walk(space, MIN_CHUNK, space.state_count() / KEPT_PER_STATE)
}

/// At most one state reached in this many of the space is kept in the
/// layers, four bytes each: so the layers take at most a byte a state of
/// the space, what the walk of marks takes.
const KEPT_PER_STATE: usize = 4;

/// [`shortest_path`], with chunks of at least `min_chunk` states, keeping
/// the layers while they hold at most `keep` states.
///
/// A search that reaches more goes on with the last layer alone, and if
/// it finds a goal, takes the route from the walk of marks.
fn walk<S: StateSpace>(space: &S, min_chunk: usize, keep: usize) -> Found {
    // The bits get huge pages from half of one up: the walk writes every
    // page of them before its first layer on threads. A walk that stops
    // before then pays for zeroing a huge page it hardly uses, a fraction
    // of a millisecond; one that goes on saves hundreds of faults. The
    // layers are written from the start, as far as the walk goes.
    let mut bits = Zeroed::new(space.state_count().div_ceil(64) * 8, HUGE_PAGE / 2);
    let mut seen = Seen::new(&mut bits);
    let mut kept = Zeroed::new(
        keep.min(space.state_count()) * size_of::<StateId>(),
        HUGE_PAGE,
    );
    let mut layers = Layers::new(&mut kept);
    let mut chunks: Vec<Vec<StateId>> = vec![Vec::new()];
    space.first_states(|state| {
        if seen.insert(state) {
            chunks[0].push(state);
        }
    });
    let mut goal = chunks[0].iter().any(|&state| space.is_goal(state));
    layers.push(&chunks);
    while !goal && !layers.last().is_empty() {
        goal = expand(space, &mut seen, layers.last(), min_chunk, &mut chunks);
        layers.push(&chunks);
    }
    let reached = layers.reached();
    let route = match (goal, layers.whole()) {
        (false, _) => None,
        (true, Some(whole)) => Some(rebuild(space, seen, whole)),
        (true, None) => {
            drop((seen, layers, chunks));
            drop((bits, kept));
            shortest_path_by_marks(space).route
        }
    };
    Found { route, reached }
}

/// Expands `layer` into `chunks` (the new states, a list per chunk, in no
/// order that matters), cut into chunks for every thread when it is
/// large.
/// Says whether a new state is a goal.
fn expand<S: StateSpace>(
    space: &S,
    seen: &mut Seen,
    layer: &[StateId],
    min_chunk: usize,
    chunks: &mut Vec<Vec<StateId>>,
) -> bool {
    // On one thread, one chunk: no locked instructions.
    let chunks_most = match parallel::threads() {
        1 => 1,
        threads => threads * CHUNKS_PER_THREAD,
    };
    let size = layer
        .len()
        .div_ceil((layer.len() / min_chunk).clamp(1, chunks_most));
    let count = layer.len().div_ceil(size);
    chunks.resize_with(count.max(chunks.len()), Vec::new);
    chunks.truncate(count);
    if count == 1 {
        return expand_chunk::<S, true>(space, seen, layer, &mut chunks[0]);
    }
    seen.write_every_page_once();
    let seen = &*seen;
    let goals = parallel::map_beside_chunks(chunks, layer, size, |_, next, chunk| {
        expand_chunk::<S, false>(space, seen, chunk, next)
    });
    goals.contains(&true)
}

/// Expands the states of `chunk`, listing the states it is first to reach
/// in `next`; `ALONE` when no other thread expands a chunk meanwhile. Says
/// whether one of the new states is a goal.
///
/// The moves are not listed ahead ([`StateSpace::LISTS_AHEAD`]): a bit a
/// state, a family whose moves scatter has them a cache line or two apart
/// rather than a page, and the processor overlaps them better on its own.
fn expand_chunk<S: StateSpace, const ALONE: bool>(
    space: &S,
    seen: &Seen,
    chunk: &[StateId],
    next: &mut Vec<StateId>,
) -> bool {
    next.clear();
    let mut next = Next::<ALONE> {
        seen,
        states: next,
        goal: false,
    };
    for &state in chunk {
        space.successors(state, |_, to| next.reach(space, to));
    }
    next.goal
}

/// The states a chunk is first to reach, and whether one is a goal.
struct Next<'a, const ALONE: bool> {
    seen: &'a Seen<'a>,
    states: &'a mut Vec<StateId>,
    goal: bool,
}

impl<const ALONE: bool> Next<'_, ALONE> {
    /// A move reaches `state`: listed if it is new.
    #[inline(always)]
    fn reach<S: StateSpace>(&mut self, space: &S, state: StateId) {
        let new = match ALONE {
            true => self.seen.insert_alone(state),
            false => self.seen.insert(state),
        };
        if new {
            self.goal |= space.is_goal(state);
            self.states.push(state);
        }
    }
}

/// The first of the shortest routes in the family's order of moves, to a
/// goal of the last layer: its states, the first move's first. `seen`
/// holds the states of `layers`.
///
/// Backwards from the goals, layer by layer: a state's predecessors that
/// are still seen once the layers after theirs are forgotten lie in the
/// layer before it (no farther, since it reaches them in one move, and
/// no nearer, since those are forgotten). So no layer is sorted or
/// searched.
fn rebuild<S: StateSpace>(space: &S, mut seen: Seen, layers: Whole) -> Vec<StateId> {
    let depth = layers.count();
    let mut goals: Vec<StateId> = layers.layer(depth - 1).to_vec();
    goals.retain(|&state| space.is_goal(state));
    goals.sort_unstable();
    let mut on_route: Vec<Vec<StateId>> = Vec::with_capacity(depth);
    on_route.push(goals);
    for layer in (0..depth - 1).rev() {
        seen.forget(layers.layer(layer + 1));
        let mut before = Vec::new();
        for &state in on_route.last().into_iter().flatten() {
            space.predecessors(state, |from| seen.contains(from), |from| before.push(from));
        }
        before.sort_unstable();
        before.dedup();
        on_route.push(before);
    }
    on_route.reverse();
    let on = |layer: usize, state: StateId| on_route[layer].binary_search(&state).is_ok();
    let mut route: Vec<StateId> = Vec::with_capacity(depth);
    space.first_states(|state| {
        if route.is_empty() && on(0, state) {
            route.push(state);
        }
    });
    for layer in 1..depth {
        let from = route[layer - 1];
        space.successors(from, |_, state| {
            if route.len() == layer && on(layer, state) {
                route.push(state);
            }
        });
    }
    debug_assert_eq!(route.len(), depth, "every state on a route has a move on");
    route
}

/// The states reached, layer after layer, in memory for as many as the
/// walk keeps; once they grow too many, the last layer alone.
enum Layers<'m> {
    Whole {
        /// The layers' states, `len` of them, then room for more.
        states: &'m mut [StateId],
        len: usize,
        /// Where each layer ends in `states`.
        ends: Vec<usize>,
    },
    LastAlone {
        last: Vec<StateId>,
        /// How many states of the layers before were let go.
        forgotten: usize,
    },
}

/// Every layer of a walk: its states, and where each layer ends.
#[derive(Clone, Copy)]
struct Whole<'a> {
    states: &'a [StateId],
    ends: &'a [usize],
}

impl<'m> Layers<'m> {
    /// No layer yet, with `memory` for the states kept.
    fn new(memory: &'m mut Zeroed) -> Layers<'m> {
        Layers::Whole {
            states: memory.items(),
            len: 0,
            ends: Vec::new(),
        }
    }

    /// Adds the layer of the states in `chunks`, letting go of the layers
    /// before if there is no room for it.
    fn push(&mut self, chunks: &[Vec<StateId>]) {
        let new: usize = chunks.iter().map(Vec::len).sum();
        match self {
            Layers::Whole { states, len, ends } if *len + new <= states.len() => {
                for chunk in chunks {
                    states[*len..*len + chunk.len()].copy_from_slice(chunk);
                    *len += chunk.len();
                }
                ends.push(*len);
            }
            Layers::Whole { len, .. } => {
                *self = Layers::LastAlone {
                    last: chunks.concat(),
                    forgotten: *len,
                }
            }
            Layers::LastAlone { last, forgotten } => {
                *forgotten += last.len();
                last.clear();
                chunks
                    .iter()
                    .for_each(|chunk| last.extend_from_slice(chunk));
            }
        }
    }

    /// Every layer, if every layer is kept.
    fn whole(&self) -> Option<Whole<'_>> {
        match self {
            Layers::Whole { states, len, ends } => Some(Whole {
                states: &states[..*len],
                ends,
            }),
            Layers::LastAlone { .. } => None,
        }
    }

    /// How many states the layers hold, those let go included.
    fn reached(&self) -> usize {
        match self {
            Layers::Whole { len, .. } => *len,
            Layers::LastAlone { last, forgotten } => forgotten + last.len(),
        }
    }

    /// The last layer (none before the first is pushed).
    fn last(&self) -> &[StateId] {
        match self {
            Layers::Whole { .. } => self.whole().map_or(&[], |whole| whole.last()),
            Layers::LastAlone { last, .. } => last,
        }
    }
}

impl<'a> Whole<'a> {
    fn count(&self) -> usize {
        self.ends.len()
    }

    fn layer(&self, layer: usize) -> &'a [StateId] {
        let start = layer.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.states[start..self.ends[layer]]
    }

    /// The last layer, or none if there is none.
    fn last(&self) -> &'a [StateId] {
        self.count()
            .checked_sub(1)
            .map_or(&[], |last| self.layer(last))
    }
}

/// A bit a state, set when it is reached, by any thread.
struct Seen<'m> {
    words: &'m mut [AtomicU64],
    /// Whether [`Seen::write_every_page_once`] has.
    pages_written: bool,
}

impl<'m> Seen<'m> {
    /// No state reached, in `memory`, zeroed, a bit a state. Its pages
    /// are mapped as they are touched: a search that ends early touches
    /// few.
    fn new(memory: &'m mut Zeroed) -> Seen<'m> {
        Seen {
            words: memory.atomic_words(),
            pages_written: false,
        }
    }

    /// Writes every page of the bits, once, before the first layer that
    /// threads expand (see [`write_every_page`]).
    fn write_every_page_once(&mut self) {
        if !std::mem::replace(&mut self.pages_written, true) {
            write_every_page(self.words, |word| _ = word.fetch_add(black_box(0), Relaxed));
        }
    }

    /// Sets `state`'s bit; says whether this call set it.
    #[inline]
    fn insert(&self, state: StateId) -> bool {
        let (word, bit) = (&self.words[word_of(state)], bit_of(state));
        // Most moves reach a state reached before: a plain read spares
        // them the locked instruction.
        word.load(Relaxed) & bit == 0 && word.fetch_or(bit, Relaxed) & bit == 0
    }

    /// Whether `state` (any number) is seen.
    fn contains(&self, state: StateId) -> bool {
        let word = self.words.get(word_of(state));
        word.is_some_and(|word| word.load(Relaxed) & bit_of(state) != 0)
    }

    /// Unsets the bits of `states`, which no other thread touches.
    fn forget(&mut self, states: &[StateId]) {
        for &state in states {
            *self.words[word_of(state)].get_mut() &= !bit_of(state);
        }
    }

    /// [`Seen::insert`] while no other thread sets bits: no locked
    /// instruction.
    #[inline]
    fn insert_alone(&self, state: StateId) -> bool {
        let (word, bit) = (&self.words[word_of(state)], bit_of(state));
        let before = word.load(Relaxed);
        // Written only when new, as in `insert`: most moves reach a state
        // reached before, and a store each cost more than the test.
        let new = before & bit == 0;
        if new {
            word.store(before | bit, Relaxed);
        }
        new
    }
}

/// The word of the bits that holds `state`'s bit.
#[inline]
pub(super) fn word_of(state: StateId) -> usize {
    state as usize / 64
}

/// `state`'s bit in its word.
#[inline]
pub(super) fn bit_of(state: StateId) -> u64 {
    1 << (state % 64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ring::{WithoutData, rings};
    use crate::search::shortest_path as by_marks;

    /// How many states a breadth-first walk from the first states reaches
    /// up to the nearest goal's layer (goals not expanded), or in all when
    /// no goal is reachable: the simplest walk there is.
    fn reached_by_layers<S: StateSpace>(space: &S) -> usize {
        let mut seen = vec![false; space.state_count()];
        let mut layer = Vec::new();
        space.first_states(|state| {
            if !std::mem::replace(&mut seen[state as usize], true) {
                layer.push(state);
            }
        });
        let mut reached = layer.len();
        while !layer.is_empty() && !layer.iter().any(|&state| space.is_goal(state)) {
            let mut next = Vec::new();
            for &state in &layer {
                space.successors(state, |_, to| {
                    if !std::mem::replace(&mut seen[to as usize], true) {
                        next.push(to);
                    }
                });
            }
            reached += next.len();
            layer = next;
        }
        reached
    }

    /// The walk of bits, in chunks of one state on 1, 2 and 3 threads,
    /// finds the route the walk of marks finds, and reaches what the
    /// simplest walk does.
    fn agree<S: StateSpace>(space: &S) {
        let expected = (by_marks(space).route, reached_by_layers(space));
        for threads in [1, 2, 3] {
            for keep in [usize::MAX, 0, 50] {
                let found = parallel::with_threads(threads, || walk(space, 1, keep));
                let case = format!("{threads} threads, {keep} states kept");
                assert_eq!((found.route, found.reached), expected, "{case}");
            }
        }
    }

    #[test]
    fn the_route_is_the_walk_of_marks_route() {
        for ring in rings() {
            agree(&WithoutData(ring));
        }
    }
}
