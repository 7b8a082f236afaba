//! The help texts that describe the families, put together from each
//! family's own words ([`Words`]), so that the help of a program with
//! another list of families describes that list.

use super::families::of_run;
use crate::family::{Family, Words};
use crate::generate::Difficulty;
use crate::package::problem::ProblemLimits;

/// `phrase` of each family of the list, joined as [`joined`] joins.
fn each(
    phrase: impl Fn(&'static dyn Family, &Words) -> String,
    (between, last): (&str, &str),
) -> String {
    joined(
        of_run().list().iter().map(|&f| phrase(f, f.words())),
        (between, last),
    )
}

/// `phrases` joined by `between`, the last one by `last`.
fn joined(phrases: impl Iterator<Item = String>, (between, last): (&str, &str)) -> String {
    let phrases: Vec<String> = phrases.collect();
    match phrases.split_last() {
        Some((only, [])) => only.clone(),
        Some((end, rest)) => format!("{}{last}{end}", rest.join(between)),
        None => String::new(),
    }
}

/// A list in prose: `a, b and c`.
const AND: (&str, &str) = (", ", " and ");
/// Alternatives in prose: `a, b or c`.
const OR: (&str, &str) = (", ", " or ");
/// Clauses: `a; b; c`.
const CLAUSES: (&str, &str) = ("; ", "; ");

/// `text` with its first letter in upper case, to start a line.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The program's one line: what it solves.
pub fn about() -> String {
    let families = each(|_, w| w.about.to_string(), AND);
    format!("Solve Robert Abbott's logic mazes: {families}.")
}

pub fn solve() -> String {
    format!(
        "Solve mazes and print shortest routes in the judges' output format.\n\n\
         Reads mazes in the judges' formats ({}) and prints, for each maze, its name and a \
         shortest route or \"No Solution Possible\", byte for byte as the judges do. Ties \
         between equally short routes are broken by trying {}. Malformed mazes are reported \
         on stderr as FILE:LINE:COLUMN and skipped; the rest are still solved.",
        each(
            |f, w| format!("{} mazes: {}", f.name(), w.format_source),
            CLAUSES
        ),
        each(|f, w| format!("{} ({})", w.tie_order, f.name()), AND),
    )
}

pub fn check() -> String {
    format!(
        "Prove whether each maze's shortest route is unique, and show what no route uses.\n\n\
         For every maze: the shortest route's length, how many distinct shortest routes there \
         are (exact, or \"at least\" when past 2^64 - 1), the verdict unique / ambiguous / \
         unsolvable, for an ambiguous maze two different shortest routes and where they split, \
         the reachable and dead-end search states, and the {}.",
        each(|f, w| format!("{} ({})", w.unused, f.name()), OR),
    )
}

pub fn render() -> String {
    format!(
        "Draw mazes, and their shortest routes, as SVG or PNG.\n\n\
         Each family is drawn in its own way: {}. --route draws the shortest route over the \
         maze, coloured from blue (first move) to orange (last), one lane per pass where it \
         goes the same way twice.",
        each(|f, w| format!("{} mazes {}", f.name(), w.drawn), CLAUSES),
    )
}

pub fn play() -> String {
    format!(
        "Walk mazes in the browser, one move at a time.\n\n\
         Writes one self-contained HTML page (no network needed; it works from disk) or, with \
         --serve, serves it on 127.0.0.1. Each family is played in its own way: {}. Move by arrow keys, clicks, taps or swipes; U \
         undo, R redo, H a hint, S the shortest route (asked twice), M a mark of your own \
         (tried, dead end), + and - zoom, ? or F1 how to play, with an example played on the \
         board. The browser keeps each maze's whole history, marks, time and best; the page's \
         address names the maze and its history, so a link (Copy link) opens the same \
         position anywhere.",
        joined(
            of_run().list().iter().filter_map(|&f| {
                Some(format!("{} mazes are {}", f.name(), f.play()?.played()))
            }),
            CLAUSES
        ),
    )
}

pub fn edit() -> String {
    "Draw a maze by hand in the browser, proved at every stroke.\n\n\
     Serves an editor of one maze of FILE on 127.0.0.1 and prints its address (with the token \
     every request must show). Arrow keys move a cursor; every edit has a key, listed on the \
     page (? opens them); Ctrl+Z and Ctrl+Y undo and redo. After each edit the design is proved \
     and the page shows, without a click: no solution, one shortest route or the exact number \
     of them, the length, the route drawn, two routes drawn where an ambiguous design splits, \
     and what no walk uses. Ctrl+S (or Save) writes FILE atomically in the judges' format \
     (JSON if FILE is JSON), the maze in its place and the others byte for byte, unless FILE \
     changed on disk since it was loaded; nothing else is ever written. Play opens the play \
     page of the design; SVG downloads its drawing."
        .to_string()
}

/// `generate --difficulty`: what the hard preset and a larger maze ask of
/// each family that generates.
pub fn difficulty() -> String {
    let generators = || {
        of_run()
            .list()
            .iter()
            .filter_map(|&f| Some((f.name(), f.generator()?)))
    };
    let presets = joined(
        generators().map(|(name, g)| {
            let (rows, cols, moves) = g.preset(Difficulty::Hard);
            format!("{name} {rows}×{cols} of {moves}+ moves")
        }),
        AND,
    );
    let grown = joined(
        generators().map(|(name, g)| {
            let moves = g.min_length(Difficulty::Hard, 50, 50);
            format!("{moves} moves ({name})")
        }),
        AND,
    );
    format!(
        "Size and minimum route length: easy, medium or hard (hard: {presets}). With --rows or \
         --cols and no --min-length, the length grows with the size, as each family says (a \
         hard 50×50 maze asks for {grown})."
    )
}

/// `play --serve`: how a served maze is named.
pub fn serve() -> String {
    let id = crate::play::GameId::example(of_run());
    format!(
        "Serve the page on 127.0.0.1 instead of writing it, until stopped: at \
         http://127.0.0.1:PORT/, with a New maze button. A maze is named by its game id, \
         FAMILY:ROWSxCOLS:DIFFICULTY#SEED ({id}, at most {side}×{side}), after the page's \
         address: http://127.0.0.1:PORT/#{id}. At most 64 clients at once, each cut off if its \
         request takes over 5 seconds.",
        side = crate::play::MAX_SIDE,
    )
}

/// `package --max-side` and `--max-mazes`: what `about` says, and each
/// contest's own limit, the `limit` of its limits.
pub fn package_limit(limit: fn(&ProblemLimits) -> u32, about: &str) -> String {
    let defaults = joined(
        of_run().list().iter().filter_map(|&f| {
            let limits = f.contest()?.problem().limits;
            Some(format!("{} {}", f.name(), limit(&limits)))
        }),
        AND,
    );
    format!("{about} [default: the contest's own: {defaults}]")
}

pub fn package() -> String {
    let contests = of_run()
        .list()
        .iter()
        .filter_map(|&f| Some((f, f.contest()?.problem())));
    let families = joined(
        contests.map(|(f, contest)| {
            let traps = joined(
                contest.traps.iter().map(|trap| match trap.spaced {
                    true => format!("{} (with --spaced-names)", trap.about),
                    false => trap.about.to_string(),
                }),
                OR,
            );
            format!(
                "{} mazes, {} ({}): its test cases catch a solution that {traps}.",
                f.name(),
                contest.problem,
                contest.source
            )
        }),
        ("\n\n", "\n\n"),
    );
    format!(
        "Write a contest problem package (ICPC / Kattis format) to a folder.\n\n\
         problem.yaml, the statement in LaTeX with a picture of its sample, the sample, test \
         cases that set the family's traps (each .ans from the solver, each described: what it \
         tests and which traps it catches), validators in C++ source (the output validator \
         replays each route by the rules), and submissions: a solution in C++ and one in \
         Python, and for each trap the C++ solution falling into it (a wrong answer, or too \
         slow). One set of limits (--max-side, --max-mazes) is stated by the statement, \
         enforced by the input validator and kept by every test case; the data is as hard as \
         they allow. Names are one word, as the original statements say, unless \
         --spaced-names; the output's layout is judged byte for byte unless --free-layout. \
         Kattis's `verifyproblem` accepts the legacy format (the default), BAPCtools' `bt` the \
         format of 2025-09 (--format-version 2025-09); `logicmaze package --report DIR` prints \
         what a head judge signs from: the options and time limit, each test case's figures, \
         and each submission's verdict and first rejecting case, found by running it; see `logicmaze docs judging`.\n\n{families}"
    )
}

/// `stress`: what it does, step by step.
pub fn stress() -> String {
    "Find the smallest maze a program gets wrong, and say why.\n\n\
     Runs COMMAND (any program that reads mazes in the judges' input format on standard \
     input and writes its answers on standard output) on random mazes of FAMILY, a few at a \
     time, small first and growing to --max-side, each output judged as `logicmaze verify` \
     judges an answer (--strict: the layout too). On the first failure it shrinks the mazes \
     while the program still fails the same way: one maze alone, then a row or a column \
     fewer, then a part fewer (a sign, a square, a wall), keeping each step that still \
     fails. It prints the smallest failing maze, the program's output, the right answer and \
     the judge's reason; -o writes the maze, --svg draws it with its right route.\n\n\
     A failure is a wrong answer, a crash (a status other than 0, or a signal), a time-out \
     (--timeout a run) or output that is not the format at all. Each run is killed at its \
     time-out or when its output passes 8 MiB, with everything it started (its process \
     group), and on Ctrl-C; its output is read in bounded memory. The same --seed draws the \
     same mazes."
        .to_string()
}
