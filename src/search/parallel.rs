//! The few ways the crate spreads work over threads, in one place: on
//! rayon's current pool with the `parallel` feature, and without it the
//! same work on the calling thread, in order.
//!
//! Every caller already gives the same result whatever the pool's size
//! (`--jobs 1` is a pool of one thread): a walk cuts its layers into as
//! many chunks as `threads` says and merges them in order, a batch keeps
//! a piece's work only where its guessed start was right. So the serial
//! operations below, which are the pool's with one thread, change no
//! result: only the time it takes.
//!
//! The engine (`search`) is the crate's bottom layer and imports nothing
//! of the crate, so the module lives here and the layers above import it
//! from here.

/// With the `parallel` feature: each operation on rayon's current pool.
#[cfg(feature = "parallel")]
mod pool {
    use rayon::prelude::*;

    /// A scope whose spawned work may borrow from the caller's stack, ended
    /// (all of it done) when `in_place_scope` returns: rayon's scope.
    pub use rayon::Scope;

    /// Runs `op` with a `Scope` to spawn work on, on the calling thread, and
    /// returns once every piece of work spawned has finished: rayon's.
    pub use rayon::in_place_scope;

    /// How many threads work spreads over: the current pool's.
    pub fn threads() -> usize {
        rayon::current_num_threads()
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
        rayon::join(a, b)
    }

    /// Runs `op` on one of the pool's threads, the calling one if it is one:
    /// a `join` from outside the pool waits for the pool's reply each time,
    /// so a loop of many joins goes onto the pool once instead.
    pub fn on_the_pool<R: Send>(op: impl FnOnce() -> R + Send) -> R {
        match rayon::current_thread_index() {
            Some(_) => op(),
            None => rayon::scope(|_| op()),
        }
    }

    /// `f` of each of `items`, in their order.
    pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
        items.par_iter().map(f).collect()
    }

    /// `f` of each run of `size` items of `items` (the last perhaps shorter),
    /// in their order.
    pub fn map_chunks<T: Sync, R: Send>(
        items: &[T],
        size: usize,
        f: impl Fn(&[T]) -> R + Sync + Send,
    ) -> Vec<R> {
        items.par_chunks(size).map(f).collect()
    }

    /// `f(index, slot, chunk)` for each of `slots` with the run of `size`
    /// items of `items` at the same index, as far as both go, in their order.
    pub fn map_beside_chunks<S: Send, T: Sync, R: Send>(
        slots: &mut [S],
        items: &[T],
        size: usize,
        f: impl Fn(usize, &mut S, &[T]) -> R + Sync + Send,
    ) -> Vec<R> {
        slots
            .par_iter_mut()
            .zip(items.par_chunks(size))
            .enumerate()
            .map(|(index, (slot, chunk))| f(index, slot, chunk))
            .collect()
    }

    /// `f(index, slot)` for each of `slots`.
    pub fn each_mut<S: Send>(slots: &mut [S], f: impl Fn(usize, &mut S) + Sync + Send) {
        slots
            .par_iter_mut()
            .enumerate()
            .for_each(|(index, slot)| f(index, slot));
    }

    /// Runs `op` on a pool of `threads` threads of its own (for the tests of
    /// work spread over a given number of threads).
    #[cfg(test)]
    pub fn with_threads<R: Send>(threads: usize, op: impl FnOnce() -> R + Send) -> R {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a test's pool starts")
            .install(op)
    }
}

#[cfg(feature = "parallel")]
pub use pool::*;

/// Without the `parallel` feature: each operation of the module as the
/// pool of one thread does it, on the calling thread. The bounds are the
/// pool's, so that code builds with the feature if it builds without.
#[cfg(not(feature = "parallel"))]
mod serial {
    use std::marker::PhantomData;

    /// A scope whose spawned work runs at once, on the calling thread.
    pub struct Scope<'scope> {
        /// Invariant in `'scope`, as rayon's scope is.
        scope: PhantomData<fn(&'scope ()) -> &'scope ()>,
    }

    impl<'scope> Scope<'scope> {
        /// Runs `work` now.
        pub fn spawn<W: FnOnce(&Scope<'scope>) + Send + 'scope>(&self, work: W) {
            work(self)
        }
    }

    /// Runs `op` with a `Scope` whose spawned work runs as it is spawned.
    pub fn in_place_scope<'scope, R>(op: impl FnOnce(&Scope<'scope>) -> R) -> R {
        op(&Scope { scope: PhantomData })
    }

    /// One thread: the calling one.
    pub fn threads() -> usize {
        1
    }

    /// `a`, then `b`.
    pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        (a(), b())
    }

    /// `op`, here: the calling thread is the only one.
    pub fn on_the_pool<R: Send>(op: impl FnOnce() -> R + Send) -> R {
        op()
    }

    /// `f` of each of `items`, in their order.
    pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
        items.iter().map(f).collect()
    }

    /// `f` of each run of `size` items of `items`, in their order.
    pub fn map_chunks<T: Sync, R: Send>(
        items: &[T],
        size: usize,
        f: impl Fn(&[T]) -> R + Sync + Send,
    ) -> Vec<R> {
        items.chunks(size).map(f).collect()
    }

    /// `f(index, slot, chunk)` for each of `slots` with the run of `size`
    /// items of `items` at the same index, in their order.
    pub fn map_beside_chunks<S: Send, T: Sync, R: Send>(
        slots: &mut [S],
        items: &[T],
        size: usize,
        f: impl Fn(usize, &mut S, &[T]) -> R + Sync + Send,
    ) -> Vec<R> {
        slots
            .iter_mut()
            .zip(items.chunks(size))
            .enumerate()
            .map(|(index, (slot, chunk))| f(index, slot, chunk))
            .collect()
    }

    /// `f(index, slot)` for each of `slots`, in order.
    pub fn each_mut<S: Send>(slots: &mut [S], f: impl Fn(usize, &mut S) + Sync + Send) {
        for (index, slot) in slots.iter_mut().enumerate() {
            f(index, slot)
        }
    }

    /// `op`, on the calling thread, whatever `threads` asks.
    #[cfg(test)]
    pub fn with_threads<R: Send>(_threads: usize, op: impl FnOnce() -> R + Send) -> R {
        op()
    }
}

#[cfg(not(feature = "parallel"))]
pub use serial::*;

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
