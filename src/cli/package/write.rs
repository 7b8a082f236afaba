//! Writing a package's files into its folder, where nothing is lost: never
//! over a file, never through a link, and of two runs into one folder, one
//! fails whole.
//!
//! The files are built in a fresh folder of this run's inside DIR, then
//! moved up one by one, each move refused if its name is taken
//! (`RENAME_NOREPLACE`). So only DIR itself need be writable (an empty
//! folder under a read-only parent is used), and two runs racing for one
//! DIR meet at the first name: the loser moves nothing.

use std::ffi::OsString;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::package::PackageFile;

/// Why DIR cannot take the package.
fn not_empty(dir: &Path) -> String {
    format!(
        "{} is not empty: give a new or empty folder, so that nothing is overwritten",
        dir.display()
    )
}

/// Refuses a DIR that is a link, a file or a folder with something in it.
pub fn check_folder(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => Err(format!(
            "{shown} is a symbolic link: give the folder itself"
        )),
        Ok(meta) if !meta.is_dir() => Err(format!("{shown} is a file, not a folder")),
        Ok(_) => match std::fs::read_dir(dir)
            .map_err(|e| format!("{shown}: {e}"))?
            .next()
        {
            Some(_) => Err(not_empty(dir)),
            None => Ok(()),
        },
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(()),
        Err(error) => Err(format!("{shown}: {error}")),
    }
}

/// Writes `files` into `dir`, made if it is missing: all of them, or
/// none (what this run made is removed on failure).
pub fn write_package(dir: &Path, files: &[PackageFile]) -> Result<(), String> {
    let created = make_folder(dir)?;
    let building = fresh_folder(dir)?;
    let written = files
        .iter()
        .try_for_each(|file| write_file(&building, file))
        .and_then(|()| move_up(&building, dir));
    // Empty now, or holding what failed to move.
    let _ = std::fs::remove_dir_all(&building);
    if written.is_err() && created {
        // Only if empty: another run's package may have landed in it.
        let _ = std::fs::remove_dir(dir);
    }
    written
}

/// Makes `dir` (and its parents) unless it is there: whether this run
/// made it.
fn make_folder(dir: &Path) -> Result<bool, String> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    match std::fs::create_dir(dir) {
        Ok(()) => Ok(true),
        // Made meanwhile by another: checked again, the moves decide.
        Err(error) if error.kind() == ErrorKind::AlreadyExists => {
            check_kind(dir)?;
            Ok(false)
        }
        Err(error) => Err(format!("cannot create {}: {error}", dir.display())),
    }
}

/// Refuses a `dir` replaced by a link or a file since it was checked.
fn check_kind(dir: &Path) -> Result<(), String> {
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(format!(
            "{} was replaced by a file or a link",
            dir.display()
        )),
        Err(error) => Err(format!("{}: {error}", dir.display())),
    }
}

/// A new folder in `dir` to build the package in, made by this run alone
/// (creating it fails if it exists).
fn fresh_folder(dir: &Path) -> Result<PathBuf, String> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut name = OsString::from(".building-");
    name.push(format!("{}-{stamp}", std::process::id()));
    let path = dir.join(name);
    std::fs::create_dir(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    Ok(path)
}

/// Writes one file of the package under `dir`, as a new file (never
/// through a link).
fn write_file(dir: &Path, file: &PackageFile) -> Result<(), String> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let path = dir.join(&file.path);
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(failed)?;
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o644)
        .open(&path)
        .and_then(|mut out| out.write_all(&file.contents))
        .map_err(failed)
}

/// Moves every entry of `building` into `dir`, in the order of their
/// names, each refused if `dir` holds its name already; on a refusal the
/// entries moved go back, so that `dir` is as it was.
fn move_up(building: &Path, dir: &Path) -> Result<(), String> {
    let mut names: Vec<OsString> = std::fs::read_dir(building)
        .and_then(|entries| entries.map(|e| e.map(|e| e.file_name())).collect())
        .map_err(|e| format!("cannot read {}: {e}", building.display()))?;
    names.sort();
    for (done, name) in names.iter().enumerate() {
        if let Err(error) = move_new(&building.join(name), &dir.join(name)) {
            for back in &names[..done] {
                let _ = move_new(&dir.join(back), &building.join(back));
            }
            return Err(match error.kind() {
                ErrorKind::AlreadyExists | ErrorKind::DirectoryNotEmpty => not_empty(dir),
                _ => format!("cannot move the package into {}: {error}", dir.display()),
            });
        }
    }
    Ok(())
}

/// Renames `from` to `to`, refused if `to` exists (as a link too).
fn move_new(from: &Path, to: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE).map_err(std::io::Error::from)
}
