//! Criterion benchmarks for the four headline workloads, and route
//! counting (`census`, what `check` runs) against the plain search. Inputs are generated
//! deterministically from fixed seeds (see `logicmaze::random`).
//!
//! Each huge-maze benchmark runs the engine next to a baseline in the same
//! process: a straightforward breadth-first search over the very same state
//! space with a four-byte parent per state and a `VecDeque`, the way a
//! contest programmer would write it. BENCHMARKS.md reports the ratios.
//! These run in rayon's default pool (one thread per core), so the engine's
//! huge searches and long arrow mazes' reading are parallel; `threads`
//! compares one thread with two.

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use logicmaze::family::Parsed;
use logicmaze::family::{FamilyMaze, Maze, arrow, dice, minotaur};
use logicmaze::search::{self, StateId, StateSpace};
use logicmaze::text;

/// Judge text for `count` random mazes from `make(seed)`.
fn batch_text(count: u64, make: impl Fn(u64) -> Maze) -> Vec<u8> {
    let mut text = String::new();
    for seed in 0..count {
        text::write_maze(&mut text, &make(seed)).unwrap();
    }
    text.push_str("END\n");
    text.into_bytes()
}

/// Parses, solves and formats a whole input, as `logicmaze solve` does;
/// returns the output's length.
fn solve_text(text: &[u8]) -> usize {
    let mut output = String::new();
    for item in logicmaze::batch::parse(text, &Default::default()) {
        if let Parsed::Maze(maze) = item {
            text::write_solution(&mut output, &maze, maze.solve().as_ref());
        }
    }
    output.len()
}

/// The baseline: breadth-first search with a parent index per state.
/// Returns the number of moves in a shortest route (without the first).
fn parent_array_bfs(space: &impl StateSpace) -> Option<usize> {
    const UNSEEN: StateId = StateId::MAX;
    const ROOT: StateId = StateId::MAX - 1;
    let mut parent = vec![UNSEEN; space.state_count()];
    let mut queue = VecDeque::new();
    let mut goal = None;
    space.first_states(|s| {
        if parent[s as usize] == UNSEEN {
            parent[s as usize] = ROOT;
            queue.push_back(s);
            if space.is_goal(s) {
                goal = goal.or(Some(s));
            }
        }
    });
    while goal.is_none() {
        let Some(state) = queue.pop_front() else {
            break;
        };
        space.successors(state, |_, next| {
            if parent[next as usize] == UNSEEN {
                parent[next as usize] = state;
                queue.push_back(next);
                if goal.is_none() && space.is_goal(next) {
                    goal = Some(next);
                }
            }
        });
    }
    let mut state = goal?;
    let mut moves = 0;
    while parent[state as usize] != ROOT {
        state = parent[state as usize];
        moves += 1;
    }
    Some(moves)
}

/// The same search with the `pathfinding` crate's `bfs`, the crate a Rust
/// user would pick: nodes are `None` (the origin) or `Some(state)`, over
/// the very same successor functions. Returns the route's moves.
fn pathfinding_bfs(space: &impl StateSpace) -> Option<usize> {
    let successors = |node: &Option<StateId>| {
        let mut next = Vec::new();
        match *node {
            None => space.first_states(|s| next.push(Some(s))),
            Some(s) if !space.is_goal(s) => space.successors(s, |_, t| next.push(Some(t))),
            Some(_) => {}
        }
        next
    };
    let success = |node: &Option<StateId>| node.is_some_and(|s| space.is_goal(s));
    pathfinding::prelude::bfs(&None, successors, success).map(|path| path.len() - 1)
}

/// Our engine against `pathfinding`'s `bfs` on the 1000×1000 dice
/// maze, in the same process.
fn against_pathfinding(c: &mut Criterion) {
    let mut group = c.benchmark_group("pathfinding");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30))
        .warm_up_time(Duration::from_secs(1));
    let dice = dice::exhaustive_maze(1, 1000, 1000);
    group.bench_function("dice 1000x1000 exhaustive/engine", |b| {
        b.iter(|| black_box(&dice).search().reached)
    });
    group.bench_function("dice 1000x1000 exhaustive/pathfinding::bfs", |b| {
        b.iter(|| pathfinding_bfs(black_box(&dice)))
    });
    group.finish();
}

fn batches(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch");
    group.sample_size(20);
    group.throughput(Throughput::Elements(10_000));
    let arrow = batch_text(10_000, |seed| Maze::from(arrow::random_maze(seed, 9, 9)));
    group.bench_function("arrow 9x9 x10000 (parse+solve+format)", |b| {
        b.iter(|| solve_text(black_box(&arrow)))
    });
    let dice = batch_text(10_000, |seed| Maze::from(dice::random_maze(seed, 10, 10)));
    group.bench_function("dice 10x10 x10000 (parse+solve+format)", |b| {
        b.iter(|| solve_text(black_box(&dice)))
    });
    group.finish();
}

fn huge(c: &mut Criterion) {
    let mut group = c.benchmark_group("huge");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20))
        .warm_up_time(Duration::from_secs(2));

    let dice = dice::exhaustive_maze(1, 1000, 1000);
    group.bench_function("dice 1000x1000 exhaustive/engine", |b| {
        b.iter(|| black_box(&dice).search().reached)
    });
    group.bench_function("dice 1000x1000 exhaustive/parent-array BFS", |b| {
        b.iter(|| parent_array_bfs(black_box(&dice)))
    });
    group.bench_function("dice 1000x1000 exhaustive/census (check)", |b| {
        b.iter(|| search::census(black_box(&dice)).reached)
    });
    drop(dice);

    let arrow = arrow::exhaustive_maze(1, 2000, 2000);
    group.bench_function("arrow 2000x2000 exhaustive/engine", |b| {
        b.iter(|| black_box(&arrow).search().reached)
    });
    group.bench_function("arrow 2000x2000 exhaustive/parent-array BFS", |b| {
        b.iter(|| parent_array_bfs(black_box(&arrow)))
    });
    let text = batch_text(1, |_| Maze::from(arrow.clone()));
    drop(arrow);
    group.bench_function("arrow 2000x2000 exhaustive/parse+solve from text", |b| {
        b.iter(|| solve_text(black_box(&text)))
    });
    group.finish();
}

/// The plain search a contest programmer would write for Theseus and the
/// Minotaur: breadth-first over (Theseus, Minotaur) pairs, with a hash set
/// of the pairs seen and a hash map of parents to rebuild the route, the
/// rules written out from the maze's walls. Returns the route's turns.
fn plain_minotaur_bfs(maze: &minotaur::MinotaurMaze) -> Option<usize> {
    use logicmaze::{Direction, Position};
    use std::collections::{HashMap, HashSet};
    type Pair = (Position, Position);
    let step = |at: Position, d: Direction| at.stepped(d).filter(|_| !maze.wall(at, d));
    let chase = |m: Position, t: Position| {
        let across = match t.col.cmp(&m.col) {
            std::cmp::Ordering::Greater => Some(Direction::East),
            std::cmp::Ordering::Less => Some(Direction::West),
            std::cmp::Ordering::Equal => None,
        };
        let along = match t.row.cmp(&m.row) {
            std::cmp::Ordering::Greater => Some(Direction::South),
            std::cmp::Ordering::Less => Some(Direction::North),
            std::cmp::Ordering::Equal => None,
        };
        [across, along]
            .into_iter()
            .flatten()
            .find_map(|d| step(m, d))
            .unwrap_or(m)
    };
    let turns = |(t, m): Pair| {
        let moves = Direction::ALL
            .into_iter()
            .map(move |d| step(t, d))
            .chain([Some(t)]);
        moves.flatten().filter_map(move |to: Position| {
            if to == m {
                return None;
            }
            if to == maze.exit() {
                return Some((to, m));
            }
            let first = chase(m, to);
            let second = chase(first, to);
            (first != to && second != to).then_some((to, second))
        })
    };
    let start = (maze.theseus(), maze.minotaur());
    let mut seen = HashSet::new();
    let mut parent: HashMap<Pair, Pair> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        for next in turns(state).collect::<Vec<_>>() {
            if !seen.insert(next) {
                continue;
            }
            parent.insert(next, state);
            if next.0 == maze.exit() {
                let mut length = 0;
                let mut at = next;
                while at != start {
                    at = parent[&at];
                    length += 1;
                }
                return Some(length);
            }
            queue.push_back(next);
        }
    }
    None
}

/// Theseus and the Minotaur on a 60×60 grid (13 million states): a maze
/// with an escape of 104 turns, and one whose exit is walled off, so that
/// every state Theseus can reach (1.46 million) is searched; the engine
/// against the plain search above, in the same process.
fn minotaur_60(c: &mut Criterion) {
    use logicmaze::Direction;
    let mut group = c.benchmark_group("minotaur");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let escape = minotaur::random_maze(2, 60, 60);
    let mut walled = minotaur::random_maze(5, 60, 60);
    let exit = walled.exit();
    for side in Direction::ALL {
        let _ = walled.set_wall(exit, side, true);
    }
    assert_eq!(
        escape.solve().map(|r| r.moves()),
        plain_minotaur_bfs(&escape)
    );
    assert_eq!(walled.solve(), None);
    for (name, maze) in [("escape of 104 turns", &escape), ("walled exit", &walled)] {
        group.bench_function(format!("60x60 {name}/engine"), |b| {
            b.iter(|| black_box(maze).search().reached)
        });
        group.bench_function(format!("60x60 {name}/plain BFS, hash set"), |b| {
            b.iter(|| plain_minotaur_bfs(black_box(maze)))
        });
    }
    group.finish();
}

/// The layered walk on one thread against two, in the same process: a
/// census of 2^20 states or more (what `check` runs) uses every thread of
/// the rayon pool it runs in. (The dice search walks cells on one thread,
/// and the arrow search keeps to one thread: see BENCHMARKS.md.)
fn threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15))
        .warm_up_time(Duration::from_secs(2));
    let pools = [1, 2].map(|threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads);
        (threads, pool.build().expect("a thread pool"))
    });
    let dice = dice::exhaustive_maze(1, 1000, 1000);
    for (threads, pool) in &pools {
        let name = format!("dice 1000x1000 exhaustive/census, {threads} thread(s)");
        group.bench_function(name, |b| {
            b.iter(|| pool.install(|| search::census(black_box(&dice)).reached))
        });
    }
    let arrow = Maze::from(arrow::exhaustive_maze(1, 2000, 2000));
    // Reading a long arrow maze: runs of intersection lines are parsed on
    // every thread of the pool.
    let text = batch_text(1, |_| arrow.clone());
    drop((dice, arrow));
    for (threads, pool) in &pools {
        let name = format!("arrow 2000x2000 exhaustive/parse only, {threads} thread(s)");
        group.bench_function(name, |b| {
            b.iter(|| {
                pool.install(|| {
                    logicmaze::batch::parse(black_box(&text), &Default::default()).len()
                })
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    batches,
    huge,
    against_pathfinding,
    threads,
    minotaur_60
);
criterion_main!(benches);
