//! The open states by `f = g + h`, least first, with lazily dropped entries: the lower
//! bound of the anytime goals, the focal bound of focal search, and the `f_min` of dynamic
//! potential search.

use core::cmp::Reverse;

use super::Node;
use crate::error::CapacityError;
use crate::queue::Heap;
use crate::space::Cost;
use crate::store::{NodeStore, Slot};

/// An entry: `(f, slot, g)`, least `f` first; the `g` it was made with tells stale entries
/// apart.
type ByF<C> = Reverse<(C, Slot, C)>;

/// The open states by `f`, least first. An entry is stale once its state is expanded or
/// reached more cheaply; [`LeastF::least`] drops the stale entries it meets.
///
/// # Complexity
///
/// A push takes O(log n) for the n entries; [`LeastF::least`] O(log n) per stale entry
/// it drops, O(1) otherwise.
pub(crate) struct LeastF<C>(Heap<ByF<C>>);

impl<C: Ord> Default for LeastF<C> {
    fn default() -> Self {
        Self(Heap::new())
    }
}

impl<C> LeastF<C> {
    /// The number of entries, stale ones included.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

impl<C: Cost> LeastF<C> {
    /// Queues the state at `slot`, reached at cost `g` with `f = g + h`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the heap cannot grow.
    #[inline]
    pub(crate) fn push(&mut self, f: C, slot: Slot, g: C) -> Result<(), CapacityError> {
        self.0.push(Reverse((f, slot, g)))
    }

    /// The least `f` of the entries that `current` (given a slot and the `g` of its
    /// entry) says are still their states', dropping the others met on the way; `None`
    /// when no entry is current.
    pub(crate) fn least(&mut self, current: impl Fn(Slot, C) -> bool) -> Option<C> {
        loop {
            let &Reverse((f, slot, g)) = self.0.peek()?;
            if current(slot, g) {
                return Some(f);
            }
            self.0.pop();
        }
    }

    /// Drops every entry, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    /// The heap memory, in bytes.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.0.capacity() * size_of::<ByF<C>>()
    }
}

/// Whether an entry of `slot` made with cost `g` is still its state's: open and not
/// reached more cheaply since.
#[inline]
pub(crate) fn current<S, C: Cost, N: NodeStore<S, Node<C>>>(store: &N, slot: Slot, g: C) -> bool {
    let &(_, best_g, closed) = store.value(slot);
    !closed && best_g == g
}
