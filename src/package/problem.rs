//! The tools a family's contest problem is described and made with: the
//! problem ([`Contest`]) a family's
//! [`ContestFamily`](crate::family::ContestFamily) gives, with its limits
//! ([`ProblemLimits`]) and names ([`Names`], [`NameRule`]), traps ([`Trap`]) and test cases ([`ContestCase`]),
//! the places a statement leaves for the package to fill ([`MAX_SIDE`],
//! [`MAX_MAZES`], [`NAME`], [`LAYOUT`], [`PICTURE`]), and the maker of a family's
//! generated, random and hardened test mazes ([`CaseMaker`],
//! [`random_cases`]). They stand in the family layer, where each family's
//! folder makes its own cases with them; this is where they are shown.
//!
//! ```
//! use logicmaze::package::problem::Trap;
//! let trap = Trap::slow("every-route", "tries every route");
//! assert_eq!(trap.macro_name(), "TRAP_EVERY_ROUTE");
//! ```

pub use crate::family::contest::{
    CaseMaker, Contest, ContestCase, Expected, Hard, LAYOUT, MAX_MAZES, MAX_SIDE, NAME, NameRule,
    Names, PICTURE, ProblemLimits, RANDOM_MAZES, SAMPLE_PICTURE, SPACED_NAME_MOST,
    SPACED_NAMES_CASE, Trap, random_cases,
};
pub use crate::family::draws::{judges_text, preferring_a_route};
