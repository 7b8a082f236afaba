//! What contest cases and `stress`'s runs share (the features `contest`
//! and `stress`): random mazes drawn again until one has a route, a
//! maze's text under a name of the caller's, and what a name may be as a
//! statement says ([`NameRule`]), with names drawn under it.

use rand::Rng;

use super::FamilyMaze;

/// The first of up to `draws` mazes that `draw` makes for which
/// `has_route` holds, or the first made when none does: random mazes
/// mostly have no route, which a solution finds out at once. Draws stop
/// at the first with a route, so the same draws give the same maze.
pub fn preferring_a_route<M>(
    draws: u32,
    mut draw: impl FnMut() -> M,
    has_route: impl Fn(&M) -> bool,
) -> M {
    let first = draw();
    if has_route(&first) {
        return first;
    }
    (1..draws)
        .map(|_| draw())
        .find(|maze| has_route(maze))
        .unwrap_or(first)
}

/// `maze` in the judges' format under the name `name`, without `END`.
pub fn judges_text(name: &str, maze: &(impl FamilyMaze + ?Sized)) -> String {
    let mut out = format!("{name}\n");
    maze.write_text(&mut out);
    out
}

/// How maze names are written: one word, or whole lines with spaces.
/// A contest problem states which its names are (by default words, as the
/// original statements said), and `stress` draws them so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Names {
    /// One word (`Maze1`): a program that reads the name as a word reads
    /// it right.
    #[default]
    Words,
    /// Whole lines, which may hold spaces, even two in a row (`Maze 1`):
    /// a program must read the whole line.
    Spaced,
}

impl Names {
    /// A name of words written so: `Long Route 1` with spaces, or the
    /// words run together, `LongRoute1`.
    ///
    /// ```
    /// use logicmaze::stress::Names;
    /// assert_eq!(Names::Words.of("Long Route 1"), "LongRoute1");
    /// assert_eq!(Names::Spaced.of("Long Route 1"), "Long Route 1");
    /// ```
    pub fn of(self, words: &str) -> String {
        match self {
            Names::Words => words.split(' ').collect(),
            Names::Spaced => words.to_string(),
        }
    }
}

/// The plain one-word name of the `index`th maze (from 0) of a file:
/// `Maze1`, `Maze2`, …
pub(crate) fn plain_name(index: usize) -> String {
    format!("Maze{}", index + 1)
}

/// The most characters of a name with spaces ([`Names::Spaced`]).
pub const SPACED_NAME_MOST: usize = 40;

/// What a one-word name is ([`Names::Words`]), as a contest's statement
/// says.
///
/// ```
/// use logicmaze::package::problem::{NameRule, Names};
/// let rule = NameRule::ALPHANUMERIC;
/// assert!(rule.allows(Names::Words, "DiceMaze3"));
/// assert!(!rule.allows(Names::Words, "Dice Maze 3"));
/// assert!(rule.allows(Names::Spaced, "Dice  Maze 3"));
/// assert!(!NameRule::NON_BLANK.allows(Names::Words, "a-name-of-21-letters!"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameRule {
    /// Whether letters and digits alone (or any printable character but
    /// the space).
    pub alphanumeric: bool,
    /// The most characters.
    pub most: usize,
}

impl NameRule {
    /// 1 to 20 letters and digits (ICPC World Finals 2000).
    pub const ALPHANUMERIC: NameRule = NameRule {
        alphanumeric: true,
        most: 20,
    };
    /// 1 to 20 printable characters, none a space (ICPC World Finals 1999).
    pub const NON_BLANK: NameRule = NameRule {
        alphanumeric: false,
        most: 20,
    };

    /// Whether `name` is a name under `names`. `END`, which ends the
    /// input, never is.
    pub fn allows(&self, names: Names, name: &str) -> bool {
        let printable = |c: char| c.is_ascii_graphic() || c == ' ';
        let kept = match names {
            Names::Words if self.alphanumeric => {
                name.len() <= self.most && name.chars().all(|c| c.is_ascii_alphanumeric())
            }
            Names::Words => name.len() <= self.most && name.chars().all(|c| c.is_ascii_graphic()),
            Names::Spaced => {
                name.len() <= SPACED_NAME_MOST
                    && name.chars().all(printable)
                    && !name.starts_with(' ')
                    && !name.ends_with(' ')
            }
        };
        kept && !name.is_empty() && name != "END"
    }

    /// A name of one word under this rule for the `index`th maze (from 0)
    /// of a file, drawn with `rng`: half the time the plain `Maze1`, `Maze2`
    /// …, else characters the rule allows, a quarter of the time as many
    /// as it allows (a program that keeps a name in a buffer one byte too
    /// short falls there), never `END` nor a name starting with `{`
    /// (which would make an input read as JSON).
    ///
    /// ```
    /// use logicmaze::stress::{NameRule, Names};
    /// use rand::SeedableRng;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// for index in 0..100 {
    ///     let name = NameRule::ALPHANUMERIC.drawn(&mut rng, index);
    ///     assert!(NameRule::ALPHANUMERIC.allows(Names::Words, &name), "{name}");
    /// }
    /// ```
    pub fn drawn(&self, rng: &mut impl Rng, index: usize) -> String {
        let plain = plain_name(index);
        let length = match rng.gen_range(0..4) {
            0 | 1 => return plain,
            2 => self.most,
            _ => rng.gen_range(1..=self.most),
        };
        let name: String = (0..length)
            .map(|_| match self.alphanumeric {
                true => {
                    const ALPHANUMERIC: &[u8] =
                        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
                    ALPHANUMERIC[rng.gen_range(0..ALPHANUMERIC.len())] as char
                }
                false => rng.gen_range(b'!'..=b'~') as char,
            })
            .collect();
        // A first `{` would make an input read as JSON: the one name of
        // printable characters that the judges' format cannot hold here.
        match self.allows(Names::Words, &name) && !name.starts_with('{') {
            true => name,
            false => plain,
        }
    }

    /// What a name is under `names`, for the statement (LaTeX).
    pub fn sentence(&self, names: Names) -> String {
        // Each states the length as a bound, $1 \le \ell \le most$, which
        // BAPCtools' `bt constraints` finds in the validators.
        let most = self.most;
        match names {
            Names::Words if self.alphanumeric => format!(
                "$\\ell$ letters and digits ($1 \\le \\ell \\le {most}$), never the word \\texttt{{END}}"
            ),
            Names::Words => format!(
                "$\\ell$ printable ASCII characters, none of them a space ($1 \\le \\ell \\le {most}$), \
                 never the word \\texttt{{END}}"
            ),
            Names::Spaced => format!(
                "the whole line, of $\\ell$ printable ASCII characters ($1 \\le \\ell \\le {SPACED_NAME_MOST}$), which \
                 may hold spaces (two in a row among them) but neither starts nor ends \
                 with one, and is never the word \\texttt{{END}}"
            ),
        }
    }
}
