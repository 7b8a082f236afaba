//! What `check` reports about a maze: whether its shortest route is unique,
//! and what a designer could prune.

use serde::{Deserialize, Serialize};

use crate::grid::{Direction, Position};
use crate::route::Route;
use crate::search::{Census, StateId};

/// Whether a maze has exactly one shortest route.
///
/// ```
/// use logicmaze::Verdict;
/// assert_eq!(serde_json::to_string(&Verdict::Ambiguous).unwrap(), "\"ambiguous\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Exactly one shortest route.
    Unique,
    /// Two or more shortest routes.
    Ambiguous,
    /// No route at all.
    Unsolvable,
}

/// A maze's analysis: its shortest routes, how many there are, and which
/// parts of it no route uses.
///
/// ```
/// use logicmaze::judge::{parse, Parsed};
/// use logicmaze::Verdict;
/// let input = std::fs::read("examples/arrow.in")?;
/// let Parsed::Maze(maze) = parse(&input, None).remove(0) else { panic!() };
/// let analysis = maze.analyse();
/// assert_eq!(analysis.verdict, Verdict::Unique);
/// assert_eq!((analysis.moves, analysis.routes), (Some(14), 1));
/// // In JSON, as `check --format json` writes it, and back.
/// let json = serde_json::to_string(&analysis).unwrap();
/// assert!(json.starts_with(r#"{"verdict":"unique","moves":14,"routes":1,"#));
/// assert_eq!(serde_json::from_str::<logicmaze::Analysis>(&json).unwrap(), analysis);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// Unique, ambiguous or unsolvable.
    pub verdict: Verdict,
    /// Moves in a shortest route, if there is one.
    pub moves: Option<usize>,
    /// How many distinct shortest routes there are (0 when unsolvable).
    pub routes: u64,
    /// Whether `routes` hit `u64::MAX`: there are at least that many.
    pub routes_saturated: bool,
    /// A shortest route (the one `solve` prints).
    pub route: Option<Route>,
    /// A second shortest route, when the maze is ambiguous.
    pub alternative: Option<Route>,
    /// Where the two routes first differ: the index, in positions from the
    /// start, of the first position that is not the same in both.
    pub split: Option<usize>,
    /// Search states reachable from the start.
    pub reached_states: usize,
    /// Reachable states from which the goal cannot be reached.
    pub dead_end_states: usize,
    /// Arrow mazes: signs never read on any walk from the entrance, as the
    /// intersection and the approach direction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unread_signs: Option<Vec<UnreadSign>>,
    /// Dice mazes: squares the die can never stand on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreached_squares: Option<Vec<Position>>,
}

/// A sign that no walk from the entrance ever reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnreadSign {
    /// The intersection.
    pub at: Position,
    /// The approach direction the sign is for.
    pub arriving: Direction,
}

impl Analysis {
    /// The family-independent part of an analysis, from a census and a way
    /// to turn route states into a [`Route`].
    pub(crate) fn from_census(census: &Census, route_of: impl Fn(&[StateId]) -> Route) -> Analysis {
        let shortest = census.shortest.as_ref();
        let route = shortest.map(|s| route_of(&s.route));
        let alternative = shortest
            .and_then(|s| s.alternative.as_deref())
            .map(&route_of);
        let split = route.as_ref().zip(alternative.as_ref()).map(|(a, b)| {
            let (a, b) = (a.positions(), b.positions());
            (0..a.len().max(b.len()))
                .find(|&i| a.get(i) != b.get(i))
                .unwrap_or(a.len())
        });
        let routes = shortest.map_or(0, |s| s.count);
        Analysis {
            verdict: match routes {
                0 => Verdict::Unsolvable,
                1 => Verdict::Unique,
                _ => Verdict::Ambiguous,
            },
            moves: route.as_ref().map(Route::moves),
            routes,
            routes_saturated: shortest.is_some_and(|s| s.saturated),
            route,
            alternative,
            split,
            reached_states: census.reached,
            dead_end_states: census.doomed,
            unread_signs: None,
            unreached_squares: None,
        }
    }
}
