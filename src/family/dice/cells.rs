//! The dice maze as a [`CellSpace`]: the 24 orientations of a square are
//! one mask, and a roll moves every orientation the target square accepts
//! at once, by a permutation of the mask's bits looked up a byte at a time.

use super::{DiceMaze, ORIENTATIONS, TABLES, WILD};
use crate::grid::Direction;
use crate::search::MoveLabel;
use crate::search::cells::{CellSpace, Orientations};

/// `ACCEPTED[number + 1]`: the orientations that may roll onto a square
/// of that judge-format number (−1 wild, 0 missing, 1–6).
static ACCEPTED: [Orientations; 8] = accepted_masks();

/// `ROLLED[byte][bits][direction / 2] >> (32 * (direction % 2))`: the
/// orientations after rolling, in `direction`, the orientations `bits <<
/// (8 * byte)`; the four directions side by side, two to a word, so that
/// a byte rolls a mask every way at once by two loads and the three bytes'
/// rolls are joined by four ORs. As four 32-bit words a byte, the same
/// took twelve loads and eight ORs, and their registers spilled.
static ROLLED: [[[u64; 2]; 256]; 3] = rolled_tables();

/// `ARRIVING[direction][number + 1]`: the orientations a roll in
/// `direction` may arrive in on a square of that number, which are the
/// [`ACCEPTED`] ones rolled (a roll permutes orientations, so rolling
/// then masking by these is masking by `ACCEPTED` then rolling).
static ARRIVING: [[Orientations; 8]; 4] = arriving_masks();

/// The orientations `from` rolled in `direction`, one by one: what the
/// tables hold.
const fn rolled_one_by_one(direction: usize, from: Orientations) -> Orientations {
    let mut rolled = 0;
    let mut orientation = 0;
    while orientation < ORIENTATIONS {
        if from & 1 << orientation != 0 {
            rolled |= 1 << TABLES.rolls[orientation][direction];
        }
        orientation += 1;
    }
    rolled
}

const fn rolled_tables() -> [[[u64; 2]; 256]; 3] {
    let mut tables = [[[0; 2]; 256]; 3];
    let mut byte = 0;
    while byte < 3 {
        let mut bits = 0;
        while bits < 256 {
            let mut direction = 0;
            while direction < 4 {
                let from = (bits as Orientations) << (8 * byte);
                let rolled = rolled_one_by_one(direction, from) as u64;
                tables[byte][bits][direction / 2] |= rolled << (32 * (direction % 2));
                direction += 1;
            }
            bits += 1;
        }
        byte += 1;
    }
    tables
}

const fn arriving_masks() -> [[Orientations; 8]; 4] {
    let mut masks = [[0; 8]; 4];
    let accepted = accepted_masks();
    let mut direction = 0;
    while direction < 4 {
        let mut number = 0;
        while number < 8 {
            masks[direction][number] = rolled_one_by_one(direction, accepted[number]);
            number += 1;
        }
        direction += 1;
    }
    masks
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

/// The orientations `from` rolled in each direction, by their indices.
#[inline]
fn rolled_all(from: Orientations) -> [Orientations; 4] {
    let [low, middle, high] = [
        &ROLLED[0][(from & 0xff) as usize],
        &ROLLED[1][(from >> 8 & 0xff) as usize],
        &ROLLED[2][(from >> 16 & 0xff) as usize],
    ];
    let pairs: [u64; 2] = std::array::from_fn(|pair| low[pair] | middle[pair] | high[pair]);
    std::array::from_fn(|direction| {
        (pairs[direction / 2] >> (32 * (direction % 2))) as Orientations
    })
}

/// The orientations `from` rolled in `direction` (by its index).
#[inline]
fn rolled(direction: usize, from: Orientations) -> Orientations {
    rolled_all(from)[direction]
}

impl DiceMaze {
    /// The orientations that may roll onto `cell`.
    #[inline]
    pub(super) fn accepted(&self, cell: usize) -> Orientations {
        ACCEPTED[self.number_index(cell)]
    }

    /// `cell`'s number plus one, an index of [`ACCEPTED`].
    #[inline]
    fn number_index(&self, cell: usize) -> usize {
        // Numbers run from −1 to 6: the mask keeps them as they are and
        // spares a bounds check.
        (self.squares[cell] as u8).wrapping_add(1) as usize & 7
    }
}

/// Cells are the padded grid's; moves are the rolls, labelled as in the
/// maze's [`StateSpace`](crate::search::StateSpace).
impl CellSpace for DiceMaze {
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

    /// A square's kind is its number plus one (0 for wild, 1 for missing),
    /// an index of the tables.
    const KIND_BITS: u32 = 3;

    #[inline]
    fn kind(&self, cell: usize) -> u32 {
        self.number_index(cell) as u32
    }

    #[inline]
    fn moved(&self, label: MoveLabel, from: Orientations) -> Orientations {
        rolled(label as usize, from)
    }

    #[inline]
    fn arriving(&self, label: MoveLabel, moved: Orientations, kind: u32) -> Orientations {
        // The mask spares a bounds check: kinds are below 8.
        moved & ARRIVING[label as usize & 3][kind as usize & 7]
    }

    /// The four rolls at once: `from` is rolled every way by three
    /// lookups (where one roll at a time took three lookups each).
    #[inline]
    fn moved_all(
        &self,
        cell: usize,
        from: Orientations,
        mut visit: impl FnMut(MoveLabel, usize, Orientations),
    ) {
        let [north, east, south, west] = self.grid.offsets().map(|step| cell.wrapping_add(step));
        let [rolled_north, rolled_east, rolled_south, rolled_west] = rolled_all(from);
        visit(0, north, rolled_north);
        visit(1, east, rolled_east);
        visit(2, south, rolled_south);
        visit(3, west, rolled_west);
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

    #[test]
    fn the_four_rolls_at_once_are_the_rolls_one_at_a_time() {
        // Every mask of one or two orientations, and some of many.
        let pairs = (0..ORIENTATIONS).flat_map(|a| (a..ORIENTATIONS).map(move |b| 1 << a | 1 << b));
        let many = (0..1000u32).map(|i| i.wrapping_mul(0x9e37_79b9) >> 8);
        for from in pairs.chain(many) {
            let all = rolled_all(from);
            for direction in 0..4 {
                for number in 0..8 {
                    assert_eq!(
                        all[direction] & ARRIVING[direction][number],
                        rolled_one_by_one(direction, from & ACCEPTED[number]),
                        "{from:#x} rolled {direction} onto a square of index {number}"
                    );
                }
            }
        }
    }

    /// Grids this size are walked by cells (`cells::MIN_CELLS`): the
    /// walk's rolls are this module's, and its route must be the
    /// sequential walk's, and so must the states it reached where there
    /// is no route (where there is one, it counts the whole goal layer).
    #[test]
    fn the_walk_by_cells_is_the_sequential_walk_on_every_kind() {
        use crate::family::dice::random;
        use crate::search::{self, cells};
        let mut mazes = Vec::new();
        for seed in 0..12 {
            mazes.push(random::random_maze(seed, 40, 40));
            mazes.push(random::exhaustive_maze_with(seed, 36, 36, 0.5));
            mazes.push(random::walked_maze(seed, 40, 40, 0.1));
        }
        mazes.extend(random::corridor_maze(40, 40));
        for maze in &mazes {
            assert!(maze.grid.cell_count() >= cells::MIN_CELLS);
            let (by_cells, sequential) = (cells::shortest_path(maze), search::shortest_path(maze));
            assert_eq!(by_cells.route, sequential.route);
            if by_cells.route.is_none() {
                assert_eq!(by_cells.reached, sequential.reached);
            }
        }
    }
}
