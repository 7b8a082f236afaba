//! The shortcuts a [`Recounter`] refuses uncounted
//! ([`Recounter::refusing_shortcuts`]): a few steps from the change in the
//! changed space before the walk (the probe, while probing pays), and,
//! during the walk, a state of the kept route reached that much sooner
//! ([`Ahead`]).

use rustc_hash::FxHashSet;

use super::Recounter;
use crate::search::slots::Slots;
use crate::search::{StateId, StateSpace};

/// A shortcut probe's layers and the states it has seen (hashed by the
/// compiler's own hash: the default one, made to resist attacks, was a
/// large part of a small maze's search), and how well probing has paid so
/// far.
#[derive(Debug, Default)]
pub(super) struct Probe {
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
    /// (a die's forced walk) then pay for few probes, where probing every
    /// change would cost such a search more than the probes save.
    fn worth_it(&mut self) -> bool {
        self.changes += 1;
        self.probes < PROBE_PAYS * PROBE_PAYS
            || self.found * PROBE_PAYS >= self.probes
            || self.changes % PROBE_PAYS == 0
    }
}

/// See [`Probe::worth_it`].
const PROBE_PAYS: u64 = 32;

impl Recounter {
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
    pub(super) fn shortcut(
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
    pub(super) fn unchanged_after(&self, slots: &Slots, changed: &[StateId]) -> u32 {
        let on_route = |&state: &StateId| on_kept_route(&self.route, slots, state);
        changed.iter().filter_map(on_route).max().unwrap_or(0)
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

/// Watches a walk going on from a kept walk for a state of the kept route
/// reached sooner than the kept walk reached it, past every state the
/// change touched: from there the kept route goes on as before, so the
/// route is at least that much shorter. A shortcut the probe
/// ([`Recounter::shortcut`]) missed is then refused as soon as the walk
/// reaches its far end, rather than at the goal.
pub(super) struct Ahead {
    /// See [`Recounter::unchanged_after`].
    unchanged_after: u32,
    /// The overwritten kept entries looked at so far.
    checked: usize,
}

impl Ahead {
    /// A watch for a state of the kept route past every touched state on
    /// it, `unchanged_after` moves along it.
    pub(super) fn new(unchanged_after: u32) -> Ahead {
        Ahead {
            unchanged_after,
            checked: 0,
        }
    }

    /// The most moves a state of the layer just made, `layer` moves away,
    /// saves on the kept route (0: none): the walk writes over the kept
    /// entry of each state it reaches, which holds its distance in the
    /// kept walk, and those written since the last look are the layer's.
    pub(super) fn shortcut(&mut self, counter: &Recounter, slots: &Slots, layer: u32) -> u32 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Changed, MoveLabel, Recount, shortest_routes};

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
}
