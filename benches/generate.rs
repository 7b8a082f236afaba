//! The generator's targets: the time to generate a 20×20 arrow maze with a unique
//! shortest route of at least 100 moves, and a 10×10 dice maze of at least
//! 30 moves. Every iteration uses the next seed, so the figures are over
//! many different mazes, not one.

use std::cell::Cell;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use logicmaze::family::{FamilyMaze, arrow, dice};
use logicmaze::generate::GenerateOptions;

fn generate_over_seeds(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let seed = Cell::new(0u64);
    let next = || {
        seed.set(seed.get() + 1);
        seed.get()
    };
    group.bench_function("arrow 20x20, unique, >= 100 moves", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                let options = GenerateOptions::new(20, 20)
                    .with_min_length(100)
                    .with_seed(next());
                arrow::generate(&options).expect("a maze");
            }
            started.elapsed()
        })
    });
    group.bench_function("dice 10x10, unique, >= 30 moves", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                let options = GenerateOptions::new(10, 10)
                    .with_min_length(30)
                    .with_seed(next());
                dice::generate(&options).expect("a maze");
            }
            started.elapsed()
        })
    });
    group.finish();
}

/// What each candidate costs: the census (`check`'s engine) and the quick
/// count the generator runs (`search::shortest_routes`) against the plain
/// search on a random 20×20 arrow maze, in the same process.
fn candidate_cost(c: &mut Criterion) {
    let mut group = c.benchmark_group("candidate");
    let maze = logicmaze::family::arrow::random_maze(5, 20, 20);
    group.bench_function("arrow 20x20/search", |b| {
        b.iter(|| std::hint::black_box(&maze).search().reached)
    });
    group.bench_function("arrow 20x20/census", |b| {
        b.iter(|| logicmaze::search::census(std::hint::black_box(&maze)).reached)
    });
    group.bench_function("arrow 20x20/shortest routes", |b| {
        b.iter(|| logicmaze::search::shortest_routes(std::hint::black_box(&maze)).map(|s| s.count))
    });
    group.finish();
}

criterion_group!(benches, generate_over_seeds, candidate_cost);
criterion_main!(benches);
