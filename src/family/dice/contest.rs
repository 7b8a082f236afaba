//! The contest problem dice mazes were: ICPC World Finals 1999, "A Dicey
//! Problem" (Abbott's rolling-cube mazes). Its test cases set the traps
//! solvers fall into.

use crate::family::{CaseMaker, Contest, ContestCase, Trap};

use super::{generate, random_maze};

/// The problem, for `logicmaze package dice`.
pub fn contest() -> Contest {
    Contest {
        problem: "A Dicey Problem",
        source: "ICPC World Finals 1999",
        sample: include_str!("../../../examples/dice.in"),
        cases,
        statement: include_str!("statement.tex"),
        solution: include_str!("solution.cpp"),
        traps: &[
            Trap {
                name: "mirrored-die",
                about: "rolls the mirror image of the judges' die",
            },
            Trap {
                name: "top-after-the-roll",
                about: "matches a square's number with the top face after the roll",
            },
            Trap {
                name: "empty-route",
                about: "answers the start alone without leaving it",
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
            "leave-and-return",
            "the start is the goal: the die must leave it and come back, in any orientation",
            LEAVE_AND_RETURN.to_string(),
        ),
        ContestCase::new(
            "stuck-at-the-start",
            "no first roll is allowed (no square, or the wrong number): no solution",
            STUCK.to_string(),
        ),
        ContestCase::new(
            "chirality-and-wild-squares",
            "a loop only the right die (top 6, front 4: east gives 2, 1, then south 3) can close; wild squares take any top face",
            WILD.to_string(),
        ),
        ContestCase::new(
            "names-with-spaces",
            "names are whole lines, with spaces inside them",
            SPACED_NAMES.to_string(),
        ),
        ContestCase::new(
            "no-solution",
            "mazes without a route",
            NO_SOLUTION.to_string() + &make.unsolvable("Nowhere To Go", (10, 10), seed),
        ),
    ];
    cases.extend(make.sized_cases(seed, 10, 30, 300));
    cases
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
