//! Game ids: a generated maze named by how to make it again, as Simon
//! Tatham's puzzles name a game by its parameters and seed. The id
//! `NAME:20x20:hard#7` is the maze `logicmaze generate NAME --rows 20
//! --cols 20 --difficulty hard --seed 7` makes, named by its id.

use std::fmt;
use std::str::FromStr;

use crate::family::{Families, Family, Generator, Maze};
use crate::generate::{Difficulty, GenerateError, GenerateOptions};

/// The most rows and columns a game id may ask for: the server makes
/// mazes while a player waits. Past 24×24 the slowest family's hard maze
/// keeps a player waiting too long, and at 40×40 it searched in vain and
/// gave up (`--rows 40 --cols 40 --difficulty hard --seed 2`).
pub const MAX_SIDE: u32 = 24;

/// A generated maze's id: `FAMILY:ROWSxCOLS:DIFFICULTY#SEED`.
///
/// ```
/// use logicmaze::play::GameId;
/// let id: GameId = "arrow:8x9:easy#7".parse()?;
/// assert_eq!((id.size(), id.seed()), ((8, 9), 7));
/// assert_eq!(id.to_string(), "arrow:8x9:easy#7");
/// let maze = id.generate()?;
/// assert_eq!(maze.name(), "arrow:8x9:easy#7");
/// assert_eq!(maze.size(), (8, 9));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Its fields are private: a `GameId` is made by parsing, which checks
/// that the family generates and that the size is one the server makes.
#[derive(Clone, Copy)]
pub struct GameId {
    family: &'static dyn Family,
    generator: &'static dyn Generator,
    rows: u32,
    cols: u32,
    difficulty: Difficulty,
    seed: u64,
}

/// Why a text is not a game id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IdError {
    /// Not of the form at all.
    #[error("'{0}' is not a game id: it should read FAMILY:ROWSxCOLS:DIFFICULTY#SEED, as {1}")]
    Form(String, String),
    /// No such family, or one that cannot generate.
    #[error("no family named '{0}' makes mazes (families that do: {1})")]
    Family(String, String),
    /// No such difficulty.
    #[error("no difficulty named '{0}' (easy, medium or hard)")]
    Difficulty(String),
    /// A size too small or too large to make here.
    #[error("a {0}×{1} maze cannot be made here: rows and columns go from 2 to {MAX_SIDE}")]
    Size(u32, u32),
}

/// A game id of logicmaze's own families (see [`GameId::of`]).
impl FromStr for GameId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<GameId, IdError> {
        GameId::of(Families::BUILT_IN, text)
    }
}

impl GameId {
    /// The game id `text` of one of `families` that generates mazes.
    ///
    /// # Errors
    ///
    /// Not the form `FAMILY:ROWSxCOLS:DIFFICULTY#SEED`, a family of the
    /// list that does not generate (or none), a difficulty or a size out
    /// of range: each its [`IdError`].
    pub fn of(families: Families, text: &str) -> Result<GameId, IdError> {
        let form = || IdError::Form(text.chars().take(80).collect(), GameId::example(families));
        let (rest, seed) = text.split_once('#').ok_or_else(form)?;
        let mut parts = rest.split(':');
        let (Some(name), Some(size), Some(difficulty), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(form());
        };
        let (rows, cols) = size.split_once('x').ok_or_else(form)?;
        let number = |n: &str| n.parse::<u32>().map_err(|_| form());
        let (rows, cols) = (number(rows)?, number(cols)?);
        let seed = seed.parse::<u64>().map_err(|_| form())?;
        let (family, generator) = families
            .named(name)
            .and_then(|f| Some((f, f.generator()?)))
            .ok_or_else(|| IdError::Family(name.chars().take(40).collect(), makers(families)))?;
        let difficulty = Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == difficulty)
            .ok_or_else(|| IdError::Difficulty(difficulty.chars().take(40).collect()))?;
        if !(2..=MAX_SIDE).contains(&rows) || !(2..=MAX_SIDE).contains(&cols) {
            return Err(IdError::Size(rows, cols));
        }
        Ok(GameId {
            family,
            generator,
            rows,
            cols,
            difficulty,
            seed,
        })
    }
}

/// The families that generate mazes, for an error.
fn makers(families: Families) -> String {
    let names: Vec<&str> = families
        .list()
        .iter()
        .filter(|f| f.generator().is_some())
        .map(|f| f.name())
        .collect();
    names.join(", ")
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}x{}:{}#{}",
            self.family.name(),
            self.rows,
            self.cols,
            self.difficulty.name(),
            self.seed
        )
    }
}

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({self})")
    }
}

impl GameId {
    /// A game id to show as an example, of the first family of the list
    /// that generates.
    ///
    /// ```
    /// use logicmaze::family::Families;
    /// assert_eq!(logicmaze::play::GameId::example(Families::BUILT_IN), "arrow:20x20:hard#7");
    /// ```
    pub fn example(families: Families) -> String {
        let family = families.list().iter().find(|f| f.generator().is_some());
        format!("{}:20x20:hard#7", family.map_or("FAMILY", |f| f.name()))
    }

    /// Its rows and columns.
    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    /// Its seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The maze the id names, named by the id: the same id gives the same
    /// maze on any machine.
    ///
    /// # Errors
    ///
    /// The family's generator's [`GenerateError`]. An id's size is one
    /// logicmaze's own families all generate, so theirs is
    /// [`GenerateError::GaveUp`], when the search finds no maze of the
    /// difficulty's length.
    pub fn generate(&self) -> Result<Maze, GenerateError> {
        let generator = self.generator;
        let options = GenerateOptions::new(self.rows, self.cols)
            .with_seed(self.seed)
            .with_min_length(generator.min_length(self.difficulty, self.rows, self.cols))
            .with_name(self.to_string());
        generator.generate(&options).map(|generated| generated.maze)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_reads_back_as_it_is_written() {
        for text in [
            "arrow:20x20:hard#7",
            "dice:2x24:easy#0",
            "arrow:24x3:medium#18446744073709551615",
        ] {
            assert_eq!(text.parse::<GameId>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn a_bad_id_says_what_is_wrong() {
        let error = |text: &str| text.parse::<GameId>().unwrap_err();
        for text in [
            "",
            "#",
            "arrow",
            "arrow:20x20:hard",
            "arrow:20x20:hard#",
            "arrow:20:hard#7",
            "arrow:20x20:hard:x#7",
            "arrow:-1x20:hard#7",
            "arrow:20x20:hard#-7",
            "arrow:20x20:hard#7#8",
        ] {
            assert!(matches!(error(text), IdError::Form(..)), "{text}");
        }
        assert_eq!(error("arrow:25x2:easy#1"), IdError::Size(25, 2));
        assert_eq!(error("dice:1x1:easy#1"), IdError::Size(1, 1));
        assert_eq!(
            error("dice:4294967296x2:easy#1"),
            IdError::Form(
                "dice:4294967296x2:easy#1".into(),
                "arrow:20x20:hard#7".into()
            )
        );
        assert_eq!(
            error("arrow:9x9:HARD#1"),
            IdError::Difficulty("HARD".into())
        );
        assert!(matches!(error("chess:8x8:easy#1"), IdError::Family(name, _) if name == "chess"));
        let long = format!("{}#1", "x".repeat(10_000));
        assert!(
            error(&long).to_string().len() < 200,
            "an error quotes at most a little of the id"
        );
    }
}
