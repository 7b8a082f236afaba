//! What a family that was a contest problem gives `logicmaze package`
//! (the feature `contest`): the capability ([`ContestFamily`]), the
//! problem ([`Contest`]) with its statement, its limits
//! ([`ProblemLimits`]) and a solution, its test cases ([`ContestCase`]),
//! the traps they set ([`Trap`]), and the maker of their generated,
//! random and hardened mazes ([`CaseMaker`]). The tools are the package's,
//! shown as [`package::problem`](crate::package::problem); they stand
//! here, in the family layer, because each family's folder makes its own
//! cases with them.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::analysis::Uniqueness;
use crate::generate::{GenerateError, GenerateOptions, Generated};
use crate::search::parallel;

use super::FamilyMaze;
pub use super::draws::{NameRule, Names, SPACED_NAME_MOST};
use super::draws::{judges_text, preferring_a_route};

/// What a family that was a contest problem offers `logicmaze package`
/// ([`package`](crate::package)), by
/// [`Family::contest`](super::Family::contest): the problem it was.
///
/// ```
/// use logicmaze::family::{ContestFamily, Families};
/// let dice = Families::BUILT_IN.named("dice").unwrap();
/// let contest: &dyn ContestFamily = dice.contest().unwrap();
/// assert_eq!(contest.problem().problem, "A Dicey Problem");
/// ```
pub trait ContestFamily: Sync {
    /// The problem: its name, source, sample, limits, statement,
    /// solution, traps and the maker of its test cases.
    fn problem(&self) -> Contest;
}

/// A contest problem, as `logicmaze package` writes its package.
#[derive(Clone, Copy)]
pub struct Contest {
    /// The problem's name: `Abbott's Revenge`.
    pub problem: &'static str,
    /// Where it was set: `ICPC World Finals 2000`.
    pub source: &'static str,
    /// The statement's sample input, in the judges' format with its END.
    pub sample: &'static str,
    /// The limits the problem states by default: the contest's own.
    pub limits: ProblemLimits,
    /// What a name is, as the original statement says: the rule of
    /// [`Names::Words`].
    pub word_names: NameRule,
    /// Whether the statement promises that a maze with a route has
    /// exactly one shortest route: every test case keeps the promise.
    pub unique_routes: bool,
    /// The most states a `side × side` maze has (arrow: a square and a
    /// heading; dice: a square and the die's way up; Theseus: his square
    /// and the Minotaur's): the ceiling of the states a test case's search
    /// can reach, within limits of that side.
    pub state_ceiling: fn(side: u32) -> u64,
    /// The largest side a setter may ask for: past it, making the hardest
    /// test cases would take too long.
    pub most_side: u32,
    /// The test cases made from a seed within the limits: the same seed
    /// and limits, the same cases.
    pub cases: fn(seed: u64, limits: ProblemLimits) -> Vec<ContestCase>,
    /// The problem statement in LaTeX as problemtools reads it, without
    /// its `\problemname` line: the rules, then `\section*{Input}` and
    /// `\section*{Output}`. The package writes the limits where it says
    /// [`MAX_SIDE`] and [`MAX_MAZES`], the sentence on the layout where it
    /// says [`LAYOUT`], and the sample's picture ([`SAMPLE_PICTURE`])
    /// where it says [`PICTURE`].
    pub statement: &'static str,
    /// Inputs that break the family's own rules of the input within
    /// `limits` (each number's bounds, the body's form), each named for the
    /// rule: the input validator must refuse each.
    pub invalid_inputs: fn(ProblemLimits) -> Vec<(&'static str, String)>,
    /// The maze and its rules in C++, for the package's validators: a
    /// `struct Maze`, `read_maze` reading a maze's lines after its name to
    /// the letter of the format, the route's layout (`ROUTE_PER_LINE`,
    /// `ROUTE_SEPARATOR`, `COMMA_AT_LINE_END`) and `replay` judging a
    /// route by the rules.
    pub judge: &'static str,
    /// A solution in Python 3 with its standard library alone, accepted
    /// too: the time limit the judging tools set from the accepted
    /// submissions covers Python.
    pub python: &'static str,
    /// A solution in C++, the package's accepted submission. Defining a
    /// trap's [`Trap::macro_name`] makes it fall into that trap.
    pub solution: &'static str,
    /// The traps the test cases set, each a submission: the solution with
    /// the trap's macro defined.
    pub traps: &'static [Trap],
}

/// The limits a problem states, which its input validator enforces and
/// its test data keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemLimits {
    /// The most rows and the most columns of a maze.
    pub max_side: u32,
    /// The most mazes in one input.
    pub max_mazes: u32,
    /// What a maze's name may be.
    pub names: Names,
}

/// Where a statement states the most rows and columns.
pub const MAX_SIDE: &str = "@MAX_SIDE@";
/// Where a statement states the most mazes in an input.
pub const MAX_MAZES: &str = "@MAX_MAZES@";
/// Where a statement says what a maze's name is ([`NameRule::sentence`]).
pub const NAME: &str = "@NAME@";
/// Where a statement says how the output's layout is judged.
pub const LAYOUT: &str = "@LAYOUT@";
/// Where a statement shows the sample's picture.
pub const PICTURE: &str = "@PICTURE@";

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
    /// The verdict the test data gives a solver that falls into it.
    pub verdict: Expected,
    /// Whether it is a fault of the output's layout alone, which only a
    /// strict judge of the layout catches.
    pub layout: bool,
    /// Whether it is a fault of reading names, which only names with
    /// spaces catch ([`Names::Spaced`]).
    pub spaced: bool,
}

/// The verdict a trap's submission must get, as Kattis names the folder
/// of such submissions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A wrong answer: `submissions/wrong_answer/`.
    WrongAnswer,
    /// Too slow: `submissions/time_limit_exceeded/`.
    TimeLimitExceeded,
}

impl Expected {
    /// The folder under `submissions/` of the submissions that get it.
    pub fn folder(self) -> &'static str {
        match self {
            Expected::WrongAnswer => "wrong_answer",
            Expected::TimeLimitExceeded => "time_limit_exceeded",
        }
    }
}

impl Trap {
    /// A trap whose solver gives a wrong answer.
    pub const fn wrong(name: &'static str, about: &'static str) -> Trap {
        Trap {
            name,
            about,
            verdict: Expected::WrongAnswer,
            layout: false,
            spaced: false,
        }
    }

    /// A trap whose solver reads names wrongly: a wrong answer where
    /// names may hold spaces.
    pub const fn spaced(name: &'static str, about: &'static str) -> Trap {
        Trap {
            spaced: true,
            ..Trap::wrong(name, about)
        }
    }

    /// A trap whose solver lays its output out wrongly: a wrong answer
    /// where the layout is judged.
    pub const fn layout(name: &'static str, about: &'static str) -> Trap {
        Trap {
            layout: true,
            ..Trap::wrong(name, about)
        }
    }

    /// A trap whose solver is too slow.
    pub const fn slow(name: &'static str, about: &'static str) -> Trap {
        Trap {
            verdict: Expected::TimeLimitExceeded,
            ..Trap::wrong(name, about)
        }
    }

    /// The macro that makes the family's solution fall into the trap:
    /// `TRAP_` and the name in capitals, `-` written `_`.
    ///
    /// ```
    /// use logicmaze::package::problem::Trap;
    /// let trap = Trap::wrong("empty-route", "answers the empty route");
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
    /// What it holds and tests, for the package's notes.
    pub about: String,
    /// The traps ([`Trap::name`]) it is made to catch: each trap's
    /// submission fails on it.
    pub traps: &'static [&'static str],
    /// The mazes, in the judges' input format, without `END`.
    pub input: String,
}

impl ContestCase {
    /// A case that catches no trap in particular.
    pub fn new(name: &'static str, about: impl Into<String>, input: String) -> ContestCase {
        ContestCase {
            name,
            about: about.into(),
            traps: &[],
            input,
        }
    }

    /// The case, made to catch `traps`.
    pub fn catching(self, traps: &'static [&'static str]) -> ContestCase {
        ContestCase { traps, ..self }
    }

    /// The case of names with spaces, `input`, catching the trap
    /// `name-as-a-word`, if `names` has them: the package shows it as a
    /// sample too.
    pub fn spaced_names(names: Names, input: impl FnOnce() -> String) -> Option<ContestCase> {
        (names == Names::Spaced).then(|| {
            ContestCase::new(
                SPACED_NAMES_CASE,
                "names are whole lines, with spaces inside them",
                input(),
            )
            .catching(&["name-as-a-word"])
        })
    }
}

/// The name of the case of names with spaces
/// ([`ContestCase::spaced_names`]).
pub const SPACED_NAMES_CASE: &str = "names-with-spaces";

/// Makes a family's mazes for test cases, in the judges' format under a
/// name of the case's: from its generator, its random mazes, or a random
/// maze changed until its search is as wide as can be found.
pub struct CaseMaker<M> {
    /// The family's generator.
    pub generate: fn(&GenerateOptions) -> Result<Generated<M>, GenerateError>,
    /// The family's random mazes: seed, rows, columns, and a density from
    /// 0 to 100 of what the family's mazes hold (signs, wild squares,
    /// walls), as the family reads it.
    pub random: fn(u64, u32, u32, u32) -> M,
    /// Changes one part of a maze (a sign, a square, a wall) at random.
    pub mutate: fn(&mut M, &mut ChaCha8Rng),
    /// How the names it is given are written ([`Names::of`]).
    pub names: Names,
    /// Whether every maze it makes must have one shortest route or none
    /// ([`Contest::unique_routes`]).
    pub unique: bool,
}

/// What a hardened maze is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hard {
    /// A route, and as many states reachable from the start as can be
    /// found, then as many of them as a breadth-first search visits
    /// before it finds the route.
    Solvable,
    /// No route, and as many states as can be found to visit before a
    /// search can say so.
    Unsolvable,
}

impl<M: FamilyMaze + Clone + Send> CaseMaker<M> {
    /// A `rows × cols` maze with one shortest route of `length` moves or
    /// more (a random maze if the generator gives up).
    pub fn generated(
        &self,
        name: &str,
        (rows, cols): (u32, u32),
        length: usize,
        seed: u64,
    ) -> String {
        let name = &self.names.of(name);
        let options = GenerateOptions::new(rows, cols)
            .with_min_length(length)
            .with_seed(seed)
            .with_name(name);
        match (self.generate)(&options) {
            Ok(made) => judges_text(name, &made.maze),
            Err(_) => self.random(name, (rows, cols), seed),
        }
    }

    /// A random `rows × cols` maze of the family's usual density (the
    /// first from `seed` on that [`allows`](Self::allows)).
    pub fn random(&self, name: &str, (rows, cols): (u32, u32), seed: u64) -> String {
        let maze = (seed..seed.saturating_add(10_000))
            .map(|seed| (self.random)(seed, rows, cols, 50))
            .find(|maze| self.allows(maze))
            .unwrap_or_else(|| (self.random)(seed, rows, cols, 0));
        judges_text(&self.names.of(name), &maze)
    }

    /// Whether `maze` may stand in a test case: any maze, or where routes
    /// must be unique, one with one shortest route or none.
    pub fn allows(&self, maze: &M) -> bool {
        !self.unique || maze.analyse().verdict != Uniqueness::Ambiguous
    }

    /// The first random `rows × cols` maze from `seed` on with no route.
    pub fn unsolvable(&self, name: &str, (rows, cols): (u32, u32), seed: u64) -> String {
        (seed..seed.saturating_add(10_000))
            .map(|seed| (self.random)(seed, rows, cols, 50))
            .find(|maze| maze.solve().is_none())
            .map_or(String::new(), |maze| {
                judges_text(&self.names.of(name), &maze)
            })
    }

    /// `count` random mazes named `prefix 1`, `prefix 2`, ..., of sides
    /// from 1 to `side` and densities from 0 to 100, drawn from `seed`.
    /// Random mazes are mostly without a route, which a solution finds
    /// out quickly: three in four are drawn again, up to twenty times,
    /// until one has a route.
    pub fn many(&self, prefix: &str, count: u32, side: u32, seed: u64) -> String {
        use rand::Rng;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (1..=count)
            .map(|i| {
                let rows = rng.gen_range(1..=side);
                let cols = rng.gen_range(1..=side);
                let density = rng.gen_range(0..=100);
                let draws = if i % 4 == 0 { 1 } else { 20 };
                let mut draw = || (self.random)(rng.r#gen(), rows, cols, density);
                let mut maze = preferring_a_route(draws, &mut draw, |maze| {
                    maze.solve().is_some() && self.allows(maze)
                });
                // Most random mazes have no route, so this ends soon.
                for _ in 0..10_000 {
                    if self.allows(&maze) {
                        break;
                    }
                    maze = draw();
                }
                judges_text(&self.names.of(&format!("{prefix} {i}")), &maze)
            })
            .collect()
    }

    /// A `rows × cols` maze made for `hard`: the best of a few random
    /// mazes, then changed a part at a time for `steps` changes, keeping
    /// each change that leaves it as wide a search, or wider.
    pub fn hardened(
        &self,
        name: &str,
        (rows, cols): (u32, u32),
        hard: Hard,
        steps: u32,
        seed: u64,
    ) -> String {
        let width = |maze: &M| match hard {
            Hard::Solvable => {
                let analysis = maze.analyse();
                analysis.moves?;
                if self.unique && analysis.verdict == Uniqueness::Ambiguous {
                    return None;
                }
                Some((analysis.reached_states, maze.search().reached))
            }
            Hard::Unsolvable => {
                let found = maze.search();
                found.route.is_none().then_some((found.reached, 0))
            }
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // The widest of 64 random mazes, the last of equally wide ones.
        let starts: Vec<u64> = (0..64).collect();
        let mut best = parallel::map(&starts, |&i| {
            let maze = (self.random)(seed.wrapping_add(i), rows, cols, 50 + i as u32 % 50);
            width(&maze).map(|w| (w, maze))
        })
        .into_iter()
        .flatten()
        .max_by_key(|(w, _)| *w);
        for _ in 0..steps {
            let Some((score, maze)) = &best else { break };
            let mut changed = maze.clone();
            (self.mutate)(&mut changed, &mut rng);
            if let Some(wider) = width(&changed).filter(|w| w >= score) {
                best = Some((wider, changed));
            }
        }
        best.map_or_else(String::new, |(_, maze)| {
            judges_text(&self.names.of(name), &maze)
        })
    }
}

impl<M: FamilyMaze + Clone + Send> CaseMaker<M> {
    /// The case of `count` `side × side` mazes, the largest, each with one
    /// shortest route of `length` moves or more, catching `traps`.
    pub fn long_routes(
        &self,
        seed: u64,
        side: u32,
        (count, length): (u64, usize),
        traps: &'static [&'static str],
    ) -> ContestCase {
        ContestCase::new(
            "long-unique-routes",
            format!(
                "{side}×{side} mazes, the largest, with one shortest route of {length} moves \
                 or more each: routes over several lines"
            ),
            (0..count)
                .map(|i| {
                    self.generated(
                        &format!("Long Route {}", i + 1),
                        (side, side),
                        length,
                        seed + i,
                    )
                })
                .collect(),
        )
        .catching(traps)
    }

    /// The cases of the widest searches at `side × side`: two mazes with a
    /// route hardened for `steps.0` changes, then two files of one maze
    /// each without a route hardened for `steps.1` (so that an exhaustive
    /// search runs out of time on two files), those catching `traps`.
    pub fn widest(
        &self,
        seed: u64,
        side: u32,
        steps: (u32, u32),
        traps: &'static [&'static str],
    ) -> [ContestCase; 3] {
        let hardened = |name: String, hard: Hard, steps: u32, seed: u64| {
            self.hardened(&name, (side, side), hard, steps, seed)
        };
        let wide = parallel::map(&[0, 1], |&i| {
            hardened(
                format!("Wide Search {}", i + 1),
                Hard::Solvable,
                steps.0,
                seed + 40 + i,
            )
        });
        let whole = parallel::map(&[0, 1], |&i| {
            hardened(
                format!("Nowhere {}", i + 1),
                Hard::Unsolvable,
                steps.1,
                seed + 50 + i,
            )
        });
        let about = format!(
            "a {side}×{side} maze without a route, in which a search visits as many states as \
             could be found before it can say so"
        );
        [
            ContestCase::new(
                "widest-searches",
                format!(
                    "{side}×{side} mazes with a route, in which as many states as could be \
                     found are reachable, and a breadth-first search visits as many of them \
                     as could be found before the route"
                ),
                wide.concat(),
            ),
            ContestCase::new("whole-searches", about.clone(), whole[0].clone()).catching(traps),
            ContestCase::new("whole-searches-again", about, whole[1].clone()).catching(traps),
        ]
    }
}

impl<M: FamilyMaze + Clone + Send> CaseMaker<M> {
    /// The cases of routes whose last line of the output is full (their
    /// positions a multiple of the family's per line): two mazes of side
    /// up to half the largest, and two of the largest side, in two files,
    /// catching `traps`. Random mazes are drawn until such routes are
    /// found (at most 20,000 for each file: most have no route).
    pub fn full_last_lines(
        &self,
        seed: u64,
        side: u32,
        traps: &'static [&'static str],
    ) -> [ContestCase; 2] {
        let found = |prefix: &str, side: u32, seed: u64| -> String {
            let mut text = String::new();
            let mut kept = 0;
            for i in 0..20_000u64 {
                let maze = (self.random)(seed.wrapping_add(i), side, side, 40 + i as u32 % 60);
                let per_line = maze.family().route_layout().per_line;
                let full = (maze.solve())
                    .map(|route| route.moves() + 1)
                    .filter(|positions| positions % per_line == 0);
                if full.is_some() && self.allows(&maze) {
                    kept += 1;
                    text += &judges_text(&self.names.of(&format!("{prefix} {kept}")), &maze);
                    if kept == 2 {
                        break;
                    }
                }
            }
            text
        };
        let half = side.div_ceil(2).max(2);
        [
            ContestCase::new(
                "full-last-lines",
                format!("{half}×{half} mazes whose routes fill their last line of positions"),
                found("Full Line", half, seed + 60),
            )
            .catching(traps),
            ContestCase::new(
                "full-last-lines-largest",
                format!("{side}×{side} mazes whose routes fill their last line of positions"),
                found("Full Line Large", side, seed + 70),
            )
            .catching(traps),
        ]
    }
}

/// The random test cases every contest has, within `limits`: random
/// mazes of the largest size, then files of random mazes of every size
/// and density (the first holds the most mazes an input may, and there
/// are at least [`RANDOM_MAZES`] in all).
pub fn random_cases<M: FamilyMaze + Clone + Send>(
    make: &CaseMaker<M>,
    seed: u64,
    limits: ProblemLimits,
) -> Vec<ContestCase> {
    let side = limits.max_side;
    let mut cases = vec![ContestCase::new(
        "largest",
        format!("random {side}×{side} mazes, the largest"),
        (0..4)
            .map(|i| make.random(&format!("Largest {}", i + 1), (side, side), seed + 10 + i))
            .collect(),
    )];
    let most = limits.max_mazes.max(1);
    let mut made = 0;
    while made < RANDOM_MAZES {
        let count = most.min(RANDOM_MAZES.max(most) - made);
        let file = cases.len() as u64;
        cases.push(ContestCase::new(
            "random-mazes",
            format!("{count} random mazes of sides 1 to {side}, of every density"),
            make.many("Random", count, side, seed + 100 + file),
        ));
        made += count;
    }
    cases
}

/// The fewest random mazes of [`random_cases`] in all.
pub const RANDOM_MAZES: u32 = 120;
