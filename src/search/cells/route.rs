//! The route of a walk by cells, exactly the sequential walk's: the
//! backward pass's sets `B_k` (see the folder's description), and the
//! route read forward through them.

use super::walk;
use super::{CellSpace, Layer, Orientations, Walk};
use crate::search::StateId;

impl Walk<'_> {
    /// The states of `cell` whose distance is `distance` modulo 3.
    fn at<S: CellSpace>(&self, cell: usize, distance: usize) -> Orientations {
        self.cells[cell].at::<S>(distance)
    }

    /// The sets `B_k` of the module's description, each sorted by cell;
    /// `None` when they outgrow `budget` cells beyond one a layer (a route
    /// of `distance` moves has at least that).
    ///
    /// A layer of one state (`singles` gives the cell of each layer that
    /// lists only one) is on every route: its set is that state, written
    /// over its cell in `singles` as its [`StateId`], and only the other
    /// sets are kept (a corridor's layers are all single: it keeps none
    /// but the goals'). The entries of the other layers become
    /// [`walk::NOT_SINGLE`].
    pub(super) fn backward<S: CellSpace>(
        &mut self,
        space: &S,
        distance: usize,
        goals: Layer,
        singles: &mut [u32],
        budget: usize,
    ) -> Option<Sets> {
        let budget = budget.saturating_add(distance);
        let mut sets = Sets {
            cells: Vec::new(),
            ends: Vec::new(),
        };
        sets.push_front(goals.iter().copied());
        // `B_(k+1)`, and `B_k` being built.
        let (mut after, mut set) = (goals, Layer::new());
        for k in (1..distance).rev() {
            set.clear();
            let id = |(cell, states)| state_id::<S>(cell, states);
            // A space of exactly 2^32 states has a state whose id is the
            // mark of a layer that is not single: its set is kept.
            let single = self.single::<S>(singles[k - 1], k);
            if let Some(state) = single.filter(|&state| id(state) != walk::NOT_SINGLE) {
                singles[k - 1] = id(state);
                set.push(state);
            } else {
                singles[k - 1] = walk::NOT_SINGLE;
                for &(cell, states) in &after {
                    for label in 0..S::MOVES {
                        let from = space.back(cell as usize, label);
                        if space.is_goal_cell(from) {
                            continue;
                        }
                        let before =
                            space.retreat(label, states, cell as usize) & self.at::<S>(from, k);
                        if before != 0 {
                            set.push((from as u32, before));
                        }
                    }
                    if set.len() > budget {
                        return None;
                    }
                }
                merge(&mut set);
                sets.push_front(set.iter().copied());
                if sets.size() > budget {
                    return None;
                }
            }
            std::mem::swap(&mut after, &mut set);
        }
        Some(sets)
    }

    /// The one state of layer `k` on `cell` (from [`walk::Outcome::singles`])
    /// when it has one: the layer lists that cell alone, and the cell holds
    /// one state of the layer's distance modulo 3 (an older state of the
    /// same code would leave it unclear which is the layer's).
    fn single<S: CellSpace>(&self, cell: u32, k: usize) -> Option<(u32, Orientations)> {
        if cell == walk::NOT_SINGLE {
            return None;
        }
        let states = self.at::<S>(cell as usize, k);
        // One bit: `popcnt` is not in the baseline instruction set.
        (states != 0 && states & (states - 1) == 0).then_some((cell, states))
    }
}

/// The sets `B_k` of layers of more than one state, and the goals' `B_D`:
/// one vector for all (a winding walk has thousands of sets, of a few
/// cells each), each set's end kept apart.
#[derive(Debug)]
pub(super) struct Sets {
    /// The sets from `B_D` back to the latest built, one after another.
    cells: Vec<(u32, Orientations)>,
    /// Where each set ends in `cells`, in the same order (the sets stop
    /// at a budget of a quarter of the cells, far below 2^32).
    ends: Vec<u32>,
}

impl Sets {
    /// Adds the set before those built so far.
    fn push_front(&mut self, set: impl IntoIterator<Item = (u32, Orientations)>) {
        self.cells.extend(set);
        self.ends.push(self.cells.len() as u32);
    }

    /// Cells in all the sets.
    fn size(&self) -> usize {
        self.cells.len()
    }

    /// The sets kept, nearest first: `B_D` last.
    fn iter(&self) -> impl Iterator<Item = &[(u32, Orientations)]> {
        (0..self.ends.len()).rev().map(|i| {
            let start = i.checked_sub(1).map_or(0, |j| self.ends[j] as usize);
            &self.cells[start..self.ends[i] as usize]
        })
    }
}

/// The route through the sets: from the origin, the state of each single
/// layer (`singles`, as [`Walk::backward`] left it), and elsewhere the
/// first move whose successor lies in the next set kept. The route is
/// written over `singles`, a state a layer, which saves the memory of a
/// route as long (a corridor's 2 MB, and their first touches).
pub(super) fn forward_route<S: CellSpace>(
    space: &S,
    sets: &Sets,
    mut singles: Vec<u32>,
) -> Vec<StateId> {
    let (mut cell, orientation) = space.origin();
    let mut state: Orientations = 1 << orientation;
    let mut kept = sets.iter();
    // The goal's layer: its set is kept.
    singles.push(walk::NOT_SINGLE);
    for step in &mut singles {
        if *step != walk::NOT_SINGLE {
            let (to, orientation) = (*step / S::ORIENTATIONS, *step % S::ORIENTATIONS);
            (cell, state) = (to as usize, 1 << orientation);
            continue;
        }
        let set = kept
            .next()
            .expect("a set for each layer of more than one state");
        let (to, arrived) = (0..S::MOVES)
            .find_map(|label| {
                let to = space.neighbour(cell, label);
                let arrived = space.advance(label, state, to) & members(set, to);
                (arrived != 0).then_some((to, arrived))
            })
            .expect("a state on a shortest route moves on to the next set");
        (cell, state) = (to, arrived);
        *step = state_id::<S>(to as u32, arrived);
    }
    singles
}

/// The id of the first of `states` on `cell`, as the
/// [`StateSpace`](crate::search::StateSpace) of a [`CellSpace`] numbers it.
fn state_id<S: CellSpace>(cell: u32, states: Orientations) -> StateId {
    cell * S::ORIENTATIONS + states.trailing_zeros()
}

/// Sorts `set` by cell and keeps each cell once, with the union of its
/// states.
fn merge(set: &mut Layer) {
    set.sort_unstable_by_key(|&(cell, _)| cell);
    set.dedup_by(|(cell, states), (kept, union)| {
        let same = cell == kept;
        if same {
            *union |= *states;
        }
        same
    });
}

/// The states of `cell` in `set` (sorted by cell).
fn members(set: &[(u32, Orientations)], cell: usize) -> Orientations {
    set.binary_search_by_key(&(cell as u32), |&(cell, _)| cell)
        .map_or(0, |i| set[i].1)
}

#[cfg(test)]
mod tests {
    use super::super::records::Record;
    use super::super::records_memory;
    use super::super::tokens::{TOKEN_ORIENTATIONS, distances, mazes};
    use super::super::{CellSpace, walk};
    use super::*;

    /// The sets hold only states at least as far as their set and as far
    /// modulo 3; some hold farther states (which the forward pass must
    /// walk past), so the tests above try that case. A single layer's
    /// state is exactly as far as its layer.
    #[test]
    fn the_backward_sets_hold_the_routes_and_states_no_nearer() {
        let (mut farther, mut single) = (0, 0);
        let per_cell = TOKEN_ORIENTATIONS as usize;
        for maze in mazes() {
            let mut memory = records_memory(CellSpace::cell_count(&maze));
            let mut walk = Walk::new(memory.items::<Record>());
            let mut outcome = walk::forward(&maze, &mut walk.cells);
            let Some((distance, goals)) = outcome.goals else {
                continue;
            };
            let singles = &mut outcome.singles;
            let sets = walk.backward(&maze, distance, goals, singles, usize::MAX);
            let sets = sets.unwrap();
            let mut sets = sets.iter();
            let truth = distances(&maze);
            for k in 1..=distance {
                let state = singles.get(k - 1).filter(|&&s| s != walk::NOT_SINGLE);
                if let Some(&state) = state {
                    assert_eq!(truth[state as usize], k as u32, "{}", maze.name());
                    single += 1;
                    continue;
                }
                for &(cell, states) in sets.next().unwrap() {
                    for orientation in (0..per_cell).filter(|o| states >> o & 1 != 0) {
                        let d = truth[cell as usize * per_cell + orientation] as usize;
                        assert!(d >= k && (d - k) % 3 == 0, "{}: {d} in B_{k}", maze.name());
                        farther += (d > k) as usize;
                    }
                }
            }
            assert!(sets.next().is_none(), "{}: a set left over", maze.name());
        }
        assert!(farther > 0, "no set held a farther state");
        assert!(single > 0, "no layer was a single state");
    }
}
