//! A turn by the rules: Theseus's choice, the Minotaur's two steps after
//! it, and the squares he can have come from; and the maze as the
//! engine's state space, its turns looked up (`chase.rs`) or worked out.

use super::{CHOICES, LABELS, MinotaurMaze, STAYS, WAIT, bit};
use crate::grid::Direction;
use crate::search::{MoveLabel, StateId, StateSpace};

impl MinotaurMaze {
    /// Every square the Minotaur can have stood on before a turn that ends
    /// with him at `minotaur` and Theseus at `theseus`, in the order of the
    /// turn's labels (his first step, then his second): where he stood,
    /// when Theseus has just reached the exit (he does not move then);
    /// else each square from which his two steps toward `theseus` end at
    /// `minotaur` without reaching Theseus on the first.
    fn chased_from(&self, minotaur: usize, theseus: usize) -> Squares {
        let mut found = Squares::default();
        if theseus == self.cells.exit {
            found.push(minotaur);
            return found;
        }
        // The square a step `direction` (or STAYS) toward Theseus came from.
        let undone = |to: usize, direction: usize| {
            let from = match direction {
                STAYS => to,
                d => self.grid.step_back(to, Direction::from_index(d)),
            };
            let real = !self.grid.is_border(from) && from != theseus;
            (real && self.chase(from, theseus) == (to, direction)).then_some(from)
        };
        // Where his second step can have started, by that step; then each
        // first step into one of those, in the order of the labels.
        let betweens: [Option<usize>; 5] = std::array::from_fn(|two| undone(minotaur, two));
        for one in 0..5 {
            for between in betweens.into_iter().flatten() {
                if let Some(from) = undone(between, one) {
                    found.push(from);
                }
            }
        }
        found
    }

    /// One turn from Theseus at `theseus` and the Minotaur at `minotaur`,
    /// Theseus making `choice`: where both end up, or why the turn cannot
    /// be taken. Theseus on the exit has escaped: the Minotaur stays.
    // Always inlined: in the search's loop a call a turn is a real part
    // of a small maze's search.
    #[inline(always)]
    pub(super) fn turn(
        &self,
        theseus: usize,
        minotaur: usize,
        choice: usize,
    ) -> Result<Turned, Blocked> {
        let to = self.stepped(theseus, choice).ok_or(Blocked::Wall)?;
        if to == minotaur {
            return Err(Blocked::OntoMinotaur);
        }
        if to == self.cells.exit {
            let steps = [STAYS, STAYS];
            return Ok(Turned {
                to,
                minotaur,
                steps,
            });
        }
        let (first, one) = self.chase(minotaur, to);
        let (second, two) = self.chase(first, to);
        match first == to || second == to {
            true => Err(Blocked::Eaten),
            false => Ok(Turned {
                to,
                minotaur: second,
                steps: [one, two],
            }),
        }
    }

    /// Every turn from Theseus at `theseus` and the Minotaur at `minotaur`,
    /// in the order tried: its label and the state after it. The turns of
    /// [`MinotaurMaze::turn`], the Minotaur's steps looked up.
    #[inline]
    fn turns(&self, theseus: usize, minotaur: usize, visit: impl FnMut(MoveLabel, StateId)) {
        match self.chases.of(self) {
            Some(chases) => chases.turns(self, theseus, minotaur, visit),
            None => self.turns_worked_out(theseus, minotaur, visit),
        }
    }

    /// Every turn from Theseus at `theseus` and the Minotaur at `minotaur`,
    /// as [`MinotaurMaze::turns`] lists them, each worked out by [`MinotaurMaze::turn`].
    #[inline]
    fn turns_worked_out(
        &self,
        theseus: usize,
        minotaur: usize,
        mut visit: impl FnMut(MoveLabel, StateId),
    ) {
        for choice in 0..CHOICES {
            if let Ok(turned) = self.turn(theseus, minotaur, choice) {
                let [one, two] = turned.steps;
                let label = (choice * 25 + one * 5 + two) as MoveLabel;
                visit(label, self.state(turned.to, turned.minotaur));
            }
        }
    }
}

/// At most 25 squares, kept without allocating: the Minotaur's squares
/// before a turn, one per pair of steps.
#[derive(Clone, Copy, Default)]
struct Squares {
    squares: [usize; 25],
    len: usize,
}

impl Squares {
    fn push(&mut self, square: usize) {
        self.squares[self.len] = square;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares[..self.len].iter().copied()
    }
}

/// A turn taken: where Theseus and the Minotaur end up, and the
/// Minotaur's two steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Turned {
    pub(super) to: usize,
    pub(super) minotaur: usize,
    pub(super) steps: [usize; 2],
}

/// Why Theseus cannot take a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Blocked {
    /// A wall (or the border) is in the way.
    Wall,
    /// The Minotaur stands there.
    OntoMinotaur,
    /// The Minotaur reaches him.
    Eaten,
}

/// A state is the Minotaur's cell and Theseus's: `minotaur × cells +
/// theseus`, on the padded grid. Laid out by the Minotaur's cell first, the
/// five turns of a state whose Minotaur makes the same steps on each lie
/// within a row of cells of each other: a cache line or two of the
/// search's bits.
impl StateSpace for MinotaurMaze {
    fn state_count(&self) -> usize {
        self.cell_count() * self.cell_count()
    }

    fn first_states(&self, mut visit: impl FnMut(StateId)) {
        self.turns(self.cells.theseus, self.cells.minotaur, |_, s| visit(s));
    }

    #[inline]
    fn successors(&self, state: StateId, visit: impl FnMut(MoveLabel, StateId)) {
        let (theseus, minotaur) = self.cells_of(state);
        self.turns(theseus, minotaur, visit);
    }

    const MOVE_LABELS: MoveLabel = LABELS as MoveLabel;

    /// For the walk of marks (small mazes, and the census of every maze):
    /// a byte a state, a turn's states lie up to a couple of rows of cells
    /// apart, each a cache miss on a large maze; listed a few states
    /// ahead, they overlap. (The walk of bits lists none ahead.)
    const LISTS_AHEAD: bool = true;

    const SCATTERED: bool = true;

    /// Theseus's step and the Minotaur's two steps undone; a label that
    /// cannot lead into `state` gives a state outside the space.
    fn predecessor(&self, state: StateId, label: MoveLabel) -> StateId {
        let (theseus, minotaur) = self.cells_of(state);
        let label = label as usize;
        let (choice, one, two) = (label / 25, label / 5 % 5, label % 5);
        let back = self.unstep(theseus, choice);
        let before = self
            .unstep(minotaur, two)
            .and_then(|between| self.unstep(between, one));
        match (back, before) {
            (Some(theseus), Some(minotaur)) => self.state(theseus, minotaur),
            _ => StateId::MAX,
        }
    }

    #[inline]
    fn is_goal(&self, state: StateId) -> bool {
        self.cells_of(state).0 == self.cells.exit
    }

    /// Where Theseus came from (a neighbour with no wall between, or his
    /// own square after a wait) and, apart from that, where the Minotaur
    /// came from (his two steps toward Theseus's new square undone, each
    /// checked by taking it again): a dozen candidates at most, where
    /// trying every label would try 125. Listed in the order of the
    /// labels, as the default lists them.
    fn predecessors(
        &self,
        state: StateId,
        worth: impl Fn(StateId) -> bool,
        mut visit: impl FnMut(StateId),
    ) {
        let (theseus, minotaur) = self.cells_of(state);
        if theseus == minotaur || self.grid.is_border(theseus) || self.grid.is_border(minotaur) {
            return;
        }
        let chased_from = self.chased_from(minotaur, theseus);
        for choice in 0..CHOICES {
            let from = match choice {
                WAIT => theseus,
                d => {
                    let direction = Direction::from_index(d);
                    let from = self.grid.step_back(theseus, direction);
                    match self.walls[from] & bit(direction) {
                        0 => from,
                        _ => continue,
                    }
                }
            };
            if from == self.cells.exit {
                continue;
            }
            for minotaur in chased_from.iter() {
                let state = self.state(from, minotaur);
                if minotaur != theseus && worth(state) {
                    visit(state);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{arena_maze, random_maze};
    use super::*;
    use crate::family::FamilyMaze;
    use crate::grid::Position;
    use crate::search;

    /// The family's own list of the states with a move into each state is
    /// the list of every label's predecessor that has that move, in the
    /// same order, on random mazes (walls of every density, the exit
    /// anywhere on the border), for every state a walk can reach.
    #[test]
    fn predecessors_are_every_label_undone_in_label_order() {
        for seed in 0..40 {
            let maze = random_maze(seed, 1 + seed as u32 % 5, 2 + seed as u32 % 4);
            for state in 0..StateSpace::state_count(&maze) as StateId {
                // States of two real squares apart: no others are reached.
                let (theseus, minotaur) = maze.cells_of(state);
                if theseus == minotaur
                    || maze.grid.is_border(theseus)
                    || maze.grid.is_border(minotaur)
                {
                    continue;
                }
                let inside = |from: StateId| (from as usize) < StateSpace::state_count(&maze);
                let (mut listed, mut by_labels) = (Vec::new(), Vec::new());
                maze.predecessors(state, inside, |from| listed.push(from));
                search::predecessors_by_labels(&maze, state, inside, |from| by_labels.push(from));
                assert_eq!(listed, by_labels, "seed {seed}, state {state}");
            }
        }
    }

    /// The turns the search looks up are the turns the rules take, for
    /// every state of random mazes large enough to look them up, and
    /// again after a wall changes in a maze already searched (the lookup
    /// is rebuilt).
    #[test]
    fn looked_up_turns_are_the_rules_turns() {
        let agree = |maze: &MinotaurMaze, seed: u64| {
            for state in 0..StateSpace::state_count(maze) as StateId {
                let (theseus, minotaur) = maze.cells_of(state);
                // Every place near the Minotaur, where the lookup tells
                // places apart, and a sample of the rest.
                let [rows, cols] = maze.apart(minotaur, theseus);
                if rows.abs().max(cols.abs()) > 4 && state % 97 != 0 {
                    continue;
                }
                let (mut looked_up, mut worked_out) = (Vec::new(), Vec::new());
                maze.turns(theseus, minotaur, |label, next| {
                    looked_up.push((label, next))
                });
                maze.turns_worked_out(theseus, minotaur, |label, next| {
                    worked_out.push((label, next))
                });
                assert_eq!(looked_up, worked_out, "seed {seed}, state {state}");
            }
        };
        for seed in 0..3 {
            // Large enough to look its turns up: 32 × 32 cells or more.
            let mut maze = random_maze(seed, 30 + seed as u32 % 3, 31 + seed as u32 % 2);
            assert!(maze.chases.of(&maze).is_some());
            agree(&maze, seed);
            maze.solve();
            let side = Direction::from_index(seed as usize % 4);
            let at = Position::new(2, 2);
            let walled = maze.wall(at, side);
            maze.set_wall(at, side, !walled).unwrap_or_default();
            agree(&maze, seed);
        }
    }

    /// On a maze large enough for the search that keeps a bit a state,
    /// its route is the one the census finds by the moves it writes down.
    #[test]
    fn the_search_by_bits_finds_the_censuss_route() {
        let mazes = (0..4)
            .map(|seed| random_maze(seed, 32, 32 + seed as u32))
            .chain([
                arena_maze(1, 32, 32, 0.1, false),
                arena_maze(2, 32, 32, 0.3, true),
            ]);
        for maze in mazes {
            assert!(StateSpace::state_count(&maze) >= 1 << 20);
            let census = search::census(&maze);
            let found = search::shortest_path(&maze);
            assert_eq!(found.route, census.shortest.map(|shortest| shortest.route));
        }
    }

    #[test]
    fn every_move_undoes() {
        let maze = random_maze(3, 5, 6);
        let states = StateSpace::state_count(&maze) as StateId;
        for state in 0..states {
            maze.successors(state, |label, next| {
                assert_eq!(maze.predecessor(next, label), state);
            });
        }
    }
}
