//! The breadth-first walk for families whose states are a cell and one of
//! a few *orientations* (the die's 24), moving all orientations of a cell
//! at once: a cell's reached orientations are one 32-bit mask, and a move
//! is a table lookup on that mask (a [`CellSpace`]).
//!
//! The walk keeps no parent and no queue of states. Per cell it keeps two
//! masks that hold each reached state's distance modulo 3 (code `1 + d %
//! 3`; `0` = not reached), 0.33 bytes per state, and the layers are lists
//! of (cell, mask) pairs. That costs one lookup per cell and move where a
//! queue of states pays one per state and move.
//!
//! The route is rebuilt exactly as the sequential walk of
//! [`search`](super) finds it: that walk lists each layer in order of
//! discovery, so its route is the lexicographically least sequence of
//! move labels among the shortest routes. Once the goal's layer `D` is
//! found, a backward pass collects, for each `k` from `D - 1` down to 1,
//! the set `B_k` of states, not on a goal cell, with a move into
//! `B_(k+1)` (`B_D` = the goals reached at `D`): states with a walk of
//! exactly `D - k` moves to a goal. A forward pass from the origin then
//! takes, at each step `k`, the first label whose successor lies in
//! `B_(k+1)`. It never gets stuck, and what it walks is a route of `D`
//! moves, so a shortest one; every state of every shortest route is in
//! the sets, so it is the least such route.
//!
//! A layer that holds one state is on every route: its set is that
//! state, taken as it is, and only the other sets are kept. A corridor's
//! layers are all single, so its route is read off the layers with no
//! backward step and no set kept.
//!
//! To keep the sets small, `B_k` takes only states whose distance is `k`
//! modulo 3, which every shortest route's `k`-th state has. Where every
//! move can be undone, that leaves exactly the states on shortest routes;
//! one-way moves let farther states in. When the sets outgrow a budget,
//! the route is found by the sequential walk instead, so the result never
//! depends on the budget.
//!
//! A family takes part by implementing [`CellSpace`] beside its
//! [`StateSpace`]: [`shortest_path`] then walks it by cells, and
//! [`shortest_route`] finds the route alone, without counting the states
//! reached. Grids of fewer than [`MIN_CELLS`] cells go to the sequential
//! walk.

mod records;
mod route;
mod walk;

use super::memory::{HUGE_PAGE, Zeroed};
use super::{Found, MoveLabel, StateId, StateSpace};
use records::{LISTED, Record, Records};
use route::forward_route;

/// A set of a cell's orientations, one bit each.
pub type Orientations = u32;

/// A state space of cells and orientations, for [`shortest_path`].
///
/// The state ids of its [`StateSpace`] must be `cell * ORIENTATIONS +
/// orientation`, with the same moves: this walk and the sequential one
/// must find the same route.
///
/// ```
/// use logicmaze::search::cells::{self, CellSpace, Orientations};
/// use logicmaze::search::{self, MoveLabel, StateId, StateSpace};
/// // A row of 4 cells, a walker facing east (0) or west (1) that steps
/// // the way it faces or turns around on the spot; the goal is cell 3.
/// struct Row;
/// impl CellSpace for Row {
///     const ORIENTATIONS: u32 = 2;
///     const MOVES: MoveLabel = 2;
///     fn cell_count(&self) -> usize { 4 }
///     fn origin(&self) -> (usize, u32) { (0, 1) }
///     fn is_goal_cell(&self, cell: usize) -> bool { cell == 3 }
///     fn goal_cells(&self) -> impl IntoIterator<Item = usize> { [3] }
///     fn neighbour(&self, cell: usize, label: MoveLabel) -> usize { cell + (label == 0) as usize }
///     fn span(&self) -> usize { 1 }
///     fn back(&self, cell: usize, label: MoveLabel) -> usize { cell - (label == 0) as usize }
///     // Every cell lets in every orientation: cells have one kind.
///     const KIND_BITS: u32 = 0;
///     fn kind(&self, _: usize) -> u32 { 0 }
///     fn moved(&self, label: MoveLabel, from: Orientations) -> Orientations {
///         match label { 0 => from & 1, _ => (from & 1) << 1 | (from >> 1) }
///     }
///     fn arriving(&self, _: MoveLabel, moved: Orientations, _: u32) -> Orientations { moved }
///     fn retreat(&self, label: MoveLabel, to: Orientations, _: usize) -> Orientations {
///         self.moved(label, to)
///     }
/// }
/// impl StateSpace for Row {
///     fn state_count(&self) -> usize { 8 }
///     fn first_states(&self, mut visit: impl FnMut(StateId)) { self.successors(1, |_, s| visit(s)) }
///     fn successors(&self, s: StateId, mut visit: impl FnMut(MoveLabel, StateId)) {
///         let (cell, facing) = (s / 2, s % 2);
///         if facing == 0 && cell < 3 { visit(0, s + 2) }
///         visit(1, s ^ 1);
///     }
///     fn predecessor(&self, s: StateId, label: MoveLabel) -> StateId {
///         if label == 0 { s - 2 } else { s ^ 1 }
///     }
///     fn is_goal(&self, s: StateId) -> bool { s / 2 == 3 }
///     const MOVE_LABELS: MoveLabel = 2;
/// }
/// assert_eq!(cells::shortest_path(&Row), search::shortest_path(&Row));
/// assert_eq!(cells::shortest_path(&Row).route, Some(vec![0, 2, 4, 6]));
/// assert_eq!(cells::shortest_route(&Row), Some(vec![0, 2, 4, 6]));
/// ```
pub trait CellSpace {
    /// Orientations per cell, at most 30.
    const ORIENTATIONS: u32;

    /// Moves are labelled `0..MOVES`, in the order the sequential walk
    /// tries them.
    const MOVES: MoveLabel;

    /// The number of cells (state ids go up to `cell_count() *
    /// ORIENTATIONS`).
    fn cell_count(&self) -> usize;

    /// The origin's cell and orientation. The origin is not itself a
    /// state (see [`StateSpace`]): it is never marked reached.
    fn origin(&self) -> (usize, u32);

    /// Whether arriving in any orientation on `cell` completes the route.
    fn is_goal_cell(&self, cell: usize) -> bool;

    /// The goal cells, those of [`Self::is_goal_cell`]: a few, as the walk
    /// looks at each after every layer.
    fn goal_cells(&self) -> impl IntoIterator<Item = usize>;

    /// The cell the move `label` leads to from `cell`, which is a cell
    /// some state was reached on; the result may be a cell no move enters.
    fn neighbour(&self, cell: usize, label: MoveLabel) -> usize;

    /// How far apart in index a cell and any neighbour are, at most.
    fn span(&self) -> usize;

    /// The cell a move `label` into `cell` comes from.
    fn back(&self, cell: usize, label: MoveLabel) -> usize;

    /// Bits of a cell's [`Self::kind`], at most `32 - ORIENTATIONS`.
    const KIND_BITS: u32;

    /// What a move onto `cell` depends on of the cell, below `1 <<
    /// KIND_BITS`. The walk keeps each cell's kind in its record, where
    /// a move reads and writes anyway: a move reads nothing of the space
    /// but its own tables.
    fn kind(&self, cell: usize) -> u32;

    /// The orientations `from` become by the move `label`, before the
    /// cell it leads to takes those its kind lets in.
    fn moved(&self, label: MoveLabel, from: Orientations) -> Orientations;

    /// Of the orientations `moved` by the move `label`, those that may
    /// arrive on a cell of `kind`: orientations only, no bit at or above
    /// [`Self::ORIENTATIONS`] (the walk's records keep more there).
    fn arriving(&self, label: MoveLabel, moved: Orientations, kind: u32) -> Orientations;

    /// The orientations on `to` (the neighbour along `label`) that the
    /// move `label` reaches from the orientations `from`.
    #[inline]
    fn advance(&self, label: MoveLabel, from: Orientations, to: usize) -> Orientations {
        self.arriving(label, self.moved(label, from), self.kind(to))
    }

    /// Calls `visit(label, to, moved)` for every move out of `cell` from
    /// the orientations `from`, in label order: [`Self::moved`] toward
    /// [`Self::neighbour`], which a family may write out for speed.
    #[inline]
    fn moved_all(
        &self,
        cell: usize,
        from: Orientations,
        mut visit: impl FnMut(MoveLabel, usize, Orientations),
    ) {
        for label in 0..Self::MOVES {
            visit(label, self.neighbour(cell, label), self.moved(label, from));
        }
    }

    /// The orientations on the cell before `to` from which the move
    /// `label` reaches one of the orientations `to` on `at`.
    fn retreat(&self, label: MoveLabel, to: Orientations, at: usize) -> Orientations;
}

/// One layer of the walk: each cell once, with its states in the layer.
type Layer = Vec<(u32, Orientations)>;

/// Breadth-first search from the origin to the nearest goal: the same
/// route as [`search::shortest_path`](super::shortest_path), found by
/// cells. `reached` counts every state of the goal's layer and the layers
/// before it.
///
/// Grids of fewer than [`MIN_CELLS`] cells go to the sequential walk,
/// which is as fast there and allocates less.
///
/// See [`CellSpace`] for an example.
pub fn shortest_path<S: CellSpace + StateSpace>(space: &S) -> Found {
    if space.cell_count() < MIN_CELLS {
        return super::shortest_path(space);
    }
    shortest_path_within(space, budget(space))
}

/// The states of [`shortest_path`]'s route, without counting the states
/// reached: a pass over every record, a small part of a large walk,
/// for a count `solve` does not print.
///
/// See [`CellSpace`] for an example.
pub fn shortest_route<S: CellSpace + StateSpace>(space: &S) -> Option<Vec<StateId>> {
    if space.cell_count() < MIN_CELLS {
        return super::shortest_path(space).route;
    }
    route_within(space, budget(space), None)
}

/// The smallest grid walked by cells: a batch of small mazes takes longer
/// by cells, the many small allocations of the layers and sets
/// outweighing what the walk by cells saves.
pub const MIN_CELLS: usize = 1024;

/// The cells the backward pass's sets may take beyond one a layer before
/// the sequential walk takes over.
fn budget<S: CellSpace>(space: &S) -> usize {
    space.cell_count() / 4 + 4096
}

/// [`shortest_path`], leaving the backward pass to the sequential walk
/// when its sets grow past `budget` cells in all.
fn shortest_path_within<S: CellSpace + StateSpace>(space: &S, budget: usize) -> Found {
    let mut reached = 0;
    let route = route_within(space, budget, Some(&mut reached));
    Found { route, reached }
}

/// The route of [`shortest_path_within`], with the states reached
/// counted into `reached` if given.
fn route_within<S: CellSpace + StateSpace>(
    space: &S,
    budget: usize,
    reached: Option<&mut usize>,
) -> Option<Vec<StateId>> {
    const {
        assert!(S::ORIENTATIONS + S::KIND_BITS <= Orientations::BITS);
        assert!(S::ORIENTATIONS <= LISTED[1].trailing_zeros());
    };
    let mut memory = records_memory(space.cell_count());
    let mut walk = Walk::new(memory.items());
    let walk::Outcome { goals, mut singles } = walk::forward(space, &mut walk.cells);
    if let Some(reached) = reached {
        *reached = walk.cells.reached::<S>();
    }
    let (distance, goals) = goals?;
    let sets = walk.backward(space, distance, goals, &mut singles, budget);
    // The records are not needed any more (the walk that borrowed them is
    // done): the route is not built beside them (a corridor's peak).
    drop(memory);
    Some(match sets {
        Some(sets) => forward_route(space, &sets, singles),
        None => super::shortest_path(space)
            .route
            .expect("a goal is reachable"),
    })
}

/// What the walk keeps: a record per cell.
struct Walk<'a> {
    cells: Records<'a>,
}

/// Zeroed memory for the records of `cells` cells (see [`Zeroed`]),
/// mapped from a huge page up: a walk that ends early touches few.
fn records_memory(cells: usize) -> Zeroed {
    Zeroed::new(cells * std::mem::size_of::<Record>(), HUGE_PAGE)
}

impl<'a> Walk<'a> {
    fn new(records: &'a mut [Record]) -> Walk<'a> {
        Walk {
            cells: Records::new(records),
        }
    }
}

#[cfg(test)]
mod tokens;

#[cfg(test)]
mod tests {
    use super::tokens::{TOKEN_ORIENTATIONS, Tokens, distances, mazes};
    use super::*;
    use crate::search::parallel;

    /// The number of cells of each layer of a walk over `maze`: the
    /// cells with a state at that distance, by the plain search.
    fn layer_sizes(maze: &Tokens) -> Vec<usize> {
        let mut cells: Vec<Vec<usize>> = Vec::new();
        let per_cell = TOKEN_ORIENTATIONS as usize;
        for (state, &d) in distances(maze).iter().enumerate() {
            if d != u32::MAX {
                cells.resize_with(cells.len().max(d as usize + 1), Vec::new);
                cells[d as usize].push(state / per_cell);
            }
        }
        cells
            .into_iter()
            .map(|mut layer| {
                layer.dedup();
                layer.len()
            })
            .collect()
    }

    #[test]
    fn the_route_is_the_sequential_walks_whatever_the_budget() {
        for maze in mazes() {
            let expected = crate::search::shortest_path(&maze).route;
            for budget in [0, 1, 10, usize::MAX] {
                let found = shortest_path_within(&maze, budget);
                assert_eq!(
                    found.route,
                    expected,
                    "{} with budget {budget}",
                    maze.name()
                );
            }
        }
    }

    /// Records of a huge page or more lie in memory mapped apart, from a
    /// huge-page boundary, and the walk there finds what it finds on the
    /// heap.
    #[test]
    #[cfg(feature = "huge-pages")]
    fn a_walk_in_mapped_memory_is_the_walk_on_the_heap() {
        // Seeds whose walks reach most of the grid.
        for seed in [1, 6] {
            let maze = Tokens::random(seed, 600, 500, 0.6);
            let mut mapped = records_memory(maze.cell_count());
            assert!(matches!(mapped, Zeroed::Mapped { .. }), "{}", maze.name());
            let records = mapped.items::<Record>();
            assert_eq!(records.as_ptr() as usize % HUGE_PAGE, 0, "{}", maze.name());
            assert_eq!(records.len(), maze.cell_count(), "{}", maze.name());
            let mut heap = Zeroed::on_heap(maze.cell_count() * std::mem::size_of::<Record>());
            let mut there_records = Records::new(mapped.items::<Record>());
            let there = walk::forward(&maze, &mut there_records);
            let mut here_records = Records::new(heap.items::<Record>());
            let here = walk::forward(&maze, &mut here_records);
            same_reached(&there_records, &here_records, 700_000, maze.name());
            assert_eq!(there.goals, here.goals, "{}", maze.name());
            assert_eq!(there.singles, here.singles, "{}", maze.name());
            // The runs of written pages end where the pages do, which lie
            // differently in the two: every page written, the records are
            // the same.
            there_records.write_all(&maze);
            here_records.write_all(&maze);
            // Not `assert_eq!`, which would print every record.
            assert!(
                mapped.items::<Record>() == heap.items::<Record>(),
                "{}",
                maze.name()
            );
            let expected = crate::search::shortest_path(&maze).route;
            let found = shortest_path_within(&maze, usize::MAX).route;
            assert_eq!(found, expected, "{}", maze.name());
        }
    }

    /// Asserts that two walks' records reached the same states, more
    /// than `least` of them.
    fn same_reached(there: &Records, here: &Records, least: usize, name: &str) {
        let reached = here.reached::<Tokens>();
        assert!(reached > least, "{name}: {reached}");
        assert_eq!(there.reached::<Tokens>(), reached, "{name}");
    }

    /// A walk that expands large layers in halves at once, on two
    /// threads, marks the same records as one that does not, and finds
    /// the same goals and the same route.
    #[test]
    fn a_walk_in_halves_is_the_walk_in_one() {
        // Layers from this many cells are halved: fewer than the walk's
        // own threshold, so that these grids have many.
        let halve_from = 128;
        // Seeds whose walks reach most of the grid.
        for seed in [1, 6] {
            let maze = Tokens::random(seed, 600, 500, 0.6);
            let halved_layers = layer_sizes(&maze)
                .into_iter()
                .filter(|&cells| cells >= halve_from);
            assert!(halved_layers.count() >= 100, "{}", maze.name());
            let mut halved = records_memory(maze.cell_count());
            let mut whole = records_memory(maze.cell_count());
            let mut halved_records = Records::new(halved.items::<Record>());
            let there = parallel::with_threads(2, || {
                walk::forward_with(&maze, &mut halved_records, Some(halve_from))
            });
            let mut whole_records = Records::new(whole.items::<Record>());
            let here = walk::forward_with(&maze, &mut whole_records, None);
            // The walk in halves wrote every page, with its cells' kinds.
            whole_records.write_all(&maze);
            same_reached(&halved_records, &whole_records, 100_000, maze.name());
            assert_eq!(there.singles, here.singles, "{}", maze.name());
            let sorted = |goals: Option<(usize, Layer)>| {
                goals.map(|(d, mut g)| {
                    (d, {
                        g.sort();
                        g
                    })
                })
            };
            assert_eq!(sorted(there.goals), sorted(here.goals), "{}", maze.name());
            assert!(
                halved.items::<Record>() == whole.items::<Record>(),
                "{}",
                maze.name()
            );
            let expected = crate::search::shortest_path(&maze).route;
            let found = parallel::with_threads(2, || shortest_path_within(&maze, usize::MAX).route);
            assert_eq!(found, expected, "{}", maze.name());
        }
    }

    #[test]
    fn reached_counts_the_layers_up_to_the_goals() {
        for maze in mazes().take(500) {
            let truth = distances(&maze);
            let found = shortest_path_within(&maze, usize::MAX);
            let limit = found.route.as_ref().map_or(u32::MAX, |r| r.len() as u32);
            let expected = truth
                .iter()
                .filter(|&&d| d != u32::MAX && d <= limit)
                .count();
            assert_eq!(found.reached, expected, "{}", maze.name());
        }
    }
}
