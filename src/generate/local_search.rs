//! The local search every family's generator runs: from a fresh draft,
//! one change at a time mostly on or next to the shortest route, each
//! candidate scored by its recounted routes and kept when it scores no
//! worse, until a draft meets the goal and has been polished.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::options::{Flow, GenerateOptions, SearchProgress};
use super::{Figure, GenerateError, Generated, Stats};
use crate::analysis::{Analysis, ShortestRoutes, Uniqueness};
use crate::grid::Position;
use crate::route::Route;
use crate::search::{Changed, Recount, Recounter};

/// A maze being shaped by the local search: a family's part of its
/// generator.
pub trait Candidate: Clone {
    /// The draft's shortest routes, counted by `counter` (what each
    /// candidate is scored by): the draft differs from the one whose count
    /// the counter kept last as `changed` says ([`Recount::Same`]: its
    /// routes are that draft's).
    fn recount(&self, counter: &mut Recounter, changed: Changed) -> Recount<ShortestRoutes>;

    /// The `check` engine's whole verdict on the draft, for the figures of
    /// the maze that comes out.
    fn analyse(&self) -> Analysis;

    /// Changes one sign or square, chosen mostly near `focus` (positions of
    /// the current shortest routes), and says which states' moves it may
    /// have changed.
    fn mutate(&mut self, rng: &mut ChaCha8Rng, focus: &[Position]) -> Changed;

    /// Decision points and revisits along `route`, and a penalty for what
    /// makes the maze dull.
    fn features(&self, route: &Route) -> Features;

    /// Whether a maze with a unique shortest route long enough, `route`
    /// with `features`, is done: by default it is, and a family may ask
    /// more of it.
    fn finished(&self, route: &Route, features: &Features) -> bool {
        let _ = (route, features);
        true
    }
}

/// What the score counts beyond length and uniqueness.
#[derive(Clone, Copy, Debug, Default)]
pub struct Features {
    /// Places on the route with two or more ways on.
    pub decision_points: usize,
    /// Moves that arrive where the route has been before.
    pub revisits: usize,
    /// What makes the maze dull, in score points.
    pub penalty: i64,
    /// A figure of the family's own, reported with the maze's stats.
    pub figure: Option<Figure>,
}

/// A draft with its analysis and score.
#[derive(Clone)]
struct Scored<D> {
    draft: D,
    analysis: ShortestRoutes,
    features: Features,
    score: i64,
}

impl<D: Candidate> Scored<D> {
    /// `draft`, scored by its `analysis` against what `options` ask.
    fn new(draft: D, analysis: ShortestRoutes, options: &GenerateOptions) -> Scored<D> {
        let features = analysis
            .route
            .as_ref()
            .map(|route| draft.features(route))
            .unwrap_or_default();
        let score = score(&analysis, &features, options);
        Scored {
            draft,
            analysis,
            features,
            score,
        }
    }

    fn moves(&self) -> usize {
        self.analysis.moves.unwrap_or(0)
    }

    fn is_done(&self, options: &GenerateOptions) -> bool {
        self.analysis.verdict == Uniqueness::Unique
            && self.moves() >= options.min_length
            && self.features.figure.map_or(0, |f| f.count) >= options.min_figure
            && (self.analysis.route.as_ref())
                .is_some_and(|r| self.draft.finished(r, &self.features))
    }
}

/// Higher is better. Length counts most until `min_length` is reached,
/// then a little; every doubling of the number of shortest routes costs
/// about as much as two moves; choices and revisits on the route count;
/// each of the family's figure short of `min_figure` costs as much as
/// four moves.
fn score(analysis: &ShortestRoutes, features: &Features, options: &GenerateOptions) -> i64 {
    let Some(moves) = analysis.moves else {
        return -1_000_000;
    };
    let figure = features.figure.map_or(0, |f| f.count);
    let missing = options.min_figure.saturating_sub(figure) as i64;
    let (moves, min_length) = (moves as i64, options.min_length as i64);
    let doublings = match analysis.routes {
        0 | 1 => 0,
        routes => 65 - i64::from(routes.leading_zeros()),
    };
    100 * moves.min(min_length) + 10 * (moves - min_length).max(0) - 250 * doublings
        + 15 * features.decision_points as i64
        + 10 * features.revisits as i64
        - features.penalty
        - 400 * missing
}

/// How much worse a change may score and still be kept at the start of an
/// attempt; this falls to nothing by the end of the attempt.
const TEMPERATURE: i64 = 300;

/// A change that opens a shortcut of at least this many moves is refused
/// without counting its routes (see [`Recounter::refusing_shortcuts`]):
/// its route is that much shorter, 400 points of length at least, where a
/// change worse by more than [`TEMPERATURE`] is never kept, and what its
/// new route gains in decision points and revisits has not made up for
/// that in any maze measured: refusing them leaves every generated maze
/// of `scripts/same-output.sh` as it was, and saves most of the cost of
/// trying them (a count walks everything nearer than the goal).
const REFUSED_SHORTCUT: u32 = 40;

/// The local search from `start` itself, every attempt starting from it
/// again (`logicmaze edit`'s Improve: [`Generator::improve`]).
///
/// # Errors
///
/// As [`search`]'s: it gives up, or its watcher stops it first.
///
/// [`Generator::improve`]: crate::family::Generator::improve
pub fn search_from<D: Candidate>(
    options: &GenerateOptions,
    start: D,
) -> Result<Generated<D>, GenerateError> {
    search(options, |_| start.clone()).map(|(maze, stats)| Generated { maze, stats })
}

/// The local search: from `fresh` drafts, keeps changes that score no
/// worse (and now and then one slightly worse, to leave plateaus), until a
/// draft meets the goal and has been polished.
///
/// # Errors
///
/// [`GenerateError::GaveUp`] when every attempt runs out of steps before
/// a draft meets the goal; [`GenerateError::Stopped`] when the watcher
/// ([`GenerateOptions::watch`]) stops the search before any draft has a unique
/// shortest route (stopped later, the search gives the best one found).
pub fn search<D: Candidate>(
    options: &GenerateOptions,
    mut fresh: impl FnMut(&mut ChaCha8Rng) -> D,
) -> Result<(D, Stats), GenerateError> {
    let mut rng = options.rng();
    let mut steps = 0u64;
    let mut longest = Longest::default();
    // Each candidate is one change from `current`: its routes are counted
    // from the layer the change can first matter, unless it opens a long
    // shortcut.
    let mut counter = Recounter::refusing_shortcuts(REFUSED_SHORTCUT);
    for _ in 0..options.attempts {
        let draft = fresh(&mut rng);
        let analysis = draft.recount(&mut counter, Changed::Everything);
        counter.keep();
        let analysis = analysis
            .counted()
            .expect("a count from scratch is neither the kept one nor refused");
        let mut current = Scored::new(draft, analysis, options);
        // Where changes go, for `current`: worked out when it changes.
        let mut near = focus(&current.analysis);
        let mut best: Option<(Scored<D>, u32)> = None;
        for step in 0..options.steps_per_attempt {
            longest.see(&current, best.is_none());
            let progress = SearchProgress {
                changes: steps,
                best_moves: longest.moves,
                finished: best.is_some(),
            };
            if options.watch.tell(&progress) == Flow::Stop {
                let kept = best.map(|(done, _)| done).or(longest.maze);
                return stopped(kept, steps);
            }
            steps += 1;
            let mut draft = current.draft.clone();
            let changed = draft.mutate(&mut rng, &near);
            let temperature = TEMPERATURE * (options.steps_per_attempt - step) as i64
                / options.steps_per_attempt as i64;
            let analysis = match draft.recount(&mut counter, changed) {
                Recount::Same => Some(current.analysis.clone()),
                Recount::Counted(analysis) => Some(analysis),
                Recount::Shorter { .. } => None,
            };
            let kept = match analysis.map(|a| Scored::new(draft, a, options)) {
                Some(candidate) => {
                    let worse_by = current.score - candidate.score;
                    let keep = worse_by <= 0 || rng.gen_range(0..=temperature) > worse_by;
                    keep.then_some(candidate)
                }
                // Refused as a change worse by more than the temperature
                // is, with the same random draw, so that the search goes
                // on as it would have had the change been counted.
                None => {
                    rng.gen_range(0..=temperature);
                    None
                }
            };
            match kept {
                Some(candidate) => {
                    current = candidate;
                    near = focus(&current.analysis);
                    counter.keep();
                }
                None => counter.discard(),
            }
            if current.is_done(options)
                && best.as_ref().is_none_or(|(b, _)| current.score > b.score)
            {
                let found_at = best.as_ref().map_or(step, |&(_, at)| at);
                best = Some((current.clone(), found_at));
            }
            if let Some((done, found_at)) = &best {
                if step >= found_at.saturating_add(options.polish_steps) {
                    return Ok(finish(done.clone(), steps));
                }
            }
        }
        longest.see(&current, best.is_none());
        if let Some((done, _)) = best {
            return Ok(finish(done, steps));
        }
    }
    Err(GenerateError::GaveUp {
        min_length: options.min_length,
        steps,
        best_moves: longest.moves,
    })
}

/// The longest unique shortest route a search has seen, and the maze of it
/// while none meets the goal (for a watcher that stops the search then).
struct Longest<D> {
    moves: usize,
    maze: Option<Scored<D>>,
}

impl<D> Default for Longest<D> {
    fn default() -> Self {
        Longest {
            moves: 0,
            maze: None,
        }
    }
}

impl<D: Candidate> Longest<D> {
    /// Notes `current`, keeping its maze if `keep` and it is the longest.
    fn see(&mut self, current: &Scored<D>, keep: bool) {
        if current.analysis.verdict == Uniqueness::Unique && current.moves() > self.moves {
            self.moves = current.moves();
            if keep {
                self.maze = Some(current.clone());
            }
        }
    }
}

/// The end of a search its watcher stopped after `steps` changes: the maze
/// `kept`, if there is one.
fn stopped<D: Candidate>(kept: Option<Scored<D>>, steps: u64) -> Result<(D, Stats), GenerateError> {
    let (draft, mut stats) = finish(kept.ok_or(GenerateError::Stopped { steps })?, steps);
    stats.stopped = true;
    Ok((draft, stats))
}

fn finish<D: Candidate>(done: Scored<D>, steps: u64) -> (D, Stats) {
    let whole = done.draft.analyse();
    let stats = Stats {
        moves: done.analysis.moves.unwrap_or(0),
        decision_points: done.features.decision_points,
        revisits: done.features.revisits,
        reached_states: whole.reached_states,
        doomed_states: whole.dead_end_states,
        steps,
        figure: done.features.figure,
        stopped: false,
    };
    (done.draft, stats)
}

/// Where changes help most: the shortest route, and where an alternative
/// shortest route leaves it.
fn focus(analysis: &ShortestRoutes) -> Vec<Position> {
    let mut focus: Vec<Position> = analysis
        .route
        .iter()
        .flat_map(|route| route.positions().iter().copied())
        .collect();
    if let (Some(alternative), Some(split)) = (&analysis.alternative, analysis.split) {
        let near = alternative
            .positions()
            .iter()
            .skip(split.saturating_sub(1))
            .take(3);
        focus.extend(near.clone());
        focus.extend(near);
    }
    focus
}

/// What each family's generator tests of its candidates.
#[cfg(test)]
pub(crate) mod checks {
    use super::*;
    use rand::SeedableRng;

    /// The shortcut a recounter refusing every shortcut finds in `next`,
    /// `changed` from `draft`.
    fn shortcut<D: Candidate>(draft: &D, next: &D, changed: Changed) -> Option<u32> {
        let mut probe = Recounter::refusing_shortcuts(1);
        draft.recount(&mut probe, Changed::Everything);
        probe.keep();
        match next.recount(&mut probe, changed) {
            Recount::Shorter { by } => Some(by),
            _ => None,
        }
    }

    /// After every change `mutate` makes to `draft` (kept or not, at
    /// random), the count the recounter goes on to is the count a fresh
    /// one makes: the states a family says a change touched are all it
    /// touched; and a shortcut found in a change shortens the route by at
    /// least what it says.
    pub(crate) fn assert_recounts_are_fresh<D: Candidate>(mut draft: D, seed: u64, changes: u32) {
        let fresh = |draft: &D| {
            let count = draft.recount(&mut Recounter::new(), Changed::Everything);
            count.counted().expect("a first count is counted")
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut counter = Recounter::new();
        let mut kept = fresh(&draft);
        draft.recount(&mut counter, Changed::Everything);
        counter.keep();
        for change in 0..changes {
            let focus = focus(&kept);
            let mut next = draft.clone();
            let changed = next.mutate(&mut rng, &focus);
            let shortcut = shortcut(&draft, &next, changed.clone());
            let counted = match next.recount(&mut counter, changed) {
                Recount::Counted(counted) => counted,
                _ => kept.clone(),
            };
            assert_eq!(counted, fresh(&next), "change {change}");
            if let Some(by) = shortcut {
                let (before, after) = (kept.moves.unwrap(), counted.moves);
                assert!(
                    after.is_some_and(|after| after + by as usize <= before),
                    "change {change}"
                );
            }
            if rng.gen_ratio(1, 3) {
                counter.keep();
                (draft, kept) = (next, counted);
            }
        }
    }
}
