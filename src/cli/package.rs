//! `logicmaze package`: write a contest problem package to a folder.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::draw::Fonts;
use crate::family::Family;
use crate::package::{self, License, PackageFile, Validators};

use super::say;
use super::status::Outcome;

#[derive(Debug, clap::Args)]
pub struct PackageArgs {
    /// The family whose contest problem to package.
    #[arg(value_name = "FAMILY", value_parser = super::args::families(false))]
    family: &'static dyn Family,

    /// The folder to write the package into: new, or empty.
    #[arg(value_name = "DIR")]
    dir: PathBuf,

    /// The seed of the generated test cases: the same seed, the same files.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// The problem's license in problem.yaml: cc-by-sa, cc-by, cc0,
    /// public-domain, educational, permission or unknown.
    #[arg(long, value_name = "LICENSE", default_value = "cc-by-sa")]
    license: License,

    /// Who holds the rights, for problem.yaml [default: none said, so Kattis
    /// takes the problem's source as its owner].
    #[arg(long, value_name = "NAME")]
    rights_owner: Option<String>,
}

/// Runs `package`.
pub fn run(args: &PackageArgs) -> Outcome {
    Outcome::of(write(args).map(|count| {
        say::note(format!("wrote {count} files to {}", args.dir.display()));
        Outcome::Clean
    }))
}

/// Builds the package in a fresh folder beside DIR, then renames it into
/// place: nothing is ever written through a link planted in DIR, and of
/// two runs into one DIR the second rename fails (DIR is then not empty).
fn write(args: &PackageArgs) -> Result<usize, String> {
    let dir = &args.dir;
    let shown = dir.display();
    let not_empty = || {
        format!("{shown} is not empty: give a new or empty folder, so that nothing is overwritten")
    };
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(format!(
                "{shown} is a symbolic link: give the folder itself"
            ));
        }
        Ok(meta) if !meta.is_dir() => return Err(format!("{shown} is a file, not a folder")),
        Ok(_)
            if std::fs::read_dir(dir)
                .map_err(|e| format!("{shown}: {e}"))?
                .next()
                .is_some() =>
        {
            return Err(not_empty());
        }
        Ok(_) => {}
        Err(error) if error.kind() == ErrorKind::NotFound => {}
        Err(error) => return Err(format!("{shown}: {error}")),
    }
    let Some(name) = dir.file_name() else {
        return Err(format!("{shown}: give the package folder a name"));
    };
    let parent = match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent)
        .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    let executable = std::env::current_exe()
        .and_then(std::fs::read)
        .map_err(|e| format!("cannot read this program, to copy it into the validators: {e}"))?;
    let options = package::Options {
        seed: args.seed,
        license: args.license,
        rights_owner: args.rights_owner.clone(),
        validators: Validators::Carry(&executable),
        fonts: Fonts::system(),
    };
    let files = package::package(args.family, &options).map_err(|e| e.to_string())?;
    let building = fresh_folder(parent, name)?;
    let built = files
        .iter()
        .try_for_each(|file| write_file(&building, file))
        .and_then(|()| {
            std::fs::rename(&building, dir).map_err(|error| match error.kind() {
                ErrorKind::DirectoryNotEmpty | ErrorKind::AlreadyExists => not_empty(),
                ErrorKind::NotADirectory => format!("{shown} was replaced by a file or a link"),
                _ => format!("cannot move the package to {shown}: {error}"),
            })
        });
    if built.is_err() {
        let _ = std::fs::remove_dir_all(&building);
    }
    built.map(|()| files.len())
}

/// A new folder in `parent` to build package `name` in, made by this run
/// alone (creating it fails if it exists).
fn fresh_folder(parent: &Path, name: &std::ffi::OsStr) -> Result<PathBuf, String> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut folder = std::ffi::OsString::from(".");
    folder.push(name);
    folder.push(format!(".building-{}-{stamp}", std::process::id()));
    let path = parent.join(folder);
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
    let mode = if file.executable { 0o755 } else { 0o644 };
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(&path)
        .and_then(|mut out| out.write_all(&file.contents))
        .map_err(failed)
}
