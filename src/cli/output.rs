//! Where a command's output lands: standard output or a file the user
//! named, never somewhere the user did not ask for without saying so.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// How a write to standard output ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Done,
    /// The reader went away (as `head` does): the command stops quietly,
    /// with the status of what it did before.
    StdoutClosed,
}

/// Writes to standard output with `write`, buffered; a closed pipe is not
/// an error.
pub fn write_stdout(
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Written, String> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(Written::Done),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(Written::StdoutClosed),
        Err(error) => Err(format!("cannot write output: {error}")),
    }
}

/// Writes with `write` to the file at `path` (created or emptied), or to
/// standard output.
pub fn write_to(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Written, String> {
    match path {
        Some(path) => {
            let mut file = io::BufWriter::new(create(path)?);
            write(&mut file)
                .and_then(|()| file.flush())
                .map_err(|e| cannot_write(path, e))?;
            Ok(Written::Done)
        }
        None => write_stdout(write),
    }
}

/// Standard output, or the file at `path`, for a command that streams
/// its output.
pub fn stdout_or(path: Option<&Path>) -> Result<Box<dyn Write + Send>, String> {
    Ok(match path {
        Some(path) => Box::new(create(path)?),
        None => Box::new(io::stdout()),
    })
}

/// Standard output, or the file at `path`, created or emptied only when
/// the first byte is written: a run that writes nothing leaves no file
/// behind (and an existing one untouched).
pub struct WhenWritten {
    path: Option<std::path::PathBuf>,
    file: Option<File>,
}

impl WhenWritten {
    /// Standard output when `path` is `None`. A file whose folder is not
    /// there is refused now, not after the work of its first bytes.
    pub fn new(path: Option<&Path>) -> Result<WhenWritten, String> {
        if let Some(path) = path {
            let folder = match path.parent() {
                Some(folder) if !folder.as_os_str().is_empty() => folder,
                _ => Path::new("."),
            };
            if !folder.is_dir() {
                return Err(format!(
                    "cannot write {}: there is no folder {}",
                    path.display(),
                    folder.display()
                ));
            }
        }
        Ok(WhenWritten {
            path: path.map(Path::to_path_buf),
            file: None,
        })
    }
}

impl Write for WhenWritten {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let Some(path) = &self.path else {
            return io::stdout().write(bytes);
        };
        if bytes.is_empty() {
            return Ok(0);
        }
        // Its errors name the file.
        let named = |e: io::Error| io::Error::new(e.kind(), cannot_write(path, e));
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(File::create(path).map_err(named)?),
        };
        file.write(bytes).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        match (&self.path, &mut self.file) {
            (None, _) => io::stdout().flush(),
            (Some(path), Some(file)) => file
                .flush()
                .map_err(|e| io::Error::new(e.kind(), cannot_write(path, e))),
            (Some(_), None) => Ok(()),
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: into a new file beside
/// it, synced, then renamed over it, so that a crash or a full disk
/// leaves the old file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = folder.join(format!(".{name}.{}.saving", std::process::id()));
    let written = (|| {
        let mut file = File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// The file at `path`, created or emptied.
fn create(path: &Path) -> Result<File, String> {
    File::create(path).map_err(|e| cannot_write(path, e))
}

fn cannot_write(path: &Path, error: io::Error) -> String {
    format!("cannot write {}: {error}", path.display())
}

/// Refuses to pour `what` (a PNG image, say) onto a terminal, as `gzip`
/// does, telling how to get it.
pub fn refuse_terminal(what: &str, how: &str) -> Result<(), String> {
    match io::stdout().is_terminal() {
        true => Err(format!(
            "will not write {what} to a terminal: {how}, or redirect standard output"
        )),
        false => Ok(()),
    }
}

/// The place holder in an output name that makes one file per maze.
pub const NAME_PATTERN: &str = "{name}";

/// One file name per maze: `pattern` with `{name}` replaced by the maze's
/// name made safe for a file name, numbered (`-2`, `-3`) when two mazes
/// share it.
pub fn per_maze<'a>(pattern: &Path, names: impl IntoIterator<Item = &'a str>) -> Vec<PathBuf> {
    let pattern = pattern.to_string_lossy();
    let mut taken = HashSet::new();
    names
        .into_iter()
        .map(|name| {
            let base = file_safe(name);
            let mut name = base.clone();
            let mut n = 2;
            while !taken.insert(name.clone()) {
                name = format!("{base}-{n}");
                n += 1;
            }
            PathBuf::from(pattern.replace(NAME_PATTERN, &name))
        })
        .collect()
}

/// `name` with every run of characters other than letters, digits, `_`
/// and `.` turned into one `-` (and never only dots).
///
/// ```text
/// "DICEMAZE 1/2"  ->  "DICEMAZE-1-2"
/// ```
pub fn file_safe(name: &str) -> String {
    let mut safe = String::new();
    for c in name.chars() {
        match c.is_alphanumeric() || c == '_' || c == '.' {
            true => safe.push(c),
            false if !safe.ends_with('-') => safe.push('-'),
            false => {}
        }
    }
    match safe.trim_matches('-') {
        trimmed if trimmed.chars().all(|c| c == '.') => "maze".to_string(),
        trimmed => trimmed.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_safe_file_names() {
        assert_eq!(file_safe("DICEMAZE 1/2"), "DICEMAZE-1-2");
        assert_eq!(file_safe("../.."), "..-..");
        assert_eq!(file_safe(".."), "maze");
        assert_eq!(file_safe("</script>"), "script");
        assert_eq!(file_safe(""), "maze");
    }

    #[test]
    fn a_pattern_gives_one_file_per_maze_numbering_repeats() {
        let files = per_maze(Path::new("out/{name}.svg"), ["A", "B", "A"]);
        let names: Vec<_> = files.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(names, ["out/A.svg", "out/B.svg", "out/A-2.svg"]);
    }
}
