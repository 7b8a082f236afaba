//! The tool's own words on stderr: errors, warnings and notes.
//!
//! Everything goes through [`anstream`], so that the words are in colour
//! on a terminal and plain elsewhere, or as `--color`, `NO_COLOR` and
//! `CLICOLOR_FORCE` say. Saying never panics (as `eprintln!` does when
//! stderr is closed): the words are lost and the command goes on to its
//! usual status.
//!
//! ```text
//! logicmaze: error: cannot write out.svg: Permission denied
//! ```

use std::ffi::OsString;
use std::io::Write;

use anstyle::{AnsiColor, Style};

/// How `error:` is shown.
pub const ERROR: Style = AnsiColor::Red.on_default().bold();
/// How `warning:` is shown.
pub const WARNING: Style = AnsiColor::Yellow.on_default().bold();

/// Writes `text` to stderr as it is (styles stripped where colour is off).
pub fn text(text: &str) {
    let _ = anstream::stderr().lock().write_all(text.as_bytes());
}

/// `logicmaze: error: MESSAGE`.
pub fn error(message: impl std::fmt::Display) {
    text(&format!("logicmaze: {ERROR}error:{ERROR:#} {message}\n"));
}

/// `logicmaze: warning: MESSAGE`.
pub fn warning(message: impl std::fmt::Display) {
    text(&format!(
        "logicmaze: {WARNING}warning:{WARNING:#} {message}\n"
    ));
}

/// `logicmaze: MESSAGE`: what the command did, when it is not plain to see
/// (the files it wrote).
pub fn note(message: impl std::fmt::Display) {
    text(&format!("logicmaze: {message}\n"));
}

/// Takes `--color` from the command line before clap reads it, so that
/// clap's own errors follow it too; clap reports a bad value.
pub fn choose_color(args: &[OsString]) {
    let mut words = args.iter().skip(1).map(|a| a.to_str().unwrap_or(""));
    let mut value = None;
    while let Some(word) = words.next() {
        match word {
            "--" => break,
            "--color" => value = words.next(),
            _ => {
                if let Some(given) = word.strip_prefix("--color=") {
                    value = Some(given);
                }
            }
        }
    }
    let choice = match value {
        Some("always") => anstream::ColorChoice::Always,
        Some("never") => anstream::ColorChoice::Never,
        _ => anstream::ColorChoice::Auto,
    };
    choice.write_global();
}
