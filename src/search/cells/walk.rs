//! The forward walk: layer by layer from the origin, each layer a list of
//! cells with the states newly reached on them.

use super::{CellSpace, Layer, Orientations, Record, Records, LISTED};

/// What the forward walk found: the distance of the first layer with a
/// goal cell and that layer's goal cells, if any, and the states reached
/// (counted once the walk is over, from the records: a count kept as it
/// went was a tenth of the walk's instructions, with no `popcnt` in the
/// baseline instruction set).
pub(super) struct Outcome {
    pub goals: Option<(usize, Layer)>,
    pub reached: usize,
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
pub(super) fn forward<S: CellSpace>(space: &S, cells: &mut Records<'_>) -> Outcome {
    let (origin, orientation) = space.origin();
    // The layer being expanded is `layer[..len]`, the one being built
    // `next[..listed]`: the vectors keep their length, so that a layer
    // of a cell or two does not shrink and grow them again.
    let (mut layer, mut len): (Vec<u32>, usize) = (vec![origin as u32], 1);
    let mut next = Vec::new();
    let mut singles = Vec::new();
    for distance in 1.. {
        // The origin is not a state: it has no record.
        let origin = (distance == 1).then_some(1 << orientation);
        let layer_now = &layer[..len];
        // Each phase of six layers has its own copy of the expansion, with
        // its codes as constants.
        let listed = match distance % 6 {
            0 => expand::<S, 0>(space, cells, layer_now, &mut next, origin),
            1 => expand::<S, 1>(space, cells, layer_now, &mut next, origin),
            2 => expand::<S, 2>(space, cells, layer_now, &mut next, origin),
            3 => expand::<S, 3>(space, cells, layer_now, &mut next, origin),
            4 => expand::<S, 4>(space, cells, layer_now, &mut next, origin),
            _ => expand::<S, 5>(space, cells, layer_now, &mut next, origin),
        };
        // Once a layer, not once a move: a goal cell got new states if
        // it is listed in the layer built.
        let code = Code::of(distance);
        let goal = space
            .goal_cells()
            .into_iter()
            .any(|cell| cells[cell].is_listed(code));
        if goal {
            let goals = next[..listed]
                .iter()
                .filter(|&&cell| space.is_goal_cell(cell as usize))
                .map(|&cell| (cell, cells[cell as usize].at(distance)));
            return Outcome {
                goals: Some((distance, goals.collect())),
                reached: cells.reached(),
                singles,
            };
        }
        if listed == 0 {
            break;
        }
        singles.push(if listed == 1 { next[0] } else { NOT_SINGLE });
        std::mem::swap(&mut layer, &mut next);
        len = listed;
    }
    Outcome {
        goals: None,
        reached: cells.reached(),
        singles,
    }
}

/// Builds in `next` the layer at a distance `PHASE` modulo 6 from
/// `layer`, the one before it (the origin's own, whose states are
/// `origin`, at distance 1); returns how many cells it lists, from the
/// start of `next`.
///
/// A move writes its cell one past the end of the layer being built and
/// counts it only if it is newly listed, so that no branch depends on the
/// maze (a random maze mispredicts half of them).
#[inline]
fn expand<S: CellSpace, const PHASE: usize>(
    space: &S,
    cells: &mut Records<'_>,
    layer: &[u32],
    next: &mut Vec<u32>,
    origin: Option<Orientations>,
) -> usize {
    let code = const { Code::of(PHASE) };
    let before = (PHASE + 5) % 6;
    let span = space.span();
    let mut listed = 0;
    for (i, &cell) in layer.iter().enumerate() {
        if let Some(&ahead) = layer.get(i + AHEAD) {
            cells.prefetch_around(ahead as usize, span);
            space.prefetch(ahead as usize);
        }
        cells.write_around(cell as usize, span);
        if next.len() < listed + S::MOVES as usize {
            next.resize(2 * next.len() + S::MOVES as usize, 0);
        }
        let from = match origin {
            Some(states) => states,
            None => unlist(&mut cells[cell as usize], before),
        };
        // The cell's moves list at most one cell each, in these places,
        // counted apart from `listed`: a count shared with the loop, and
        // places checked against the whole vector, cost a twentieth of
        // the walk.
        let room = &mut next[listed..listed + S::MOVES as usize];
        let mut added = 0;
        space.advance_all(cell as usize, from, |_, to, arrived| {
            let newly_listed = settle(&mut cells[to], arrived, code);
            room[added.min(room.len() - 1)] = to as u32;
            added += newly_listed as usize;
        });
        listed += added;
    }
    listed
}

/// The states of `record` of the layer at `distance`, which is being
/// expanded: the cell is no longer listed in it.
#[inline]
fn unlist(record: &mut Record, distance: usize) -> Orientations {
    let code = Code::of(distance);
    record.low &= !code.listed_low;
    record.high &= !code.listed_high;
    record.at(distance)
}

/// Marks the states of `arrived` that are new at the layer of `code`;
/// returns whether the cell is to be listed in the layer (it got new
/// states and is not listed yet). Without a branch: see [`forward`].
#[inline]
fn settle(record: &mut Record, arrived: Orientations, code: Code) -> bool {
    let new = arrived & !(record.low | record.high);
    // All ones if any state is new, else zero.
    let any = ((new != 0) as Orientations).wrapping_neg();
    let listed = record.is_listed(code);
    record.low |= new & code.low | code.listed_low & any;
    record.high |= new & code.high | code.listed_high & any;
    (any != 0) & !listed
}

impl Record {
    /// Whether the cell is listed in the layer of `code`.
    #[inline]
    fn is_listed(self, code: Code) -> bool {
        self.low & code.listed_low | self.high & code.listed_high != 0
    }
}

/// The bit planes' masks for the states of one layer: its distance code
/// `1 + distance % 3`, bit 0 in the low plane and bit 1 in the high; and
/// where its cells are marked listed ([`LISTED`] in the low plane for an
/// even distance, in the high plane for an odd one).
#[derive(Clone, Copy)]
struct Code {
    low: Orientations,
    high: Orientations,
    listed_low: Orientations,
    listed_high: Orientations,
}

impl Code {
    const fn of(distance: usize) -> Code {
        let code = distance % 3 + 1;
        let even = distance % 2 == 0;
        Code {
            low: if code & 1 != 0 { !LISTED } else { 0 },
            high: if code & 2 != 0 { !LISTED } else { 0 },
            listed_low: if even { LISTED } else { 0 },
            listed_high: if even { 0 } else { LISTED },
        }
    }
}

/// How far down a layer the walk asks for a cell's neighbours' records
/// (and the space for what its moves read) ahead of expanding it. A
/// sparse layer's cells lie far apart, so each one's rows above and below
/// are a cache miss that would stall its moves: fetched 16 cells early,
/// the walk of a sparse 1000×1000 grid took 7% less time (4, 8 and 32
/// did no better; BENCHMARKS.md), and that of a dense one, whose layers
/// sweep the rows in order, the same.
const AHEAD: usize = 16;
