//! What route counting keeps per state ([`Slots`]): a distance, a mark
//! and a route count a state, in arrays their owner holds (a count's own,
//! freed when it returns, or kept for the owner's next count by a
//! [`Scratch`] or a [`Recounter`](super::Recounter)), for every state or
//! for those an exploration reached alone ([`Ranks`]), and what a walk
//! going on from a kept one wrote over.

use super::StateId;
use super::marks::mark_in;

/// What route counting keeps per state, in one array of [`Entry`]s: the
/// route count, and the distance (0 = not reached; first states are 1)
/// with the first-found mark and the walk's generation packed into one
/// word.
///
/// The arrays are their owner's, and nothing else keeps them: a one-off
/// count ([`shortest_routes`](super::shortest_routes),
/// [`census`](fn@super::census)) takes fresh zeroed ones, whose untouched
/// pages are never written, and frees them when it returns. A caller's
/// [`Scratch`] (a batch's censuses) or [`Recounter`](super::Recounter)
/// (the generator counts the routes of thousands of small candidates with
/// one) keeps them for its next count, where a new generation makes every
/// state unreached without clearing a word: clearing fresh arrays cost more
/// than the walk of a small space itself.
///
/// A walk may also go on from a walk kept in the arrays (see
/// [`Recounter`](super::Recounter)): the kept walk's states at most
/// `horizon` moves away count as reached, and the kept entries this walk
/// writes over are noted in `undo`, to be put back if this walk is
/// discarded.
#[derive(Clone, Debug)]
pub(super) struct Slots {
    pub(super) entries: Vec<Entry>,
    /// Where a state's entry is: at its own index, or, for a count after
    /// an exploration, at its rank among the states the exploration
    /// reached (see [`Ranks`]).
    ranks: Option<Ranks>,
    pub(super) generation: u64,
    /// The generation of the kept walk (0: none).
    pub(super) kept: u64,
    pub(super) horizon: u32,
    pub(super) undo: Option<Vec<Overwritten>>,
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
pub(super) struct Entry {
    /// Distance, mark and generation (see [`Slots`]).
    pub(super) info: u64,
    /// Shortest routes to the state (saturating).
    pub(super) routes: u64,
}

/// A kept entry a walk wrote over, and its state.
pub(super) type Overwritten = (StateId, Entry);

pub(super) const MARK_SHIFT: u32 = 32;
const GENERATION_SHIFT: u32 = 40;

/// The most states whose arrays a [`Scratch`] keeps after a count (16
/// MB): a larger space's are freed when its count returns (their fresh
/// pages cost little beside its walk, and a batch's memory budget reckons
/// with the mazes in hand, not with what their counts leave behind).
const KEPT_STATES: usize = 1 << 20;

/// The arrays route counting works in, kept by their owner from one count
/// to the next ([`census_in`](super::census_in)): a run of many small
/// counts (a batch's `check`, one scratch to a thread) allocates and
/// clears them once. They are the owner's alone, and freed when the
/// scratch is dropped; arrays for more than 2^20 states are not kept.
///
/// ```
/// use logicmaze::search::Scratch;
/// let scratch = Scratch::new();
/// assert_eq!(scratch.bytes(), 0);
/// ```
#[derive(Debug, Default)]
pub struct Scratch {
    slots: Option<Slots>,
}

impl Scratch {
    /// A scratch holding no arrays yet.
    pub fn new() -> Scratch {
        Scratch::default()
    }

    /// The bytes of the arrays it holds.
    ///
    /// ```
    /// use logicmaze::search::{Scratch, census_in};
    /// # use logicmaze::search::{MoveLabel, StateId, StateSpace};
    /// // 1,000 states, of which a corridor 0 → 1 → … → 4 (the goal) is
    /// // all a walk reaches.
    /// # struct Corridor;
    /// # impl StateSpace for Corridor {
    /// #     fn state_count(&self) -> usize { 1000 }
    /// #     fn first_states(&self, mut visit: impl FnMut(StateId)) { visit(0) }
    /// #     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
    /// #         if s < 4 { visit(0, s + 1) }
    /// #     }
    /// #     fn predecessor(&self, s: StateId, _: MoveLabel) -> StateId { s.saturating_sub(1) }
    /// #     fn is_goal(&self, s: StateId) -> bool { s == 4 }
    /// #     const MOVE_LABELS: MoveLabel = 1;
    /// # }
    /// let mut scratch = Scratch::new();
    /// census_in(&Corridor, &mut scratch);
    /// // Sixteen bytes a state, kept for the next count.
    /// assert_eq!(scratch.bytes(), 16_000);
    /// ```
    pub fn bytes(&self) -> usize {
        self.slots
            .as_ref()
            .map_or(0, |slots| std::mem::size_of_val(&slots.entries[..]))
    }
}

impl Slots {
    /// Fresh zeroed slots for `count` states, every one unreached.
    pub(super) fn new(count: usize) -> Slots {
        Slots {
            entries: bytemuck::zeroed_vec(count),
            ranks: None,
            generation: 1,
            kept: 0,
            horizon: 0,
            undo: None,
        }
    }

    /// Slots for `count` states in the arrays `scratch` keeps, when they
    /// are as large (every state unreached by a new generation), or else
    /// fresh ones; the scratch holds nothing until they are given back.
    pub(super) fn within(scratch: &mut Scratch, count: usize) -> Slots {
        match scratch.slots.take() {
            Some(mut slots) if slots.entries.len() >= count => {
                slots.next_generation();
                slots
            }
            _ => Slots::new(count),
        }
    }

    /// Gives the arrays back to `scratch` for its next count, unless they
    /// are for the reached states alone (another count's are others) or
    /// for more than [`KEPT_STATES`]: then they are freed here.
    pub(super) fn give_back(self, scratch: &mut Scratch) {
        if self.ranks.is_none() && self.entries.len() <= KEPT_STATES {
            scratch.slots = Some(Slots {
                kept: 0,
                horizon: 0,
                undo: None,
                ..self
            });
        }
    }

    /// Slots for the states an exploration reached (`marks`), and no
    /// others: a walk from the same origin reaches no other state.
    pub(super) fn for_reached(marks: &[u8], data_bits: u32) -> Slots {
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
    pub(super) fn entry_mut(&mut self, state: StateId) -> &mut Entry {
        let i = self
            .slot(state)
            .expect("a state a walk reaches has an entry");
        &mut self.entries[i]
    }

    /// `state`'s entry, or an entry never written for a state without one.
    #[inline(always)]
    pub(super) fn entry(&self, state: StateId) -> Entry {
        self.slot(state)
            .map_or(Entry::default(), |i| self.entries[i])
    }

    /// Starts a new walk: every state is unreached but those of the kept
    /// walk. Returns `false` when the generations ran out and the arrays
    /// were cleared: then no walk is kept either.
    pub(super) fn next_generation(&mut self) -> bool {
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
    pub(super) fn distance(&self, state: StateId) -> u32 {
        let (generation, distance) = self.written(state);
        match generation == self.generation || (generation == self.kept && distance <= self.horizon)
        {
            true => distance,
            false => 0,
        }
    }

    /// Moves from the origin in the kept walk; 0 when it did not reach
    /// `state`.
    pub(super) fn kept_distance(&self, state: StateId) -> u32 {
        match self.written(state) {
            (generation, distance) if generation == self.kept => distance,
            _ => 0,
        }
    }

    pub(super) fn is_reached(&self, state: StateId) -> bool {
        self.distance(state) != 0
    }

    pub(super) fn mark(&self, state: StateId) -> u8 {
        (self.entry(state).info >> MARK_SHIFT) as u8
    }

    pub(super) fn routes(&self, state: StateId) -> u64 {
        self.entry(state).routes
    }

    #[inline(always)]
    pub(super) fn reach(&mut self, state: StateId, distance: u32, mark: u8, routes: u64) {
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
    pub(super) fn move_kept(&mut self, state: StateId, by: u32) {
        self.note_overwritten(state);
        let generation = self.generation;
        let info = &mut self.entry_mut(state).info;
        let distance = (*info as u32).wrapping_add(by);
        let mark = *info >> MARK_SHIFT & 0xff;
        *info = Slots::info(distance, mark, generation);
    }

    /// Makes `state`, reached by the kept walk, unreached by this one.
    pub(super) fn forget_kept(&mut self, state: StateId) {
        self.note_overwritten(state);
        *self.entry_mut(state) = Entry::default();
    }

    /// Makes `state`, reached by the kept walk, reached by this one.
    pub(super) fn adopt(&mut self, state: StateId) {
        let generation = self.generation;
        let info = &mut self.entry_mut(state).info;
        *info = *info & ((1 << GENERATION_SHIFT) - 1) | generation << GENERATION_SHIFT;
    }
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

    /// Arrays given back to the caller's scratch are its next count's,
    /// the largest walked kept (up to [`KEPT_STATES`]); and nothing else
    /// keeps any: slots written and dropped leave fresh slots zeroed, at
    /// the first generation, exactly as many as asked.
    #[test]
    fn the_scratch_is_the_callers_and_nothing_else_keeps_the_arrays() {
        let mut scratch = Scratch::new();
        let mut walked = Slots::within(&mut scratch, 10);
        walked.reach(3, 1, 2, 5);
        let arrays = walked.entries.as_ptr();
        walked.give_back(&mut scratch);
        assert_eq!(scratch.bytes(), 160);
        let again = Slots::within(&mut scratch, 5);
        assert_eq!((again.entries.as_ptr(), again.entries.len()), (arrays, 10));
        assert!(
            !again.is_reached(3),
            "a new generation: every state unreached"
        );
        assert_eq!(scratch.bytes(), 0, "taken while a count walks");
        again.give_back(&mut scratch);
        Slots::within(&mut scratch, 100).give_back(&mut scratch);
        assert_eq!(scratch.bytes(), 1600, "the largest walked is kept");
        Slots::within(&mut scratch, KEPT_STATES + 1).give_back(&mut scratch);
        assert_eq!(scratch.bytes(), 0, "huge arrays are freed on return");
        let mut dropped = Slots::new(100);
        (0..100).for_each(|state| dropped.reach(state, 3, 2, 5));
        drop(dropped);
        let fresh = Slots::new(50);
        assert_eq!((fresh.entries.len(), fresh.generation), (50, 1));
        let zeroed = |entry: &Entry| entry.info == 0 && entry.routes == 0;
        assert!(fresh.entries.iter().all(zeroed));
    }
}
