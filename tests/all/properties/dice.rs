//! Dice mazes as plain data, a reference die, and random small ones.

use super::*;

/// A die as the directions (x east, y south, z up) of its faces 1, 2 and 3;
/// faces 6, 5 and 4 point the opposite ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct ReferenceDie([[i8; 3]; 3]);

const UP: [i8; 3] = [0, 0, 1];
const SOUTH: [i8; 3] = [0, 1, 0];

impl ReferenceDie {
    /// The judges' die: 5 on top (so 2 faces down), 1 facing south, 3 east.
    const ANCHOR: ReferenceDie = ReferenceDie([[0, 1, 0], [0, 0, -1], [1, 0, 0]]);

    fn face_towards(&self, direction: [i8; 3]) -> u8 {
        let negated = direction.map(|x| -x);
        for (i, v) in self.0.iter().enumerate() {
            if *v == direction {
                return i as u8 + 1;
            }
            if *v == negated {
                return 6 - i as u8;
            }
        }
        unreachable!("faces 1-3 span the axes")
    }

    fn top(&self) -> u8 {
        self.face_towards(UP)
    }

    fn front(&self) -> u8 {
        self.face_towards(SOUTH)
    }

    /// Tipping over an edge is a quarter rotation of every face vector.
    fn rolled(&self, direction: usize) -> ReferenceDie {
        ReferenceDie(self.0.map(|[x, y, z]| match direction {
            0 => [x, -z, y], // north: the south face comes up
            1 => [z, y, -x], // east: the top goes east
            2 => [x, z, -y], // south: the top goes south
            _ => [-z, y, x], // west: the top goes west
        }))
    }

    /// The orientation with `top` up and `front` south, found by rolling the
    /// anchor every way.
    fn with(top: u8, front: u8) -> ReferenceDie {
        let mut seen = HashSet::from([ReferenceDie::ANCHOR]);
        let mut queue = VecDeque::from([ReferenceDie::ANCHOR]);
        while let Some(die) = queue.pop_front() {
            if die.top() == top && die.front() == front {
                return die;
            }
            for d in 0..4 {
                let next = die.rolled(d);
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        panic!("no die with top {top} and front {front}")
    }
}

#[test]
fn the_reference_die_agrees_with_abbotts_rolling_cube_maze() {
    // Top 6, front 4; roll east → 2 on top, east again → 1, south → 3.
    let die = ReferenceDie::with(6, 4);
    assert_eq!(die.rolled(1).top(), 2);
    assert_eq!(die.rolled(1).rolled(1).top(), 1);
    assert_eq!(die.rolled(1).rolled(1).rolled(2).top(), 3);
    assert_eq!(ReferenceDie::with(5, 1).face_towards([1, 0, 0]), 3);
}

#[derive(Clone, Debug)]
pub(super) struct DiceSpec {
    rows: i64,
    cols: i64,
    start: (i64, i64),
    top: u8,
    front: u8,
    squares: Vec<i8>,
}

impl DiceSpec {
    fn square(&self, at: (i64, i64)) -> i8 {
        let inside = (1..=self.rows).contains(&at.0) && (1..=self.cols).contains(&at.1);
        match inside {
            true => self.squares[((at.0 - 1) * self.cols + at.1 - 1) as usize],
            false => 0,
        }
    }

    /// The rolls allowed from `at` with `die`, in the order N, E, S, W.
    fn rolls(&self, at: (i64, i64), die: ReferenceDie) -> Vec<((i64, i64), ReferenceDie)> {
        STEPS
            .iter()
            .enumerate()
            .map(|(d, step)| ((at.0 + step.0, at.1 + step.1), d))
            .filter(|&(to, _)| self.allows(&die, to))
            .map(|(to, d)| (to, die.rolled(d)))
            .collect()
    }

    fn allows(&self, die: &ReferenceDie, to: (i64, i64)) -> bool {
        let square = self.square(to);
        square == -1 || (square != 0 && square as u8 == die.top())
    }
}

impl Spec for DiceSpec {
    type State = ((i64, i64), ReferenceDie);

    fn origin(&self) -> (i64, i64) {
        self.start
    }

    fn first_states(&self) -> Vec<Self::State> {
        self.rolls(self.start, ReferenceDie::with(self.top, self.front))
    }

    fn next_states(&self, (at, die): Self::State) -> Vec<Self::State> {
        self.rolls(at, die)
    }

    fn position((at, _): Self::State) -> (i64, i64) {
        at
    }

    fn is_goal(&self, (at, _): Self::State) -> bool {
        at == self.start
    }

    fn judge_text(&self) -> String {
        let mut text = format!(
            "DICE\n{} {} {} {} {} {}\n",
            self.rows, self.cols, self.start.0, self.start.1, self.top, self.front
        );
        for row in self.squares.chunks(self.cols as usize) {
            let row: Vec<String> = row.iter().map(i8::to_string).collect();
            text += &row.join(" ");
            text.push('\n');
        }
        text
    }

    fn reference_moves(&self) -> Option<usize> {
        let die = ReferenceDie::with(self.top, self.front);
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([((self.start, die), 0)]);
        while let Some(((at, die), moves)) = queue.pop_front() {
            for (d, step) in STEPS.iter().enumerate() {
                let to = (at.0 + step.0, at.1 + step.1);
                if !self.allows(&die, to) {
                    continue;
                }
                if to == self.start {
                    return Some(moves + 1);
                }
                let next = (to, die.rolled(d));
                if seen.insert(next) {
                    queue.push_back((next, moves + 1));
                }
            }
        }
        None
    }

    fn check_route(&self, route: &[(i64, i64)]) {
        assert!(route.len() >= 3, "leave the start and come back");
        assert_eq!(route[0], self.start);
        assert_eq!(*route.last().unwrap(), self.start);
        let mut die = ReferenceDie::with(self.top, self.front);
        for pair in route.windows(2) {
            let d = step_direction(pair[0], pair[1]);
            assert!(
                self.allows(&die, pair[1]),
                "roll to {:?} with {} on top",
                pair[1],
                die.top()
            );
            die = die.rolled(d);
        }
    }
}

pub(super) fn dice_spec() -> impl Strategy<Value = DiceSpec> {
    let square = prop_oneof![1 => Just(0i8), 2 => Just(-1i8), 6 => 1i8..=6];
    let die = (1u8..=6, 1u8..=6).prop_filter("a real die", |(t, f)| t != f && t + f != 7);
    (1i64..=5, 1i64..=5).prop_flat_map(move |(rows, cols)| {
        let squares = proptest::collection::vec(square.clone(), (rows * cols) as usize);
        ((1..=rows, 1..=cols), die.clone(), squares).prop_map(
            move |(start, (top, front), squares)| DiceSpec {
                rows,
                cols,
                start,
                top,
                front,
                squares,
            },
        )
    })
}
