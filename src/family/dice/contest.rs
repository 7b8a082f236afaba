//! The contest problem dice mazes were: ICPC World Finals 1999, "A Dicey
//! Problem" (Abbott's rolling-cube mazes). Its test cases set the traps
//! solvers fall into.

use crate::family::contest::{
    CaseMaker, Contest, ContestCase, NameRule, Names, ProblemLimits, Trap, random_cases,
};
use crate::family::{ContestFamily, Generator};
use crate::generate::Difficulty;

use super::{Dice, generate, random};

impl ContestFamily for Dice {
    fn problem(&self) -> Contest {
        contest()
    }
}

/// The problem, for `logicmaze package dice`.
pub fn contest() -> Contest {
    Contest {
        problem: "A Dicey Problem",
        source: "ICPC World Finals 1999",
        sample: include_str!("../../../examples/dice.in"),
        limits: ProblemLimits {
            max_side: 10,
            max_mazes: 100,
            names: Names::Words,
        },
        word_names: NameRule::NON_BLANK,
        unique_routes: UNIQUE_ROUTES,
        state_ceiling: |side| u64::from(side).pow(2) * super::DiceMaze::STATES_PER_CELL,
        most_side: 100,
        cases,
        statement: include_str!("statement.tex"),
        invalid_inputs,
        judge: include_str!("judge.cpp"),
        solution: include_str!("solution.cpp"),
        python: include_str!("solution.py"),
        traps: TRAPS,
    }
}

/// The 1999 statement promises one shortest route for a maze with a
/// route: every test case keeps the promise.
const UNIQUE_ROUTES: bool = true;

/// The traps the test cases set.
const TRAPS: &[Trap] = &[
    Trap::wrong("mirrored-die", "rolls the mirror image of the judges' die"),
    Trap::wrong(
        "top-after-the-roll",
        "matches a square's number with the top face after the roll",
    ),
    Trap::wrong("empty-route", "answers the start alone without leaving it"),
    Trap::spaced("name-as-a-word", "reads a maze's name as one word"),
    Trap::wrong(
        "visited-by-square",
        "marks a square visited whatever way up the die stood on it",
    ),
    Trap::wrong(
        "state-without-front",
        "marks a square and top face visited whatever the front face",
    ),
    Trap::layout("twelve-a-line", "writes twelve squares to a line, not nine"),
    Trap::slow(
        "every-route",
        "tries every route of 1, 2, 3, ... rolls in turn, remembering nothing",
    ),
    Trap::wrong(
        "edge-off-by-one",
        "never rolls onto the last row or column (a grid one too small)",
    ),
    Trap::wrong("east-rolled-west", "tips the die west when it rolls east"),
    Trap::layout(
        "blank-line-after-a-full-line",
        "writes a blank line after a route whose last line is full",
    ),
    Trap::slow(
        "pruned-search",
        "tries routes of 1, 2, 3, ... rolls depth first, never passing a state twice on one",
    ),
];

/// Inputs that break the rules of a dice maze's lines within `limits`.
fn invalid_inputs(limits: ProblemLimits) -> Vec<(&'static str, String)> {
    let over = limits.max_side + 1;
    let maze = |lines: &str| format!("Maze\n{lines}END\n");
    vec![
        (
            "rows-past-the-limit",
            maze(&format!(
                "{over} 1 1 1 1 2\n{}",
                "1\n".repeat(over as usize)
            )),
        ),
        (
            "columns-past-the-limit",
            maze(&format!(
                "1 {over} 1 1 1 2\n{}\n",
                vec!["1"; over as usize].join(" ")
            )),
        ),
        ("no-rows", maze("0 1 1 1 1 2\n")),
        ("start-outside", maze("1 2 2 1 1 2\n1 1\n")),
        ("top-seven", maze("1 2 1 1 7 2\n1 1\n")),
        ("top-zero", maze("1 2 1 1 0 2\n1 1\n")),
        ("south-opposite-top", maze("1 2 1 1 1 6\n1 1\n")),
        ("south-is-top", maze("1 2 1 1 3 3\n1 1\n")),
        ("square-seven", maze("1 2 1 1 1 2\n1 7\n")),
        ("square-minus-two", maze("1 2 1 1 1 2\n1 -2\n")),
        ("minus-zero", maze("1 2 1 1 1 2\n1 -0\n")),
        ("leading-zero", maze("1 2 1 1 1 2\n1 02\n")),
        ("row-too-short", maze("1 2 1 1 1 2\n1\n")),
        ("row-too-long", maze("1 2 1 1 1 2\n1 1 1\n")),
        ("row-missing", maze("2 2 1 1 1 2\n1 1\n")),
        ("five-numbers", maze("1 2 1 1 1\n1 1\n")),
        ("two-spaces", maze("1 2 1 1 1 2\n1  1\n")),
    ]
}

/// The test cases for `seed`, within `limits`.
fn cases(seed: u64, limits: ProblemLimits) -> Vec<ContestCase> {
    let make = CaseMaker {
        generate: generate::generate,
        random: random::random_maze_with,
        mutate: random::mutate,
        names: limits.names,
        unique: UNIQUE_ROUTES,
    };
    let side = limits.max_side;
    let largest = (side, side);
    let length = super::Dice.min_length(Difficulty::Hard, side, side);
    vec![
        ContestCase::new(
            "leave-and-return",
            "the start is the goal: the die must leave it and come back (the start alone is no route)",
            LEAVE_AND_RETURN.to_string(),
        )
        .catching(&["empty-route"]),
        ContestCase::new(
            "stuck-at-the-start",
            "no first roll is allowed (no square, or the wrong number): no solution",
            STUCK.to_string(),
        ),
        ContestCase::new(
            "chirality-and-wild-squares",
            "a loop only the right die (top 6, front 4: east gives 2, 1, then south 3) can close; wild squares take any top face",
            WILD.to_string(),
        )
        .catching(&["mirrored-die", "top-after-the-roll", "east-rolled-west"]),
        ContestCase::new(
            "orientation-matters",
            "a square must be passed twice, the die another way up: a search that marks squares, or squares and top faces, finds no route",
            TWICE.to_string(),
        )
        .catching(&["visited-by-square", "state-without-front"]),
        ContestCase::new(
            "no-solution",
            "mazes without a route",
            NO_SOLUTION.to_string() + &make.unsolvable("Nowhere To Go", largest, seed),
        ),
        make.long_routes(
            seed,
            side,
            (3, length),
            &["twelve-a-line", "every-route", "edge-off-by-one"],
        ),
    ]
    .into_iter()
    .chain(ContestCase::spaced_names(limits.names, || SPACED_NAMES.to_string()))
    .chain(make.full_last_lines(seed, side, &["blank-line-after-a-full-line"]))
    .chain(make.widest(seed, side, (6000, 1500), &["pruned-search"]))
    .chain(random_cases(&make, seed, limits))
    .collect()
}

const LEAVE_AND_RETURN: &str = "LeaveAndReturn
1 2 1 1 5 1
-1 -1
";

const STUCK: &str = "Alone
1 1 1 1 6 2
6
NowhereToRoll
2 2 1 1 6 2
6 1
1 0
";

const WILD: &str = "ChiralityCheck
2 3 1 1 6 4
4 6 2
2 3 1
AllWild
1 3 1 1 1 2
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

const TWICE: &str = "OrientationMatters
2 2 1 2 3 5
-1 3
2 3
TopAndFront
4 3 3 3 4 2
4 -1 6
3 -1 4
5 -1 3
4 -1 1
";
