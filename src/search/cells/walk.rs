//! The forward walk, on one thread or several.
//!
//! The cells are cut into stripes of [`STRIPE`] cells (16 rows of a
//! 1000-column grid), dealt to the threads in turn, so that a layer
//! crossing the grid keeps every thread busy. A thread owns its stripes'
//! records and expands the states of its own cells; a move into another
//! thread's cell is posted to that thread, which settles it after the
//! layer's first barrier. No record is ever written by two threads, so no
//! atomic operation is needed on them, and a layer is a *set*: which
//! thread finds a state first does not matter, so the walk writes the same
//! records however many threads run it.
//!
//! Layers are short (a 1000×1000 maze has about 2,000 of 500 cells), so
//! the threads wait for each other at two barriers per layer by spinning,
//! which costs well under a microsecond where a sleeping barrier costs
//! tens.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{CellSpace, Layer, Orientations, Record, LISTED};

/// Cells per stripe (a power of two).
const STRIPE: usize = 1 << 14;

/// Grids of fewer cells are walked by one thread.
const MIN_CELLS_TO_SHARE: usize = 1 << 16;

/// What the forward walk found: the distance of the first layer with a
/// goal cell and that layer's goal cells, if any, and the states reached.
pub(super) struct Outcome {
    pub goals: Option<(usize, Layer)>,
    pub reached: usize,
}

/// Walks layer by layer from the origin until a layer reaches a goal
/// cell or no state is left, marking every state reached in `cells`, on
/// at most `threads` threads.
pub(super) fn forward<S: CellSpace + Sync>(
    space: &S,
    cells: &mut [Record],
    threads: usize,
) -> Outcome {
    let threads = match cells.len() >= MIN_CELLS_TO_SHARE {
        true => threads.clamp(1, cells.len().div_ceil(STRIPE)),
        false => 1,
    };
    let shared = Shared::new(threads);
    let mut parts: Vec<Part> = (0..threads)
        .map(|index| Part::new(index, threads))
        .collect();
    for (stripe, records) in cells.chunks_mut(STRIPE).enumerate() {
        for part in parts.iter_mut() {
            part.stripes.push(None);
        }
        parts[stripe % threads].stripes[stripe] = Some(records);
    }
    let (origin, orientation) = space.origin();
    let owner = (origin / STRIPE) % threads;
    parts[owner].layer.push((origin as u32, 1 << orientation));

    let mut outcomes: Vec<(Layer, usize)> = Vec::with_capacity(threads);
    std::thread::scope(|scope| {
        let mut parts = parts.into_iter();
        let first = parts.next().expect("one thread at least");
        let helpers: Vec<_> = parts
            .map(|part| scope.spawn(|| part.run(space, &shared)))
            .collect();
        outcomes.push(first.run(space, &shared));
        outcomes.extend(
            helpers
                .into_iter()
                .map(|h| h.join().expect("a walk thread")),
        );
    });
    let reached = outcomes.iter().map(|(_, reached)| reached).sum();
    let distance = shared.distance.load(Ordering::Relaxed);
    let goals = shared.goal_found.load(Ordering::Relaxed).then(|| {
        let goals = outcomes.into_iter().flat_map(|(goals, _)| goals);
        (distance, goals.collect())
    });
    Outcome { goals, reached }
}

/// What the threads share: the posted moves, the barrier, and each
/// layer's verdict.
struct Shared {
    threads: usize,
    /// `posts[from * threads + to]`: moves thread `from` found into
    /// thread `to`'s cells in the current layer.
    posts: Vec<Mutex<Vec<(u32, Orientations)>>>,
    barrier: SpinBarrier,
    /// Cells in the layer being built, summed over the threads, one
    /// counter per layer parity.
    sizes: [AtomicUsize; 2],
    goal_found: AtomicBool,
    distance: AtomicUsize,
}

impl Shared {
    fn new(threads: usize) -> Shared {
        Shared {
            threads,
            posts: (0..threads * threads).map(|_| Mutex::default()).collect(),
            barrier: SpinBarrier::new(threads),
            sizes: [AtomicUsize::new(0), AtomicUsize::new(0)],
            goal_found: AtomicBool::new(false),
            distance: AtomicUsize::new(0),
        }
    }

    fn post(&self, from: usize, to: usize, moves: &mut Vec<(u32, Orientations)>) {
        let mut slot = self.posts[from * self.threads + to]
            .lock()
            .expect("no thread panics");
        std::mem::swap(&mut *slot, moves);
    }
}

/// One thread's share of the walk: its stripes (`None` for the others'),
/// its layer, and the moves it has to post. It touches its stripes first,
/// so that the system clears their pages on every thread at once.
struct Part<'a> {
    index: usize,
    threads: usize,
    stripes: Vec<Option<&'a mut [Record]>>,
    layer: Layer,
    outbox: Vec<Vec<(u32, Orientations)>>,
}

impl<'a> Part<'a> {
    fn new(index: usize, threads: usize) -> Part<'a> {
        Part {
            index,
            threads,
            stripes: Vec::new(),
            layer: Vec::new(),
            outbox: vec![Vec::new(); threads],
        }
    }

    /// This thread's record of `cell`, or `None` when another thread owns it.
    #[inline]
    fn record(&mut self, cell: usize) -> Option<&mut Record> {
        let stripe = self.stripes[cell / STRIPE].as_deref_mut()?;
        Some(&mut stripe[cell % STRIPE])
    }

    /// Runs this thread's walk to the end; returns its goal cells in the
    /// last layer, and the states it reached.
    fn run<S: CellSpace>(mut self, space: &S, shared: &Shared) -> (Layer, usize) {
        for stripe in self.stripes.iter_mut().flatten() {
            stripe.fill(Record::default());
        }
        let mut next = Layer::new();
        let mut reached = 0;
        for distance in 1.. {
            let code = Code::of(distance);
            reached += self.expand(space, code, &mut next);
            for to in 0..self.threads {
                if to != self.index {
                    shared.post(self.index, to, &mut self.outbox[to]);
                }
            }
            shared.barrier.wait();
            for from in 0..self.threads {
                if from != self.index {
                    let mut slot = shared.posts[from * self.threads + self.index]
                        .lock()
                        .expect("no thread panics");
                    for &(to, arrived) in slot.iter() {
                        let record = self
                            .record(to as usize)
                            .expect("a move posted to its owner");
                        reached += settle(record, to, arrived, code, &mut next);
                    }
                    slot.clear();
                }
            }
            // A cell's states of the layer's code are those of this layer
            // and of layers 3, 6, … before: expanding those again reaches
            // nothing new, and costs nothing (a move is one lookup for
            // any set of orientations).
            for (cell, states) in next.iter_mut() {
                let record = self.record(*cell as usize).expect("an own cell");
                record.low &= !LISTED;
                *states = record.at(distance);
            }
            let goal = next
                .iter()
                .any(|&(cell, _)| space.is_goal_cell(cell as usize));
            if goal {
                shared.goal_found.store(true, Ordering::Relaxed);
                shared.distance.store(distance, Ordering::Relaxed);
            }
            let sizes = &shared.sizes[distance % 2];
            sizes.fetch_add(next.len(), Ordering::Relaxed);
            shared.barrier.wait();
            let size = sizes.load(Ordering::Relaxed);
            let stop = size == 0 || shared.goal_found.load(Ordering::Relaxed);
            // Every thread has read the other parity's counter a layer ago.
            if self.index == 0 {
                shared.sizes[(distance + 1) % 2].store(0, Ordering::Relaxed);
            }
            if stop {
                break;
            }
            std::mem::swap(&mut self.layer, &mut next);
        }
        next.retain(|&(cell, _)| space.is_goal_cell(cell as usize));
        (next, reached)
    }

    /// Expands this thread's layer: moves into its own cells are settled
    /// into `next`, the others go to the outbox of the cell's owner.
    /// Returns the states it reached.
    fn expand<S: CellSpace>(&mut self, space: &S, code: Code, next: &mut Layer) -> usize {
        next.clear();
        let mut reached = 0;
        let layer = std::mem::take(&mut self.layer);
        for &(cell, from) in &layer {
            space.advance_all(cell as usize, from, |_, to, arrived| {
                if arrived == 0 {
                    return;
                }
                match self.record(to) {
                    Some(record) => reached += settle(record, to as u32, arrived, code, next),
                    None => self.outbox[(to / STRIPE) % self.threads].push((to as u32, arrived)),
                }
            });
        }
        self.layer = layer;
        reached
    }
}

/// Marks the states of `arrived` on `cell` that are new at the layer of
/// `code`, listing the cell in `next` the first time it gets any; returns
/// how many are new.
#[inline]
fn settle(
    record: &mut Record,
    cell: u32,
    arrived: Orientations,
    code: Code,
    next: &mut Layer,
) -> usize {
    let new = arrived & !(record.low | record.high);
    if new == 0 {
        return 0;
    }
    if record.low & LISTED == 0 {
        record.low |= LISTED;
        next.push((cell, 0));
    }
    record.low |= new & code.low;
    record.high |= new & code.high;
    new.count_ones() as usize
}

/// The bit planes' masks for the states of one layer: its distance code
/// `1 + distance % 3`, bit 0 in the low plane and bit 1 in the high.
#[derive(Clone, Copy)]
struct Code {
    low: Orientations,
    high: Orientations,
}

impl Code {
    fn of(distance: usize) -> Code {
        let code = distance % 3 + 1;
        Code {
            low: if code & 1 != 0 { !0 } else { 0 },
            high: if code & 2 != 0 { !0 } else { 0 },
        }
    }
}

/// A barrier for threads that each have a core: they spin, then yield.
struct SpinBarrier {
    threads: usize,
    arrived: AtomicUsize,
    generation: AtomicUsize,
}

impl SpinBarrier {
    fn new(threads: usize) -> SpinBarrier {
        SpinBarrier {
            threads,
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
        }
    }

    fn wait(&self) {
        if self.threads == 1 {
            return;
        }
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.threads {
            self.arrived.store(0, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::Release);
            return;
        }
        let mut spins = 0u32;
        while self.generation.load(Ordering::Acquire) == generation {
            // A thread without a core (more threads than cores, or a noisy
            // machine) must not be starved by the spinning ones.
            match spins < 2000 {
                true => std::hint::spin_loop(),
                false => std::thread::yield_now(),
            }
            spins += 1;
        }
    }
}
