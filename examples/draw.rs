//! Draws a maze with its shortest route as SVG:
//! `cargo run --example draw -- examples/dice.in > dice.svg` (the first
//! maze of the file; the arrow sample without a file).

use logicmaze::Maze;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("examples/arrow.in".into());
    let text = std::fs::read_to_string(path)?;
    let maze = Maze::parse_all(&text)
        .next()
        .ok_or("the file holds no maze")??;
    print!("{}", maze.to_svg(maze.solve().as_ref()));
    Ok(())
}
