//! Breadth-first layer counting over a whole state space at two bits per state: how many
//! states lie at each distance from the start, with no parent, cost or queue per state.
//!
//! # How it works
//!
//! This is the frontier search of Korf's disk-based breadth-first search, held in memory.
//! Every index of a [`StateIndexer`] gets two bits: *unseen*, *done*, and two values that
//! take turns as *the layer being expanded* and *the next layer*. A layer is expanded by
//! scanning the whole array for its value; each successor still unseen gets the other
//! value and is counted. After the scan the expanded layer is relabelled *done* in one
//! pass, and the values swap roles. Keeping the layer *done* only after its scan (rather
//! than state by state) is what lets the deepest layer be listed at the end.
//!
//! No list of states is ever built, so the memory is `bound / 4` bytes whatever the shape
//! of the space (plus a byte per 32,768 indices recording which values that chunk may
//! hold, so that scans skip chunks with nothing to do), and each layer costs one expansion
//! per state in it plus at most two sequential passes over the array.
//!
//! The parallel version (feature `parallel`) splits each scan into chunks of the array
//! handled by a local rayon pool; threads claim successors with an atomic `fetch_or` on the
//! 64-bit word that holds them, so the counts are the same as the sequential ones.
//!
//! Spaces that know a fast way from an index to the indices of its successors, without
//! building states, implement [`IndexSpace`] and run through [`Layers::count_indices`];
//! the sliding-tile puzzle's `domains::sliding::ranking::RankedPuzzle` (feature `domains`)
//! does, and counts the 239,500,800 states of the 3x4 puzzle in about 20 seconds on one core
//! (see `BENCHMARKS.md`).

use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::error::{CapacityError, CapacityErrorKind};
use crate::solution::{Limits, Stats, StopReason};
use crate::space::{StateIndexer, StateSpace};

/// The two-bit value of a state not reached yet.
const UNSEEN: u64 = 0;
/// States per 64-bit word of the array.
pub(crate) const PER_WORD: usize = 32;
/// The low bit of every two-bit field of a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;
/// Words scanned between two checks of the deadline and the cancel flag, the unit of work
/// of the parallel scan, and what a summary byte describes: 32,768 states.
const CHUNK_WORDS: usize = 1024;
/// States per chunk.
const CHUNK_STATES: usize = CHUNK_WORDS * PER_WORD;
/// Successor indices gathered before they are marked together: marking them in one tight
/// loop lets the processor overlap their cache misses.
const BATCH: usize = 256;

/// A space whose states are the indices `0..bound()` themselves: the view of a space that
/// [`Layers`] expands.
///
/// Any [`StateSpace`] with a [`StateIndexer`] is one ([`Layers::count`] adapts it: it turns
/// each index into a state, lists the state's successors and numbers them). Implement this
/// trait directly when successors can be computed from an index faster than by building
/// states, as `domains::sliding::ranking::RankedPuzzle` (feature `domains`) does for
/// sliding-tile boards.
///
/// # Examples
///
/// A ring of 10 states, each with a step to both neighbours:
///
/// ```
/// use state_search::algo::layers::{IndexSpace, Layers};
///
/// struct Ring(usize);
/// impl IndexSpace for Ring {
///     type Cursor = ();
///     fn bound(&self) -> usize { self.0 }
///     fn cursor(&self) {}
///     fn successors(&self, (): &mut (), i: usize, mut emit: impl FnMut(usize)) {
///         emit((i + 1) % self.0);
///         emit((i + self.0 - 1) % self.0);
///     }
/// }
/// let counts = Layers::new().count_indices(&Ring(10), [0], |_, _, _| {})?;
/// assert_eq!(counts.layers, [1, 2, 2, 2, 2, 1]);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub trait IndexSpace {
    /// Scratch state kept by one thread between calls to [`IndexSpace::successors`], such
    /// as the last state decoded from an index. Indices come in increasing order within a
    /// chunk of the scan, so consecutive calls often share work.
    type Cursor;

    /// One more than the largest index.
    fn bound(&self) -> usize;

    /// A fresh cursor.
    fn cursor(&self) -> Self::Cursor;

    /// Emits the index of every successor of the state whose index is `index`; each must be
    /// below [`IndexSpace::bound`].
    fn successors(&self, cursor: &mut Self::Cursor, index: usize, emit: impl FnMut(usize));
}

/// A [`StateSpace`] seen through a [`StateIndexer`].
struct Numbered<'a, Sp: ?Sized, I> {
    space: &'a Sp,
    indexer: &'a I,
}

impl<Sp, I> IndexSpace for Numbered<'_, Sp, I>
where
    Sp: StateSpace + ?Sized,
    I: StateIndexer<Sp::State>,
{
    type Cursor = ();

    fn bound(&self) -> usize {
        self.indexer.bound()
    }

    fn cursor(&self) {}

    #[inline]
    fn successors(&self, (): &mut (), index: usize, mut emit: impl FnMut(usize)) {
        let state = self.indexer.state(index);
        self.space
            .successors(&state, |next, _| emit(self.indexer.index(&next)));
    }
}

/// The number of states at each distance from the start, as counted by [`Layers`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayerCounts {
    /// `layers[d]` is the number of states exactly `d` steps from the nearest start state.
    /// Only complete layers are listed: a search stopped by a limit lists the layers it
    /// finished counting. Empty when no start state was given.
    pub layers: Vec<u64>,
    /// The greatest distance counted, `layers.len() - 1` (0 when `layers` is empty): for
    /// a complete count, the eccentricity of the start.
    pub depth: usize,
    /// The sum of `layers`: the number of states reached.
    pub total: u64,
    /// Why the count stopped before the space was exhausted; `None` when it is complete.
    pub stopped: Option<StopReason>,
    /// States expanded and successors generated (`iterations` is 1, `peak_open` the
    /// largest layer, `stored` the states reached).
    pub stats: Stats,
}

impl LayerCounts {
    /// Whether every state reachable from the start was counted.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A reusable breadth-first layer counter over a numbered space, at two bits per index.
///
/// It keeps the two-bit array between runs: after a complete run, [`Layers::last_layer`]
/// lists the indices of the states farthest from the start, and a run on a space of the
/// same bound allocates nothing.
///
/// # Limits
///
/// A cost limit is a limit on the depth: layers up to that depth are counted, and the
/// count is [`StopReason::Cost`] when some state lies deeper. The expansion limit is
/// applied per layer (a layer is expanded only when all of its states fit within it), so
/// that the sequential and parallel counts stop at the same layer. The deadline and the
/// cancel flag are checked every 32,768 indices of a scan. A stopped count reports the
/// layers it completed. A memory limit applies to the two-bit array: a count whose array
/// would exceed it is a [`CapacityError`] before anything is allocated.
///
/// # Complexity
///
/// For a space of bound N whose start reaches V states over E steps, at depth D: O(V + E)
/// expansions and successor numberings, plus O(D * N / 32) word operations for the scans
/// and relabellings; O(N / 4) bytes of memory, allocated once.
///
/// # Examples
///
/// The 2x3 sliding-tile puzzle (feature `domains`), counted from its goal:
///
/// ```
/// # #[cfg(feature = "domains")] {
/// use state_search::algo::layers::Layers;
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::ranking::TileRanking;
///
/// let puzzle = NPuzzle::standard(2, 3)?;
/// let ranking = TileRanking::new(&puzzle).expect("a small board");
/// let mut layers = Layers::new();
/// let counts = layers.count(&puzzle, &ranking, [puzzle.goal().clone()], |_, _, _| {})?;
/// assert_eq!((counts.total, counts.depth), (360, 21));
/// // The single board 21 moves from the goal:
/// let farthest: Vec<usize> = layers.last_layer().expect("complete").collect();
/// assert_eq!(farthest.len(), 1);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Layers {
    /// Two bits per index, 32 indices per word.
    marks: Vec<AtomicU64>,
    /// For each chunk of [`CHUNK_WORDS`] words, which of the two layer values it may hold
    /// (bit 0: value 1, bit 1: value 2), so that scans skip the chunks with nothing to do.
    chunks: Vec<AtomicU8>,
    /// The value held by the deepest layer after a complete run.
    last: Option<u64>,
    limits: Limits<usize>,
}

impl core::fmt::Debug for Layers {
    /// The size of the array, not its millions of entries.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Layers")
            .field("indices", &(self.marks.len() * PER_WORD))
            .field("chunks", &self.chunks.len())
            .field("memory_bytes", &self.memory_bytes())
            .field("last_layer_value", &self.last)
            .field("limits", &self.limits)
            .finish()
    }
}

/// What one scan of a layer did.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    expanded: u64,
    generated: u64,
    /// Successors seen for the first time: the size of the next layer.
    fresh: u64,
    stopped: Option<StopReason>,
}

impl Scan {
    #[cfg(feature = "parallel")]
    fn merge(self, other: Scan) -> Scan {
        Scan {
            expanded: self.expanded + other.expanded,
            generated: self.generated + other.generated,
            fresh: self.fresh + other.fresh,
            stopped: self.stopped.or(other.stopped),
        }
    }
}

impl Layers {
    /// A counter with no limits and no memory yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The same counter with `limits` (see the [type's documentation](Layers#limits)).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<usize>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the limits of later counts.
    pub fn set_limits(&mut self, limits: Limits<usize>) {
        self.limits = limits;
    }

    /// Counts the states at each distance from `starts` in `space`, whose states `indexer`
    /// numbers, on the calling thread.
    ///
    /// # Arguments
    ///
    /// * `space` - the state space; step costs are ignored.
    /// * `indexer` - a numbering of every state reachable from `starts`.
    /// * `starts` - the states at distance 0; duplicates are ignored.
    /// * `progress` - called with the depth, the size and the time since the start as soon
    ///   as each layer is counted (depth 0 included), on the calling thread.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the two-bit array of `indexer.bound()` entries cannot be
    /// allocated.
    ///
    /// # Panics
    ///
    /// Panics if `indexer` numbers a reachable state at or above its bound.
    ///
    /// # Complexity
    ///
    /// See [`Layers`]: O(V + E) expansions plus O(D * N / 32) word operations; O(N / 4)
    /// bytes.
    pub fn count<Sp, I>(
        &mut self,
        space: &Sp,
        indexer: &I,
        starts: impl IntoIterator<Item = Sp::State>,
        progress: impl FnMut(usize, u64, Duration),
    ) -> Result<LayerCounts, CapacityError>
    where
        Sp: StateSpace + ?Sized,
        I: StateIndexer<Sp::State>,
    {
        let starts = starts.into_iter().map(|start| indexer.index(&start));
        self.count_indices(&Numbered { space, indexer }, starts, progress)
    }

    /// [`Layers::count`] over a space of indices: `starts` are indices below
    /// `space.bound()`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the two-bit array cannot be allocated.
    ///
    /// # Panics
    ///
    /// Panics if a start or a successor index is at or above `space.bound()`.
    ///
    /// # Complexity
    ///
    /// O(V + E) calls to [`IndexSpace::successors`] and marks, plus O(D * N / 32) word
    /// operations; O(N / 4) bytes.
    ///
    /// # Examples
    ///
    /// See [`IndexSpace`].
    pub fn count_indices<X>(
        &mut self,
        space: &X,
        starts: impl IntoIterator<Item = usize>,
        progress: impl FnMut(usize, u64, Duration),
    ) -> Result<LayerCounts, CapacityError>
    where
        X: IndexSpace + ?Sized,
    {
        let bound = space.bound();
        self.drive(
            bound,
            starts,
            progress,
            |marks, current, limits| scan_sequential(space, marks, bound, current, limits),
            relabel_sequential,
        )
    }

    /// [`Layers::count`] on `threads` threads: each scan is split into chunks processed by a
    /// local rayon pool. `threads == 1` runs the sequential code on the calling thread;
    /// `threads == 0` means rayon's default (one thread per core, or `RAYON_NUM_THREADS`).
    /// The counts are the same as the sequential ones.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the two-bit array cannot be allocated, or (of kind
    /// [`Threads`](crate::CapacityErrorKind::Threads)) when the operating system refuses
    /// to start the threads.
    ///
    /// # Panics
    ///
    /// Panics if `indexer` numbers a reachable state at or above its bound.
    ///
    /// # Complexity
    ///
    /// The work of [`Layers::count`], spread over the threads: O((V + E) / threads +
    /// D * N / (32 * threads)) time when the chunks balance; O(N / 4) bytes, shared.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::algo::layers::Layers;
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::ranking::TileRanking;
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let ranking = TileRanking::new(&puzzle).expect("a small board");
    /// let goal = [puzzle.goal().clone()];
    /// let mut layers = Layers::new();
    /// let sequential = layers.count(&puzzle, &ranking, goal.clone(), |_, _, _| {})?;
    /// let parallel = layers.par_count(&puzzle, &ranking, goal, 4, |_, _, _| {})?;
    /// assert_eq!(parallel, sequential);
    /// assert_eq!(parallel.total, 181_440);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "parallel")]
    pub fn par_count<Sp, I>(
        &mut self,
        space: &Sp,
        indexer: &I,
        starts: impl IntoIterator<Item = Sp::State>,
        threads: usize,
        progress: impl FnMut(usize, u64, Duration),
    ) -> Result<LayerCounts, CapacityError>
    where
        Sp: StateSpace + Sync + ?Sized,
        I: StateIndexer<Sp::State> + Sync,
    {
        let starts = starts.into_iter().map(|start| indexer.index(&start));
        self.par_count_indices(&Numbered { space, indexer }, starts, threads, progress)
    }

    /// [`Layers::count_indices`] on `threads` threads (see [`Layers::par_count`]).
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the two-bit array cannot be allocated, or (of kind
    /// [`Threads`](crate::CapacityErrorKind::Threads)) when the operating system refuses
    /// to start the threads.
    ///
    /// # Panics
    ///
    /// Panics if a start or a successor index is at or above `space.bound()`.
    ///
    /// # Complexity
    ///
    /// As [`Layers::par_count`].
    #[cfg(feature = "parallel")]
    pub fn par_count_indices<X>(
        &mut self,
        space: &X,
        starts: impl IntoIterator<Item = usize>,
        threads: usize,
        progress: impl FnMut(usize, u64, Duration),
    ) -> Result<LayerCounts, CapacityError>
    where
        X: IndexSpace + Sync + ?Sized,
    {
        if threads == 1 {
            return self.count_indices(space, starts, progress);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|_| CapacityError::threads(threads))?;
        let bound = space.bound();
        self.drive(
            bound,
            starts,
            progress,
            |marks, current, limits| {
                pool.install(|| parallel::scan(space, marks, bound, current, limits))
            },
            |marks, current| pool.install(|| parallel::relabel(marks, current)),
        )
    }

    /// The indices of the deepest layer of the last count, in increasing order, or `None`
    /// when there was no count yet or it was stopped by a limit.
    ///
    /// # Complexity
    ///
    /// O(N / 32) words are read, for the bound N.
    #[must_use]
    pub fn last_layer(&self) -> Option<impl Iterator<Item = usize> + '_> {
        let value = self.last?;
        Some(self.marks.iter().enumerate().flat_map(move |(k, word)| {
            let mut found = fields_equal(word.load(Ordering::Relaxed), value);
            core::iter::from_fn(move || {
                (found != 0).then(|| {
                    let bit = found.trailing_zeros() as usize;
                    found &= found - 1;
                    k * PER_WORD + bit / 2
                })
            })
        }))
    }

    /// The heap memory held, in bytes: the two-bit array and a byte per 32,768 indices.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.marks.capacity() * size_of::<AtomicU64>() + self.chunks.capacity()
    }

    /// Allocates (fallibly) and clears the array for `bound` indices.
    fn reset(&mut self, bound: usize) -> Result<(), CapacityError> {
        let words = bound.div_ceil(PER_WORD);
        let chunks = words.div_ceil(CHUNK_WORDS);
        if let Some(budget) = self.limits.memory_limit() {
            let bytes = words
                .saturating_mul(size_of::<AtomicU64>())
                .saturating_add(chunks);
            if bytes > budget {
                return Err(CapacityError::memory_limit(bound, bytes));
            }
        }
        self.marks.clear();
        self.chunks.clear();
        if self.marks.try_reserve_exact(words).is_err()
            || self.chunks.try_reserve_exact(chunks).is_err()
        {
            return Err(CapacityError {
                entries: bound,
                bytes: words
                    .checked_mul(size_of::<AtomicU64>())
                    .and_then(|bytes| bytes.checked_add(chunks)),
                reason: CapacityErrorKind::OutOfMemory,
            });
        }
        self.marks.resize_with(words, || AtomicU64::new(0));
        self.chunks.resize_with(chunks, || AtomicU8::new(0));
        Ok(())
    }

    /// The layer loop shared by the sequential and parallel counts: `scan` expands the
    /// layer holding a value and marks its new successors with the other one, `relabel`
    /// marks the layer holding a value done.
    fn drive(
        &mut self,
        bound: usize,
        starts: impl IntoIterator<Item = usize>,
        mut progress: impl FnMut(usize, u64, Duration),
        mut scan: impl FnMut(Marks<'_>, u64, &Limits<usize>) -> Scan,
        mut relabel: impl FnMut(Marks<'_>, u64),
    ) -> Result<LayerCounts, CapacityError> {
        let clock = Instant::now();
        let limits = self.limits.started();
        self.last = None;
        self.reset(bound)?;
        let marks = Marks {
            words: &self.marks,
            chunks: &self.chunks,
        };
        let mut current = 1;
        let mut first = 0;
        for start in starts {
            assert!(
                start < bound,
                "state-search: start index {start} is not below the bound {bound}"
            );
            first += u64::from(marks.mark_plain(start, current));
        }
        let mut counts = LayerCounts {
            layers: Vec::new(),
            depth: 0,
            total: 0,
            stopped: None,
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        };
        if first == 0 {
            self.last = Some(current);
            return Ok(counts);
        }
        counts.layers.push(first);
        progress(0, first, clock.elapsed());
        let max_depth = limits.cost_limit();
        loop {
            let depth = counts.layers.len() - 1;
            let size = counts.layers[depth];
            if let Some(max) = limits.expansion_limit()
                && counts.stats.expanded + size > max
            {
                counts.stopped = Some(StopReason::Expansions);
                break;
            }
            let layer = scan(marks, current, &limits);
            counts.stats.expanded += layer.expanded;
            counts.stats.generated += layer.generated;
            if layer.stopped.is_some() {
                counts.stopped = layer.stopped;
                break;
            }
            if layer.fresh == 0 {
                self.last = Some(current);
                break;
            }
            if max_depth.is_some_and(|max| depth >= max) {
                counts.stopped = Some(StopReason::Cost);
                break;
            }
            relabel(marks, current);
            counts.layers.push(layer.fresh);
            progress(depth + 1, layer.fresh, clock.elapsed());
            current = 3 - current;
        }
        counts.depth = counts.layers.len().saturating_sub(1);
        counts.total = counts.layers.iter().sum();
        counts.stats.peak_open = counts
            .layers
            .iter()
            .max()
            .map_or(0, |&most| usize::try_from(most).unwrap_or(usize::MAX));
        counts.stats.stored = usize::try_from(counts.total).unwrap_or(usize::MAX);
        Ok(counts)
    }
}

/// Counts the states at each distance from `starts` in `space`, whose states `indexer`
/// numbers, at two bits per index, on the calling thread. See [`Layers`] for limits,
/// progress reports, the deepest states and the parallel version.
///
/// # Errors
///
/// A [`CapacityError`] when the two-bit array of `indexer.bound()` entries cannot be
/// allocated.
///
/// # Panics
///
/// Panics if `indexer` numbers a reachable state at or above its bound.
///
/// # Complexity
///
/// O(V + E) expansions for the V states and E steps reached, plus O(D * N / 32) word
/// operations for the depth D and the bound N; O(N / 4) bytes.
///
/// # Examples
///
/// Knight moves on a 5x5 board, from a corner:
///
/// ```
/// use state_search::StateIndexer;
///
/// #[derive(Clone)]
/// struct Cells;
/// impl StateIndexer<(i8, i8)> for Cells {
///     fn bound(&self) -> usize { 25 }
///     fn index(&self, &(r, c): &(i8, i8)) -> usize { (r * 5 + c) as usize }
///     fn state(&self, i: usize) -> (i8, i8) { ((i / 5) as i8, (i % 5) as i8) }
/// }
/// let knight = state_search::unit_from_fn(|&(r, c): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(move |(dr, dc)| (r + dr, c + dc))
///         .filter(|&(r, c)| (0..5).contains(&r) && (0..5).contains(&c))
/// });
/// let counts = state_search::layers(&knight, &Cells, [(0, 0)])?;
/// assert_eq!(counts.total, 25);
/// assert_eq!(counts.layers[..2], [1, 2]);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub fn layers<Sp, I>(
    space: &Sp,
    indexer: &I,
    starts: impl IntoIterator<Item = Sp::State>,
) -> Result<LayerCounts, CapacityError>
where
    Sp: StateSpace + ?Sized,
    I: StateIndexer<Sp::State>,
{
    Layers::new().count(space, indexer, starts, |_, _, _| {})
}

mod scan;
pub(crate) use scan::fields_equal;

#[cfg(feature = "parallel")]
use scan::parallel;
use scan::{Marks, relabel_sequential, scan_sequential};
