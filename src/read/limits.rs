//! The bounds a reader enforces on one maze: its search states and the
//! memory they take, checked from a maze's size before anything is
//! allocated for it.

use super::ParseErrorKind;

/// The default limit on the states one maze's search may need: 2^29, about
/// 2.7 GB at the engine's five bytes per reached state.
pub const DEFAULT_MAX_STATES: u64 = 1 << 29;

/// Bounds on what a reader accepts. Made from [`Limits::default`] (or
/// [`Limits::DEFAULT`] in a constant) and the `with_*` methods, so that
/// a bound added later has its default.
///
/// ```
/// use logicmaze::text::Parser;
/// use logicmaze::read::{Limits, ParseErrorKind};
/// use logicmaze::family::Parsed;
/// let limits = Limits::default().with_max_states(1000);
/// let mut parser = Parser::new(Default::default(), None, limits);
/// let mut items = Vec::new();
/// for line in ["BIG\n", "100 100 1 1 1 2\n"] {
///     parser.push_line(line.as_bytes(), &mut |item| items.push(item));
/// }
/// let Parsed::Error(e) = &items[0] else { panic!() };
/// assert!(matches!(e.kind, ParseErrorKind::TooLarge { .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The most states one maze's search may need; larger mazes are refused
    /// before anything is allocated for them.
    pub max_states: u64,
    /// The memory one maze may take, if bounded.
    pub memory: Option<Memory>,
    /// Read as a contest's input validator does: a family notes every
    /// departure from its format's letter (a repeated turn letter, a
    /// direction given twice on one line), not only those that change
    /// what the maze means; fast paths that cannot see such things are
    /// not taken.
    pub strict: bool,
}

/// What one maze may take of memory, reckoned from its states, which its
/// header fixes (or, for some families, that grow as the body is read).
///
/// A reader that runs beside others (on a thread of a pool) may be told to
/// leave large mazes alone (`defer_over`): it stops there, as
/// [`Parser::gave_up`](crate::text::Parser::gave_up) says, and the input
/// from there on is read by a reader that takes large mazes one at a
/// time.
///
/// ```
/// use logicmaze::read::Memory;
/// let memory = Memory::new(3 << 20, 2).with_defer_over(Some(1 << 20));
/// assert_eq!((memory.bytes(1000), memory.defer_over), (2000, Some(1 << 20)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Memory {
    /// A maze that needs more bytes than this is refused.
    pub max_bytes: u64,
    /// What a maze costs per search state: its model, and what is done
    /// with it (a search, a census, a conversion).
    pub bytes_per_state: u64,
    /// A reader with this set stops at the first maze that needs more.
    pub defer_over: Option<u64>,
}

impl Limits {
    /// At most [`DEFAULT_MAX_STATES`] states a maze, memory not bounded,
    /// not strict: [`Limits::default`], as a constant.
    pub const DEFAULT: Limits = Limits {
        max_states: DEFAULT_MAX_STATES,
        memory: None,
        strict: false,
    };

    /// The same limits with another [`max_states`](Limits::max_states):
    /// [`DEFAULT_MAX_STATES`] by default.
    pub const fn with_max_states(mut self, max_states: u64) -> Limits {
        self.max_states = max_states;
        self
    }

    /// The same limits with another [`memory`](Limits::memory) bound:
    /// none by default.
    pub const fn with_memory(mut self, memory: Option<Memory>) -> Limits {
        self.memory = memory;
        self
    }

    /// The same limits, [`strict`](Limits::strict) or not: not by
    /// default.
    pub const fn with_strict(mut self, strict: bool) -> Limits {
        self.strict = strict;
        self
    }

    /// Refuses maze `maze` when its search would need more than
    /// `max_states` states, or more memory than `memory` allows.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::TooLarge`] for more than `max_states` states;
    /// [`ParseErrorKind::OverMemory`] for more bytes than
    /// [`Memory::max_bytes`], when [`memory`](Limits::memory) is bounded.
    ///
    /// ```
    /// use logicmaze::read::{Limits, Memory};
    /// let limits = Limits::default().with_max_states(100);
    /// assert!(limits.check("small", 100).is_ok());
    /// assert_eq!(
    ///     limits.check("big", 101).unwrap_err().to_string(),
    ///     "maze 'big' needs 101 states, more than the limit of 100"
    /// );
    /// let limits = Limits::default().with_memory(Some(Memory::new(3 << 20, 2)));
    /// assert_eq!(
    ///     limits.check("big", 2 << 20).unwrap_err().to_string(),
    ///     "maze 'big' needs about 4 MiB of memory, more than the limit of 3 MiB"
    /// );
    /// ```
    pub fn check(&self, maze: &str, states: u64) -> Result<(), ParseErrorKind> {
        if states > self.max_states {
            return Err(ParseErrorKind::TooLarge {
                maze: maze.to_string(),
                states,
                limit: self.max_states,
            });
        }
        match self.memory {
            Some(memory) if memory.bytes(states) > memory.max_bytes => {
                Err(ParseErrorKind::OverMemory {
                    maze: maze.to_string(),
                    bytes: memory.bytes(states),
                    limit: memory.max_bytes,
                })
            }
            _ => Ok(()),
        }
    }

    /// [`Limits::check`], for a reader about to allocate for the maze: a
    /// maze of [`PROBED_STATES`] or more, under a memory limit, also has
    /// its memory asked of the system first, and given back at once. Only
    /// where memory is allocated, since the ask costs system calls and a
    /// maze's size may be checked once per line as it grows.
    ///
    /// # Errors
    ///
    /// Those of [`Limits::check`]; then [`ParseErrorKind::OutOfMemory`]
    /// when the system does not give a probed maze's memory.
    pub fn check_allocating(&self, maze: &str, states: u64) -> Result<(), ParseErrorKind> {
        self.check(maze, states)?;
        match self.memory {
            Some(memory) if states >= PROBED_STATES && !system_can_give(memory.bytes(states)) => {
                Err(ParseErrorKind::OutOfMemory {
                    maze: maze.to_string(),
                    bytes: memory.bytes(states),
                })
            }
            _ => Ok(()),
        }
    }

    /// Whether a reader with these limits leaves a maze of `states` states
    /// to another (see [`Memory::defer_over`]).
    pub fn defers(&self, states: u64) -> bool {
        self.memory
            .is_some_and(|m| m.defer_over.is_some_and(|over| m.bytes(states) > over))
    }
}

/// Mazes of fewer states are not probed (`system_can_give`): their memory
/// is taken as given.
pub const PROBED_STATES: u64 = 1 << 20;

/// Whether the system gives `bytes` of memory when asked, now: they are
/// asked for and given back at once. Rust aborts the process when an
/// allocation fails, so a maze the system cannot hold must be found out
/// before its allocations: then it is that maze's error, not the end of
/// the run. (Memory can still run out later, but a request the system
/// refuses outright, as Linux refuses one past what it could ever give, or
/// one past a `ulimit -v`, is caught here.)
fn system_can_give(bytes: u64) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    usize::try_from(bytes).is_ok_and(|bytes| probe.try_reserve_exact(bytes).is_ok())
}

impl Memory {
    /// At most `max_bytes` a maze, at `bytes_per_state` a state, no maze
    /// left to another reader.
    pub const fn new(max_bytes: u64, bytes_per_state: u64) -> Memory {
        Memory {
            max_bytes,
            bytes_per_state,
            defer_over: None,
        }
    }

    /// The same bound, leaving mazes of more bytes than `defer_over` to
    /// another reader ([`Memory::defer_over`]): none by default.
    pub const fn with_defer_over(mut self, defer_over: Option<u64>) -> Memory {
        self.defer_over = defer_over;
        self
    }

    /// The bytes a maze of `states` states takes.
    pub fn bytes(&self, states: u64) -> u64 {
        states.saturating_mul(self.bytes_per_state)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}
