//! The problem package format a package is written in ([`PackageFormat`]),
//! and the package moved into the format of 2025-09, which BAPCtools
//! (`bt`, used by BAPC, NWERC and others to make packages for DOMjudge)
//! checks: its statement in `statement/`, its output validator in
//! `output_validator/`, the layout's flags in `data/test_group.yaml`, each
//! case's description in its `.yaml`; and what that format adds: cases
//! for the validators (`data/invalid_input`, `data/valid_output`,
//! `data/invalid_output`), and `generators/generators.yaml`, which
//! rebuilds `data/` from copies of its files.

use std::fmt::Write;

use super::invalid::{invalid_inputs, outputs};
use super::{PackageFile, text};
use crate::family::contest::{Contest, ProblemLimits};
use crate::verify::Layout;

/// The problem package format a package is written in.
///
/// ```
/// use logicmaze::package::PackageFormat;
/// assert_eq!("2025-09".parse::<PackageFormat>(), Ok(PackageFormat::V2025_09));
/// assert_eq!(PackageFormat::default().name(), "legacy");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PackageFormat {
    /// The legacy format, which Kattis's `verifyproblem` checks by default
    /// and DOMjudge imports: the default, as every judging system of today
    /// reads it.
    #[default]
    Legacy,
    /// The format of 2025-09, which BAPCtools checks and upgrades to.
    V2025_09,
}

impl PackageFormat {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [PackageFormat; 2] = [PackageFormat::Legacy, PackageFormat::V2025_09];

    /// Its name on the command line: `legacy`, `2025-09`.
    pub fn name(self) -> &'static str {
        match self {
            PackageFormat::Legacy => "legacy",
            PackageFormat::V2025_09 => "2025-09",
        }
    }

    /// Where the package's output validator's source is.
    ///
    /// ```
    /// use logicmaze::package::PackageFormat;
    /// assert_eq!(PackageFormat::Legacy.output_validator(), "output_validators/judge.cpp");
    /// assert_eq!(PackageFormat::V2025_09.output_validator(), "output_validator/judge.cpp");
    /// ```
    pub fn output_validator(self) -> &'static str {
        match self {
            PackageFormat::Legacy => super::validators::OUTPUT_VALIDATOR,
            PackageFormat::V2025_09 => "output_validator/judge.cpp",
        }
    }

    /// The time limit this format's checking tool sets: `stated` (in
    /// problem.yaml) if there is one, else Kattis's `verifyproblem` five
    /// times (or `ac_to_time_limit` times, where problem.yaml says so) the
    /// slowest accepted run rounded up to whole seconds (the legacy
    /// format), or BAPCtools' one second (2025-09).
    ///
    /// ```
    /// use logicmaze::package::{PackageFormat, TimeLimit};
    /// let legacy = PackageFormat::Legacy.time_limit(None, None, 0.25);
    /// assert_eq!((legacy.seconds, legacy.stated), (2.0, false));
    /// assert_eq!(legacy.kill_after(), 4.0);
    /// assert!(legacy.leaves_room(0.25));
    /// assert_eq!(PackageFormat::Legacy.time_limit(None, Some(10.0), 0.25).seconds, 3.0);
    /// let current = PackageFormat::V2025_09.time_limit(Some(2.0), None, 1.2);
    /// assert_eq!(current.kill_after(), 3.0);
    /// assert!(!current.leaves_room(1.2));
    /// ```
    pub fn time_limit(
        self,
        stated: Option<f64>,
        ac_to_time_limit: Option<f64>,
        slowest_accepted: f64,
    ) -> TimeLimit {
        let (default_multiplier, time_limit_to_tle) = match self {
            PackageFormat::Legacy => (5.0, 2.0),
            PackageFormat::V2025_09 => (2.0, 1.5),
        };
        let ac_to_time_limit = ac_to_time_limit.unwrap_or(default_multiplier);
        let seconds = stated.unwrap_or(match self {
            PackageFormat::Legacy => (slowest_accepted * ac_to_time_limit).ceil().max(1.0),
            PackageFormat::V2025_09 => 1.0,
        });
        TimeLimit {
            seconds,
            stated: stated.is_some(),
            ac_to_time_limit,
            time_limit_to_tle,
        }
    }
}

/// A problem's time limit, as a format's checking tool sets and applies
/// it ([`PackageFormat::time_limit`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct TimeLimit {
    /// The limit, in seconds: a run past it is too slow.
    pub seconds: f64,
    /// Whether problem.yaml states it (or the tool sets it).
    pub stated: bool,
    /// How many times the slowest accepted run the limit must be.
    pub ac_to_time_limit: f64,
    /// How many times the limit a run may go on before it is killed.
    pub time_limit_to_tle: f64,
}

impl TimeLimit {
    /// When a run is killed, in seconds.
    pub fn kill_after(&self) -> f64 {
        self.seconds * self.time_limit_to_tle
    }

    /// Whether the limit is the tool's margin above `slowest_accepted`
    /// (the tools warn, or fail, when not).
    pub fn leaves_room(&self, slowest_accepted: f64) -> bool {
        slowest_accepted * self.ac_to_time_limit <= self.seconds
    }
}

impl std::str::FromStr for PackageFormat {
    type Err = UnknownPackageFormat;

    fn from_str(name: &str) -> Result<PackageFormat, UnknownPackageFormat> {
        PackageFormat::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| UnknownPackageFormat {
                name: name.to_string(),
            })
    }
}

/// A name no [`PackageFormat`] has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no package format is called {name:?}: legacy or 2025-09")]
#[non_exhaustive]
pub struct UnknownPackageFormat {
    /// The name given.
    pub name: String,
}

/// The arguments of the output validator: `strict` where the layout is
/// judged, and for BAPCtools' generic checks, that case and spacing
/// matter (the judges' layout has both).
fn validator_args(layout: Layout) -> &'static str {
    match layout {
        Layout::Strict => "[strict, case_sensitive, space_change_sensitive]",
        Layout::Lenient => "[case_sensitive, space_change_sensitive]",
    }
}

/// `files`, a package of `contest` in the legacy format, in the format of
/// 2025-09 with what it adds (problem.yaml is written for it apart).
pub(super) fn in_2025_09(
    files: Vec<PackageFile>,
    contest: &Contest,
    limits: ProblemLimits,
    layout: Layout,
) -> Vec<PackageFile> {
    let mut moved: Vec<PackageFile> = files.into_iter().map(moved).collect();
    let sample = |ext: &str| {
        let path = format!("data/sample/1.{ext}");
        moved
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.contents.clone())
            .unwrap_or_default()
    };
    let (sample_in, sample_ans) = (sample("in"), sample("ans"));
    let answer = String::from_utf8_lossy(&sample_ans).into_owned();
    let (accepted, refused) = outputs(&answer, layout);
    let mut cases: Vec<PackageFile> = Vec::new();
    for (name, input) in invalid_inputs(contest, limits) {
        cases.push(text(&format!("data/invalid_input/{name}.in"), input));
    }
    for (folder, outputs) in [("valid_output", accepted), ("invalid_output", refused)] {
        for (name, output) in outputs {
            let stem = format!("data/{folder}/{name}");
            cases.push(PackageFile {
                path: format!("{stem}.in"),
                contents: sample_in.clone(),
            });
            cases.push(PackageFile {
                path: format!("{stem}.ans"),
                contents: sample_ans.clone(),
            });
            cases.push(text(&format!("{stem}.out"), output));
        }
    }
    moved.extend(cases);
    moved.push(text(
        "data/test_group.yaml",
        format!("output_validator_args: {}\n", validator_args(layout)),
    ));
    moved.push(generators(&moved, layout));
    let copies: Vec<PackageFile> = (moved.iter())
        .filter(|file| is_case_file(&file.path))
        .map(|file| PackageFile {
            path: format!("generators/{}", file.path),
            contents: file.contents.clone(),
        })
        .collect();
    moved.extend(copies);
    moved.push(text(".bapctools.yaml", bapctools(&moved)));
    // As `bt generate` writes it when it is missing.
    moved.push(text(
        ".gitignore",
        "#GENERATED BY BAPCtools\ndata/*\n!data/sample/\n".into(),
    ));
    moved
}

/// BAPCtools' settings for the problem (`.bapctools.yaml`), for a package
/// of `files`: its generic checks, and the warnings to ignore, each true
/// of the judges' format and no fault of the package.
fn bapctools(files: &[PackageFile]) -> String {
    let mut yaml = String::from(
        "# BAPCtools' settings for this problem.\n\
         #\n\
         # bt validate's generic invalid inputs are made for inputs of numbers:\n\
         # a 0 or a + before the first line gives a name the statement allows\n\
         # (0SAMPLE), a valid input. data/invalid_input holds an invalid input\n\
         # for each rule of the format instead. Naming the generic checks makes\n\
         # bt validate run only the parts it is told to, so each part is named.\n\
         generic: [invalid_answer, invalid_output, valid_output, output_validator]\n\
         invalid: true\n\
         input: true\n\
         answer: true\n\
         overrides: true\n\
         valid_output: true\n\
         ignore_warning:\n\
         # The judges' format indents each line of positions by two spaces.\n\
         - \"Answer contains consecutive whitespace characters but was accepted!\"\n",
    );
    let runs = |bytes: &[u8]| {
        [&b"  "[..], b"\n ", b" \n"]
            .iter()
            .any(|run| bytes.windows(2).any(|w| w == *run))
    };
    // The sample's and the secret cases' (not the invalid inputs').
    let inputs_with_runs = (files.iter())
        .filter(|file| file.path.starts_with("data/s") && file.path.ends_with(".in"))
        .any(|file| runs(&file.contents));
    if inputs_with_runs {
        yaml.push_str(
            "# The inputs hold runs of spaces: drawn walls, or names with two in a row.\n\
             - \"Input contains consecutive whitespace characters but was accepted!\"\n",
        );
    }
    yaml
}

/// Whether `path` is a test case's file that generators.yaml copies.
fn is_case_file(path: &str) -> bool {
    path.starts_with("data/")
        && [".in", ".ans", ".out"]
            .iter()
            .any(|ext| path.ends_with(ext))
}

/// A legacy file where the format of 2025-09 keeps it: the statement in
/// `statement/`, the output validator in `output_validator/`, a case's
/// `.desc` as the description in its `.yaml`.
fn moved(file: PackageFile) -> PackageFile {
    let path = &file.path;
    if let Some(rest) = path.strip_prefix("problem_statement/") {
        return PackageFile {
            path: format!("statement/{rest}"),
            ..file
        };
    }
    if let Some(rest) = path.strip_prefix("output_validators/") {
        return PackageFile {
            path: format!("output_validator/{rest}"),
            ..file
        };
    }
    if let Some(stem) = path.strip_suffix(".desc") {
        let description = String::from_utf8_lossy(&file.contents);
        return text(
            &format!("{stem}.yaml"),
            description_yaml(description.trim_end()),
        );
    }
    file
}

/// A case's `.yaml` holding its description.
fn description_yaml(description: &str) -> String {
    format!("description: {}\n", quoted(description))
}

/// `text` as a YAML string (JSON's is one).
pub(super) fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("a string is written as JSON")
}

/// `generators/generators.yaml`: every test case of `files` (under
/// `data/`), copied from `generators/data/`, with its description.
fn generators(files: &[PackageFile], layout: Layout) -> PackageFile {
    let mut yaml = String::from(
        "# Rebuilds data/ from the copies of its files under generators/data/,\n\
         # which `logicmaze package` wrote (`bt generate`).\n\
         version: 2025-12\n\
         solution: /submissions/accepted/solution.cpp\n",
    );
    let _ = writeln!(
        yaml,
        "test_group.yaml:\n  output_validator_args: {}\ndata:",
        validator_args(layout)
    );
    let mut folders: Vec<(&str, Vec<&str>)> = Vec::new();
    for file in files {
        let Some(stem) = file.path.strip_suffix(".in") else {
            continue;
        };
        let Some((folder, case)) = stem.strip_prefix("data/").and_then(|s| s.split_once('/'))
        else {
            continue;
        };
        match folders.iter_mut().find(|(f, _)| *f == folder) {
            Some((_, cases)) => cases.push(case),
            None => folders.push((folder, vec![case])),
        }
    }
    for (folder, cases) in folders {
        let _ = writeln!(yaml, "  {folder}:\n    data:");
        for case in cases {
            let _ = writeln!(
                yaml,
                "      {}:\n        copy: data/{folder}/{case}",
                quoted(case)
            );
            let desc = format!("data/{folder}/{case}.yaml");
            if let Some(described) = files.iter().find(|f| f.path == desc) {
                let description = String::from_utf8_lossy(&described.contents);
                let _ = writeln!(yaml, "        yaml:\n          {}", description.trim_end());
            }
        }
    }
    text("generators/generators.yaml", yaml)
}
