//! A contest problem package: the files of a problem in the ICPC / Kattis
//! problem package format (the legacy format, which Kattis's
//! `verifyproblem` checks and DOMjudge imports), for a family that was a
//! contest problem ([`Family::contest`]).
//!
//! The package holds:
//!
//! - `problem.yaml`: the name, a uuid made from the command that writes it,
//!   the author, the source, the license and custom validation;
//! - `problem_statement/problem.en.tex`, the family's statement, with
//!   `sample.png`, the sample's first maze and its route drawn;
//! - the statement's sample in `data/sample/`, the family's test cases in
//!   `data/secret/`, each described in its `.desc`, every `.ans` written
//!   by the solver;
//! - the validators, in source (C++17 with the standard library alone,
//!   which every judging system builds and a head judge reads):
//!   `input_validators/validate.cpp` and `output_validators/judge.cpp`,
//!   which replays a team's routes by the rules;
//! - `submissions/accepted/`: the family's solutions in C++ and Python;
//!   a submission for each trap, the C++ solution falling into it, in
//!   `wrong_answer/` or `time_limit_exceeded/`.
//!
//! That is the legacy format; [`PackageFormat::V2025_09`] moves it into
//! the format of 2025-09 and adds cases for the validators and a
//! `generators/generators.yaml`.
//!
//! The files are returned, not written: the command line writes them.
//! [`package`] makes them all; the statement's picture is as wide as
//! [`picture_width`] says, and the test cases are read back for the head
//! judge's report by [`case_figures`] and [`described_traps`].
//!
//! ```
//! use logicmaze::package::{package, PackageOptions};
//! let files = package(&logicmaze::family::dice::Dice, &PackageOptions::new(1))?;
//! let names: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
//! assert!(names.contains(&"problem.yaml"));
//! assert!(names.contains(&"problem_statement/problem.en.tex"));
//! assert!(names.contains(&"data/sample/1.in") && names.contains(&"data/sample/1.ans"));
//! assert!(names.contains(&"data/secret/01-leave-and-return.ans"));
//! assert!(names.contains(&"output_validators/judge.cpp"));
//! assert!(names.contains(&"submissions/wrong_answer/mirrored-die.cpp"));
//! # Ok::<(), logicmaze::package::PackageError>(())
//! ```

mod cases;
mod current;
mod invalid;
mod metadata;
pub mod problem;
mod statement;
mod validators;

use std::fmt::Write;

use crate::draw::{Fonts, RenderError};
use crate::family::Family;
use crate::family::contest::{
    Contest, ContestCase, Names, ProblemLimits, SAMPLE_PICTURE, SPACED_NAMES_CASE,
};
use crate::read::ParseError;
use crate::verify::Layout;
use cases::{Needs, description, test_case};
use statement::{latex, sample_picture, statement};
use validators::validators;

pub use cases::{CaseFigures, TRAPS_LINE, answer_fault, case_figures, described_traps};
pub use current::{PackageFormat, TimeLimit, UnknownPackageFormat};
pub use metadata::written_by;
use metadata::{check_rights, command, problem_yaml};
pub use statement::{SMALLEST_PRINTED, TEXT_WIDTH, picture_width};

/// One file of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageFile {
    /// Its path inside the package, with `/`.
    pub path: String,
    /// Its bytes.
    pub contents: Vec<u8>,
}

/// Why a package cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackageError {
    /// The family was no contest problem.
    #[error("{0} mazes were not a contest problem: no package can be made for them")]
    NoContest(&'static str),
    /// A test case the family made does not read back (a bug).
    #[error("test case {case} does not read back: {error}")]
    BadCase {
        /// The case's name.
        case: String,
        /// What the reader said, the source (boxed: a package's error
        /// stays small).
        #[source]
        error: Box<ParseError>,
    },
    /// The sample holds no maze to draw (a bug).
    #[error("the sample's picture cannot be drawn: the sample holds no maze")]
    NoSample,
    /// The sample's picture cannot be drawn (a bug): why, the source.
    #[error("the sample's picture cannot be drawn: {0}")]
    Picture(#[source] RenderError),
    /// The limits asked for are out of range: a side from `least_side` to
    /// `most`, and from `least_mazes` to [`MOST_MAZES`] mazes an input.
    #[error(
        "{family} mazes go from {least_side}×{least_side} to {most}×{most} in a package, and an input holds from {least_mazes} to {MOST_MAZES} mazes"
    )]
    LimitsOutOfRange {
        /// The family's name.
        family: &'static str,
        /// The smallest side its test cases can keep.
        least_side: u32,
        /// The largest side its packages allow.
        most: u32,
        /// The fewest mazes an input may be limited to that its test cases
        /// can keep.
        least_mazes: u32,
    },
    /// A test case the family cannot do without has a maze wider or
    /// taller than the largest side allowed.
    #[error("{maze} has {side} rows or columns, more than the largest side allowed")]
    SideOverLimit {
        /// Which maze, in which case.
        maze: String,
        /// Its larger side: the least the limit may be.
        side: u32,
    },
    /// A test case the family cannot do without holds more mazes than an
    /// input may.
    #[error("test case {case} holds {mazes} mazes, more than an input may")]
    MazesOverLimit {
        /// The case's name.
        case: String,
        /// Its mazes: the least the limit may be.
        mazes: usize,
    },
    /// A maze of a test case has a name the statement does not allow (a
    /// bug).
    #[error("maze '{name}' of test case {case} has a name the statement does not allow")]
    BadName {
        /// The case's name.
        case: String,
        /// The maze's name.
        name: String,
    },
    /// A maze of a test case has two or more shortest routes, where the
    /// statement promises one (a bug).
    #[error("{maze} has two or more shortest routes, where the statement promises one")]
    AmbiguousMaze {
        /// Which maze, in which case.
        maze: String,
    },
    /// A rights owner for a problem in the public domain, which no one
    /// owns: Kattis refuses the package.
    #[error(
        "a problem in the public domain has no rights owner: leave out the rights owner, or choose another license"
    )]
    OwnerOfPublicDomain,
    /// A license that claims rights, with no one said to hold them: Kattis
    /// would take the problem's source as the owner.
    #[error(
        "a problem under {license} needs a rights owner (else Kattis takes its source, {origin}, as the owner): give one, or leave the problem in the public domain"
    )]
    NoRightsOwner {
        /// The license, as problem.yaml names it.
        license: &'static str,
        /// The problem's source.
        origin: &'static str,
    },
    /// A rights owner that problem.yaml cannot hold on one line.
    #[error("the rights owner {0:?} holds a line break or another control character")]
    OwnerNotOneLine(String),
    /// An author that problem.yaml cannot hold on one line.
    #[error("the author {0:?} holds a line break or another control character")]
    AuthorNotOneLine(String),
}

/// The license problem.yaml gives the problem, one of those the format
/// knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum License {
    /// `cc by-sa`: Creative Commons Attribution-ShareAlike.
    CcBySa,
    /// `cc by`: Creative Commons Attribution.
    CcBy,
    /// `cc0`: no rights reserved.
    Cc0,
    /// `public domain`.
    PublicDomain,
    /// `educational`: free for educational use.
    Educational,
    /// `permission`: used with the rights owner's permission.
    Permission,
    /// `unknown` (Kattis warns of it).
    Unknown,
}

impl License {
    /// Every license, in the order `--help` lists them.
    pub const ALL: [License; 7] = [
        License::CcBySa,
        License::CcBy,
        License::Cc0,
        License::PublicDomain,
        License::Educational,
        License::Permission,
        License::Unknown,
    ];

    /// Its name in problem.yaml.
    ///
    /// ```
    /// use logicmaze::package::License;
    /// assert_eq!(License::CcBySa.name(), "cc by-sa");
    /// assert_eq!("cc-by-sa".parse::<License>(), Ok(License::CcBySa));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            License::CcBySa => "cc by-sa",
            License::CcBy => "cc by",
            License::Cc0 => "cc0",
            License::PublicDomain => "public domain",
            License::Educational => "educational",
            License::Permission => "permission",
            License::Unknown => "unknown",
        }
    }
}

impl std::str::FromStr for License {
    type Err = UnknownLicense;

    /// A license by its name in problem.yaml, or with `-` for its spaces.
    fn from_str(name: &str) -> Result<License, UnknownLicense> {
        License::ALL
            .into_iter()
            .find(|license| license.name() == name || license.name().replace(' ', "-") == name)
            .ok_or_else(|| UnknownLicense {
                name: name.to_string(),
            })
    }
}

/// A name no [`License`] has.
///
/// ```
/// use logicmaze::package::License;
/// let error = "gpl".parse::<License>().unwrap_err();
/// assert_eq!((error.name.as_str(), error.to_string().as_str()), ("gpl", r#"no license is called "gpl""#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no license is called {name:?}")]
#[non_exhaustive]
pub struct UnknownLicense {
    /// The name given.
    pub name: String,
}

/// How to make a package. Made by [`PackageOptions::new`] and the `with_*`
/// methods, so that an option added later has its default.
///
/// ```
/// use logicmaze::package::{package, License, PackageOptions};
/// let options = PackageOptions::new(1)
///     .with_license(License::Cc0)
///     .with_rights_owner(Some("The judges".to_string()));
/// let files = package(&logicmaze::family::dice::Dice, &options)?;
/// let yaml = files.iter().find(|f| f.path == "problem.yaml").unwrap();
/// assert!(String::from_utf8_lossy(&yaml.contents).contains("license: cc0\n"));
/// # Ok::<(), logicmaze::package::PackageError>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct PackageOptions {
    /// The seed of the generated test cases: the same seed, the same files.
    pub seed: u64,
    /// The problem's license.
    pub license: License,
    /// Who holds the rights, if it is said; without it, under a license
    /// but the public domain, Kattis takes the problem's source as its
    /// owner.
    pub rights_owner: Option<String>,
    /// The fonts the sample's picture is drawn with.
    pub fonts: Fonts,
    /// The limits the problem states, which its data keeps and its input
    /// validator enforces; by default the contest's own.
    pub limits: Option<ProblemLimits>,
    /// How the output validator judges the layout: strictly, byte for byte
    /// (the default), or the positions alone.
    pub layout: Layout,
    /// The problem package format: the legacy one by default.
    pub format: PackageFormat,
    /// Who problem.yaml credits as the problem's author: by default
    /// [`AUTHOR`].
    pub author: String,
}

/// The author problem.yaml credits by default: the statement and the data
/// are logicmaze's, the puzzle and its rules Robert Abbott's (who wrote
/// neither package). A setter gives their own name with `--author`.
pub const AUTHOR: &str = "logicmaze (after Robert Abbott)";

impl PackageOptions {
    /// The options for `seed`: in the public domain (no one's rights
    /// claimed), no rights owner, a picture
    /// drawn without fonts, the
    /// contest's limits, the layout judged strictly.
    pub fn new(seed: u64) -> PackageOptions {
        PackageOptions {
            seed,
            license: License::PublicDomain,
            rights_owner: None,
            fonts: Fonts::none(),
            limits: None,
            layout: Layout::Strict,
            format: PackageFormat::Legacy,
            author: AUTHOR.to_string(),
        }
    }
}

impl PackageOptions {
    /// The same options with another [`license`](PackageOptions::license):
    /// [`License::PublicDomain`] by default, which claims no one's rights
    /// (and so takes no rights owner).
    pub fn with_license(mut self, license: License) -> PackageOptions {
        self.license = license;
        self
    }

    /// The same options with another
    /// [`rights_owner`](PackageOptions::rights_owner): none by default.
    pub fn with_rights_owner(mut self, rights_owner: Option<String>) -> PackageOptions {
        self.rights_owner = rights_owner;
        self
    }

    /// The same options with other [`fonts`](PackageOptions::fonts) for the
    /// sample's picture: [`Fonts::none`] by default.
    pub fn with_fonts(mut self, fonts: Fonts) -> PackageOptions {
        self.fonts = fonts;
        self
    }

    /// The same options with other [`limits`](PackageOptions::limits): by
    /// default none, the contest's own.
    pub fn with_limits(mut self, limits: Option<ProblemLimits>) -> PackageOptions {
        self.limits = limits;
        self
    }

    /// The same options in another [`format`](PackageOptions::format):
    /// [`PackageFormat::Legacy`] by default.
    pub fn with_format(mut self, format: PackageFormat) -> PackageOptions {
        self.format = format;
        self
    }

    /// The same options with another [`author`](PackageOptions::author):
    /// [`AUTHOR`] by default.
    pub fn with_author(mut self, author: impl Into<String>) -> PackageOptions {
        self.author = author.into();
        self
    }

    /// The same options with another [`layout`](PackageOptions::layout):
    /// [`Layout::Strict`] by default.
    pub fn with_layout(mut self, layout: Layout) -> PackageOptions {
        self.layout = layout;
        self
    }
}

/// The package of `family`'s contest problem, as `options` say.
///
/// # Errors
///
/// [`PackageError::NoContest`] when the family was no contest problem;
/// [`PackageError::LimitsOutOfRange`] for limits out of range (a side of
/// 0 or past the contest's largest, no mazes or more than
/// [`MOST_MAZES`]), with the real ranges;
/// [`PackageError::SideOverLimit`] and [`PackageError::MazesOverLimit`]
/// for limits a test case the family cannot do without breaks.
/// [`PackageError::Picture`], [`PackageError::NoSample`] and
/// [`PackageError::BadCase`] say the
/// family's own data is at fault: a sample that cannot be drawn, a test
/// case that does not read back.
///
/// ```
/// use logicmaze::family::Families;
/// use logicmaze::package::problem::ProblemLimits;
/// use logicmaze::package::{package, PackageError, PackageOptions};
/// let arrow = Families::BUILT_IN.named("arrow").unwrap();
/// let none = ProblemLimits { max_side: 0, max_mazes: 1, names: Default::default() };
/// let refused = package(arrow, &PackageOptions::new(1).with_limits(Some(none)));
/// let Err(PackageError::LimitsOutOfRange { least_side, most, .. }) = refused else { panic!() };
/// assert_eq!((least_side, most), (3, 100));
/// ```
pub fn package(
    family: &'static dyn Family,
    options: &PackageOptions,
) -> Result<Vec<PackageFile>, PackageError> {
    let contest = family
        .contest()
        .ok_or(PackageError::NoContest(family.name()))?
        .problem();
    let limits = options.limits.unwrap_or(contest.limits);
    check_rights(options, &contest)?;
    let sides = 1..=contest.most_side;
    if !sides.contains(&limits.max_side) || !(1..=MOST_MAZES).contains(&limits.max_mazes) {
        let (least_side, least_mazes) = least_limits(&contest, options.seed, limits.names)?;
        return Err(PackageError::LimitsOutOfRange {
            family: family.name(),
            least_side,
            most: contest.most_side,
            least_mazes,
        });
    }
    let name = family.name();
    let seed = options.seed;
    let (picture, width) = sample_picture(contest.sample, &options.fonts)?;
    let mut files = vec![
        text(
            "problem.yaml",
            problem_yaml(&contest, name, options, limits),
        ),
        text(
            "problem_statement/problem.en.tex",
            format!(
                "\\problemname{{{}}}\n\n{}",
                latex(contest.problem),
                statement(&contest, limits, options.layout, width)
            ),
        ),
        PackageFile {
            path: format!("problem_statement/{SAMPLE_PICTURE}"),
            contents: picture,
        },
    ];
    files.extend(validators(
        &contest,
        limits,
        &command(name, options, limits),
    ));
    files.extend(submissions(&contest, options.layout, limits.names));
    let data = test_data(&contest, seed, limits)?;
    data.needs.kept_by(limits)?;
    files.extend(data.files);
    files.push(text(
        "README.md",
        readme(&contest, name, options, limits, &data.cases, &data.notes),
    ));
    Ok(match options.format {
        PackageFormat::Legacy => files,
        PackageFormat::V2025_09 => current::in_2025_09(files, &contest, limits, options.layout),
    })
}

/// The test cases written: their files, what they need of the limits,
/// the cases, and the README's line for each.
struct TestData {
    files: Vec<PackageFile>,
    needs: Needs,
    cases: Vec<ContestCase>,
    notes: String,
}

/// The sample and the secret test cases of `contest` for `seed` and
/// `limits`, written (for a package, or for the least limits they keep).
fn test_data(
    contest: &Contest,
    seed: u64,
    limits: ProblemLimits,
) -> Result<TestData, PackageError> {
    let mut needs = Needs::new(contest, limits.names);
    let mut files = test_case("data/sample/1", "sample", contest.sample, &mut needs)?.to_vec();
    let mut cases = (contest.cases)(seed, limits);
    // A maker that found no maze for a case (none of the kind at these
    // limits) leaves it empty: an input of no maze is no input.
    cases.retain(|case| !case.input.is_empty());
    cases.push(cases::name_lengths(contest, limits.names));
    // Names with spaces are stated, so a sample shows them.
    if let Some(spaced) = cases.iter().find(|case| case.name == SPACED_NAMES_CASE) {
        let input = format!("{}END\n", spaced.input);
        files.extend(test_case("data/sample/2", spaced.name, &input, &mut needs)?);
    }
    let mut notes = String::new();
    for (index, case) in cases.iter().enumerate() {
        let stem = format!("data/secret/{:02}-{}", index + 1, case.name);
        let mut input = format!("{}END\n", case.input);
        if case.name == SPACED_NAMES_CASE {
            // One maze more than the sample that shows the case, so that no
            // secret input is the sample's.
            let again = cases::first_maze_named(contest.sample, Some("Sample  Maze  Again"));
            input = format!("{}{again}END\n", case.input);
        }
        files.extend(test_case(&stem, case.name, &input, &mut needs)?);
        files.push(text(&format!("{stem}.desc"), description(case)));
        let _ = writeln!(notes, "- `{stem}`: {}", case.about);
    }
    Ok(TestData {
        files,
        needs,
        cases,
        notes,
    })
}

fn text(path: &str, contents: String) -> PackageFile {
    PackageFile {
        path: path.to_string(),
        contents: contents.into_bytes(),
    }
}

/// The accepted submission, the family's solution, and a submission for
/// each trap, in the folder of the verdict it must get: the solution with
/// the trap's macro defined. A trap of the layout alone is left out when
/// the layout is not judged.
fn submissions(contest: &Contest, layout: Layout, names: Names) -> Vec<PackageFile> {
    let mut files = vec![
        text(
            "submissions/accepted/solution.cpp",
            contest.solution.to_string(),
        ),
        text(
            "submissions/accepted/solution.py",
            contest.python.to_string(),
        ),
    ];
    for trap in judged_traps(contest, layout, names) {
        files.push(text(
            &format!("submissions/{}/{}.cpp", trap.verdict.folder(), trap.name),
            format!(
                "// The solution that {}.\n#define {}\n{}",
                trap.about,
                trap.macro_name(),
                contest.solution
            ),
        ));
    }
    files
}

/// The traps a package of `contest` judges with `layout` and `names`
/// catches.
fn judged_traps(
    contest: &Contest,
    layout: Layout,
    names: Names,
) -> impl Iterator<Item = &'static crate::family::contest::Trap> {
    (contest.traps.iter()).filter(move |trap| {
        (layout == Layout::Strict || !trap.layout) && (names == Names::Spaced || !trap.spaced)
    })
}

/// The most mazes a package's input may hold: a hundred times the
/// contest's own limits, and at it a package takes seconds to write (at a
/// million, minutes, without a word).
pub const MOST_MAZES: u32 = 10_000;

/// The least side and the fewest mazes that `contest`'s test cases with
/// `seed` keep: what they need at the smallest limits.
fn least_limits(contest: &Contest, seed: u64, names: Names) -> Result<(u32, u32), PackageError> {
    let smallest = ProblemLimits {
        max_side: 1,
        max_mazes: 1,
        names,
    };
    Ok(test_data(contest, seed, smallest)?.needs.least())
}

fn readme(
    contest: &Contest,
    family: &str,
    options: &PackageOptions,
    limits: ProblemLimits,
    cases: &[ContestCase],
    notes: &str,
) -> String {
    let layout = match options.layout {
        Layout::Strict => {
            "The validator's flag `strict` judges the layout (indentation,\n\
             positions per line, commas) byte for byte too, as the judges did."
        }
        Layout::Lenient => "The layout is not judged (`--free-layout`), and the statement says so.",
    };
    let traps: String = judged_traps(contest, options.layout, limits.names)
        .map(|trap| {
            format!(
                "- `submissions/{}/{}.cpp`: {}\n",
                trap.verdict.folder(),
                trap.name,
                trap.about
            )
        })
        .collect();
    format!(
        "# {problem} ({source})\n\n\
         Written by `{command}`; the same command\n\
         writes the same files. The statement states at most {side} rows and columns\n\
         and at most {mazes} mazes an input; the input validator enforces both, and\n\
         every test case keeps them. Every `.ans` is the answer of `logicmaze solve`; the\n\
         judges accept any shortest route, so the output validator\n\
         (`judge.cpp`) replays each route by the rules and compares\n\
         its length with the answer's, not its bytes. {layout} The validators are\n\
         C++17 with the standard library alone: a judging machine needs nothing else.\n\n\
         {check}; read its data with `logicmaze package --report DIR`.\n\n\
         Test cases ({count}, besides the sample; each described: what it tests\n\
         and which traps it catches):\n\n{notes}\n\
         Submissions: `submissions/accepted/solution.cpp` and `solution.py` solve\n\
         every case; each other is the C++ solution falling into one trap, which the test cases\n\
         catch without the sample:\n\n{traps}",
        problem = contest.problem,
        source = contest.source,
        command = command(family, options, limits),
        side = limits.max_side,
        mazes = limits.max_mazes,
        count = cases.len(),
        check = match options.format {
            PackageFormat::Legacy => "Check it with Kattis's problemtools: `verifyproblem DIR`",
            PackageFormat::V2025_09 => {
                "Check it with BAPCtools in DIR: `bt validate`, `bt constraints`,\n\
                 `bt generate` (which rebuilds data/) and `bt run`"
            }
        },
    )
}

/// Whether `name` (a package folder's name) is a Kattis short name, lower-case
/// letters and digits alone; if not, why, and a name that would do.
///
/// # Errors
///
/// A [`ShortNameError`] for an empty name, or one with anything but
/// lower-case letters and digits: its sentence says so, with a name that
/// would do (its letters and digits in lower case, or an example when it
/// has none).
///
/// ```
/// use logicmaze::package::check_short_name;
/// assert!(check_short_name("dicey2").is_ok());
/// let why = check_short_name("Dice-Problem").unwrap_err();
/// assert_eq!(why.would_do().as_deref(), Some("diceproblem"));
/// assert!(why.to_string().contains("'diceproblem' would do"), "{why}");
/// ```
pub fn check_short_name(name: &str) -> Result<(), ShortNameError> {
    let short = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match !name.is_empty() && name.bytes().all(short) {
        true => Ok(()),
        false => Err(ShortNameError {
            name: name.to_string(),
        }),
    }
}

/// Why a package folder's name is no Kattis short name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{}' is not a Kattis short name, which is lower-case letters and digits alone \
     (the folder's name is the problem's short name): {}",
    crate::verify::escaped(name),
    self.suggestion()
)]
#[non_exhaustive]
pub struct ShortNameError {
    /// The name given.
    pub name: String,
}

impl ShortNameError {
    /// A short name that would do: the name's letters and digits in lower
    /// case, if it has any.
    pub fn would_do(&self) -> Option<String> {
        let would_do: String = (self.name.chars())
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        (!would_do.is_empty()).then_some(would_do)
    }

    /// What the message suggests: the name that would do, or an example.
    fn suggestion(&self) -> String {
        match self.would_do() {
            None => "such as 'abbottsrevenge'".to_string(),
            Some(would_do) => format!("'{would_do}' would do"),
        }
    }
}
