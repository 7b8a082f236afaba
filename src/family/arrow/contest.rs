//! The contest problem arrow mazes were: ICPC World Finals 2000, problem A,
//! "Abbott's Revenge". Its test cases set the traps solvers fall into.

use crate::family::contest::{
    CaseMaker, Contest, ContestCase, NameRule, Names, ProblemLimits, Trap, random_cases,
};
use crate::family::{ContestFamily, Generator};
use crate::generate::Difficulty;

use super::{Arrow, generate, random};

impl ContestFamily for Arrow {
    fn problem(&self) -> Contest {
        contest()
    }
}

/// The problem, for `logicmaze package arrow`.
pub fn contest() -> Contest {
    Contest {
        problem: "Abbott's Revenge",
        source: "ICPC World Finals 2000",
        sample: include_str!("../../../examples/arrow.in"),
        limits: ProblemLimits {
            max_side: 9,
            max_mazes: 100,
            names: Names::Words,
        },
        word_names: NameRule::ALPHANUMERIC,
        unique_routes: false,
        state_ceiling: |side| u64::from(side).pow(2) * super::ArrowMaze::STATES_PER_CELL,
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

/// The traps the test cases set.
const TRAPS: &[Trap] = &[
    Trap::wrong(
        "entrance-signs-read",
        "reads the entrance's signs for the first step",
    ),
    Trap::wrong(
        "empty-route",
        "answers the entrance alone when it is the goal",
    ),
    Trap::spaced("name-as-a-word", "reads a maze's name as one word"),
    Trap::wrong(
        "visited-by-square",
        "marks an intersection visited whatever the heading it was reached in",
    ),
    Trap::wrong("mirrored-turns", "turns right for L and left for R"),
    Trap::layout(
        "twelve-a-line",
        "writes twelve positions to a line, not ten",
    ),
    Trap::slow(
        "every-route",
        "tries every route of 1, 2, 3, ... moves in turn, remembering nothing",
    ),
    Trap::wrong(
        "edge-off-by-one",
        "never goes on from the maze's last row or column (a grid one too small)",
    ),
    Trap::layout(
        "blank-line-after-a-full-line",
        "writes a blank line after a route whose last line is full",
    ),
    Trap::slow(
        "pruned-search",
        "tries routes of 1, 2, 3, ... moves depth first, never passing a state twice on one",
    ),
];

/// Inputs that break the rules of an arrow maze's lines within `limits`.
fn invalid_inputs(limits: ProblemLimits) -> Vec<(&'static str, String)> {
    let over = limits.max_side + 1;
    let maze = |lines: &str| format!("Maze\n{lines}0\nEND\n");
    vec![
        ("row-past-the-limit", maze(&format!("1 1 N {over} 1\n"))),
        (
            "column-past-the-limit",
            maze(&format!("1 1 N 1 2\n1 {over} NR *\n")),
        ),
        ("row-zero", maze("0 1 N 1 1\n")),
        ("negative-column", maze("1 -1 N 1 1\n")),
        ("leading-zero", maze("01 1 N 1 2\n")),
        ("plus-sign", maze("+1 1 N 1 2\n")),
        ("two-spaces", maze("1  1 N 1 2\n")),
        ("no-such-direction", maze("1 1 X 1 2\n")),
        ("four-items", maze("1 1 N 1\n")),
        ("no-signs", maze("1 1 N 1 2\n1 1 *\n")),
        ("no-star", maze("1 1 N 1 2\n1 1 NR\n")),
        ("no-such-turn", maze("1 1 N 1 2\n1 1 NX *\n")),
        ("turn-twice", maze("1 1 N 1 2\n1 1 NLL *\n")),
        ("four-turns", maze("1 1 N 1 2\n1 1 NLFRL *\n")),
        ("two-signs-one-direction", maze("1 1 N 1 2\n1 1 NL NR *\n")),
        ("listed-twice", maze("1 1 N 1 2\n1 1 NR *\n1 1 ER *\n")),
        ("no-zero", "Maze\n1 1 N 1 2\nEND\n".to_string()),
    ]
}

/// The test cases for `seed`, within `limits`.
fn cases(seed: u64, limits: ProblemLimits) -> Vec<ContestCase> {
    let make = CaseMaker {
        generate: generate::generate,
        random: random::random_maze_with,
        mutate: random::mutate,
        names: limits.names,
        unique: false,
    };
    let side = limits.max_side;
    let largest = (side, side);
    let length = super::Arrow.min_length(Difficulty::Hard, side, side);
    vec![
        ContestCase::new(
            "start-is-goal",
            "the entrance is the goal: the walker must leave and come back (the empty route does not count)",
            START_IS_GOAL.to_string(),
        )
        .catching(&["empty-route"]),
        ContestCase::new(
            "entrance-signs-ignored",
            "the entrance's signs do not apply to the first step, which always goes the given way",
            ENTRANCE_SIGNS.to_string(),
        )
        .catching(&["entrance-signs-read"]),
        ContestCase::new(
            "off-grid-first-step",
            "the first step leaves every listed intersection: no solution",
            OFF_GRID.to_string(),
        ),
        ContestCase::new(
            "heading-matters",
            "an intersection must be passed twice, in two headings: a search that marks intersections, not headings, finds no route",
            HEADING_MATTERS.to_string(),
        )
        .catching(&["visited-by-square"]),
        ContestCase::new(
            "left-is-not-right",
            "a sign whose left turn leads on and whose right turn does not",
            LEFT_IS_NOT_RIGHT.to_string(),
        )
        .catching(&["mirrored-turns"]),
        ContestCase::new(
            "no-solution",
            "mazes without a route",
            NO_SOLUTION.to_string() + &make.unsolvable("Dead Ends Everywhere", largest, seed),
        ),
        make.long_routes(seed, side, (3, length), &["twelve-a-line", "edge-off-by-one"]),
    ]
    .into_iter()
    .chain(ContestCase::spaced_names(limits.names, || SPACED_NAMES.to_string()))
    .chain(make.full_last_lines(seed, side, &["blank-line-after-a-full-line"]))
    .chain(make.widest(seed, side, (1500, 1500), &["every-route", "pruned-search"]))
    .chain(random_cases(&make, seed, limits))
    .collect()
}

const START_IS_GOAL: &str = "StartIsGoal
2 1 N 2 1
1 1 NR *
1 2 ER *
2 2 SR *
0
NoWayBack
2 1 N 2 1
1 1 NR *
0
";

const ENTRANCE_SIGNS: &str = "EntranceSignsIgnored
2 1 N 1 2
2 1 NL EL SL WL *
1 1 NR *
0
";

const OFF_GRID: &str = "OffTheGrid
1 1 N 1 2
1 1 ER *
1 2 WL *
0
OffTheGridWestward
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

const HEADING_MATTERS: &str = "TwoHeadings
1 1 E 1 1
1 1 NL ER SFR WLF *
1 2 NLFR ER SFR WR *
2 1 NR ELF SR WLF *
2 2 NLFR ELR SF WLR *
3 1 NLFR ELR SL WFR *
3 2 NF EF SR WLF *
0
";

const LEFT_IS_NOT_RIGHT: &str = "LeftOrRight
1 2 W 2 1
1 1 NLFR ELR SLF WL *
1 2 NR ELR SLF WR *
2 1 NR ELFR SLR WFR *
2 2 NL ELR SR WFR *
0
";
