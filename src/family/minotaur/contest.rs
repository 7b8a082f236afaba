//! The contest problem this family makes, after Robert Abbott's puzzle:
//! the statement's sample is `examples/minotaur.in`, and the test cases
//! set the traps solvers fall into: a wait that is the only way out, a
//! Minotaur held by a wall, a Theseus who starts on the exit, no escape.

use crate::family::{CaseMaker, Contest, ContestCase, Trap};

use super::{generate, random_maze};

/// The most rows and columns of the problem's mazes.
pub const MAX_SIDE: u32 = 20;

/// The problem, for `logicmaze package minotaur`.
pub fn contest() -> Contest {
    Contest {
        problem: "Theseus and the Minotaur",
        source: "logicmaze, after Robert Abbott's Mad Mazes (1990)",
        sample: include_str!("../../../examples/minotaur.in"),
        cases,
        statement: include_str!("statement.tex"),
        solution: include_str!("solution.cpp"),
        traps: &[
            Trap {
                name: "no-waiting",
                about: "never lets Theseus wait",
            },
            Trap {
                name: "minotaur-through-walls",
                about: "lets the Minotaur step through walls",
            },
            Trap {
                name: "no-turn-on-the-exit",
                about: "answers no turn at all when Theseus starts on the exit",
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
        generate,
        random: random_maze,
    };
    let judges = (MAX_SIDE, MAX_SIDE);
    vec![
        ContestCase::new(
            "wait-to-escape",
            "waiting is the only way out: a solver without a wait finds no escape",
            WAIT.to_string(),
        ),
        ContestCase::new(
            "behind-a-wall",
            "the Minotaur is held by a wall: a solver that lets him through walls finds no escape",
            BEHIND.to_string(),
        ),
        ContestCase::new(
            "start-on-the-exit",
            "Theseus starts on the exit: he escapes by his first turn, a wait (one turn, not none)",
            ON_THE_EXIT.to_string(),
        ),
        ContestCase::new(
            "no-escape",
            "mazes without an escape: cornered at once, and a larger one",
            NO_ESCAPE.to_string() + &make.unsolvable("Nowhere To Run", (8, 8), seed),
        ),
        ContestCase::new(
            "names-with-spaces",
            "names are whole lines, with spaces inside them",
            make.generated("Theseus  And The  Minotaur", (6, 6), 20, seed + 1),
        ),
        ContestCase::new(
            "long-unique-routes",
            format!("mazes up to {MAX_SIDE}×{MAX_SIDE}, the largest, with one long escape each"),
            make.generated("Long Chase 8", (8, 8), 36, seed + 2)
                + &make.generated("Long Chase 12", (12, 12), 60, seed + 3)
                + &make.generated("Long Chase 20", judges, 72, seed + 4),
        ),
        ContestCase::new(
            "largest",
            format!("random {MAX_SIDE}×{MAX_SIDE} mazes, the largest"),
            (0..3)
                .map(|i| {
                    make.random(
                        &format!("Random {MAX_SIDE}x{MAX_SIDE} {}", i + 1),
                        judges,
                        seed + 10 + i,
                    )
                })
                .collect(),
        ),
        ContestCase::large(
            "far-larger",
            "far past the limit: 40×40 and 60×60 (13 million states)",
            make.random("Huge 40", (40, 40), seed + 20)
                + &make.random("Huge 60", (60, 60), seed + 21),
        ),
    ]
}

const WAIT: &str = "Wait For It
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

const BEHIND: &str = "Behind The Wall
MINOTAUR 3 4
+---+---+---+---+
  E   M         |
+   +---+---+   +
|           |   |
+   +---+---+   +
|             T |
+---+---+---+---+
";

const ON_THE_EXIT: &str = "Already Out
MINOTAUR 2 2
+   +---+
| TE  M |
+   +   +
|       |
+---+---+
";

const NO_ESCAPE: &str = "No Escape
MINOTAUR 1 3
+---+---+---+
| T   M   E
+---+---+---+
";
