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
//! The route is rebuilt exactly as the sequential walk of [`super`] finds
//! it: that walk lists each layer in order of discovery, so its route is
//! the lexicographically least sequence of move labels among the shortest
//! routes. Once the goal's layer `D` is found, a backward pass collects,
//! for each `k` from `D - 1` down to 1, the set `B_k` of states, not on a
//! goal cell, with a move into `B_(k+1)` (`B_D` = the goals reached at
//! `D`): states with a walk of exactly `D - k` moves to a goal. A forward
//! pass from the origin then takes, at each step `k`, the first label
//! whose successor lies in `B_(k+1)`. It never gets stuck, and what it
//! walks is a route of `D` moves, so a shortest one; every state of every
//! shortest route is in the sets, so it is the least such route.
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

mod walk;

use super::memory::{HUGE_PAGE, PAGE, Zeroed};
use super::{Found, MoveLabel, StateId, StateSpace};

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
/// route as [`super::shortest_path`], found by cells. `reached` counts
/// every state of the goal's layer and the layers before it.
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
/// reached: a pass over every record, a few percent of a large walk,
/// for a count `solve` does not print.
///
/// See [`CellSpace`] for an example.
pub fn shortest_route<S: CellSpace + StateSpace>(space: &S) -> Option<Vec<StateId>> {
    if space.cell_count() < MIN_CELLS {
        return super::shortest_path(space).route;
    }
    route_within(space, budget(space), None)
}

/// The smallest grid walked by cells: a batch of 10,000 10×10 mazes
/// (144 cells) took 3–10% longer by cells, the many small allocations of
/// the layers and sets outweighing the walk.
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

/// The walk's records, zeroed, and the run of them whose pages the walk
/// has written.
///
/// The system zeroes a large allocation page by page as it is first
/// touched, so there is no pass over memory here. But the walk reads a
/// record before it writes it, and a page first read maps the system's
/// shared zero page, which the first write then replaces: a second fault
/// and, once other threads of the process have run, a TLB flush on every
/// core, an interrupt each. So the walk writes one record of a page before
/// it reads any: it keeps a run of whole pages it has written, around the
/// origin, and before it expands a cell whose moves may reach outside the
/// run (a neighbour is at most [`CellSpace::span`] cells away), grows the
/// run to take them in, writing an opaque zero over a zero on each new page
/// (nothing changes, and the write is not dropped as useless). A walk
/// from the middle of a grid spreads by rows on both sides, so the run is
/// about the rows it reached: writing every page up front cost as much on
/// a walk that stops after a few moves as it saved on one that reaches
/// every cell.
struct Records<'a> {
    cells: &'a mut [Record],
    /// Records whose pages are written: `written.0..written.1`, on page
    /// boundaries (or the ends of `cells`).
    written: (usize, usize),
    /// Records before the first page boundary in `cells`, subtracted from
    /// a whole page's: the allocation need not start on a boundary.
    skew: usize,
}

/// Records in a page.
const PER_PAGE: usize = PAGE / std::mem::size_of::<Record>();

impl<'a> Records<'a> {
    /// The records in `cells`, which must be zero.
    fn new(cells: &'a mut [Record]) -> Records<'a> {
        // Records are 8-byte aligned, so none straddles two pages.
        let skew = cells.as_ptr() as usize % PAGE / std::mem::size_of::<Record>();
        Records {
            cells,
            written: (0, 0),
            skew,
        }
    }

    /// Makes sure the pages of the records from `cell - span` to `cell +
    /// span` are written, with the kinds of their cells in `space`:
    /// called before a cell is expanded, with the farthest its moves go
    /// (`span`).
    #[inline]
    fn write_around<S: CellSpace>(&mut self, space: &S, cell: usize, span: usize) {
        self.write_between(space, cell, cell, span);
    }

    /// [`Self::write_around`] every cell from `first` to `last`: the run
    /// of written pages has no gap, so its ends are all that matter.
    #[inline]
    fn write_between<S: CellSpace>(&mut self, space: &S, first: usize, last: usize, span: usize) {
        let low = first.saturating_sub(span);
        let high = last.saturating_add(span).min(self.cells.len() - 1);
        if low < self.written.0 || high >= self.written.1 {
            self.write_pages_to(space, low);
            self.write_pages_to(space, high);
        }
    }

    /// Writes every page: for a walk that writes records from more than
    /// one thread.
    fn write_all<S: CellSpace>(&mut self, space: &S) {
        if let Some(last) = self.cells.len().checked_sub(1) {
            self.write_pages_to(space, 0);
            self.write_pages_to(space, last);
        }
    }

    /// The states marked reached: records outside the written run are
    /// all zero. Counted once the walk is over, not as it goes (a count
    /// kept a move was a tenth of the walk's instructions, with no
    /// `popcnt` in the baseline instruction set), and only for a caller
    /// that wants the count.
    fn reached<S: CellSpace>(&self) -> usize {
        let (start, end) = self.written;
        self.cells[start..end]
            .iter()
            .map(|record| (record.states::<S>().count_ones()) as usize)
            .sum()
    }

    /// Grows the run of written pages to take in `cell`'s page, writing
    /// the kind of each cell of a new page into its record.
    #[cold]
    fn write_pages_to<S: CellSpace>(&mut self, space: &S, cell: usize) {
        let skew = self.skew;
        let page_of = |cell: usize| (cell + skew) / PER_PAGE;
        let first_of = |page: usize| (page * PER_PAGE).saturating_sub(skew);
        let (start, end) = match self.written {
            (start, end) if start < end => (start, end),
            // Nothing written yet: an empty run at `cell`'s page.
            _ => {
                let start = first_of(page_of(cell));
                (start, start)
            }
        };
        let new_start = start.min(first_of(page_of(cell)));
        let new_end = end.max(first_of(page_of(cell) + 1)).min(self.cells.len());
        // Records outside the run were never written: all are zero. The
        // first page starting at or after `from` is the first new one
        // (the run may end inside a page, at the last record).
        for (from, to) in [(new_start, start), (end, new_end)] {
            let mut page = page_of(from);
            if first_of(page) < from {
                page += 1;
            }
            while first_of(page) < to {
                let records = first_of(page)..first_of(page + 1).min(to);
                self.write_kinds(space, records);
                page += 1;
            }
        }
        self.written = (new_start, new_end);
    }

    /// Writes the kinds of the cells `cells` into their records, which
    /// are zero; where every kind is 0, writes an opaque zero over the
    /// first (the page is written, and the write is not dropped as
    /// useless).
    fn write_kinds<S: CellSpace>(&mut self, space: &S, cells: std::ops::Range<usize>) {
        if S::KIND_BITS == 0 {
            self.cells[cells.start].low = std::hint::black_box(0);
            return;
        }
        let kinds = Record::kinds_mask::<S>();
        for (cell, record) in self.cells[cells.clone()].iter_mut().enumerate() {
            let kind = space.kind(cells.start + cell);
            debug_assert!(kind <= kinds, "a kind of more than KIND_BITS");
            // Masked: the bits of a kind too large would be shifted out.
            record.low = (kind & kinds) << Record::kind_shift::<S>();
        }
    }
}

impl std::ops::Index<usize> for Records<'_> {
    type Output = Record;

    fn index(&self, cell: usize) -> &Record {
        &self.cells[cell]
    }
}

impl std::ops::IndexMut<usize> for Records<'_> {
    fn index_mut(&mut self, cell: usize) -> &mut Record {
        &mut self.cells[cell]
    }
}

/// What the walk knows of one cell: the distance codes of its states as
/// two bit planes (see the module's description), the cell's kind in the
/// low plane's top bits ([`CellSpace::kind`]: one shift reads it), and in
/// the high plane's top two bits whether the cell is listed in a layer
/// being built ([`LISTED`]: one for layers of even distance, one for odd
/// ones, so that the bit of the layer being expanded can be cleared as it
/// is read). Eight bytes a cell, in one cache line: a move reads and
/// writes them all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Zeroable, bytemuck::Pod)]
#[repr(C)]
struct Record {
    low: Orientations,
    high: Orientations,
}

/// The high plane's top two bits, above every orientation: the cell is
/// listed in the layer being built, `LISTED[distance % 2]`.
const LISTED: [Orientations; 2] = [1 << 31, 1 << 30];

impl Record {
    /// The bits of a plane that hold states.
    const fn states_mask<S: CellSpace>() -> Orientations {
        (1 << S::ORIENTATIONS) - 1
    }

    /// The bits of a kind, as [`Record::kind`] shifts it down.
    const fn kinds_mask<S: CellSpace>() -> u32 {
        (1 << S::KIND_BITS) - 1
    }

    /// Where a kind starts in the low plane: at its top bits, so that
    /// reading it is one shift, with no mask (cachegrind, the search of
    /// the walked 1000×1000 grid of BENCHMARKS.md, with the listed marks
    /// moved to the high plane: 393 M → 389 M instructions).
    const fn kind_shift<S: CellSpace>() -> u32 {
        Orientations::BITS - S::KIND_BITS
    }

    /// The states whose distance is `distance` modulo 3.
    #[inline]
    fn at<S: CellSpace>(self, distance: usize) -> Orientations {
        let states = Record::states_mask::<S>();
        let (low, high) = (self.low & states, self.high & states);
        match distance % 3 {
            0 => low & !high,
            1 => !low & high,
            _ => low & high,
        }
    }

    /// The states reached, at any distance.
    #[inline]
    fn states<S: CellSpace>(self) -> Orientations {
        (self.low | self.high) & Record::states_mask::<S>()
    }

    /// The cell's kind, as [`Records::write_kinds`] wrote it.
    #[inline]
    fn kind<S: CellSpace>(self) -> u32 {
        match S::KIND_BITS {
            0 => 0,
            _ => self.low >> Record::kind_shift::<S>(),
        }
    }
}

impl<'a> Walk<'a> {
    fn new(records: &'a mut [Record]) -> Walk<'a> {
        Walk {
            cells: Records::new(records),
        }
    }

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
    fn backward<S: CellSpace>(
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
struct Sets {
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
fn forward_route<S: CellSpace>(space: &S, sets: &Sets, mut singles: Vec<u32>) -> Vec<StateId> {
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

/// The id of the first of `states` on `cell`, as the [`StateSpace`] of a
/// [`CellSpace`] numbers it.
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
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A space of the engine's own for these tests: a token on a grid
    /// (with a border of cells no token enters) turns among five
    /// orientations as it steps, each direction by its own permutation,
    /// and may step onto a cell only in the orientations the cell accepts;
    /// the goal is one cell, the origin's own in some spaces (reached
    /// again, as a die's start is).
    struct Tokens {
        name: String,
        /// Cells in a row, the border's two included.
        stride: usize,
        accepts: Vec<Orientations>,
        /// The orientation after a step in each direction (N, E, S, W).
        turns: [[u32; 5]; 4],
        origin: (usize, u32),
        goal: usize,
    }

    const TOKEN_ORIENTATIONS: u32 = 5;

    impl Tokens {
        /// A random space of `rows × cols` cells, each orientation
        /// accepted by a cell with chance `open`.
        fn random(seed: u64, rows: usize, cols: usize, open: f64) -> Tokens {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let stride = cols + 2;
            let inner = |cell: usize| {
                let (row, col) = (cell / stride, cell % stride);
                (1..=rows).contains(&row) && (1..=cols).contains(&col)
            };
            let accepts = (0..(rows + 2) * stride)
                .map(|cell| match inner(cell) {
                    true => (0..TOKEN_ORIENTATIONS)
                        .filter(|_| rng.gen_bool(open))
                        .fold(0, |mask, o| mask | 1 << o),
                    false => 0,
                })
                .collect();
            let mut turns = [[0, 1, 2, 3, 4]; 4];
            for turn in &mut turns {
                for i in (1..5).rev() {
                    turn.swap(i, rng.gen_range(0..=i));
                }
            }
            let random_cell =
                |rng: &mut ChaCha8Rng| (rng.gen_range(1..=rows)) * stride + rng.gen_range(1..=cols);
            let origin = (random_cell(&mut rng), rng.gen_range(0..TOKEN_ORIENTATIONS));
            let goal = match rng.gen_bool(0.5) {
                true => origin.0,
                false => random_cell(&mut rng),
            };
            Tokens {
                name: format!("TOKENS-{rows}x{cols}-{seed}"),
                stride,
                accepts,
                turns,
                origin,
                goal,
            }
        }

        fn name(&self) -> &str {
            &self.name
        }

        /// The orientations `from` become by the step `label`.
        fn turned(&self, label: MoveLabel, from: Orientations) -> Orientations {
            (0..TOKEN_ORIENTATIONS)
                .filter(|&o| from >> o & 1 != 0)
                .fold(0, |mask, o| {
                    mask | 1 << self.turns[label as usize][o as usize]
                })
        }

        /// The orientations that the step `label` turns into `to`.
        fn unturned(&self, label: MoveLabel, to: Orientations) -> Orientations {
            (0..TOKEN_ORIENTATIONS)
                .filter(|&o| to >> self.turns[label as usize][o as usize] & 1 != 0)
                .fold(0, |mask, o| mask | 1 << o)
        }
    }

    impl CellSpace for Tokens {
        const ORIENTATIONS: u32 = TOKEN_ORIENTATIONS;
        const MOVES: MoveLabel = 4;

        fn cell_count(&self) -> usize {
            self.accepts.len()
        }

        fn origin(&self) -> (usize, u32) {
            self.origin
        }

        fn is_goal_cell(&self, cell: usize) -> bool {
            cell == self.goal
        }

        fn goal_cells(&self) -> impl IntoIterator<Item = usize> {
            [self.goal]
        }

        fn neighbour(&self, cell: usize, label: MoveLabel) -> usize {
            [
                cell.wrapping_sub(self.stride),
                cell + 1,
                cell + self.stride,
                cell.wrapping_sub(1),
            ][label as usize]
        }

        fn span(&self) -> usize {
            self.stride
        }

        fn back(&self, cell: usize, label: MoveLabel) -> usize {
            self.neighbour(cell, (label + 2) % 4)
        }

        /// A cell's kind is the orientations it accepts.
        const KIND_BITS: u32 = TOKEN_ORIENTATIONS;

        fn kind(&self, cell: usize) -> u32 {
            self.accepts[cell]
        }

        fn moved(&self, label: MoveLabel, from: Orientations) -> Orientations {
            self.turned(label, from)
        }

        /// A step permutes orientations: the ones it turns into those the
        /// cell accepts.
        fn arriving(&self, label: MoveLabel, moved: Orientations, kind: u32) -> Orientations {
            moved & self.turned(label, kind)
        }

        fn retreat(&self, label: MoveLabel, to: Orientations, at: usize) -> Orientations {
            self.unturned(label, to) & self.accepts[at]
        }
    }

    impl StateSpace for Tokens {
        fn state_count(&self) -> usize {
            self.accepts.len() * TOKEN_ORIENTATIONS as usize
        }

        fn first_states(&self, mut visit: impl FnMut(StateId)) {
            let (cell, orientation) = self.origin;
            self.moves(cell, orientation, |_, state| visit(state));
        }

        fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId)) {
            let per_cell = TOKEN_ORIENTATIONS as StateId;
            self.moves((state / per_cell) as usize, state % per_cell, visit);
        }

        fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId {
            let per_cell = TOKEN_ORIENTATIONS as StateId;
            let (cell, to) = ((state / per_cell) as usize, state % per_cell);
            let from = self.unturned(label, 1 << to).trailing_zeros();
            (self.back(cell, label) * TOKEN_ORIENTATIONS as usize) as StateId + from as StateId
        }

        fn is_goal(&self, state: StateId) -> bool {
            state as usize / TOKEN_ORIENTATIONS as usize == self.goal
        }

        const MOVE_LABELS: MoveLabel = 4;
    }

    impl Tokens {
        /// Every step from `cell` in `orientation`, in label order.
        fn moves(&self, cell: usize, orientation: u32, mut visit: impl FnMut(MoveLabel, StateId)) {
            for label in 0..4 {
                let to = self.neighbour(cell, label);
                if self.accepts[to] >> orientation & 1 != 0 {
                    let turned = self.turns[label as usize][orientation as usize];
                    visit(
                        label,
                        (to * TOKEN_ORIENTATIONS as usize) as StateId + turned as StateId,
                    );
                }
            }
        }
    }

    /// The run of written pages grows to take in what a cell's moves may
    /// reach, on both sides, and writing a page writes each of its cells'
    /// kind and nothing else.
    #[test]
    fn the_written_run_covers_every_expanded_cells_reach() {
        let space = Tokens::random(1, 98, 198, 0.6);
        assert_eq!(space.cell_count(), 20_000);
        let mut memory = records_memory(20_000);
        let mut records = Records::new(memory.items::<Record>());
        for (cell, span) in [
            (7_000usize, 100),
            (12_000, 1_002),
            (3, 1_002),
            (19_999, 1),
            (9_000, 5),
        ] {
            records.write_around(&space, cell, span);
            let (start, end) = records.written;
            assert!(start <= cell.saturating_sub(span), "{cell}: {start}");
            assert!(
                (cell + span).min(19_999) < end && end <= 20_000,
                "{cell}: {end}"
            );
            if cell == 7_000 {
                // The walk writes a record once its page is written.
                records[7_000].high = 5;
            }
        }
        assert_eq!(records.written, (0, 20_000));
        let kinds = (0..20_000).filter(|&c| records[c].kind::<Tokens>() == space.kind(c));
        assert_eq!(kinds.count(), 20_000);
        let changed: Vec<usize> = (0..20_000)
            .filter(|&c| {
                records[c].low != space.kind(c) << Record::kind_shift::<Tokens>()
                    || records[c].high != 0
            })
            .collect();
        assert_eq!(changed, [7_000]);
    }

    /// Every state's distance from the origin by a plain breadth-first
    /// search over the state space (`u32::MAX` = not reached), the goals
    /// not expanded.
    fn distances<S: StateSpace>(space: &S) -> Vec<u32> {
        let mut distance = vec![u32::MAX; space.state_count()];
        let mut layer = Vec::new();
        space.first_states(|s| {
            if distance[s as usize] == u32::MAX {
                distance[s as usize] = 1;
                layer.push(s);
            }
        });
        let mut d = 1;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &s in layer.iter().filter(|&&s| !space.is_goal(s)) {
                space.successors(s, |_, t| {
                    if distance[t as usize] == u32::MAX {
                        distance[t as usize] = d;
                        next.push(t);
                    }
                });
            }
            layer = next;
        }
        distance
    }

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

    /// Small spaces of every shape, larger ones, and sparse ones whose
    /// walks wind far.
    fn mazes() -> impl Iterator<Item = Tokens> {
        let small = (0..3000).map(|seed| {
            let (rows, cols) = (2 + seed as usize % 9, 3 + seed as usize % 7);
            Tokens::random(seed, rows, cols, 0.6)
        });
        let large = (0..40).map(|seed| Tokens::random(seed, 40, 50, 0.6));
        let sparse = (0..40).map(|seed| Tokens::random(seed, 30, 30, 0.35));
        small.chain(large).chain(sparse)
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

    /// Where the records lie in memory decides which record starts a
    /// page, and so which records the walk writes over a page's first:
    /// never one it wrote before. (A run that ended at the last record
    /// once had its last page's first record written again, by chance of
    /// the allocation: a few mazes came out with too few states reached.)
    #[test]
    fn the_walk_does_not_depend_on_where_its_records_lie() {
        for maze in mazes().take(400) {
            let mut reached = std::collections::BTreeSet::new();
            for skew in 0..PER_PAGE {
                let mut memory = records_memory(maze.cell_count());
                let mut records = Records::new(memory.items::<Record>());
                records.skew = skew;
                walk::forward(&maze, &mut records);
                reached.insert(records.reached::<Tokens>());
            }
            assert_eq!(reached.len(), 1, "{}: {reached:?}", maze.name());
        }
    }

    /// Records of a huge page or more lie in memory mapped apart, from a
    /// huge-page boundary, and the walk there finds what it finds on the
    /// heap.
    #[test]
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
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool of two threads");
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
            let there =
                pool.install(|| walk::forward_with(&maze, &mut halved_records, Some(halve_from)));
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
            let found = pool.install(|| shortest_path_within(&maze, usize::MAX).route);
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
