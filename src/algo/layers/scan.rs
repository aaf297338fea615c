//! The two-bit array's operations and the layer scans, sequential and parallel.

use core::ops::Range;
use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::{BATCH, CHUNK_STATES, CHUNK_WORDS, IndexSpace, LOW_BITS, PER_WORD, Scan, UNSEEN};
use crate::solution::Limits;

/// The low bit of every two-bit field of `word` that holds `value`.
#[inline]
pub(crate) fn fields_equal(word: u64, value: u64) -> u64 {
    let diff = word ^ (value * LOW_BITS);
    !(diff | (diff >> 1)) & LOW_BITS
}

/// The two-bit array and its chunk summary, as the scans share them.
#[derive(Clone, Copy)]
pub(super) struct Marks<'a> {
    pub(super) words: &'a [AtomicU64],
    pub(super) chunks: &'a [AtomicU8],
}

impl Marks<'_> {
    /// The two-bit value of `index`.
    #[inline]
    fn field(self, index: usize) -> u64 {
        (self.words[index / PER_WORD].load(Ordering::Relaxed) >> ((index % PER_WORD) * 2)) & 3
    }

    /// Whether chunk `chunk` may hold a state of value `value` (1 or 2).
    #[inline]
    fn chunk_holds(self, chunk: usize, value: u64) -> bool {
        u64::from(self.chunks[chunk].load(Ordering::Relaxed)) & value != 0
    }

    /// The words of chunk `chunk`.
    fn chunk_words(self, chunk: usize) -> Range<usize> {
        let start = chunk * CHUNK_WORDS;
        start..self.words.len().min(start + CHUNK_WORDS)
    }

    /// Notes that the chunk of `index` holds value `value` (1 or 2). Reads first: the byte
    /// covers 32,768 states and is rarely still unset, so it is rarely written.
    #[inline]
    fn note(self, index: usize, value: u64, atomic: bool) {
        let chunk = &self.chunks[index / CHUNK_STATES];
        let bit = if value == 1 { 1 } else { 2 };
        let held = chunk.load(Ordering::Relaxed);
        if held & bit == 0 {
            if atomic {
                chunk.fetch_or(bit, Ordering::Relaxed);
            } else {
                chunk.store(held | bit, Ordering::Relaxed);
            }
        }
    }

    /// Gives `index` the value `next` if it is unseen; whether it was. For one thread.
    #[inline]
    pub(super) fn mark_plain(self, index: usize, next: u64) -> bool {
        let word = &self.words[index / PER_WORD];
        let shift = (index % PER_WORD) * 2;
        let value = word.load(Ordering::Relaxed);
        let unseen = (value >> shift) & 3 == UNSEEN;
        if unseen {
            word.store(value | next << shift, Ordering::Relaxed);
            self.note(index, next, false);
        }
        unseen
    }

    /// Keeps the indices of `batch` that are unseen (and possibly some seen since).
    ///
    /// Only loads: their cache misses overlap, where a loop that also stores (or, in
    /// parallel, does an atomic read-modify-write) would wait for them in fewer at a time.
    /// Most successors were seen before, so the stores that follow are few and hit the
    /// cache.
    #[inline]
    fn keep_unseen(self, bound: usize, batch: &mut Vec<usize>) {
        let mut kept = 0;
        for i in 0..batch.len() {
            let index = batch[i];
            assert!(
                index < bound,
                "state-search: successor index {index} is not below the bound {bound}"
            );
            if self.field(index) == UNSEEN {
                batch[kept] = index;
                kept += 1;
            }
        }
        batch.truncate(kept);
    }

    /// Marks every state of chunk `chunk` holding `current` done, and clears the chunk's
    /// note of `current`. No scan may run meanwhile.
    fn relabel_chunk(self, chunk: usize, current: u64) {
        if !self.chunk_holds(chunk, current) {
            return;
        }
        for word in &self.words[self.chunk_words(chunk)] {
            let value = word.load(Ordering::Relaxed);
            let layer = fields_equal(value, current);
            if layer != 0 {
                word.store(value | layer | (layer << 1), Ordering::Relaxed);
            }
        }
        let bit = if current == 1 { 1 } else { 2 };
        self.chunks[chunk].fetch_and(!bit, Ordering::Relaxed);
    }
}

/// Expands, in increasing order, the states of chunk `chunk` whose value is `current`,
/// gathering their successors into the scratch batch and handing full batches to `flush`,
/// which marks them and returns how many were new.
#[inline]
pub(super) fn scan_chunk<X: IndexSpace + ?Sized>(
    space: &X,
    (cursor, batch): &mut (X::Cursor, Vec<usize>),
    marks: Marks<'_>,
    chunk: usize,
    current: u64,
    scan: &mut Scan,
    flush: &mut impl FnMut(&mut Vec<usize>) -> u64,
) {
    if !marks.chunk_holds(chunk, current) {
        return;
    }
    for k in marks.chunk_words(chunk) {
        let mut frontier = fields_equal(marks.words[k].load(Ordering::Relaxed), current);
        while frontier != 0 {
            let index = k * PER_WORD + frontier.trailing_zeros() as usize / 2;
            frontier &= frontier - 1;
            scan.expanded += 1;
            space.successors(cursor, index, |next| batch.push(next));
            if batch.len() >= BATCH {
                scan.generated += batch.len() as u64;
                scan.fresh += flush(batch);
                batch.clear();
            }
        }
    }
    scan.generated += batch.len() as u64;
    scan.fresh += flush(batch);
    batch.clear();
}

/// One scan on the calling thread.
pub(super) fn scan_sequential<X: IndexSpace + ?Sized>(
    space: &X,
    marks: Marks<'_>,
    bound: usize,
    current: u64,
    limits: &Limits<usize>,
) -> Scan {
    let next = 3 - current;
    let mut scratch = (space.cursor(), Vec::with_capacity(2 * BATCH));
    let mut scan = Scan::default();
    let mut flush = |batch: &mut Vec<usize>| {
        marks.keep_unseen(bound, batch);
        let mut fresh = 0;
        for &index in batch.iter() {
            fresh += u64::from(marks.mark_plain(index, next));
        }
        fresh
    };
    for chunk in 0..marks.chunks.len() {
        // Checks the deadline and the cancel flag (the expansion limit is per layer).
        if let Err(reason) = limits.check_now(0, || 0) {
            scan.stopped = Some(reason);
            break;
        }
        scan_chunk(
            space,
            &mut scratch,
            marks,
            chunk,
            current,
            &mut scan,
            &mut flush,
        );
    }
    scan
}

/// Marks every state holding `current` done, on the calling thread.
pub(super) fn relabel_sequential(marks: Marks<'_>, current: u64) {
    for chunk in 0..marks.chunks.len() {
        marks.relabel_chunk(chunk, current);
    }
}

#[cfg(feature = "parallel")]
pub(super) mod parallel {
    //! The scans on a rayon pool.

    use core::sync::atomic::Ordering;
    use std::sync::OnceLock;

    use rayon::prelude::*;

    use super::{BATCH, IndexSpace, Limits, Marks, PER_WORD, Scan, UNSEEN, scan_chunk};

    /// One scan, chunks of the array spread over the current pool. A successor is claimed
    /// with `fetch_or` on its word: the thread that finds its field unseen counts it.
    pub(in crate::algo::layers) fn scan<X: IndexSpace + Sync + ?Sized>(
        space: &X,
        marks: Marks<'_>,
        bound: usize,
        current: u64,
        limits: &Limits<usize>,
    ) -> Scan {
        let next = 3 - current;
        let stop = OnceLock::new();
        let mut scan = (0..marks.chunks.len())
            .into_par_iter()
            .map_init(
                || (space.cursor(), Vec::with_capacity(2 * BATCH)),
                |scratch, chunk| {
                    let mut scan = Scan::default();
                    if stop.get().is_some() || !marks.chunk_holds(chunk, current) {
                        return scan;
                    }
                    if let Err(reason) = limits.check_now(0, || 0) {
                        let _first = stop.set(reason);
                        return scan;
                    }
                    let mut flush = |batch: &mut Vec<usize>| claim(marks, bound, next, batch);
                    scan_chunk(space, scratch, marks, chunk, current, &mut scan, &mut flush);
                    scan
                },
            )
            .reduce(Scan::default, Scan::merge);
        scan.stopped = stop.into_inner();
        scan
    }

    /// Gives the unseen indices of `batch` the value `next`; returns how many this thread
    /// claimed first.
    fn claim(marks: Marks<'_>, bound: usize, next: u64, batch: &mut Vec<usize>) -> u64 {
        marks.keep_unseen(bound, batch);
        // During a scan a field only changes from unseen to `next`, so or-ing `next` in is
        // safe; the previous value tells whether this thread was first.
        let mut fresh = 0;
        for &index in batch.iter() {
            let shift = (index % PER_WORD) * 2;
            let before = marks.words[index / PER_WORD].fetch_or(next << shift, Ordering::Relaxed);
            if (before >> shift) & 3 == UNSEEN {
                fresh += 1;
                marks.note(index, next, true);
            }
        }
        fresh
    }

    /// Marks every state holding `current` done, chunks spread over the current pool.
    pub(in crate::algo::layers) fn relabel(marks: Marks<'_>, current: u64) {
        (0..marks.chunks.len())
            .into_par_iter()
            .for_each(|chunk| marks.relabel_chunk(chunk, current));
    }
}
