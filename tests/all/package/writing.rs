//! A package is written only where nothing is lost: never over a file,
//! never through a link, and of two written into one folder at once, one
//! fails.

use super::*;

#[test]
fn a_package_never_overwrites_anything() {
    let dir = common::tempdir("package-full");
    std::fs::write(dir.join("keep.txt"), "mine").unwrap();
    logicmaze()
        .args(["package", "arrow"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(format!(
            "logicmaze: error: {} is not empty: give a new or empty folder, so that nothing is overwritten\n",
            dir.display()
        ));
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_package_is_never_written_through_a_link() {
    use std::os::unix::fs::symlink;
    let dir = common::tempdir("package-links");
    // A dangling link as DIR, and a link to an empty folder: refused with
    // a clear message, nothing written where they point.
    let dangling = dir.join("dangling");
    symlink(dir.join("nowhere"), &dangling).unwrap();
    let target = dir.join("target");
    std::fs::create_dir(&target).unwrap();
    let link = dir.join("link");
    symlink(&target, &link).unwrap();
    for given in [&dangling, &link] {
        logicmaze()
            .args(["package", "arrow"])
            .arg(given)
            .assert()
            .failure()
            .stderr(predicates::str::contains("is a symbolic link"));
    }
    assert!(!dir.join("nowhere").exists());
    assert_eq!(std::fs::read_dir(&target).unwrap().count(), 0);
}

#[test]
fn of_two_packages_into_one_folder_one_fails() {
    let dir = common::tempdir("package-race");
    let into = dir.join("problem");
    let children: Vec<_> = ["arrow", "dice"]
        .iter()
        .map(|family| {
            Process::new(env!("CARGO_BIN_EXE_logicmaze"))
                .args(["package", family])
                .arg(&into)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let codes: Vec<bool> = children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap().status.success())
        .collect();
    assert_eq!(codes.iter().filter(|&&ok| ok).count(), 1, "{codes:?}");
    // One family's package, whole: its validator's first lines name it.
    let source = std::fs::read_to_string(into.join("input_validators/validate.cpp")).unwrap();
    assert!(source.contains("package arrow") != source.contains("package dice"));
    // Nothing of the loser is left beside it.
    let left: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(left, std::slice::from_ref(&into), "{left:?}");
    assert!(Path::new(&into).is_dir());
}
