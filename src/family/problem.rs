//! The families' own errors as one enum a program matches: the reader
//! below the families carries a family's error as an opaque
//! [`FamilyError`] (it cannot name the families, and a program's own
//! family brings its own error), and this layer, which holds the list,
//! names logicmaze's.

use std::error::Error;

use super::arrow::ArrowError;
use super::dice::DiceError;
use super::minotaur::MinotaurError;
use crate::read::{FamilyError, ParseError, ParseErrorKind};

/// A problem only one family's format has ([`ParseErrorKind::Family`]),
/// as that family's own error: what a program matches to tell one
/// problem from another. A family the program adds itself is
/// [`FamilyProblem::Other`], its error to downcast; a family added to
/// logicmaze without a variant here is `Other` too.
///
/// ```
/// use logicmaze::family::FamilyProblem;
/// use logicmaze::family::arrow::ArrowError;
/// use logicmaze::{Maze, Position};
/// let error = Maze::parse("M\n3 1 N 2 1\n1 1 NL\n0\n").unwrap_err();
/// match error.family_problem() {
///     Some(FamilyProblem::Arrow(ArrowError::MissingStar { at })) => {
///         assert_eq!(*at, Position::new(1, 1))
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum FamilyProblem<'a> {
    /// An arrow maze's.
    Arrow(&'a ArrowError),
    /// A dice maze's.
    Dice(&'a DiceError),
    /// A Theseus-and-the-Minotaur maze's.
    Minotaur(&'a MinotaurError),
    /// Another family's: a program's own family's error, to downcast to
    /// its type.
    Other(&'a (dyn Error + Send + Sync + 'static)),
}

impl<'a> FamilyProblem<'a> {
    /// The problem `error` carries, as its family's type.
    pub fn of(error: &'a FamilyError) -> FamilyProblem<'a> {
        if let Some(problem) = error.downcast_ref() {
            return FamilyProblem::Arrow(problem);
        }
        if let Some(problem) = error.downcast_ref() {
            return FamilyProblem::Dice(problem);
        }
        match error.downcast_ref() {
            Some(problem) => FamilyProblem::Minotaur(problem),
            None => FamilyProblem::Other(error.problem()),
        }
    }
}

impl ParseErrorKind {
    /// The family's own problem, when the kind is one
    /// ([`ParseErrorKind::Family`]), as its type ([`FamilyProblem`]).
    pub fn family_problem(&self) -> Option<FamilyProblem<'_>> {
        match self {
            ParseErrorKind::Family(error) => Some(FamilyProblem::of(error)),
            _ => None,
        }
    }
}

impl ParseError {
    /// The family's own problem, when the error is one, as its type:
    /// see [`FamilyProblem`].
    pub fn family_problem(&self) -> Option<FamilyProblem<'_>> {
        self.kind.family_problem()
    }
}
