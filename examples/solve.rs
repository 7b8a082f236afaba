//! Solves every maze of a file and prints the judges' answers:
//! `cargo run --example solve -- examples/dice.in` (the arrow sample
//! without a file).

use logicmaze::Maze;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("examples/arrow.in".into());
    let text = std::fs::read_to_string(path)?;
    for maze in Maze::parse_all(&text) {
        match maze {
            Ok(maze) => print!("{}", maze.solution_text()),
            Err(error) => eprintln!("{error}"),
        }
    }
    Ok(())
}
