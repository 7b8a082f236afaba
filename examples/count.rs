//! Counts each maze's shortest routes, exactly, as a setter checks that a
//! maze has one answer: `cargo run --example count -- examples/ambiguous.in`.

use logicmaze::{Maze, Uniqueness};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("examples/ambiguous.in".into());
    let text = std::fs::read_to_string(path)?;
    for maze in Maze::parse_all(&text) {
        let maze = maze?;
        let found = maze.check();
        let saying = match found.verdict {
            Uniqueness::Unique => "one shortest route".to_string(),
            Uniqueness::Ambiguous => format!("{} shortest routes", found.routes),
            Uniqueness::Unsolvable => "no route".to_string(),
            // A verdict added to the library after this example.
            other => format!("{other:?}"),
        };
        let moves = found
            .moves
            .map_or(String::new(), |m| format!(" of {m} moves"));
        println!("{}: {saying}{moves}", maze.name());
    }
    Ok(())
}
