//! The contest problem arrow mazes were: ICPC World Finals 2000, problem A,
//! "Abbott's Revenge". Its test cases set the traps solvers fall into.

use crate::family::{Contest, ContestCase};
use crate::generate::Options;

use super::{generate, judge, random_maze, Maze};

/// The problem, for `logicmaze package arrow`.
pub fn contest() -> Contest {
    Contest {
        problem: "Abbott's Revenge",
        source: "ICPC World Finals 2000",
        sample: include_str!("../../../examples/arrow.in"),
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
        .map(|s| random_maze(s, 9, 9))
        .find(|maze| maze.solve().is_none())
        .map_or(String::new(), |maze| text("Dead Ends Everywhere", &maze));
    vec![
        case(
            "start-is-goal",
            "the entrance is the goal: the walker must leave and come back (the empty route does not count)",
            false,
            START_IS_GOAL.to_string(),
        ),
        case(
            "entrance-signs-ignored",
            "the entrance's signs do not apply to the first step, which always goes the given way",
            false,
            ENTRANCE_SIGNS.to_string(),
        ),
        case(
            "off-grid-first-step",
            "the first step leaves every listed intersection: no solution",
            false,
            OFF_GRID.to_string(),
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
            "9×9 mazes, the judges' largest, with one long shortest route each",
            false,
            (0..3)
                .map(|i| generated(&format!("Long Route {}", i + 1), 9, 9, 45, seed + i))
                .collect(),
        ),
        case(
            "largest",
            "random 9×9 mazes, the judges' largest",
            false,
            (0..4)
                .map(|i| random(&format!("Random 9x9 {}", i + 1), seed + 10 + i, 9, 9))
                .collect(),
        ),
        case(
            "multi-digit-coordinates",
            "past the judges' limit: coordinates of two digits",
            true,
            generated("Two Digits", 12, 12, 40, seed + 20) + &random("Two Digits Random", seed + 21, 20, 20),
        ),
        case(
            "far-larger",
            "far past the judges' limit: 100×100 and 250×250",
            true,
            random("Huge 100", seed + 30, 100, 100) + &random("Huge 250", seed + 31, 250, 250),
        ),
    ]
}

/// `maze` in the judges' format under the name `name`.
fn text(name: &str, maze: &Maze) -> String {
    let mut out = format!("{name}\n");
    judge::write(&mut out, maze);
    out
}

const START_IS_GOAL: &str = "Start Is Goal
2 1 N 2 1
1 1 NR *
1 2 ER *
2 2 SR *
0
Start Is Goal But No Way Back
2 1 N 2 1
1 1 NR *
0
";

const ENTRANCE_SIGNS: &str = "Entrance Signs Ignored
2 1 N 1 2
2 1 NL EL SL WL *
1 1 NR *
0
";

const OFF_GRID: &str = "Off The Grid
1 1 N 1 2
1 1 ER *
1 2 WL *
0
Off The Grid Westward
1 1 W 1 2
1 1 NR ER *
1 2 WL *
0
";

const SPACED_NAMES: &str = "Robert Abbott's Atlanta Maze
4 2 N 4 3
1 1 NR WL *
1 2 NLR WF EFR *
1 3 EFR WFR NL *
1 4 ER NL *
2 1 SFL WL NFR *
2 2 EL SFLR WFRL NFL *
2 3 EFLR SF NF WFRL *
2 4 SR ELR NF *
3 1 WR SL *
3 2 EFL SLR WR NF *
3 3 EFL SLR WL *
3 4 EL SR *
0
My  Maze  2
3 1 N 1 2
2 1 NF *
1 1 NR *
0
";

const NO_SOLUTION: &str = "NOSOLUTION
3 1 N 3 2
1 1 WL NR *
1 2 NL ER *
2 1 SL WR NFR *
2 2 SR EL *
0
";
