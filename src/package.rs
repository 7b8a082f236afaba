//! A contest problem package: the files of a problem in the ICPC / Kattis
//! problem package format (the legacy format, which Kattis's
//! `verifyproblem` checks and DOMjudge imports), for a family that was a
//! contest problem ([`crate::family::Family::contest`]).
//!
//! The package holds:
//!
//! - `problem.yaml`: the name, a uuid made from the family and the seed,
//!   the source, the license and custom validation;
//! - `problem_statement/problem.en.tex`, the family's statement, with
//!   `sample.png`, the sample's first maze and its route drawn;
//! - the statement's sample in `data/sample/`, the family's test cases in
//!   `data/secret/` (those past the judges' size limit in
//!   `data/secret/large/`, whose `testdata.yaml` lets the input validator
//!   allow them), every `.ans` written by the solver;
//! - validators that run `logicmaze verify`: `input_validators/logicmaze`
//!   (`--input-only`) and `output_validators/logicmaze` (`--validator`),
//!   each a folder with a `build` and a `run` script and, with
//!   [`Validators::Carry`], its own copy of the program;
//! - `submissions/accepted/solution.cpp`, the family's solution, and one
//!   wrong-answer submission a trap: the solution falling into it.
//!
//! The files are returned, not written: the command line writes them.
//!
//! ```
//! use logicmaze::package::{package, Options};
//! let files = package(&logicmaze::family::dice::Dice, &Options::new(1))?;
//! let names: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
//! assert!(names.contains(&"problem.yaml"));
//! assert!(names.contains(&"problem_statement/problem.en.tex"));
//! assert!(names.contains(&"data/sample/1.in") && names.contains(&"data/sample/1.ans"));
//! assert!(names.contains(&"data/secret/01-leave-and-return.ans"));
//! assert!(names.contains(&"output_validators/logicmaze/run"));
//! assert!(names.contains(&"submissions/wrong_answer/mirrored-die.cpp"));
//! # Ok::<(), logicmaze::package::PackageError>(())
//! ```

use std::fmt::Write;

use crate::draw::Fonts;
use crate::family::Parsed;
use crate::family::{Contest, ContestCase, Family, SAMPLE_PICTURE};
use crate::text;

/// One file of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageFile {
    /// Its path inside the package, with `/`.
    pub path: String,
    /// Its bytes.
    pub contents: Vec<u8>,
    /// Whether it is a program to run (a validator's scripts and program).
    pub executable: bool,
}

/// Why a package cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackageError {
    /// The family was no contest problem.
    #[error("{0} mazes were not a contest problem: no package can be made for them")]
    NoContest(&'static str),
    /// A test case the family made does not read back (a bug).
    #[error("test case {case} does not read back: {error}")]
    BadCase {
        /// The case's name.
        case: String,
        /// What the reader said.
        error: String,
    },
    /// The sample's picture cannot be drawn (a bug).
    #[error("the sample's picture cannot be drawn: {0}")]
    Picture(String),
}

/// What the validators run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Validators<'a> {
    /// A copy of this program, the bytes given (the running executable),
    /// in each validator's folder: the package needs nothing installed on
    /// a judging machine of the platform it was built for
    /// ([`platform`]).
    Carry(&'a [u8]),
    /// `logicmaze` on the judging machine's `PATH`.
    OnPath,
}

impl std::fmt::Debug for Validators<'_> {
    /// The program's size, not its bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Validators::Carry(bytes) => write!(f, "Carry({} bytes)", bytes.len()),
            Validators::OnPath => f.write_str("OnPath"),
        }
    }
}

/// The platform this program was built for, as the validators that carry
/// a copy of it say: `x86_64-linux`.
pub fn platform() -> String {
    format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS)
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
    type Err = String;

    /// A license by its name in problem.yaml, or with `-` for its spaces.
    fn from_str(name: &str) -> Result<License, String> {
        License::ALL
            .into_iter()
            .find(|license| license.name() == name || license.name().replace(' ', "-") == name)
            .ok_or_else(|| format!("no license is called {name:?}"))
    }
}

/// How to make a package.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    /// The seed of the generated test cases: the same seed, the same files.
    pub seed: u64,
    /// The problem's license.
    pub license: License,
    /// Who holds the rights, if it is said; without it Kattis takes the
    /// problem's source as its owner.
    pub rights_owner: Option<String>,
    /// What the validators run.
    pub validators: Validators<'a>,
    /// The fonts the sample's picture is drawn with.
    pub fonts: Fonts,
}

impl Options<'_> {
    /// The options for `seed`: `cc by-sa`, no rights owner, validators
    /// that run `logicmaze` on `PATH`, a picture drawn without fonts.
    pub fn new(seed: u64) -> Options<'static> {
        Options {
            seed,
            license: License::CcBySa,
            rights_owner: None,
            validators: Validators::OnPath,
            fonts: Fonts::none(),
        }
    }
}

/// The package of `family`'s contest problem, as `options` say.
pub fn package(
    family: &'static dyn Family,
    options: &Options,
) -> Result<Vec<PackageFile>, PackageError> {
    let contest = family
        .contest()
        .ok_or(PackageError::NoContest(family.name()))?;
    let name = family.name();
    let seed = options.seed;
    let mut files = vec![
        text("problem.yaml", problem_yaml(&contest, name, options)),
        text(
            "problem_statement/problem.en.tex",
            format!(
                "\\problemname{{{}}}\n\n{}",
                latex(contest.problem),
                contest.statement
            ),
        ),
        PackageFile {
            path: format!("problem_statement/{SAMPLE_PICTURE}"),
            contents: sample_picture(contest.sample, &options.fonts)?,
            executable: false,
        },
    ];
    files.extend(validator(
        "input_validators",
        &format!("verify --input-only --family {name}"),
        "The input validator: the judges' format and size limit (flags from testdata.yaml follow)",
        options.validators,
    ));
    files.extend(validator(
        "output_validators",
        "verify --validator",
        "The output validator: any shortest legal route is accepted (validator_flags: strict judges the layout too)",
        options.validators,
    ));
    files.extend(submissions(&contest));
    files.extend(test_case("data/sample/1", "sample", contest.sample)?);
    let cases = (contest.cases)(seed);
    let mut notes = String::new();
    let mut largest = 0;
    for (index, case) in cases.iter().enumerate() {
        let folder = match case.large {
            true => "data/secret/large",
            false => "data/secret",
        };
        let stem = format!("{folder}/{:02}-{}", index + 1, case.name);
        let input = format!("{}END\n", case.input);
        files.extend(test_case(&stem, case.name, &input)?);
        if case.large {
            largest = largest.max(largest_side(&input));
        }
        let _ = writeln!(notes, "- `{stem}`: {}", case.about);
    }
    if largest > 0 {
        files.push(text(
            "data/secret/large/testdata.yaml",
            format!("# Past the judges' size limit: the input validator allows up to {largest}.\ninput_validator_flags: --max-side {largest}\n"),
        ));
    }
    files.push(text(
        "README.md",
        readme(&contest, name, options, &cases, &notes),
    ));
    Ok(files)
}

fn text(path: &str, contents: String) -> PackageFile {
    PackageFile {
        path: path.to_string(),
        contents: contents.into_bytes(),
        executable: false,
    }
}

fn program(path: String, contents: String) -> PackageFile {
    PackageFile {
        path,
        contents: contents.into_bytes(),
        executable: true,
    }
}

/// A validator's folder under `folder`: `build` and `run` scripts that run
/// `logicmaze ARGS` with the judge's arguments, and the program itself
/// when the package carries it.
fn validator(folder: &str, args: &str, about: &str, validators: Validators) -> Vec<PackageFile> {
    let dir = format!("{folder}/logicmaze");
    match validators {
        Validators::Carry(executable) => {
            let platform = platform();
            vec![
                program(
                    format!("{dir}/build"),
                    format!(
                        "#!/bin/sh\n\
                         # Nothing to build: `logicmaze` here is a program for {platform}.\n\
                         # This checks that it runs on this machine.\n\
                         ./logicmaze --version >/dev/null && exit 0\n\
                         echo \"./logicmaze does not run here: it was built for {platform}\" >&2\n\
                         exit 1\n"
                    ),
                ),
                program(
                    format!("{dir}/run"),
                    format!(
                        "#!/bin/sh\n# {about}.\n# Runs the copy of logicmaze beside it, a program for {platform}.\n\
                         exec \"$(dirname \"$0\")/logicmaze\" {args} \"$@\"\n"
                    ),
                ),
                PackageFile {
                    path: format!("{dir}/logicmaze"),
                    contents: executable.to_vec(),
                    executable: true,
                },
            ]
        }
        Validators::OnPath => vec![
            program(
                format!("{dir}/build"),
                "#!/bin/sh\n# Nothing to build: the validator runs logicmaze from PATH.\n\
                 command -v logicmaze >/dev/null && exit 0\n\
                 echo \"logicmaze is not on PATH (cargo install logicmaze)\" >&2\n\
                 exit 1\n"
                    .to_string(),
            ),
            program(
                format!("{dir}/run"),
                format!(
                    "#!/bin/sh\n# {about}.\n# Needs logicmaze on the judging machine's PATH (cargo install logicmaze).\n\
                     exec logicmaze {args} \"$@\"\n"
                ),
            ),
        ],
    }
}

/// The accepted submission, the family's solution, and a wrong-answer
/// submission for each trap: the solution with the trap's macro defined.
fn submissions(contest: &Contest) -> Vec<PackageFile> {
    let mut files = vec![text(
        "submissions/accepted/solution.cpp",
        contest.solution.to_string(),
    )];
    for trap in contest.traps {
        files.push(text(
            &format!("submissions/wrong_answer/{}.cpp", trap.name),
            format!(
                "// A wrong answer: the solution that {}.\n#define {}\n{}",
                trap.about,
                trap.macro_name(),
                contest.solution
            ),
        ));
    }
    files
}

/// The sample's first maze, with its route if it has one, as PNG.
fn sample_picture(sample: &str, fonts: &Fonts) -> Result<Vec<u8>, PackageError> {
    let items = crate::batch::parse(sample.as_bytes(), &JUDGES_FORMAT);
    let maze = items
        .iter()
        .find_map(|item| match item {
            Parsed::Maze(maze) => Some(maze),
            _ => None,
        })
        .ok_or_else(|| PackageError::Picture("the sample holds no maze".to_string()))?;
    let route = maze.solve();
    let svg = crate::render::svg(maze, route.as_ref());
    let scale = crate::render::default_scale(maze, route.as_ref());
    crate::draw::png(&svg, scale, fonts).map_err(|e| PackageError::Picture(e.to_string()))
}

/// `text` with LaTeX's special characters escaped.
fn latex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// The test cases are in the judges' format, whatever their first line.
const JUDGES_FORMAT: crate::batch::Options = crate::batch::Options {
    format: Some(crate::input::InputFormat::Judge),
    ..crate::batch::Options::DEFAULT
};

/// `STEM.in` holding `input`, and `STEM.ans`, the solver's answer.
fn test_case(stem: &str, case: &str, input: &str) -> Result<[PackageFile; 2], PackageError> {
    let mut answer = String::new();
    for item in crate::batch::parse(input.as_bytes(), &JUDGES_FORMAT) {
        match item {
            Parsed::Maze(maze) => text::write_solution(&mut answer, &maze, maze.solve().as_ref()),
            Parsed::Error(error) => {
                return Err(PackageError::BadCase {
                    case: case.to_string(),
                    error: error.to_string(),
                });
            }
            Parsed::Warning(_) => {}
        }
    }
    Ok([
        text(&format!("{stem}.in"), input.to_string()),
        text(&format!("{stem}.ans"), answer),
    ])
}

/// The most rows or columns of any maze in `input`.
fn largest_side(input: &str) -> u32 {
    crate::batch::parse(input.as_bytes(), &JUDGES_FORMAT)
        .iter()
        .filter_map(|item| match item {
            Parsed::Maze(maze) => Some(maze.size().0.max(maze.size().1)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

fn problem_yaml(contest: &Contest, family: &str, options: &Options) -> String {
    let quoted = |text: &str| serde_json::to_string(text).expect("a string is written as JSON");
    let mut yaml = format!(
        "# Written by `logicmaze package {family} DIR --seed {seed}`.\n\
         name: {name}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: {license}\n",
        seed = options.seed,
        name = quoted(contest.problem),
        uuid = uuid(family, options.seed),
        source = quoted(contest.source),
        license = options.license.name(),
    );
    if let Some(owner) = &options.rights_owner {
        let _ = writeln!(yaml, "rights_owner: {}", quoted(owner));
    }
    yaml.push_str("validation: custom\n");
    yaml
}

/// The problem's uuid: the same family and seed, the same uuid (a
/// version 8 uuid, whose bits are the maker's own).
fn uuid(family: &str, seed: u64) -> String {
    use rand::{RngCore, SeedableRng};
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    for (byte, name) in key[8..].iter_mut().zip(family.bytes()) {
        *byte = name;
    }
    let mut bytes = [0u8; 16];
    rand_chacha::ChaCha8Rng::from_seed(key).fill_bytes(&mut bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x80;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

fn readme(
    contest: &Contest,
    family: &str,
    options: &Options,
    cases: &[ContestCase],
    notes: &str,
) -> String {
    let validators = match options.validators {
        Validators::Carry(_) => format!(
            "The validators carry their own copy of logicmaze, a program for\n\
             {}: a judging machine of that platform needs nothing installed.",
            platform()
        ),
        Validators::OnPath => {
            "The validators run `logicmaze` from the judging machine's `PATH`.".to_string()
        }
    };
    let traps: String = contest
        .traps
        .iter()
        .map(|trap| {
            format!(
                "- `submissions/wrong_answer/{}.cpp`: {}\n",
                trap.name, trap.about
            )
        })
        .collect();
    format!(
        "# {problem} ({source})\n\n\
         Written by `logicmaze package {family} DIR --seed {seed}`; the same command\n\
         writes the same files. Every `.ans` is the answer of `logicmaze solve`; the\n\
         judges accept any shortest route, so the output validator\n\
         (`logicmaze verify --validator`) judges each route by the rules and its\n\
         length, not by bytes. Add `validator_flags: strict` to problem.yaml to\n\
         judge the layout (indentation, positions per line, commas) byte for byte,\n\
         as the judges did. {validators}\n\n\
         Check it with Kattis's problemtools: `verifyproblem DIR`.\n\n\
         Test cases ({count}, besides the sample):\n\n{notes}\n\
         Submissions: `submissions/accepted/solution.cpp` solves every case; each\n\
         wrong answer is that solution falling into one trap, which the test\n\
         cases catch:\n\n{traps}",
        problem = contest.problem,
        source = contest.source,
        seed = options.seed,
        count = cases.len(),
    )
}
