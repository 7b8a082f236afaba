//! `logicmaze package`: write a contest problem package to a folder.

use std::path::{Path, PathBuf};

use crate::draw::Fonts;
use crate::family::Family;
use crate::package::problem::{Names, ProblemLimits};
use crate::package::{self, License, PackageFormat};
use crate::verify::Layout;

use super::say;
use super::status::Outcome;

mod judging;
mod reading;
mod report;
mod write;

#[derive(Debug, clap::Args)]
pub struct PackageArgs {
    /// The family whose contest problem to package.
    #[arg(value_name = "FAMILY", value_parser = super::args::families(false), required_unless_present = "report")]
    family: Option<&'static dyn Family>,

    /// The folder to write the package into: new, or empty. Its name is the
    /// problem's short name, which Kattis wants of lower-case letters and
    /// digits alone (`abbottsrevenge`).
    #[arg(value_name = "DIR", required_unless_present = "report")]
    dir: Option<PathBuf>,

    /// The most rows and columns of a maze: the statement states it, the
    /// input validator enforces it, and every test case keeps it [default:
    /// the contest's own].
    #[arg(long, value_name = "N", long_help = super::help::package_limit(|l| l.max_side, "The most rows and columns of a maze: the statement states it, the input validator enforces it, and every test case keeps it; the test data is made as hard as it allows."))]
    max_side: Option<u32>,

    /// The most mazes in one input, stated, enforced and kept likewise,
    /// up to 10000 [default: the contest's own].
    #[arg(long, value_name = "N", long_help = super::help::package_limit(|l| l.max_mazes, "The most mazes in one input, stated, enforced and kept likewise; one test case holds that many."))]
    max_mazes: Option<u32>,

    /// Judge the positions alone, not the layout (by default the output is
    /// judged byte for byte); the statement says so.
    #[arg(long)]
    free_layout: bool,

    /// Give mazes names with spaces, whole lines of up to 40 characters, and
    /// catch a solution that reads a name as one word (by default names are
    /// one word, as the original statement says); the statement says so, and
    /// a second sample shows them.
    #[arg(long)]
    spaced_names: bool,

    /// Read the package in DIR instead of writing one, and run its
    /// submissions as a judging system does: its options and time limit;
    /// for each test case, its mazes, those without a route and with more
    /// than one shortest route, the most states a search reaches against
    /// the ceiling the limits allow, and the longest route; for each
    /// submission, its verdict and the first case that rejects it. Needs
    /// g++ (and pypy3 or python3 for Python).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["family", "dir", "max_side", "max_mazes", "free_layout", "spaced_names", "seed", "license", "rights_owner", "author", "format_version"])]
    report: Option<PathBuf>,

    /// How --report prints: text, or JSON (one document, every figure).
    #[arg(long, value_enum, default_value_t = report::ReportFormat::Text, requires = "report")]
    format: report::ReportFormat,

    /// The seed of the generated test cases: the same seed, the same files.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// The problem's license in problem.yaml: cc-by-sa, cc-by, cc0,
    /// public-domain, educational, permission or unknown [default:
    /// public-domain, which claims no one's rights; cc-by-sa with
    /// --rights-owner].
    #[arg(long, value_name = "LICENSE")]
    license: Option<License>,

    /// Who holds the rights, for problem.yaml [default: none, the problem
    /// being in the public domain].
    #[arg(long, value_name = "NAME")]
    rights_owner: Option<String>,

    /// Who problem.yaml credits as the problem's author.
    #[arg(long, value_name = "NAME", default_value = package::AUTHOR)]
    author: String,

    /// The problem package format: legacy (what Kattis's verifyproblem
    /// checks and DOMjudge imports) or 2025-09 (what BAPCtools checks, with
    /// cases for the validators and generators/generators.yaml).
    #[arg(long, value_name = "VERSION", default_value = "legacy")]
    format_version: PackageFormat,
}

/// Runs `package`.
pub fn run(args: &PackageArgs) -> Outcome {
    if let Some(dir) = &args.report {
        return Outcome::of(report::report(dir, args.format));
    }
    let (Some(family), Some(dir)) = (args.family, &args.dir) else {
        return Outcome::of(Err(
            "give the family and the folder: logicmaze package FAMILY DIR".to_string(),
        ));
    };
    Outcome::of(write(args, family, dir).map(|count| {
        say::note(format!("wrote {count} files to {}", dir.display()));
        Outcome::Clean
    }))
}

/// Makes the package and writes it into `dir`: the number of files.
fn write(args: &PackageArgs, family: &'static dyn Family, dir: &Path) -> Result<usize, String> {
    let shown = dir.display();
    write::check_folder(dir)?;
    let Some(name) = dir.file_name() else {
        return Err(format!("{shown}: give the package folder a name"));
    };
    package::check_short_name(&name.to_string_lossy()).map_err(|why| format!("{shown}: {why}"))?;
    let layout = match args.free_layout {
        true => Layout::Lenient,
        false => Layout::Strict,
    };
    let options = package::PackageOptions::new(args.seed)
        .with_license(license(args))
        .with_rights_owner(args.rights_owner.clone())
        .with_fonts(Fonts::system())
        .with_limits(limits(args, family))
        .with_layout(layout)
        .with_format(args.format_version)
        .with_author(&args.author);
    let files = package::package(family, &options).map_err(|e| refused_with_hint(&e))?;
    write::write_package(dir, &files)?;
    Ok(files.len())
}

/// The license asked for: by default the public domain, or where a
/// rights owner is given, the license a problem set usually has.
fn license(args: &PackageArgs) -> License {
    match (args.license, &args.rights_owner) {
        (Some(license), _) => license,
        (None, Some(_)) => License::CcBySa,
        (None, None) => License::PublicDomain,
    }
}

/// The limits asked for, each the contest's own where none is asked.
fn limits(args: &PackageArgs, family: &'static dyn Family) -> Option<ProblemLimits> {
    let own = family.contest()?.problem().limits;
    Some(ProblemLimits {
        max_side: args.max_side.unwrap_or(own.max_side),
        max_mazes: args.max_mazes.unwrap_or(own.max_mazes),
        names: match args.spaced_names {
            true => Names::Spaced,
            false => Names::Words,
        },
    })
}

/// A package refused, and what to give the command instead where the
/// limits were at fault.
fn refused_with_hint(error: &package::PackageError) -> String {
    use package::PackageError::*;
    match error {
        LimitsOutOfRange {
            least_side,
            most,
            least_mazes,
            ..
        } => format!(
            "{error}: give --max-side from {least_side} to {most} and --max-mazes from {least_mazes} to {}",
            package::MOST_MAZES
        ),
        SideOverLimit { side, .. } => format!("{error}: give --max-side {side} or more"),
        MazesOverLimit { mazes, .. } => format!("{error}: give --max-mazes {mazes} or more"),
        _ => error.to_string(),
    }
}
