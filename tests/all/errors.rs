//! A program's errors, as it handles them: a family's own problem is
//! matched as its family's type, an error gives what it wraps as its
//! `source()` (the family's error, the model's, serde_json's), and two
//! errors are equal by value, never by their text.

use std::error::Error;

use logicmaze::family::FamilyProblem;
use logicmaze::family::arrow::ArrowError;
use logicmaze::family::dice::{DiceError, DieError};
use logicmaze::family::minotaur::MinotaurError;
use logicmaze::read::{FamilyError, FamilyReadError, ParseErrorKind};
use logicmaze::{Maze, MazeError, Position};

const THESEUS_WITHOUT_EXIT: &str = "M\nMINOTAUR 1 2\n+---+---+\n| T   M  \n+---+---+\n";

#[test]
fn each_family_s_problem_is_matched_as_its_own_type() {
    let problem = |text: &str| Maze::parse(text).unwrap_err();
    let arrow = problem("A\n3 1 N 2 1\n1 1 NX *\n0\n");
    assert!(matches!(
        arrow.family_problem(),
        Some(FamilyProblem::Arrow(ArrowError::ExpectedSign { found })) if found == "'NX'"
    ));
    let die = problem("D\n1 2 1 1 3 4\n-1 -1\n");
    assert!(matches!(
        die.family_problem(),
        Some(FamilyProblem::Dice(DiceError::Die(
            DieError::OppositeFaces { top: 3, front: 4 }
        )))
    ));
    let row = problem("D\n1 2 1 1 1 2\n-1\n");
    assert!(matches!(
        row.family_problem(),
        Some(FamilyProblem::Dice(DiceError::RowLength {
            row: 1,
            found: 1,
            ..
        }))
    ));
    let theseus = problem(THESEUS_WITHOUT_EXIT);
    assert!(
        matches!(
            theseus.family_problem(),
            Some(FamilyProblem::Minotaur(MinotaurError::Missing {
                letter: 'E',
                ..
            }))
        ),
        "{theseus:?}"
    );
    // A problem every format shares is no family's.
    assert!(problem("A\n3 1 N x 1\n0\n").family_problem().is_none());
}

#[test]
fn an_error_gives_what_it_wraps_as_its_source() {
    let arrow = Maze::parse("A\n3 1 N 2 1\n1 1 NL\n0\n").unwrap_err();
    let source = arrow.source().expect("the family's error");
    assert_eq!(
        source.downcast_ref::<ArrowError>(),
        Some(&ArrowError::MissingStar {
            at: logicmaze::Position::new(1, 1)
        })
    );
    assert_eq!(arrow.to_string(), format!("3:7: {source}"));

    let outside = r#"{"family":"dice","name":"D","rows":1,"cols":2,"start":[3,1],"top":1,"front":2,"squares":[[-1,-1]]}"#;
    let model = Maze::from_json(outside).unwrap_err();
    let source = model.source().expect("the model's error");
    assert!(matches!(
        source.downcast_ref::<MazeError>(),
        Some(MazeError::Outside { position, .. }) if *position == Position::new(3, 1)
    ));

    let json = Maze::from_json(r#"{"family":"dice","name":"BAD",}"#).unwrap_err();
    assert_eq!(json.to_string(), "1:31: invalid JSON maze: trailing comma");
    let serde = json.source().unwrap().downcast_ref::<serde_json::Error>();
    let serde = serde.expect("serde_json's error");
    assert_eq!((serde.line(), serde.column()), (1, 31));
    assert_eq!(serde.to_string(), "trailing comma at line 1 column 31");
    assert!(serde.is_syntax(), "{serde:?}");
    assert!(serde.source().is_none());
    // A field missing: serde_json says where the document ends.
    let missing = Maze::from_json(r#"{"family":"dice","name":"BAD","rows":1}"#).unwrap_err();
    let serde = missing
        .source()
        .unwrap()
        .downcast_ref::<serde_json::Error>();
    assert!(serde.is_some_and(serde_json::Error::is_data), "{missing:?}");
}

/// A family's error of a program's own, compared by value: the same
/// text from two values, or from two types, is two errors.
#[test]
fn family_errors_are_equal_by_value_and_an_unknown_family_s_is_other() {
    #[derive(Debug, PartialEq, Eq, thiserror::Error)]
    #[error("a wall needs two ends")]
    struct HalfWall(u32);
    impl FamilyReadError for HalfWall {}
    #[derive(Debug, PartialEq, Eq, thiserror::Error)]
    #[error("a wall needs two ends")]
    struct Other;
    impl FamilyReadError for Other {}

    let one = ParseErrorKind::from(HalfWall(1));
    assert_eq!(one, ParseErrorKind::from(HalfWall(1)));
    assert_ne!(one, ParseErrorKind::from(HalfWall(2)));
    assert_ne!(FamilyError::new(HalfWall(1)), FamilyError::new(Other));
    assert_eq!(one.to_string(), ParseErrorKind::from(Other).to_string());
    let Some(FamilyProblem::Other(error)) = one.family_problem() else {
        panic!("{one:?}")
    };
    assert_eq!(error.downcast_ref::<HalfWall>(), Some(&HalfWall(1)));
    assert!(one.source().unwrap().downcast_ref::<HalfWall>().is_some());
}
