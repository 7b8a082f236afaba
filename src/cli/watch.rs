//! The watch over `generate`: a time limit, Ctrl-C, and a progress bar on
//! a terminal for runs that take longer than a second.
//!
//! Each maze's search tells its [`Watch`](crate::generate::Watch) after
//! every change it tries; the watch adds it up here with atomics only, so
//! that mazes made in parallel never wait for each other, and a ticker
//! thread draws the sum. A stop (the time is up, or Ctrl-C) stops every
//! search at its next change with the best maze it has, and no maze after
//! them is started.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::generate::{Flow, SearchProgress, Watch};

/// The progress bar appears only for runs longer than this.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// Set by the first Ctrl-C (the second ends the process).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Why generation stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `--time-limit` ran out.
    TimeUp,
    /// Ctrl-C.
    Interrupted,
}

/// What all the searches of one run have done, and whether they stop.
pub struct Watching {
    started: Instant,
    deadline: Option<Instant>,
    /// Set once, by the first search that sees the stop.
    stop: OnceLock<Stop>,
    changes: AtomicU64,
    best_moves: AtomicUsize,
    /// Mazes whose search met the length asked for and is polishing.
    polishing: AtomicU64,
    mazes_done: AtomicU64,
    mazes: u64,
}

impl Watching {
    /// A watch over `mazes` mazes, stopped after `limit` if one is given,
    /// and by the first Ctrl-C.
    pub fn new(mazes: u64, limit: Option<Duration>) -> Arc<Watching> {
        catch_interrupts();
        let started = Instant::now();
        Arc::new(Watching {
            started,
            deadline: limit.map(|limit| started + limit),
            stop: OnceLock::new(),
            changes: AtomicU64::new(0),
            best_moves: AtomicUsize::new(0),
            polishing: AtomicU64::new(0),
            mazes_done: AtomicU64::new(0),
            mazes,
        })
    }

    /// The watcher for one maze's search.
    pub fn watch(self: &Arc<Watching>) -> Watch {
        let watching = Arc::clone(self);
        // Changes this maze had tried when it last told: the run's count
        // grows by the difference.
        let told = AtomicU64::new(0);
        let polishing = AtomicBool::new(false);
        Watch::new(move |progress: &SearchProgress| {
            let before = told.swap(progress.changes, Ordering::Relaxed);
            watching
                .changes
                .fetch_add(progress.changes - before, Ordering::Relaxed);
            watching
                .best_moves
                .fetch_max(progress.best_moves, Ordering::Relaxed);
            if progress.finished && !polishing.swap(true, Ordering::Relaxed) {
                watching.polishing.fetch_add(1, Ordering::Relaxed);
            }
            match watching.stopped() {
                Some(_) => Flow::Stop,
                None => Flow::Go,
            }
        })
    }

    /// Why the run stops, if it does: the first reason seen is kept.
    pub fn stopped(&self) -> Option<Stop> {
        if let Some(stop) = self.stop.get() {
            return Some(*stop);
        }
        let reason = if INTERRUPTED.load(Ordering::Relaxed) {
            Stop::Interrupted
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Stop::TimeUp
        } else {
            return None;
        };
        Some(*self.stop.get_or_init(|| reason))
    }

    /// Notes that a maze is made (or given up on).
    pub fn maze_done(&self) {
        self.mazes_done.fetch_add(1, Ordering::Relaxed);
    }

    /// Time since the run started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The bar's words: mazes, changes, the best route, and the time left.
    fn message(&self) -> String {
        let mut words = Vec::new();
        if self.mazes > 1 {
            let done = self.mazes_done.load(Ordering::Relaxed);
            words.push(format!("{done}/{} mazes", self.mazes));
        }
        let changes = self.changes.load(Ordering::Relaxed);
        words.push(format!("{changes} changes tried"));
        match self.best_moves.load(Ordering::Relaxed) {
            0 => words.push("no unique route yet".into()),
            moves => words.push(format!("best route {moves} moves")),
        }
        // With one maze, a user may stop now and still get the length
        // asked for.
        if self.mazes == 1 && self.polishing.load(Ordering::Relaxed) > 0 {
            words.push("polishing".into());
        }
        if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            words.push(format!("{} s left", left.as_secs() + 1));
        }
        words.join(", ")
    }
}

/// The first Ctrl-C stops generation gracefully (see [`Watching`]); a
/// second one ends the process at once, with the usual status for it.
fn catch_interrupts() {
    // Setting the handler fails only when one is set already: then it is
    // this one.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Runs `work` while a ticker thread draws `watching` on stderr, if it is
/// a terminal and `work` takes longer than a second; the bar is gone when
/// `work` returns.
pub fn with_progress<T: Send>(watching: &Watching, work: impl FnOnce() -> T + Send) -> T {
    if !io::stderr().is_terminal() {
        return work();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{spinner} generating [{elapsed}]: {msg}")
            .expect("a valid template"),
    );
    let finished = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let ticker = scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                if bar.is_hidden() && watching.elapsed() >= PROGRESS_DELAY {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                }
                bar.set_message(watching.message());
                bar.tick();
                std::thread::park_timeout(TICK);
            }
        });
        let result = work();
        finished.store(true, Ordering::Relaxed);
        ticker.thread().unpark();
        result
    });
    bar.finish_and_clear();
    result
}
