//! A recount is a fresh count: after any run of changes, kept or
//! discarded, on random graphs and corridors with pockets beside them;
//! and a shortcut refused is there.

use super::super::{MoveLabel, shortest_routes};
use super::*;
use proptest::prelude::*;

/// A graph of up to 24 states, each with up to three moves, labelled
/// by the state they leave and their index there; state 0 is the
/// first, the last two are goals.
#[derive(Clone, Debug)]
struct Graph {
    edges: Vec<Vec<StateId>>,
}

impl StateSpace for Graph {
    fn state_count(&self) -> usize {
        self.edges.len()
    }
    fn first_states(&self, mut visit: impl FnMut(StateId)) {
        visit(0)
    }
    fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
        for (k, &to) in self.edges[s as usize].iter().enumerate() {
            visit((s as usize * 3 + k) as MoveLabel, to);
        }
    }
    fn predecessor(&self, _: StateId, label: MoveLabel) -> StateId {
        label as StateId / 3
    }
    fn is_goal(&self, s: StateId) -> bool {
        s as usize + 2 >= self.edges.len()
    }
    const MOVE_LABELS: MoveLabel = 3 * MOST_STATES as MoveLabel;
}

/// The most states of a test graph.
const MOST_STATES: usize = 80;

/// Moves to `targets` (below `n`), each once: the engine, like every
/// family, never has two moves from one state to another.
fn moves(targets: &[u32], n: usize) -> Vec<StateId> {
    let mut moves = Vec::new();
    for to in targets.iter().map(|&to| to % n as u32) {
        if !moves.contains(&to) {
            moves.push(to);
        }
    }
    moves
}

fn graph() -> impl Strategy<Value = Graph> {
    (4usize..24).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec(0u32..24, 0..=3), n).prop_map(|edges| {
            let n = edges.len();
            Graph {
                edges: edges.iter().map(|targets| moves(targets, n)).collect(),
            }
        })
    })
}

/// A corridor 0 → 1 → … with gaps, and moves to anywhere beside it:
/// long walks, whose changes often leave or reach a pocket beside the
/// corridor and are met again farther on.
fn corridor() -> impl Strategy<Value = Graph> {
    prop::collection::vec(corridor_moves(), 16..MOST_STATES).prop_map(|all| {
        let n = all.len();
        let edges = all.iter().enumerate();
        Graph {
            edges: edges.map(|(state, moves)| moves.of(state, n)).collect(),
        }
    })
}

/// A corridor state's moves: on along the corridor or not, and up to
/// two elsewhere.
#[derive(Clone, Debug)]
struct CorridorMoves {
    on: bool,
    elsewhere: Vec<u32>,
}

impl CorridorMoves {
    fn of(&self, state: usize, n: usize) -> Vec<StateId> {
        let on = self
            .on
            .then_some(state as u32 + 1)
            .filter(|&to| to < n as u32);
        moves(
            &on.into_iter()
                .chain(self.elsewhere.iter().copied())
                .collect::<Vec<_>>(),
            n,
        )
    }
}

/// Mostly on along the corridor.
fn corridor_moves() -> impl Strategy<Value = CorridorMoves> {
    let elsewhere = prop::collection::vec(0u32..MOST_STATES as u32, 0..=2);
    (prop::bool::weighted(0.85), elsewhere)
        .prop_map(|(on, elsewhere)| CorridorMoves { on, elsewhere })
}

/// Counts `kept` and then each change (a state and its new moves,
/// kept or discarded), checking each count against a fresh walk.
fn recounts_are_fresh(
    mut kept: Graph,
    changes: impl Iterator<Item = (usize, Vec<StateId>, bool)>,
) -> Result<(), TestCaseError> {
    let mut counter = Recounter::new();
    let first = counter.count(&kept, Changed::Everything);
    prop_assert_eq!(first, Recount::Counted(shortest_routes(&kept)));
    counter.keep();
    let mut kept_count = shortest_routes(&kept);
    for (state, moves, keep) in changes {
        let mut changed = kept.clone();
        changed.edges[state] = moves;
        let fresh = shortest_routes(&changed);
        let scratch = from_scratch(&changed);
        let n = changed.edges.len();
        match counter.count(&changed, Changed::States(vec![state as StateId])) {
            Recount::Same => prop_assert_eq!(&fresh, &kept_count),
            Recount::Counted(count) => {
                prop_assert_eq!(&count, &fresh);
                prop_assert_eq!(distances(&counter, n), distances(&scratch, n));
            }
            Recount::Shorter { .. } => prop_assert!(false, "refused, but none are"),
        }
        match keep {
            true => {
                counter.keep();
                kept = changed;
                kept_count = fresh;
                prop_assert_eq!(walk_kept(&counter, n), walk_kept(&scratch, n));
            }
            false => counter.discard(),
        }
    }
    Ok(())
}

/// The distance of each of the first `n` states in the last count of
/// `counter`, kept or not (a kept count's distances are its own).
fn distances(counter: &Recounter, n: usize) -> Vec<u32> {
    let slots = counter.slots.as_ref().expect("a walk was made");
    (0..n as StateId)
        .map(|state| slots.distance(state))
        .collect()
}

/// A recounter that has counted and kept `space` from scratch.
fn from_scratch(space: &Graph) -> Recounter {
    let mut counter = Recounter::new();
    counter.count(space, Changed::Everything);
    counter.keep();
    counter
}

/// What a recounter keeps of its walk: its order and layers, goals,
/// limit and route, and the distance of each of its `n` states.
fn walk_kept(counter: &Recounter, n: usize) -> impl PartialEq + std::fmt::Debug + '_ {
    let slots = counter.slots.as_ref().expect("a walk was kept");
    let distances: Vec<u32> = (0..n as StateId)
        .map(|state| slots.kept_distance(state))
        .collect();
    let Recounter {
        order,
        ends,
        goals,
        limit,
        route,
        ..
    } = counter;
    (order, ends, goals, limit, route, distances)
}

/// One change: a state's moves replaced, and whether to keep it.
fn changes() -> impl Strategy<Value = Vec<(usize, Vec<u32>, bool)>> {
    prop::collection::vec(
        (
            0usize..24,
            prop::collection::vec(0u32..24, 0..=3),
            any::<bool>(),
        ),
        1..30,
    )
}

/// A way back onto the route before another change is no shortcut:
/// the route from there on may be gone.
#[test]
fn a_shortcut_needs_the_route_after_it_unchanged() {
    // A corridor 0 → 1 → … → 10, the goal (so are the states after).
    let corridor = Graph {
        edges: (0..12)
            .map(|s| if s < 10 { vec![s + 1] } else { vec![] })
            .collect(),
    };
    let mut counter = Recounter::refusing_shortcuts(1);
    counter.count(&corridor, Changed::Everything);
    counter.keep();
    // State 1 jumps to 7, five moves ahead, but 8 leads nowhere now.
    let mut changed = corridor.clone();
    changed.edges[1] = vec![2, 7];
    changed.edges[8] = vec![];
    let count = counter.count(&changed, Changed::States(vec![1, 8]));
    assert_eq!(count, Recount::Counted(None));
    // With 8 as it was, the jump is a shortcut of five moves.
    changed.edges[8] = vec![9];
    let count = counter.count(&changed, Changed::States(vec![1, 8]));
    assert_eq!(count, Recount::Shorter { by: 5 });
}

/// A recounter's arrays are its caller's, kept in the recounter for its
/// next count (nothing else holds them, and they go with it): a count from
/// scratch of another space of the same size walks in the same arrays and
/// is a fresh count, and a space of another size gets arrays of its own.
#[test]
fn a_recounter_counts_again_in_its_own_arrays() {
    let corridor = |n: StateId, jump: StateId| Graph {
        edges: (0..n)
            .map(|s| match s {
                0 => moves(&[1, jump], n as usize),
                s if s + 1 < n => vec![s + 1],
                _ => vec![],
            })
            .collect(),
    };
    let arrays = |counter: &Recounter| {
        let slots = counter.slots.as_ref().expect("a walk was made");
        (slots.entries.as_ptr(), slots.entries.len())
    };
    let mut counter = from_scratch(&corridor(12, 1));
    let first = arrays(&counter);
    assert_eq!(first.1, 12);
    let jumping = corridor(12, 6);
    let count = counter.count(&jumping, Changed::Everything);
    assert_eq!(count, Recount::Counted(shortest_routes(&jumping)));
    assert_eq!(arrays(&counter), first);
    counter.keep();
    let longer = corridor(20, 6);
    let count = counter.count(&longer, Changed::Everything);
    assert_eq!(count, Recount::Counted(shortest_routes(&longer)));
    assert_eq!(arrays(&counter).1, 20);
}

proptest! {
    /// After any run of changes, kept or discarded, each count is what
    /// a fresh walk of the changed graph finds.
    #[test]
    fn a_recount_is_a_fresh_count(kept in graph(), changes in changes()) {
        let n = kept.edges.len();
        let changes = changes
            .into_iter()
            .map(|(state, targets, keep)| (state % n, moves(&targets, n), keep));
        recounts_are_fresh(kept, changes)?;
    }

    /// So is each count of a corridor's changes, which the walk often
    /// meets again past a pocket the change cut off or opened.
    #[test]
    fn a_recount_along_a_corridor_is_a_fresh_count(
        kept in corridor(),
        changes in prop::collection::vec((0..MOST_STATES, corridor_moves(), any::<bool>()), 1..40),
    ) {
        let n = kept.edges.len();
        let changes = changes
            .into_iter()
            .map(|(state, moves, keep)| (state % n, moves.of(state % n, n), keep));
        recounts_are_fresh(kept, changes)?;
    }

    /// A shortcut found is there: the changed graph's shortest route
    /// is at least that much shorter than the kept one; and whatever
    /// is not refused is counted as a fresh walk counts it. A change
    /// here is of up to three states at once: a shortcut back onto the
    /// route before another changed state is none.
    #[test]
    fn a_shortcut_found_is_there(kept in graph(), changes in changes()) {
        let mut counter = Recounter::refusing_shortcuts(1);
        counter.count(&kept, Changed::Everything);
        counter.keep();
        let n = kept.edges.len();
        // Changes on the kept route, where shortcuts are.
        let route = shortest_routes(&kept).map_or(Vec::new(), |s| s.route);
        let pick = |i: usize| match route.is_empty() {
            true => i % n,
            false => route[i % route.len()] as usize,
        };
        let mut changed = kept.clone();
        let mut states = Vec::new();
        for (state, targets, _) in changes.iter().take(3) {
            changed.edges[pick(*state)] = moves(targets, n);
            states.push(pick(*state) as StateId);
        }
        let fresh = shortest_routes(&changed);
        match counter.count(&changed, Changed::States(states)) {
            Recount::Shorter { by } => {
                let before = shortest_routes(&kept).map_or(0, |s| s.route.len());
                let after = fresh.map(|s| s.route.len());
                prop_assert!(after.is_some_and(|after| after + by as usize <= before));
            }
            Recount::Same => prop_assert_eq!(fresh, shortest_routes(&kept)),
            Recount::Counted(count) => prop_assert_eq!(count, fresh),
        }
    }
}
