//! The engine against an obviously-correct reference search written here,
//! from the rules in docs/rules.md, on random small mazes of both families; and
//! every route the engine returns is checked move by move against the rules.

use std::collections::{HashMap, HashSet, VecDeque};

use logicmaze::family::Parsed;
use logicmaze::text;
use logicmaze::{Position, Uniqueness, family::Maze, route::RouteFault, verify};
use proptest::prelude::*;

/// North, East, South, West as (row, column) steps.
const STEPS: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
const LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];

/// Parses judge text (without `END`) that must hold exactly one maze.
fn parse_one(text: &str) -> Maze {
    let text = format!("{text}END\n");
    let mut items = logicmaze::batch::parse(text.as_bytes(), &Default::default());
    assert_eq!(items.len(), 1, "{text}\n{items:?}");
    match items.remove(0) {
        Parsed::Maze(maze) => maze,
        other => panic!("{other:?} for\n{text}"),
    }
}

fn cells(route: &[Position]) -> Vec<(i64, i64)> {
    route.iter().map(|p| (p.row as i64, p.col as i64)).collect()
}

fn step_direction(from: (i64, i64), to: (i64, i64)) -> usize {
    let step = (to.0 - from.0, to.1 - from.1);
    STEPS
        .iter()
        .position(|&s| s == step)
        .expect("a route moves one square at a time")
}

/// What the property tests need of a random maze: its judge text, the
/// reference answer, and a move-by-move check of a route.
trait Spec {
    fn judge_text(&self) -> String;
    fn reference_moves(&self) -> Option<usize>;
    fn check_route(&self, route: &[(i64, i64)]);

    /// The rules once more, as a state space, for brute-force enumeration.
    type State: Copy + Eq + std::hash::Hash;
    fn origin(&self) -> (i64, i64);
    fn first_states(&self) -> Vec<Self::State>;
    fn next_states(&self, state: Self::State) -> Vec<Self::State>;
    fn position(state: Self::State) -> (i64, i64);
    fn is_goal(&self, state: Self::State) -> bool;
}

/// Every shortest route, as positions, enumerated one by one: a depth-first
/// walk along moves that go one step further from the origin (every prefix
/// of a shortest route is itself shortest). `None` past `cap` routes.
fn all_shortest_routes<S: Spec>(spec: &S, cap: usize) -> Option<HashSet<Vec<(i64, i64)>>> {
    let mut distance = HashMap::new();
    let mut queue = VecDeque::new();
    for state in spec.first_states() {
        distance.entry(state).or_insert_with(|| {
            queue.push_back(state);
            1
        });
    }
    while let Some(state) = queue.pop_front() {
        if spec.is_goal(state) {
            continue;
        }
        for next in spec.next_states(state) {
            if !distance.contains_key(&next) {
                distance.insert(next, distance[&state] + 1);
                queue.push_back(next);
            }
        }
    }
    let nearest = distance
        .iter()
        .filter(|&(&s, _)| spec.is_goal(s))
        .map(|(_, &d)| d)
        .min();
    let mut routes = HashSet::new();
    let Some(nearest) = nearest else {
        return Some(routes);
    };
    let mut stack: Vec<Vec<S::State>> = spec.first_states().into_iter().map(|s| vec![s]).collect();
    while let Some(path) = stack.pop() {
        let last = *path.last().unwrap();
        if spec.is_goal(last) {
            if path.len() == nearest {
                let positions =
                    std::iter::once(spec.origin()).chain(path.iter().map(|&s| S::position(s)));
                routes.insert(positions.collect());
                if routes.len() > cap {
                    return None;
                }
            }
            continue;
        }
        for next in spec.next_states(last) {
            if distance.get(&next) == Some(&(path.len() + 1)) {
                let mut longer = path.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
    }
    Some(routes)
}

// ---------------------------------------------------------------- arrow ----

/// An arrow maze as plain data. `signs[(r, c)][d]` holds the allowed turns
/// for arrival direction `d` as bits: 1 = left, 2 = forward, 4 = right.
#[derive(Clone, Debug)]
struct ArrowSpec {
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

fn step(at: (i64, i64), d: usize) -> (i64, i64) {
    (at.0 + STEPS[d].0, at.1 + STEPS[d].1)
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

fn arrow_spec() -> impl Strategy<Value = ArrowSpec> {
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

// ----------------------------------------------------------------- dice ----

/// A die as the directions (x east, y south, z up) of its faces 1, 2 and 3;
/// faces 6, 5 and 4 point the opposite ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct ReferenceDie([[i8; 3]; 3]);

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
struct DiceSpec {
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

fn dice_spec() -> impl Strategy<Value = DiceSpec> {
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

// ------------------------------------------------------------- minotaur ----

/// A Theseus-and-the-Minotaur maze as plain data: the inner walls east and
/// south of each square, the two pieces, the exit and the side of it where
/// the border is open.
#[derive(Clone, Debug)]
struct MinotaurSpec {
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

fn minotaur_spec() -> impl Strategy<Value = MinotaurSpec> {
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

/// The engine's route is as short as the reference's, and legal.
fn engine_agrees_with_reference(spec: &impl Spec) -> Result<(), TestCaseError> {
    let maze = parse_one(&spec.judge_text());
    let route = maze.solve();
    prop_assert_eq!(route.as_ref().map(|r| r.moves()), spec.reference_moves());
    if let Some(route) = route {
        spec.check_route(&cells(route.positions()));
    }
    Ok(())
}

/// The census counts exactly the routes enumerated one by one, and its two
/// witnesses are different shortest routes that split where it says.
fn census_agrees_with_enumeration(spec: &impl Spec) -> Result<(), TestCaseError> {
    let Some(routes) = all_shortest_routes(spec, 10_000) else {
        return Ok(());
    };
    let analysis = parse_one(&spec.judge_text()).analyse();
    prop_assert_eq!(analysis.routes, routes.len() as u64);
    let verdict = match routes.len() {
        0 => Uniqueness::Unsolvable,
        1 => Uniqueness::Unique,
        _ => Uniqueness::Ambiguous,
    };
    prop_assert_eq!(analysis.verdict, verdict);
    for route in analysis.route.iter().chain(&analysis.alternative) {
        prop_assert!(routes.contains(&cells(route.positions())));
    }
    if let (Some(a), Some(b)) = (&analysis.route, &analysis.alternative) {
        let split = analysis.split.unwrap();
        prop_assert_ne!(a, b);
        prop_assert_eq!(&a.positions()[..split], &b.positions()[..split]);
        prop_assert_ne!(a.positions()[split], b.positions()[split]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arrow_route_counts_match_enumeration(spec in arrow_spec()) {
        census_agrees_with_enumeration(&spec)?;
    }

    #[test]
    fn dice_route_counts_match_enumeration(spec in dice_spec()) {
        census_agrees_with_enumeration(&spec)?;
    }

    #[test]
    fn arrow_routes_are_shortest_and_legal(spec in arrow_spec()) {
        engine_agrees_with_reference(&spec)?;
    }

    #[test]
    fn dice_routes_are_shortest_and_legal(spec in dice_spec()) {
        engine_agrees_with_reference(&spec)?;
    }


    #[test]
    fn written_mazes_read_back_identically(spec in arrow_spec(), dice in dice_spec(), minotaur in minotaur_spec()) {
        for text in [Spec::judge_text(&spec), Spec::judge_text(&dice), Spec::judge_text(&minotaur)] {
            let maze = parse_one(&text);
            let mut written = String::new();
            text::write_maze(&mut written, &maze).unwrap();
            prop_assert_eq!(parse_one(&written), maze);
        }
    }

    /// judge → JSON → judge gives identical bytes and identical mazes, and
    /// JSON → judge → JSON identical JSON.
    #[test]
    fn judge_and_json_round_trip(spec in arrow_spec(), dice in dice_spec(), minotaur in minotaur_spec()) {
        for text in [Spec::judge_text(&spec), Spec::judge_text(&dice), Spec::judge_text(&minotaur)] {
            let maze = parse_one(&text);
            let mut judge_text = String::new();
            text::write_maze(&mut judge_text, &maze).unwrap();

            let json_line = logicmaze::json::maze(&maze);
            let from_json: Maze = serde_json::from_str(&json_line).unwrap();
            prop_assert_eq!(&from_json, &maze);
            let mut judge_again = String::new();
            text::write_maze(&mut judge_again, &from_json).unwrap();
            prop_assert_eq!(&judge_again, &judge_text);
            prop_assert_eq!(logicmaze::json::maze(&parse_one(&judge_again)), json_line);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// On thousands of small mazes, the same shortest length as the plain
    /// reference, the same count and verdict as the enumeration.
    #[test]
    fn minotaur_route_counts_match_enumeration(spec in minotaur_spec()) {
        census_agrees_with_enumeration(&spec)?;
    }

    #[test]
    fn minotaur_routes_are_shortest_and_legal(spec in minotaur_spec()) {
        engine_agrees_with_reference(&spec)?;
    }
}

/// The random small mazes above hold what makes the family hard: escapes,
/// escapes that need a wait, several shortest escapes, none at all.
#[test]
fn the_minotaur_specs_cover_the_family() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut escapes, mut waits, mut ambiguous, mut none) = (0, 0, 0, 0);
    for _ in 0..2000 {
        let spec = minotaur_spec().new_tree(&mut runner).unwrap().current();
        let analysis = parse_one(&spec.judge_text()).analyse();
        match &analysis.route {
            Some(route) => {
                escapes += 1;
                waits += usize::from(route.positions().windows(2).any(|p| p[0] == p[1]));
                ambiguous += usize::from(analysis.verdict == Uniqueness::Ambiguous);
            }
            None => none += 1,
        }
    }
    assert!(
        escapes > 500 && waits > 100 && ambiguous > 20 && none > 100,
        "{escapes} {waits} {ambiguous} {none}"
    );
}

// --------------------------------------------------------------- verify ----

/// The judges' answer for `maze` with the route `positions` (`None`: No
/// Solution Possible).
fn answer_with(maze: &Maze, positions: Option<&[Position]>) -> String {
    let route: Option<logicmaze::route::Route> = positions.map(|p| p.iter().copied().collect());
    let mut out = String::new();
    text::write_solution(&mut out, maze, route.as_ref());
    out
}

/// The verdict on `answer` for `maze` alone.
fn verdict_of(maze: &Maze, answer: &str, layout: verify::Layout) -> verify::MazeReport {
    let report = verify::verify_solving(std::slice::from_ref(maze), answer.as_bytes(), layout);
    assert_eq!(report.trailing, None, "{answer}");
    report.mazes[0].clone()
}

/// Every shortest route the enumeration finds (all of them, on these small
/// mazes) is accepted, byte-exact layout and all; a maze without a route
/// accepts "No Solution Possible".
fn verify_accepts_every_shortest_route(spec: &impl Spec) -> Result<(), TestCaseError> {
    let Some(routes) = all_shortest_routes(spec, 200) else {
        return Ok(());
    };
    let maze = parse_one(&spec.judge_text());
    let accepted = |answer: &str, moves| {
        let report = verdict_of(&maze, answer, verify::Layout::Strict);
        prop_assert_eq!(
            report.verdict,
            verify::Verdict::Accepted { moves },
            "{}",
            answer
        );
        prop_assert!(report.warnings.is_empty());
        Ok(())
    };
    if routes.is_empty() {
        return accepted(&answer_with(&maze, None), None);
    }
    for route in &routes {
        let positions: Vec<Position> = route
            .iter()
            .map(|&(r, c)| Position::new(r as u32, c as u32))
            .collect();
        accepted(
            &answer_with(&maze, Some(&positions)),
            Some(positions.len() - 1),
        )?;
    }
    Ok(())
}

/// Mutations of a correct answer are all rejected, each for the reason
/// that names the right move or line. The mazes are the library's random
/// ones, up to 12×12, whose routes run over several lines.
fn verify_rejects_mutations(maze: &Maze, pick: usize) -> Result<(), TestCaseError> {
    use verify::{Layout, Reason, Verdict};
    let per_line = maze.family().route_layout().per_line;
    let line_of = |index: usize| Some(2 + index / per_line);
    let judged = |positions: &[Position], layout| {
        verdict_of(maze, &answer_with(maze, Some(positions)), layout).verdict
    };
    let Some(route) = maze.solve() else {
        // "No Solution Possible" is right; any route is wrong.
        let nothing = verdict_of(maze, &answer_with(maze, None), Layout::Strict).verdict;
        prop_assert_eq!(nothing, Verdict::Accepted { moves: None });
        return Ok(());
    };
    let good = route.positions().to_vec();
    let n = good.len() - 1;
    let wrong_move = |verdict: Verdict, numbers: &[usize]| match verdict {
        Verdict::Wrong {
            reason:
                Reason::IllegalRoute {
                    fault: RouteFault::Move { number, .. },
                },
            line,
        } => numbers.contains(&number) && line == line_of(number),
        _ => false,
    };

    // A swapped pair, and a dropped position: the move into the gap is
    // not to a neighbour.
    if n >= 2 {
        let i = 1 + pick % (n - 1);
        let mut swapped = good.clone();
        swapped.swap(i, i + 1);
        if swapped != good {
            let verdict = judged(&swapped, Layout::Strict);
            prop_assert!(
                wrong_move(verdict.clone(), &[i]),
                "swap {}: {:?}",
                i,
                verdict
            );
        }
        let mut dropped = good.clone();
        dropped.remove(i);
        let verdict = judged(&dropped, Layout::Strict);
        prop_assert!(
            wrong_move(verdict.clone(), &[i]),
            "drop {}: {:?}",
            i,
            verdict
        );
    }

    // An extra loop: out to a neighbour and back. Illegal at one of its two
    // moves, or legal and two moves too long, or it passes the goal.
    let i = pick % n;
    let here = good[i];
    if let Some(aside) = logicmaze::Direction::ALL
        .iter()
        .find_map(|&d| here.stepped(d))
    {
        let mut looped = good.clone();
        looped.splice(i + 1..i + 1, [aside, here]);
        let verdict = judged(&looped, Layout::Strict);
        let fine = wrong_move(verdict.clone(), &[i + 1, i + 2])
            || matches!(&verdict, Verdict::Wrong { reason: Reason::Longer { moves, shortest }, .. } if *moves == n + 2 && *shortest == n)
            || matches!(&verdict, Verdict::Wrong { reason: Reason::IllegalRoute { fault: RouteFault::GoesOn { number, .. } }, .. } if *number == i + 1 || *number == i + 2);
        prop_assert!(fine, "loop at {}: {:?}", i, verdict);
    }

    // The first position dropped: it starts elsewhere; the last dropped:
    // it ends elsewhere.
    let verdict = judged(&good[1..], Layout::Strict);
    prop_assert!(
        matches!(
            verdict,
            Verdict::Wrong {
                reason: Reason::IllegalRoute {
                    fault: RouteFault::Start { .. }
                },
                line: Some(2)
            }
        ),
        "{:?}",
        verdict
    );
    let verdict = judged(&good[..n], Layout::Strict);
    let ends = match &verdict {
        Verdict::Wrong {
            reason:
                Reason::IllegalRoute {
                    fault: RouteFault::End { .. },
                },
            line,
        } => *line == line_of(n - 1),
        Verdict::Wrong {
            reason: Reason::IllegalRoute {
                fault: RouteFault::NoMoves,
            },
            ..
        } => n == 1,
        _ => false,
    };
    prop_assert!(ends, "{:?}", verdict);

    // Another name.
    let answer = answer_with(maze, Some(&good));
    let nothing = verdict_of(maze, &answer_with(maze, None), Layout::Strict).verdict;
    prop_assert!(
        matches!(nothing, Verdict::Wrong { reason: Reason::SaysNoSolution { shortest }, line: Some(2) } if shortest == n),
        "{:?}",
        nothing
    );
    let renamed = answer.replacen(maze.name(), &format!("{}x", maze.name()), 1);
    let verdict = verdict_of(maze, &renamed, Layout::Strict).verdict;
    prop_assert!(
        matches!(
            verdict,
            Verdict::Wrong {
                reason: Reason::WrongName { .. },
                line: Some(1)
            }
        ),
        "{:?}",
        verdict
    );

    // Layout only: a separator removed, and the route re-wrapped. Strict
    // rejects it at that line; lenient accepts it with a warning there.
    let mut lines: Vec<String> = answer.lines().map(String::from).collect();
    let separator = maze.family().route_layout().separator;
    let second = lines[1].find(")").map(|end| end + 1);
    if let Some(at) = second.filter(|&at| lines[1][at..].starts_with(separator)) {
        lines[1].replace_range(at..at + separator.len(), "");
        let joined = lines.join("\n") + "\n";
        layout_only(maze, &joined, 2, n)?;
    }
    if n + 1 > per_line {
        let mut rewrapped = format!("{}\n", maze.name());
        let shorter: Vec<String> = good
            .chunks(per_line - 1)
            .map(|chunk| {
                let items: Vec<String> = chunk.iter().map(|p| p.to_string()).collect();
                format!("  {}", items.join(separator))
            })
            .collect();
        let last = shorter.len() - 1;
        for (k, line) in shorter.iter().enumerate() {
            let comma = if k < last && maze.family().route_layout().comma_at_line_end {
                ","
            } else {
                ""
            };
            rewrapped.push_str(&format!("{line}{comma}\n"));
        }
        layout_only(maze, &rewrapped, 2, n)?;
    }
    Ok(())
}

/// `answer` differs from the judges' layout first at `line`: strict
/// rejects it there as a presentation error, lenient accepts its `moves`
/// with a warning there.
fn layout_only(maze: &Maze, answer: &str, line: usize, moves: usize) -> Result<(), TestCaseError> {
    let strict = verdict_of(maze, answer, verify::Layout::Strict);
    let presentation = matches!(&strict.verdict, verify::Verdict::Wrong { reason, line: Some(at) } if reason.is_presentation() && *at == line);
    prop_assert!(presentation, "{}{:?}", answer, strict);
    let lenient = verdict_of(maze, answer, verify::Layout::Lenient);
    prop_assert_eq!(
        lenient.verdict,
        verify::Verdict::Accepted { moves: Some(moves) },
        "{}",
        answer
    );
    prop_assert_eq!(lenient.warnings.first().map(|w| w.line), Some(line));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn verify_accepts_every_shortest_arrow_route(spec in arrow_spec()) {
        verify_accepts_every_shortest_route(&spec)?;
    }

    #[test]
    fn verify_accepts_every_shortest_dice_route(spec in dice_spec()) {
        verify_accepts_every_shortest_route(&spec)?;
    }

    #[test]
    fn verify_accepts_every_shortest_minotaur_route(spec in minotaur_spec()) {
        verify_accepts_every_shortest_route(&spec)?;
    }

    /// A wait put in, or a turn left out, makes a route of Theseus's
    /// wrong: longer, or broken by the rules, or never out.
    #[test]
    fn verify_rejects_changed_minotaur_answers(seed: u64, rows in 2u32..13, cols in 2u32..13, pick in 0usize..1000) {
        let maze = Maze::from(logicmaze::family::minotaur::random_maze(seed, rows, cols));
        if let Some(route) = maze.solve() {
            let good = route.positions().to_vec();
            let i = pick % good.len();
            let mut waited = good.clone();
            waited.insert(i, good[i]);
            let mut skipped = good.clone();
            skipped.remove(i);
            for changed in [waited, skipped] {
                let verdict = verdict_of(&maze, &answer_with(&maze, Some(&changed)), verify::Layout::Strict).verdict;
                prop_assert!(matches!(verdict, verify::Verdict::Wrong { .. }), "{:?}: {:?}", changed, verdict);
            }
        }
    }

    #[test]
    fn verify_rejects_mutated_arrow_answers(seed: u64, rows in 2u32..13, cols in 2u32..13, pick in 0usize..1000) {
        verify_rejects_mutations(&Maze::from(logicmaze::family::arrow::random_maze(seed, rows, cols)), pick)?;
    }

    #[test]
    fn verify_rejects_mutated_dice_answers(seed: u64, rows in 2u32..13, cols in 2u32..13, pick in 0usize..1000) {
        verify_rejects_mutations(&Maze::from(logicmaze::family::dice::random_maze(seed, rows, cols)), pick)?;
    }

    /// Random dice mazes seldom have routes of several lines; generated
    /// ones do.
    #[test]
    fn verify_rejects_mutated_long_dice_answers(index in 0usize..12, pick in 0usize..1000) {
        verify_rejects_mutations(&long_dice_mazes()[index], pick)?;
    }
}

/// Twelve dice mazes with unique routes of 12 moves or more, made once.
fn long_dice_mazes() -> &'static [Maze] {
    static MAZES: std::sync::OnceLock<Vec<Maze>> = std::sync::OnceLock::new();
    MAZES.get_or_init(|| {
        let generator =
            logicmaze::family::Family::generator(&logicmaze::family::dice::Dice).unwrap();
        (0..12)
            .map(|seed| {
                let options = logicmaze::generate::GenerateOptions::new(6, 6)
                    .with_min_length(12)
                    .with_seed(seed);
                generator.generate(&options).unwrap().maze
            })
            .collect()
    })
}

/// The generator's quick count (a walk that stops at the goal's layer and
/// counts as it goes) gives exactly the census's shortest routes.
fn quick_count_agrees_with_census(spec: &impl Spec) -> Result<(), TestCaseError> {
    use logicmaze::search::{census, shortest_routes};
    let maze = parse_one(&spec.judge_text());
    if let Some(arrow) = maze.downcast_ref::<logicmaze::family::arrow::Maze>() {
        prop_assert_eq!(shortest_routes(arrow), census(arrow).shortest);
    }
    if let Some(dice) = maze.downcast_ref::<logicmaze::family::dice::Maze>() {
        prop_assert_eq!(shortest_routes(dice), census(dice).shortest);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn quick_arrow_count_agrees_with_census(spec in arrow_spec()) {
        quick_count_agrees_with_census(&spec)?;
    }

    #[test]
    fn quick_dice_count_agrees_with_census(spec in dice_spec()) {
        quick_count_agrees_with_census(&spec)?;
    }

    /// The same on the library's random mazes up to 12×12, whose goals
    /// are often reached one layer late as well.
    #[test]
    fn quick_count_agrees_with_census_on_larger_mazes(seed: u64, rows in 2u32..13, cols in 2u32..13) {
        use logicmaze::search::{census, shortest_routes};
        let arrow = logicmaze::family::arrow::random_maze(seed, rows, cols);
        prop_assert_eq!(shortest_routes(&arrow), census(&arrow).shortest);
        let dice = logicmaze::family::dice::random_maze(seed, rows, cols);
        prop_assert_eq!(shortest_routes(&dice), census(&dice).shortest);
        let minotaur = logicmaze::family::minotaur::random_maze(seed, rows, cols);
        prop_assert_eq!(shortest_routes(&minotaur), census(&minotaur).shortest);
    }
}

/// Every state's survey, by a plain reference: distances forward from the
/// first states and backward from the goals over every move the space
/// lists, a state on a shortest route where the two add up to the
/// shortest route's length.
fn survey_agrees_with_reference<S: logicmaze::search::StateSpace>(
    space: &S,
) -> Result<(), TestCaseError> {
    use logicmaze::search::StateId;
    let n = space.state_count();
    let mut moves: Vec<Vec<StateId>> = vec![Vec::new(); n];
    let mut from = vec![usize::MAX; n];
    let mut queue = VecDeque::new();
    space.first_states(|s| {
        if from[s as usize] == usize::MAX {
            from[s as usize] = 1;
            queue.push_back(s);
        }
    });
    while let Some(s) = queue.pop_front() {
        if space.is_goal(s) {
            continue;
        }
        space.successors(s, |_, t| {
            moves[s as usize].push(t);
            if from[t as usize] == usize::MAX {
                from[t as usize] = from[s as usize] + 1;
                queue.push_back(t);
            }
        });
    }
    let mut back: Vec<Vec<StateId>> = vec![Vec::new(); n];
    for (s, next) in moves.iter().enumerate() {
        for &t in next {
            back[t as usize].push(s as StateId);
        }
    }
    let mut to_goal = vec![usize::MAX; n];
    for s in 0..n {
        if from[s] != usize::MAX && space.is_goal(s as StateId) {
            to_goal[s] = 0;
            queue.push_back(s as StateId);
        }
    }
    while let Some(t) = queue.pop_front() {
        for &s in &back[t as usize] {
            if to_goal[s as usize] == usize::MAX {
                to_goal[s as usize] = to_goal[t as usize] + 1;
                queue.push_back(s);
            }
        }
    }
    let shortest = (0..n)
        .filter(|&s| from[s] != usize::MAX && space.is_goal(s as StateId))
        .map(|s| from[s])
        .min();
    let survey = logicmaze::search::survey(space);
    for s in 0..n {
        let id = s as StateId;
        let reached = from[s] != usize::MAX;
        prop_assert_eq!(survey.is_reached(id), reached, "state {} reached", s);
        prop_assert_eq!(
            survey.is_hopeful(id),
            reached && to_goal[s] != usize::MAX,
            "state {} hopeful",
            s
        );
        let on = reached && to_goal[s] != usize::MAX && Some(from[s] + to_goal[s]) == shortest;
        prop_assert_eq!(
            survey.is_on_shortest(id),
            on,
            "state {} on a shortest route",
            s
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The editor's survey (reached, hopeful, on a shortest route) agrees
    /// state by state with a plain reference, for every family's random
    /// mazes up to 8×8.
    #[test]
    fn survey_agrees_with_a_plain_reference(seed: u64, rows in 1u32..9, cols in 1u32..9) {
        survey_agrees_with_reference(&logicmaze::family::arrow::random_maze(seed, rows, cols))?;
        survey_agrees_with_reference(&logicmaze::family::dice::random_maze(seed, rows, cols))?;
        survey_agrees_with_reference(&logicmaze::family::minotaur::random_maze(seed, rows, cols))?;
    }
}
