//! The contest problem dice mazes were: ICPC World Finals 1999, problem D,
//! "The Die Is Cast" (Abbott's rolling-cube mazes). Its test cases set the
//! traps solvers fall into.

use crate::family::{Contest, ContestCase};
use crate::generate::Options;

use super::{generate, judge, random_maze, Maze};

/// The problem, for `logicmaze package dice`.
pub fn contest() -> Contest {
    Contest {
        problem: "Dice Mazes",
        source: "ICPC World Finals 1999",
        sample: include_str!("../../../examples/dice.in"),
        cases,
    }
}

/// The test cases for `seed`.
fn cases(seed: u64) -> Vec<ContestCase> {
    let case = |name, about, large, input: String| ContestCase {
        name,
        about,
        large,
        input,
    };
    let generated = |name: &str, rows, cols, length, seed| {
        let mut options = Options::new(rows, cols)
            .with_min_length(length)
            .with_seed(seed);
        options.name = name.to_string();
        match generate::generate(&options) {
            Ok(made) => text(name, &made.maze),
            Err(_) => text(name, &random_maze(seed, rows, cols)),
        }
    };
    let random = |name: &str, seed, rows, cols| text(name, &random_maze(seed, rows, cols));
    let unsolvable = (seed..)
        .map(|s| random_maze(s, 10, 10))
        .find(|maze| maze.solve().is_none())
        .map_or(String::new(), |maze| text("Nowhere To Go", &maze));
    vec![
        case(
            "leave-and-return",
            "the start is the goal: the die must leave it and come back, in any orientation",
            false,
            LEAVE_AND_RETURN.to_string(),
        ),
        case(
            "stuck-at-the-start",
            "no first roll is allowed (no square, or the wrong number): no solution",
            false,
            STUCK.to_string(),
        ),
        case(
            "chirality-and-wild-squares",
            "a loop only the right die (top 6, front 4: east gives 2, 1, then south 3) can close; wild squares take any top face",
            false,
            WILD.to_string(),
        ),
        case(
            "names-with-spaces",
            "names are whole lines, with spaces inside them",
            false,
            SPACED_NAMES.to_string(),
        ),
        case(
            "no-solution",
            "mazes without a route",
            false,
            format!("{NO_SOLUTION}{unsolvable}"),
        ),
        case(
            "long-unique-routes",
            "10×10 mazes, the judges' largest, with one long shortest route each",
            false,
            (0..3)
                .map(|i| generated(&format!("Long Roll {}", i + 1), 10, 10, 30, seed + i))
                .collect(),
        ),
        case(
            "largest",
            "random 10×10 mazes, the judges' largest",
            false,
            (0..4)
                .map(|i| random(&format!("Random 10x10 {}", i + 1), seed + 10 + i, 10, 10))
                .collect(),
        ),
        case(
            "multi-digit-coordinates",
            "past the judges' limit: coordinates of two digits",
            true,
            generated("Two Digits", 12, 12, 20, seed + 20) + &random("Two Digits Random", seed + 21, 20, 20),
        ),
        case(
            "far-larger",
            "far past the judges' limit: 100×100 and 300×300",
            true,
            random("Huge 100", seed + 30, 100, 100) + &random("Huge 300", seed + 31, 300, 300),
        ),
    ]
}

/// `maze` in the judges' format under the name `name`.
fn text(name: &str, maze: &Maze) -> String {
    let mut out = format!("{name}\n");
    judge::write(&mut out, maze);
    out
}

const LEAVE_AND_RETURN: &str = "Leave And Return
1 2 1 1 5 1
-1 -1
";

const STUCK: &str = "Alone
1 1 1 1 6 2
6
Nowhere To Roll
2 2 1 1 6 2
6 1
1 0
";

const WILD: &str = "Chirality Check
2 3 1 1 6 4
4 6 2
2 3 1
All Wild
3 3 2 2 1 2
-1 -1 -1
-1 -1 -1
-1 -1 -1
";

const SPACED_NAMES: &str = "Rolling  Cube 1
3 3 1 2 5 1
-1 2 4
5 5 6
6 -1 -1
";

const NO_SOLUTION: &str = "DICEMAZE3
3 3 1 1 2 4
2 2 3
4 5 6
-1 -1 -1
";
