//! Priority queues for Dijkstra and A*: a binary heap for any key, a bucket (Dial) queue
//! for unsigned integer keys and A* keys, a radix heap for unsigned integer keys, and a
//! binary heap of A* keys with a rule for ties ([`TieQueue`], [`Tie`]).
//!
//! The radix heap is *monotone*: a key pushed must not be below the last key popped, which
//! Dijkstra's non-negative step costs guarantee. The bucket queue accepts any key. Which
//! one wins depends on the spread of step costs; `BENCHMARKS.md` has the measurements.

use crate::error::CapacityError;
pub use crate::space::BucketKey;
use crate::space::UnsignedCost;
use crate::store::{Slot, try_push};

mod heap;
mod tie;

pub(crate) use heap::Heap;

pub(crate) use tie::TIE_EXPECTED;
pub use tie::{ParseTieError, Tie, TieQueue};

/// A min-priority queue of slots keyed by `K`.
///
/// Queues grow fallibly: when the allocator refuses memory, `push` (or a `pop` that has to
/// refile entries) returns a [`CapacityError`] and the queue is left as it was, so the
/// engine stops with [`StopReason::Capacity`](crate::StopReason::Capacity) instead of
/// aborting.
///
/// # Examples
///
/// ```
/// use state_search::CapacityError;
/// use state_search::queue::{BinaryQueue, BucketQueue, PriorityQueue, RadixQueue};
///
/// // Any queue gives its entries back in key order.
/// fn drain<Q: PriorityQueue<u32>>(mut queue: Q) -> Result<Vec<u32>, CapacityError> {
///     for (slot, key) in (0..).zip([9, 2, 7, 2, 5]) {
///         queue.push(key, slot)?;
///     }
///     let mut keys = Vec::new();
///     while let Some((key, _slot)) = queue.pop()? {
///         keys.push(key);
///     }
///     Ok(keys)
/// }
/// assert_eq!(drain(BinaryQueue::new())?, [2, 2, 5, 7, 9]);
/// assert_eq!(drain(BucketQueue::new())?, [2, 2, 5, 7, 9]);
/// assert_eq!(drain(RadixQueue::new())?, [2, 2, 5, 7, 9]);
/// # Ok::<(), CapacityError>(())
/// ```
pub trait PriorityQueue<K> {
    /// Adds `slot` with priority `key`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the queue cannot grow.
    fn push(&mut self, key: K, slot: Slot) -> Result<(), CapacityError>;
    /// Removes and returns an entry of least key; `None` when the queue is empty.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the queue had to refile entries and could not grow.
    fn pop(&mut self) -> Result<Option<(K, Slot)>, CapacityError>;
    /// The number of entries.
    fn len(&self) -> usize;
    /// Whether the queue is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Removes every entry; keeps the memory.
    fn clear(&mut self);
    /// The heap memory held, in bytes.
    fn memory_bytes(&self) -> usize;
}

/// A queue borrowed for a while is a queue: an engine's scratch lends its queue to one
/// search.
impl<K, Q: PriorityQueue<K> + ?Sized> PriorityQueue<K> for &mut Q {
    #[inline]
    fn push(&mut self, key: K, slot: Slot) -> Result<(), CapacityError> {
        (**self).push(key, slot)
    }
    #[inline]
    fn pop(&mut self) -> Result<Option<(K, Slot)>, CapacityError> {
        (**self).pop()
    }
    #[inline]
    fn len(&self) -> usize {
        (**self).len()
    }
    fn clear(&mut self) {
        (**self).clear();
    }
    fn memory_bytes(&self) -> usize {
        (**self).memory_bytes()
    }
}

/// A binary heap: any ordered key, O(log n) per
/// operation. The default queue of [`Dijkstra`](crate::Dijkstra) and open list of
/// [`AStar`](crate::AStar).
///
/// One entry at least as good as all the others is kept beside the heap: a push that
/// beats everything queued goes there, and the next pop takes it in O(1). A search that
/// pops a state and pushes a child which is next in line (A* stepping straight on across
/// open ground) skips the heap for it: one push in seven to nine on the Moving AI
/// maps, and 10% of A*'s time there.
///
/// Entries are compared by key alone: among equal keys, the order depends only on the
/// sequence of pushes and pops, not on the slots, so dense and hashed storage (which
/// number states differently) make the same choices and return the same paths.
///
/// # Examples
///
/// ```
/// use state_search::queue::{BinaryQueue, PriorityQueue};
///
/// // Any ordered key, such as a pair cost `(tolls, steps)` that the other queues refuse.
/// let mut queue = BinaryQueue::new();
/// queue.push((1u32, 5u32), 0)?;
/// queue.push((0, 9), 1)?;
/// queue.push((1, 2), 2)?;
/// assert_eq!(queue.pop()?, Some(((0, 9), 1)));
/// assert_eq!(queue.pop()?, Some(((1, 2), 2)));
/// assert_eq!(queue.len(), 1);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BinaryQueue<K> {
    heap: Heap<Entry<K>>,
    /// An entry at least as good as every one in `heap`, kept out of it: the child a
    /// search pushes and pops next (on a grid, the step straight on) skips the heap.
    best: Option<Entry<K>>,
}

/// A heap entry ordered by its key alone, least key greatest ([`Heap`] is a max-heap).
#[derive(Clone, Copy, Debug)]
struct Entry<K> {
    key: K,
    slot: Slot,
}

impl<K: Ord> PartialEq for Entry<K> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<K: Ord> Eq for Entry<K> {}

impl<K: Ord> PartialOrd for Entry<K> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K: Ord> Ord for Entry<K> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        other.key.cmp(&self.key)
    }
}

impl<K: Ord> BinaryQueue<K> {
    /// An empty queue.
    #[must_use]
    pub fn new() -> Self {
        Self {
            heap: Heap::new(),
            best: None,
        }
    }

    /// An entry of least key, left in the queue (the one [`PriorityQueue::pop`] would
    /// return next); `None` when the queue is empty.
    pub(crate) fn peek(&self) -> Option<(K, Slot)>
    where
        K: Copy,
    {
        self.best
            .as_ref()
            .or_else(|| self.heap.peek())
            .map(|entry| (entry.key, entry.slot))
    }

    /// Keeps the entries for which `keep` (given each key, which it may change, and slot)
    /// says yes, and orders them by their keys now: for the open lists whose keys change
    /// as a search goes (ARA*, ANA*).
    ///
    /// # Complexity
    ///
    /// O(n) for the n entries.
    pub(crate) fn rekey(&mut self, keep: &mut dyn FnMut(&mut K, Slot) -> bool)
    where
        K: Copy,
    {
        let mut entries = core::mem::take(&mut self.heap).into_vec();
        entries.extend(self.best.take());
        entries.retain_mut(|entry| keep(&mut entry.key, entry.slot));
        self.heap = Heap::from_vec(entries);
    }
}

impl<K: Ord> Default for BinaryQueue<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Ord + Copy> PriorityQueue<K> for BinaryQueue<K> {
    #[inline]
    fn push(&mut self, key: K, slot: Slot) -> Result<(), CapacityError> {
        let entry = Entry { key, slot };
        match self.best {
            None if self.heap.peek().is_none_or(|top| entry >= *top) => {
                self.best = Some(entry);
                Ok(())
            }
            Some(best) if entry > best => {
                self.heap.push(best)?;
                self.best = Some(entry);
                Ok(())
            }
            _ => self.heap.push(entry),
        }
    }

    #[inline]
    fn pop(&mut self) -> Result<Option<(K, Slot)>, CapacityError> {
        Ok(self
            .best
            .take()
            .or_else(|| self.heap.pop())
            .map(|entry| (entry.key, entry.slot)))
    }

    fn len(&self) -> usize {
        self.heap.len() + usize::from(self.best.is_some())
    }

    fn clear(&mut self) {
        self.heap.clear();
        self.best = None;
    }

    fn memory_bytes(&self) -> usize {
        self.heap.capacity() * size_of::<Entry<K>>()
    }
}

#[cold]
#[track_caller]
fn below_last_popped() -> ! {
    panic!("state-search: a monotone queue was given a key below the last key popped")
}

/// Dial's bucket queue: a ring of buckets, one per bucket number, over a window of keys;
/// keys beyond the window wait in a binary heap until the window reaches them.
///
/// O(1) push and pop for integer keys whose spread (in Dijkstra: the largest step cost)
/// fits the ring, which grows up to [`BucketQueue::MAX_RING`] buckets; a pop skips empty
/// buckets. A* keys (`(f, Reverse(g))`, or the same order as a
/// [`PackedKey`](crate::PackedKey)) cost O(log b) within a bucket of b entries, or O(1) in
/// a [`BucketQueue::lifo`]. Keys spread wider than the ring still come out in order, at
/// heap speed.
///
/// Best when step costs are small integers: the ring then has a few buckets. Keys below
/// the last one popped are accepted (A* with an inconsistent heuristic produces them).
///
/// With `LIFO` (built by [`BucketQueue::lifo`], named [`LifoBucketQueue`]) a bucket is a
/// stack: its entries come out last in, first out, whatever their [`BucketKey::tie`]
/// (entries that waited beyond the ring count as pushed when the window reaches them).
/// For A* that pops the least `f` in O(1), and among equal `f` the state generated last,
/// which is usually among the deepest: a common tie-break of grid pathfinding, not the
/// exact "largest `g`" of the binary heap. The cost found is the same; the path and the
/// number of expansions may differ. On the 1000x1000 grid benchmark, A* with it takes
/// about 0.7x the time of A* with the binary heap.
///
/// # Examples
///
/// ```
/// use state_search::queue::{BucketQueue, PriorityQueue};
///
/// let mut queue = BucketQueue::new();
/// queue.push(7u64, 0)?;
/// queue.push(3, 1)?;
/// queue.push(5, 2)?;
/// assert_eq!(queue.pop()?, Some((3, 1)));
/// queue.push(4, 3)?;
/// assert_eq!(queue.pop()?, Some((4, 3)));
/// queue.push(1 << 40, 4)?; // far beyond the ring: kept in a heap
/// assert_eq!(queue.pop()?, Some((5, 2)));
/// assert_eq!(queue.pop()?, Some((7, 0)));
/// assert_eq!(queue.pop()?, Some((1 << 40, 4)));
/// # Ok::<(), state_search::CapacityError>(())
/// ```
///
/// The last-in-first-out variant for A*'s keys:
///
/// ```
/// use state_search::queue::{BucketQueue, PriorityQueue};
/// use state_search::{EstimateKey, PackedKey};
///
/// let mut open = BucketQueue::lifo();
/// open.push(PackedKey::new(10u32, 2), 0)?; // f = 10, g = 2
/// open.push(PackedKey::new(10, 1), 1)?;
/// open.push(PackedKey::new(9, 0), 2)?;
/// assert_eq!(open.pop()?.map(|(_, slot)| slot), Some(2)); // least f first
/// assert_eq!(open.pop()?.map(|(_, slot)| slot), Some(1)); // then the last pushed
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BucketQueue<K, const LIFO: bool = false> {
    /// The ring: a power-of-two number of buckets.
    buckets: Vec<Vec<(K, Slot)>>,
    /// The ring position of bucket number `base`.
    cursor: usize,
    /// The first bucket number of the window: no entry has a smaller one.
    base: u64,
    /// The last bucket number of the window (inclusive, so that a window can end at
    /// `u64::MAX`): ring entries are at or below it, far entries above it;
    /// `last - base < buckets.len()`.
    last: u64,
    /// At least the largest bucket number of an entry in the ring (when it has entries).
    top: u64,
    /// Entries in the ring.
    near: usize,
    /// Entries beyond the window.
    far: Heap<Entry<K>>,
}

/// A [`BucketQueue`] whose buckets are stacks: see [`BucketQueue::lifo`].
pub type LifoBucketQueue<K> = BucketQueue<K, true>;

impl<K> BucketQueue<K> {
    /// An empty queue: within a bucket, the least [`BucketKey::tie`] first.
    #[must_use]
    pub fn new() -> Self {
        Self::empty()
    }
}

impl<K> BucketQueue<K, true> {
    /// An empty queue whose buckets are stacks: within a bucket, the entry pushed last
    /// comes out first, whatever its [`BucketKey::tie`].
    #[must_use]
    pub fn lifo() -> Self {
        Self::empty()
    }
}

impl<K, const LIFO: bool> BucketQueue<K, LIFO> {
    /// The largest ring, in buckets; keys spread wider wait in a heap.
    pub const MAX_RING: usize = 1 << 16;

    fn empty() -> Self {
        Self {
            buckets: Vec::new(),
            cursor: 0,
            base: 0,
            last: 0,
            top: 0,
            near: 0,
            far: Heap::new(),
        }
    }

    /// The number of buckets the ring spans.
    fn ring(&self) -> u64 {
        self.buckets.len() as u64
    }

    /// The last bucket of a window of the ring's size that starts at `first`, or
    /// `u64::MAX` if the window reaches past it.
    fn window_end(&self, first: u64) -> u64 {
        first.saturating_add(self.ring().saturating_sub(1))
    }

    /// Grows the ring to `size` buckets (a power of two), keeping every entry's bucket.
    fn grow(&mut self, size: usize) {
        let old = self.buckets.len();
        let mut buckets: Vec<Vec<(K, Slot)>> = (0..size).map(|_| Vec::new()).collect();
        for (offset, bucket) in buckets.iter_mut().take(old).enumerate() {
            let from = (self.cursor + offset) & (old - 1);
            *bucket = core::mem::take(&mut self.buckets[from]);
        }
        self.buckets = buckets;
        self.cursor = 0;
    }

    /// The ring size that spans `span` buckets, if the ring may grow that far.
    fn ring_for(&self, span: u64) -> Option<usize> {
        let span = usize::try_from(span).ok()?;
        (span <= Self::MAX_RING).then(|| span.next_power_of_two().max(self.buckets.len()))
    }
}

impl<K, const LIFO: bool> Default for BucketQueue<K, LIFO> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<K: BucketKey, const LIFO: bool> BucketQueue<K, LIFO> {
    /// Whether a bucket is kept as a heap on [`BucketKey::tie`] (else it is a stack).
    const HEAPS: bool = K::SPLITS_BUCKETS && !LIFO;

    /// Files `key` in the ring (its bucket must lie in the window).
    #[inline]
    fn put_near(&mut self, key: K, slot: Slot) -> Result<(), CapacityError> {
        let offset = usize::try_from(key.bucket() - self.base).unwrap_or(0);
        let mask = self.buckets.len() - 1;
        let entries = &mut self.buckets[(self.cursor + offset) & mask];
        try_push(entries, (key, slot))?;
        if Self::HEAPS {
            sift_up(entries);
        }
        self.top = self.top.max(key.bucket());
        self.near += 1;
        Ok(())
    }

    /// Sets the end of the window as far as the ring allows, and moves the far entries it
    /// now covers into the ring.
    fn widen(&mut self) -> Result<(), CapacityError> {
        self.last = self.window_end(self.base);
        while let Some(entry) = self.far.peek()
            && entry.key.bucket() <= self.last
        {
            let Entry { key, slot } = *entry;
            self.put_near(key, slot)?;
            self.far.pop();
        }
        Ok(())
    }

    /// Starts the window at `bucket`, which is below `base`.
    ///
    /// The ring must span the entries from `bucket` to the largest one in it (`top`), not
    /// to the end of the window: a window reset by a push into an empty queue ends a
    /// whole ring above its first key, and growing to cover it would double the ring at
    /// every such push. The window is then cut to what the ring spans.
    fn move_back(&mut self, bucket: u64) -> Result<(), CapacityError> {
        if self.near == 0 {
            // The ring is empty (everything waits in the heap): only the window moves.
            self.base = bucket;
            self.top = bucket;
            self.last = self.last.min(self.window_end(bucket));
            return Ok(());
        }
        // Ring entries lie in `base..=top`, so `base - bucket <= top - bucket` fits the ring.
        if let Some(size) = self.ring_for((self.top - bucket).saturating_add(1)) {
            if size > self.buckets.len() {
                self.grow(size);
            }
            let back = usize::try_from(self.base - bucket).unwrap_or(0);
            self.cursor = (self.cursor + self.buckets.len() - back) & (self.buckets.len() - 1);
            self.base = bucket;
            self.last = self.last.min(self.window_end(bucket));
        } else {
            // Too wide for the ring: everything in it waits in the heap instead.
            self.far.try_reserve(self.near).map_err(|_| {
                CapacityError::out_of_memory(self.far.len() + self.near, size_of::<Entry<K>>())
            })?;
            for entries in &mut self.buckets {
                for (key, slot) in entries.drain(..) {
                    self.far.push(Entry { key, slot })?;
                }
            }
            self.near = 0;
            self.cursor = 0;
            self.base = bucket;
            self.top = bucket;
            self.widen()?;
        }
        Ok(())
    }
}

impl<K: BucketKey, const LIFO: bool> PriorityQueue<K> for BucketQueue<K, LIFO> {
    #[inline]
    fn push(&mut self, key: K, slot: Slot) -> Result<(), CapacityError> {
        let bucket = key.bucket();
        if self.buckets.is_empty() {
            self.grow(8);
        }
        if self.is_empty() {
            self.base = bucket;
            self.last = self.window_end(bucket);
            self.top = bucket;
        } else if bucket < self.base {
            self.move_back(bucket)?;
        }
        if bucket > self.last {
            // Saturating: a span of all 2^64 buckets is as much too wide as any.
            let Some(size) = self.ring_for((bucket - self.base).saturating_add(1)) else {
                return self.far.push(Entry { key, slot });
            };
            if size > self.buckets.len() {
                self.grow(size);
            }
            self.widen()?;
        }
        self.put_near(key, slot)
    }

    #[inline]
    fn pop(&mut self) -> Result<Option<(K, Slot)>, CapacityError> {
        if self.near == 0 {
            let Some(next) = self.far.peek() else {
                return Ok(None);
            };
            let next = next.key.bucket();
            self.base = next;
            self.top = next;
            self.widen()?;
        }
        let mask = self.buckets.len() - 1;
        while self.buckets[self.cursor].is_empty() {
            self.cursor = (self.cursor + 1) & mask;
            self.base += 1;
        }
        let entries = &mut self.buckets[self.cursor];
        let entry = if Self::HEAPS {
            pop_min(entries)
        } else {
            entries.pop()
        };
        self.near -= 1;
        Ok(entry)
    }

    fn len(&self) -> usize {
        self.near + self.far.len()
    }

    fn clear(&mut self) {
        self.buckets.iter_mut().for_each(Vec::clear);
        self.far.clear();
        self.cursor = 0;
        self.base = 0;
        self.last = 0;
        self.top = 0;
        self.near = 0;
    }

    fn memory_bytes(&self) -> usize {
        self.buckets.capacity() * size_of::<Vec<(K, Slot)>>()
            + self
                .buckets
                .iter()
                .map(|b| b.capacity() * size_of::<(K, Slot)>())
                .sum::<usize>()
            + self.far.capacity() * size_of::<Entry<K>>()
    }
}

/// Restores the min-heap order (by [`BucketKey::tie`]) of `heap` after a push at its end.
fn sift_up<K: BucketKey>(heap: &mut [(K, Slot)]) {
    let Some(mut hole) = heap.len().checked_sub(1) else {
        return;
    };
    let item = heap[hole];
    while hole > 0 {
        let parent = (hole - 1) / 2;
        if heap[parent].0.tie() <= item.0.tie() {
            break;
        }
        heap[hole] = heap[parent];
        hole = parent;
    }
    heap[hole] = item;
}

/// Removes the least entry (by [`BucketKey::tie`]) of the min-heap `heap`.
fn pop_min<K: BucketKey>(heap: &mut Vec<(K, Slot)>) -> Option<(K, Slot)> {
    let last = heap.pop()?;
    let Some(&top) = heap.first() else {
        return Some(last);
    };
    let len = heap.len();
    let mut hole = 0;
    loop {
        let mut child = 2 * hole + 1;
        if child >= len {
            break;
        }
        if child + 1 < len && heap[child + 1].0.tie() < heap[child].0.tie() {
            child += 1;
        }
        if heap[child].0.tie() >= last.0.tie() {
            break;
        }
        heap[hole] = heap[child];
        hole = child;
    }
    heap[hole] = last;
    Some(top)
}

/// A radix heap: 65 buckets by the highest bit in which a key differs from the last key
/// popped. Amortized O(log C) per entry for keys up to C, whatever the spread of step
/// costs.
///
/// # Panics
///
/// `push` panics when the key is below the last key popped (the queue is monotone).
///
/// # Examples
///
/// ```
/// use state_search::{Dijkstra, Problem, Solver};
/// use state_search::queue::{PriorityQueue, RadixQueue};
///
/// let mut queue = RadixQueue::new();
/// queue.push(1_000_000u64, 0)?;
/// queue.push(3, 1)?;
/// assert_eq!(queue.pop()?, Some((3, 1)));
/// queue.push(3, 2)?; // not below the last key popped: accepted
/// assert_eq!(queue.pop()?, Some((3, 2)));
/// // Step costs of any spread, in Dijkstra:
/// let space = state_search::from_fn(|&n: &u32| {
///     [(n + 1, 1u64), (n * 2, 1 << 30)].into_iter().filter(|&(m, _)| m <= 200)
/// });
/// let radix = Dijkstra::new().with_queue(RadixQueue::new()).search(&Problem::new(&space, [1], |&n| n == 200));
/// let heap = Dijkstra::new().search(&Problem::new(&space, [1], |&n| n == 200));
/// assert_eq!(radix.found().unwrap().cost, 199);
/// assert_eq!(radix.found(), heap.found());
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RadixQueue<C> {
    buckets: [Vec<(u64, Slot)>; 65],
    last: u64,
    len: usize,
    marker: core::marker::PhantomData<C>,
}

impl<C> RadixQueue<C> {
    /// An empty queue.
    #[must_use]
    pub fn new() -> Self {
        Self {
            buckets: core::array::from_fn(|_| Vec::new()),
            last: 0,
            len: 0,
            marker: core::marker::PhantomData,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (u64::BITS - (key ^ self.last).leading_zeros()) as usize
    }
}

impl<C> Default for RadixQueue<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: UnsignedCost> PriorityQueue<C> for RadixQueue<C> {
    #[inline]
    fn push(&mut self, key: C, slot: Slot) -> Result<(), CapacityError> {
        let key = key.to_u64();
        if key < self.last {
            below_last_popped();
        }
        let bucket = self.bucket(key);
        try_push(&mut self.buckets[bucket], (key, slot))?;
        self.len += 1;
        Ok(())
    }

    #[inline]
    fn pop(&mut self) -> Result<Option<(C, Slot)>, CapacityError> {
        if self.len == 0 {
            return Ok(None);
        }
        if self.buckets[0].is_empty() {
            let Some(from) = self.buckets.iter().position(|b| !b.is_empty()) else {
                return Ok(None);
            };
            let last = self.buckets[from].iter().map(|&(key, _)| key).min();
            let Some(last) = last else {
                return Ok(None);
            };
            // Room first, so that a refused allocation leaves the queue as it was.
            let mut counts = [0usize; 65];
            for &(key, _) in &self.buckets[from] {
                counts[(u64::BITS - (key ^ last).leading_zeros()) as usize] += 1;
            }
            for (bucket, &count) in self.buckets.iter_mut().zip(&counts) {
                bucket.try_reserve(count).map_err(|_| {
                    CapacityError::out_of_memory(bucket.len() + count, size_of::<(u64, Slot)>())
                })?;
            }
            self.last = last;
            let mut moving = core::mem::take(&mut self.buckets[from]);
            for &(key, slot) in &moving {
                let bucket = self.bucket(key);
                self.buckets[bucket].push((key, slot));
            }
            moving.clear();
            // Keep the emptied bucket's allocation for later pushes.
            self.buckets[from] = moving;
        }
        let Some((key, slot)) = self.buckets[0].pop() else {
            return Ok(None);
        };
        self.len -= 1;
        Ok(Some((C::from_u64(key), slot)))
    }

    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.buckets.iter_mut().for_each(Vec::clear);
        self.last = 0;
        self.len = 0;
    }

    fn memory_bytes(&self) -> usize {
        self.buckets
            .iter()
            .map(|b| b.capacity() * size_of::<(u64, Slot)>())
            .sum()
    }
}

#[cfg(test)]
mod tests;
