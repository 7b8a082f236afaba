//! The Minotaur's two steps of a turn, looked up rather than worked out.
//!
//! His two steps depend only on the walls around him and his next square,
//! and on where Theseus stands relative to him, and only up to three rows
//! or columns apart: farther, both steps go the same way and cannot reach
//! Theseus. So a table of 49 places a square gives both steps at once,
//! where working them out takes two chases of a handful of data-dependent
//! branches each, for every one of a state's five turns.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::{Maze, STAYS};

/// How far apart, in rows or in columns, Theseus and the Minotaur can be
/// and still change his two steps: from three away, two steps toward
/// Theseus neither reach him nor cross his row or column.
const NEAR: i32 = 3;

/// The places of Theseus relative to a square: `NEAR` rows and columns
/// each way.
const PLACES: usize = (2 * NEAR as usize + 1) * (2 * NEAR as usize + 1);

/// The rows and columns each step moves a piece, by its index: north,
/// east, south, west, then [`STAYS`] (Theseus's choices are the same
/// five, his wait the last).
pub(super) const SHIFTS: [[i32; 2]; 5] = [[-1, 0], [0, 1], [1, 0], [0, -1], [0, 0]];

/// The Minotaur's two steps on a turn when Theseus escapes: none.
pub(super) const STILL: u8 = (STAYS * 5 + STAYS) as u8;

/// A turn on which the Minotaur reaches Theseus.
pub(super) const EATEN: u8 = u8::MAX;

/// Every square's table of the Minotaur's two steps, by where Theseus
/// stands relative to it.
pub(super) struct Chases {
    /// For each cell, then each place of Theseus relative to it (rows
    /// apart, then columns apart, each clamped to [`NEAR`]): the two steps
    /// as `5 × first + second` (the last two fifths of a move's label), or
    /// [`EATEN`].
    steps: Box<[u8]>,
    /// How far each pair of steps moves the Minotaur, as a wrapping
    /// addition to his cell.
    shifts: [usize; 25],
}

impl Chases {
    /// The tables of every cell of `maze` (a border cell's too: walled all
    /// round, the Minotaur there never moves).
    pub(super) fn new(maze: &Maze) -> Chases {
        let mut steps = Vec::with_capacity(maze.cell_count() * PLACES);
        for minotaur in 0..maze.cell_count() {
            for rows in -NEAR..=NEAR {
                for cols in -NEAR..=NEAR {
                    steps.push(Chases::work_out(maze, minotaur, [rows, cols]));
                }
            }
        }
        let shifts = std::array::from_fn(|pair| {
            let (first, second) = (pair / 5, pair % 5);
            let offset = |step| maze.step(0, step);
            offset(first).wrapping_add(offset(second))
        });
        Chases {
            steps: steps.into_boxed_slice(),
            shifts,
        }
    }

    /// The two steps from `minotaur` toward Theseus `apart` (rows, then
    /// columns), the way the rules take them.
    fn work_out(maze: &Maze, minotaur: usize, apart: [i32; 2]) -> u8 {
        let mut at = (minotaur, apart);
        let mut pair = 0;
        for _ in 0..2 {
            let step = maze.chase_toward(at.0, at.1);
            let [rows, cols] = SHIFTS[step];
            at = (maze.step(at.0, step), [at.1[0] - rows, at.1[1] - cols]);
            if at.1 == [0, 0] {
                return EATEN;
            }
            pair = pair * 5 + step;
        }
        pair as u8
    }

    /// The Minotaur's two steps from `minotaur` toward Theseus `apart`
    /// (rows, then columns): `5 × first + second`, or [`EATEN`].
    #[inline]
    pub(super) fn steps(&self, minotaur: usize, [rows, cols]: [i32; 2]) -> u8 {
        let side = 2 * NEAR + 1;
        let place = (rows.clamp(-NEAR, NEAR) + NEAR) * side + cols.clamp(-NEAR, NEAR) + NEAR;
        self.steps[minotaur * PLACES + place as usize]
    }

    /// Where the Minotaur at `minotaur` ends after the two `steps`.
    #[inline]
    pub(super) fn after(&self, minotaur: usize, steps: u8) -> usize {
        minotaur.wrapping_add(self.shifts[steps as usize])
    }
}

/// The fewest cells (the border's included) of a maze whose search looks
/// its turns up: building the tables costs about as much as working out
/// the turns of 16 states a cell, more than a small maze's whole search
/// (a batch of 20,000 random 6×6 mazes took four times as long).
const MIN_CELLS: usize = 1024;

/// A maze's [`Chases`] if it is large enough to want them, built the
/// first time a search asks and dropped when a wall changes. A cache, not
/// part of the maze's value: equality and debug output pass over it.
#[derive(Clone, Default)]
pub(super) struct Lookup(OnceLock<Arc<Chases>>);

impl Lookup {
    /// The tables of `maze`, whose lookup this is, if it has that many
    /// cells.
    #[inline]
    pub(super) fn of(&self, maze: &Maze) -> Option<&Chases> {
        if maze.cell_count() < MIN_CELLS {
            return None;
        }
        Some(self.0.get_or_init(|| Arc::new(Chases::new(maze))))
    }

    /// Drops the tables, when a wall changes.
    #[inline]
    pub(super) fn forget(&mut self) {
        self.0.take();
    }
}

impl PartialEq for Lookup {
    fn eq(&self, _: &Lookup) -> bool {
        true
    }
}

impl Eq for Lookup {}

impl fmt::Debug for Lookup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Lookup")
    }
}
