//! The contest problem arrow mazes were: ICPC World Finals 2000, problem A,
//! "Abbott's Revenge". Its test cases set the traps solvers fall into.

use crate::family::{CaseMaker, Contest, ContestCase, Trap};

use super::{generate, random_maze};

/// The problem, for `logicmaze package arrow`.
pub fn contest() -> Contest {
    Contest {
        problem: "Abbott's Revenge",
        source: "ICPC World Finals 2000",
        sample: include_str!("../../../examples/arrow.in"),
        cases,
        statement: include_str!("statement.tex"),
        solution: include_str!("solution.cpp"),
        traps: &[
            Trap {
                name: "entrance-signs-read",
                about: "reads the entrance's signs for the first step",
            },
            Trap {
                name: "empty-route",
                about: "answers the entrance alone when it is the goal",
            },
            Trap {
                name: "name-as-a-word",
                about: "reads a maze's name as one word",
            },
        ],
    }
}

/// The test cases for `seed`.
fn cases(seed: u64) -> Vec<ContestCase> {
    let make = CaseMaker {
        generate: generate::generate,
        random: random_maze,
    };
    let mut cases = vec![
        ContestCase::new(
            "start-is-goal",
            "the entrance is the goal: the walker must leave and come back (the empty route does not count)",
            START_IS_GOAL.to_string(),
        ),
        ContestCase::new(
            "entrance-signs-ignored",
            "the entrance's signs do not apply to the first step, which always goes the given way",
            ENTRANCE_SIGNS.to_string(),
        ),
        ContestCase::new(
            "off-grid-first-step",
            "the first step leaves every listed intersection: no solution",
            OFF_GRID.to_string(),
        ),
        ContestCase::new(
            "names-with-spaces",
            "names are whole lines, with spaces inside them",
            SPACED_NAMES.to_string(),
        ),
        ContestCase::new(
            "no-solution",
            "mazes without a route",
            NO_SOLUTION.to_string() + &make.unsolvable("Dead Ends Everywhere", (9, 9), seed),
        ),
    ];
    cases.extend(make.sized_cases(seed, 9, 45, 250));
    cases
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
