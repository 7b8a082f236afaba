//! Test cases for the validators themselves, which the format of 2025-09
//! ships and BAPCtools' `bt validate` runs: inputs the input validator
//! must refuse, each breaking one rule the statement states, and team
//! outputs of the sample that the output validator must accept or
//! refuse.

use super::cases::{first_maze, first_maze_named};
use crate::family::contest::{Contest, Names, ProblemLimits, SPACED_NAME_MOST};
use crate::verify::Layout;

/// A named text: a test case's input, or a team's output.
pub(super) type Named = (String, String);

/// Inputs that break the statement's rules, each named for the rule: the
/// format's own (made from the sample) and the family's
/// ([`Contest::invalid_inputs`]).
pub(super) fn invalid_inputs(contest: &Contest, limits: ProblemLimits) -> Vec<Named> {
    let sample = contest.sample;
    let first = first_maze(sample);
    let name = first.lines().next().unwrap_or_default();
    let named = |new: &str| first_maze_named(sample, Some(new)) + "END\n";
    let most = match limits.names {
        Names::Words => contest.word_names.most,
        Names::Spaced => SPACED_NAME_MOST,
    };
    let mut inputs: Vec<Named> = vec![
        (
            "no-end".into(),
            sample.strip_suffix("END\n").unwrap_or(sample).into(),
        ),
        ("no-maze".into(), "END\n".into()),
        ("empty".into(), String::new()),
        ("only-a-newline".into(), "\n".into()),
        (
            "delete-character".into(),
            named(&format!("{}\u{7f}", &name[..name.len().min(most - 1)])),
        ),
        ("text-after-end".into(), format!("{sample}{name}\n")),
        ("blank-line".into(), sample.replacen('\n', "\n\n", 1)),
        ("blank-line-at-the-end".into(), format!("{sample}\n")),
        (
            "space-at-a-line-end".into(),
            sample.replacen('\n', " \n", 1),
        ),
        ("space-at-a-line-start".into(), format!(" {sample}")),
        ("windows-newlines".into(), sample.replace('\n', "\r\n")),
        ("no-newline-at-the-end".into(), sample.trim_end().into()),
        (
            "tab".into(),
            named(&format!("{}\t1", &name[..name.len().min(most - 2)])),
        ),
        ("not-ascii".into(), named("Na\u{ef}ve")),
        ("name-too-long".into(), named(&"N".repeat(most + 1))),
        ("name-end".into(), named("END")),
        (
            "too-many-mazes".into(),
            first.repeat(limits.max_mazes as usize + 1) + "END\n",
        ),
    ];
    if limits.names == Names::Words {
        inputs.push(("name-with-a-space".into(), named("Two Words")));
        if contest.word_names.alphanumeric {
            inputs.push(("name-not-alphanumeric".into(), named("Maze-1")));
        }
    }
    inputs.extend(
        (contest.invalid_inputs)(limits)
            .into_iter()
            .map(|(name, input)| (name.to_string(), input)),
    );
    inputs
}

/// Team outputs for the sample whose judges' answer is `answer`: those
/// the output validator judging `layout` must accept, and those it must
/// refuse, each named for what it is.
pub(super) fn outputs(answer: &str, layout: Layout) -> (Vec<Named>, Vec<Named>) {
    let lines: Vec<&str> = answer.lines().collect();
    let is_route = |line: &&str| line.starts_with("  (");
    let first_route: Vec<&str> = lines.iter().copied().skip(1).take_while(is_route).collect();
    let joined = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    let route_text = joined(&first_route);
    let one_line = format!(
        "  {}\n",
        first_route
            .iter()
            .map(|l| l.trim().trim_end_matches(','))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let last_name = lines.iter().rposition(|l| !l.starts_with(' ')).unwrap_or(0);
    let second = match first_route
        .first()
        .and_then(|l| l.match_indices('(').nth(1))
    {
        Some((at, _)) => {
            let line = first_route[0];
            let end = at + line[at..].find(')').map_or(0, |e| e + 1);
            answer.replacen(line, &format!("{}(99,99){}", &line[..at], &line[end..]), 1)
        }
        None => answer.replacen(&route_text, "  (99,99)\n", 1),
    };
    let mut refused: Vec<Named> = vec![
        ("nothing".into(), String::new()),
        ("wrong-name".into(), answer.replacen('\n', "x\n", 1)),
        ("last-maze-left-out".into(), joined(&lines[..last_name])),
        ("text-after-the-last-maze".into(), format!("{answer}END\n")),
        (
            "says-no-solution".into(),
            // A first maze without a route leaves nothing to change: the
            // answer itself, which the filter below drops.
            match route_text.is_empty() {
                true => answer.to_string(),
                false => answer.replacen(&route_text, "  No Solution Possible\n", 1),
            },
        ),
        ("a-move-off-the-route".into(), second),
        (
            "route-for-no-solution".into(),
            answer.replacen("  No Solution Possible\n", &route_text, 1),
        ),
    ];
    let mut accepted: Vec<Named> = vec![("judges-answer".into(), answer.into())];
    let layouts: Vec<Named> = vec![
        ("windows-newlines".into(), answer.replace('\n', "\r\n")),
        ("route-not-indented".into(), answer.replace("\n  ", "\n")),
        ("space-at-line-ends".into(), answer.replace('\n', " \n")),
        (
            "blank-line-between-mazes".into(),
            answer.replacen(&route_text, &format!("{route_text}\n"), 1),
        ),
        (
            "route-on-one-line".into(),
            answer.replacen(&route_text, &one_line, 1),
        ),
    ];
    let layouts = layouts.into_iter().filter(|(_, text)| text != answer);
    match layout {
        Layout::Strict => refused.extend(layouts),
        Layout::Lenient => accepted.extend(layouts),
    }
    // A change the sample leaves nothing to make (a route for a maze
    // without one, in a sample where every maze has one) is no output.
    refused.retain(|(_, text)| text != answer);
    (accepted, refused)
}
