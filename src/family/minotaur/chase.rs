//! The Minotaur's two steps of a turn, looked up rather than worked out.
//!
//! His two steps depend only on the walls around him and his next square,
//! and on where Theseus stands relative to him, and only up to three rows
//! or columns apart: farther, both steps go the same way and cannot reach
//! Theseus. So a table of places a square gives both steps at once, where
//! working them out takes two chases of a handful of data-dependent
//! branches each, for every one of a state's five turns.

use std::fmt;
use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use super::{MinotaurMaze, STAYS, Sides, WAIT, bit};
use crate::grid::Direction;
use crate::search::{MoveLabel, StateId, parallel};

/// How far apart, in rows or in columns, Theseus and the Minotaur can be
/// and still change his two steps: from three away, two steps toward
/// Theseus neither reach him nor cross his row or column.
const NEAR: i32 = 3;

/// How far apart, in rows or in columns, a square's table reaches:
/// Theseus's place relative to the Minotaur is clamped to one beyond
/// [`NEAR`] once a state, and each of his choices moves it by one more, so
/// that a choice's place is the state's plus a constant, with no clamp.
const WIDE: i32 = NEAR + 2;

/// The rows, and the columns, of a square's table.
const SIDE: i32 = 2 * WIDE + 1;

/// The rows, and the columns, of the places within [`NEAR`].
const NEARBY: usize = 2 * NEAR as usize + 1;

/// For each row (or column) of a square's table, the nearby row (column)
/// that holds its steps: the same distance, clamped to [`NEAR`].
const CLAMPED: [usize; SIDE as usize] = {
    let mut clamped = [0; SIDE as usize];
    let mut at = 0;
    while at < SIDE {
        let apart = at - WIDE;
        let near = if apart < -NEAR {
            -NEAR
        } else if apart > NEAR {
            NEAR
        } else {
            apart
        };
        clamped[at as usize] = (near + NEAR) as usize;
        at += 1;
    }
    clamped
};

/// The rows and columns each step moves a piece, by its index: north,
/// east, south, west, then [`STAYS`] (Theseus's choices are the same
/// five, his wait the last).
pub(super) const SHIFTS: [[i32; 2]; 5] = [[-1, 0], [0, 1], [1, 0], [0, -1], [0, 0]];

/// The Minotaur's two steps on a turn when Theseus escapes: none.
pub(super) const STILL: u8 = (STAYS * 5 + STAYS) as u8;

/// A turn on which the Minotaur reaches Theseus.
pub(super) const EATEN: u8 = u8::MAX;

/// The bytes of a square's table: its `SIDE × SIDE` places, padded to a
/// power of two, so that a place's number, masked, is always in the table.
const ROW: usize = 128;

const _: () = assert!((SIDE * SIDE) as usize <= ROW && ROW.is_power_of_two());

/// Every square's table of the Minotaur's two steps, by where Theseus
/// stands relative to it, and how far a turn moves a state.
pub(super) struct Chases {
    /// For each cell, each place of Theseus relative to it (rows apart,
    /// then columns apart, each up to [`WIDE`]): the two steps as `5 ×
    /// first + second` (the last two fifths of a move's label), or
    /// [`EATEN`] (on his own square too).
    steps: Box<[[u8; ROW]]>,
    /// How far each of Theseus's choices moves him, as a wrapping addition
    /// to his cell, and so to a state (`minotaur × cells + theseus`).
    theseus_moves: [usize; 5],
    /// How far each pair of the Minotaur's steps moves a state, `cells`
    /// times as far as him (by any byte: [`EATEN`]'s is never taken), as
    /// a wrapping addition: a turn's state is its state's plus one of
    /// these and one of Theseus's moves.
    steps_moves: [usize; 256],
}

/// What every choice of a turn starts from.
struct Turn<'a> {
    state: usize,
    theseus: usize,
    minotaur: usize,
    /// The place of Theseus in the table, his distance clamped to one
    /// beyond [`NEAR`].
    place: usize,
    walls: Sides,
    table: &'a [u8; ROW],
}

impl Chases {
    /// The tables of every cell of `maze` (a border cell's too: walled all
    /// round, the Minotaur there never moves).
    pub(super) fn new(maze: &MinotaurMaze) -> Chases {
        // Squares alike have the same table: a 60×60 arena with a tenth
        // of its walls up has about 600 kinds of square among its 3,844,
        // with three tenths about 1,700. Each kind is worked out once, on
        // every thread of the pool, and copied to its squares.
        let mut kinds = FxHashMap::default();
        let mut first_of_kind = Vec::new();
        let kind_of: Vec<usize> = (0..maze.cell_count())
            .map(|minotaur| {
                let count = kinds.len();
                *kinds
                    .entry(Chases::surroundings(maze, minotaur))
                    .or_insert_with(|| {
                        first_of_kind.push(minotaur);
                        count
                    })
            })
            .collect();
        let tables = parallel::map(&first_of_kind, |&minotaur| Chases::table(maze, minotaur));
        let steps = kind_of.into_iter().map(|kind| tables[kind]).collect();
        let minotaur_move = |pair: usize| maze.step(maze.step(0, pair / 5), pair % 5);
        Chases {
            steps,
            theseus_moves: std::array::from_fn(|choice| maze.step(0, choice)),
            steps_moves: std::array::from_fn(|pair| match pair < 25 {
                true => minotaur_move(pair).wrapping_mul(maze.cell_count()),
                false => 0,
            }),
        }
    }

    /// What a square's table depends on: its walls, and the walls of each
    /// square beside it that the Minotaur can step to (his second step
    /// starts there), a byte each.
    fn surroundings(maze: &MinotaurMaze, minotaur: usize) -> u64 {
        let walls = maze.walls[minotaur];
        (0..4).fold(u64::from(walls), |key, side| {
            let beside = match walls & bit(Direction::from_index(side)) {
                0 => maze.walls[maze.step(minotaur, side)],
                _ => 0,
            };
            key << 8 | u64::from(beside)
        })
    }

    /// The table of the Minotaur at `minotaur`.
    fn table(maze: &MinotaurMaze, minotaur: usize) -> [u8; ROW] {
        // Worked out within NEAR, whose edge holds for beyond.
        let mut near = [[EATEN; NEARBY]; NEARBY];
        for (rows, line) in (-NEAR..=NEAR).zip(&mut near) {
            for (cols, steps) in (-NEAR..=NEAR).zip(line) {
                *steps = Chases::work_out(maze, minotaur, [rows, cols]);
            }
        }
        let mut row = [EATEN; ROW];
        for (line, &rows) in row.chunks_mut(SIDE as usize).zip(&CLAMPED) {
            for (steps, &cols) in line.iter_mut().zip(&CLAMPED) {
                *steps = near[rows][cols];
            }
        }
        row
    }

    /// The two steps from `minotaur` toward Theseus `apart` (rows, then
    /// columns), the way the rules take them.
    fn work_out(maze: &MinotaurMaze, minotaur: usize, apart: [i32; 2]) -> u8 {
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

    /// Every turn from Theseus at `theseus` and the Minotaur at `minotaur`
    /// in `maze`, as [`MinotaurMaze::turns`] lists them: each of Theseus's choices
    /// taken in turn, written out so that each is a few instructions with
    /// its constants folded in.
    #[inline(always)]
    pub(super) fn turns(
        &self,
        maze: &MinotaurMaze,
        theseus: usize,
        minotaur: usize,
        mut visit: impl FnMut(MoveLabel, StateId),
    ) {
        let turn = Turn {
            state: maze.state(theseus, minotaur) as usize,
            theseus,
            minotaur,
            place: place(
                maze.apart(minotaur, theseus)
                    .map(|apart| apart.clamp(-NEAR - 1, NEAR + 1)),
            ),
            walls: maze.walls[theseus],
            table: &self.steps[minotaur],
        };
        let exit = maze.cells.exit;
        self.choice::<0>(&turn, exit, &mut visit);
        self.choice::<1>(&turn, exit, &mut visit);
        self.choice::<2>(&turn, exit, &mut visit);
        self.choice::<3>(&turn, exit, &mut visit);
        self.choice::<4>(&turn, exit, &mut visit);
    }

    /// Theseus's choice `CHOICE` in `turn`, if the rules allow it.
    #[inline(always)]
    fn choice<const CHOICE: usize>(
        &self,
        turn: &Turn,
        exit: usize,
        visit: &mut impl FnMut(MoveLabel, StateId),
    ) {
        if CHOICE != WAIT && turn.walls & (1 << CHOICE) != 0 {
            return;
        }
        let to = turn.theseus.wrapping_add(self.theseus_moves[CHOICE]);
        let [down, right] = SHIFTS[CHOICE];
        let moved = turn
            .place
            .wrapping_add_signed((down * SIDE + right) as isize);
        // A step onto the Minotaur is his own square's place: EATEN.
        let mut steps = turn.table[moved & (ROW - 1)];
        if to == exit {
            steps = if to == turn.minotaur { EATEN } else { STILL };
        }
        if steps == EATEN {
            return;
        }
        let state = turn
            .state
            .wrapping_add(self.theseus_moves[CHOICE])
            .wrapping_add(self.steps_moves[steps as usize]);
        visit((CHOICE * 25) as MoveLabel + steps, state as StateId);
    }
}

/// The number of the place of Theseus `rows` and `cols` away (each within
/// [`WIDE`]) in a square's table.
#[inline(always)]
fn place([rows, cols]: [i32; 2]) -> usize {
    ((rows + WIDE) * SIDE + cols + WIDE) as usize
}

/// The fewest cells (the border's included) of a maze whose search looks
/// its turns up: building the tables costs as much as working out the
/// turns of many states a cell, more than a small maze's whole search (a
/// batch of small random mazes took far longer with them).
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
    pub(super) fn of(&self, maze: &MinotaurMaze) -> Option<&Chases> {
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
