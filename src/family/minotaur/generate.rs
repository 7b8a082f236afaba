//! Generating Theseus-and-the-Minotaur mazes with one shortest escape, by
//! the shared local search: a random maze, then changes of one wall (or,
//! now and then, of where a piece or the exit stands), mostly on or next
//! to Theseus's current shortest route.
//!
//! What makes these mazes worth playing is that the Minotaur matters: a
//! *pressed* turn is one at which a move the walls allow (other than the
//! one taken) would end the game, Theseus stepping onto the Minotaur or
//! being caught before his next turn. The score asks for a third of the
//! turns pressed at least, and `--stats` reports them.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::turns::{Blocked, Turned};
use super::{CHOICES, Minotaur, MinotaurMaze, WAIT};
use crate::analysis::{Analysis, ShortestRoutes};
use crate::family::{self, FamilyMaze, Generator};
use crate::generate::{
    Candidate, Difficulty, Features, Figure, GenerateError, GenerateOptions, Generated, Locks,
};
use crate::generate::{check_size, random_position, revisits, search, search_from};
use crate::grid::{Direction, Position};
use crate::route::Route;
use crate::search::{Changed, Recount, Recounter};

/// The family's generator: its presets, the length a size asks for, and
/// [`generate`].
impl Generator for Minotaur {
    /// `(rows, cols, min_length)` for a difficulty.
    ///
    /// ```
    /// use logicmaze::family::Generator;
    /// use logicmaze::generate::Difficulty;
    /// assert_eq!(logicmaze::family::minotaur::Minotaur.preset(Difficulty::Hard), (8, 8, 36));
    /// ```
    fn preset(&self, difficulty: Difficulty) -> (u32, u32, usize) {
        match difficulty {
            Difficulty::Easy => (5, 5, 8),
            Difficulty::Medium => (6, 6, 16),
            Difficulty::Hard => (8, 8, 36),
        }
    }

    /// The minimum length a `rows × cols` maze of `difficulty` asks for:
    /// the preset's, grown with rows + cols to the power 3/4 (a chase
    /// across a larger maze is longer, but the local search finds long
    /// ones ever more slowly), or a share of the squares where that is more
    /// (easy a sixth, medium a fourth, hard five twelfths), of
    /// a 12×12 grid's squares at most.
    ///
    /// ```
    /// use logicmaze::family::{Family, Generator};
    /// use logicmaze::generate::Difficulty;
    /// let minotaur = logicmaze::family::minotaur::Minotaur.generator().unwrap();
    /// assert_eq!(minotaur.min_length(Difficulty::Hard, 6, 6), 30);
    /// assert_eq!(minotaur.min_length(Difficulty::Hard, 8, 8), 36);
    /// assert_eq!(minotaur.min_length(Difficulty::Hard, 12, 12), 60);
    /// assert_eq!(minotaur.min_length(Difficulty::Hard, 24, 24), 83);
    /// ```
    fn min_length(&self, difficulty: Difficulty, rows: u32, cols: u32) -> usize {
        let (preset_rows, preset_cols, length) = self.preset(difficulty);
        let ratio = (rows as f64 + cols as f64) / (preset_rows + preset_cols) as f64;
        let by_sides = (length as f64 * ratio.powf(0.75)).ceil() as usize;
        let (share, of) = match difficulty {
            Difficulty::Easy => (1, 6),
            Difficulty::Medium => (1, 4),
            Difficulty::Hard => (5, 12),
        };
        let squares = rows as u64 * cols as u64;
        let by_squares = (squares.min(COUNTED_SQUARES) * share / of) as usize;
        by_sides.max(by_squares)
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
        let start = MinotaurCandidate(
            design.downcast_ref::<MinotaurMaze>()?.clone(),
            locks.clone(),
        );
        Some(search_from(options, start).map(|made| made.map(|draft| family::Maze::from(draft.0))))
    }

    fn figure(&self) -> Option<&'static str> {
        Some("pressed turns")
    }

    fn figure_at(&self, design: &family::Maze, route: &Route) -> Vec<Position> {
        let Some(maze) = design.downcast_ref::<MinotaurMaze>() else {
            return Vec::new();
        };
        let turns = maze.turns_along(route);
        (turns.iter().zip(route.positions()))
            .filter(|(turn, _)| turn.pressed)
            .map(|(_, &at)| at)
            .collect()
    }
}

/// A maze with a unique shortest escape of at least `options.min_length`
/// turns.
///
/// # Errors
///
/// [`GenerateError::TooSmall`] for a grid of fewer than three squares
/// (Theseus, the Minotaur and the exit each need one), and the other
/// sizes [`check_size`] refuses; [`GenerateError::GaveUp`] or
/// [`GenerateError::Stopped`] when the [`search`] ends without a maze.
///
/// ```
/// use logicmaze::generate::GenerateOptions;
/// let made = logicmaze::family::minotaur::generate(&GenerateOptions::new(5, 5).with_min_length(8))?;
/// assert!(made.stats.moves >= 8);
/// # Ok::<(), logicmaze::generate::GenerateError>(())
/// ```
pub fn generate(options: &GenerateOptions) -> Result<Generated<MinotaurMaze>, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let squares = rows as usize * cols as usize;
    let why = "Theseus, the Minotaur and the exit need three squares";
    check_size(options, squares >= 3, why, squares)?;
    let name = options.name_or("MINOTAUR");
    // Candidates are cheap: the time goes into pressing the route.
    let fewer = (MAX_POLISH as usize * POLISHED_SQUARES / squares.max(POLISHED_SQUARES)) as u32;
    let polish = (POLISH_PER_MOVE * options.min_length as u32).min(fewer);
    let options = GenerateOptions {
        polish_steps: options.polish_steps.max(polish),
        ..options.clone()
    };
    let (draft, stats) = search(&options, |rng| fresh(rng, &name, rows, cols))?;
    Ok(Generated {
        maze: draft.0,
        stats,
    })
}

/// Changes tried per turn asked for once a maze meets the length: the
/// Minotaur's part in the route grows with them.
const POLISH_PER_MOVE: u32 = 100;
/// At most this many, whatever the length...
const MAX_POLISH: u32 = 6_000;
/// ... and fewer, in proportion, on a grid of more squares than this:
/// each change of a large maze is a search of it.
const POLISHED_SQUARES: usize = 144;

/// The most squares whose share a length asks for: a 12×12 grid's.
const COUNTED_SQUARES: u64 = 144;

/// The draft: a maze.
#[derive(Clone)]
struct MinotaurCandidate(MinotaurMaze, Locks);

/// How often a wall stands between two squares in a fresh maze, in
/// percent.
const WALLS: u32 = 30;

fn fresh(rng: &mut ChaCha8Rng, name: &str, rows: u32, cols: u32) -> MinotaurCandidate {
    let (exit, gap) = random_exit(rng, rows, cols);
    let theseus = away_from(rng, rows, cols, &[exit]);
    let minotaur = away_from(rng, rows, cols, &[exit, theseus]);
    let mut maze = MinotaurMaze::new(name, rows, cols, [theseus, minotaur, exit], gap)
        .expect("three squares inside the grid, the exit on the border");
    for at in maze.positions().collect::<Vec<_>>() {
        for side in [Direction::East, Direction::South] {
            if !maze.borders(at, side) && rng.gen_ratio(WALLS, 100) {
                maze.set_wall(at, side, true).expect("an inner side");
            }
        }
    }
    MinotaurCandidate(maze, Locks::default())
}

/// A random square on the border and the side of it that is the border's
/// (for a corner, either).
fn random_exit(rng: &mut ChaCha8Rng, rows: u32, cols: u32) -> (Position, Direction) {
    loop {
        let at = random_position(rng, rows, cols);
        let sides: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| match d {
                Direction::North => at.row == 1,
                Direction::South => at.row == rows,
                Direction::West => at.col == 1,
                Direction::East => at.col == cols,
            })
            .collect();
        if !sides.is_empty() {
            return (at, sides[rng.gen_range(0..sides.len())]);
        }
    }
}

/// A random square other than `taken` (the grid has room for it).
fn away_from(rng: &mut ChaCha8Rng, rows: u32, cols: u32, taken: &[Position]) -> Position {
    loop {
        let at = random_position(rng, rows, cols);
        if !taken.contains(&at) {
            return at;
        }
    }
}

impl Candidate for MinotaurCandidate {
    fn recount(&self, counter: &mut Recounter, changed: Changed) -> Recount<ShortestRoutes> {
        counter
            .count(&self.0, changed)
            .map(|shortest| self.0.routes_of(shortest.as_ref()))
    }

    fn analyse(&self) -> Analysis {
        self.0.analyse()
    }

    /// Mostly a wall beside a square of the route (taken away or put up),
    /// now and then Theseus, the Minotaur or the exit moved. Either
    /// changes the moves of states all over the maze (wherever Theseus or
    /// the Minotaur stands beside the wall), so each candidate is counted
    /// from scratch.
    fn mutate(&mut self, rng: &mut ChaCha8Rng, focus: &[Position]) -> Changed {
        let (maze, locks) = (&mut self.0, &self.1);
        let (rows, cols) = (maze.rows(), maze.cols());
        // A piece may leave a square, or come onto one, only if neither is
        // locked; a wall stands between two squares, neither locked.
        let free = |from: Position, to: Position| !locks.holds(from) && !locks.holds(to);
        match rng.gen_range(0..20) {
            0 => {
                let theseus = away_from(rng, rows, cols, &[maze.minotaur, maze.exit]);
                if !free(maze.theseus, theseus) {
                    return Changed::States(Vec::new());
                }
                maze.move_pieces([theseus, maze.minotaur, maze.exit], maze.gap);
            }
            1 => {
                let minotaur = away_from(rng, rows, cols, &[maze.theseus]);
                if !free(maze.minotaur, minotaur) {
                    return Changed::States(Vec::new());
                }
                maze.move_pieces([maze.theseus, minotaur, maze.exit], maze.gap);
            }
            2 => {
                let (exit, gap) = random_exit(rng, rows, cols);
                if exit == maze.theseus || !free(maze.exit, exit) {
                    return Changed::States(Vec::new());
                }
                maze.move_pieces([maze.theseus, maze.minotaur, exit], gap);
            }
            _ => {
                let at = match focus.is_empty() || rng.gen_ratio(1, 5) {
                    true => random_position(rng, rows, cols),
                    false => focus[rng.gen_range(0..focus.len())],
                };
                let side = Direction::from_index(rng.gen_range(0..4));
                let beyond = at.stepped(side).unwrap_or(at);
                if maze.borders(at, side) || !free(at, beyond) {
                    return Changed::States(Vec::new());
                }
                let wall = !maze.wall(at, side);
                maze.set_wall(at, side, wall).expect("an inner side");
            }
        }
        Changed::Everything
    }

    /// Decision points are turns with two or more ways on that do not end
    /// the game; pressed turns are counted, and a maze with fewer than a
    /// third of its turns pressed pays for each one missing.
    fn features(&self, route: &Route) -> Features {
        let maze = &self.0;
        let turns = maze.turns_along(route);
        let decision_points = turns.iter().filter(|turn| turn.safe >= 2).count();
        let pressed = turns.iter().filter(|turn| turn.pressed).count();
        let wanted = turns.len().div_ceil(PRESSED_SHARE);
        Features {
            decision_points,
            revisits: revisits(route),
            penalty: PRESS_PENALTY * wanted.saturating_sub(pressed) as i64
                - PRESS_BONUS * pressed as i64,
            figure: Some(Figure {
                count: pressed,
                label: PRESSED,
            }),
        }
    }

    /// A maze is finished when a third of its turns are pressed.
    fn finished(&self, route: &Route, features: &Features) -> bool {
        let pressed = features.figure.map_or(0, |f| f.count);
        pressed * PRESSED_SHARE >= route.moves()
    }
}

/// The share of a finished maze's turns that are pressed, at least: one in
/// this many.
const PRESSED_SHARE: usize = 3;

/// What each turn short of a third pressed costs in the score: about
/// four moves...
const PRESS_PENALTY: i64 = 400;
/// ... and what each pressed turn earns: more than a decision point.
const PRESS_BONUS: i64 = 30;

/// What `--stats` calls pressed turns.
const PRESSED: &str = "pressed turns (another move the walls allow would end the game)";

/// One turn of a route, as the generator scores it.
struct Turn {
    /// Choices that the walls allow and that do not end the game.
    safe: usize,
    /// Whether some other choice the walls allow would end the game.
    pressed: bool,
}

impl MinotaurMaze {
    /// Moves `[theseus, minotaur, exit]` and the gap, where that makes a
    /// maze (otherwise nothing changes).
    fn move_pieces(&mut self, pieces: [Position; 3], gap: Direction) {
        if let Ok(moved) =
            MinotaurMaze::new(self.name.clone(), self.rows(), self.cols(), pieces, gap)
        {
            let walls = std::mem::take(&mut self.walls);
            *self = MinotaurMaze { walls, ..moved };
        }
    }

    /// Every turn of Theseus's `route`, each with the choices it had.
    fn turns_along(&self, route: &Route) -> Vec<Turn> {
        let mut minotaur = self.cells.minotaur;
        let mut turns = Vec::with_capacity(route.moves());
        for pair in route.positions().windows(2) {
            let (Some(from), Some(_)) = (self.grid.cell(pair[0]), self.grid.cell(pair[1])) else {
                break;
            };
            let taken = pair[0].direction_to(pair[1]).map_or(WAIT, Direction::index);
            let outcomes: Vec<Result<Turned, Blocked>> = (0..CHOICES)
                .map(|choice| self.turn(from, minotaur, choice))
                .collect();
            let safe = outcomes.iter().filter(|o| o.is_ok()).count();
            let pressed = outcomes.iter().enumerate().any(|(choice, outcome)| {
                choice != taken && matches!(outcome, Err(Blocked::OntoMinotaur | Blocked::Eaten))
            });
            turns.push(Turn { safe, pressed });
            match outcomes[taken] {
                Ok(turned) => minotaur = turned.minotaur,
                Err(_) => break,
            }
        }
        turns
    }
}

/// Theseus's turns along `route` in `maze`, and how many of them are
/// pressed: a move the walls allow, other than the one taken, would end
/// the game (Theseus would step onto the Minotaur or be caught before his
/// next turn). The measure `generate --stats` reports.
///
/// ```
/// use logicmaze::family::minotaur::{pressed_turns, MinotaurMaze};
/// use logicmaze::family::FamilyMaze;
/// use logicmaze::{Direction, Position};
/// let p = Position::new;
/// // Waiting would be fatal: the Minotaur is one square east.
/// let maze = MinotaurMaze::new("run", 1, 3, [p(1, 2), p(1, 3), p(1, 1)], Direction::West)?;
/// assert_eq!(pressed_turns(&maze, &maze.solve().unwrap()), (1, 1));
/// # Ok::<(), logicmaze::family::minotaur::MinotaurError>(())
/// ```
pub fn pressed_turns(maze: &MinotaurMaze, route: &Route) -> (usize, usize) {
    let turns = maze.turns_along(route);
    (turns.iter().filter(|t| t.pressed).count(), turns.len())
}
