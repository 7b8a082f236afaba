//! Generating arrow mazes.

use std::collections::HashSet;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{ArrowMaze, Sign, Turn};
use crate::analysis::{Analysis, Part, ShortestRoutes};
use crate::family::{self, FamilyMaze, Generator};
use crate::generate::{Candidate, Features, Locks, grown_with_sides};
use crate::generate::{Difficulty, GenerateError, GenerateOptions, Generated};
use crate::generate::{check_size, random_position, revisits, search, search_from, walk_lengths};
use crate::grid::{Direction, Position};
use crate::route::Route;
use crate::search::{Changed, Recount, Recounter, Scratch};

/// The family's generator: its presets, the length a size asks for, and
/// [`generate`].
impl Generator for super::Arrow {
    /// `(rows, cols, min_length)` for a difficulty.
    ///
    /// ```
    /// use logicmaze::family::Generator;
    /// use logicmaze::generate::Difficulty;
    /// assert_eq!(logicmaze::family::arrow::Arrow.preset(Difficulty::Hard), (20, 20, 100));
    /// ```
    fn preset(&self, difficulty: Difficulty) -> (u32, u32, usize) {
        match difficulty {
            Difficulty::Easy => (6, 6, 15),
            Difficulty::Medium => (10, 10, 40),
            Difficulty::Hard => (20, 20, 100),
        }
    }

    /// The minimum length a `rows × cols` maze of `difficulty` asks for: the
    /// preset's grown in proportion to rows + cols, or a share of the squares
    /// (easy a tenth, medium a fifth, hard a quarter) where that is more, so
    /// that a large maze is as dense with route as a hard 20×20 one.
    ///
    /// ```
    /// use logicmaze::family::{Family, Generator};
    /// use logicmaze::generate::Difficulty;
    /// let arrow = logicmaze::family::arrow::Arrow.generator().unwrap();
    /// assert_eq!(arrow.min_length(Difficulty::Hard, 20, 20), 100);
    /// assert_eq!(arrow.min_length(Difficulty::Medium, 10, 10), 40);
    /// assert_eq!(arrow.min_length(Difficulty::Hard, 50, 50), 625);
    /// assert_eq!(arrow.min_length(Difficulty::Easy, 50, 50), 250);
    /// ```
    fn min_length(&self, difficulty: Difficulty, rows: u32, cols: u32) -> usize {
        let by_sides = grown_with_sides(self.preset(difficulty), rows, cols) as u64;
        let squares_per_move = match difficulty {
            Difficulty::Easy => 10,
            Difficulty::Medium => 5,
            Difficulty::Hard => 4,
        };
        let by_squares = rows as u64 * cols as u64 / squares_per_move;
        by_sides.max(by_squares) as usize
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<family::Maze>, GenerateError> {
        generate(options).map(|made| made.map(family::Maze::from))
    }

    /// The local search from `design` itself, each change one the locks
    /// allow (a change at a locked square is no change).
    fn improve(
        &self,
        design: &family::Maze,
        locks: &Locks,
        options: &GenerateOptions,
    ) -> Option<Result<Generated<family::Maze>, GenerateError>> {
        let start = ArrowCandidate(design.downcast_ref::<ArrowMaze>()?.clone(), locks.clone());
        Some(search_from(options, start).map(|made| made.map(|draft| family::Maze::from(draft.0))))
    }
}

/// The longest route a random start reliably grows into: about three
/// times rows + cols up to 20×20 (the presets), but only about rows +
/// cols on larger mazes (a 50×50 maze: 164–272 moves after 400,000
/// changes, over five seeds; a 100×100 one: 148). A longer route starts
/// from a long walk.
fn longest_from_random(rows: u32, cols: u32) -> usize {
    let sides = (rows + cols) as usize;
    match sides <= 40 {
        true => 3 * sides,
        false => sides,
    }
}

const CHANGES_PER_MOVE: u32 = 10;

/// An arrow maze with a unique shortest route of at least
/// `options.min_length` moves.
///
/// The walker enters from the bottom row heading north; the goal is in the
/// top row. Every intersection starts with a random sign for each approach
/// (turns that would leave the grid are never offered). When the search is
/// done, signs that no walk can read are removed, so every sign printed
/// matters.
///
/// # Errors
///
/// [`GenerateError::TooSmall`] for fewer than 2 rows or 2 columns, and
/// the other sizes [`check_size`] refuses; [`GenerateError::GaveUp`] or
/// [`GenerateError::Stopped`] when the [`search`] ends without a maze.
///
/// ```
/// use logicmaze::generate::GenerateOptions;
/// let made = logicmaze::family::arrow::generate(&GenerateOptions::new(5, 5).with_min_length(8))?;
/// assert!(made.stats.moves >= 8);
/// # Ok::<(), logicmaze::generate::GenerateError>(())
/// ```
pub fn generate(options: &GenerateOptions) -> Result<Generated<ArrowMaze>, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let why = "an arrow maze needs at least 2 rows and 2 columns";
    check_size(options, rows >= 2 && cols >= 2, why, 4)?;
    let name = options.name_or("ARROW");
    let long = options.min_length > longest_from_random(rows, cols);
    let (draft, stats) = match long {
        // A walk meets the length at once: the time goes into opening it
        // up, ten changes a move.
        true => search(&options.polished_for_walk(CHANGES_PER_MOVE), |rng| {
            along_a_walk(rng, &name, rows, cols, options.min_length)
        })?,
        false => search(options, |rng| fresh(rng, &name, rows, cols))?,
    };
    Ok(Generated {
        maze: without_unread_signs(&draft.0, &draft.0.analyse()),
        stats,
    })
}

/// The draft: a maze whose every intersection is listed.
#[derive(Clone)]
struct ArrowCandidate(ArrowMaze, Locks);

fn fresh(rng: &mut ChaCha8Rng, name: &str, rows: u32, cols: u32) -> ArrowCandidate {
    let entrance = Position::new(rows, rng.gen_range(1..=cols));
    let goal = Position::new(1, rng.gen_range(1..=cols));
    ArrowCandidate(
        with_random_signs(rng, name, (rows, cols), entrance, goal),
        Locks::default(),
    )
}

/// A maze with a random sign for every approach to every intersection.
fn with_random_signs(
    rng: &mut ChaCha8Rng,
    name: &str,
    (rows, cols): (u32, u32),
    entrance: Position,
    goal: Position,
) -> ArrowMaze {
    let mut maze = ArrowMaze::new(name, rows, cols, entrance, Direction::North, goal)
        .expect("entrance and goal inside the maze");
    for row in 1..=rows {
        for col in 1..=cols {
            for arriving in Direction::ALL {
                let at = Position::new(row, col);
                let sign = random_sign(rng, &maze, at, arriving, Sign::NONE);
                maze.set_sign(at, arriving, sign)
                    .expect("position inside the maze");
            }
        }
    }
    maze
}

/// A maze whose only route is a random walk of at least `min_length` and
/// a quarter more moves (or just `min_length` on a grid too small for
/// that): from the entrance, each step turns at random
/// where no walk has arrived the same way before, on every other try
/// preferring squares it has crossed already (revisits make the route
/// hard to follow); the goal
/// is the first square never crossed once the walk is long enough. Each
/// sign on the walk offers only its turn, so the walk is the one way
/// through; the signs off it are random, for the local search to open
/// decision points onto them. Without such a walk (it ran into a corner
/// of its own making every time), a random maze.
fn along_a_walk(
    rng: &mut ChaCha8Rng,
    name: &str,
    rows: u32,
    cols: u32,
    min_length: usize,
) -> ArrowCandidate {
    let entrance = Position::new(rows, rng.gen_range(1..=cols));
    for (attempt, wanted) in walk_lengths(min_length).enumerate() {
        // A winding walk (crossed squares first) revisits more, but on
        // large grids often winds itself into a corner it cannot back out
        // of in time (170×170 asking 5,780 moves: 200 tries failed); a
        // plain one gets through at once and still revisits about half
        // its squares. Every other try is plain.
        let winding = attempt % 2 == 0;
        let walk = random_walk(rng, (rows, cols), entrance, wanted, winding);
        if let Some(Walk { steps, goal }) = walk {
            let mut maze = with_random_signs(rng, name, (rows, cols), entrance, goal);
            for (at, arriving, turn) in steps {
                maze.set_sign(at, arriving, Sign::from_turns(&[turn]))
                    .expect("position inside the maze");
            }
            return ArrowCandidate(maze, Locks::default());
        }
    }
    fresh(rng, name, rows, cols)
}

/// A walk through the grid: the turn it takes on each square, by the way
/// it arrives there, and the square it ends on.
struct Walk {
    steps: Vec<(Position, Direction, Turn)>,
    goal: Position,
}

/// A walk from `entrance` heading north, as (square, arriving, turn) steps,
/// that never arrives anywhere the same way twice, and the first square
/// it has never crossed after `wanted` moves: a depth-first search that
/// tries the turns in a random order (when `winding`, squares already
/// crossed first more often than not) and backs up out of corners; `None`
/// if it has not found one after trying 20 steps for each move wanted.
fn random_walk(
    rng: &mut ChaCha8Rng,
    (rows, cols): (u32, u32),
    entrance: Position,
    wanted: usize,
    winding: bool,
) -> Option<Walk> {
    let index = |p: Position| (p.row - 1) as usize * cols as usize + (p.col - 1) as usize;
    let mut crossed = vec![0u8; rows as usize * cols as usize];
    let mut arrived = vec![false; rows as usize * cols as usize * 4];
    crossed[index(entrance)] = 1;
    // Each frame: where the walk stands, and the turns still to try there.
    let mut stack: Vec<(Position, Direction, Vec<Turn>)> = Vec::new();
    let mut next = Some((entrance.stepped(Direction::North)?, Direction::North));
    for _ in 0..20 * wanted {
        if let Some((at, heading)) = next.take() {
            if stack.len() >= wanted && crossed[index(at)] == 0 {
                let steps = stack
                    .iter()
                    .map(|(at, heading, turns)| (*at, *heading, turns[0]));
                return Some(Walk {
                    steps: steps.collect(),
                    goal: at,
                });
            }
            crossed[index(at)] += 1;
            arrived[index(at) * 4 + heading.index()] = true;
            let mut turns: Vec<(Turn, u32)> = Turn::ALL
                .into_iter()
                .filter_map(|turn| {
                    let to = at.stepped(turn.apply(heading))?;
                    let inside = to.row <= rows && to.col <= cols;
                    let again = inside && arrived[index(to) * 4 + turn.apply(heading).index()];
                    let weight = if winding && inside && crossed[index(to)] > 0 {
                        3
                    } else {
                        1
                    };
                    (inside && !again).then(|| (turn, rng.gen_range(0..1000) * weight))
                })
                .collect();
            turns.sort_by_key(|&(_, key)| std::cmp::Reverse(key));
            stack.push((
                at,
                heading,
                turns.into_iter().map(|(turn, _)| turn).collect(),
            ));
        }
        // The turn to take now is the first one left in the top frame.
        let (at, heading, turns) = stack.last_mut()?;
        match turns.first() {
            Some(&turn) => {
                let heading = turn.apply(*heading);
                let to = at.stepped(heading).expect("a turn that stays on the grid");
                if arrived[index(to) * 4 + heading.index()] {
                    turns.remove(0);
                } else {
                    next = Some((to, heading));
                }
            }
            None => {
                let (at, heading, _) = stack.pop().expect("the top frame");
                crossed[index(at)] -= 1;
                arrived[index(at) * 4 + heading.index()] = false;
                if let Some((_, _, turns)) = stack.last_mut() {
                    turns.remove(0);
                }
            }
        }
    }
    None
}

/// A random non-empty sign at `at` for walkers arriving `arriving`, other
/// than `old`, offering only turns that stay on the grid.
fn random_sign(
    rng: &mut ChaCha8Rng,
    maze: &ArrowMaze,
    at: Position,
    arriving: Direction,
    old: Sign,
) -> Sign {
    let inside = |turn: &Turn| {
        at.stepped(turn.apply(arriving))
            .is_some_and(|p| p.row <= maze.rows() && p.col <= maze.cols())
    };
    let possible: Vec<Turn> = Turn::ALL.into_iter().filter(inside).collect();
    for _ in 0..8 {
        let turns: Vec<Turn> = possible
            .iter()
            .copied()
            .filter(|_| rng.gen_ratio(1, 2))
            .collect();
        let sign = Sign::from_turns(&turns);
        if !sign.is_empty() && sign != old {
            return sign;
        }
    }
    old
}

impl Candidate for ArrowCandidate {
    fn recount(&self, counter: &mut Recounter, changed: Changed) -> Recount<ShortestRoutes> {
        counter
            .count(&self.0, changed)
            .map(|shortest| self.0.routes_of(shortest.as_ref()))
    }

    fn analyse(&self) -> Analysis {
        self.0.analyse_routes(&mut Scratch::new()).0
    }

    fn mutate(&mut self, rng: &mut ChaCha8Rng, focus: &[Position]) -> Changed {
        let maze = &mut self.0;
        let (at, arriving) = match focus.len() {
            len if len >= 3 && rng.gen_ratio(3, 4) => {
                let i = rng.gen_range(1..len as u32 - 1) as usize;
                let arriving = focus[i - 1].direction_to(focus[i]);
                (focus[i], arriving.unwrap_or(Direction::North))
            }
            _ => (
                random_position(rng, maze.rows(), maze.cols()),
                Direction::from_index(rng.gen_range(0..4)),
            ),
        };
        if self.1.holds(at) {
            return Changed::States(Vec::new());
        }
        let old = maze.sign(at, arriving);
        let sign = random_sign(rng, maze, at, arriving, old);
        maze.set_sign(at, arriving, sign)
            .expect("position inside the maze");
        Changed::States(maze.state_reading(at, arriving).into_iter().collect())
    }

    /// A decision point is an arrival whose sign offers two or more turns.
    fn features(&self, route: &Route) -> Features {
        let positions = route.positions();
        let decision_points = positions
            .windows(2)
            .take(positions.len().saturating_sub(2))
            .filter(|pair| {
                pair[0]
                    .direction_to(pair[1])
                    .is_some_and(|d| self.0.sign(pair[1], d).turns().count() >= 2)
            })
            .count();
        Features {
            decision_points,
            revisits: revisits(route),
            penalty: 0,
            figure: None,
        }
    }
}

/// The same maze without the signs no walk reads; intersections left with
/// no sign are not listed.
fn without_unread_signs(maze: &ArrowMaze, analysis: &Analysis) -> ArrowMaze {
    let unread: HashSet<(Position, Direction)> = analysis
        .unused
        .iter()
        .flat_map(|unused| &unused.parts)
        .filter_map(|part| match *part {
            Part::Approach { at, arriving } => Some((at, arriving)),
            Part::Cell(_) => None,
        })
        .collect();
    let mut clean = ArrowMaze::new(
        maze.name(),
        maze.rows(),
        maze.cols(),
        maze.entrance(),
        maze.heading(),
        maze.goal(),
    )
    .expect("the same size and places");
    for (at, signs) in maze.intersections() {
        let mut kept = signs;
        for (arriving, sign) in Direction::ALL.into_iter().zip(kept.iter_mut()) {
            if unread.contains(&(at, arriving)) {
                *sign = Sign::NONE;
            }
        }
        if kept.iter().any(|sign| !sign.is_empty()) {
            clean
                .add_intersection(at, kept)
                .expect("position inside the maze");
        }
    }
    clean
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::checks::assert_recounts_are_fresh;
    use rand::SeedableRng;

    #[test]
    fn a_change_touches_only_the_state_reading_its_sign() {
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            assert_recounts_are_fresh(fresh(&mut rng, "A", 9, 9), seed, 400);
            assert_recounts_are_fresh(along_a_walk(&mut rng, "A", 12, 12, 120), seed, 400);
        }
    }
}
