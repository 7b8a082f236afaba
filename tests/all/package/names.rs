//! Names as the original statements state them: one word by default
//! (Abbott's Revenge, 2000: 1 to 20 letters and digits; A Dicey Problem,
//! 1999: 1 to 20 non-blank characters; Theseus likewise), so that a
//! solution reading the name as a word, as those statements allow, is
//! accepted; names with spaces only when the setter asks for them, and
//! then stated, shown in a sample, and caught.

use std::path::{Path, PathBuf};

use super::{accepted, files, logicmaze, secret_inputs, shared};
use crate::common;

/// Every maze name in the package's inputs, sample and secret.
fn names(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    for (path, bytes) in files(&dir.join("data")) {
        if path.extension().is_some_and(|e| e == "in") {
            let text = String::from_utf8(bytes).unwrap();
            for maze in logicmaze::Maze::parse_all(&text) {
                names.push(maze.unwrap().name().to_string());
            }
        }
    }
    names
}

/// The package's solution reading names as words (its trap
/// `name-as-a-word`), compiled into `scratch`.
fn reading_words(dir: &Path, scratch: &Path) -> PathBuf {
    let solution = std::fs::read_to_string(dir.join("submissions/accepted/solution.cpp")).unwrap();
    let source = scratch.join("words.cpp");
    std::fs::write(&source, format!("#define TRAP_NAME_AS_A_WORD\n{solution}")).unwrap();
    let program = scratch.join("words");
    common::compile(&source, &program);
    program
}

#[test]
fn by_default_names_are_words_and_a_solution_reading_words_is_accepted() {
    // Whether a byte may stand in a name: a letter or digit (arrow), any
    // printable but the space (dice, Theseus).
    type Allowed = fn(&u8) -> bool;
    let rules: [(&str, Allowed, &str); 3] = [
        (
            "arrow",
            u8::is_ascii_alphanumeric,
            "letters and digits ($1 \\le \\ell \\le 20$)",
        ),
        (
            "dice",
            u8::is_ascii_graphic,
            "none of them a space ($1 \\le \\ell \\le 20$)",
        ),
        (
            "minotaur",
            u8::is_ascii_graphic,
            "none of them a space ($1 \\le \\ell \\le 20$)",
        ),
    ];
    for (family, allowed, stated) in rules {
        let dir = shared(family);
        for name in names(dir) {
            assert!(
                (1..=20).contains(&name.len()) && name.bytes().all(|b| allowed(&b)),
                "{family}: {name:?} is no name the original statement allows"
            );
        }
        let statement =
            std::fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
        assert!(statement.contains(stated), "{family}: {statement}");
        assert!(!dir.join("data/sample/2.in").exists(), "{family}");
        let submissions: Vec<_> = files(&dir.join("submissions")).into_iter().collect();
        assert!(
            !submissions
                .iter()
                .any(|(path, _)| path.ends_with("name-as-a-word.cpp")),
            "{family}: a name read as a word is no wrong answer here"
        );
        let scratch = common::tempdir("package-words");
        let program = reading_words(dir, &scratch);
        let feedback = scratch.join("feedback");
        std::fs::create_dir(&feedback).unwrap();
        for input in secret_inputs(dir) {
            assert!(
                accepted(&program, &input, &feedback),
                "{family}: a solution reading names as words fails {}",
                input.display()
            );
        }
    }
}

#[test]
fn spaced_names_are_stated_shown_in_a_sample_and_caught() {
    let scratch = common::tempdir("package-spaced");
    let dir = scratch.join("spaced");
    logicmaze()
        .args(["package", "arrow"])
        .arg(&dir)
        .args(["--spaced-names", "--seed", "3"])
        .assert()
        .success();
    let statement = std::fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
    assert!(statement.contains("may hold spaces"), "{statement}");
    let sample = std::fs::read_to_string(dir.join("data/sample/2.in")).unwrap();
    assert!(sample.contains("My  Maze  2\n"), "{sample}");
    let names = names(&dir);
    assert!(
        names
            .iter()
            .all(|name| name.len() <= 40 && name.trim() == name)
    );
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(yaml.contains("--spaced-names"), "{yaml}");
    let program = reading_words(&dir, &scratch);
    let feedback = scratch.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let rejecting = secret_inputs(&dir)
        .into_iter()
        .filter(|input| !accepted(&program, input, &feedback))
        .count();
    assert!(rejecting >= 2, "names read as words fail {rejecting} files");
    assert!(
        dir.join("submissions/wrong_answer/name-as-a-word.cpp")
            .exists()
    );
}
