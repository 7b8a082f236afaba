//! Zeroed memory for a walk's large arrays: on the heap, or, when large,
//! mapped apart and marked as wanting huge pages (the feature `huge-pages`);
//! and every page of an array written before a walk on many threads
//! ([`write_every_page`]).
//!
//! A walk over a large space writes all over its arrays, and each 4 KiB
//! page first written is a fault that zeroes it: the records of a
//! 1000×1000 cell walk are 2,048 faults, a real part of the time of a walk
//! that reaches every cell. Where the system gives huge pages on request
//! (Linux transparent huge pages in their common `madvise` mode) they are
//! 4 faults; elsewhere the request is ignored, and nothing changes.
//!
//! Only the whole huge pages of a mapping get them, so the array is placed
//! at the first huge-page boundary of a mapping one huge page longer, and
//! ends inside a whole one: mapped as they came, the records of a
//! 1000×1000 grid started and ended in pieces of huge pages, 1.7 MB of
//! ordinary pages between them, each page its own fault.
//!
//! Only an array's first [`MOST_HUGE`] bytes ask for them. Where the
//! system is a virtual machine that hands freed memory back to its host,
//! a huge page taken from memory handed back is slow to touch the first
//! time, and the first few are the ones still at hand: a few megabytes in
//! huge pages are touched sooner than in small ones, but a hundred later,
//! and a large search run after a program that had freed a gigabyte was
//! slower with all its arrays in huge pages than with none, or with their
//! first 8 MB alone.

#[cfg(feature = "huge-pages")]
use std::ops::Range;
use std::sync::atomic::AtomicU64;

use zerocopy::FromBytes;

/// The bytes of a page, as the kernel maps memory.
pub(super) const PAGE: usize = 4096;

/// The size of a huge page (x86-64, and aarch64 with 4 KiB pages).
pub(super) const HUGE_PAGE: usize = 2 << 20;

/// How much of an array asks for huge pages, from its start.
#[cfg(feature = "huge-pages")]
const MOST_HUGE: usize = 4 * HUGE_PAGE;

/// Zeroed bytes, aligned to eight, for an array of plain items.
pub(super) enum Zeroed {
    Heap {
        words: Vec<u64>,
        /// How many of the words' bytes are asked for.
        bytes: usize,
    },
    /// With the feature `huge-pages`.
    #[cfg(feature = "huge-pages")]
    Mapped {
        map: memmap2::MmapMut,
        /// Where the bytes start in `map`, and how many there are.
        place: Range<usize>,
    },
}

impl Zeroed {
    /// `bytes` zeroed bytes, mapped apart if there are `mapped_from` or
    /// more.
    ///
    /// A huge page costs about a hundred small pages' faults: an array a
    /// walk may leave mostly untouched is mapped from a huge page up, one
    /// whose every page it writes from half a huge page up.
    pub(super) fn new(bytes: usize, mapped_from: usize) -> Zeroed {
        #[cfg(feature = "huge-pages")]
        if bytes >= mapped_from {
            let whole_pages = bytes.div_ceil(HUGE_PAGE) * HUGE_PAGE;
            if let Ok(map) = memmap2::MmapMut::map_anon(whole_pages + HUGE_PAGE) {
                let start = (HUGE_PAGE - map.as_ptr() as usize % HUGE_PAGE) % HUGE_PAGE;
                // Only a hint: refused, the pages are the usual ones.
                #[cfg(target_os = "linux")]
                let _ =
                    map.advise_range(memmap2::Advice::HugePage, start, whole_pages.min(MOST_HUGE));
                return Zeroed::Mapped {
                    map,
                    place: start..start + bytes,
                };
            }
        }
        // Without huge pages, every array is the allocator's.
        let _ = mapped_from;
        Zeroed::on_heap(bytes)
    }

    /// `bytes` zeroed bytes on the heap, however many.
    pub(super) fn on_heap(bytes: usize) -> Zeroed {
        Zeroed::Heap {
            words: vec![0; bytes.div_ceil(8)],
            bytes,
        }
    }

    /// The bytes.
    pub(super) fn bytes(&mut self) -> &mut [u8] {
        match self {
            Zeroed::Heap { words, bytes } => &mut bytemuck::cast_slice_mut(words)[..*bytes],
            #[cfg(feature = "huge-pages")]
            Zeroed::Mapped { map, place } => &mut map[place.clone()],
        }
    }

    /// The bytes as plain items, as many as fit.
    pub(super) fn items<T: bytemuck::Pod>(&mut self) -> &mut [T] {
        let bytes = self.bytes();
        let whole = bytes.len() / std::mem::size_of::<T>() * std::mem::size_of::<T>();
        bytemuck::cast_slice_mut(&mut bytes[..whole])
    }

    /// The bytes as atomic words, as many as fit.
    pub(super) fn atomic_words(&mut self) -> &mut [AtomicU64] {
        let bytes = self.bytes();
        let whole = bytes.len() / 8 * 8;
        <[AtomicU64]>::mut_from_bytes(&mut bytes[..whole]).expect("the bytes are aligned to eight")
    }
}

/// Writes to every page of `items` on every thread of the pool, each
/// page's first item by `write_nothing`, which must leave it as it is,
/// before the first layer a walk expands on many threads.
///
/// A page first read is mapped to the kernel's zero page, and the write
/// that follows makes the kernel stop every other thread to flush its
/// address cache: a walk on many threads would pay that on every page it
/// reads before it writes. The compiler drops a plain write of the value an item holds; an atomic add
/// of nothing is a write, once it cannot see that it adds nothing
/// (`std::hint::black_box(0)`).
pub(super) fn write_every_page<T: Sync>(items: &[T], write_nothing: impl Fn(&T) + Sync + Send) {
    let per_page = (PAGE / std::mem::size_of::<T>()).max(1);
    super::parallel::map_chunks(items, per_page, |page| write_nothing(&page[0]));
}

#[cfg(all(test, feature = "huge-pages"))]
mod tests {
    use super::*;

    #[test]
    fn large_arrays_start_on_a_huge_page_and_small_ones_stay_on_the_heap() {
        let mut large = Zeroed::new(3 * HUGE_PAGE + 5, HUGE_PAGE);
        assert!(matches!(large, Zeroed::Mapped { .. }));
        assert_eq!(large.bytes().as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!(large.bytes().len(), 3 * HUGE_PAGE + 5);
        assert!(large.bytes().iter().all(|&byte| byte == 0));
        let mut small = Zeroed::new(HUGE_PAGE - 1, HUGE_PAGE);
        assert!(matches!(small, Zeroed::Heap { .. }));
        assert_eq!(small.bytes().len(), HUGE_PAGE - 1);
        assert_eq!(small.items::<u32>().len(), (HUGE_PAGE - 1) / 4);
        assert_eq!(small.atomic_words().len(), (HUGE_PAGE - 1) / 8);
        assert!(matches!(
            Zeroed::new(HUGE_PAGE - 1, HUGE_PAGE / 2),
            Zeroed::Mapped { .. }
        ));
    }
}
