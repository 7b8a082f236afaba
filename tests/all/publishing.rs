//! The crate publishes cleanly: its licences are there, its manifest
//! names its home, its documentation, keywords and categories and lists
//! what ships, and the README's pictures and links are paths crates.io can
//! resolve against the repository. (`.ci/run` packages the crate and runs
//! its tests inside the package.)

use std::path::Path;

/// The value of `key = "..."` in the manifest's `[package]` table.
fn manifest_value(manifest: &str, key: &str) -> Option<String> {
    let package = manifest.split("\n[").next()?;
    package.lines().find_map(|line| {
        let (name, value) = line.split_once('=')?;
        (name.trim() == key).then(|| value.trim().trim_matches('"').to_string())
    })
}

/// The manifest as written: inside the packaged crate cargo keeps it as
/// `Cargo.toml.orig` beside the one it rewrote.
fn manifest() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let original = root.join("Cargo.toml.orig");
    let path = match original.exists() {
        true => original,
        false => root.join("Cargo.toml"),
    };
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_licences_it_declares_are_there() {
    let manifest = manifest();
    assert_eq!(
        manifest_value(&manifest, "license").as_deref(),
        Some("MIT OR Apache-2.0")
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mit = std::fs::read_to_string(root.join("LICENSE-MIT")).unwrap();
    assert!(
        mit.starts_with("MIT License\n\nCopyright (c) "),
        "{mit:.80}"
    );
    assert!(mit.contains("Permission is hereby granted, free of charge"));
    let apache = std::fs::read_to_string(root.join("LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License\n                        Version 2.0, January 2004"));
    assert!(apache.contains("END OF TERMS AND CONDITIONS"));
}

#[test]
fn the_manifest_says_where_the_crate_lives_and_what_ships() {
    let manifest = manifest();
    let repository = manifest_value(&manifest, "repository").unwrap_or_default();
    // crates.io resolves a README's relative links against a GitHub
    // repository (`raw/HEAD/...` for pictures) and no other.
    assert!(
        repository.starts_with("https://github.com/") && !repository.ends_with('/'),
        "{repository:?}"
    );
    assert_eq!(
        manifest_value(&manifest, "documentation").as_deref(),
        Some("https://docs.rs/logicmaze")
    );
    let list = |key: &str| -> Vec<String> {
        let value = manifest_value(&manifest, key).unwrap_or_default();
        value
            .trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|word| word.trim().trim_matches('"').to_string())
            .filter(|word| !word.is_empty())
            .collect()
    };
    let keywords = list("keywords");
    assert!((1..=5).contains(&keywords.len()), "{keywords:?}");
    assert!(
        keywords.iter().all(
            |word| word.len() <= 20 && word.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        )
    );
    assert!(!list("categories").is_empty());
    assert!(manifest.contains("\ninclude = ["), "no include list");
}

/// Every picture and link of the README that is not a web address, as it
/// is written.
fn relative_targets(readme: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (open, close) in [("](", ')'), ("src=\"", '"')] {
        for (at, _) in readme.match_indices(open) {
            let rest = &readme[at + open.len()..];
            let Some(end) = rest.find(close) else {
                continue;
            };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with('#') && !target.contains(' ') {
                targets.push(target.to_string());
            }
        }
    }
    targets
}

#[test]
fn the_readme_s_pictures_and_links_resolve_on_crates_io() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let targets = relative_targets(&readme);
    assert!(targets.iter().any(|t| t.ends_with(".png")), "{targets:?}");
    // Inside the packaged crate (cargo writes .cargo_vcs_info.json there)
    // the pictures are not shipped: crates.io reads them from the
    // repository, where this test checks that they are.
    let packaged = root.join(".cargo_vcs_info.json").exists();
    for target in &targets {
        // `./x` and `/x` are resolved wrongly by crates.io; `x` is not.
        assert!(
            !target.starts_with("./") && !target.starts_with('/') && !target.starts_with(".."),
            "{target}: write it relative to the README, without ./ or /"
        );
        let file = root.join(target.split('#').next().unwrap());
        assert!(packaged || file.exists(), "{target}: no such file");
    }
}

#[test]
fn the_link_check_finds_what_it_looks_for() {
    let found = relative_targets(
        "see [a](docs/a.md#part) and <img src=\"docs/img/b.png\" alt=\"x\"> or [c](https://x.org/c)",
    );
    assert_eq!(found, ["docs/a.md#part", "docs/img/b.png"]);
}
