//! Whether a walk going on from a kept walk has met it again ([`Meeting`]):
//! from that layer on everything is the kept walk's, a few moves nearer or
//! farther, and the walk need not go on to the goal.

use super::Recounter;
use crate::search::counting::Counting;
use crate::search::slots::{MARK_SHIFT, Slots};
use crate::search::{StateId, StateSpace};

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
pub(super) struct Meeting {
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
    pub(super) fn new(slots: &Slots, limit: u32, horizon: u32, touched: u32) -> Meeting {
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
    pub(super) fn met(
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
    pub(super) fn forget_missed(&self, slots: &mut Slots, kept: u32) {
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
