//! Generating dice mazes.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::walk::{self, Fixed};
use super::{DiceMaze, Die, Square};
use crate::analysis::{Analysis, ShortestRoutes};
use crate::family::{self, FamilyMaze, Generator};
use crate::generate::{Candidate, Features, Locks};
use crate::generate::{Difficulty, GenerateError, GenerateOptions, Generated};
use crate::generate::{check_size, random_position, revisits, search, search_from, walk_lengths};
use crate::grid::{Direction, Position};
use crate::route::Route;
use crate::search::{Changed, Recount, Recounter};

/// The family's generator: its presets, the length a size asks for, and
/// [`generate`].
impl Generator for super::Dice {
    /// `(rows, cols, min_length)` for a difficulty.
    fn preset(&self, difficulty: Difficulty) -> (u32, u32, usize) {
        match difficulty {
            Difficulty::Easy => (5, 5, 10),
            Difficulty::Medium => (7, 7, 20),
            Difficulty::Hard => (10, 10, 30),
        }
    }

    /// The minimum length a `rows × cols` maze of `difficulty` asks for: the
    /// preset's grown with the square root of rows + cols, or a share of the
    /// squares (easy a twentieth, medium a tenth, hard a sixth) where that is
    /// more. Dice routes are short for their size (the die's faces, not the
    /// grid, set them), so a share of the squares is less than the arrow
    /// family's.
    ///
    /// ```
    /// use logicmaze::family::{Family, Generator};
    /// use logicmaze::generate::Difficulty;
    /// let dice = logicmaze::family::dice::Dice.generator().unwrap();
    /// assert_eq!(dice.min_length(Difficulty::Hard, 10, 10), 30);
    /// assert_eq!(dice.min_length(Difficulty::Hard, 30, 30), 150);
    /// assert_eq!(dice.min_length(Difficulty::Easy, 30, 30), 45);
    /// ```
    fn min_length(&self, difficulty: Difficulty, rows: u32, cols: u32) -> usize {
        let (preset_rows, preset_cols, length) = self.preset(difficulty);
        let ratio = (rows as f64 + cols as f64) / (preset_rows + preset_cols) as f64;
        let by_sides = (length as f64 * ratio.sqrt()).ceil() as usize;
        let squares_per_move = match difficulty {
            Difficulty::Easy => 20,
            Difficulty::Medium => 10,
            Difficulty::Hard => 6,
        };
        let by_squares = rows as u64 * cols as u64 / squares_per_move;
        by_sides.max(by_squares as usize)
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
        let start = DiceCandidate {
            locks: locks.clone(),
            ..DiceCandidate::new(design.downcast_ref::<DiceMaze>()?.clone())
        };
        Some(
            search_from(options, start)
                .map(|made| made.map(|draft| family::Maze::from(draft.maze))),
        )
    }
}

/// What a wild square costs in the score: wild squares make a maze easy
/// and dull, so they are used sparingly.
const WILD_PENALTY: i64 = 120;

/// A dice maze with a unique shortest route of at least
/// `options.min_length` moves.
///
/// The die starts on a random square in a random (valid) orientation;
/// squares are numbered 1–6, with a few missing and fewer wild.
///
/// # Errors
///
/// [`GenerateError::TooSmall`] for fewer than two squares, and the other
/// sizes [`check_size`] refuses; [`GenerateError::GaveUp`] or
/// [`GenerateError::Stopped`] when the [`search`] ends without a maze.
///
/// ```
/// use logicmaze::generate::GenerateOptions;
/// let made = logicmaze::family::dice::generate(&GenerateOptions::new(5, 5).with_min_length(6))?;
/// assert!(made.stats.moves >= 6);
/// # Ok::<(), logicmaze::generate::GenerateError>(())
/// ```
pub fn generate(options: &GenerateOptions) -> Result<Generated<DiceMaze>, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let why = "a dice maze needs at least two squares";
    check_size(options, rows.saturating_mul(cols) >= 2, why, 24)?;
    let name = options.name_or("DICE");
    let (draft, stats) = match options.min_length > LONGEST_FROM_RANDOM {
        true => search(&options.polished_for_walk(CHANGES_PER_MOVE), |rng| {
            along_a_walk(rng, &name, rows, cols, options.min_length)
        })?,
        false => search(options, |rng| fresh(rng, &name, rows, cols))?,
    };
    Ok(Generated {
        maze: draft.maze,
        stats,
    })
}

/// The longest route a random start reliably grows into: the hard
/// preset's 30 moves, whatever the size (random dice routes stay short:
/// a 20×20 maze asked for 43 gave up on two seeds of five after 400,000
/// changes). A longer route starts from a die's walk.
const LONGEST_FROM_RANDOM: usize = 30;

/// Changes tried per move asked for when polishing a walk: dice
/// candidates are cheap (only the walk's states are reachable), and fewer
/// than about 40 leave some walks without a single decision point.
const CHANGES_PER_MOVE: u32 = 40;

/// A maze whose only route is a die's walk of at least `min_length` and a
/// quarter more moves (or just `min_length` on a grid too small for
/// that), from a random start; without such a walk, a random maze.
fn along_a_walk(
    rng: &mut ChaCha8Rng,
    name: &str,
    rows: u32,
    cols: u32,
    min_length: usize,
) -> DiceCandidate {
    let start = random_position(rng, rows, cols);
    let die = random_die(rng);
    for wanted in walk_lengths(min_length) {
        if let Some(walk) = walk::forced_walk(rng, (rows, cols), start, die, wanted) {
            let mut maze =
                DiceMaze::new(name, rows, cols, start, die).expect("start inside the maze");
            keep_walk(rng, &mut maze, &walk);
            return DiceCandidate::new(maze);
        }
    }
    fresh(rng, name, rows, cols)
}

/// Numbers `maze` as `walk` asks, and its other squares at random.
fn keep_walk(rng: &mut ChaCha8Rng, maze: &mut DiceMaze, walk: &walk::Walk) {
    for row in 1..=maze.rows() {
        for col in 1..=maze.cols() {
            let at = Position::new(row, col);
            let square = match walk.fixed(at) {
                Fixed::Number(number) => Square::Number(number),
                Fixed::Not(forbidden) => off_the_walk(rng, forbidden),
            };
            maze.set_square(at, square)
                .expect("position inside the maze");
        }
    }
}

/// A random square off a walk that carries none of the numbers in
/// `forbidden`: beside the walk, a number (or now and then no square);
/// away from it, any square.
fn off_the_walk(rng: &mut ChaCha8Rng, forbidden: u8) -> Square {
    if forbidden == 0 {
        return random_square(rng, false);
    }
    let allowed: Vec<u8> = (1..=6).filter(|n| forbidden & 1 << n == 0).collect();
    match allowed.is_empty() || rng.gen_ratio(1, 10) {
        true => Square::Missing,
        false => Square::Number(allowed[rng.gen_range(0..allowed.len() as u32) as usize]),
    }
}

/// The draft: a dice maze, and how many of its squares are wild (counted
/// as it changes: counting them for every candidate was a large part of
/// a large maze's time).
#[derive(Clone)]
struct DiceCandidate {
    maze: DiceMaze,
    wild: usize,
    /// Squares no change touches.
    locks: Locks,
}

impl DiceCandidate {
    fn new(maze: DiceMaze) -> DiceCandidate {
        let wild = (1..=maze.rows())
            .flat_map(|row| (1..=maze.cols()).map(move |col| Position::new(row, col)))
            .filter(|&at| maze.square(at) == Square::Wild)
            .count();
        DiceCandidate {
            maze,
            wild,
            locks: Locks::default(),
        }
    }
}

fn fresh(rng: &mut ChaCha8Rng, name: &str, rows: u32, cols: u32) -> DiceCandidate {
    let start = random_position(rng, rows, cols);
    let mut maze =
        DiceMaze::new(name, rows, cols, start, random_die(rng)).expect("start inside the maze");
    for row in 1..=rows {
        for col in 1..=cols {
            let at = Position::new(row, col);
            let square = random_square(rng, at == start);
            maze.set_square(at, square)
                .expect("position inside the maze");
        }
    }
    DiceCandidate::new(maze)
}

/// A die in one of its 24 orientations.
fn random_die(rng: &mut ChaCha8Rng) -> Die {
    let top = rng.gen_range(1..=6);
    let fronts: Vec<i64> = (1..=6).filter(|&f| f != top && f != 7 - top).collect();
    let front = fronts[rng.gen_range(0..fronts.len() as u32) as usize];
    Die::new(top, front).expect("front beside top")
}

/// Mostly numbered squares, some missing, few wild (never missing at the
/// start: the die must be able to come back).
fn random_square(rng: &mut ChaCha8Rng, start: bool) -> Square {
    match rng.gen_range(0..100) {
        0..=9 if !start => Square::Missing,
        10..=14 => Square::Wild,
        _ => Square::Number(rng.gen_range(1..=6)),
    }
}

impl Candidate for DiceCandidate {
    fn recount(&self, counter: &mut Recounter, changed: Changed) -> Recount<ShortestRoutes> {
        counter
            .count(&self.maze, changed)
            .map(|shortest| self.maze.routes_of(shortest.as_ref()))
    }

    fn analyse(&self) -> Analysis {
        self.maze.analyse()
    }

    fn mutate(&mut self, rng: &mut ChaCha8Rng, focus: &[Position]) -> Changed {
        let maze = &mut self.maze;
        let at = match focus.len() {
            len if len >= 2 && rng.gen_ratio(3, 4) => {
                let near = focus[rng.gen_range(0..len as u32) as usize];
                let step = Direction::from_index(rng.gen_range(0..5).min(3));
                match rng.gen_ratio(1, 2) {
                    true => near,
                    false => near.stepped(step).unwrap_or(near),
                }
            }
            _ => random_position(rng, maze.rows(), maze.cols()),
        };
        let outside = at.row > maze.rows() || at.col > maze.cols() || at.row == 0 || at.col == 0;
        if outside || self.locks.holds(at) {
            return Changed::States(Vec::new());
        }
        let square = random_square(rng, at == maze.start());
        self.wild = self.wild + usize::from(square == Square::Wild)
            - usize::from(maze.square(at) == Square::Wild);
        maze.set_square(at, square)
            .expect("position inside the maze");
        maze.changed_by_square(at)
    }

    /// A decision point is a place on the route where two or more rolls
    /// are allowed.
    fn features(&self, route: &Route) -> Features {
        let decision_points = self.maze.decision_points(route.positions());
        Features {
            decision_points,
            revisits: revisits(route).saturating_sub(1),
            penalty: WILD_PENALTY * self.wild as i64,
            figure: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::checks::assert_recounts_are_fresh;
    use rand::SeedableRng;

    #[test]
    fn a_change_touches_only_the_rolls_onto_its_square() {
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            assert_recounts_are_fresh(fresh(&mut rng, "D", 8, 8), seed, 400);
            assert_recounts_are_fresh(along_a_walk(&mut rng, "D", 10, 10, 60), seed, 400);
        }
    }
}
