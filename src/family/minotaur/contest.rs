//! The contest problem this family makes, after Robert Abbott's puzzle:
//! the statement's sample is `examples/minotaur.in`, and the test cases
//! set the traps solvers fall into: a wait that is the only way out, a
//! Minotaur held by a wall, a Theseus who starts on the exit, no escape.

use crate::family::contest::{
    CaseMaker, Contest, ContestCase, NameRule, Names, ProblemLimits, Trap, random_cases,
};
use crate::family::{ContestFamily, Generator};
use crate::generate::Difficulty;

use super::{Minotaur, generate, random};

impl ContestFamily for Minotaur {
    fn problem(&self) -> Contest {
        contest()
    }
}

/// The problem, for `logicmaze package minotaur`.
pub fn contest() -> Contest {
    Contest {
        problem: "Theseus and the Minotaur",
        source: "logicmaze, after Robert Abbott's Mad Mazes (1990)",
        sample: include_str!("sample.in"),
        limits: ProblemLimits {
            max_side: 20,
            max_mazes: 100,
            names: Names::Words,
        },
        word_names: NameRule::NON_BLANK,
        unique_routes: false,
        state_ceiling: |side| u64::from(side).pow(4),
        most_side: 40,
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
    Trap::wrong("no-waiting", "never lets Theseus wait"),
    Trap::wrong(
        "minotaur-through-walls",
        "lets the Minotaur step through walls",
    ),
    Trap::wrong(
        "no-turn-on-the-exit",
        "answers no turn at all when Theseus starts on the exit",
    ),
    Trap::spaced("name-as-a-word", "reads a maze's name as one word"),
    Trap::wrong(
        "rows-first",
        "moves the Minotaur toward Theseus's row before his column",
    ),
    Trap::wrong("one-step", "gives the Minotaur one step a turn, not two"),
    Trap::wrong(
        "step-onto-the-minotaur",
        "lets Theseus step onto the Minotaur's square",
    ),
    Trap::wrong(
        "visited-by-square",
        "marks Theseus's square visited wherever the Minotaur stood",
    ),
    Trap::layout("twelve-a-line", "writes twelve squares to a line, not ten"),
    Trap::slow(
        "every-route",
        "tries every escape of 1, 2, 3, ... turns in turn, remembering nothing",
    ),
    Trap::wrong(
        "edge-off-by-one",
        "never steps onto the last row or column (a grid one too small)",
    ),
    Trap::wrong(
        "minotaur-moves-after-the-escape",
        "lets the Minotaur move after Theseus reaches the exit, and catch him there",
    ),
    Trap::wrong(
        "no-row-when-the-column-is-walled",
        "holds the Minotaur still when a wall bars his way to Theseus's column, not trying the row",
    ),
    Trap::layout(
        "blank-line-after-a-full-line",
        "writes a blank line after an escape whose last line is full",
    ),
    Trap::slow(
        "pruned-search",
        "tries escapes of 1, 2, 3, ... turns depth first, never passing a state twice on one",
    ),
];

/// Inputs that break the rules of a drawn labyrinth within `limits`.
fn invalid_inputs(limits: ProblemLimits) -> Vec<(&'static str, String)> {
    let over = limits.max_side + 1;
    let maze = |lines: &str| format!("Maze\n{lines}END\n");
    // One row of `over` squares, Theseus, the Minotaur and the exit in
    // the first, second and last, the gap east of the exit.
    let contents = (0..over).map(|c| match c {
        0 => " T ",
        1 => " M ",
        c if c == over - 1 => " E ",
        _ => "   ",
    });
    let squares: String = contents
        .enumerate()
        .map(|(c, inside)| format!("{}{inside}", if c == 0 { '|' } else { ' ' }))
        .collect();
    let walls = format!("+{}", "---+".repeat(over as usize));
    let wide = format!("{walls}\n{}\n{walls}\n", squares.trim_end());
    vec![
        (
            "columns-past-the-limit",
            maze(&format!("MINOTAUR 1 {over}\n{wide}")),
        ),
        ("no-rows", maze("MINOTAUR 0 3\n+---+---+---+\n")),
        (
            "no-such-word",
            maze("MAZE 1 3\n+---+---+---+\n| T   M   E\n+---+---+---+\n"),
        ),
        (
            "space-at-a-drawing-line-end",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   M   E \n+---+---+---+\n"),
        ),
        (
            "line-too-long",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   M   E   |\n+---+---+---+\n"),
        ),
        (
            "line-missing",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   M   E\n"),
        ),
        (
            "no-corner",
            maze("MINOTAUR 1 3\n+---+------+\n| T   M   E\n+---+---+---+\n"),
        ),
        (
            "broken-wall",
            maze("MINOTAUR 1 3\n+---+-- +---+\n| T   M   E\n+---+---+---+\n"),
        ),
        (
            "no-such-letter",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   X   E\n+---+---+---+\n"),
        ),
        (
            "two-of-theseus",
            maze("MINOTAUR 1 4\n+---+---+---+---+\n| T   T   M   E\n+---+---+---+---+\n"),
        ),
        (
            "no-minotaur",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T       E\n+---+---+---+\n"),
        ),
        (
            "no-exit",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   M     |\n+---+---+---+\n"),
        ),
        (
            "theseus-on-the-minotaur",
            maze("MINOTAUR 1 3\n+---+---+---+\n| TM      E\n+---+---+---+\n"),
        ),
        (
            "letter-twice-in-a-square",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   M  EE\n+---+---+---+\n"),
        ),
        (
            "no-gap",
            maze("MINOTAUR 1 3\n+---+---+---+\n| T   M   E |\n+---+---+---+\n"),
        ),
        (
            "two-gaps",
            maze("MINOTAUR 1 3\n+---+---+   +\n| T   M   E\n+---+---+---+\n"),
        ),
        (
            "gap-away-from-the-exit",
            maze("MINOTAUR 1 3\n+   +---+---+\n| T   M   E |\n+---+---+---+\n"),
        ),
    ]
}

/// The test cases for `seed`, within `limits`.
fn cases(seed: u64, limits: ProblemLimits) -> Vec<ContestCase> {
    let make = CaseMaker {
        generate,
        random: random::random_maze_with,
        mutate: random::mutate,
        names: limits.names,
        unique: false,
    };
    let side = limits.max_side;
    let largest = (side, side);
    // Hard routes at the largest size take seconds to find: medium ones
    // are found at once, and are long enough to span several lines.
    let length = super::Minotaur.min_length(Difficulty::Medium, side, side);
    let middle = side.div_ceil(2).max(2);
    vec![
        ContestCase::new(
            "wait-to-escape",
            "waiting is the only way out: a solver without a wait finds no escape",
            WAIT.to_string(),
        )
        .catching(&["no-waiting"]),
        ContestCase::new(
            "behind-a-wall",
            "the Minotaur is held by a wall: a solver that lets him through walls finds no escape",
            BEHIND.to_string(),
        )
        .catching(&["minotaur-through-walls", "no-row-when-the-column-is-walled"]),
        ContestCase::new(
            "start-on-the-exit",
            "Theseus starts on the exit: he escapes by his first turn, a wait (one turn, not none)",
            ON_THE_EXIT.to_string(),
        )
        .catching(&["no-turn-on-the-exit", "minotaur-moves-after-the-escape"]),
        ContestCase::new(
            "columns-first",
            "the Minotaur must step toward Theseus's column first: rows first, he seems to block the way",
            COLUMNS_FIRST.to_string(),
        )
        .catching(&["rows-first"]),
        ContestCase::new(
            "two-steps",
            "the Minotaur's second step catches Theseus: with one step a turn he seems to escape",
            TWO_STEPS.to_string(),
        )
        .catching(&["one-step"]),
        ContestCase::new(
            "minotaur-on-the-exit",
            "the Minotaur stands on the exit, beside Theseus: Theseus may not step onto him",
            ON_THE_MINOTAUR.to_string(),
        )
        .catching(&["step-onto-the-minotaur"]),
        ContestCase::new(
            "where-the-minotaur-is",
            "Theseus must come back to a square with the Minotaur elsewhere: a search that marks Theseus's squares alone finds no escape",
            COME_BACK.to_string(),
        )
        .catching(&["visited-by-square"]),
        ContestCase::new(
            "no-escape",
            "mazes without an escape: cornered at once, and a larger one",
            NO_ESCAPE.to_string() + &make.unsolvable("Nowhere To Run", (middle, middle), seed),
        ),
        ContestCase::new(
            "long-unique-routes",
            format!("mazes up to {side}×{side}, the largest, with one long escape each: routes over several lines"),
            make.generated("Long Chase Middle", (middle, middle), length / 2, seed + 2)
                + &make.generated(&format!("Long Chase {side}"), largest, length, seed + 4),
        )
        .catching(&["twelve-a-line", "every-route", "edge-off-by-one"]),
    ]
    .into_iter()
    .chain(ContestCase::spaced_names(limits.names, || {
        make.generated("Theseus  And The  Minotaur", (6, 6).min(largest), 20, seed + 1)
    }))
    .chain(make.full_last_lines(seed, side, &["blank-line-after-a-full-line"]))
    .chain(make.widest(seed, side, (60, 600), &["pruned-search"]))
    .chain(random_cases(&make, seed, limits))
    .collect()
}

const WAIT: &str = "WaitForIt
MINOTAUR 4 4
+---+   +---+---+
| M   E       T |
+   +   +---+   +
|               |
+   +   +   +   +
|       |   |   |
+---+   +   +---+
|   |           |
+---+---+---+---+
";

const BEHIND: &str = "BehindTheWall
MINOTAUR 3 4
+---+---+---+---+
  E   M         |
+   +---+---+   +
|           |   |
+   +---+---+   +
|             T |
+---+---+---+---+
";

const ON_THE_EXIT: &str = "AlreadyOut
MINOTAUR 2 2
+   +---+
| TE  M |
+   +   +
|       |
+---+---+
";

const NO_ESCAPE: &str = "NoEscape
MINOTAUR 1 3
+---+---+---+
| T   M   E
+---+---+---+
";

const COLUMNS_FIRST: &str = "ColumnsFirst
MINOTAUR 2 3
+---+---+---+
|       |   |
+   +   +   +
| T | E   M |
+---+   +---+
";

const TWO_STEPS: &str = "TwoSteps
MINOTAUR 2 2
+   +---+
| E | M |
+   +   +
|     T |
+---+---+
";

const ON_THE_MINOTAUR: &str = "MinotaurOnTheExit
MINOTAUR 1 2
+   +---+
|ME   T |
+---+---+
";

const COME_BACK: &str = "ComeBackLater
MINOTAUR 3 3
+---+---+---+
|        ME
+   +   +   +
|       |   |
+   +---+   +
|     T     |
+---+---+---+
";
