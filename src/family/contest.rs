//! What a family that was a contest problem gives `logicmaze package`: the
//! problem ([`Contest`]) with its statement and a solution, its test cases
//! ([`ContestCase`]), the traps they set ([`Trap`]), and the maker of their
//! generated and random mazes ([`CaseMaker`]).

use crate::generate::{GenerateError, Generated, Options};

use super::FamilyMaze;

/// A contest problem, as `logicmaze package` writes its package.
#[derive(Clone, Copy)]
pub struct Contest {
    /// The problem's name: `Abbott's Revenge`.
    pub problem: &'static str,
    /// Where it was set: `ICPC World Finals 2000`.
    pub source: &'static str,
    /// The statement's sample input, in the judges' format with its END.
    pub sample: &'static str,
    /// The test cases made from a seed: the same seed, the same cases.
    pub cases: fn(seed: u64) -> Vec<ContestCase>,
    /// The problem statement in LaTeX as problemtools reads it, without
    /// its `\problemname` line: the rules, then `\section*{Input}` and
    /// `\section*{Output}`. It may show [`SAMPLE_PICTURE`], which the
    /// package draws from the sample's first maze and its route.
    pub statement: &'static str,
    /// A solution in C++, the package's accepted submission. Defining a
    /// trap's [`Trap::macro_name`] makes it fall into that trap.
    pub solution: &'static str,
    /// The traps the test cases set, each a wrong-answer submission: the
    /// solution with the trap's macro defined.
    pub traps: &'static [Trap],
}

/// The file the statement's picture of the sample is written to, beside
/// the statement.
pub const SAMPLE_PICTURE: &str = "sample.png";

/// A trap of a contest problem that a solver may fall into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    /// Its name, for the submission's file: `entrance-signs-read`.
    pub name: &'static str,
    /// What a solver that falls into it does.
    pub about: &'static str,
}

impl Trap {
    /// The macro that makes the family's solution fall into the trap:
    /// `TRAP_` and the name in capitals, `-` written `_`.
    ///
    /// ```
    /// use logicmaze::family::Trap;
    /// let trap = Trap { name: "empty-route", about: "answers the empty route" };
    /// assert_eq!(trap.macro_name(), "TRAP_EMPTY_ROUTE");
    /// ```
    pub fn macro_name(&self) -> String {
        format!("TRAP_{}", self.name.to_uppercase().replace('-', "_"))
    }
}

/// One test case of a [`Contest`]: some mazes, in the judges' format
/// without the final `END`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestCase {
    /// Its name, for its files: `start-is-goal`.
    pub name: &'static str,
    /// What trap it sets, for the package's notes.
    pub about: String,
    /// Whether its mazes pass the judges' size limit (a group of its own,
    /// whose input validator allows them).
    pub large: bool,
    /// The mazes, in the judges' input format, without `END`.
    pub input: String,
}

impl ContestCase {
    /// A case within the judges' size limit.
    pub fn new(name: &'static str, about: impl Into<String>, input: String) -> ContestCase {
        ContestCase {
            name,
            about: about.into(),
            large: false,
            input,
        }
    }

    /// A case past the judges' size limit.
    pub fn large(name: &'static str, about: impl Into<String>, input: String) -> ContestCase {
        ContestCase {
            large: true,
            ..ContestCase::new(name, about, input)
        }
    }
}

/// Makes a family's mazes for test cases, in the judges' format under a
/// name of the case's: from its generator, or its random mazes.
pub struct CaseMaker<M> {
    /// The family's generator.
    pub generate: fn(&Options) -> Result<Generated<M>, GenerateError>,
    /// The family's random mazes: seed, rows, columns.
    pub random: fn(u64, u32, u32) -> M,
}

impl<M: FamilyMaze> CaseMaker<M> {
    /// A `rows × cols` maze with one shortest route of `length` moves or
    /// more (a random maze if the generator gives up).
    pub fn generated(
        &self,
        name: &str,
        (rows, cols): (u32, u32),
        length: usize,
        seed: u64,
    ) -> String {
        let mut options = Options::new(rows, cols)
            .with_min_length(length)
            .with_seed(seed);
        options.name = name.to_string();
        match (self.generate)(&options) {
            Ok(made) => named(name, &made.maze),
            Err(_) => self.random(name, (rows, cols), seed),
        }
    }

    /// A random `rows × cols` maze.
    pub fn random(&self, name: &str, (rows, cols): (u32, u32), seed: u64) -> String {
        named(name, &(self.random)(seed, rows, cols))
    }

    /// The first random `rows × cols` maze from `seed` on with no route.
    pub fn unsolvable(&self, name: &str, (rows, cols): (u32, u32), seed: u64) -> String {
        (seed..seed.saturating_add(10_000))
            .map(|seed| (self.random)(seed, rows, cols))
            .find(|maze| maze.solve().is_none())
            .map_or(String::new(), |maze| named(name, &maze))
    }
}

impl<M: FamilyMaze> CaseMaker<M> {
    /// The cases every family's contest has, made from `seed`: long unique
    /// routes and random mazes at the judges' largest size `side`, and
    /// past it two-digit coordinates and far larger mazes (`far` on a
    /// side). `length` is the long routes' least length at `side`.
    pub fn sized_cases(&self, seed: u64, side: u32, length: usize, far: u32) -> Vec<ContestCase> {
        let judges = (side, side);
        vec![
            ContestCase::new(
                "long-unique-routes",
                format!(
                    "{side}×{side} mazes, the judges' largest, with one long shortest route each"
                ),
                (0..3)
                    .map(|i| {
                        self.generated(&format!("Long Route {}", i + 1), judges, length, seed + i)
                    })
                    .collect(),
            ),
            ContestCase::new(
                "largest",
                format!("random {side}×{side} mazes, the judges' largest"),
                (0..4)
                    .map(|i| {
                        self.random(
                            &format!("Random {side}x{side} {}", i + 1),
                            judges,
                            seed + 10 + i,
                        )
                    })
                    .collect(),
            ),
            ContestCase::large(
                "multi-digit-coordinates",
                "past the judges' limit: coordinates of two digits",
                self.generated("Two Digits", (12, 12), length * 4 / 5, seed + 20)
                    + &self.random("Two Digits Random", (20, 20), seed + 21),
            ),
            ContestCase::large(
                "far-larger",
                format!("far past the judges' limit: 100×100 and {far}×{far}"),
                self.random("Huge 100", (100, 100), seed + 30)
                    + &self.random(&format!("Huge {far}"), (far, far), seed + 31),
            ),
        ]
    }
}

/// `maze` in the judges' format under the name `name`.
fn named(name: &str, maze: &impl FamilyMaze) -> String {
    let mut out = format!("{name}\n");
    maze.write_text(&mut out);
    out
}
