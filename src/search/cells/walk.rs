//! The forward walk: layer by layer from the origin, each layer a list of
//! cells with the states newly reached on them.

use std::ops::IndexMut;

use super::records::{LISTED, Record, Records};
use super::{CellSpace, Layer, Orientations};
use crate::search::{MoveLabel, parallel};

/// What the forward walk found: the distance of the first layer with a
/// goal cell and that layer's goal cells, if any. The states reached are
/// marked in the records (counted by [`Records::reached`] for a caller
/// that wants the count: `solve` does not).
pub(super) struct Outcome {
    pub goals: Option<(usize, Layer)>,
    /// For each layer before the goal's (`singles[d - 1]` for distance
    /// `d`), its cell when it lists only one, else [`NOT_SINGLE`]: where
    /// that cell holds one state of the layer, every route passes it.
    pub singles: Vec<u32>,
}

/// In [`Outcome::singles`]: the layer lists more than one cell.
pub(super) const NOT_SINGLE: u32 = u32::MAX;

/// Walks layer by layer from the origin until a layer reaches a goal
/// cell or no state is left, marking every state reached in `cells`.
///
/// A layer is a list of cells; the states it holds on each are read from
/// the cell's record as the layer is expanded: those of the layer's code,
/// which are the states of this layer and of layers 3, 6, … before.
/// Expanding those again reaches nothing new, and costs nothing (a move
/// is one lookup for any set of orientations).
///
/// On a large grid, with more than one thread in the current pool,
/// a large layer is expanded in two halves at once (see [`Halves`]): the
/// records and the route are the same, only the order of a layer's cells
/// may differ.
pub(super) fn forward<S: CellSpace + Sync>(space: &S, cells: &mut Records<'_>) -> Outcome {
    let halved = parallel::threads() > 1 && cells.cells.len() >= HALVED_CELLS;
    let halve_from = halved.then_some(HALVED_LAYER);
    match halved {
        // A join from outside the pool waits for the pool's reply on
        // every layer: the walk goes onto the pool once instead.
        true => parallel::on_the_pool(|| forward_with(space, cells, halve_from)),
        false => forward_with(space, cells, halve_from),
    }
}

/// [`forward`], expanding in halves at once the layers of `halve_from`
/// cells or more, if given.
pub(super) fn forward_with<S: CellSpace + Sync>(
    space: &S,
    cells: &mut Records<'_>,
    halve_from: Option<usize>,
) -> Outcome {
    let mut front = Front::new(space, halve_from);
    // Each phase of six layers has its own copy of the step, with its
    // codes as constants, taken in turn: choosing the copy by the
    // distance modulo 6, and working out the goal's code from the
    // distance, were a division, a jump and a few tests a layer, much of
    // a corridor's walk, whose layers are one cell each.
    loop {
        let outcome = front
            .step::<S, 1>(space, cells)
            .or_else(|| front.step::<S, 2>(space, cells))
            .or_else(|| front.step::<S, 3>(space, cells))
            .or_else(|| front.step::<S, 4>(space, cells))
            .or_else(|| front.step::<S, 5>(space, cells))
            .or_else(|| front.step::<S, 0>(space, cells));
        if let Some(outcome) = outcome {
            return outcome;
        }
    }
}

/// The forward walk between two layers.
struct Front {
    /// The distance of the layer last built.
    distance: usize,
    /// The origin's states, expanded at distance 1 (the origin is not a
    /// state: it has no record).
    origin: Orientations,
    /// The layer last built, `layer[..len]`, and room for the next: the
    /// vectors keep their length, so that a layer of a cell or two does
    /// not shrink and grow them again.
    layer: Vec<u32>,
    len: usize,
    next: Vec<u32>,
    /// [`Outcome::singles`], so far.
    singles: Vec<u32>,
    /// Where large layers are expanded in halves, if they are.
    halves: Option<Halves>,
}

impl Front {
    fn new<S: CellSpace>(space: &S, halve_from: Option<usize>) -> Front {
        let (origin, orientation) = space.origin();
        Front {
            distance: 0,
            origin: 1 << orientation,
            layer: vec![origin as u32],
            len: 1,
            next: Vec::new(),
            singles: Vec::new(),
            halves: halve_from.map(|from| Halves {
                from,
                ..Halves::default()
            }),
        }
    }

    /// Builds the next layer, at a distance `PHASE` modulo 6; the walk's
    /// outcome if it reaches a goal cell or nothing.
    #[inline]
    fn step<S: CellSpace + Sync, const PHASE: usize>(
        &mut self,
        space: &S,
        cells: &mut Records<'_>,
    ) -> Option<Outcome> {
        self.distance += 1;
        debug_assert_eq!(self.distance % 6, PHASE);
        let origin = (self.distance == 1).then_some(self.origin);
        let layer = &self.layer[..self.len];
        let halves = self.halves.as_mut().filter(|h| layer.len() >= h.from);
        let listed = expand_layer::<S, PHASE>(space, cells, layer, &mut self.next, origin, halves);
        // Once a layer, not once a move: a goal cell got new states if
        // it is listed in the layer built.
        let code = const { Code::of(PHASE) };
        let goal = space
            .goal_cells()
            .into_iter()
            .any(|cell| cells[cell].is_listed(code));
        if goal {
            let goals = self.next[..listed]
                .iter()
                .filter(|&&cell| space.is_goal_cell(cell as usize))
                .map(|&cell| (cell, cells[cell as usize].at::<S>(PHASE)));
            return Some(Outcome {
                goals: Some((self.distance, goals.collect())),
                singles: std::mem::take(&mut self.singles),
            });
        }
        if listed == 0 {
            return Some(Outcome {
                goals: None,
                singles: std::mem::take(&mut self.singles),
            });
        }
        let single = if listed == 1 {
            self.next[0]
        } else {
            NOT_SINGLE
        };
        self.singles.push(single);
        std::mem::swap(&mut self.layer, &mut self.next);
        self.len = listed;
        None
    }
}

/// Builds in `next` the layer at a distance `PHASE` modulo 6 from
/// `layer`, the one before it (the origin's own, whose states are
/// `origin`, at distance 1), in `halves` at once if given; returns how
/// many cells it lists, from the start of `next`.
#[inline]
fn expand_layer<S: CellSpace + Sync, const PHASE: usize>(
    space: &S,
    cells: &mut Records<'_>,
    layer: &[u32],
    next: &mut Vec<u32>,
    origin: Option<Orientations>,
    halves: Option<&mut Halves>,
) -> usize {
    match (halves, layer) {
        (Some(halves), _) => halves.expand::<S, PHASE>(space, cells, layer, next),
        (None, &[cell]) => expand_one::<S, PHASE>(space, cells, cell, next, origin),
        (None, _) => expand::<S, _, PHASE>(space, cells, layer, next),
    }
}

/// [`expand`] for a layer of one cell, `cell`, whose states are read
/// from its record: with no loop, no look ahead and no room to make but
/// once. A corridor's half million layers are each one cell, and the
/// loop's bookkeeping was much of their cost.
#[inline]
fn expand_one<S: CellSpace, const PHASE: usize>(
    space: &S,
    cells: &mut Records<'_>,
    cell: u32,
    next: &mut Vec<u32>,
    origin: Option<Orientations>,
) -> usize {
    cells.write_around(space, cell as usize, space.span());
    let from = match origin {
        Some(states) => states,
        None => unlist::<S>(&mut cells[cell as usize], (PHASE + 5) % 6),
    };
    if next.len() < S::MOVES as usize {
        next.resize(S::MOVES as usize, 0);
    }
    let room = &mut next[..S::MOVES as usize];
    let mut added = 0;
    space.moved_all(cell as usize, from, |label, to, moved| {
        let newly_listed = arrive::<S, _, PHASE>(space, cells, label, to, moved);
        room[added % room.len()] = to as u32;
        added += newly_listed;
    });
    added
}

/// The records a layer's expansion writes: all of them, or a half.
trait Cells: IndexMut<usize, Output = Record> {
    /// Makes ready the records of the cells `span` around each cell of
    /// `layer` in `space`, which is expanded next: once a layer, from its
    /// least and greatest cells. Once a cell, the test was a real part of
    /// a sparse walk's work.
    fn ready<S: CellSpace>(&mut self, space: &S, layer: &[u32], span: usize);

    /// Asks the processor to fetch the records of the cells `span` before
    /// and after `cell` (a grid's rows above and below). Its own record
    /// and those beside it are in the cache already: the move that listed
    /// it wrote there.
    fn prefetch_around(&self, cell: usize, span: usize);
}

impl Cells for Records<'_> {
    #[inline]
    fn ready<S: CellSpace>(&mut self, space: &S, layer: &[u32], span: usize) {
        let (first, last) = layer.iter().fold((u32::MAX, 0), |(first, last), &cell| {
            (first.min(cell), last.max(cell))
        });
        if first <= last {
            self.write_between(space, first as usize, last as usize, span);
        }
    }

    #[inline]
    fn prefetch_around(&self, cell: usize, span: usize) {
        prefetch_around(self.cells, cell, span);
    }
}

/// [`Cells::prefetch_around`] in `records`, where `at` is the place of
/// the cell (wrapping: a neighbour's place may be outside `records`, and
/// is then not fetched).
#[inline]
fn prefetch_around(records: &[Record], at: usize, span: usize) {
    for at in [at.wrapping_sub(span), at.wrapping_add(span)] {
        if let Some(record) = records.get(at) {
            mem_prefetch::prefetch_write_data::<_, 3>(record);
        }
    }
}

/// Builds in `next` the layer at a distance `PHASE` modulo 6 from
/// `layer`, as [`expand_layer`] does, in `cells`, which hold the records
/// of every cell `layer`'s moves reach.
///
/// A move writes its cell one past the end of the layer being built and
/// counts it only if it is newly listed, so that no branch depends on the
/// maze (a random maze mispredicts half of them).
#[inline]
fn expand<S: CellSpace, C: Cells, const PHASE: usize>(
    space: &S,
    cells: &mut C,
    layer: &[u32],
    next: &mut Vec<u32>,
) -> usize {
    let before = (PHASE + 5) % 6;
    let span = space.span();
    let moves = S::MOVES as usize;
    let mut listed = 0;
    cells.ready(space, layer, span);
    // Room for every move to list a cell, made once a layer: a test a cell
    // kept the vector's length and place out of registers. A cell is
    // listed once a layer at most, so the room never outgrows the grid.
    let most = (layer.len() * moves).min(space.cell_count() + moves);
    if next.len() < most {
        next.resize(most, 0);
    }
    let next = next.as_mut_slice();
    for (i, &cell) in layer.iter().enumerate() {
        if let Some(&ahead) = layer.get(i + AHEAD) {
            cells.prefetch_around(ahead as usize, span);
        }
        let from = unlist::<S>(&mut cells[cell as usize], before);
        // The cell's moves list at most one cell each, in these places,
        // counted apart from `listed`: a count shared with the loop, and
        // places checked against the whole vector, cost every move more.
        let room = &mut next[listed..listed + moves];
        let mut added = 0;
        space.moved_all(cell as usize, from, |label, to, moved| {
            let newly_listed = arrive::<S, _, PHASE>(space, cells, label, to, moved);
            room[added % room.len()] = to as u32;
            added += newly_listed;
        });
        listed += added;
    }
    listed
}

/// Settles on `to` the states `moved` by the move `label` that its kind
/// lets in, at a distance `PHASE` modulo 6; 1 if `to` is newly listed,
/// else 0.
#[inline]
fn arrive<S: CellSpace, C: Cells, const PHASE: usize>(
    space: &S,
    cells: &mut C,
    label: MoveLabel,
    to: usize,
    moved: Orientations,
) -> usize {
    let record = &mut cells[to];
    let arrived = space.arriving(label, moved, record.kind::<S>());
    settle(record, arrived, const { Code::of(PHASE) })
}

/// The grid's cells from which a walk expands large layers in halves: a
/// 512×512 grid. Below it, a walk is too short for halves to pay.
const HALVED_CELLS: usize = 1 << 18;

/// The fewest cells of a layer expanded in halves. A join costs as much as
/// the expansion of many cells, so only a large layer pays for one. On
/// the 1000×1000 grids of BENCHMARKS.md (layers of about 330 cells
/// walked, 1,600 half wild, a few thousand at most all wild), halves from
/// 128 cells made the search slower than whole layers; from 4,096 cells,
/// a layer's work pays for the join.
const HALVED_LAYER: usize = 4096;

/// A layer's expansion in two halves at once, on two threads of the pool.
///
/// The layer's cells are parted at about their median: those whose moves
/// reach only cells below it, those whose moves reach only cells from it
/// on, and the few within a move of it. The records are split there, so
/// each half writes only its own, and the first two lists are expanded at
/// once; the third is expanded after, over all the records. A layer's
/// expansion gives the same records in any order of its cells (it only
/// sets bits), so the walk is the same.
///
/// Two threads of a machine whose two cores are the same core's two
/// hardware threads each go slower than one alone, which leaves the
/// halves little to gain there beyond the cost of a join (see
/// [`HALVED_LAYER`]).
#[derive(Default)]
struct Halves {
    /// The fewest cells of a layer expanded in halves.
    from: usize,
    /// Whether a layer was expanded in halves (and so every page of the
    /// records written).
    begun: bool,
    low: Vec<u32>,
    high: Vec<u32>,
    between: Vec<u32>,
    low_next: Vec<u32>,
    high_next: Vec<u32>,
}

impl Halves {
    /// [`expand_layer`] in halves, over the records in `cells`.
    fn expand<S: CellSpace + Sync, const PHASE: usize>(
        &mut self,
        space: &S,
        cells: &mut Records<'_>,
        layer: &[u32],
        next: &mut Vec<u32>,
    ) -> usize {
        let span = space.span();
        let mut sample: [u32; 16] = std::array::from_fn(|i| layer[i * layer.len() / 16]);
        sample.sort_unstable();
        let middle = sample[8] as usize;
        let Halves {
            from: _,
            begun,
            low,
            high,
            between,
            low_next,
            high_next,
        } = self;
        // Halves are written with no run of written pages to look after:
        // every page is written before the first (a walk whose layers
        // stay small, a corridor's, writes only the pages it reaches).
        if !*begun {
            cells.write_all(space);
            *begun = true;
        }
        for list in [&mut *low, &mut *high, &mut *between] {
            list.clear();
        }
        for &cell in layer {
            match cell as usize {
                c if c + span < middle => low.push(cell),
                c if c >= middle + span => high.push(cell),
                _ => between.push(cell),
            }
        }
        let (below, above) = cells.cells.split_at_mut(middle);
        let mut below = Half {
            cells: below,
            first: 0,
        };
        let mut above = Half {
            cells: above,
            first: middle,
        };
        let (low_listed, high_listed) = parallel::join(
            || expand::<S, _, PHASE>(space, &mut below, low, low_next),
            || expand::<S, _, PHASE>(space, &mut above, high, high_next),
        );
        let listed = expand::<S, _, PHASE>(space, cells, between, next);
        next.truncate(listed);
        next.extend_from_slice(&low_next[..low_listed]);
        next.extend_from_slice(&high_next[..high_listed]);
        next.len()
    }
}

/// The records of the cells from `first` on, or of those before `first
/// + cells.len()`, indexed by cell.
struct Half<'a> {
    cells: &'a mut [Record],
    first: usize,
}

impl std::ops::Index<usize> for Half<'_> {
    type Output = Record;

    #[inline]
    fn index(&self, cell: usize) -> &Record {
        &self.cells[cell.wrapping_sub(self.first)]
    }
}

impl IndexMut<usize> for Half<'_> {
    #[inline]
    fn index_mut(&mut self, cell: usize) -> &mut Record {
        &mut self.cells[cell.wrapping_sub(self.first)]
    }
}

impl Cells for Half<'_> {
    /// Nothing: every page of the records is written before a walk in
    /// halves.
    #[inline]
    fn ready<S: CellSpace>(&mut self, _: &S, _: &[u32], _: usize) {}

    #[inline]
    fn prefetch_around(&self, cell: usize, span: usize) {
        prefetch_around(self.cells, cell.wrapping_sub(self.first), span);
    }
}

/// The states of `record` of the layer at `distance`, which is being
/// expanded: the cell is no longer listed in it.
#[inline]
fn unlist<S: CellSpace>(record: &mut Record, distance: usize) -> Orientations {
    let code = Code::of(distance);
    record.high &= !code.listed;
    record.at::<S>(distance)
}

/// Marks the states of `arrived` that are new at the layer of `code`;
/// returns 1 if the cell is to be listed in the layer (it got new states
/// and is not listed yet), else 0. Without a branch: see [`forward`].
///
/// `arrived` holds orientations only, below the listed mark ([`LISTED`]),
/// so that adding the mark less one carries into it exactly when a state
/// is new: the listed mark, made in two instructions where a test, a flag
/// and a negation took four. The cell is newly listed where its mark
/// differs before and after: one XOR where the mark and the old mark's
/// negation took three (and the registers of the four moves no longer
/// spill as often).
/// The bits above the mark are the other layer's mark, which a move does
/// not change, so the XOR shifted down is the count.
#[inline]
fn settle(record: &mut Record, arrived: Orientations, code: Code) -> usize {
    debug_assert!(arrived < code.listed, "orientations only");
    let before = *record;
    let new = arrived & !(before.low | before.high);
    let mark = new.wrapping_add(code.listed - 1) & code.listed;
    let after = Record {
        low: before.low | new & code.low,
        high: before.high | new & code.high | mark,
    };
    *record = after;
    ((after.high ^ before.high) >> code.listed.trailing_zeros()) as usize
}

impl Record {
    /// Whether the cell is listed in the layer of `code`.
    #[inline]
    fn is_listed(self, code: Code) -> bool {
        self.high & code.listed != 0
    }
}

/// The bit planes' masks for the states of one layer: its distance code
/// `1 + distance % 3`, bit 0 in the low plane and bit 1 in the high (all
/// ones where the code has the bit: a move's new states are orientations
/// only, see [`settle`]); and the bit of the high plane that marks its
/// cells listed ([`LISTED`]).
#[derive(Clone, Copy)]
struct Code {
    low: Orientations,
    high: Orientations,
    listed: Orientations,
}

impl Code {
    const fn of(distance: usize) -> Code {
        let code = distance % 3 + 1;
        Code {
            low: if code & 1 != 0 { !0 } else { 0 },
            high: if code & 2 != 0 { !0 } else { 0 },
            listed: LISTED[distance % 2],
        }
    }
}

/// How far down a layer the walk asks for a cell's neighbours' records
/// (which hold the kinds its moves read) ahead of expanding it. A
/// sparse layer's cells lie far apart, so each one's rows above and below
/// are a cache miss that would stall its moves: fetched 16 cells early,
/// the walk of a sparse grid is quicker (4, 8 and 32 did no better), and
/// that of a dense one, whose layers sweep the rows in order, no slower.
const AHEAD: usize = 16;
