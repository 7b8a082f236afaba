//! The die's long walk: a start for routes longer than a random maze
//! grows into. The walk fixes the numbers it needs as it goes, so that at
//! every step exactly one roll is allowed; a maze that keeps them has one
//! route, the walk, for the local search to open up.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Die, ORIENTATIONS};
use crate::grid::{Direction, Position};

/// A die's walk from `start` that leaves it and comes back after at least
/// `wanted` moves, as what a maze must keep to force it: every square the
/// die rolls onto carries the number on top before the roll, and every
/// other neighbour of the die's square does not, so each state has one
/// roll. The walk never stands twice in one state (square and
/// orientation). It is a depth-first search that tries rolls in a random
/// order, squares it has crossed before first more often than not
/// (revisits make the route hard to follow), and, once long enough,
/// squares nearer the start; it backs up when a roll would leave a
/// choice. `None` if it has not come back after trying 20 rolls for each
/// move wanted.
///
/// A depth-first walk can wall itself in: on a 500×500 grid every walk
/// stalled between 5,000 and 10,000 moves, trying a million variants of
/// its last few dozen rolls. So when [`STALL`] rolls pass without the walk
/// growing, it backs up further, by a run of rolls that doubles each time
/// it stalls again before it is longer than ever (at most half the walk:
/// the rolls left to try at its start are few).
pub(super) fn forced_walk(
    rng: &mut ChaCha8Rng,
    (rows, cols): (u32, u32),
    start: Position,
    die: Die,
    wanted: usize,
) -> Option<Walk> {
    let mut board = Board::new(rows, cols, start, die);
    let mut stack = vec![Frame::new(rng, &board, start, die, 0, wanted)];
    // The longest walk yet; the longest since the walk last backed up
    // after a stall, and the rolls tried since it grew; how far to back up.
    let (mut best, mut longest, mut since, mut jump) = (0, 0, 0, FIRST_JUMP);
    for _ in 0..20 * wanted.max(1) {
        let moves = stack.len() - 1;
        if moves > best {
            (best, jump) = (moves, FIRST_JUMP);
        }
        (longest, since) = match moves > longest {
            true => (moves, 0),
            false => (longest, since + 1),
        };
        if since == STALL {
            for _ in 0..jump.min(moves / 2) {
                back_up(&mut board, &mut stack)?;
            }
            (longest, since, jump) = (stack.len() - 1, 0, jump.saturating_mul(2));
            continue;
        }
        let top = stack.last_mut()?;
        if moves + 1 >= wanted && board.roll_home(top.at, top.die) {
            return Some(Walk {
                cols,
                numbers: board.numbers,
                forbidden: board.forbidden,
            });
        }
        match top.choices.first() {
            Some(&roll) => match board.roll(top.at, top.die, roll) {
                Some(undo) => {
                    let (at, die) = (top.at.stepped(roll)?, top.die.rolled(roll));
                    top.undo = undo;
                    stack.push(Frame::new(rng, &board, at, die, moves + 1, wanted));
                }
                None => {
                    top.choices.remove(0);
                }
            },
            None => back_up(&mut board, &mut stack)?,
        }
    }
    None
}

/// Rolls without a longer walk after which [`forced_walk`] backs up
/// further than one roll.
const STALL: usize = 2_000;

/// The rolls it backs up the first time it stalls.
const FIRST_JUMP: usize = 32;

/// Takes back the last roll of the walk and drops it from the rolls to try
/// there; `None` when the walk is back at its start with nothing to try.
fn back_up(board: &mut Board, stack: &mut Vec<Frame>) -> Option<()> {
    stack.pop();
    let parent = stack.last_mut()?;
    let roll = parent.choices.remove(0);
    board.unroll(
        parent.at,
        parent.die,
        roll,
        std::mem::take(&mut parent.undo),
    );
    Some(())
}

/// Where the walk stands, the rolls still to try there, and what taking
/// the first of them changed.
struct Frame {
    at: Position,
    die: Die,
    choices: Vec<Direction>,
    undo: Vec<Undo>,
}

impl Frame {
    /// The die on `at` after `moves` moves, its rolls in the order to try.
    fn new(
        rng: &mut ChaCha8Rng,
        board: &Board,
        at: Position,
        die: Die,
        moves: usize,
        wanted: usize,
    ) -> Frame {
        let mut keyed: Vec<(Direction, u64)> = board
            .neighbours(at)
            .filter(|&(_, to)| to != board.start)
            .map(|(roll, to)| {
                let random = rng.gen_range(0..1000u64);
                let key = match moves >= wanted {
                    // Homeward: nearest the start first.
                    true => 1000 * distance(to, board.start) as u64 + random,
                    false => match board.crossed[board.index(to)] > 0 {
                        true => random,
                        false => random * 3,
                    },
                };
                (roll, key)
            })
            .collect();
        keyed.sort_by_key(|&(_, key)| key);
        Frame {
            at,
            die,
            choices: keyed.into_iter().map(|(roll, _)| roll).collect(),
            undo: Vec::new(),
        }
    }
}

fn distance(a: Position, b: Position) -> u32 {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col)
}

/// The row-major index of `at` among a grid's squares, `cols` a row.
fn square(cols: u32, at: Position) -> usize {
    (at.row - 1) as usize * cols as usize + (at.col - 1) as usize
}

/// One change a roll made to the board.
enum Undo {
    /// The square's number was fixed.
    Number(usize),
    /// The square was forbidden a number (a bit of `forbidden`).
    Forbid(usize, u8),
}

/// What the walk has fixed so far.
struct Board {
    rows: u32,
    cols: u32,
    start: Position,
    /// Per square (row-major): the number the walk fixed, or 0.
    numbers: Vec<u8>,
    /// Per square: bit `n` set when the square must not carry `n` (a die
    /// beside it with `n` on top rolled elsewhere).
    forbidden: Vec<u8>,
    /// Per square and orientation: the walk has stood there.
    stood: Vec<bool>,
    /// Per square: how many of the walk's states stand on it.
    crossed: Vec<u32>,
}

impl Board {
    /// A board on which only `die`, on `start`, has stood.
    fn new(rows: u32, cols: u32, start: Position, die: Die) -> Board {
        let squares = rows as usize * cols as usize;
        let mut board = Board {
            rows,
            cols,
            start,
            numbers: vec![0; squares],
            forbidden: vec![0; squares],
            stood: vec![false; squares * ORIENTATIONS],
            crossed: vec![0; squares],
        };
        let (square, state) = (board.index(start), board.state(start, die));
        board.crossed[square] = 1;
        board.stood[state] = true;
        board
    }

    fn index(&self, at: Position) -> usize {
        square(self.cols, at)
    }

    fn state(&self, at: Position, die: Die) -> usize {
        self.index(at) * ORIENTATIONS + die.index()
    }

    /// The squares beside `at`, with the roll onto each.
    fn neighbours(&self, at: Position) -> impl Iterator<Item = (Direction, Position)> + '_ {
        Direction::ALL.into_iter().filter_map(move |roll| {
            let to = at.stepped(roll)?;
            (to.row <= self.rows && to.col <= self.cols).then_some((roll, to))
        })
    }

    /// Ends the walk by rolling the die on `at` onto the start, if the
    /// start is beside it, may still carry its top face, and is the only
    /// square beside it that does: the start gets the top face, the
    /// others are forbidden it. Whether it did.
    fn roll_home(&mut self, at: Position, die: Die) -> bool {
        let (top, bit) = (die.top(), 1u8 << die.top());
        let start = self.index(self.start);
        let beside: Vec<usize> = self.neighbours(at).map(|(_, to)| self.index(to)).collect();
        let home = beside.contains(&start) && self.forbidden[start] & bit == 0;
        if !home || beside.iter().any(|&b| b != start && self.numbers[b] == top) {
            return false;
        }
        for square in beside.into_iter().filter(|&b| b != start) {
            self.forbidden[square] |= bit;
        }
        self.numbers[start] = top;
        true
    }

    /// Rolls the die on `at` towards `roll`, fixing the number of the
    /// square it lands on and forbidding its top face to the others
    /// beside it; what changed, or `None` (and no change) when the roll
    /// is not the only one the die could make or repeats a state.
    fn roll(&mut self, at: Position, die: Die, roll: Direction) -> Option<Vec<Undo>> {
        let (top, bit) = (die.top(), 1u8 << die.top());
        let to = at.stepped(roll)?;
        let landing = self.index(to);
        let fixed = self.numbers[landing];
        let allowed = match fixed {
            0 => self.forbidden[landing] & bit == 0,
            number => number == top,
        };
        let others_differ = self
            .neighbours(at)
            .all(|(_, beside)| beside == to || self.numbers[self.index(beside)] != top);
        let state = self.state(to, die.rolled(roll));
        if !allowed || !others_differ || self.stood[state] {
            return None;
        }
        let mut undo = Vec::new();
        let beside: Vec<usize> = self
            .neighbours(at)
            .filter(|&(_, beside)| beside != to)
            .map(|(_, beside)| self.index(beside))
            .collect();
        for square in beside {
            if self.forbidden[square] & bit == 0 {
                self.forbidden[square] |= bit;
                undo.push(Undo::Forbid(square, bit));
            }
        }
        if fixed == 0 {
            self.numbers[landing] = top;
            undo.push(Undo::Number(landing));
        }
        self.stood[state] = true;
        self.crossed[landing] += 1;
        Some(undo)
    }

    /// Takes back a roll made by [`Board::roll`].
    fn unroll(&mut self, at: Position, die: Die, roll: Direction, undo: Vec<Undo>) {
        let to = at.stepped(roll).expect("a roll the walk made");
        let state = self.state(to, die.rolled(roll));
        self.stood[state] = false;
        let landing = self.index(to);
        self.crossed[landing] -= 1;
        for change in undo {
            match change {
                Undo::Number(square) => self.numbers[square] = 0,
                Undo::Forbid(square, bit) => self.forbidden[square] &= !bit,
            }
        }
    }
}

/// What a walk fixed: the numbers of the squares it rolls onto, and the
/// numbers forbidden to the others.
pub(super) struct Walk {
    cols: u32,
    numbers: Vec<u8>,
    forbidden: Vec<u8>,
}

/// What a walk asks of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fixed {
    /// The die rolls onto it with this number on top.
    Number(u8),
    /// Off the walk: any square but those numbered `n` for each bit `n`
    /// set (a missing square always does).
    Not(u8),
}

impl Walk {
    /// What the walk asks of the square at `at`.
    pub(super) fn fixed(&self, at: Position) -> Fixed {
        let square = square(self.cols, at);
        match self.numbers[square] {
            0 => Fixed::Not(self.forbidden[square]),
            number => Fixed::Number(number),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::analysis::Uniqueness;
    use crate::family::FamilyMaze;
    use crate::family::dice::{DiceMaze, Square};

    /// The maze of `walk` whose squares off it carry the least number
    /// allowed (missing when none is).
    fn least_numbers(walk: &Walk, rows: u32, cols: u32, start: Position, die: Die) -> DiceMaze {
        let mut maze = DiceMaze::new("walk", rows, cols, start, die).unwrap();
        for row in 1..=rows {
            for col in 1..=cols {
                let at = Position::new(row, col);
                let square = match walk.fixed(at) {
                    Fixed::Number(number) => Square::Number(number),
                    Fixed::Not(forbidden) => (1..=6)
                        .find(|n| forbidden & 1 << n == 0)
                        .map_or(Square::Missing, Square::Number),
                };
                maze.set_square(at, square).unwrap();
            }
        }
        maze
    }

    /// A forced walk's maze has one route, the walk, and no other state
    /// the die can reach: every state it stands on has one roll.
    #[test]
    fn a_forced_walk_is_the_only_way() {
        let mut made = 0;
        for seed in 0..200 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (rows, cols) = (rng.gen_range(3..12), rng.gen_range(3..12));
            let start = Position::new(rng.gen_range(1..=rows), rng.gen_range(1..=cols));
            let die = super::super::TABLES.dice[rng.gen_range(0..ORIENTATIONS)];
            let wanted = rng.gen_range(1..=(rows * cols / 2) as usize);
            let Some(walk) = forced_walk(&mut rng, (rows, cols), start, die, wanted) else {
                continue;
            };
            let maze = least_numbers(&walk, rows, cols, start, die);
            let analysis = maze.analyse();
            assert_eq!(analysis.verdict, Uniqueness::Unique, "seed {seed}");
            let moves = analysis.moves.unwrap();
            assert!(moves >= wanted, "seed {seed}: {moves} < {wanted}");
            assert_eq!(analysis.reached_states, moves, "seed {seed}: a chain");
            assert_eq!(analysis.dead_end_states, 0, "seed {seed}");
            made += 1;
        }
        // One try each (the generator makes a hundred): most succeed.
        assert!(made >= 150, "{made} walks of 200");
    }

    /// A long walk on a large grid does not wall itself in: a hard
    /// 500×500 maze asks for a sixth of its squares (41,666 moves), and
    /// walks that backed up one roll at a time all stalled before 10,000
    /// moves. Many walks still fail to find their way home; the generator
    /// tries a hundred, this test twenty.
    #[test]
    fn a_walk_of_a_sixth_of_a_large_grid_comes_home() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (rows, cols) = (500, 500);
        let wanted = (rows * cols / 6) as usize;
        let walk = (0..20).find_map(|_| {
            let start = Position::new(rng.gen_range(1..=rows), rng.gen_range(1..=cols));
            let die = super::super::TABLES.dice[rng.gen_range(0..ORIENTATIONS)];
            forced_walk(&mut rng, (rows, cols), start, die, wanted)
        });
        assert!(walk.is_some(), "no walk of {wanted} moves in twenty tries");
    }
}
