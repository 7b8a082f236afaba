//! The engine against an obviously-correct reference search written here,
//! from the rules in docs/rules.md, on random small mazes of both families; and
//! every route the engine returns is checked move by move against the rules.

use std::collections::{HashMap, HashSet, VecDeque};

use logicmaze::family::Parsed;
use logicmaze::text;
use logicmaze::{Position, Uniqueness, family::Maze, route::RouteFault, verify};
use proptest::prelude::*;

mod answers;
mod arrow;
mod counts;
mod dice;
mod minotaur;

use arrow::arrow_spec;
use dice::dice_spec;
use minotaur::minotaur_spec;

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

/// The square one step from `at` in direction `d`.
fn step(at: (i64, i64), d: usize) -> (i64, i64) {
    (at.0 + STEPS[d].0, at.1 + STEPS[d].1)
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
