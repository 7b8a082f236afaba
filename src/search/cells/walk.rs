//! The forward walk: layer by layer from the origin, each layer a list of
//! cells with the states newly reached on them.

use super::{CellSpace, Layer, Orientations, Record, LISTED};

/// What the forward walk found: the distance of the first layer with a
/// goal cell and that layer's goal cells, if any, and the states reached.
pub(super) struct Outcome {
    pub goals: Option<(usize, Layer)>,
    pub reached: usize,
}

/// Walks layer by layer from the origin until a layer reaches a goal
/// cell or no state is left, marking every state reached in `cells`.
pub(super) fn forward<S: CellSpace>(space: &S, cells: &mut [Record]) -> Outcome {
    let (origin, orientation) = space.origin();
    let mut layer: Layer = vec![(origin as u32, 1 << orientation)];
    let mut next = Layer::new();
    let mut reached = 0;
    for distance in 1.. {
        let code = Code::of(distance);
        next.clear();
        for &(cell, from) in &layer {
            space.advance_all(cell as usize, from, |_, to, arrived| {
                if arrived != 0 {
                    reached += settle(&mut cells[to], to as u32, arrived, code, &mut next);
                }
            });
        }
        // A cell's states of the layer's code are those of this layer and
        // of layers 3, 6, … before: expanding those again reaches nothing
        // new, and costs nothing (a move is one lookup for any set of
        // orientations).
        for (cell, states) in next.iter_mut() {
            let record = &mut cells[*cell as usize];
            record.low &= !LISTED;
            *states = record.at(distance);
        }
        if next
            .iter()
            .any(|&(cell, _)| space.is_goal_cell(cell as usize))
        {
            next.retain(|&(cell, _)| space.is_goal_cell(cell as usize));
            return Outcome {
                goals: Some((distance, next)),
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

/// Marks the states of `arrived` on `cell` that are new at the layer of
/// `code`, listing the cell in `next` the first time it gets any; returns
/// how many are new.
#[inline]
fn settle(
    record: &mut Record,
    cell: u32,
    arrived: Orientations,
    code: Code,
    next: &mut Layer,
) -> usize {
    let new = arrived & !(record.low | record.high);
    if new == 0 {
        return 0;
    }
    if record.low & LISTED == 0 {
        record.low |= LISTED;
        next.push((cell, 0));
    }
    record.low |= new & code.low;
    record.high |= new & code.high;
    new.count_ones() as usize
}

/// The bit planes' masks for the states of one layer: its distance code
/// `1 + distance % 3`, bit 0 in the low plane and bit 1 in the high.
#[derive(Clone, Copy)]
struct Code {
    low: Orientations,
    high: Orientations,
}

impl Code {
    fn of(distance: usize) -> Code {
        let code = distance % 3 + 1;
        Code {
            low: if code & 1 != 0 { !0 } else { 0 },
            high: if code & 2 != 0 { !0 } else { 0 },
        }
    }
}
