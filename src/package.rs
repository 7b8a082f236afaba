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
use crate::family::{Contest, ContestCase, Family, SAMPLE_PICTURE};
use crate::family::{LAYOUT, MAX_MAZES, MAX_SIDE, PICTURE, Parsed, ProblemLimits};
use crate::text;
use crate::verify::Layout;

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
    /// The limits asked for are out of range, or a test case the family
    /// cannot do without breaks them.
    #[error("{0}")]
    Limits(String),
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
    /// The limits the problem states, which its data keeps and its input
    /// validator enforces; by default the contest's own.
    pub limits: Option<ProblemLimits>,
    /// How the output validator judges the layout: strictly, byte for byte
    /// as the original judges did (the default), or the positions alone.
    pub layout: Layout,
}

impl Options<'_> {
    /// The options for `seed`: `cc by-sa`, no rights owner, validators
    /// that run `logicmaze` on `PATH`, a picture drawn without fonts, the
    /// contest's limits, the layout judged strictly.
    pub fn new(seed: u64) -> Options<'static> {
        Options {
            seed,
            license: License::CcBySa,
            rights_owner: None,
            validators: Validators::OnPath,
            fonts: Fonts::none(),
            limits: None,
            layout: Layout::Strict,
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
    let limits = options.limits.unwrap_or(contest.limits);
    if !(1..=contest.most_side).contains(&limits.max_side) || limits.max_mazes == 0 {
        return Err(PackageError::Limits(format!(
            "{} mazes go up to {most}×{most} in a package, and an input holds one maze or more: \
             give --max-side from 1 to {most} and --max-mazes from 1",
            family.name(),
            most = contest.most_side,
        )));
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
            executable: false,
        },
    ];
    files.extend(validator(
        "input_validators",
        &format!(
            "verify --input-only --family {name} --max-side {} --max-mazes {}",
            limits.max_side, limits.max_mazes
        ),
        "The input validator: the judges' format and the statement's limits",
        options.validators,
    ));
    files.extend(validator(
        "output_validators",
        "verify --validator",
        "The output validator: any shortest legal route is accepted (validator_flags: strict judges the layout too)",
        options.validators,
    ));
    files.extend(submissions(&contest, options.layout));
    let mut needs = Needs::default();
    files.extend(test_case(
        "data/sample/1",
        "sample",
        contest.sample,
        &mut needs,
    )?);
    let cases = (contest.cases)(seed, limits);
    let mut notes = String::new();
    for (index, case) in cases.iter().enumerate() {
        let stem = format!("data/secret/{:02}-{}", index + 1, case.name);
        let input = format!("{}END\n", case.input);
        files.extend(test_case(&stem, case.name, &input, &mut needs)?);
        files.push(text(&format!("{stem}.desc"), description(case)));
        let _ = writeln!(notes, "- `{stem}`: {}", case.about);
    }
    needs.kept_by(limits)?;
    files.push(text(
        "README.md",
        readme(&contest, name, options, limits, &cases, &notes),
    ));
    Ok(files)
}

/// A test case's `.desc` file: what it tests, and the traps it catches
/// on a line `traps:` of their names, which `package --report` reads.
fn description(case: &ContestCase) -> String {
    let mut out = format!("{}\n", case.about);
    if !case.traps.is_empty() {
        let _ = writeln!(out, "{TRAPS_LINE}{}", case.traps.join(", "));
    }
    out
}

/// How a `.desc` file names the traps its case catches.
pub const TRAPS_LINE: &str = "traps: ";

/// The statement of `contest` for `limits`, its output's layout judged as
/// `layout` says, its sample's picture `width` of the text's width.
fn statement(contest: &Contest, limits: ProblemLimits, layout: Layout, width: f64) -> String {
    let layout = match layout {
        Layout::Strict => {
            "The output is judged byte for byte, as the original judges \
            did: the spaces, the line breaks and the number of positions on each \
            line must be exactly as described."
        }
        Layout::Lenient => {
            "Only the positions are judged: any spacing and any \
            number of positions on a line are accepted."
        }
    };
    let caption = "The sample's first maze and a shortest route through it, from blue to orange.";
    let picture = match width {
        w if w <= 0.5 => format!("\\illustration{{{w:.2}}}{{{SAMPLE_PICTURE}}}{{{caption}}}"),
        w => format!(
            "\\begin{{center}}\n\\includegraphics[width={w:.2}\\textwidth]{{{SAMPLE_PICTURE}}}\n\n{caption}\n\\end{{center}}"
        ),
    };
    contest
        .statement
        .replace(MAX_SIDE, &limits.max_side.to_string())
        .replace(MAX_MAZES, &limits.max_mazes.to_string())
        .replace(LAYOUT, layout)
        .replace(PICTURE, &picture)
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

/// The accepted submission, the family's solution, and a submission for
/// each trap, in the folder of the verdict it must get: the solution with
/// the trap's macro defined. A trap of the layout alone is left out when
/// the layout is not judged.
fn submissions(contest: &Contest, layout: Layout) -> Vec<PackageFile> {
    let mut files = vec![text(
        "submissions/accepted/solution.cpp",
        contest.solution.to_string(),
    )];
    for trap in judged_traps(contest, layout) {
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

/// The traps a package of `contest` judges with `layout` catches.
fn judged_traps(
    contest: &Contest,
    layout: Layout,
) -> impl Iterator<Item = &'static crate::family::Trap> {
    contest
        .traps
        .iter()
        .filter(move |trap| layout == Layout::Strict || !trap.layout)
}

/// The sample's first maze, with its route if it has one, as PNG, and
/// the share of the statement's text width it is shown at: wide enough
/// that its smallest text prints at [`SMALLEST_PRINTED`] points.
fn sample_picture(sample: &str, fonts: &Fonts) -> Result<(Vec<u8>, f64), PackageError> {
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
    let png =
        crate::draw::png(&svg, scale, fonts).map_err(|e| PackageError::Picture(e.to_string()))?;
    Ok((png, picture_width(&svg)))
}

/// The smallest text of the statement's picture, printed, in points.
pub const SMALLEST_PRINTED: f64 = 8.0;

/// The width of problemtools' statement text: US letter less two inches
/// of margins, in points.
pub const TEXT_WIDTH: f64 = 468.0;

/// The share of the text's width at which `svg`'s smallest text prints at
/// [`SMALLEST_PRINTED`] points: at least 0.42 (a picture beside the text),
/// at most the whole width, in hundredths rounded up.
///
/// ```
/// let svg = r#"<svg viewBox="0 0 500 400"><text font-size="10">A</text><text font-size="20">B</text></svg>"#;
/// // 10 units of 500, shown 468 × 0.8 points wide: 7.5 points; 0.86: 8.05.
/// assert_eq!(logicmaze::package::picture_width(svg), 0.86);
/// ```
pub fn picture_width(svg: &str) -> f64 {
    let number_after = |text: &str, key: &str| -> Vec<f64> {
        text.split(key)
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect()
    };
    let smallest = number_after(svg, "font-size=\"")
        .into_iter()
        .fold(f64::INFINITY, f64::min);
    let width = svg.split("viewBox=\"").nth(1).and_then(|rest| {
        rest.split('"')
            .next()?
            .split(' ')
            .nth(2)?
            .parse::<f64>()
            .ok()
    });
    match width {
        Some(width) if smallest.is_finite() && smallest > 0.0 => {
            let share = SMALLEST_PRINTED * width / (TEXT_WIDTH * smallest);
            ((share * 100.0).ceil() / 100.0).clamp(0.42, 1.0)
        }
        _ => 0.42,
    }
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

/// The most rows or columns, and the most mazes, that the test cases
/// need: the limits they keep.
#[derive(Default)]
struct Needs {
    /// The largest side, and the case and maze that have it.
    side: (u32, String),
    /// The most mazes of a case, and the case.
    mazes: (usize, String),
}

impl Needs {
    /// Whether `limits` allow every case, or what to ask for so that they do.
    fn kept_by(&self, limits: ProblemLimits) -> Result<(), PackageError> {
        let (side, maze) = &self.side;
        if *side > limits.max_side {
            return Err(PackageError::Limits(format!(
                "{maze} has {side} rows or columns: give --max-side {side} or more"
            )));
        }
        let (mazes, case) = &self.mazes;
        if *mazes > limits.max_mazes as usize {
            return Err(PackageError::Limits(format!(
                "test case {case} holds {mazes} mazes: give --max-mazes {mazes} or more"
            )));
        }
        Ok(())
    }
}

/// `STEM.in` holding `input`, and `STEM.ans`, the solver's answer; what
/// the case needs of the limits is added to `needs`.
fn test_case(
    stem: &str,
    case: &str,
    input: &str,
    needs: &mut Needs,
) -> Result<[PackageFile; 2], PackageError> {
    let mut answer = String::new();
    let mut mazes = 0;
    for item in crate::batch::parse(input.as_bytes(), &JUDGES_FORMAT) {
        match item {
            Parsed::Maze(maze) => {
                let (rows, cols) = maze.size();
                if rows.max(cols) > needs.side.0 {
                    let which = format!("maze '{}' of test case {case}", maze.name());
                    needs.side = (rows.max(cols), which);
                }
                mazes += 1;
                text::write_solution(&mut answer, &maze, maze.solve().as_ref());
            }
            Parsed::Error(error) => {
                return Err(PackageError::BadCase {
                    case: case.to_string(),
                    error: error.to_string(),
                });
            }
            Parsed::Warning(_) => {}
        }
    }
    if mazes > needs.mazes.0 {
        needs.mazes = (mazes, case.to_string());
    }
    Ok([
        text(&format!("{stem}.in"), input.to_string()),
        text(&format!("{stem}.ans"), answer),
    ])
}

fn problem_yaml(
    contest: &Contest,
    family: &str,
    options: &Options,
    limits: ProblemLimits,
) -> String {
    let quoted = |text: &str| serde_json::to_string(text).expect("a string is written as JSON");
    let mut yaml = format!(
        "# Written by `{command}`.\n\
         name: {name}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: {license}\n",
        command = command(family, options, limits),
        name = quoted(contest.problem),
        uuid = uuid(family, options.seed),
        source = quoted(contest.source),
        license = options.license.name(),
    );
    if let Some(owner) = &options.rights_owner {
        let _ = writeln!(yaml, "rights_owner: {}", quoted(owner));
    }
    yaml.push_str("validation: custom\n");
    if options.layout == Layout::Strict {
        yaml.push_str("validator_flags: strict\n");
    }
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
    limits: ProblemLimits,
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
    let layout = match options.layout {
        Layout::Strict => {
            "problem.yaml's `validator_flags: strict` judges the layout (indentation,\n\
             positions per line, commas) byte for byte too, as the judges did."
        }
        Layout::Lenient => "The layout is not judged (`--free-layout`), and the statement says so.",
    };
    let traps: String = judged_traps(contest, options.layout)
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
         (`logicmaze verify --validator`) judges each route by the rules and its\n\
         length, not by bytes. {layout} {validators}\n\n\
         Check it with Kattis's problemtools: `verifyproblem DIR`; read its data\n\
         with `logicmaze package --report DIR`.\n\n\
         Test cases ({count}, besides the sample; each `.desc` says what it tests\n\
         and which traps it catches):\n\n{notes}\n\
         Submissions: `submissions/accepted/solution.cpp` solves every case; each\n\
         other is that solution falling into one trap, which the test cases\n\
         catch without the sample:\n\n{traps}",
        problem = contest.problem,
        source = contest.source,
        command = command(family, options, limits),
        side = limits.max_side,
        mazes = limits.max_mazes,
        count = cases.len(),
    )
}

/// The command that writes the package again.
fn command(family: &str, options: &Options, limits: ProblemLimits) -> String {
    let mut command = format!(
        "logicmaze package {family} DIR --seed {} --max-side {} --max-mazes {}",
        options.seed, limits.max_side, limits.max_mazes
    );
    if options.layout == Layout::Lenient {
        command.push_str(" --free-layout");
    }
    command
}

/// Whether `name` (a package folder's name) is a Kattis short name, lower-case
/// letters and digits alone; if not, why, and a name that would do.
///
/// ```
/// use logicmaze::package::check_short_name;
/// assert!(check_short_name("dicey2").is_ok());
/// let why = check_short_name("Dice-Problem").unwrap_err();
/// assert!(why.contains("'diceproblem' would do"), "{why}");
/// ```
pub fn check_short_name(name: &str) -> Result<(), String> {
    let short = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    if !name.is_empty() && name.bytes().all(short) {
        return Ok(());
    }
    let would_do: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let suggestion = match would_do.is_empty() {
        true => "such as 'abbottsrevenge'".to_string(),
        false => format!("'{would_do}' would do"),
    };
    Err(format!(
        "'{}' is not a Kattis short name, which is lower-case letters and digits alone \
         (the folder's name is the problem's short name): {suggestion}",
        crate::verify::escaped(name)
    ))
}

/// What one test case holds, for the head judge's table
/// (`logicmaze package --report`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseFigures {
    /// Its mazes.
    pub mazes: usize,
    /// The largest maze's rows and columns.
    pub largest: (u32, u32),
    /// The most search states reachable from a start, of any maze (as
    /// `logicmaze check` counts them).
    pub most_reached: usize,
    /// The most moves of any maze's shortest route.
    pub longest: Option<usize>,
    /// The mazes without a route.
    pub unsolvable: usize,
    /// Mazes that could not be read: a broken case.
    pub unreadable: usize,
}

/// The figures of the test case `input` (in the judges' format).
///
/// ```
/// let input = b"A\n3 1 N 1 1\n2 1 NF *\n0\nB\n1 1 N 1 1\n0\nEND\n";
/// let figures = logicmaze::package::case_figures(input);
/// assert_eq!((figures.mazes, figures.unsolvable, figures.longest), (2, 1, Some(2)));
/// ```
pub fn case_figures(input: &[u8]) -> CaseFigures {
    let mut figures = CaseFigures::default();
    for item in crate::batch::parse(input, &JUDGES_FORMAT) {
        match item {
            Parsed::Maze(maze) => {
                let analysis = maze.analyse();
                let (rows, cols) = maze.size();
                figures.mazes += 1;
                if rows * cols > figures.largest.0 * figures.largest.1 {
                    figures.largest = (rows, cols);
                }
                figures.most_reached = figures.most_reached.max(analysis.reached_states);
                match analysis.moves {
                    Some(moves) => figures.longest = figures.longest.max(Some(moves)),
                    None => figures.unsolvable += 1,
                }
            }
            Parsed::Error(_) => figures.unreadable += 1,
            Parsed::Warning(_) => {}
        }
    }
    figures
}

/// The traps a test case's `.desc` file says the case catches.
///
/// ```
/// let desc = "the entrance is the goal\ntraps: empty-route, name-as-a-word\n";
/// assert_eq!(logicmaze::package::described_traps(desc), ["empty-route", "name-as-a-word"]);
/// ```
pub fn described_traps(desc: &str) -> Vec<&str> {
    desc.lines()
        .filter_map(|line| line.strip_prefix(TRAPS_LINE))
        .flat_map(|traps| traps.split(", "))
        .filter(|trap| !trap.is_empty())
        .collect()
}
