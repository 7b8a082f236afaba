//! One name per public type: a `pub struct`, `enum`, `union`, `trait` or
//! `type` of `src/` whose name another public type of `src/` has too
//! fails. Two types of one name make a program that uses both rename one
//! on import, and rustdoc's search list both; a name that is unique says
//! which is meant. The items under `#[cfg(test)]` are left out, and so
//! are comments and strings (see `lexer.rs`).

use std::collections::BTreeMap;
use std::path::Path;

use super::lexer::without_tests_comments_and_literals;

/// The words that declare a type, after `pub`.
const TYPE_WORDS: &[&str] = &["struct", "enum", "union", "trait", "type"];

/// Every public type `code` (a file's code, as the lexer leaves it)
/// declares, as its name and line. An alias of a type of its own name
/// (`pub type Parsed = crate::read::Parsed<Maze>;`) names the same type
/// again, no second one, and is left out.
fn public_types(code: &str) -> Vec<(String, usize)> {
    let words: Vec<(&str, usize)> = words(code);
    let mut found = Vec::new();
    for (at, window) in words.windows(3).enumerate() {
        let [("pub", _), (kind, _), (name, line)] = window else {
            continue;
        };
        let is_type = TYPE_WORDS.contains(kind) && name.starts_with(char::is_uppercase);
        if is_type && !(*kind == "type" && aliases_its_name(&words[at + 3..], name)) {
            found.push((name.to_string(), *line));
        }
    }
    found
}

/// Whether the alias whose words after its name are `rest` (generics,
/// `=`, the path) names a type of the name `name`: its path's last
/// segment, before its own generics.
fn aliases_its_name(rest: &[(&str, usize)], name: &str) -> bool {
    let Some(equals) = rest.iter().position(|(word, _)| *word == "=") else {
        return false;
    };
    let path = rest[equals + 1..]
        .iter()
        .map(|(word, _)| *word)
        .take_while(|word| !matches!(*word, "<" | ";"));
    path.filter(|word| *word != ":").last() == Some(name)
}

/// The words and punctuation of `code`, each with its line (1-based).
fn words(code: &str) -> Vec<(&str, usize)> {
    let mut found = Vec::new();
    for (number, line) in (1..).zip(code.lines()) {
        let mut rest = line;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            rest = &rest[start..];
            let length = match rest.find(|c: char| !(c.is_alphanumeric() || c == '_')) {
                Some(0) => rest.chars().next().map_or(1, char::len_utf8),
                Some(length) => length,
                None => rest.len(),
            };
            found.push((&rest[..length], number));
            rest = &rest[length..];
        }
    }
    found
}

/// Every name that more than one public type of `files` (path and text)
/// has, as `Name: path:line, path:line`. There is no exception: each
/// family's maze is named for it (`ArrowMaze`, `DiceMaze`,
/// `MinotaurMaze`), the handle of any family's is `Maze`.
fn shared_names(files: &[(String, String)]) -> Vec<String> {
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, text) in files {
        let code = without_tests_comments_and_literals(text);
        for (name, line) in public_types(&code) {
            places
                .entry(name)
                .or_default()
                .push(format!("{path}:{line}"));
        }
    }
    places
        .into_iter()
        .filter(|(_, places)| places.len() > 1)
        .map(|(name, places)| format!("{name}: {}", places.join(", ")))
        .collect()
}

#[test]
fn every_public_type_has_a_name_of_its_own() {
    let mut paths = Vec::new();
    super::collect(Path::new("src"), &mut paths);
    let files: Vec<(String, String)> = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            (path.display().to_string(), text)
        })
        .collect();
    assert!(files.len() > 50, "{} files", files.len());
    let found = shared_names(&files);
    assert!(
        found.is_empty(),
        "public types that share a name:\n{}",
        found.join("\n")
    );
}

/// The check sees two types of one name in two files, and lets be what
/// is no second type: a test item, a comment, a string, a type visible
/// to the crate alone, an alias of its own name; and it sees a family's
/// maze named `Maze` beside the handle `Maze`.
#[test]
fn the_name_check_finds_what_it_looks_for() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let files = [
        file(
            "src/a.rs",
            "pub struct Options {}\npub(crate) enum Step {}\npub type Parsed = crate::read::Parsed<Maze>;",
        ),
        file(
            "src/b.rs",
            "/// pub struct Step\nconst S: &str = \"pub enum Step\";\n\npub enum Options {}\n#[cfg(test)]\nmod tests { pub struct Parsed; }",
        ),
        file("src/read.rs", "pub enum Parsed<M> { Maze(M) }"),
        file("src/family/mod.rs", "pub struct Maze(Box<dyn AnyMaze>);"),
        file("src/family/arrow/mod.rs", "pub struct ArrowMaze {}"),
    ];
    assert_eq!(shared_names(&files), ["Options: src/a.rs:1, src/b.rs:4"]);
    let family = [
        file("src/family/mod.rs", "pub struct Maze(Box<dyn AnyMaze>);"),
        file("src/family/dice/mod.rs", "pub struct Maze {}"),
    ];
    assert_eq!(
        shared_names(&family),
        ["Maze: src/family/mod.rs:1, src/family/dice/mod.rs:1"]
    );
}
