//! The few ways the crate spreads work over threads, in one place: on
//! rayon's current pool with the `parallel` feature, and without it the
//! same work on the calling thread, in order. Each operation has one
//! signature, rayon's bounds, for both, so that code that builds without
//! the feature builds with it.
//!
//! Every caller already gives the same result whatever the pool's size
//! (`--jobs 1` is a pool of one thread): a walk cuts its layers into as
//! many chunks as `threads` says and merges them in order, a batch keeps
//! a piece's work only where its guessed start was right. So the serial
//! operations, which are the pool's with one thread, change no result:
//! only the time it takes.
//!
//! The engine (`search`) is the crate's bottom layer and imports nothing
//! of the crate, so the module lives here and the layers above import it
//! from here.

#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// A scope whose spawned work may borrow from the caller's stack, all of
/// it done when `in_place_scope` returns: rayon's.
#[cfg(feature = "parallel")]
pub use rayon::{Scope, in_place_scope};

/// Without the `parallel` feature, a scope whose spawned work runs at
/// once, on the calling thread.
#[cfg(not(feature = "parallel"))]
pub struct Scope<'scope> {
    /// Invariant in `'scope`, as rayon's scope is.
    scope: std::marker::PhantomData<fn(&'scope ()) -> &'scope ()>,
}

#[cfg(not(feature = "parallel"))]
impl<'scope> Scope<'scope> {
    /// Runs `work` now.
    pub fn spawn<W: FnOnce(&Scope<'scope>) + Send + 'scope>(&self, work: W) {
        work(self)
    }
}

/// Without the `parallel` feature, runs `op` with a `Scope` whose spawned
/// work runs as it is spawned.
#[cfg(not(feature = "parallel"))]
pub fn in_place_scope<'scope, R>(op: impl FnOnce(&Scope<'scope>) -> R) -> R {
    op(&Scope {
        scope: std::marker::PhantomData,
    })
}

/// How many threads work spreads over: the current pool's (1 without the
/// feature).
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    1
}

/// Runs `a` and `b`, perhaps at once on two threads, and returns both
/// results.
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    #[cfg(feature = "parallel")]
    return rayon::join(a, b);
    #[cfg(not(feature = "parallel"))]
    (a(), b())
}

/// Runs `op` on one of the pool's threads, the calling one if it is one:
/// a `join` from outside the pool waits for the pool's reply each time,
/// so a loop of many joins goes onto the pool once instead.
pub fn on_the_pool<R: Send>(op: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    if rayon::current_thread_index().is_none() {
        return rayon::scope(|_| op());
    }
    op()
}

/// `f` of each of `items`, in their order.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    return items.par_iter().map(f).collect();
    #[cfg(not(feature = "parallel"))]
    items.iter().map(f).collect()
}

/// `f` of each run of `size` items of `items` (the last perhaps shorter),
/// in their order.
pub fn map_chunks<T: Sync, R: Send>(
    items: &[T],
    size: usize,
    f: impl Fn(&[T]) -> R + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    return items.par_chunks(size).map(f).collect();
    #[cfg(not(feature = "parallel"))]
    items.chunks(size).map(f).collect()
}

/// `f(index, slot, chunk)` for each of `slots` with the run of `size`
/// items of `items` at the same index, as far as both go, in their order.
pub fn map_beside_chunks<S: Send, T: Sync, R: Send>(
    slots: &mut [S],
    items: &[T],
    size: usize,
    f: impl Fn(usize, &mut S, &[T]) -> R + Sync + Send,
) -> Vec<R> {
    let f = |(index, (slot, chunk))| f(index, slot, chunk);
    #[cfg(feature = "parallel")]
    return slots
        .par_iter_mut()
        .zip(items.par_chunks(size))
        .enumerate()
        .map(f)
        .collect();
    #[cfg(not(feature = "parallel"))]
    slots
        .iter_mut()
        .zip(items.chunks(size))
        .enumerate()
        .map(f)
        .collect()
}

/// `f(index, slot)` for each of `slots`.
pub fn each_mut<S: Send>(slots: &mut [S], f: impl Fn(usize, &mut S) + Sync + Send) {
    let f = |(index, slot)| f(index, slot);
    #[cfg(feature = "parallel")]
    slots.par_iter_mut().enumerate().for_each(f);
    #[cfg(not(feature = "parallel"))]
    slots.iter_mut().enumerate().for_each(f);
}

/// Runs `op` on a pool of `threads` threads of its own, for the tests of
/// work spread over a given number of threads (on the calling thread
/// without the feature).
#[cfg(test)]
pub fn with_threads<R: Send>(threads: usize, op: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    return rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a test's pool starts")
        .install(op);
    #[cfg(not(feature = "parallel"))]
    {
        let _ = threads;
        op()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Every operation gives its results in the items' order, on one
    /// thread or several, with the feature or without it.
    #[test]
    fn results_come_in_order_on_any_number_of_threads() {
        let items: Vec<u32> = (0..1000).collect();
        for count in [1, 2, 3] {
            with_threads(count, || {
                let spread = if cfg!(feature = "parallel") { count } else { 1 };
                assert_eq!(threads(), spread);
                assert_eq!(
                    map(&items, |&i| i * 2),
                    (0..1000).map(|i| i * 2).collect::<Vec<_>>()
                );
                let sums = map_chunks(&items, 300, |chunk| chunk.iter().sum::<u32>());
                assert_eq!(sums, [44850, 134850, 224850, 94950]);
                let mut slots = vec![0u32; 5];
                let firsts = map_beside_chunks(&mut slots, &items, 300, |index, slot, chunk| {
                    *slot = index as u32 + chunk.len() as u32;
                    chunk[0]
                });
                assert_eq!(
                    (firsts, &slots[..]),
                    (vec![0, 300, 600, 900], &[300, 301, 302, 103, 0][..])
                );
                each_mut(&mut slots, |index, slot| *slot += index as u32);
                assert_eq!(slots, [300, 302, 304, 106, 4]);
                assert_eq!(join(|| 1, || 2), (1, 2));
                assert_eq!(on_the_pool(|| 7), 7);
            });
        }
    }

    /// A scope's spawned work is all done when the scope returns, and may
    /// borrow from the caller's stack.
    #[test]
    fn a_scope_ends_with_its_work_done() {
        let done = Mutex::new(Vec::new());
        in_place_scope(|scope| {
            for piece in 0..4 {
                let done = &done;
                scope.spawn(move |_| done.lock().expect("no piece panics").push(piece));
            }
        });
        let mut done = done.into_inner().expect("no piece panics");
        done.sort();
        assert_eq!(done, [0, 1, 2, 3]);
    }
}
