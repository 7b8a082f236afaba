//! Times one maze file's search in process, apart from reading it: the
//! best of REPS searches on a rayon pool of THREADS threads (see
//! BENCHMARKS.md).
//!
//! ```text
//! cargo run --release --example search_time -- FILE [THREADS] [REPS]
//! ```
//! Prints the seconds spent reading the file, parsing its first maze, and
//! the fastest search, and how many states that search reached.

use std::time::{Duration, Instant};

use logicmaze::family::Parsed;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: search_time FILE [THREADS] [REPS]";
    let path = args.first().expect(usage);
    let number =
        |i: usize, default: usize| args.get(i).map_or(default, |a| a.parse().expect(usage));
    let (threads, reps) = (number(1, 2), number(2, 1).max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");

    let start = Instant::now();
    let text = std::fs::read(path).expect("a readable file");
    let read = start.elapsed();
    let start = Instant::now();
    let items = pool.install(|| logicmaze::batch::parse(&text, &Default::default()));
    let parse = start.elapsed();
    let Some(Parsed::Maze(maze)) = items.into_iter().next() else {
        panic!("the file's first item is not a maze");
    };

    let (mut best, mut reached) = (Duration::MAX, 0);
    for _ in 0..reps {
        let start = Instant::now();
        let found = pool.install(|| maze.search());
        best = best.min(start.elapsed());
        reached = found.reached;
    }
    println!(
        "read {:.3} s, parse {:.3} s, search {:.3} s (best of {reps} on {threads} threads), {reached} states reached",
        read.as_secs_f64(),
        parse.as_secs_f64(),
        best.as_secs_f64()
    );
}
