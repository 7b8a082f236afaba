//! What contest cases and `stress`'s runs share (the features `contest`
//! and `stress`): random mazes drawn again until one has a route, and a
//! maze's text under a name of the caller's.

use super::FamilyMaze;

/// The first of up to `draws` mazes that `draw` makes for which
/// `has_route` holds, or the first made when none does: random mazes
/// mostly have no route, which a solution finds out at once. Draws stop
/// at the first with a route, so the same draws give the same maze.
pub fn preferring_a_route<M>(
    draws: u32,
    mut draw: impl FnMut() -> M,
    has_route: impl Fn(&M) -> bool,
) -> M {
    let first = draw();
    if has_route(&first) {
        return first;
    }
    (1..draws)
        .map(|_| draw())
        .find(|maze| has_route(maze))
        .unwrap_or(first)
}

/// `maze` in the judges' format under the name `name`, without `END`.
pub fn judges_text(name: &str, maze: &(impl FamilyMaze + ?Sized)) -> String {
    let mut out = format!("{name}\n");
    maze.write_text(&mut out);
    out
}
