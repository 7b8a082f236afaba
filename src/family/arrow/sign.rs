//! A sign and the turns it allows ([`Sign`], [`Turn`]), and an
//! intersection's four signs packed in the bits a maze keeps them in
//! ([`PackedCell`]).

use std::fmt;

use super::ArrowError;
use crate::grid::Direction;

/// A turn allowed by a sign, relative to the direction of travel.
///
/// ```
/// use logicmaze::family::arrow::Turn;
/// use logicmaze::Direction;
/// assert_eq!(Turn::Left.apply(Direction::North), Direction::West);
/// assert_eq!(Turn::from_letter(b'F'), Some(Turn::Forward));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A quarter turn counter-clockwise.
    Left,
    /// Straight on.
    Forward,
    /// A quarter turn clockwise.
    Right,
}

impl Turn {
    /// All turns in the order the search tries them: left, forward, right.
    pub const ALL: [Turn; 3] = [Turn::Left, Turn::Forward, Turn::Right];

    /// The direction of travel after taking this turn while heading `heading`.
    pub const fn apply(self, heading: Direction) -> Direction {
        match self {
            Turn::Left => heading.turned_left(),
            Turn::Forward => heading,
            Turn::Right => heading.turned_right(),
        }
    }

    /// The turn named by a judge-format letter `L`, `F` or `R`.
    pub const fn from_letter(letter: u8) -> Option<Turn> {
        match letter {
            b'L' => Some(Turn::Left),
            b'F' => Some(Turn::Forward),
            b'R' => Some(Turn::Right),
            _ => None,
        }
    }

    /// The turn that takes a walker heading `heading` toward `next`, or
    /// `None` for a U-turn.
    ///
    /// ```
    /// use logicmaze::family::arrow::Turn;
    /// use logicmaze::Direction;
    /// assert_eq!(Turn::between(Direction::North, Direction::East), Some(Turn::Right));
    /// assert_eq!(Turn::between(Direction::North, Direction::South), None);
    /// ```
    pub fn between(heading: Direction, next: Direction) -> Option<Turn> {
        Turn::ALL
            .into_iter()
            .find(|turn| turn.apply(heading) == next)
    }

    /// Its name in words: `left`, `forward`, `right`.
    pub const fn name(self) -> &'static str {
        match self {
            Turn::Left => "left",
            Turn::Forward => "forward",
            Turn::Right => "right",
        }
    }

    /// The judge-format letter of this turn.
    ///
    /// ```
    /// use logicmaze::family::arrow::Turn;
    /// assert_eq!(Turn::Right.letter(), 'R');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Turn::Left => 'L',
            Turn::Forward => 'F',
            Turn::Right => 'R',
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The set of turns a sign allows, as a 3-bit set.
///
/// ```
/// use logicmaze::family::arrow::{Sign, Turn};
/// let sign = Sign::from_turns(&[Turn::Right, Turn::Left]);
/// assert!(sign.allows(Turn::Left) && !sign.allows(Turn::Forward));
/// assert_eq!(sign.to_string(), "LR");
/// assert!(Sign::NONE.is_empty());
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "String", try_from = "String")]
pub struct Sign(pub(super) u8);

impl Sign {
    /// A sign that allows nothing: a dead end.
    pub const NONE: Sign = Sign(0);

    /// The sign allowing exactly `turns`.
    pub fn from_turns(turns: &[Turn]) -> Sign {
        turns.iter().fold(Sign::NONE, |sign, &turn| sign.with(turn))
    }

    /// This sign with `turn` allowed too.
    pub const fn with(self, turn: Turn) -> Sign {
        Sign(self.0 | turn.bit())
    }

    /// The sign allowing every turn that either sign allows.
    ///
    /// ```
    /// use logicmaze::family::arrow::{Sign, Turn};
    /// let both = Sign::from_turns(&[Turn::Left]).union(Sign::from_turns(&[Turn::Right]));
    /// assert_eq!(both.to_string(), "LR");
    /// ```
    pub const fn union(self, other: Sign) -> Sign {
        Sign(self.0 | other.0)
    }

    /// Whether the sign allows `turn`.
    pub const fn allows(self, turn: Turn) -> bool {
        self.0 & turn.bit() != 0
    }

    /// Whether the sign allows no turn at all.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The allowed turns in the order left, forward, right.
    pub fn turns(self) -> impl Iterator<Item = Turn> {
        Turn::ALL.into_iter().filter(move |&turn| self.allows(turn))
    }

    pub(super) const fn bits(self) -> u16 {
        self.0 as u16
    }
}

/// Letters `L`, `F`, `R` (each at most once, at least one), as in JSON.
///
/// ```
/// use logicmaze::family::arrow::{ArrowError, Sign};
/// assert_eq!(Sign::try_from("LF".to_string()).map(|sign| sign.to_string()), Ok("LF".to_string()));
/// assert_eq!(Sign::try_from("LX".to_string()), Err(ArrowError::SignLetters { found: "LX".into() }));
/// ```
impl TryFrom<String> for Sign {
    type Error = ArrowError;

    fn try_from(letters: String) -> Result<Sign, ArrowError> {
        let turns: Option<Vec<Turn>> = letters.bytes().map(Turn::from_letter).collect();
        match turns {
            Some(turns) if !turns.is_empty() && turns.len() <= 3 => Ok(Sign::from_turns(&turns)),
            _ => Err(ArrowError::SignLetters { found: letters }),
        }
    }
}

impl From<Sign> for String {
    fn from(sign: Sign) -> String {
        sign.to_string()
    }
}

impl fmt::Display for Sign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.turns()
            .try_for_each(|turn| write!(f, "{}", turn.letter()))
    }
}

/// An intersection's signs and its "listed" mark, packed as a maze stores
/// them: for readers that build a maze in bulk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PackedCell(pub(super) u16);

impl PackedCell {
    /// A listed intersection with `signs`, indexed by approach direction.
    pub fn listed(signs: [Sign; 4]) -> PackedCell {
        PackedCell(pack(signs))
    }

    /// Adds the listing and signs of `other` to this cell, and says
    /// whether it was listed before.
    pub fn merge(&mut self, other: PackedCell) -> bool {
        let before = self.0;
        self.0 |= other.0;
        before & LISTED != 0
    }
}

/// `signs` (indexed by approach direction) in a cell's bit layout, listed.
pub(super) fn pack(signs: [Sign; 4]) -> u16 {
    signs
        .iter()
        .enumerate()
        .fold(LISTED, |bits, (d, sign)| bits | sign.bits() << (3 * d))
}

/// Bits of a cell's `u16`: three per approach direction (L, F, R), and one
/// that records that the intersection was listed in the input.
pub(super) const LISTED: u16 = 1 << 12;

pub(super) fn sign_in(value: u16, arriving: Direction) -> Sign {
    Sign(((value >> (3 * arriving.index())) & 0b111) as u8)
}
