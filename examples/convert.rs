//! Converts mazes between the judges' format and JSON, whichever the file
//! is in: `cargo run --example convert -- examples/dice.in` writes JSON
//! Lines; given JSON, it writes the judges' format.

use logicmaze::Maze;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or("examples/dice.in".into());
    let text = std::fs::read_to_string(path)?;
    let to_json = !text.trim_start().starts_with('{');
    for maze in Maze::parse_all(&text) {
        let maze = maze?;
        match to_json {
            true => println!("{}", maze.to_json()),
            false => print!("{}", maze.to_text()?),
        }
    }
    if !to_json {
        println!("END");
    }
    Ok(())
}
