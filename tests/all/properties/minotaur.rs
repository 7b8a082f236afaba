//! Theseus mazes as plain data, the Minotaur's chase once more, and random
//! small ones.

use super::*;

/// A Theseus-and-the-Minotaur maze as plain data: the inner walls east and
/// south of each square, the two pieces, the exit and the side of it where
/// the border is open.
#[derive(Clone, Debug)]
pub(super) struct MinotaurSpec {
    rows: i64,
    cols: i64,
    /// A wall east of `(r, c)`...
    east: HashSet<(i64, i64)>,
    /// ... and one south of it.
    south: HashSet<(i64, i64)>,
    theseus: (i64, i64),
    minotaur: (i64, i64),
    exit: (i64, i64),
    gap: usize,
}

impl MinotaurSpec {
    /// Whether a wall (or the border) stands on side `d` of `at`.
    fn walled(&self, at: (i64, i64), d: usize) -> bool {
        let to = step(at, d);
        if to.0 < 1 || to.1 < 1 || to.0 > self.rows || to.1 > self.cols {
            return true;
        }
        match d {
            0 => self.south.contains(&to),
            1 => self.east.contains(&at),
            2 => self.south.contains(&at),
            _ => self.east.contains(&to),
        }
    }

    /// One step of the Minotaur at `m` toward Theseus at `t`.
    fn chase(&self, m: (i64, i64), t: (i64, i64)) -> (i64, i64) {
        let across = match t.1.cmp(&m.1) {
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Less => Some(3),
            std::cmp::Ordering::Equal => None,
        };
        let along = match t.0.cmp(&m.0) {
            std::cmp::Ordering::Greater => Some(2),
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Equal => None,
        };
        for d in [across, along].into_iter().flatten() {
            if !self.walled(m, d) {
                return step(m, d);
            }
        }
        m
    }

    /// The pieces after Theseus's `choice` (a direction, or 4 to wait),
    /// or `None` when the turn cannot be taken or he is caught.
    fn turn(
        &self,
        (t, m): ((i64, i64), (i64, i64)),
        choice: usize,
    ) -> Option<((i64, i64), (i64, i64))> {
        let to = match choice {
            4 => t,
            d if self.walled(t, d) => return None,
            d => step(t, d),
        };
        if to == m {
            return None;
        }
        if to == self.exit {
            return Some((to, m));
        }
        let first = self.chase(m, to);
        let second = self.chase(first, to);
        (first != to && second != to).then_some((to, second))
    }
}

impl Spec for MinotaurSpec {
    type State = ((i64, i64), (i64, i64));

    fn origin(&self) -> (i64, i64) {
        self.theseus
    }

    fn first_states(&self) -> Vec<Self::State> {
        self.next_states((self.theseus, self.minotaur))
    }

    fn next_states(&self, state: Self::State) -> Vec<Self::State> {
        (0..5)
            .filter_map(|choice| self.turn(state, choice))
            .collect()
    }

    fn position((t, _): Self::State) -> (i64, i64) {
        t
    }

    fn is_goal(&self, (t, _): Self::State) -> bool {
        t == self.exit
    }

    /// The drawing, written here from the format's description.
    fn judge_text(&self) -> String {
        let mut text = format!("MINOTAUR\nMINOTAUR {} {}\n", self.rows, self.cols);
        let gap = |at: (i64, i64), d: usize| at == self.exit && d == self.gap;
        for r in 0..=self.rows {
            for c in 1..=self.cols {
                let open = match r {
                    0 => gap((1, c), 0),
                    r if r == self.rows => gap((r, c), 2),
                    r => !self.south.contains(&(r, c)),
                };
                text += if open { "+   " } else { "+---" };
            }
            text += "+\n";
            if r == self.rows {
                break;
            }
            let r = r + 1;
            for c in 1..=self.cols {
                let open = match c {
                    1 => gap((r, 1), 3),
                    c => !self.east.contains(&(r, c - 1)),
                };
                text.push(if open { ' ' } else { '|' });
                let mut letters = String::new();
                for (at, letter) in [(self.theseus, 'T'), (self.minotaur, 'M'), (self.exit, 'E')] {
                    if at == (r, c) {
                        letters.push(letter);
                    }
                }
                text += &format!("{letters:^3}");
            }
            text.push(if gap((r, self.cols), 1) { ' ' } else { '|' });
            text.push('\n');
        }
        text
    }

    /// Breadth-first search over (Theseus, Minotaur) with a hash set.
    fn reference_moves(&self) -> Option<usize> {
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([((self.theseus, self.minotaur), 0)]);
        while let Some((state, moves)) = queue.pop_front() {
            for next in self.next_states(state) {
                if self.is_goal(next) {
                    return Some(moves + 1);
                }
                if seen.insert(next) {
                    queue.push_back((next, moves + 1));
                }
            }
        }
        None
    }

    /// Panics unless `route` is Theseus's squares of turns the rules allow,
    /// from his start to the exit, never caught.
    fn check_route(&self, route: &[(i64, i64)]) {
        assert_eq!(route[0], self.theseus);
        assert_eq!(*route.last().unwrap(), self.exit);
        let mut state = (self.theseus, self.minotaur);
        for (i, pair) in route.windows(2).enumerate() {
            assert!(
                i == 0 || pair[0] != self.exit,
                "the route ends at the escape"
            );
            let choice = match pair[0] == pair[1] {
                true => 4,
                false => step_direction(pair[0], pair[1]),
            };
            state = self
                .turn(state, choice)
                .unwrap_or_else(|| panic!("turn {} from {:?} is not allowed", i + 1, pair[0]));
        }
    }
}

pub(super) fn minotaur_spec() -> impl Strategy<Value = MinotaurSpec> {
    (1i64..=5, 1i64..=5)
        .prop_filter("two squares", |(rows, cols)| rows * cols >= 2)
        .prop_flat_map(|(rows, cols)| {
            let square = (1..=rows, 1..=cols);
            let walls = proptest::collection::vec(
                (proptest::bool::weighted(0.3), proptest::bool::weighted(0.3)),
                (rows * cols) as usize,
            );
            (square.clone(), square.clone(), square, 0usize..4, walls).prop_filter_map(
                "Theseus and the Minotaur apart, the exit's gap on the border",
                move |(theseus, minotaur, exit, gap, walls)| {
                    let border = [exit.0 == 1, exit.1 == cols, exit.0 == rows, exit.1 == 1];
                    if theseus == minotaur || !border[gap] {
                        return None;
                    }
                    let at = |i: usize| (i as i64 / cols + 1, i as i64 % cols + 1);
                    let east = (0..walls.len())
                        .filter(|&i| walls[i].0 && at(i).1 < cols)
                        .map(at)
                        .collect();
                    let south = (0..walls.len())
                        .filter(|&i| walls[i].1 && at(i).0 < rows)
                        .map(at)
                        .collect();
                    Some(MinotaurSpec {
                        rows,
                        cols,
                        east,
                        south,
                        theseus,
                        minotaur,
                        exit,
                        gap,
                    })
                },
            )
        })
}
