//! A space of the engine's own for the tests of the walk by cells: tokens
//! turning among five orientations on random grids, and what a plain
//! breadth-first search finds of them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{CellSpace, Orientations};
use crate::search::{MoveLabel, StateId, StateSpace};

/// A space of the engine's own for these tests: a token on a grid
/// (with a border of cells no token enters) turns among five
/// orientations as it steps, each direction by its own permutation,
/// and may step onto a cell only in the orientations the cell accepts;
/// the goal is one cell, the origin's own in some spaces (reached
/// again, as a die's start is).
pub(super) struct Tokens {
    name: String,
    /// Cells in a row, the border's two included.
    stride: usize,
    accepts: Vec<Orientations>,
    /// The orientation after a step in each direction (N, E, S, W).
    turns: [[u32; 5]; 4],
    origin: (usize, u32),
    goal: usize,
}

pub(super) const TOKEN_ORIENTATIONS: u32 = 5;

impl Tokens {
    /// A random space of `rows × cols` cells, each orientation
    /// accepted by a cell with chance `open`.
    pub(super) fn random(seed: u64, rows: usize, cols: usize, open: f64) -> Tokens {
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

    pub(super) fn name(&self) -> &str {
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

/// Every state's distance from the origin by a plain breadth-first
/// search over the state space (`u32::MAX` = not reached), the goals
/// not expanded.
pub(super) fn distances<S: StateSpace>(space: &S) -> Vec<u32> {
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

/// Small spaces of every shape, larger ones, and sparse ones whose
/// walks wind far.
pub(super) fn mazes() -> impl Iterator<Item = Tokens> {
    let small = (0..3000).map(|seed| {
        let (rows, cols) = (2 + seed as usize % 9, 3 + seed as usize % 7);
        Tokens::random(seed, rows, cols, 0.6)
    });
    let large = (0..40).map(|seed| Tokens::random(seed, 40, 50, 0.6));
    let sparse = (0..40).map(|seed| Tokens::random(seed, 30, 30, 0.35));
    small.chain(large).chain(sparse)
}
