//! The package's validators are source a head judge reads and any judging
//! system builds (no program in the package, which stays small), and they
//! judge as `logicmaze verify` does: the output validator gives its
//! verdict on every team output, right or wrong, in either layout, and the
//! input validator refuses what the statement forbids.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

use super::{built_validators, files, secret_inputs, shared};
use crate::common;

/// The format of 2025-09 adds cases for the validators and a copy of the
/// data for `generators.yaml`: still under a mebibyte.
#[test]
fn a_package_in_the_format_of_2025_09_is_small_too() {
    use logicmaze::package::{PackageFormat, PackageOptions, package};
    for family in logicmaze::family::ALL
        .iter()
        .filter(|f| f.contest().is_some())
    {
        let options = PackageOptions::new(3).with_format(PackageFormat::V2025_09);
        let files = package(*family, &options).unwrap();
        let size: usize = files.iter().map(|f| f.contents.len()).sum();
        assert!(size < 1 << 20, "{}: {size} bytes", family.name());
        assert!(files.iter().any(|f| f.path == "generators/generators.yaml"));
    }
}

#[test]
fn a_package_holds_no_program_and_is_small() {
    use std::os::unix::fs::PermissionsExt;
    for family in ["arrow", "dice", "minotaur"] {
        let dir = shared(family);
        let mut size = 0;
        for (path, bytes) in files(dir) {
            assert!(
                !bytes.starts_with(b"\x7fELF"),
                "{family}: {}",
                path.display()
            );
            let mode = std::fs::metadata(dir.join(&path))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(
                mode & 0o111,
                0,
                "{family}: {} is executable",
                path.display()
            );
            size += bytes.len();
        }
        assert!(size < 1 << 20, "{family}: {size} bytes");
        for source in [
            "input_validators/validate.cpp",
            "output_validators/judge.cpp",
        ] {
            let text = std::fs::read_to_string(dir.join(source)).unwrap();
            let includes: Vec<&str> = text.lines().filter(|l| l.starts_with("#include")).collect();
            assert!(
                includes.iter().all(|l| !l.contains(".h")),
                "{family}: {source} includes more than the standard library: {includes:?}"
            );
        }
    }
}

/// The exit status of `program` with `args`, given `stdin`.
fn status(program: &Path, args: &[&std::ffi::OsStr], stdin: &[u8]) -> i32 {
    let mut child = Process::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    // A validator may stop reading at its first fault: a closed pipe is
    // then no error of the test's.
    let writer = {
        let stdin = stdin.to_vec();
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = pipe.write_all(&stdin);
        })
    };
    let code = child.wait().unwrap().code().unwrap_or(-1);
    writer.join().unwrap();
    code
}

/// One maze's answer: its name, and its route's positions or none.
struct Answer {
    name: String,
    route: Option<Vec<String>>,
}

/// The judges' answer `text`, maze by maze.
fn answers(text: &str) -> Vec<Answer> {
    let mut answers: Vec<Answer> = Vec::new();
    for line in text.lines() {
        match (line.strip_prefix("  "), answers.last_mut()) {
            (Some("No Solution Possible"), _) => {}
            (Some(positions), Some(answer)) => {
                let route = answer.route.get_or_insert_with(Vec::new);
                let mut rest = positions;
                while let Some(start) = rest.find('(') {
                    let end = rest[start..].find(')').unwrap() + start + 1;
                    route.push(rest[start..end].to_string());
                    rest = &rest[end..];
                }
            }
            _ => answers.push(Answer {
                name: line.to_string(),
                route: None,
            }),
        }
    }
    answers
}

/// `answers` written with `per_line` positions a line, joined by
/// `separator`, each line but the last ending with `end`.
fn written(answers: &[Answer], per_line: usize, separator: &str, end: &str) -> String {
    let mut out = String::new();
    for answer in answers {
        out += &format!("{}\n", answer.name);
        match &answer.route {
            None => out += "  No Solution Possible\n",
            Some(route) => {
                let lines: Vec<String> =
                    route.chunks(per_line).map(|c| c.join(separator)).collect();
                out += &format!("  {}\n", lines.join(&format!("{end}\n  ")));
            }
        }
    }
    out
}

/// Team outputs made from the judges' answer `text`: right ones in other
/// layouts, wrong ones, and hostile ones, each with what it is.
fn team_outputs(text: &str) -> Vec<(String, Vec<u8>)> {
    let mut outputs: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |what: String, bytes: Vec<u8>| outputs.push((what, bytes));
    let lines: Vec<&str> = text.lines().collect();
    let joined = |lines: &[String]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    add("the judges' answer".into(), text.into());
    add("no newline at the end".into(), text.trim_end().into());
    add("CRLF".into(), text.replace('\n', "\r\n").into());
    add("a byte order mark".into(), format!("\u{feff}{text}").into());
    add("a blank line first".into(), format!("\n{text}").into());
    add("a blank line last".into(), format!("{text}\n").into());
    add(
        "a line of spaces last".into(),
        format!("{text}   \n").into(),
    );
    add("END last".into(), format!("{text}END\n").into());
    add("nothing".into(), Vec::new());
    add("binary".into(), b"\0\xff\xfe\n\x01".to_vec());
    let mut long = text.to_string();
    long.insert_str(
        text.find('\n').unwrap() + 1,
        &format!("  {}\n", "(1,1) ".repeat(1_600_000)),
    );
    add("a line of 9 MiB".into(), long.into());
    let parsed = answers(text);
    for (per_line, separator, end) in [
        (10, " ", ""),
        (9, ",", ","),
        (12, " ", ""),
        (usize::MAX, " ", ""),
        (1, " ", ""),
        (10, ", ", ","),
        (9, " , ", ""),
    ] {
        let what = format!("{per_line} a line, joined by {separator:?}, ending {end:?}");
        add(what, written(&parsed, per_line, separator, end).into());
    }
    for cut in (1..8).map(|i| text.len() * i / 8) {
        add(
            format!("cut at byte {cut}"),
            text.as_bytes()[..cut].to_vec(),
        );
    }
    for (i, line) in lines.iter().enumerate().take(14) {
        let with = |changed: Vec<String>| {
            let mut all: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            all.splice(i..=i, changed);
            joined(&all)
        };
        let s = line.to_string();
        let mut change = |what: &str, changed: Vec<String>| {
            add(format!("line {}: {what}", i + 1), with(changed).into())
        };
        change("left out", vec![]);
        change("twice", vec![s.clone(), s.clone()]);
        change("a blank line after it", vec![s.clone(), String::new()]);
        change("a space at its end", vec![format!("{s} ")]);
        change("a tab at its end", vec![format!("{s}\t")]);
        change("one space more first", vec![format!(" {s}")]);
        change("a tab first", vec![format!("\t{}", s.trim_start())]);
        change(
            "one space less first",
            vec![s.strip_prefix(' ').unwrap_or(&s).to_string()],
        );
        change("in lower case", vec![s.to_lowercase()]);
        change("garbage", vec!["xyz".into()]);
        change("separators alone after it", vec![s.clone(), "  ,".into()]);
        change("a tab and a comma alone", vec!["\t,".into()]);
        if s.contains('(') {
            let first = s.find('(').unwrap();
            let last = s.rfind('(').unwrap();
            let number = first + 1;
            let digit = s.as_bytes()[number];
            let bumped = if digit == b'9' { b'1' } else { digit + 1 };
            let mut other = s.clone().into_bytes();
            other[number] = bumped;
            change("a position moved", vec![String::from_utf8(other).unwrap()]);
            change(
                "a leading zero",
                vec![format!("{}0{}", &s[..number], &s[number..])],
            );
            change(
                "a plus sign",
                vec![format!("{}+{}", &s[..number], &s[number..])],
            );
            change(
                "spaces inside a position",
                vec![s.replacen('(', "( ", 1).replacen(',', " , ", 1)],
            );
            change(
                "its last position left out",
                vec![s[..last].trim_end_matches([' ', ',']).to_string()],
            );
            change(
                "its first position twice",
                vec![format!("{}{}", &s[..last], &s[first..])],
            );
            change("a comma at its end", vec![format!("{s},")]);
            change(
                "without its comma at the end",
                vec![s.trim_end_matches(',').to_string()],
            );
            change(
                "No Solution Possible",
                vec!["  No Solution Possible".into()],
            );
        }
        if s.contains("No Solution") {
            change("a route instead", vec!["  (1,1) (1,2)".into()]);
            change("after text", vec![format!("{s} x")]);
        }
    }
    for i in 0..lines.len().min(8).saturating_sub(1) {
        let mut swapped: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        swapped.swap(i, i + 1);
        add(
            format!("lines {} and {} swapped", i + 1, i + 2),
            joined(&swapped).into(),
        );
    }
    outputs
}

#[test]
fn the_output_validator_gives_verify_s_verdict_on_every_team_output() {
    let verify = Path::new(env!("CARGO_BIN_EXE_logicmaze"));
    let mut judged = 0;
    let mut differ = Vec::new();
    for family in ["arrow", "dice", "minotaur"] {
        let dir = shared(family);
        let scratch = common::tempdir("package-judges");
        let (_, judge) = built_validators(dir, &scratch);
        let feedback = scratch.join("feedback");
        std::fs::create_dir(&feedback).unwrap();
        let secret = secret_inputs(dir);
        let long = secret
            .iter()
            .find(|p| p.to_string_lossy().contains("long-unique-routes"));
        let cases: Vec<PathBuf> = [dir.join("data/sample/1.in"), secret[0].clone()]
            .into_iter()
            .chain(long.cloned())
            .collect();
        for input in cases {
            let answer = input.with_extension("ans");
            let text = std::fs::read_to_string(&answer).unwrap();
            for (what, output) in team_outputs(&text) {
                for flags in [&["strict"][..], &[]] {
                    let mut args: Vec<&std::ffi::OsStr> =
                        vec![input.as_os_str(), answer.as_os_str(), feedback.as_os_str()];
                    args.extend(flags.iter().map(std::ffi::OsStr::new));
                    let ours = status(&judge, &args, &output);
                    let mut verify_args =
                        vec![std::ffi::OsStr::new("verify"), "--validator".as_ref()];
                    verify_args.extend(&args);
                    let theirs = status(verify, &verify_args, &output);
                    judged += 1;
                    if ours != theirs || ![42, 43].contains(&ours) {
                        let name = input.file_name().unwrap().to_string_lossy().into_owned();
                        differ.push(format!(
                            "{family} {name} {flags:?} {what}: judge.cpp {ours}, verify {theirs}"
                        ));
                    }
                }
            }
        }
    }
    assert!(judged > 1000, "{judged} outputs judged");
    assert!(
        differ.is_empty(),
        "{} of {judged} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// The output validator says what is wrong as precisely as `verify` says
/// it: a line that looks right but for its end, a blank or padded name
/// line, a short line ending with a comma. (It quoted the team's own
/// positions as "the judges' line", which a contestant would copy into
/// the next wrong answer, and said only "should be named here" of a name
/// line padded with a space.)
#[test]
fn the_output_validator_says_what_is_wrong_in_words() {
    let dir = shared("dice");
    let scratch = common::tempdir("package-messages");
    let (_, judge) = built_validators(dir, &scratch);
    let input = dir.join("data/sample/1.in");
    let answer_file = dir.join("data/sample/1.ans");
    let answer = std::fs::read_to_string(&answer_file).unwrap();
    let lines: Vec<&str> = answer.lines().collect();
    // The sample's first line of nine positions, as eight and one.
    let (eight, one) = lines[1].rsplit_once("),(").unwrap();
    let (eight, one) = (format!("{eight})"), format!("({one}"));
    let changed = |line: usize, by: &[&str]| {
        let mut all: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        all.splice(line..=line, by.iter().map(|l| l.to_string()));
        all.join("\n") + "\n"
    };
    let feedback = scratch.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    for (output, message) in [
        (
            changed(3, &[&format!("{} ", lines[3])]),
            "line 4: the line ends in spaces",
        ),
        (
            changed(0, &[&format!("{} ", lines[0])]),
            "line 1: the line naming maze 'DICEMAZE1' has spaces around the name",
        ),
        (
            changed(0, &[&format!("{}\r", lines[0])]),
            "line 1: the line ends with a carriage return (CRLF)",
        ),
        (
            changed(2, &["", lines[2]]),
            "line 3: a blank line where maze 'DICEMAZE2' should be named",
        ),
        (
            changed(1, &[&format!("{eight},"), &format!("  {one}")]),
            "line 2: the line holds 8 positions and ends with a comma: the judges write 9 a line, each but the last ending with a comma",
        ),
        (
            changed(1, &[&lines[1].replace("),(", "), (")]),
            "line 2: the positions are joined by something else than ',': the judges write '  (1,2),(2,2)",
        ),
    ] {
        let args = [
            input.as_os_str(),
            answer_file.as_os_str(),
            feedback.as_os_str(),
            "strict".as_ref(),
        ];
        assert_eq!(status(&judge, &args, output.as_bytes()), 43, "{output}");
        let said = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
        assert!(said.starts_with(message), "{said}\nfor\n{output}");
    }
}
