//! The breadth-first walk for huge state spaces, one layer at a time on
//! every thread of the current pool ([`parallel`](super::parallel)), with
//! exactly the sequential walk's result.
//!
//! A layer (the states at one distance) is cut into chunks in queue order
//! and the chunks are expanded in parallel. The sequential walk gives a
//! state the label of its *first* discoverer in queue order, and lists the
//! next layer in order of discovery. To get the same answer, a chunk claims
//! a new state with a *tentative* mark that carries the chunk's number, and
//! a claim by an earlier chunk overrides one by a later chunk. When every
//! chunk is done, each keeps the states whose claim it still holds, in the
//! order it found them, and makes their marks final. The next layer is the
//! chunks' lists one after the other: the same states, in the same order,
//! with the same marks as the sequential walk.
//!
//! While a layer is expanded, a claimed state's mark byte holds
//! [`CLAIMED`] and the claiming chunk's number (from 1); the chunk keeps
//! the label of its move beside the state, and writes the final mark
//! (`2 + label`, below [`CLAIMED`]) when it keeps the state. So this walk
//! serves families with at most [`LAYERED_MAX_LABELS`] labels and uses at
//! most [`MAX_CHUNKS`] chunks. A family that lists its moves ahead
//! ([`StateSpace::LISTS_AHEAD`]) has them listed ahead here too.
//!
//! When the walk stops at the first goal, the layer holding that goal is
//! undone and the layer before it is walked again by the sequential walk,
//! which stops when the goal's turn in its queue comes, so that even the
//! count of states reached when it stopped is the sequential one.

use std::hint::black_box;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::marks::Marks;
use super::memory::write_every_page;
use super::parallel;
use super::queue::Queue;
use super::walk::{LIST_AHEAD, Listed, drain};
use super::{FIRST, MoveLabel, StateId, StateSpace};

/// Families with more labels than this use the sequential walk: a final
/// mark, `2 + label`, must lie below [`CLAIMED`].
pub const LAYERED_MAX_LABELS: u8 = CLAIMED - 2;

/// The bit of a mark byte that says a chunk has claimed the state in this
/// layer; the bits below it are the chunk's number.
const CLAIMED: u8 = 0x80;

/// At most this many chunks per layer.
const MAX_CHUNKS: usize = 15;

/// Smaller spaces are walked sequentially: threads would not pay.
pub const MIN_STATES: usize = 1 << 20;

/// Layers are cut into one chunk per thread (more chunks were measured to
/// be slower: more cache lines written by both threads), but chunks are no
/// smaller than this.
const MIN_CHUNK: usize = 2048;

/// Whether [`walk`] should be used for `space` rather than the sequential
/// walk: the space is large, the labels fit, the family keeps no data in
/// the state bytes (the chunk tags take those bits) and there are threads.
pub fn worth_it<S: StateSpace>(space: &S) -> bool {
    space.state_count() >= MIN_STATES
        && S::MOVE_LABELS <= LAYERED_MAX_LABELS
        && S::DATA_BITS == 0
        && parallel::threads() > 1
}

/// Walks `space` layer by layer from the states `ledger` was seeded with
/// (`frontier`, the first layer, whose marks are set), writing down what
/// the sequential walk would. Returns how many states were reached.
pub fn walk<S: StateSpace>(space: &S, ledger: &mut Marks, frontier: Vec<StateId>) -> usize {
    walk_chunked(space, ledger, frontier, MIN_CHUNK)
}

/// [`walk`], with chunks of at least `min_chunk` states.
fn walk_chunked<S: StateSpace>(
    space: &S,
    ledger: &mut Marks,
    frontier: Vec<StateId>,
    min_chunk: usize,
) -> usize {
    debug_assert_eq!(S::DATA_BITS, 0, "the tags use the data bits");
    let marks: Vec<AtomicU8> = std::mem::take(&mut ledger.marks)
        .into_iter()
        .map(AtomicU8::new)
        .collect();
    let (frontier, reached) = walk_layers(space, &marks, ledger, frontier, min_chunk);
    ledger.marks = marks.into_iter().map(AtomicU8::into_inner).collect();
    match frontier {
        None => reached,
        Some(frontier) => {
            let before = reached - frontier.len();
            let mut queue = Queue::holding(frontier);
            before + drain(space, ledger, &mut queue)
        }
    }
}

/// The layers, until none is left or a goal is found while `ledger` stops
/// at the first goal. Returns the states reached, and in the second case
/// the layer to walk again sequentially (the goal's layer is undone).
fn walk_layers<S: StateSpace>(
    space: &S,
    marks: &[AtomicU8],
    ledger: &mut Marks,
    mut frontier: Vec<StateId>,
    min_chunk: usize,
) -> (Option<Vec<StateId>>, usize) {
    let mut reached = frontier.len();
    let mut next = Vec::new();
    let mut found = Vec::new();
    // A search that ends before a layer is worth two threads never
    // touches the pages it does not visit.
    let mut pages_written = false;
    while !frontier.is_empty() {
        if !pages_written && frontier.len() >= 2 * min_chunk {
            write_every_page(marks, |mark| _ = mark.fetch_add(black_box(0), Relaxed));
            pages_written = true;
        }
        next_layer(space, marks, &frontier, min_chunk, &mut found, &mut next);
        let goals = next.iter().copied().filter(|&state| space.is_goal(state));
        if ledger.stop_at_first_goal && goals.clone().next().is_some() {
            for &state in &next {
                marks[state as usize].store(0, Relaxed);
            }
            return (Some(frontier), reached);
        }
        ledger.goals.extend(goals);
        reached += next.len();
        std::mem::swap(&mut frontier, &mut next);
    }
    (None, reached)
}

/// Expands `layer` (goals are not expanded) into `next`: the new states
/// in order of discovery, their marks final. `found` holds each chunk's
/// claims, kept from layer to layer with `next` (allocating them afresh
/// for each layer costs more in page faults than the walk's own work).
fn next_layer<S: StateSpace>(
    space: &S,
    marks: &[AtomicU8],
    layer: &[StateId],
    min_chunk: usize,
    found: &mut Vec<Claimed>,
    next: &mut Vec<StateId>,
) {
    let threads = parallel::threads().min(MAX_CHUNKS);
    let size = layer
        .len()
        .div_ceil((layer.len() / min_chunk).clamp(1, threads));
    let chunks = layer.len().div_ceil(size);
    found.resize_with(chunks.max(found.len()), Claimed::default);
    let found = &mut found[..chunks];
    parallel::map_beside_chunks(found, layer, size, |index, claimed, chunk| {
        expand(space, marks, chunk, tag(index), claimed)
    });
    parallel::each_mut(found, |index, claimed| claimed.keep_own(marks, tag(index)));
    next.clear();
    for claimed in found.iter() {
        next.extend_from_slice(&claimed.states);
    }
}

/// The tentative-mark tag of the chunk at `index`: 1 for the first.
fn tag(index: usize) -> u8 {
    index as u8 + 1
}

/// The states a chunk claimed, in the order it found them, each with the
/// label of the move that reached it.
#[derive(Default)]
struct Claimed {
    states: Vec<StateId>,
    labels: Vec<MoveLabel>,
}

impl Claimed {
    fn push(&mut self, state: StateId, label: MoveLabel) {
        self.states.push(state);
        self.labels.push(label);
    }

    /// Keeps the states whose claim is still the chunk's own (`tag`),
    /// making their marks final.
    fn keep_own(&mut self, marks: &[AtomicU8], tag: u8) {
        let mut kept = 0;
        for at in 0..self.states.len() {
            let (state, label) = (self.states[at], self.labels[at]);
            let mark = &marks[state as usize];
            if mark.load(Relaxed) == CLAIMED | tag {
                mark.store(label + 2, Relaxed);
                self.states[kept] = state;
                kept += 1;
            }
        }
        self.states.truncate(kept);
        self.labels.clear();
    }
}

/// Expands the states of one chunk, claiming every state not yet reached
/// and not claimed by an earlier chunk, into `claimed`.
fn expand<S: StateSpace>(
    space: &S,
    marks: &[AtomicU8],
    chunk: &[StateId],
    tag: u8,
    claimed: &mut Claimed,
) {
    claimed.states.clear();
    claimed.labels.clear();
    let mut reach = |label: MoveLabel, next: StateId| {
        if claim(&marks[next as usize], tag) {
            claimed.push(next, label);
        }
    };
    if !S::LISTS_AHEAD {
        for &state in chunk.iter().filter(|&&state| !space.is_goal(state)) {
            space.successors(state, &mut reach);
        }
        return;
    }
    let mut listed = Listed::default();
    for at in 0..chunk.len() {
        while listed.states() <= LIST_AHEAD {
            let Some(&ahead) = chunk.get(at + listed.states()) else {
                break;
            };
            listed.list(space, ahead, None, |state| {
                mem_prefetch::prefetch_read_data::<_, 3>(&marks[state as usize]);
            });
        }
        for (label, next) in listed.take() {
            reach(label, next);
        }
    }
}

/// Puts the tentative mark of the chunk `tag` on a state that is not
/// reached and not claimed by an earlier chunk; says whether it did.
#[inline]
fn claim(mark: &AtomicU8, tag: u8) -> bool {
    let mut current = mark.load(Relaxed);
    while current == 0 || (current & CLAIMED != 0 && current & !CLAIMED > tag) {
        match mark.compare_exchange_weak(current, CLAIMED | tag, Relaxed, Relaxed) {
            Ok(_) => return true,
            Err(now) => current = now,
        }
    }
    false
}

const _: () = assert!(
    FIRST < CLAIMED && LAYERED_MAX_LABELS + 1 < CLAIMED && MAX_CHUNKS < CLAIMED as usize,
    "a final mark (the last label's is `LAYERED_MAX_LABELS + 1`) never looks claimed"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MoveLabel;
    use crate::search::ring::{Ring, WithoutData, rings};
    use crate::search::walk::{first_layer, walk};

    /// What a walk wrote down: marks, goals in order, states reached.
    fn outcome(ledger: Marks, reached: usize) -> (Vec<u8>, Vec<StateId>, usize) {
        (ledger.marks, ledger.goals, reached)
    }

    fn sequential<S: StateSpace>(space: &S, stop: bool) -> (Vec<u8>, Vec<StateId>, usize) {
        let mut ledger = Marks::new(space, stop);
        let reached = walk(space, &mut ledger);
        outcome(ledger, reached)
    }

    /// The layered walk with chunks of one state, on `threads` threads.
    fn layered<S: StateSpace>(
        space: &S,
        stop: bool,
        threads: usize,
    ) -> (Vec<u8>, Vec<StateId>, usize) {
        parallel::with_threads(threads, || {
            let mut ledger = Marks::new(space, stop);
            let first = first_layer(space, &mut ledger);
            let reached = walk_chunked(space, &mut ledger, first, 1);
            outcome(ledger, reached)
        })
    }

    fn agree<S: StateSpace>(space: &S) {
        for stop in [true, false] {
            let expected = sequential(space, stop);
            for threads in [2, 3, 15] {
                assert_eq!(
                    layered(space, stop, threads),
                    expected,
                    "stop {stop}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn layers_write_down_what_the_sequential_walk_does() {
        for ring in rings() {
            agree(&WithoutData(ring));
        }
    }

    /// A space whose labels are the largest the layered walk takes (a
    /// ring's labels counted down from the last), its moves listed ahead.
    struct WideLabels(WithoutData<Ring>);

    /// The label of a ring's move `label` in [`WideLabels`], and back.
    fn wide(label: MoveLabel) -> MoveLabel {
        LAYERED_MAX_LABELS - 1 - label
    }

    impl StateSpace for WideLabels {
        fn state_count(&self) -> usize {
            self.0.state_count()
        }
        fn first_states(&self, visit: impl FnMut(StateId)) {
            self.0.first_states(visit)
        }
        fn successors(&self, state: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
            self.0
                .successors(state, |label, next| visit(wide(label), next))
        }
        fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId {
            self.0.predecessor(state, wide(label))
        }
        fn is_goal(&self, state: StateId) -> bool {
            self.0.is_goal(state)
        }
        const MOVE_LABELS: MoveLabel = LAYERED_MAX_LABELS;
        const LISTS_AHEAD: bool = true;
    }

    #[test]
    fn layers_take_every_label_and_moves_listed_ahead() {
        for ring in rings() {
            agree(&WideLabels(WithoutData(ring)));
        }
    }

    #[test]
    fn a_spaces_data_changes_no_mark() {
        for maze in rings() {
            for stop in [true, false] {
                let (marks, goals, reached) = sequential(&maze, stop);
                let data_bits = Ring::DATA_BITS;
                let marks: Vec<u8> = marks.iter().map(|mark| mark >> data_bits).collect();
                assert_eq!(
                    (marks, goals, reached),
                    sequential(&WithoutData(maze.clone()), stop)
                );
            }
        }
    }

    #[test]
    fn an_earlier_chunk_overrides_a_later_claim() {
        let mark = AtomicU8::new(0);
        assert!(claim(&mark, 3));
        assert!(!claim(&mark, 3), "a chunk keeps its own first claim");
        assert!(claim(&mark, 1));
        assert!(!claim(&mark, 2));
        mark.store(FIRST, Relaxed);
        assert!(!claim(&mark, 1), "final marks are never claimed");
        mark.store(LAYERED_MAX_LABELS + 1, Relaxed);
        assert!(!claim(&mark, 1), "nor is the last label's");
    }
}
