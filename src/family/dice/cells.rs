//! The dice maze as a [`CellSpace`]: the 24 orientations of a square are
//! one mask, and a roll moves every orientation the target square accepts
//! at once, by a permutation of the mask's bits looked up a byte at a time.

use super::{Maze, ORIENTATIONS, TABLES, WILD};
use crate::grid::Direction;
use crate::search::cells::{CellSpace, Orientations};
use crate::search::MoveLabel;

/// `ROLLED[direction][byte][bits]`: the orientations after rolling, in
/// `direction`, the orientations `bits << (8 * byte)`.
static ROLLED: [[[Orientations; 256]; 3]; 4] = rolled_tables();

/// `ACCEPTED[number + 1]`: the orientations that may roll onto a square
/// of that judge-format number (−1 wild, 0 missing, 1–6).
static ACCEPTED: [Orientations; 8] = accepted_masks();

const fn rolled_tables() -> [[[Orientations; 256]; 3]; 4] {
    let mut tables = [[[0; 256]; 3]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut byte = 0;
        while byte < 3 {
            let mut bits = 0;
            while bits < 256 {
                let mut rolled = 0;
                let mut bit = 0;
                while bit < 8 {
                    let orientation = byte * 8 + bit;
                    if bits & 1 << bit != 0 && orientation < ORIENTATIONS {
                        rolled |= 1 << TABLES.rolls[orientation][direction];
                    }
                    bit += 1;
                }
                tables[direction][byte][bits] = rolled;
                bits += 1;
            }
            byte += 1;
        }
        direction += 1;
    }
    tables
}

const fn accepted_masks() -> [Orientations; 8] {
    let mut masks = [0; 8];
    masks[(WILD + 1) as usize] = (1 << ORIENTATIONS) - 1;
    let mut orientation = 0;
    while orientation < ORIENTATIONS {
        masks[TABLES.tops[orientation] as usize + 1] |= 1 << orientation;
        orientation += 1;
    }
    masks
}

/// The orientations `from` rolled in `direction` (by its index).
#[inline]
fn rolled(direction: usize, from: Orientations) -> Orientations {
    let table = &ROLLED[direction];
    table[0][(from & 0xff) as usize]
        | table[1][(from >> 8 & 0xff) as usize]
        | table[2][(from >> 16 & 0xff) as usize]
}

impl Maze {
    /// The orientations that may roll onto `cell`.
    #[inline]
    pub(super) fn accepted(&self, cell: usize) -> Orientations {
        // Numbers run from −1 to 6: the mask keeps them as they are and
        // spares a bounds check and a sign extension a roll.
        ACCEPTED[(self.squares[cell] as u8).wrapping_add(1) as usize & 7]
    }
}

/// Cells are the padded grid's; moves are the rolls, labelled as in the
/// maze's [`StateSpace`](crate::search::StateSpace).
impl CellSpace for Maze {
    const ORIENTATIONS: u32 = ORIENTATIONS as u32;
    const MOVES: MoveLabel = 4;

    fn cell_count(&self) -> usize {
        self.grid.cell_count()
    }

    fn origin(&self) -> (usize, u32) {
        (self.start_cell, self.die.index() as u32)
    }

    #[inline]
    fn is_goal_cell(&self, cell: usize) -> bool {
        cell == self.start_cell
    }

    fn goal_cells(&self) -> impl IntoIterator<Item = usize> {
        [self.start_cell]
    }

    #[inline]
    fn neighbour(&self, cell: usize, label: MoveLabel) -> usize {
        self.grid.step(cell, Direction::from_index(label as usize))
    }

    fn span(&self) -> usize {
        self.grid.offsets()[2]
    }

    #[inline]
    fn back(&self, cell: usize, label: MoveLabel) -> usize {
        self.grid
            .step_back(cell, Direction::from_index(label as usize))
    }

    #[inline]
    fn advance(&self, label: MoveLabel, from: Orientations, to: usize) -> Orientations {
        rolled(label as usize, from & self.accepted(to))
    }

    /// The four rolls written out, so that each direction's table and
    /// step are constants.
    #[inline]
    fn advance_all(
        &self,
        cell: usize,
        from: Orientations,
        mut visit: impl FnMut(MoveLabel, usize, Orientations),
    ) {
        let [north, east, south, west] = self.grid.offsets().map(|step| cell.wrapping_add(step));
        visit(0, north, self.advance(0, from, north));
        visit(1, east, self.advance(1, from, east));
        visit(2, south, self.advance(2, from, south));
        visit(3, west, self.advance(3, from, west));
    }

    /// The squares above and below `cell` (those beside it share its
    /// cache line).
    #[inline]
    fn prefetch(&self, cell: usize) {
        let [north, _, south, _] = self.grid.offsets().map(|step| cell.wrapping_add(step));
        for at in [north, south] {
            if let Some(square) = self.squares.get(at) {
                mem_prefetch::prefetch_read_data::<_, 3>(square);
            }
        }
    }

    #[inline]
    fn retreat(&self, label: MoveLabel, to: Orientations, at: usize) -> Orientations {
        let back = Direction::from_index(label as usize).opposite();
        rolled(back.index(), to) & self.accepted(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rolled_mask_rolls_each_orientation() {
        for direction in 0..4 {
            for orientation in 0..ORIENTATIONS {
                let rolled = rolled(direction, 1 << orientation);
                assert_eq!(rolled, 1 << TABLES.rolls[orientation][direction]);
            }
            assert_eq!(rolled(direction, (1 << ORIENTATIONS) - 1), (1 << 24) - 1);
        }
    }

    #[test]
    fn each_number_accepts_the_four_orientations_with_it_on_top() {
        for number in 1..=6 {
            assert_eq!(ACCEPTED[number + 1].count_ones(), 4);
        }
        assert_eq!(ACCEPTED[1], 0);
    }
}
