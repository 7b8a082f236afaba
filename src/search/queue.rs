//! What a walk takes its states from ([`Fifo`]), and the breadth-first
//! queue that holds about two layers of the search ([`Queue`]).

use super::StateId;

/// What a walk takes the states to expand from: first in, first out.
pub(super) trait Fifo {
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
pub(super) struct Queue {
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
    pub(super) fn holding(states: Vec<StateId>) -> Queue {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
