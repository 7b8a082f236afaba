//! A route played turn by turn: Theseus's squares checked against the
//! rules, the first fault told in the game's words, and the Minotaur's
//! squares along the route.

use super::turns::Blocked;
use super::{MinotaurMaze, WAIT};
use crate::grid::{Direction, Position};
use crate::route::{Forbidden, Route, RouteFault};

impl MinotaurMaze {
    /// The Minotaur's squares along Theseus's `route`, from its start: one
    /// per turn, where it stands after the turn.
    pub fn minotaur_route(&self, route: &Route) -> Route {
        self.chased(route)
            .into_iter()
            .map(|[_, second]| second)
            .collect()
    }

    /// The Minotaur's squares along Theseus's `route`, step by step: where
    /// it starts, then after each of its steps (two a turn, none after the
    /// escape), so that a drawing can follow it square by square.
    pub fn minotaur_steps(&self, route: &Route) -> Route {
        let mut steps = vec![self.minotaur];
        for [first, second] in self.chased(route).into_iter().skip(1) {
            steps.extend([first, second]);
        }
        steps.dedup();
        steps.into_iter().collect()
    }

    /// The Minotaur's two steps of each turn of `route` (its start twice
    /// first), up to the escape or the first turn the rules refuse.
    fn chased(&self, route: &Route) -> Vec<[Position; 2]> {
        let at = |cell| {
            self.grid
                .position(cell)
                .expect("the Minotaur stands on a square")
        };
        let mut minotaur = self.cells.minotaur;
        let mut chased = vec![[self.minotaur; 2]];
        for pair in route.positions().windows(2) {
            let Some(from) = self.grid.cell(pair[0]) else {
                break;
            };
            let choice = pair[0].direction_to(pair[1]).map_or(WAIT, Direction::index);
            let Ok(turned) = self.turn(from, minotaur, choice) else {
                break;
            };
            let first = self.step(minotaur, turned.steps[0]);
            chased.push([at(first), at(turned.minotaur)]);
            minotaur = turned.minotaur;
        }
        chased
    }

    /// [`FamilyMaze::replay`](crate::family::FamilyMaze::replay) of this
    /// maze: Theseus's squares turn by turn, and the first fault.
    pub(super) fn replay_turns(
        &self,
        route: &mut dyn Iterator<Item = Position>,
    ) -> Result<usize, RouteFault> {
        let first = route.next().ok_or(RouteFault::Empty)?;
        if first != self.theseus {
            return Err(RouteFault::Start {
                expected: self.theseus,
                found: first,
                called: "Theseus's square",
            });
        }
        let (mut from, mut minotaur, mut turns) = (first, self.cells.minotaur, 0);
        while let Some(to) = route.next() {
            turns += 1;
            let number = turns;
            let fault = |why: Forbidden| RouteFault::Move {
                number,
                from,
                to,
                why,
            };
            let choice = match (from == to, from.direction_to(to)) {
                (true, _) => WAIT,
                (false, Some(direction)) => direction.index(),
                (false, None) => {
                    return Err(fault(Forbidden::new(format!("{to} is not next to {from}"))));
                }
            };
            let cell = self
                .grid
                .cell(from)
                .expect("every square so far was checked");
            let turned = self.turn(cell, minotaur, choice).map_err(|blocked| {
                fault(Forbidden::new(
                    self.blocked(blocked, from, to, minotaur, choice),
                ))
            })?;
            if turned.to == self.cells.exit {
                if route.next().is_some() {
                    return Err(RouteFault::GoesOn {
                        number,
                        at: self.exit,
                        called: "the exit",
                    });
                }
                return Ok(turns);
            }
            (from, minotaur) = (to, turned.minotaur);
        }
        Err(match turns {
            0 => RouteFault::NoMoves,
            _ => RouteFault::End {
                at: from,
                goal: self.exit,
                called: "the exit",
            },
        })
    }

    /// Why a turn is refused, in the game's words.
    fn blocked(
        &self,
        blocked: Blocked,
        from: Position,
        to: Position,
        minotaur: usize,
        choice: usize,
    ) -> String {
        let minotaur = self
            .grid
            .position(minotaur)
            .expect("the Minotaur is on a square");
        match (blocked, choice) {
            (Blocked::Wall, _) => {
                let side = Direction::from_index(choice).name();
                format!("Theseus steps {side} into a wall")
            }
            (Blocked::OntoMinotaur, _) => format!("Theseus steps onto the Minotaur at {to}"),
            (Blocked::Eaten, WAIT) => {
                format!("Theseus waits, and the Minotaur reaches him at {from}")
            }
            (Blocked::Eaten, _) => {
                format!("the Minotaur, from {minotaur}, reaches Theseus at {to}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::FamilyMaze;

    #[test]
    fn the_minotaur_follows_the_route() {
        let p = Position::new;
        // Theseus at (1,1), the Minotaur at (1,3) of an open 3×3 grid.
        let maze =
            MinotaurMaze::new("open", 3, 3, [p(1, 1), p(1, 3), p(3, 1)], Direction::West).unwrap();
        let route = maze.solve().unwrap();
        assert_eq!(route.to_string(), "(1,1) (2,1) (3,1)");
        // After the first turn he stands beside Theseus, two steps west;
        // Theseus escapes before he moves again.
        assert_eq!(maze.minotaur_route(&route).to_string(), "(1,3) (1,1) (1,1)");
    }
}
