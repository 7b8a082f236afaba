//! The families of this run of the command line.

use std::sync::OnceLock;

use crate::family::Families;

/// The families of this run: the list [`crate::cli::run`] was given. The
/// command line is the one place a list is kept for the whole process:
/// clap's parsers and help are built from it before any command runs, and
/// every command reads with it.
static FAMILIES: OnceLock<Families> = OnceLock::new();

/// Makes `families` this run's list; refused (false) when another list
/// was made the run's before.
pub fn set_for_run(families: Families) -> bool {
    FAMILIES.get_or_init(|| families) == &families
}

/// This run's families ([`set_for_run`]), or logicmaze's own.
pub fn of_run() -> Families {
    FAMILIES.get().copied().unwrap_or_default()
}
