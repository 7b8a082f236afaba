//! The arguments every command shares, and their value parsers: a
//! command's own arguments are in its file.

use std::path::PathBuf;

use clap::ValueEnum;
use clap::builder::{PossibleValue, TypedValueParser};

use super::families::of_run;
use crate::batch::BatchOptions;
use crate::family::Family;
use crate::input::InputFormat;
use crate::print::Format;

#[derive(Debug, clap::Args)]
pub struct InputArgs {
    /// Maze files; with none, or '-', standard input is read.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Write the output to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub maze: MazeArgs,

    /// How many mazes to handle at once; 0 (or none given) means one per
    /// core, and more than 256 count as 256. Output is the same, in input
    /// order, whatever the number.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Never show a progress bar (it is shown on stderr for runs longer
    /// than a second, and only when stderr is a terminal).
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum InputFormatArg {
    /// The judges' text format.
    Judge,
    /// JSON Lines: one maze document per line.
    Json,
}

impl From<InputFormatArg> for InputFormat {
    fn from(format: InputFormatArg) -> InputFormat {
        match format {
            InputFormatArg::Judge => InputFormat::Judge,
            InputFormatArg::Json => InputFormat::Json,
        }
    }
}

/// How mazes are read, for every command that reads them.
#[derive(Clone, Debug, clap::Args)]
pub struct MazeArgs {
    #[arg(long, value_parser = families(false), help = family_help())]
    pub family: Option<&'static dyn Family>,

    /// Refuse mazes whose search would need more states than this (2^29
    /// by default), before allocating anything for them.
    #[arg(long, value_name = "N", default_value_t = crate::read::DEFAULT_MAX_STATES)]
    pub max_states: u64,

    /// The memory the mazes in hand at once may take, reckoned from their
    /// sizes: one maze may take half of it (a larger one is refused), and
    /// with several jobs, mazes over a share of the other half are taken
    /// one at a time. A number of bytes, or with K, M, G or T (powers of
    /// 1024). Default: the machine's physical memory.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<u64>,

    /// The input format; by default a first line starting with '{' means
    /// JSON (one maze document per line), anything else the judges' format.
    #[arg(long, value_enum)]
    pub input_format: Option<InputFormatArg>,
}

/// An output format as a command offers it: its name and what it is.
pub type Offered = (Format, &'static str, &'static str);

pub const JUDGE_OUTPUT: Offered = (Format::Judge, "judge", "The judges' output format");
pub const JUDGE_INPUT: Offered = (Format::Judge, "judge", "The judges' text format");
pub const TEXT: Offered = (Format::Text, "text", "Human-readable text");
pub const JSON_LINES: Offered = (Format::Json, "json", "JSON Lines");
pub const JSON_MAZES: Offered = (
    Format::Json,
    "json",
    "JSON Lines: one maze document per line",
);

/// The value parser of a command's output formats.
pub fn formats(offered: &'static [Offered]) -> impl TypedValueParser<Value = Format> {
    choices(
        offered
            .iter()
            .map(|&(format, name, help)| (format, name, help.to_string())),
    )
}

/// `--family`'s values: the families of the list (with `generating`, only
/// those that have a generator).
pub fn families(generating: bool) -> impl TypedValueParser<Value = &'static dyn Family> {
    let offered = of_run()
        .list()
        .iter()
        .filter(move |f| !generating || f.generator().is_some())
        .map(|&f| (f, f.name(), super::help::capitalized(f.words().about)));
    choices(offered)
}

/// The value parser of a fixed set of named values, each with its help.
pub fn choices<T: Clone + Send + Sync + 'static>(
    choices: impl IntoIterator<Item = (T, &'static str, String)>,
) -> impl TypedValueParser<Value = T> {
    let choices: Vec<(T, &'static str, String)> = choices.into_iter().collect();
    let values = choices
        .iter()
        .map(|(_, name, help)| PossibleValue::new(*name).help(help.clone()));
    clap::builder::PossibleValuesParser::new(values).map(move |name| {
        choices
            .iter()
            .find(|(_, choice, _)| *choice == name)
            .map(|(value, _, _)| value.clone())
            .expect("clap accepts only the possible values")
    })
}

/// `--family`'s help: how each family's header is told apart.
fn family_help() -> String {
    let marks: Vec<String> = of_run()
        .list()
        .iter()
        .map(|f| format!("{}: {}", f.words().header_mark, f.name()))
        .collect();
    format!(
        "The maze family; by default it is detected from each input's second line ({})",
        marks.join("; ")
    )
}

impl MazeArgs {
    /// How mazes are read, as these arguments say (the rest as `options`).
    pub fn options(&self, options: BatchOptions) -> BatchOptions {
        BatchOptions {
            families: of_run(),
            format: self.input_format.map(Into::into),
            family: self.family,
            max_states: self.max_states,
            max_memory: Some(max_memory(self.max_memory)),
            ..options
        }
    }
}

/// `--max-memory`: the one given, or the machine's physical memory
/// (`MemTotal` in /proc/meminfo), or 4 GiB where that is unknown. The
/// physical memory does not change from run to run, as free memory does.
fn max_memory(given: Option<u64>) -> u64 {
    given.unwrap_or_else(physical_memory)
}

/// The machine's physical memory (`MemTotal` in /proc/meminfo), or 4 GiB
/// where that is unknown.
pub fn physical_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|meminfo| {
            let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(4 << 30, |kb| kb.saturating_mul(1024))
}

/// A size in bytes: digits, then K, M, G or T (powers of 1024), with an
/// optional `B` or `iB` after the letter.
fn parse_size(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let upper = upper
        .strip_suffix("IB")
        .or(upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, shift) = match upper.char_indices().last() {
        Some((at, unit @ ('K' | 'M' | 'G' | 'T'))) => (
            &upper[..at],
            10 * (1 + "KMGT".find(unit).unwrap_or(0) as u32),
        ),
        _ => (upper, 0),
    };
    let number: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a size like 512M or 4G"))?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("'{text}' is too large"))
}

/// The threads `--jobs` asks for: 0 or none, one per core; more than
/// [`batch::MAX_JOBS`](crate::batch::MAX_JOBS) count as that many.
pub fn jobs(asked: Option<usize>) -> usize {
    let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
    asked
        .filter(|&jobs| jobs > 0)
        .unwrap_or_else(cores)
        .min(crate::batch::MAX_JOBS)
}

/// The seed asked for, or, without one, a fresh one from the clock, said
/// on stderr with how to `draw` the same again (as Simon Tatham's
/// puzzles show a game's seed).
pub fn seed_or_fresh(seed: Option<u64>, draw: &str) -> u64 {
    if let Some(seed) = seed {
        return seed;
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let seed = (now.as_nanos() as u64 ^ u64::from(std::process::id())) % 999_999_999 + 1;
    super::say::note(format!("seed {seed} (--seed {seed} {draw} again)"));
    seed
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("40K"), Ok(40 << 10));
        assert_eq!(parse_size("64m"), Ok(64 << 20));
        assert_eq!(parse_size("4GiB"), Ok(4 << 30));
        assert_eq!(parse_size("2 TB"), Ok(2 << 40));
        assert!(parse_size("1.5G").is_err());
        assert!(parse_size("G").is_err());
        assert!(parse_size("99999999999T").is_err());
    }
}
