//! Generating arrow mazes.

use std::collections::HashSet;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Maze, Sign, Turn};
use crate::analysis::{Analysis, Part, ShortestRoutes};
use crate::generate::{check_size, random_position, revisits, search, Candidate, Features};
use crate::generate::{Difficulty, GenerateError, Generated, Options};
use crate::grid::{Direction, Position};
use crate::route::Route;

/// `(rows, cols, min_length)` for a difficulty.
///
/// ```
/// use logicmaze::family::Generator;
/// use logicmaze::generate::Difficulty;
/// assert_eq!(logicmaze::arrow::Arrow.preset(Difficulty::Hard), (20, 20, 100));
/// ```
pub(super) fn preset(difficulty: Difficulty) -> (u32, u32, usize) {
    match difficulty {
        Difficulty::Easy => (6, 6, 15),
        Difficulty::Medium => (10, 10, 40),
        Difficulty::Hard => (20, 20, 100),
    }
}

/// An arrow maze with a unique shortest route of at least
/// `options.min_length` moves.
///
/// The walker enters from the bottom row heading north; the goal is in the
/// top row. Every intersection starts with a random sign for each approach
/// (turns that would leave the grid are never offered). When the search is
/// done, signs that no walk can read are removed, so every sign printed
/// matters.
///
/// ```
/// use logicmaze::generate::Options;
/// let made = logicmaze::arrow::generate(&Options::new(5, 5).with_min_length(8))?;
/// assert!(made.stats.moves >= 8);
/// # Ok::<(), logicmaze::generate::GenerateError>(())
/// ```
pub fn generate(options: &Options) -> Result<Generated<Maze>, GenerateError> {
    let (rows, cols) = (options.rows, options.cols);
    let why = "an arrow maze needs at least 2 rows and 2 columns";
    check_size(options, rows >= 2 && cols >= 2, why, 4)?;
    let name = options.name_or("ARROW");
    let (draft, stats) = search(options, |rng| fresh(rng, &name, rows, cols))?;
    Ok(Generated {
        maze: without_unread_signs(&draft.0, &draft.0.analyse()),
        stats,
    })
}

/// The draft: a maze whose every intersection is listed.
#[derive(Clone)]
struct ArrowCandidate(Maze);

fn fresh(rng: &mut ChaCha8Rng, name: &str, rows: u32, cols: u32) -> ArrowCandidate {
    let entrance = Position::new(rows, rng.gen_range(1..=cols));
    let goal = Position::new(1, rng.gen_range(1..=cols));
    let mut maze = Maze::new(name, rows, cols, entrance, Direction::North, goal)
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
    ArrowCandidate(maze)
}

/// A random non-empty sign at `at` for walkers arriving `arriving`, other
/// than `old`, offering only turns that stay on the grid.
fn random_sign(
    rng: &mut ChaCha8Rng,
    maze: &Maze,
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
    fn shortest_routes(&self) -> ShortestRoutes {
        self.0.shortest_routes()
    }

    fn analyse(&self) -> Analysis {
        self.0.analyse_routes().0
    }

    fn mutate(&mut self, rng: &mut ChaCha8Rng, focus: &[Position]) {
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
        let old = maze.sign(at, arriving);
        let sign = random_sign(rng, maze, at, arriving, old);
        maze.set_sign(at, arriving, sign)
            .expect("position inside the maze");
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
        }
    }
}

/// The same maze without the signs no walk reads; intersections left with
/// no sign are not listed.
fn without_unread_signs(maze: &Maze, analysis: &Analysis) -> Maze {
    let unread: HashSet<(Position, Direction)> = analysis
        .unused
        .iter()
        .flat_map(|unused| &unused.parts)
        .filter_map(|part| match *part {
            Part::Approach { at, arriving } => Some((at, arriving)),
            Part::Cell(_) => None,
        })
        .collect();
    let mut clean = Maze::new(
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
