//! Exit statuses: one table, the same meaning in every subcommand, each
//! subcommand listing only those it can return (`--help`, README).

/// How a run went, in the order in which outcomes win when several
/// apply (the greatest is the status): a command that could not do its
/// work (2) over a maze it could not handle (1) over a rejected answer (4,
/// `verify`) over an ambiguous maze (3), which `check` still reports on
/// stdout and counts on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Clean,
    Ambiguous,
    Rejected,
    BadMaze,
    Failed,
}

impl Outcome {
    /// The outcome of a command that either ran (with its outcome) or
    /// could not, saying why on stderr.
    pub fn of(result: Result<Outcome, String>) -> Outcome {
        result.unwrap_or_else(|message| {
            super::say::error(message);
            Outcome::Failed
        })
    }

    /// The exit status.
    pub fn code(self) -> u8 {
        match self {
            Outcome::Clean => 0,
            Outcome::BadMaze => 1,
            Outcome::Failed => 2,
            Outcome::Ambiguous => 3,
            Outcome::Rejected => 4,
        }
    }
}

/// Every outcome, in the order of its status: what it means, and the
/// subcommands that can return it (`None`: all of them).
const STATUSES: &[(Outcome, &str, Option<&[&str]>)] = &[
    (
        Outcome::Clean,
        "success: every maze was handled (each command says what that is)",
        None,
    ),
    (
        Outcome::BadMaze,
        "some maze could not be handled (malformed, too large, or not generated); it \
         was reported on stderr, and the others were handled",
        Some(&[
            "solve", "check", "convert", "generate", "render", "play", "verify", "package",
        ]),
    ),
    (
        Outcome::Failed,
        "the command could not do its work: a file could not be read or written, no \
         maze matched, or the command line was wrong",
        None,
    ),
    (
        Outcome::Ambiguous,
        "some maze has more than one shortest route",
        Some(&["check"]),
    ),
    (
        Outcome::Rejected,
        "an answer was rejected: for verify, some maze's answer is wrong, or text follows \
         the last (--validator, --testlib and --input-only exit as their conventions say); \
         for package --report, some submission's verdict is not its folder's, or the package disagrees with itself",
        Some(&["verify", "package"]),
    ),
];

/// The `Exit status:` section of `stress`'s help, whose statuses are its
/// own: a failure found is what it looks for.
pub const STRESS: &str = "Exit status:
  0  no failure: the program answered every maze rightly within --time-limit
  1  a failure was found: the smallest failing maze and why are on stdout
  2  the command line was wrong, or the program could not be run";

/// What closing standard output early does, and what an input without a
/// maze does.
const CLOSED: &str = "When standard output is closed early (as by `| head`), the command stops
quietly with the status of what it wrote until then. An input that holds no
maze (empty, blank, or END alone) is an error, status 2, for every command.";

/// What success (status 0) is for `subcommand`, in its own words.
fn success(subcommand: &str) -> &'static str {
    match subcommand {
        "solve" => "success: every maze was solved (a maze without a route is answered so)",
        "check" => "success: every maze has one shortest route, or none",
        "convert" => "success: every maze was converted",
        "generate" => "success: every maze asked for was generated",
        "render" => "success: every maze was drawn",
        "play" => "success: the page was written (or served until stopped)",
        "edit" => "success: the editor served until stopped",
        "verify" => "success: every answer was accepted",
        "package" => {
            "success: the package was written (with --report: its report printed, every \
             submission getting its folder's verdict)"
        }
        "completions" => "success: the completion script was written",
        "man" => "success: the man pages were written",
        "docs" => "success: the document was written",
        _ => "success",
    }
}

/// The `Exit status:` section of a subcommand's help (`None`: of the
/// whole program, every status).
pub fn help(subcommand: Option<&str>) -> String {
    let mut text = String::from("Exit status:\n");
    let wrap_at = 78;
    let mut listed = Vec::new();
    for &(outcome, meaning, who) in STATUSES {
        let meaning = match (outcome, subcommand) {
            (Outcome::Clean, Some(subcommand)) => success(subcommand),
            _ => meaning,
        };
        let returned = match (subcommand, who) {
            (None, Some(who)) if who.len() == 1 => format!("({}) {meaning}", who[0]),
            (Some(subcommand), Some(who)) if !who.contains(&subcommand) => continue,
            _ => meaning.to_string(),
        };
        listed.push(outcome);
        let mut line = format!("  {}  ", outcome.code());
        for word in returned.split(' ') {
            if line.len() + word.len() + 1 > wrap_at {
                text.push_str(line.trim_end());
                text.push('\n');
                line = "     ".to_string();
            }
            line.push_str(word);
            line.push(' ');
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    // The outcome that wins is the greatest.
    listed.retain(|&outcome| outcome != Outcome::Clean);
    listed.sort_by(|a, b| b.cmp(a));
    let order: Vec<String> = listed.iter().map(|o| o.code().to_string()).collect();
    if order.len() > 1 {
        text.push_str(&format!(
            "When several apply, the first of {} wins.\n",
            order.join(", ")
        ));
    }
    text.push_str(CLOSED);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_outcome_wins_in_the_documented_order() {
        use Outcome::*;
        assert_eq!(Ambiguous.max(BadMaze), BadMaze);
        assert_eq!(BadMaze.max(Ambiguous), BadMaze);
        assert_eq!(Failed.max(BadMaze), Failed);
        assert_eq!(Clean.max(Ambiguous), Ambiguous);
    }

    #[test]
    fn a_subcommand_lists_only_the_statuses_it_can_return() {
        assert!(help(Some("check")).contains("\n  3  "));
        assert!(!help(Some("solve")).contains("\n  3  "));
        assert!(help(None).contains("  3  (check) some maze"));
    }
}
