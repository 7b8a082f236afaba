//! The shape of the house (docs/architecture.md), checked: imports point
//! one way. This reads every `crate::` and `super::` path in `src/`, to
//! the end of every file (the items under `#[cfg(test)]`, wherever they
//! stand, and comments left out: see `architecture/lexer.rs`), and fails
//! on
//!
//! - an import from a room to a room of a higher layer;
//! - a cycle between the rooms of one layer, or between the files of one
//!   folder (as `cli/stream.rs` and `cli/pieces.rs` once were);
//! - a family's folder importing another family's;
//! - a file of the command line importing from `cli/mod.rs` (imports
//!   point down from the folder's roof, which only dispatches, never back
//!   up to it);
//! - a family named outside `src/family/`, in code, comments, help text,
//!   scripts, styles or pages: what describes one family lives in its
//!   folder.
//!
//! A new room (a module at the top of `src/`) must be given a layer here.

mod lexer;
mod names;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use lexer::{without_tests, without_tests_and_comments};

/// The rooms, bottom first: a room may import rooms of its own layer
/// (without cycles) and of the layers below.
const LAYERS: &[&[&str]] = &[
    // The engine, which knows nothing of mazes.
    &["search"],
    // The shared model, on the engine.
    &["grid", "route", "analysis", "hash"],
    // The kits the families are written with.
    &["read", "draw", "generate"],
    // The families, behind one trait.
    &["family"],
    // Reading and writing mazes of every family.
    &["text", "json", "input", "verify"],
    // Results, drawings and pages of every family.
    &[
        "print", "batch", "render", "play", "package", "stress", "maze", "prelude",
    ],
    // The command line.
    &["cli"],
];

/// A source file: its module path (`["family", "arrow", "text"]`) and
/// its text without test items and comments.
struct Source {
    module: Vec<String>,
    text: String,
}

fn sources() -> Vec<Source> {
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    files
        .into_iter()
        .filter_map(|path| {
            let relative = path.strip_prefix("src").ok()?.with_extension("");
            let mut module: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|last| last == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                return None;
            }
            let text = std::fs::read_to_string(&path).ok()?;
            Some(Source {
                module,
                text: without_tests_and_comments(&text),
            })
        })
        .collect()
}

fn collect(folder: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The modules a file refers to, as absolute paths of at most `depth`
/// segments: `crate::a::b`, `super::x`, and the names inside
/// `crate::{a, b::c}` and `super::{...}`.
fn references(source: &Source, roots: &BTreeMap<String, String>) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    for prefix in ["crate::", "super::"] {
        for (at, _) in source.text.match_indices(prefix) {
            let before = source.text[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let base: Vec<String> = match prefix {
                "crate::" => Vec::new(),
                _ => parent(&source.module),
            };
            let at_root = prefix == "crate::";
            for path in paths_after(&source.text[at + prefix.len()..], at_root) {
                let mut absolute = base.clone();
                let mut segments = path.into_iter();
                // `super::super::...`
                for segment in segments.by_ref() {
                    match segment.as_str() {
                        "super" => absolute = parent(&absolute),
                        _ => {
                            absolute.push(segment);
                            break;
                        }
                    }
                }
                absolute.extend(segments);
                if let Some(room) = roots.get(&absolute[0]) {
                    absolute[0] = room.clone();
                }
                found.insert(absolute);
            }
        }
    }
    found
}

fn parent(module: &[String]) -> Vec<String> {
    module[..module.len().saturating_sub(1)].to_vec()
}

/// The paths that `text` starts with: `a::b::c` or `{a::b, c}` (nested),
/// each as its segments: modules (lower case), and at the crate's root
/// (`at_root`) a name it re-exports, such as `Maze`.
fn paths_after(text: &str, at_root: bool) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut segments = Vec::new();
    read_paths(text, at_root, &mut segments, &mut paths);
    paths
}

fn read_paths(
    text: &str,
    at_root: bool,
    prefix: &mut Vec<String>,
    paths: &mut Vec<Vec<String>>,
) -> usize {
    let mut at = 0;
    let bytes = text.as_bytes();
    let start = prefix.len();
    loop {
        if bytes.get(at) == Some(&b'{') {
            at += 1;
            let brace = prefix.len();
            loop {
                while bytes
                    .get(at)
                    .is_some_and(|b| b.is_ascii_whitespace() || *b == b',')
                {
                    at += 1;
                }
                if matches!(bytes.get(at), Some(b'}') | None) {
                    prefix.truncate(start);
                    return at + 1;
                }
                at += read_paths(&text[at..], at_root, prefix, paths);
                prefix.truncate(brace);
            }
        }
        let length = text[at..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len() - at);
        let segment = &text[at..at + length];
        at += length;
        let module = segment.starts_with(|c: char| c.is_lowercase());
        let root_name = at_root && prefix.is_empty() && !segment.is_empty();
        if !(module || root_name) {
            break;
        }
        prefix.push(segment.to_string());
        if text[at..].starts_with("::") {
            at += 2;
        } else {
            break;
        }
    }
    if prefix.len() > start {
        paths.push(prefix.clone());
    }
    prefix.truncate(start);
    at
}

/// What the crate root re-exports, by name: `Maze` → `family`.
fn root_reexports() -> BTreeMap<String, String> {
    let lib = std::fs::read_to_string("src/lib.rs").unwrap();
    let mut roots = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        let (room, names) = rest.split_once("::").unwrap();
        for name in names.trim_matches(|c| "{};".contains(c)).split(',') {
            roots.insert(name.trim().to_string(), room.to_string());
        }
    }
    roots
}

fn layer_of(room: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&room))
}

/// A cycle in `edges`, if there is one, as the nodes along it.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if !done.insert(node.to_string()) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

#[test]
fn imports_point_one_way() {
    let found = import_problems(&sources(), &root_reexports());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Every import of `sources` that breaks the house's rules, and every
/// cycle, as a sentence each.
fn import_problems(sources: &[Source], roots: &BTreeMap<String, String>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut rooms: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut siblings: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources {
        let room = &source.module[0];
        let Some(layer) = layer_of(room) else {
            problems.push(format!("src/{room} has no layer in tests/architecture.rs"));
            continue;
        };
        for reference in references(source, roots) {
            let target = &reference[0];
            match layer_of(target) {
                Some(below) if below > layer => problems.push(format!(
                    "{} imports {}: a higher layer",
                    source.module.join("::"),
                    reference.join("::")
                )),
                Some(_) if target != room => {
                    rooms
                        .entry(room.clone())
                        .or_default()
                        .insert(target.clone());
                }
                _ => {}
            }
            // Files of one folder (a module and the modules beside it).
            let folder = parent(&source.module);
            if reference.len() > folder.len()
                && reference[..folder.len()] == folder[..]
                && source.module.len() > folder.len()
                && reference[folder.len()] != source.module[folder.len()]
            {
                let from = source.module[..=folder.len()].join("::");
                let to = reference[..=folder.len()].join("::");
                siblings.entry(from).or_default().insert(to);
            }
            // One family's folder and another's.
            if source.module.len() > 1 && room == "family" && target == "family" {
                if let Some(other) = reference.get(1) {
                    let family_folder = source.module[1].as_str();
                    let own = other == family_folder;
                    let is_family = Path::new("src/family").join(other).is_dir();
                    if !own && is_family && Path::new("src/family").join(family_folder).is_dir() {
                        problems.push(format!(
                            "family {family_folder} imports family {other}: families stand alone"
                        ));
                    }
                }
            }
        }
    }
    if let Some(found) = cycle(&rooms) {
        problems.push(format!("a cycle of rooms: {}", found.join(" -> ")));
    }
    if let Some(found) = cycle(&siblings) {
        problems.push(format!("a cycle of files: {}", found.join(" -> ")));
    }
    problems
}

/// The check sees what it must: a path to a higher layer, a cycle.
#[test]
fn the_check_finds_what_it_looks_for() {
    let roots = BTreeMap::from([("Maze".to_string(), "family".to_string())]);
    let source = Source {
        module: vec!["text".into(), "write".into()],
        text: "use crate::{family::{self, Family}, Maze};\nuse super::boundary::Boundary;\nlet x = crate::print::Standard;".into(),
    };
    let found: Vec<String> = references(&source, &roots)
        .into_iter()
        .map(|path| path.join("::"))
        .collect();
    assert_eq!(found, ["family", "family::self", "print", "text::boundary"]);
    let edges = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(
        cycle(&edges),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
    assert!(layer_of("print") > layer_of("family"));
}

/// A test item may stand early in a file (`src/search/mod.rs` declares
/// `#[cfg(test)] mod ring;` among its first lines): the code after it is
/// read all the same. And the engine stands alone, below the model.
#[test]
fn the_check_reads_past_an_early_test_item() {
    let text = "pub mod cells;\n#[cfg(test)]\nmod ring;\nmod seen;\n\nuse crate::family::Maze;\nuse crate::grid::Direction;\n";
    let source = Source {
        module: vec!["search".into()],
        text: without_tests_and_comments(text),
    };
    let found = import_problems(&[source], &BTreeMap::new());
    assert_eq!(
        found,
        [
            "search imports family: a higher layer",
            "search imports grid: a higher layer"
        ]
    );
}

/// The name check, too, reads past an early test item.
#[test]
fn the_name_check_reads_past_an_early_test_item() {
    let names = ["arrow".to_string(), "dice".to_string()];
    let text =
        "//! The engine.\n#[cfg(test)]\nmod ring;\n\n// The dice walk, in layers.\nfn walk() {}\n";
    let found = family_names_in("src/search/mod.rs", text, &names);
    assert_eq!(found, ["src/search/mod.rs:5: // The dice walk, in layers."]);
}

/// A test module is cut from its attributes to the brace that closes it,
/// braces in its strings, characters and comments notwithstanding, and
/// the code after it is kept; a test `use` is cut to its `;`.
#[test]
fn a_test_item_is_cut_exactly() {
    let before = "fn kept() -> char {\n    '{'\n}\n";
    let module = r##"/// Tests, which name crate::family.
#[cfg(test)]
#[allow(dead_code)]
mod tests {
    const CLOSE: &str = "}\"}";
    const RAW: &str = r#"}"{"#;
    const FOLDER: &str = r"C:\";
    const BYTES: &[u8] = b"}";
    const CHAR: char = '}';
    const QUOTE: char = '\'';
    fn first<'a>(s: &'a str) -> &'a str { s }
    // }
    /* } /* nested } */ } */
    use crate::family::Maze;
}"##;
    let import = "#[cfg(test)]\nuse crate::{family::Maze};";
    let after = "\nfn also_kept() {} // crate::family, said in passing\n";
    let text = [before, module, "\n", import, after].concat();
    let blank = |text: &str| -> String {
        text.chars()
            .map(|c| if c == '\n' { c } else { ' ' })
            .collect()
    };
    let expected = [before, &blank(module), "\n", &blank(import), after].concat();
    assert_eq!(without_tests(&text), expected);
    let code = without_tests_and_comments(&text);
    assert!(
        code.contains("fn kept()") && code.contains("fn also_kept()"),
        "{code}"
    );
    assert!(!code.contains("crate::"), "{code}");
    assert_eq!(code.lines().count(), text.lines().count());
}

/// The files outside `src/family/` that may describe the whole product,
/// families included: the crate's front page and its `main`.
const DESCRIBE_THE_PRODUCT: &[&str] = &["src/lib.rs", "src/main.rs"];

/// Every mention of a family's name (a folder of `src/family/`) in the
/// files outside `src/family/`, as `path:line: text`. Test items and the
/// code of documentation examples may name families (an example needs a
/// maze); so may a compound (`step-arrow`, a drawing's class) and the
/// keyboard's arrow keys, which are not the family.
fn family_names_outside(names: &[String], files: &[PathBuf]) -> Vec<String> {
    let mut found = Vec::new();
    for path in files {
        let shown = path.display().to_string();
        if DESCRIBE_THE_PRODUCT.contains(&shown.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        found.extend(family_names_in(&shown, &text, names));
    }
    found
}

/// Every mention of a family's name in the file `shown` whose text is
/// `text`, as `shown:line: text`. A Rust file is read without its test
/// items, blanked where they stand so that lines keep their numbers.
fn family_names_in(shown: &str, text: &str, names: &[String]) -> Vec<String> {
    let text = match shown.ends_with(".rs") {
        true => without_tests(text),
        false => text.to_string(),
    };
    let mut found = Vec::new();
    let mut in_example = false;
    for (number, line) in (1..).zip(text.lines()) {
        let trimmed = line.trim_start();
        if let Some(doc) = trimmed.strip_prefix("///").or(trimmed.strip_prefix("//!")) {
            if doc.trim_start().starts_with("```") {
                in_example = !in_example;
                continue;
            }
            if in_example {
                continue;
            }
        }
        if names.iter().any(|name| names_family(line, name)) {
            found.push(format!("{shown}:{number}: {}", line.trim()));
        }
    }
    found
}

/// Whether `line` holds `name` as a word of its own, case aside, that is
/// not part of a compound or of "arrow key".
fn names_family(line: &str, name: &str) -> bool {
    let lower = line.to_lowercase();
    lower.match_indices(name).any(|(at, _)| {
        let before = lower[..at].chars().last();
        let after = &lower[at + name.len()..];
        let joined =
            |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
        !joined(before) && !joined(after.chars().next()) && !after.starts_with(" key")
    })
}

/// Every file under `folder` (recursively) but those under `skip`.
fn files_under(folder: &Path, skip: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.starts_with(skip) {
            continue;
        }
        match path.is_dir() {
            true => files_under(&path, skip, files),
            false => files.push(path),
        }
    }
}

#[test]
fn no_family_is_named_above_the_families() {
    let names: Vec<String> = std::fs::read_dir("src/family")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(names.len() >= 2, "{names:?}");
    let mut files = Vec::new();
    files_under(Path::new("src"), Path::new("src/family"), &mut files);
    let found = family_names_outside(&names, &files);
    assert!(
        found.is_empty(),
        "a family named above src/family/:\n{}",
        found.join("\n")
    );
}

/// The check sees a family named in code, in prose and in a style, and
/// lets compounds, arrow keys and examples be.
#[test]
fn the_name_check_finds_what_it_looks_for() {
    let names = ["arrow".to_string(), "dice".to_string()];
    assert!(names_family("let x = family::named(\"arrow\");", "arrow"));
    assert!(names_family("/// Dice mazes show the die.", "dice"));
    assert!(names_family(
        ".sign-card { } /* the arrow walker */",
        "arrow"
    ));
    assert!(!names_family(".set(\"class\", \"step-arrow\")", "arrow"));
    assert!(!names_family("// an arrow key moves", "arrow"));
    assert!(!names_family("let arrows = 3;", "arrow"));
    let dir = std::env::temp_dir().join(format!("architecture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("room.rs");
    std::fs::write(
        &file,
        "/// ```\n/// let m = arrow::random_maze(1, 2, 3);\n/// ```\nfn f() {}\n// dice here\n#[cfg(test)]\nmod tests { /* arrow */ }\n",
    )
    .unwrap();
    let found = family_names_outside(&names, &[file]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with(":5: // dice here"), "{found:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rooms whose `mod.rs` is a roof only: the files under it import each
/// other, never the roof.
const ROOFS: &[&str] = &["cli"];

/// Every `super::NAME` in the files of `room` that names something of the
/// room's `mod.rs` rather than a file beside them, as `path: NAME`.
fn imports_from_the_roof(room: &str) -> Vec<String> {
    let folder = Path::new("src").join(room);
    let files: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut found = Vec::new();
    for file in files.iter().filter(|file| *file != "mod") {
        let path = folder.join(format!("{file}.rs"));
        let text = without_tests_and_comments(&std::fs::read_to_string(&path).unwrap());
        for (at, _) in text.match_indices("super::") {
            for named in paths_after(&text[at + "super::".len()..], true) {
                if !files.contains(&named[0]) {
                    found.push(format!("{}: super::{}", path.display(), named.join("::")));
                }
            }
        }
    }
    found
}

#[test]
fn the_command_lines_roof_only_dispatches() {
    for room in ROOFS {
        let found = imports_from_the_roof(room);
        assert!(
            found.is_empty(),
            "imports from src/{room}/mod.rs:\n{}",
            found.join("\n")
        );
    }
}
