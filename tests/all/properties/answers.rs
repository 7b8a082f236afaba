//! `verify` against every shortest route enumerated, and against answers
//! mutated one way at a time.

use super::*;

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
