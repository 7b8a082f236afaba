//! `logicmaze package`: write a contest problem package to a folder.

use std::path::{Path, PathBuf};

use crate::family::Family;
use crate::package::{self, PackageFile};

use super::{say, Outcome};

#[derive(Debug, clap::Args)]
pub struct PackageArgs {
    /// The family whose contest problem to package.
    #[arg(value_name = "FAMILY", value_parser = super::families(false))]
    family: &'static dyn Family,

    /// The folder to write the package into: new, or empty.
    #[arg(value_name = "DIR")]
    dir: PathBuf,

    /// The seed of the generated test cases: the same seed, the same files.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// Runs `package`.
pub fn run(args: &PackageArgs) -> Outcome {
    Outcome::of(write(args).map(|count| {
        say::note(format!("wrote {count} files to {}", args.dir.display()));
        Outcome::Clean
    }))
}

fn write(args: &PackageArgs) -> Result<usize, String> {
    let dir = &args.dir;
    let empty = match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_none(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => true,
        Err(error) => return Err(format!("{}: {error}", dir.display())),
    };
    if !empty {
        return Err(format!(
            "{} is not empty: give a new or empty folder, so that nothing is overwritten",
            dir.display()
        ));
    }
    let files = package::package(args.family, args.seed).map_err(|e| e.to_string())?;
    for file in &files {
        write_file(dir, file)?;
    }
    Ok(files.len())
}

fn write_file(dir: &Path, file: &PackageFile) -> Result<(), String> {
    let path = dir.join(&file.path);
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(failed)?;
    }
    std::fs::write(&path, &file.contents).map_err(failed)?;
    if file.executable {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(failed)?;
    }
    Ok(())
}
