//! What the help, the man pages and the README say, held against what the
//! tool does: each claim that was once untrue, now a test.

use assert_cmd::Command;

fn logicmaze() -> Command {
    Command::cargo_bin("logicmaze").unwrap()
}

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let output = logicmaze().args(args).output().unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Theseus is a name, in the one line about the tool and the man page's
/// NAME line alike.
#[test]
fn theseus_keeps_his_capital() {
    let (help, _, _) = run(&["--help"]);
    assert!(
        help.contains("dice mazes and Theseus and the Minotaur"),
        "{help}"
    );
    let (man, _, _) = run(&["man"]);
    let name = man
        .split(".SH NAME")
        .nth(1)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap();
    assert!(name.contains("Theseus"), "{name}");
    assert!(
        !help
            .to_lowercase()
            .contains("every maze was handled (check"),
        "{help}"
    );
}

/// `package` handles no mazes: its help's status 0 says what it does.
#[test]
fn package_s_success_is_its_own() {
    let (help, _, _) = run(&["package", "--help"]);
    let zero = help
        .lines()
        .find(|l| l.trim_start().starts_with("0  "))
        .unwrap();
    assert!(zero.contains("the package was written"), "{zero}");
    assert!(!zero.contains("maze"), "{zero}");
}

/// `man --dir DIR` writes every page, so that `man logicmaze-solve` works
/// as the README says; each reads with `man -l` without a warning.
#[test]
fn man_dir_writes_every_page_and_each_reads_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (_, said, code) = run(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    let (help, _, _) = run(&["--help"]);
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .map_while(|l| {
            l.strip_prefix("  ")
                .and_then(|l| l.split_whitespace().next())
        })
        .filter(|&c| c != "help")
        .collect();
    assert!(
        commands.contains(&"solve") && commands.contains(&"edit"),
        "{commands:?}"
    );
    for page in std::iter::once("logicmaze".to_string())
        .chain(commands.iter().map(|c| format!("logicmaze-{c}")))
    {
        let file = dir.path().join(format!("{page}.1"));
        assert!(file.exists(), "no {page}.1");
        let read = std::process::Command::new("man")
            .args(["--warnings", "-l"])
            .arg(&file)
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "0")
            .output()
            .expect("man (apt-get install man-db), as .ci/run installs it");
        assert!(read.status.success(), "{page}");
        assert_eq!(String::from_utf8_lossy(&read.stderr), "", "{page}");
        // Bold as a terminal's man shows it: each letter struck twice.
        let shown: String = String::from_utf8_lossy(&read.stdout)
            .split('\u{8}')
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    &part[part.char_indices().nth(1).map_or(part.len(), |(at, _)| at)..]
                }
            })
            .collect();
        assert!(shown.contains("NAME"), "{page}: {shown:.200}");
    }
}

/// `generate --jobs`: the same bytes on one thread and on several.
#[test]
fn generate_s_jobs_change_no_byte() {
    let args = [
        "generate", "dice", "--count", "6", "--seed", "5", "--rows", "5", "--cols", "5",
    ];
    let (one, _, _) = run(&[&args[..], &["--jobs", "1"]].concat());
    let (two, _, _) = run(&[&args[..], &["--jobs", "2"]].concat());
    let (eight, _, _) = run(&[&args[..], &["-j", "8"]].concat());
    assert!(one.contains("DICE-5x5-5-6"), "{one}");
    assert_eq!(one, two);
    assert_eq!(one, eight);
}

/// Without --seed, each run draws a fresh seed and says it; the seed said
/// makes the same maze again.
#[test]
fn generate_draws_a_fresh_seed_and_says_it() {
    let (first, said, _) = run(&["generate", "dice", "--rows", "5", "--cols", "5"]);
    let (second, _, _) = run(&["generate", "dice", "--rows", "5", "--cols", "5"]);
    assert_ne!(first, second, "two runs without --seed made the same maze");
    let seed = said
        .split("seed ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed said: {said}"));
    assert!(first.starts_with(&format!("DICE-5x5-{seed}\n")), "{first}");
    let (again, quiet, _) = run(&[
        "generate", "dice", "--rows", "5", "--cols", "5", "--seed", seed,
    ]);
    assert_eq!(again, first);
    assert!(!quiet.contains("seed"), "{quiet}");
}

/// `check`'s text and its JSON count the split alike: the move, from 1.
#[test]
fn check_s_split_is_the_same_in_text_and_json() {
    let (text, _, _) = run(&["check", "examples/ambiguous.in"]);
    let (json, _, _) = run(&["check", "examples/ambiguous.in", "--format", "json"]);
    let line: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let split = line["split"].as_u64().unwrap();
    assert!(
        text.contains(&format!("they split at move {split}: to ")),
        "{text}\n{json}"
    );
}

/// A short answer says what it expected, plainly.
#[test]
fn a_short_answer_says_what_was_expected() {
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("short.out");
    let full = std::fs::read_to_string("examples/arrow.out").unwrap();
    let first: Vec<&str> = full.lines().take_while(|l| *l != "NOSOLUTION").collect();
    std::fs::write(&answer, first.join("\n") + "\n").unwrap();
    let (out, err, _) = run(&["verify", "examples/arrow.in", answer.to_str().unwrap()]);
    let said = out + &err;
    assert!(
        said.contains("the answer ends; expected the line 'NOSOLUTION'"),
        "{said}"
    );
}
