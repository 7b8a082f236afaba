//! The lean ledger: a byte a state, the move that reached it above the
//! family's data bits ([`Marks`]), and the route rebuilt backwards from
//! those moves.

use super::walk::Ledger;
use super::{FIRST, MoveLabel, StateId, StateSpace};

/// The lean ledger: one byte per state, its mark (`0` = not reached,
/// [`FIRST`] or `2 + label`) above the family's data bits, and the goals
/// reached in the order found. The walk stops at the first goal when
/// `stop_at_first_goal` is set.
pub(super) struct Marks {
    pub(super) marks: Vec<u8>,
    pub(super) goals: Vec<StateId>,
    pub(super) stop_at_first_goal: bool,
}

impl Marks {
    pub(super) fn new<S: StateSpace>(space: &S, stop_at_first_goal: bool) -> Marks {
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
pub(super) fn mark_in(byte: u8, data_bits: u32) -> u8 {
    byte >> data_bits
}

/// The bits of a state's byte that hold `mark`, above `data_bits` bits of
/// data.
#[inline]
fn mark_byte(mark: u8, data_bits: u32) -> u8 {
    mark << data_bits
}

/// Walks the recorded moves back from `goal` to a first state.
pub(super) fn rebuild<S: StateSpace>(space: &S, marks: &[u8], goal: StateId) -> Vec<StateId> {
    rebuild_with(
        space,
        |state| mark_in(marks[state as usize], S::DATA_BITS),
        goal,
    )
}

/// Walks back from `goal`, undoing the move each state's `mark` records,
/// until a state reached by the first move.
pub(super) fn rebuild_with(
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
