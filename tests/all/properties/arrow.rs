//! Arrow mazes as plain data, their rules once more, and random small ones.

use std::collections::HashMap;

use super::*;

/// An arrow maze as plain data. `signs[(r, c)][d]` holds the allowed turns
/// for arrival direction `d` as bits: 1 = left, 2 = forward, 4 = right.
#[derive(Clone, Debug)]
pub(super) struct ArrowSpec {
    entrance: (i64, i64),
    heading: usize,
    goal: (i64, i64),
    signs: HashMap<(i64, i64), [u8; 4]>,
}

/// The new direction after the turn with bit `bit` while heading `d`.
fn turned(d: usize, bit: u8) -> usize {
    match bit {
        1 => (d + 3) % 4,
        2 => d,
        _ => (d + 1) % 4,
    }
}

impl Spec for ArrowSpec {
    type State = ((i64, i64), usize);

    fn origin(&self) -> (i64, i64) {
        self.entrance
    }

    fn first_states(&self) -> Vec<Self::State> {
        vec![(step(self.entrance, self.heading), self.heading)]
    }

    fn next_states(&self, (at, d): Self::State) -> Vec<Self::State> {
        let signs = self.signs.get(&at).copied().unwrap_or_default();
        [1, 2, 4]
            .into_iter()
            .filter(|&bit| signs[d] & bit != 0)
            .map(|bit| {
                let next_d = turned(d, bit);
                (step(at, next_d), next_d)
            })
            .collect()
    }

    fn position((at, _): Self::State) -> (i64, i64) {
        at
    }

    fn is_goal(&self, (at, _): Self::State) -> bool {
        at == self.goal
    }

    fn judge_text(&self) -> String {
        let mut text = format!(
            "ARROW\n{} {} {} {} {}\n",
            self.entrance.0, self.entrance.1, LETTERS[self.heading], self.goal.0, self.goal.1
        );
        let mut listed: Vec<_> = self.signs.iter().collect();
        listed.sort();
        for (&(r, c), signs) in listed {
            text += &format!("{r} {c}");
            for (d, &bits) in signs.iter().enumerate() {
                if bits != 0 {
                    text.push(' ');
                    text.push(LETTERS[d]);
                    for (bit, letter) in [(1, 'L'), (2, 'F'), (4, 'R')] {
                        if bits & bit != 0 {
                            text.push(letter);
                        }
                    }
                }
            }
            text += " *\n";
        }
        text + "0\n"
    }

    /// Breadth-first search over (position, direction) with a hash set.
    fn reference_moves(&self) -> Option<usize> {
        let first = (step(self.entrance, self.heading), self.heading);
        if first.0 == self.goal {
            return Some(1);
        }
        let mut seen = HashSet::from([first]);
        let mut queue = VecDeque::from([(first, 1)]);
        while let Some(((at, d), moves)) = queue.pop_front() {
            let signs = self.signs.get(&at).copied().unwrap_or_default();
            for bit in [1, 2, 4] {
                if signs[d] & bit != 0 {
                    let next_d = turned(d, bit);
                    let next = (step(at, next_d), next_d);
                    if next.0 == self.goal {
                        return Some(moves + 1);
                    }
                    if seen.insert(next) {
                        queue.push_back((next, moves + 1));
                    }
                }
            }
        }
        None
    }

    /// Panics unless `route` obeys the rules from entrance to goal.
    fn check_route(&self, route: &[(i64, i64)]) {
        assert_eq!(route[0], self.entrance);
        assert_eq!(route[1], step(self.entrance, self.heading));
        assert_eq!(*route.last().unwrap(), self.goal);
        for i in 1..route.len() - 1 {
            assert_ne!(route[i], self.goal, "the route ends at the first arrival");
            let arriving = step_direction(route[i - 1], route[i]);
            let leaving = step_direction(route[i], route[i + 1]);
            let signs = self.signs.get(&route[i]).copied().unwrap_or_default();
            let allowed = [1, 2, 4]
                .into_iter()
                .any(|bit| signs[arriving] & bit != 0 && turned(arriving, bit) == leaving);
            assert!(allowed, "move {i} from {:?} is not allowed", route[i]);
        }
    }
}

pub(super) fn arrow_spec() -> impl Strategy<Value = ArrowSpec> {
    (1i64..=5, 1i64..=5).prop_flat_map(|(rows, cols)| {
        let position = (1..=rows, 1..=cols);
        let all_signs = proptest::collection::vec(
            (
                proptest::bool::weighted(0.85),
                [0u8..8, 0u8..8, 0u8..8, 0u8..8],
            ),
            (rows * cols) as usize,
        );
        (position.clone(), 0usize..4, position, all_signs).prop_map(
            move |(entrance, heading, goal, all_signs)| {
                let signs = all_signs
                    .into_iter()
                    .enumerate()
                    .filter(|(_, (listed, _))| *listed)
                    .map(|(i, (_, signs))| ((i as i64 / cols + 1, i as i64 % cols + 1), signs))
                    .collect();
                ArrowSpec {
                    entrance,
                    heading,
                    goal,
                    signs,
                }
            },
        )
    })
}
