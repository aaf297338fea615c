//! The crate's binary max-heap: the open lists of the best-first engines `Strategy` runs.
//!
//! It exists for the build of a user's program, not for speed: each entry type's heap is
//! compiled into every program that searches, and `std`'s `BinaryHeap` compiles to more
//! code (its `pop` and `clear` go through drop guards and a `Drain`, which entries of
//! `Copy` types never need): replacing it removed 5% of the LLVM IR of a program that runs
//! every strategy on one problem type. The algorithms are the textbook ones `std` also uses
//! (sift up through a hole; a pop sifts the hole to the bottom, then the last entry up), so
//! entries come out in the same order, ties included.

use crate::error::CapacityError;

/// A binary max-heap of `Copy` entries in a vector: the greatest entry comes out first.
#[derive(Clone, Debug)]
pub(crate) struct Heap<T> {
    data: Vec<T>,
}

impl<T> Default for Heap<T> {
    fn default() -> Self {
        Self { data: Vec::new() }
    }
}

impl<T> Heap<T> {
    /// An empty heap; allocates nothing.
    pub(crate) const fn new() -> Self {
        Self { data: Vec::new() }
    }

    /// The entries, in no particular order.
    pub(crate) fn into_vec(self) -> Vec<T> {
        self.data
    }

    pub(crate) fn len(&self) -> usize {
        self.data.len()
    }

    pub(crate) fn capacity(&self) -> usize {
        self.data.capacity()
    }

    /// Empties the heap and keeps its memory.
    pub(crate) fn clear(&mut self) {
        self.data.clear();
    }

    /// The greatest entry, left in the heap.
    pub(crate) fn peek(&self) -> Option<&T> {
        self.data.first()
    }

    /// Makes room for `more` entries beyond the current ones.
    pub(crate) fn try_reserve(
        &mut self,
        more: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        self.data.try_reserve(more)
    }
}

impl<T: Ord + Copy> Heap<T> {
    /// The entries of `data` as a heap.
    ///
    /// # Complexity
    ///
    /// O(n) for n entries.
    pub(crate) fn from_vec(data: Vec<T>) -> Self {
        let mut heap = Self { data };
        let mut n = heap.data.len() / 2;
        while n > 0 {
            n -= 1;
            heap.sift_down(n);
        }
        heap
    }

    /// Adds an entry, growing the heap fallibly (doubling, at least 4 entries).
    ///
    /// # Errors
    ///
    /// [`CapacityError`] when the allocator refuses the larger heap, which is then
    /// unchanged.
    #[inline]
    pub(crate) fn push(&mut self, item: T) -> Result<(), CapacityError> {
        if self.data.len() == self.data.capacity() {
            self.grow()?;
        }
        self.data.push(item);
        self.sift_up(0, self.data.len() - 1);
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), CapacityError> {
        let more = self.data.capacity().max(4);
        self.data
            .try_reserve(more)
            .map_err(|_| CapacityError::out_of_memory(self.data.len() + more, size_of::<T>()))
    }

    /// Removes the greatest entry.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        let last = self.data.pop()?;
        let Some(&top) = self.data.first() else {
            return Some(last);
        };
        self.data[0] = last;
        self.sift_down_to_bottom();
        Some(top)
    }

    /// Moves the entry at `pos` up while it is greater than its parent, not above `start`;
    /// returns where it stopped.
    fn sift_up(&mut self, start: usize, mut pos: usize) -> usize {
        let item = self.data[pos];
        while pos > start {
            let parent = (pos - 1) / 2;
            if item <= self.data[parent] {
                break;
            }
            self.data[pos] = self.data[parent];
            pos = parent;
        }
        self.data[pos] = item;
        pos
    }

    /// Moves the root's entry down to a leaf along the greater children, then up to where it
    /// belongs: fewer comparisons than stopping on the way down, since the entry (the last
    /// one, moved to the root) usually belongs near the bottom.
    fn sift_down_to_bottom(&mut self) {
        let end = self.data.len();
        let item = self.data[0];
        let mut pos = 0;
        let mut child = 1;
        while child + 1 < end {
            child += usize::from(self.data[child] <= self.data[child + 1]);
            self.data[pos] = self.data[child];
            pos = child;
            child = 2 * pos + 1;
        }
        if child + 1 == end {
            self.data[pos] = self.data[child];
            pos = child;
        }
        self.data[pos] = item;
        self.sift_up(0, pos);
    }

    /// Moves the entry at `pos` down while a child is greater.
    fn sift_down(&mut self, mut pos: usize) {
        let end = self.data.len();
        let item = self.data[pos];
        let mut child = 2 * pos + 1;
        while child + 1 < end {
            child += usize::from(self.data[child] <= self.data[child + 1]);
            if item >= self.data[child] {
                self.data[pos] = item;
                return;
            }
            self.data[pos] = self.data[child];
            pos = child;
            child = 2 * pos + 1;
        }
        if child + 1 == end && item < self.data[child] {
            self.data[pos] = self.data[child];
            pos = child;
        }
        self.data[pos] = item;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BinaryHeap;

    use super::Heap;
    use crate::rng::SplitMix64;

    /// The same pushes and pops on `std`'s heap and this one give the same entries in the
    /// same order, ties included: the key decides the order, the tag shows which of equal
    /// keys came out.
    #[test]
    fn pops_what_std_pops() {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        struct Tagged(u8, u32);
        impl PartialOrd for Tagged {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for Tagged {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.0.cmp(&other.0)
            }
        }
        let mut rng = SplitMix64::new(0x2545_f491);
        let mut ours = Heap::new();
        let mut theirs = BinaryHeap::new();
        for step in 0..20_000 {
            if rng.below(3) == 0 {
                assert_eq!(ours.pop(), theirs.pop(), "step {step}");
            } else {
                let item = Tagged(u8::try_from(rng.below(16)).unwrap(), step);
                ours.push(item).unwrap();
                theirs.push(item);
            }
            assert_eq!(ours.peek(), theirs.peek());
            if step % 5_000 == 4_999 {
                let entries = ours.into_vec();
                assert_eq!(entries.len(), theirs.len());
                ours = Heap::from_vec(entries.clone());
                theirs = BinaryHeap::from(entries);
            }
        }
        while let Some(item) = theirs.pop() {
            assert_eq!(ours.pop(), Some(item));
        }
        assert_eq!((ours.len(), ours.pop()), (0, None));
    }
}
