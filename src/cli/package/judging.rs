//! Judging a package's submissions as a judging system does: each built
//! (C++17 with `g++`, Python 3 under `pypy3` as Kattis and BAPCtools run
//! it, or `python3` where PyPy is missing), run on every test case in
//! order within the time limit, its output judged by the package's own
//! output validator (built from its source), until the first case that
//! rejects it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rayon::prelude::*;
use serde::Serialize;

use crate::package::{PackageFormat, TimeLimit};
use crate::stress::ProgramRun;
use crate::stress::Status;

use super::super::child::{self, Bounds};

/// The most of a run's output kept: past it, the run is stopped and
/// judged Output Limit Exceeded. A right answer is kilobytes.
const MAX_OUTPUT: usize = 8 << 20;

/// How long an accepted submission may run on one case while the time
/// limit is still to be set from the accepted runs (the legacy format):
/// `verifyproblem` allows five minutes; a minute is plenty here.
const UNTIMED: Duration = Duration::from_secs(60);

/// What the package's own validators may take on one case: they are the
/// package's, read by the judge, and quick.
const VALIDATOR_BOUNDS: Bounds = Bounds {
    timeout: Duration::from_secs(60),
    max_output: 1 << 20,
    memory: None,
};

/// The submission folders, each with the verdict its submissions expect.
const FOLDERS: [(&str, SubmissionVerdict); 4] = [
    ("accepted", SubmissionVerdict::Accepted),
    ("wrong_answer", SubmissionVerdict::WrongAnswer),
    ("time_limit_exceeded", SubmissionVerdict::TimeLimitExceeded),
    ("run_time_error", SubmissionVerdict::RunTimeError),
];

/// A judging system's verdict on a submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SubmissionVerdict {
    #[serde(rename = "AC")]
    Accepted,
    #[serde(rename = "WA")]
    WrongAnswer,
    #[serde(rename = "TLE")]
    TimeLimitExceeded,
    #[serde(rename = "RTE")]
    RunTimeError,
    #[serde(rename = "OLE")]
    OutputLimitExceeded,
    /// It did not build.
    #[serde(rename = "CE")]
    CompileError,
    /// Not in a language the report runs.
    #[serde(rename = "not run")]
    NotRun,
}

impl SubmissionVerdict {
    /// Its short name, as the judging systems print it.
    pub fn short(self) -> &'static str {
        match self {
            SubmissionVerdict::Accepted => "AC",
            SubmissionVerdict::WrongAnswer => "WA",
            SubmissionVerdict::TimeLimitExceeded => "TLE",
            SubmissionVerdict::RunTimeError => "RTE",
            SubmissionVerdict::OutputLimitExceeded => "OLE",
            SubmissionVerdict::CompileError => "CE",
            SubmissionVerdict::NotRun => "-",
        }
    }

    /// Whether a submission that got this verdict is where its folder
    /// (`expected`) says: the same verdict, or output without end where
    /// the folder is for the too slow (which is what `verifyproblem` and
    /// BAPCtools call it: it runs to the time-out).
    pub fn satisfies(self, expected: SubmissionVerdict) -> bool {
        self == expected
            || (self == SubmissionVerdict::OutputLimitExceeded
                && expected == SubmissionVerdict::TimeLimitExceeded)
    }
}

/// What problem.yaml says of the limits a judging system runs the
/// submissions within.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunLimits {
    /// The time limit, in seconds, if it states one.
    pub time_limit: Option<f64>,
    /// How many times the slowest accepted run the time limit is, if it
    /// says.
    pub ac_to_time_limit: Option<f64>,
    /// The memory limit, in MiB: 2048 unless it says (both tools').
    pub memory_mib: u64,
}

/// One test case: its name (`secret/07-long-unique-routes`) and files.
pub struct Case {
    pub name: String,
    pub input: PathBuf,
}

/// What running one submission found.
#[derive(Debug, Serialize)]
pub struct Judged {
    /// Its path under `submissions/`.
    pub submission: String,
    /// How it was run: `C++17 (g++)`, `Python 3 (pypy3)`.
    pub language: String,
    /// The verdict its folder expects.
    pub expected: SubmissionVerdict,
    /// The verdict it got.
    pub verdict: SubmissionVerdict,
    /// The first case that rejects it, if one does.
    pub first_rejecting_case: Option<String>,
    /// Why: the output validator's message, the exit status, the time.
    pub why: Option<String>,
    /// Its slowest run over the cases it ran, in seconds.
    pub slowest_seconds: f64,
}

impl Judged {
    /// Whether it ran and got a verdict its folder does not expect.
    pub fn misplaced(&self) -> bool {
        self.verdict != SubmissionVerdict::NotRun && !self.verdict.satisfies(self.expected)
    }
}

/// A submission found in a package, built or not.
struct Submission {
    path: String,
    expected: SubmissionVerdict,
    language: String,
    command: Result<Vec<OsString>, String>,
}

/// The package's output validator, built, with its flags.
struct Validator {
    program: PathBuf,
    flags: Vec<String>,
}

/// What judging a package's submissions found.
pub struct Judging {
    /// The time limit, as the format's tool sets it.
    pub time_limit: TimeLimit,
    /// Each submission's result, in its folder's order.
    pub judged: Vec<Judged>,
    /// The cases the package's input validator refuses, each with why.
    pub refused_inputs: Vec<String>,
}

/// Builds and runs every submission of the package in `dir` on `cases`:
/// the accepted ones first (in the legacy format they set the time
/// limit), then the others within it; `progress` hears what runs. Each
/// case is first given to the package's input validator.
pub fn judge_all(
    dir: &Path,
    (format, flags): (PackageFormat, &[String]),
    limits: RunLimits,
    cases: &[Case],
    progress: &dyn Fn(&str),
) -> Result<Judging, String> {
    child::supervise();
    let scratch = tempfile::Builder::new()
        .prefix("logicmaze-report-")
        .tempdir()
        .map_err(|e| format!("cannot make a folder to build in: {e}"))?;
    child::remove_on_interrupt(scratch.path());
    let stated = limits.time_limit;
    let memory = Some(limits.memory_mib << 20);
    progress("building the output validator and the submissions");
    let validator = Validator {
        program: compile(&dir.join(format.output_validator()), scratch.path())?,
        flags: flags.to_vec(),
    };
    let input_validator = compile(&dir.join(INPUT_VALIDATOR), &scratch.path().join("input"))?;
    let submissions = find(dir, scratch.path())?;
    progress("the input validator on every case");
    let refused_inputs = check_inputs(&input_validator, cases)?;
    let (accepted, others): (Vec<&Submission>, Vec<&Submission>) = submissions
        .iter()
        .partition(|s| s.expected == SubmissionVerdict::Accepted);
    let feedback = scratch.path().join("feedback");
    std::fs::create_dir(&feedback).map_err(|e| e.to_string())?;
    let judge = |submission: &Submission, timeout: Duration, limit: f64| {
        progress(&submission.path);
        let bounds = Bounds {
            timeout,
            max_output: MAX_OUTPUT,
            memory,
        };
        run_on_cases(submission, cases, &validator, &feedback, (bounds, limit))
    };
    // Where the accepted runs set the limit, they run without one first.
    let (first_timeout, first_limit) = match (format, stated) {
        (PackageFormat::Legacy, None) => (UNTIMED, f64::INFINITY),
        _ => {
            let limit = format.time_limit(stated, limits.ac_to_time_limit, 0.0);
            (Duration::from_secs_f64(limit.kill_after()), limit.seconds)
        }
    };
    let mut judged = Vec::new();
    for submission in accepted {
        judged.push(judge(submission, first_timeout, first_limit)?);
    }
    let slowest = (judged.iter())
        .filter(|j| j.verdict == SubmissionVerdict::Accepted)
        .map(|j| j.slowest_seconds)
        .fold(0.0, f64::max);
    let limit = format.time_limit(stated, limits.ac_to_time_limit, slowest);
    for submission in others {
        let timeout = Duration::from_secs_f64(limit.kill_after());
        judged.push(judge(submission, timeout, limit.seconds)?);
    }
    Ok(Judging {
        time_limit: limit,
        judged,
        refused_inputs,
    })
}

/// Where the input validator's source is, in either format.
pub const INPUT_VALIDATOR: &str = "input_validators/validate.cpp";

/// The cases the input validator `program` refuses, each with its first
/// words of why.
fn check_inputs(program: &Path, cases: &[Case]) -> Result<Vec<String>, String> {
    let mut refused = Vec::new();
    for case in cases {
        let input = std::fs::read(&case.input)
            .map_err(|e| format!("cannot read {}: {e}", case.input.display()))?;
        let ran = child::run(&[program], &input, VALIDATOR_BOUNDS)?;
        let why = String::from_utf8_lossy(&ran.run.stderr)
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        match ran.run.status {
            Status::Exited(42) => {}
            Status::Exited(43) => refused.push(format!(
                "{}: the input validator refuses it: {why}",
                case.name
            )),
            status => {
                return Err(format!(
                    "the input validator failed on {} ({status:?}): {why}",
                    case.name
                ));
            }
        }
    }
    Ok(refused)
}

/// Every submission under `dir/submissions/`, in its folder's order and
/// by name, each built (in parallel) into `scratch`.
fn find(dir: &Path, scratch: &Path) -> Result<Vec<Submission>, String> {
    let python = python();
    let mut found = Vec::new();
    for (folder, expected) in FOLDERS {
        let Ok(entries) = std::fs::read_dir(dir.join("submissions").join(folder)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        found.extend(paths.into_iter().map(|path| (folder, expected, path)));
    }
    let built = found
        .par_iter()
        .enumerate()
        .map(|(index, (folder, expected, path))| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let shown = format!("{folder}/{name}");
            let (language, command) = match path.extension().and_then(|e| e.to_str()) {
                Some("cpp" | "cc") => (
                    "C++17 (g++)".to_string(),
                    compile(path, &scratch.join(index.to_string())).map(|p| vec![p.into()]),
                ),
                Some("py") => (
                    format!("Python 3 ({python})"),
                    Ok(vec![python.into(), path.into()]),
                ),
                _ => ("unknown".to_string(), Err(NOT_RUN.to_string())),
            };
            Submission {
                path: shown,
                expected: *expected,
                language,
                command,
            }
        })
        .collect();
    Ok(built)
}

/// Why a submission in another language is not run.
const NOT_RUN: &str = "the report runs C++ and Python alone";

/// The Python the judging tools run: PyPy where it is installed.
fn python() -> &'static str {
    let found = std::process::Command::new("pypy3")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found { "pypy3" } else { "python3" }
}

/// Builds the C++17 source `source` with `g++ -O2` into `into` (a folder
/// made for it): the program.
fn compile(source: &Path, into: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(into).map_err(|e| format!("cannot make {}: {e}", into.display()))?;
    let program = into.join("program");
    let output = std::process::Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&program)
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run g++ to build {}: {e}", source.display()))?;
    match output.status.success() {
        true => Ok(program),
        false => Err(format!(
            "{} does not build: {}",
            source.display(),
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or("g++ failed")
        )),
    }
}

/// Runs `submission` on `cases` in order until one rejects it: a run
/// longer than `limit` seconds is too slow; each within `bounds`.
fn run_on_cases(
    submission: &Submission,
    cases: &[Case],
    validator: &Validator,
    feedback: &Path,
    (bounds, limit): (Bounds, f64),
) -> Result<Judged, String> {
    let mut judged = Judged {
        submission: submission.path.clone(),
        language: submission.language.clone(),
        expected: submission.expected,
        verdict: SubmissionVerdict::Accepted,
        first_rejecting_case: None,
        why: None,
        slowest_seconds: 0.0,
    };
    let command = match &submission.command {
        Ok(command) => command,
        Err(why) => {
            judged.verdict = match why.as_str() {
                NOT_RUN => SubmissionVerdict::NotRun,
                _ => SubmissionVerdict::CompileError,
            };
            judged.why = Some(why.clone());
            return Ok(judged);
        }
    };
    for case in cases {
        let input = std::fs::read(&case.input)
            .map_err(|e| format!("cannot read {}: {e}", case.input.display()))?;
        let ran = child::run(command, &input, bounds)?;
        let seconds = ran.elapsed.as_secs_f64();
        judged.slowest_seconds = judged.slowest_seconds.max(seconds);
        let rejected = match run_fault(&ran.run, seconds, limit) {
            Some(fault) => Some(fault),
            None => validate(validator, case, &ran.run.stdout, feedback)?,
        };
        if let Some((verdict, why)) = rejected {
            judged.verdict = verdict;
            judged.first_rejecting_case = Some(case.name.clone());
            judged.why = Some(why);
            break;
        }
    }
    Ok(judged)
}

/// How a run failed before its output is judged, if it did: too slow
/// (past `limit` seconds), too much output, a crash.
fn run_fault(run: &ProgramRun, seconds: f64, limit: f64) -> Option<(SubmissionVerdict, String)> {
    match run.status {
        _ if run.too_long => Some((
            SubmissionVerdict::OutputLimitExceeded,
            format!("more than {} MiB of output", MAX_OUTPUT >> 20),
        )),
        Status::TimedOut => Some((
            SubmissionVerdict::TimeLimitExceeded,
            format!("killed after {seconds:.2} s"),
        )),
        _ if seconds > limit => Some((
            SubmissionVerdict::TimeLimitExceeded,
            format!("{seconds:.2} s"),
        )),
        Status::Exited(0) => None,
        Status::Exited(code) => Some((
            SubmissionVerdict::RunTimeError,
            format!("exit status {code}"),
        )),
        Status::Signalled(signal) => Some((
            SubmissionVerdict::RunTimeError,
            format!("killed by signal {signal}"),
        )),
    }
}

/// The output validator's judgement of `output` on `case`: `None` if it
/// accepts, a wrong answer and its message if it rejects, an error if it
/// fails.
fn validate(
    validator: &Validator,
    case: &Case,
    output: &[u8],
    feedback: &Path,
) -> Result<Option<(SubmissionVerdict, String)>, String> {
    let mut command: Vec<OsString> = vec![
        validator.program.clone().into(),
        case.input.clone().into(),
        case.input.with_extension("ans").into(),
        feedback.into(),
    ];
    command.extend(validator.flags.iter().map(OsString::from));
    let message_file = feedback.join("judgemessage.txt");
    let _ = std::fs::remove_file(&message_file);
    let ran = child::run(&command, output, VALIDATOR_BOUNDS)?;
    let message = std::fs::read_to_string(&message_file).unwrap_or_default();
    let first_line = message.lines().next().unwrap_or("").to_string();
    match ran.run.status {
        Status::Exited(42) => Ok(None),
        Status::Exited(43) => Ok(Some((SubmissionVerdict::WrongAnswer, first_line))),
        status => Err(format!(
            "the output validator failed on {} ({status:?}): {}",
            case.name,
            String::from_utf8_lossy(&ran.run.stderr).trim()
        )),
    }
}
