//! A space of the engine's own for its tests: states on a ring, moves by
//! fixed steps around it, each open or shut at random.

use crate::search::{MoveLabel, StateId, StateSpace};

/// A space of the engine's own for its tests: `open.len()` states on a
/// ring, each with up to four moves by fixed steps around it, each
/// move open or shut at random, a few starts and goals at random. Its
/// data (as a family keeps it in the state's byte) is the mask of its
/// open moves.
#[derive(Clone)]
pub(super) struct Ring {
    open: Vec<u8>,
    goal: Vec<bool>,
    starts: Vec<StateId>,
}

/// The steps of the four moves, as offsets around the ring.
const STEPS: [i64; 4] = [1, -1, 7, -13];

impl Ring {
    /// A ring of `states` states, each move open with probability
    /// `open_in_16 / 16`, from `seed`.
    fn random(seed: u64, states: usize, open_in_16: u64) -> Ring {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let open = (0..states)
            .map(|_| (0..4).fold(0, |mask, m| mask | ((next() % 16 < open_in_16) as u8) << m))
            .collect();
        let goal = (0..states).map(|_| next() % 64 == 0).collect();
        let starts = (0..1 + next() % 3)
            .map(|_| (next() % states as u64) as StateId)
            .collect();
        Ring { open, goal, starts }
    }

    fn step(&self, state: StateId, label: MoveLabel, sign: i64) -> StateId {
        let n = self.open.len() as i64;
        (state as i64 + sign * STEPS[label as usize]).rem_euclid(n) as StateId
    }
}

impl StateSpace for Ring {
    fn state_count(&self) -> usize {
        self.open.len()
    }
    fn first_states(&self, mut visit: impl FnMut(StateId)) {
        self.starts.iter().for_each(|&s| visit(s))
    }
    fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId)) {
        self.successors_given(state, self.open[state as usize], visit)
    }
    fn successors_given(
        &self,
        state: StateId,
        open: u8,
        mut visit: impl FnMut(MoveLabel, StateId),
    ) {
        for label in (0..4).filter(|m| open >> m & 1 == 1) {
            visit(label, self.step(state, label, 1));
        }
    }
    fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId {
        self.step(state, label, -1)
    }
    fn is_goal(&self, state: StateId) -> bool {
        self.goal[state as usize]
    }
    const MOVE_LABELS: MoveLabel = 4;
    const DATA_BITS: u32 = 4;
    fn write_data(&self, data: &mut [u8]) {
        data.copy_from_slice(&self.open);
    }
}

/// Rings of many sizes and densities, sparse and dense.
pub(super) fn rings() -> impl Iterator<Item = Ring> {
    (0..60)
        .map(|seed| Ring::random(seed, 20 + 97 * seed as usize, 4 + seed % 12))
        .chain([Ring::random(61, 30_000, 9), Ring::random(62, 30_000, 14)])
}

/// A space with no data in the state bytes, as the layered walk needs:
/// everything else is the space's.
pub(super) struct WithoutData<S>(pub(super) S);

impl<S: StateSpace> StateSpace for WithoutData<S> {
    fn state_count(&self) -> usize {
        self.0.state_count()
    }
    fn first_states(&self, visit: impl FnMut(StateId)) {
        self.0.first_states(visit)
    }
    fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId)) {
        self.0.successors(state, visit)
    }
    fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId {
        self.0.predecessor(state, label)
    }
    fn is_goal(&self, state: StateId) -> bool {
        self.0.is_goal(state)
    }
    const MOVE_LABELS: MoveLabel = S::MOVE_LABELS;
}
