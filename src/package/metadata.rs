//! What a package says of itself: problem.yaml (the name, a uuid, the
//! author, the source, the license), and the command that writes the
//! package again, on problem.yaml's first line, which [`written_by`]
//! reads back.

use std::fmt::Write;

use super::current::quoted;
use super::{AUTHOR, License, PackageError, PackageFormat, PackageOptions};
use crate::family::contest::{Contest, Names, ProblemLimits};
use crate::verify::Layout;

/// How problem.yaml's first line begins and ends, around the command.
const WRITTEN_BY: (&str, &str) = ("# Written by `", "`.");

/// problem.yaml of `contest`'s package for `family`.
pub(super) fn problem_yaml(
    contest: &Contest,
    family: &str,
    options: &PackageOptions,
    limits: ProblemLimits,
) -> String {
    let command = command(family, options, limits);
    let mut yaml = format!("{}{command}{}\n", WRITTEN_BY.0, WRITTEN_BY.1);
    if options.format == PackageFormat::V2025_09 {
        yaml.push_str("problem_format_version: 2025-09\ntype: pass-fail\n");
    }
    let author = match options.format {
        PackageFormat::Legacy => "author",
        PackageFormat::V2025_09 => "credits",
    };
    let _ = write!(
        yaml,
        "name: {name}\n\
         uuid: {uuid}\n\
         {author}: {author_name}\n\
         source: {source}\n\
         license: {license}\n",
        name = quoted(contest.problem),
        // The same problem in either format: the same uuid.
        uuid = uuid(&self::command(
            family,
            &options.clone().with_format(PackageFormat::Legacy),
            limits
        )),
        author_name = quoted(&options.author),
        source = quoted(contest.source),
        license = options.license.name(),
    );
    if let Some(owner) = &options.rights_owner {
        let _ = writeln!(yaml, "rights_owner: {}", quoted(owner));
    }
    if options.format == PackageFormat::V2025_09 && limits.max_side > contest.limits.max_side {
        // BAPCtools' limit is a second unless told: Python (with PyPy)
        // took 0.45 s (BENCHMARKS.md, "Contest packages") to 0.83 s (in
        // `bt run`) on Theseus's largest mazes, so past the contest's
        // side it is told 2 s. Kattis sets its own from the slowest
        // accepted submission.
        yaml.push_str("limits:\n  time_limit: 2\n");
    }
    if options.format == PackageFormat::Legacy {
        yaml.push_str("validation: custom\n");
        if options.layout == Layout::Strict {
            yaml.push_str("validator_flags: strict\n");
        }
    }
    yaml
}

/// Refuses rights the tools refuse or that claim too much: an owner of a
/// problem in the public domain, no owner under a license that claims
/// rights (Kattis would name the source), an owner or author that is
/// not one line.
pub(super) fn check_rights(
    options: &PackageOptions,
    contest: &Contest,
) -> Result<(), PackageError> {
    match &options.rights_owner {
        Some(_) if options.license == License::PublicDomain => {
            Err(PackageError::OwnerOfPublicDomain)
        }
        None if !matches!(options.license, License::PublicDomain | License::Unknown) => {
            Err(PackageError::NoRightsOwner {
                license: options.license.name(),
                origin: contest.source,
            })
        }
        Some(owner) if owner.chars().any(char::is_control) => {
            Err(PackageError::OwnerNotOneLine(owner.clone()))
        }
        _ if options.author.chars().any(char::is_control) => {
            Err(PackageError::AuthorNotOneLine(options.author.clone()))
        }
        _ => Ok(()),
    }
}

/// The problem's uuid, made from the command that writes the package
/// (`command`: every option that changes the problem): the same command,
/// the same uuid, and any other, another (a version 8 uuid, whose bits
/// are the maker's own).
fn uuid(command: &str) -> String {
    use rand::{RngCore, SeedableRng};
    // Four FNV-1a hashes of the command, each from its own start, make
    // the generator's key: stable on every machine and in every version.
    let mut key = [0u8; 32];
    for (part, chunk) in key.chunks_mut(8).enumerate() {
        let hash = crate::hash::fnv1a(part as u64, command.as_bytes());
        chunk.copy_from_slice(&hash.to_le_bytes());
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

/// The command that writes the package again.
pub(super) fn command(family: &str, options: &PackageOptions, limits: ProblemLimits) -> String {
    let mut command = format!(
        "logicmaze package {family} DIR --seed {} --max-side {} --max-mazes {}",
        options.seed, limits.max_side, limits.max_mazes
    );
    if options.layout == Layout::Lenient {
        command.push_str(" --free-layout");
    }
    if limits.names == Names::Spaced {
        command.push_str(" --spaced-names");
    }
    if options.format != PackageFormat::Legacy {
        command.push_str(" --format-version ");
        command.push_str(options.format.name());
    }
    if options.author != AUTHOR {
        command.push_str(&format!(" --author {}", shell_quoted(&options.author)));
    }
    if options.license != License::PublicDomain || options.rights_owner.is_some() {
        command.push_str(" --license ");
        command.push_str(&options.license.name().replace(' ', "-"));
    }
    if let Some(owner) = &options.rights_owner {
        command.push_str(&format!(" --rights-owner {}", shell_quoted(owner)));
    }
    command
}

/// `text` quoted for a POSIX shell: inside single quotes, all but a single
/// quote is itself.
fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// The command that wrote a package, read from its problem.yaml's first
/// line (`# Written by` and the command in backquotes): its words after
/// `logicmaze`, unquoted as a POSIX shell would, or `None` if the line is
/// not there or not one logicmaze writes.
///
/// ```
/// use logicmaze::package::written_by;
/// let yaml = "# Written by `logicmaze package arrow DIR --seed 2 --author 'Ann O'\\''Neil'`.\nname: x\n";
/// assert_eq!(
///     written_by(yaml).unwrap(),
///     ["package", "arrow", "DIR", "--seed", "2", "--author", "Ann O'Neil"]
/// );
/// assert_eq!(written_by("name: x\n"), None);
/// ```
pub fn written_by(problem_yaml: &str) -> Option<Vec<String>> {
    let line = problem_yaml.lines().next()?;
    let command = line
        .strip_prefix(WRITTEN_BY.0)?
        .strip_suffix(WRITTEN_BY.1)?;
    let mut words = shell_words(command)?;
    (words.first()? == "logicmaze").then(|| words.split_off(1))
}

/// `text` split into words as a POSIX shell splits words of plain
/// characters, backslash escapes and single-quoted parts; `None` for an
/// unclosed quote or a character the package's command never holds
/// unquoted.
fn shell_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' => words.extend(word.take()),
            '\'' => {
                let quoted = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        inside => quoted.push(inside),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).push(chars.next()?),
            '"' | '$' | '`' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' => return None,
            plain => word.get_or_insert_with(String::new).push(plain),
        }
    }
    words.extend(word);
    Some(words)
}
