//! The generator's quick count and every state's survey against the
//! census and a plain reference.

use super::*;

/// The generator's quick count (a walk that stops at the goal's layer and
/// counts as it goes) gives exactly the census's shortest routes.
fn quick_count_agrees_with_census(spec: &impl Spec) -> Result<(), TestCaseError> {
    use logicmaze::search::{census, shortest_routes};
    let maze = parse_one(&spec.judge_text());
    if let Some(arrow) = maze.downcast_ref::<logicmaze::family::arrow::ArrowMaze>() {
        prop_assert_eq!(shortest_routes(arrow), census(arrow).shortest);
    }
    if let Some(dice) = maze.downcast_ref::<logicmaze::family::dice::DiceMaze>() {
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
