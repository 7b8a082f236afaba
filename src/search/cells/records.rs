//! What the walk keeps of each cell, a [`Record`] of eight bytes (the
//! distance codes of its states, its kind and whether a layer being built
//! lists it), and the [`Records`] of every cell, written page by page as
//! the walk reaches them.

use super::{CellSpace, Orientations};
use crate::search::memory::PAGE;

/// The walk's records, zeroed, and the run of them whose pages the walk
/// has written.
///
/// The system zeroes a large allocation page by page as it is first
/// touched, so there is no pass over memory here. But the walk reads a
/// record before it writes it, and a page first read maps the system's
/// shared zero page, which the first write then replaces: a second fault
/// and, once other threads of the process have run, a TLB flush on every
/// core, an interrupt each. So the walk writes one record of a page before
/// it reads any: it keeps a run of whole pages it has written, around the
/// origin, and before it expands a cell whose moves may reach outside the
/// run (a neighbour is at most [`CellSpace::span`] cells away), grows the
/// run to take them in, writing an opaque zero over a zero on each new page
/// (nothing changes, and the write is not dropped as useless). A walk
/// from the middle of a grid spreads by rows on both sides, so the run is
/// about the rows it reached: writing every page up front cost as much on
/// a walk that stops after a few moves as it saved on one that reaches
/// every cell.
pub(super) struct Records<'a> {
    pub(super) cells: &'a mut [Record],
    /// Records whose pages are written: `written.0..written.1`, on page
    /// boundaries (or the ends of `cells`).
    written: (usize, usize),
    /// Records before the first page boundary in `cells`, subtracted from
    /// a whole page's: the allocation need not start on a boundary.
    skew: usize,
}

/// Records in a page.
const PER_PAGE: usize = PAGE / std::mem::size_of::<Record>();

impl<'a> Records<'a> {
    /// The records in `cells`, which must be zero.
    pub(super) fn new(cells: &'a mut [Record]) -> Records<'a> {
        // Records are 8-byte aligned, so none straddles two pages.
        let skew = cells.as_ptr() as usize % PAGE / std::mem::size_of::<Record>();
        Records {
            cells,
            written: (0, 0),
            skew,
        }
    }

    /// Makes sure the pages of the records from `cell - span` to `cell +
    /// span` are written, with the kinds of their cells in `space`:
    /// called before a cell is expanded, with the farthest its moves go
    /// (`span`).
    #[inline]
    pub(super) fn write_around<S: CellSpace>(&mut self, space: &S, cell: usize, span: usize) {
        self.write_between(space, cell, cell, span);
    }

    /// [`Self::write_around`] every cell from `first` to `last`: the run
    /// of written pages has no gap, so its ends are all that matter.
    #[inline]
    pub(super) fn write_between<S: CellSpace>(
        &mut self,
        space: &S,
        first: usize,
        last: usize,
        span: usize,
    ) {
        let low = first.saturating_sub(span);
        let high = last.saturating_add(span).min(self.cells.len() - 1);
        if low < self.written.0 || high >= self.written.1 {
            self.write_pages_to(space, low);
            self.write_pages_to(space, high);
        }
    }

    /// Writes every page: for a walk that writes records from more than
    /// one thread.
    pub(super) fn write_all<S: CellSpace>(&mut self, space: &S) {
        if let Some(last) = self.cells.len().checked_sub(1) {
            self.write_pages_to(space, 0);
            self.write_pages_to(space, last);
        }
    }

    /// The states marked reached: records outside the written run are
    /// all zero. Counted once the walk is over, not as it goes (a count
    /// kept a move cost every move a count of bits, with no `popcnt` in
    /// the baseline instruction set), and only for a caller that wants the
    /// count.
    pub(super) fn reached<S: CellSpace>(&self) -> usize {
        let (start, end) = self.written;
        self.cells[start..end]
            .iter()
            .map(|record| (record.states::<S>().count_ones()) as usize)
            .sum()
    }

    /// Grows the run of written pages to take in `cell`'s page, writing
    /// the kind of each cell of a new page into its record.
    #[cold]
    fn write_pages_to<S: CellSpace>(&mut self, space: &S, cell: usize) {
        let skew = self.skew;
        let page_of = |cell: usize| (cell + skew) / PER_PAGE;
        let first_of = |page: usize| (page * PER_PAGE).saturating_sub(skew);
        let (start, end) = match self.written {
            (start, end) if start < end => (start, end),
            // Nothing written yet: an empty run at `cell`'s page.
            _ => {
                let start = first_of(page_of(cell));
                (start, start)
            }
        };
        let new_start = start.min(first_of(page_of(cell)));
        let new_end = end.max(first_of(page_of(cell) + 1)).min(self.cells.len());
        // Records outside the run were never written: all are zero. The
        // first page starting at or after `from` is the first new one
        // (the run may end inside a page, at the last record).
        for (from, to) in [(new_start, start), (end, new_end)] {
            let mut page = page_of(from);
            if first_of(page) < from {
                page += 1;
            }
            while first_of(page) < to {
                let records = first_of(page)..first_of(page + 1).min(to);
                self.write_kinds(space, records);
                page += 1;
            }
        }
        self.written = (new_start, new_end);
    }

    /// Writes the kinds of the cells `cells` into their records, which
    /// are zero; where every kind is 0, writes an opaque zero over the
    /// first (the page is written, and the write is not dropped as
    /// useless).
    fn write_kinds<S: CellSpace>(&mut self, space: &S, cells: std::ops::Range<usize>) {
        if S::KIND_BITS == 0 {
            self.cells[cells.start].low = std::hint::black_box(0);
            return;
        }
        let kinds = Record::kinds_mask::<S>();
        for (cell, record) in self.cells[cells.clone()].iter_mut().enumerate() {
            let kind = space.kind(cells.start + cell);
            debug_assert!(kind <= kinds, "a kind of more than KIND_BITS");
            // Masked: the bits of a kind too large would be shifted out.
            record.low = (kind & kinds) << Record::kind_shift::<S>();
        }
    }
}

impl std::ops::Index<usize> for Records<'_> {
    type Output = Record;

    fn index(&self, cell: usize) -> &Record {
        &self.cells[cell]
    }
}

impl std::ops::IndexMut<usize> for Records<'_> {
    fn index_mut(&mut self, cell: usize) -> &mut Record {
        &mut self.cells[cell]
    }
}

/// What the walk knows of one cell: the distance codes of its states as
/// two bit planes (see the module's description), the cell's kind in the
/// low plane's top bits ([`CellSpace::kind`]: one shift reads it), and in
/// the high plane's top two bits whether the cell is listed in a layer
/// being built ([`LISTED`]: one for layers of even distance, one for odd
/// ones, so that the bit of the layer being expanded can be cleared as it
/// is read). Eight bytes a cell, in one cache line: a move reads and
/// writes them all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Zeroable, bytemuck::Pod)]
#[repr(C)]
pub(super) struct Record {
    pub(super) low: Orientations,
    pub(super) high: Orientations,
}

/// The high plane's top two bits, above every orientation: the cell is
/// listed in the layer being built, `LISTED[distance % 2]`.
pub(super) const LISTED: [Orientations; 2] = [1 << 31, 1 << 30];

impl Record {
    /// The bits of a plane that hold states.
    const fn states_mask<S: CellSpace>() -> Orientations {
        (1 << S::ORIENTATIONS) - 1
    }

    /// The bits of a kind, as [`Record::kind`] shifts it down.
    const fn kinds_mask<S: CellSpace>() -> u32 {
        (1 << S::KIND_BITS) - 1
    }

    /// Where a kind starts in the low plane: at its top bits, so that
    /// reading it is one shift, with no mask (the listed marks, once there,
    /// moved to the high plane to make room).
    const fn kind_shift<S: CellSpace>() -> u32 {
        Orientations::BITS - S::KIND_BITS
    }

    /// The states whose distance is `distance` modulo 3.
    #[inline]
    pub(super) fn at<S: CellSpace>(self, distance: usize) -> Orientations {
        let states = Record::states_mask::<S>();
        let (low, high) = (self.low & states, self.high & states);
        match distance % 3 {
            0 => low & !high,
            1 => !low & high,
            _ => low & high,
        }
    }

    /// The states reached, at any distance.
    #[inline]
    fn states<S: CellSpace>(self) -> Orientations {
        (self.low | self.high) & Record::states_mask::<S>()
    }

    /// The cell's kind, as [`Records::write_kinds`] wrote it.
    #[inline]
    pub(super) fn kind<S: CellSpace>(self) -> u32 {
        match S::KIND_BITS {
            0 => 0,
            _ => self.low >> Record::kind_shift::<S>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::records_memory;
    use super::super::tokens::{Tokens, mazes};
    use super::super::walk;
    use super::*;

    /// The run of written pages grows to take in what a cell's moves may
    /// reach, on both sides, and writing a page writes each of its cells'
    /// kind and nothing else.
    #[test]
    fn the_written_run_covers_every_expanded_cells_reach() {
        let space = Tokens::random(1, 98, 198, 0.6);
        assert_eq!(space.cell_count(), 20_000);
        let mut memory = records_memory(20_000);
        let mut records = Records::new(memory.items::<Record>());
        for (cell, span) in [
            (7_000usize, 100),
            (12_000, 1_002),
            (3, 1_002),
            (19_999, 1),
            (9_000, 5),
        ] {
            records.write_around(&space, cell, span);
            let (start, end) = records.written;
            assert!(start <= cell.saturating_sub(span), "{cell}: {start}");
            assert!(
                (cell + span).min(19_999) < end && end <= 20_000,
                "{cell}: {end}"
            );
            if cell == 7_000 {
                // The walk writes a record once its page is written.
                records[7_000].high = 5;
            }
        }
        assert_eq!(records.written, (0, 20_000));
        let kinds = (0..20_000).filter(|&c| records[c].kind::<Tokens>() == space.kind(c));
        assert_eq!(kinds.count(), 20_000);
        let changed: Vec<usize> = (0..20_000)
            .filter(|&c| {
                records[c].low != space.kind(c) << Record::kind_shift::<Tokens>()
                    || records[c].high != 0
            })
            .collect();
        assert_eq!(changed, [7_000]);
    }

    /// Where the records lie in memory decides which record starts a
    /// page, and so which records the walk writes over a page's first:
    /// never one it wrote before. (A run that ended at the last record
    /// once had its last page's first record written again, by chance of
    /// the allocation: a few mazes came out with too few states reached.)
    #[test]
    fn the_walk_does_not_depend_on_where_its_records_lie() {
        for maze in mazes().take(400) {
            let mut reached = std::collections::BTreeSet::new();
            for skew in 0..PER_PAGE {
                let mut memory = records_memory(maze.cell_count());
                let mut records = Records::new(memory.items::<Record>());
                records.skew = skew;
                walk::forward(&maze, &mut records);
                reached.insert(records.reached::<Tokens>());
            }
            assert_eq!(reached.len(), 1, "{}: {reached:?}", maze.name());
        }
    }
}
