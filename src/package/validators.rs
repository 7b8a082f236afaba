//! The package's validators, in source: C++17 with the standard library
//! alone, which every judging system builds and a head judge reads in
//! minutes. Each is one file: the limits the statement states, then what
//! both validators share (lines read with a bound on their length, the
//! letter of the format, numbers, names, positions), then the family's
//! maze and rules ([`Contest::judge`]), then its own `main`.
//!
//! The input validator reads a test case's input to the letter of the
//! format and the statement's limits. The output validator replays a
//! team's route by the rules and compares its length with the judges'
//! answer, so it needs no search; it reads the team's output as a stream,
//! one line of at most 8 MiB held at a time, as `logicmaze verify` does.

use super::{PackageFile, text};
use crate::family::contest::{Contest, Names, ProblemLimits, SPACED_NAME_MOST};

/// What both validators share.
const READING: &str = include_str!("validators/reading.cpp");
/// The input validator's `main`.
const INPUT: &str = include_str!("validators/input.cpp");
/// The output validator's `main`.
const OUTPUT: &str = include_str!("validators/output.cpp");

/// The input validator's file.
pub(super) const INPUT_VALIDATOR: &str = "input_validators/validate.cpp";
/// The output validator's file.
pub(super) const OUTPUT_VALIDATOR: &str = "output_validators/judge.cpp";

/// The input and the output validator of `contest` within `limits`,
/// written by `command`.
pub(super) fn validators(
    contest: &Contest,
    limits: ProblemLimits,
    command: &str,
) -> [PackageFile; 2] {
    let source = |about: &str, main: &str| {
        format!(
            "// {about} of \"{problem}\", written by\n\
             // `{command}`.\n\
             // C++17 with the standard library alone: g++ -std=c++17 -O2.\n\n\
             // The limits and the names the statement states.\n\
             const long MAX_SIDE = {side}, MAX_MAZES = {mazes};\n\
             const bool SPACED_NAMES = {spaced}, ALPHANUMERIC_NAMES = {alphanumeric};\n\
             const unsigned long WORD_NAME_MOST = {most}, SPACED_NAME_MOST = {SPACED_NAME_MOST};\n\n\
             {READING}\n{judge}\n{main}",
            problem = contest.problem,
            side = limits.max_side,
            mazes = limits.max_mazes,
            spaced = limits.names == Names::Spaced,
            alphanumeric = contest.word_names.alphanumeric,
            most = contest.word_names.most,
            judge = contest.judge,
        )
    };
    [
        text(INPUT_VALIDATOR, source("The input validator", INPUT)),
        text(OUTPUT_VALIDATOR, source("The output validator", OUTPUT)),
    ]
}
