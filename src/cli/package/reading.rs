//! What a package on disk says of itself, for the report: its family and
//! the command that wrote it (problem.yaml's first line, or the input
//! validator's header), its format, and what it enforces, read from where
//! it is enforced: the limits from the input validator's constants, the
//! layout from the output validator's flags, the run limits from
//! problem.yaml (read as YAML, in whatever style a judge edits it into).
//! Where the command and the files disagree, the files are believed and
//! the disagreement is said.

use std::path::Path;

use clap::Parser;
use yaml_rust2::{Yaml, YamlLoader};

use crate::family::Family;
use crate::package::problem::{Names, ProblemLimits};
use crate::package::{self, PackageFormat};

use super::PackageArgs;
use super::judging::{INPUT_VALIDATOR, RunLimits};

/// The memory limit both tools set unless problem.yaml says, in MiB.
const DEFAULT_MEMORY_MIB: u64 = 2048;

/// The command problem.yaml says wrote the package, parsed as `package`
/// parses its own.
#[derive(Parser)]
#[command(name = "logicmaze", no_binary_name = true)]
enum WrittenBy {
    Package(PackageArgs),
}

/// A package, as its files say.
pub struct Facts {
    pub family: &'static dyn Family,
    /// The command that wrote it, as words after `logicmaze`, if found.
    pub command: Option<Vec<String>>,
    /// Its seed, if the command says.
    pub seed: Option<u64>,
    pub format: PackageFormat,
    /// The limits the input validator enforces.
    pub limits: ProblemLimits,
    /// The output validator's flags (`strict` judges the layout).
    pub flags: Vec<String>,
    pub run: RunLimits,
    /// Where the command and the files disagree.
    pub disagreements: Vec<String>,
}

impl Facts {
    /// Whether the output validator judges the layout byte for byte.
    pub fn strict(&self) -> bool {
        self.flags.iter().any(|f| f == "strict")
    }
}

/// Reads the package in `dir`.
pub fn read(dir: &Path) -> Result<Facts, String> {
    let yaml_path = dir.join("problem.yaml");
    let yaml_text = std::fs::read_to_string(&yaml_path)
        .map_err(|e| format!("{}: {e} (is it a package?)", yaml_path.display()))?;
    let yaml = YamlLoader::load_from_str(&yaml_text)
        .map_err(|e| format!("{}: {e}", yaml_path.display()))?
        .into_iter()
        .next()
        .unwrap_or(Yaml::Null);
    let validator_path = dir.join(INPUT_VALIDATOR);
    let validator = std::fs::read_to_string(&validator_path)
        .map_err(|e| format!("{}: {e}", validator_path.display()))?;
    let command = package::written_by(&yaml_text).or_else(|| command_in_validator(&validator));
    let args = match &command {
        Some(words) => Some(match WrittenBy::try_parse_from(words) {
            Ok(WrittenBy::Package(args)) => args,
            Err(e) => {
                return Err(format!(
                    "{}: the command that wrote it: {e}",
                    yaml_path.display()
                ));
            }
        }),
        None => None,
    };
    let Some(family) = args.as_ref().and_then(|a| a.family) else {
        return Err(format!(
            "{}: no `# Written by` line names the family (problem.yaml's first line, or {INPUT_VALIDATOR}'s header): the report reads a package logicmaze wrote",
            yaml_path.display()
        ));
    };
    let format = match yaml["problem_format_version"].as_str() {
        Some(version) => version
            .parse::<PackageFormat>()
            .map_err(|e| format!("{}: {e}", yaml_path.display()))?,
        None => PackageFormat::Legacy,
    };
    let limits = enforced_limits(&validator).ok_or_else(|| {
        format!(
            "{}: its limits (MAX_SIDE, MAX_MAZES, SPACED_NAMES) cannot be read",
            validator_path.display()
        )
    })?;
    let flags = validator_flags(dir, format, &yaml);
    let mut facts = Facts {
        family,
        seed: args.as_ref().map(|a| a.seed),
        command,
        format,
        limits,
        flags,
        run: run_limits(&yaml),
        disagreements: Vec::new(),
    };
    if let Some(args) = &args {
        facts.disagreements = disagreements(args, &facts);
    }
    Ok(facts)
}

/// The command in the input validator's header (its second line:
/// `` // `logicmaze package …`. ``).
fn command_in_validator(source: &str) -> Option<Vec<String>> {
    let line = source
        .lines()
        .take(3)
        .find_map(|l| l.strip_prefix("// `logicmaze "))?;
    package::written_by(&format!("# Written by `logicmaze {line}"))
}

/// The limits the input validator's constants hold.
fn enforced_limits(source: &str) -> Option<ProblemLimits> {
    let value = |name: &str| {
        source
            .lines()
            .filter(|l| l.starts_with("const "))
            .flat_map(|l| l.trim_end_matches(';').split(','))
            .find_map(|part| {
                let (left, right) = part.split_once('=')?;
                (left.split_whitespace().last() == Some(name)).then(|| right.trim().to_string())
            })
    };
    Some(ProblemLimits {
        max_side: value("MAX_SIDE")?.parse().ok()?,
        max_mazes: value("MAX_MAZES")?.parse().ok()?,
        names: match value("SPACED_NAMES")?.as_str() {
            "true" => Names::Spaced,
            _ => Names::Words,
        },
    })
}

/// The output validator's flags: problem.yaml's `validator_flags`
/// (legacy), or `output_validator_args` in `data/test_group.yaml`.
fn validator_flags(dir: &Path, format: PackageFormat, yaml: &Yaml) -> Vec<String> {
    let words = |value: &Yaml| -> Vec<String> {
        match value {
            Yaml::String(text) => text.split_whitespace().map(str::to_string).collect(),
            Yaml::Array(items) => items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    };
    match format {
        PackageFormat::Legacy => words(&yaml["validator_flags"]),
        PackageFormat::V2025_09 => {
            let text =
                std::fs::read_to_string(dir.join("data/test_group.yaml")).unwrap_or_default();
            let group = YamlLoader::load_from_str(&text)
                .ok()
                .and_then(|d| d.into_iter().next());
            group.map_or_else(Vec::new, |g| words(&g["output_validator_args"]))
        }
    }
}

/// What problem.yaml's `limits` says of the runs.
fn run_limits(yaml: &Yaml) -> RunLimits {
    let limits = &yaml["limits"];
    RunLimits {
        time_limit: number(&limits["time_limit"]),
        ac_to_time_limit: number(&limits["time_multiplier"])
            .or_else(|| number(&limits["time_multipliers"]["ac_to_time_limit"])),
        memory_mib: number(&limits["memory"]).map_or(DEFAULT_MEMORY_MIB, |m| m as u64),
    }
}

/// A YAML number, whole or not.
fn number(value: &Yaml) -> Option<f64> {
    match value {
        Yaml::Integer(n) => Some(*n as f64),
        Yaml::Real(_) => value.as_f64(),
        _ => None,
    }
}

/// Where the command that wrote the package and its files disagree.
fn disagreements(args: &PackageArgs, facts: &Facts) -> Vec<String> {
    let mut found = Vec::new();
    let Some(said) = super::limits(args, facts.family) else {
        return found;
    };
    let enforced = facts.limits;
    // What the command says, what the files hold, and where.
    let mut differs = |said: String, is: String, place: &str| {
        if said != is {
            found.push(format!(
                "the command that wrote the package says {said}, but the package holds {is} ({place})"
            ));
        }
    };
    differs(
        said.max_side.to_string() + " rows and columns",
        enforced.max_side.to_string() + " rows and columns",
        INPUT_VALIDATOR,
    );
    differs(
        said.max_mazes.to_string() + " mazes",
        enforced.max_mazes.to_string() + " mazes",
        INPUT_VALIDATOR,
    );
    let names = |names: Names| match names {
        Names::Words => "one-word names".to_string(),
        Names::Spaced => "names with spaces".to_string(),
    };
    differs(names(said.names), names(enforced.names), INPUT_VALIDATOR);
    let layout = |strict: bool| match strict {
        true => "a strict layout".to_string(),
        false => "a free layout".to_string(),
    };
    differs(
        layout(!args.free_layout),
        layout(facts.strict()),
        "its output validator's flags",
    );
    differs(
        format!("the format {}", args.format_version.name()),
        format!("the format {}", facts.format.name()),
        "problem.yaml",
    );
    found
}
