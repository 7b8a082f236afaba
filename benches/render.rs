//! Drawing a 100×100 maze with its route (target: under a second), next
//! to solving the same maze in the same process as the baseline.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use logicmaze::draw::{Detail, Fonts};
use logicmaze::family::{Maze, arrow, dice};
use logicmaze::render;

fn draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("render");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    // Seed 1 has a 119-move shortest route.
    let arrow = Maze::from(arrow::random_maze(1, 100, 100));
    let dice = Maze::from(dice::random_maze(1, 100, 100));
    for (name, maze) in [("arrow 100x100", &arrow), ("dice 100x100", &dice)] {
        group.bench_function(format!("{name}/solve (baseline)"), |b| {
            b.iter(|| black_box(maze).solve())
        });
        group.bench_function(format!("{name}/solve + SVG with route"), |b| {
            b.iter(|| render::svg(black_box(maze), maze.solve().as_ref()).len())
        });
    }
    // PNG output, as the CLI makes it: the compact SVG, rasterized.
    let fonts = Fonts::system();
    for (name, maze) in [("arrow 100x100", &arrow), ("dice 100x100", &dice)] {
        group.bench_function(format!("{name}/solve + PNG at scale 0.25"), |b| {
            b.iter(|| {
                let svg = render::svg_with(black_box(maze), maze.solve().as_ref(), Detail::Compact);
                logicmaze::draw::png(&svg, 0.25, &fonts).unwrap().len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, draw);
criterion_main!(benches);
