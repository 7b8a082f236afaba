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

/// An empty folder is used wherever it is: only it need be writable, not
/// its parent (the package was built beside it, so a folder under a
/// read-only parent was refused). Root writes anywhere, so as root the
/// command runs as `nobody`, who owns the folder alone.
#[test]
fn an_empty_folder_under_a_read_only_parent_takes_the_package() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, chown};
    use std::os::unix::process::CommandExt;
    let scratch = common::tempdir("package-read-only");
    let parent = scratch.join("parent");
    let dir = parent.join("problem");
    std::fs::create_dir_all(&dir).unwrap();
    // /proc/self is owned by the process's effective user.
    let root = std::fs::metadata("/proc/self").unwrap().uid() == 0;
    const NOBODY: u32 = 65534;
    if root {
        chown(&dir, Some(NOBODY), Some(NOBODY)).unwrap();
    }
    let mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    mode(&scratch, 0o755);
    mode(&parent, 0o555);
    // A copy nobody can run: the build's own folder may be closed to them.
    let program = scratch.join("logicmaze");
    std::fs::copy(env!("CARGO_BIN_EXE_logicmaze"), &program).unwrap();
    let mut command = Process::new(&program);
    command.args(["package", "dice"]).arg(&dir);
    if root {
        command.uid(NOBODY).gid(NOBODY);
    }
    // Another test's fork may hold the copy open for writing until it
    // execs ("text file busy"): a moment later it does not.
    let output = (0..100)
        .find_map(|_| match command.output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20));
                None
            }
            other => Some(other.unwrap()),
        })
        .expect("the copy stays busy");
    mode(&parent, 0o755);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(dir.join("problem.yaml").is_file());
    let entries: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!entries.iter().any(|e| e.starts_with('.')), "{entries:?}");
    // Nothing beside it either.
    assert_eq!(std::fs::read_dir(&parent).unwrap().count(), 1);
}
