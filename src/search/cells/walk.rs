//! The forward walk: layer by layer from the origin, each layer a list of
//! cells with the states newly reached on them.

use super::{CellSpace, Layer, Orientations, Record, Records, LISTED};

/// What the forward walk found: the distance of the first layer with a
/// goal cell and that layer's goal cells, if any, and the states reached.
pub(super) struct Outcome {
    pub goals: Option<(usize, Layer)>,
    pub reached: usize,
}

/// Walks layer by layer from the origin until a layer reaches a goal
/// cell or no state is left, marking every state reached in `cells`.
///
/// A layer is a list of cells; the states it holds on each are read from
/// the cell's record as the layer is expanded: those of the layer's code,
/// which are the states of this layer and of layers 3, 6, … before.
/// Expanding those again reaches nothing new, and costs nothing (a move
/// is one lookup for any set of orientations).
pub(super) fn forward<S: CellSpace>(space: &S, cells: &mut Records) -> Outcome {
    let (origin, orientation) = space.origin();
    let mut layer: Vec<u32> = vec![origin as u32];
    let mut next = Vec::new();
    let mut reached = 0;
    let span = space.span();
    for distance in 1.. {
        let code = Code::of(distance);
        let mut goal = false;
        // `next[..listed]` is the layer being built; a move writes its cell
        // one past the end and counts it only if it is newly listed, so
        // that no branch depends on the maze (a random maze mispredicts
        // half of them).
        let mut listed = 0;
        for &cell in &layer {
            cells.write_around(cell as usize, span);
            if next.len() < listed + S::MOVES as usize {
                next.resize(2 * next.len() + S::MOVES as usize, 0);
            }
            // The origin is not a state: it has no record.
            let from = match distance {
                1 => 1 << orientation,
                _ => unlist(&mut cells[cell as usize], distance - 1),
            };
            space.advance_all(cell as usize, from, |_, to, arrived| {
                let (new, newly_listed) = settle(&mut cells[to], arrived, code);
                reached += new;
                next[listed] = to as u32;
                listed += newly_listed as usize;
                goal |= newly_listed & space.is_goal_cell(to);
            });
        }
        next.truncate(listed);
        if goal {
            let goals = next
                .iter()
                .filter(|&&cell| space.is_goal_cell(cell as usize))
                .map(|&cell| (cell, cells[cell as usize].at(distance)));
            return Outcome {
                goals: Some((distance, goals.collect())),
                reached,
            };
        }
        if next.is_empty() {
            break;
        }
        std::mem::swap(&mut layer, &mut next);
    }
    Outcome {
        goals: None,
        reached,
    }
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
/// returns how many are new, and whether the cell is to be listed in the
/// layer (it got new states and is not listed yet). Without a branch: see
/// [`forward`].
#[inline]
fn settle(record: &mut Record, arrived: Orientations, code: Code) -> (usize, bool) {
    let new = arrived & !(record.low | record.high);
    // All ones if any state is new, else zero.
    let any = ((new != 0) as Orientations).wrapping_neg();
    let listed = record.low & code.listed_low | record.high & code.listed_high;
    record.low |= new & code.low | code.listed_low & any;
    record.high |= new & code.high | code.listed_high & any;
    (new.count_ones() as usize, (any != 0) & (listed == 0))
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
    fn of(distance: usize) -> Code {
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
