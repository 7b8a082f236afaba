//! Every trap a package sets is caught by its secret data alone (without
//! the sample): each wrong answer, the solution falling into one trap, by
//! at least 3 mazes in at least 2 files, and by every case whose
//! description names its trap; each too slow submission runs past the
//! time limit on at least 2 files; the accepted solutions are accepted on
//! every case.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use super::{accepted, files, secret_inputs, shared};
use crate::common;

/// The submissions of the package in `dir` in `folder`, compiled (C++)
/// two at a time into `scratch`: each program, named `FOLDER-STEM`, with
/// the command that runs it.
fn compiled(dir: &Path, folders: &[&str], scratch: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let sources: Vec<PathBuf> = folders
        .iter()
        .flat_map(|folder| {
            files(&dir.join("submissions").join(folder))
                .into_iter()
                .map(move |(path, _)| dir.join("submissions").join(folder).join(path))
        })
        .collect();
    let build = |source: &PathBuf| {
        let folder = source
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy();
        let stem = source.file_stem().unwrap().to_string_lossy();
        let name = format!("{folder}-{stem}");
        if source.extension().is_some_and(|e| e == "py") {
            return (
                format!("{name}.py"),
                vec![PathBuf::from("python3"), source.clone()],
            );
        }
        let program = scratch.join(&name);
        common::compile(source, &program);
        (name, vec![program])
    };
    std::thread::scope(|scope| {
        let chunks: Vec<_> = sources
            .chunks(sources.len().div_ceil(2))
            .map(|chunk| scope.spawn(move || chunk.iter().map(build).collect::<Vec<_>>()))
            .collect();
        chunks.into_iter().flat_map(|c| c.join().unwrap()).collect()
    })
}

/// What `command` writes for `input`, if it ends within `limit`.
fn output(command: &[PathBuf], input: &Path, limit: Duration) -> Option<Vec<u8>> {
    let mut child = Process::new(&command[0])
        .args(&command[1..])
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut bytes).map(|_| bytes)
    });
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            let bytes = reader.join().unwrap().unwrap();
            return status.success().then_some(bytes);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// The mazes of `input` that `output` answers wrongly, judged strictly
/// (a layout fault after the last maze counts as one).
fn wrong_mazes(input: &Path, output: &[u8]) -> usize {
    let text = std::fs::read_to_string(input).unwrap();
    let mazes: Vec<logicmaze::Maze> = logicmaze::Maze::parse_all(&text)
        .map(Result::unwrap)
        .collect();
    let report =
        logicmaze::verify::verify_solving(&mazes, output, logicmaze::verify::Layout::Strict);
    let wrong = report
        .mazes
        .iter()
        .filter(|m| !matches!(m.verdict, logicmaze::verify::Verdict::Accepted { .. }))
        .count();
    wrong + usize::from(report.trailing.is_some())
}

#[test]
fn every_wrong_answer_is_caught_by_three_mazes_in_two_secret_files() {
    for family in ["arrow", "dice", "minotaur"] {
        let dir = shared(family);
        let scratch = common::tempdir("package-traps");
        let programs = compiled(dir, &["accepted", "wrong_answer"], &scratch);
        let inputs = secret_inputs(dir);
        let feedback = scratch.join("feedback");
        std::fs::create_dir(&feedback).unwrap();
        let described =
            |input: &PathBuf| std::fs::read_to_string(input.with_extension("desc")).unwrap();
        let named: std::collections::BTreeSet<String> = (inputs.iter())
            .flat_map(|input| {
                logicmaze::package::described_traps(&described(input))
                    .into_iter()
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect();
        for (name, command) in &programs {
            let limit = Duration::from_secs(20);
            if let Some(trap) = name.strip_prefix("wrong_answer-") {
                let mut caught = Vec::new();
                for input in &inputs {
                    let wrong = output(command, input, limit)
                        .map_or(usize::MAX, |out| wrong_mazes(input, &out));
                    if wrong > 0 {
                        caught.push((input, wrong));
                    }
                    if logicmaze::package::described_traps(&described(input)).contains(&trap) {
                        assert!(
                            wrong > 0,
                            "{family}: {trap} passes {}, named for it",
                            input.display()
                        );
                    }
                }
                let mazes: usize = caught.iter().map(|(_, wrong)| (*wrong).min(1000)).sum();
                assert!(
                    caught.len() >= 2 && mazes >= 3,
                    "{family}: {trap} is caught by {mazes} mazes in {} files",
                    caught.len()
                );
                assert!(named.contains(trap), "{family}: no case names {trap}");
            } else {
                // Accepted, as the package's own judge says.
                let program = match command.len() {
                    1 => command[0].clone(),
                    _ => {
                        let script = scratch.join(format!("{name}.sh"));
                        let source = command[1].display();
                        std::fs::write(&script, format!("#!/bin/sh\nexec python3 {source}\n"))
                            .unwrap();
                        use std::os::unix::fs::PermissionsExt;
                        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
                            .unwrap();
                        script
                    }
                };
                let rejecting: Vec<&PathBuf> = (inputs.iter())
                    .filter(|input| !accepted(&program, input, &feedback))
                    .collect();
                assert!(rejecting.is_empty(), "{family}: {name} fails {rejecting:?}");
            }
        }
        let traps = programs
            .iter()
            .filter(|(name, _)| name.starts_with("wrong_answer-"))
            .count();
        assert!(traps >= 6, "{family}: {traps} wrong answers");
    }
}

/// Each too slow submission, an exponential search, runs past a second
/// (the time limit the tools set from the accepted solutions at the
/// contest's limits) on at least two secret files.
#[test]
fn every_slow_search_runs_out_of_time_on_two_secret_files() {
    for family in ["arrow", "dice", "minotaur"] {
        let dir = shared(family);
        let scratch = common::tempdir("package-slow");
        let programs = compiled(dir, &["time_limit_exceeded"], &scratch);
        assert!(programs.len() >= 2, "{family}: {programs:?}");
        let inputs = secret_inputs(dir);
        for (name, command) in &programs {
            let _alone = common::alone();
            let slow = (inputs.iter())
                .filter(|input| output(command, input, Duration::from_millis(1500)).is_none())
                .take(2)
                .count();
            assert_eq!(slow, 2, "{family}: {name} runs out of time on {slow} files");
        }
    }
}
