//! What `check` reports about a maze: whether its shortest route is unique,
//! and what a designer could prune.

use serde::{Deserialize, Serialize};

use crate::grid::{Direction, Position};
use crate::route::Route;
use crate::search::{Census, Shortest, StateId, Survey};

/// Whether a maze has exactly one shortest route.
///
/// ```
/// use logicmaze::Uniqueness;
/// assert_eq!(serde_json::to_string(&Uniqueness::Ambiguous).unwrap(), "\"ambiguous\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Uniqueness {
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
/// use logicmaze::{Maze, Uniqueness};
/// let input = std::fs::read_to_string("examples/arrow.in")?;
/// // The file's first maze.
/// let maze = Maze::parse_all(&input).next().unwrap()?;
/// let analysis = maze.analyse();
/// assert_eq!(analysis.verdict, Uniqueness::Unique);
/// assert_eq!((analysis.moves, analysis.routes), (Some(14), 1));
/// // In JSON, as `check --format json` writes it, and back.
/// let json = serde_json::to_string(&analysis).unwrap();
/// assert!(json.starts_with(r#"{"verdict":"unique","moves":14,"routes":1,"#));
/// assert_eq!(serde_json::from_str::<logicmaze::Analysis>(&json).unwrap(), analysis);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// Unique, ambiguous or unsolvable.
    pub verdict: Uniqueness,
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
    /// The parts of the maze that no walk from the start uses, as its
    /// family counts them ([`Words::unused`](crate::family::Words::unused)),
    /// under the family's own key in JSON.
    #[serde(flatten)]
    pub unused: Option<Unused>,
}

/// What a designer sees marked on the board beside what no walk uses
/// (`logicmaze edit`'s proof): the parts reached from which the goal is
/// lost, and the parts reached that no shortest route passes (for a family
/// whose editor marks them), each in row-major order: what a family's
/// maze gives the editor (with the feature `edit`, `EditMaze::marked`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Marked {
    /// Parts reached from none of whose states reached the goal can be
    /// reached: a walk there is lost.
    pub dead_ends: Vec<Part>,
    /// Parts reached that no shortest route passes.
    pub off_route: Vec<Part>,
}

impl Marked {
    /// The marks of a search of `states` states that `survey` surveyed,
    /// each state standing on the part `part_of` says (none: no mark shows
    /// it); the parts off every shortest route only if `off_route`.
    pub fn of(
        survey: &Survey,
        states: usize,
        part_of: impl Fn(StateId) -> Option<Part>,
        off_route: bool,
    ) -> Marked {
        // Per part, in order: whether any of its reached states is
        // hopeful, and whether any lies on a shortest route.
        let mut parts: std::collections::BTreeMap<Part, (bool, bool)> = Default::default();
        for state in (0..states as StateId).filter(|&s| survey.is_reached(s)) {
            if let Some(part) = part_of(state) {
                let seen = parts.entry(part).or_default();
                seen.0 |= survey.is_hopeful(state);
                seen.1 |= survey.is_on_shortest(state);
            }
        }
        let kept = |keep: fn(bool, bool) -> bool| -> Vec<Part> {
            (parts.iter())
                .filter(|&(_, &(hopeful, on))| keep(hopeful, on))
                .map(|(&part, _)| part)
                .collect()
        };
        // Without a route no state is hopeful: nothing is off it.
        Marked {
            dead_ends: kept(|hopeful, _| !hopeful),
            off_route: match off_route {
                true => kept(|hopeful, on| hopeful && !on),
                false => Vec::new(),
            },
        }
    }
}

/// Parts of a maze that no walk from the start uses: what a designer could
/// prune. In JSON, one key (`unread_signs`, `unreached_squares`) whose
/// value is the list of parts.
///
/// ```
/// use logicmaze::{Direction, Part, Position, Unused};
/// let unused = Unused {
///     key: "unread_signs".into(),
///     parts: vec![Part::approach(Position::new(1, 2), Direction::North)],
/// };
/// let json = serde_json::to_string(&unused).unwrap();
/// assert_eq!(json, r#"{"unread_signs":[{"at":[1,2],"arriving":"N"}]}"#);
/// assert_eq!(serde_json::from_str::<Unused>(&json).unwrap(), unused);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unused {
    /// The key in JSON.
    pub key: String,
    /// The parts, in row-major order.
    pub parts: Vec<Part>,
}

/// A part of a maze: a cell, or a cell's approach from one direction (a
/// sign read on arrival). In JSON a cell is its position, `[1,2]`, and an approach
/// `{"at":[1,2],"arriving":"N"}`; in text `(1,2)` and `(1,2) N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Part {
    /// A cell.
    Cell(Position),
    /// A cell, approached travelling `arriving`.
    Approach {
        /// The cell.
        at: Position,
        /// The direction of travel on arrival.
        arriving: Direction,
    },
}

impl Part {
    /// The approach to `at` travelling `arriving`.
    pub fn approach(at: Position, arriving: Direction) -> Part {
        Part::Approach { at, arriving }
    }
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Part::Cell(at) => write!(f, "{at}"),
            Part::Approach { at, arriving } => write!(f, "{at} {arriving}"),
        }
    }
}

/// One key: the list of parts.
impl Serialize for Unused {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(&self.key, &self.parts)?;
        map.end()
    }
}

/// The first key whose value is a list of parts (others are passed over,
/// as the fields of a flattened [`Analysis`] are).
impl<'de> Deserialize<'de> for Unused {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Unused, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Unused;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a key whose value is a list of maze parts")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Unused, A::Error> {
                let mut found = None;
                while let Some(key) = map.next_key::<String>()? {
                    let value: serde_json::Value = map.next_value()?;
                    if found.is_none() {
                        if let Ok(parts) = serde_json::from_value::<Vec<Part>>(value) {
                            found = Some(Unused { key, parts });
                        }
                    }
                }
                found.ok_or_else(|| serde::de::Error::custom("no list of maze parts"))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

impl Analysis {
    /// The family-independent part of an analysis, from a census and a way
    /// to turn route states into a [`Route`]; a family adds what no route
    /// uses ([`Analysis::unused`]).
    pub fn from_census(census: &Census, route_of: impl Fn(&[StateId]) -> Route) -> Analysis {
        let shortest = census.shortest.as_ref();
        let ShortestRoutes {
            verdict,
            moves,
            routes,
            route,
            alternative,
            split,
        } = ShortestRoutes::new(shortest, route_of);
        Analysis {
            verdict,
            moves,
            routes,
            routes_saturated: shortest.is_some_and(|s| s.saturated),
            route,
            alternative,
            split,
            reached_states: census.reached,
            dead_end_states: census.doomed,
            unused: None,
        }
    }
}

/// The shortest routes alone, without the rest of an [`Analysis`]: what
/// the generator decides by, for a fraction of the cost (the search stops
/// at the goal's layer; nothing beyond it is explored or counted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortestRoutes {
    /// Unique, ambiguous or unsolvable.
    pub verdict: Uniqueness,
    /// Moves in a shortest route, if there is one.
    pub moves: Option<usize>,
    /// How many distinct shortest routes there are (saturating).
    pub routes: u64,
    /// A shortest route (the one `solve` prints).
    pub route: Option<Route>,
    /// A second shortest route, when there are several.
    pub alternative: Option<Route>,
    /// The index of the first position where the two routes differ.
    pub split: Option<usize>,
}

impl ShortestRoutes {
    /// From the engine's count of shortest routes and a way to turn route
    /// states into a [`Route`].
    pub fn new(
        shortest: Option<&Shortest>,
        route_of: impl Fn(&[StateId]) -> Route,
    ) -> ShortestRoutes {
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
        ShortestRoutes {
            verdict: match routes {
                0 => Uniqueness::Unsolvable,
                1 => Uniqueness::Unique,
                _ => Uniqueness::Ambiguous,
            },
            moves: route.as_ref().map(Route::moves),
            routes,
            route,
            alternative,
            split,
        }
    }
}
