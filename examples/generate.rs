//! Generates a hard 8×8 dice maze with exactly one shortest route and
//! prints it with its answer: `cargo run --example generate` (the same
//! seed gives the same maze).

use logicmaze::family::Families;
use logicmaze::generate::Difficulty;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dice = Families::BUILT_IN
        .named("dice")
        .ok_or("no family is called dice")?;
    let generator = dice.generator().ok_or("dice mazes are not generated")?;
    let options = generator.options(Difficulty::Hard, 8, 8).with_seed(7);
    let made = generator.generate(&options)?;
    println!("{}END", made.maze.to_text()?);
    eprint!("{}", made.maze.solution_text());
    Ok(())
}
