//! Reading a whole maze file for the commands that need every maze at
//! once (`render`, `play`): diagnostics on stderr, mazes chosen by name.

use std::io::{self, Read};
use std::path::Path;

use crate::family::Maze;
use crate::family::Parsed;
use crate::input;
use crate::read::{Limits, Memory};

use super::answer::diagnostic;
use super::{say, Outcome};

/// Every maze of `file` ('-' for standard input), reporting bad mazes on
/// stderr; the outcome says whether there were any.
pub fn mazes_in(file: &Path) -> Result<(Vec<Maze>, Outcome), String> {
    let name = file.display().to_string();
    let bytes = read(file).map_err(|e| format!("{name}: {e}"))?;
    let mut outcome = Outcome::Clean;
    let mut mazes = Vec::new();
    // The rule of --max-memory's default, for a maze read to be drawn: one
    // maze may take half of the machine's memory.
    let limits = Limits {
        memory: Some(Memory {
            max_bytes: super::physical_memory() / 2,
            bytes_per_state: 1,
            defer_over: None,
        }),
        ..Limits::default()
    };
    for item in input::parse(&bytes, None, None, limits) {
        if let Some(line) = diagnostic(&name, &item) {
            say::text(&line);
        }
        match item {
            Parsed::Maze(maze) => mazes.push(maze),
            Parsed::Error(_) => outcome = Outcome::BadMaze,
            Parsed::Warning(_) => {}
        }
    }
    Ok((mazes, outcome))
}

/// The mazes of input `name` to use: all of them, or those named `wanted`.
pub fn choose(mazes: Vec<Maze>, wanted: Option<&str>, name: &str) -> Result<Vec<Maze>, String> {
    if mazes.is_empty() {
        return Err(format!("{name} holds no maze"));
    }
    let Some(wanted) = wanted else {
        return Ok(mazes);
    };
    let names: Vec<String> = mazes.iter().map(|m| format!("'{}'", m.name())).collect();
    let chosen: Vec<Maze> = mazes.into_iter().filter(|m| m.name() == wanted).collect();
    match chosen.is_empty() {
        true => Err(format!(
            "{name} holds no maze named '{wanted}' (it holds {})",
            names.join(", ")
        )),
        false => Ok(chosen),
    }
}

/// The bytes of `file`, or of standard input for `-`.
pub fn read(file: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match file.to_str() {
        Some("-") => io::stdin().lock().read_to_end(&mut bytes)?,
        _ => std::fs::File::open(file)?.read_to_end(&mut bytes)?,
    };
    Ok(bytes)
}
