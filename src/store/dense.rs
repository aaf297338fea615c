//! Dense storage: states numbered by a [`StateIndexer`] live in a bitset and arrays
//! indexed by number, allocated by chunks where states are stored.

use fixedbitset::FixedBitSet;

use crate::error::CapacityError;

use crate::space::StateIndexer;

use super::records::most_bytes;
use super::{NodeStore, Records, Slot, StampedTable, TranspositionTable, try_bitset};

/// A [`NodeStore`] over a [`StateIndexer`]: a bitset says which states are stored, and an
/// array of `bound` records holds their data, allocated in chunks of 512 records on the
/// first state stored in each. The slot of a state is its index.
///
/// # Complexity
///
/// `insert`, `find`, `value` and `state` are O(1) plus one call to the indexer. `clear` is
/// O(bound / 64): only the bitset is cleared, since records are read only behind it.
/// Memory: when the store is built, `bound / 8` bytes of bitset and `bound / 64` bytes of
/// chunk directory; then `512 * size_of::<V>()` bytes for each chunk of 512 consecutive
/// indices that holds a stored state, at most [`DenseStore::bytes_for`] in all.
/// [`NodeStore::memory_bytes`] counts what is allocated, so a small search over a large
/// numbering costs (and reports) its bitset and the chunks it wrote.
///
/// # Examples
///
/// ```
/// use state_search::StateIndexer;
/// use state_search::store::{DenseStore, NodeStore};
///
/// #[derive(Clone, Copy)]
/// struct Digits;
/// impl StateIndexer<u8> for Digits {
///     fn bound(&self) -> usize { 10 }
///     fn index(&self, &d: &u8) -> usize { usize::from(d) }
///     fn state(&self, index: usize) -> u8 { u8::try_from(index).unwrap() }
/// }
/// let mut store: DenseStore<Digits, u32> = DenseStore::try_new(Digits)?;
/// assert_eq!(store.insert(&7, 70)?, (7, true)); // a state's slot is its index
/// store.insert(&2, 20)?;
/// assert_eq!(store.slots().collect::<Vec<_>>(), [2, 7]);
/// assert_eq!((store.state(7), *store.value(7)), (7, 70));
/// // One chunk of 512 records of 4 bytes, its pointer, and 2 bytes of bitset at most.
/// assert_eq!(DenseStore::<Digits, u32>::bytes_for(10), Some(2048 + 8 + 2));
/// assert_eq!(store.memory_bytes(), 2048 + 8 + 8); // the bitset takes a whole word
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DenseStore<I, V> {
    indexer: I,
    seen: FixedBitSet,
    values: Records<V>,
    len: usize,
}

impl<I, V: Copy + Default> DenseStore<I, V> {
    /// An empty store for the states numbered by `indexer`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when `indexer.bound()` is `u32::MAX` or more, or when the
    /// memory cannot be allocated.
    pub fn try_new<S>(indexer: I) -> Result<Self, CapacityError>
    where
        I: StateIndexer<S>,
    {
        let bound = indexer.bound();
        if bound >= Slot::MAX as usize {
            return Err(CapacityError::too_many_states(bound));
        }
        let values = Records::try_with_len(bound)?;
        let seen = try_bitset(bound)?;
        Ok(Self {
            indexer,
            seen,
            values,
            len: 0,
        })
    }

    /// Numbers the store's states by `indexer` from now on, if `indexer` has the bound
    /// the store was built for; `false` (and the store unchanged) otherwise. A kept
    /// store serves a new problem this way without being filled again; it must be
    /// cleared before it is used, as every engine does when a search starts.
    pub(crate) fn adopt<S>(&mut self, indexer: &I) -> bool
    where
        I: StateIndexer<S> + Clone,
    {
        let fits = indexer.bound() == self.bound();
        if fits {
            self.indexer = indexer.clone();
        }
        fits
    }

    /// The number of states the store can number: its indexer's bound when it was built.
    pub(crate) fn bound(&self) -> usize {
        self.seen.len()
    }

    /// The most bytes a store for `bound` states takes, when states are stored in every
    /// chunk of 512 numbers: its bitset, its chunk directory and every chunk.
    #[must_use]
    pub fn bytes_for(bound: usize) -> Option<usize> {
        most_bytes(bound, size_of::<V>())?.checked_add(bound.div_ceil(8))
    }

    /// Stores `state` if it is not stored yet, calling `write` with its index first (to
    /// write its record elsewhere; an error leaves the state unstored); its slot, and
    /// whether it is new.
    #[inline]
    pub(crate) fn insert_with<S: PartialEq>(
        &mut self,
        state: &S,
        write: impl FnOnce(usize) -> Result<(), CapacityError>,
    ) -> Result<(Slot, bool), CapacityError>
    where
        I: StateIndexer<S>,
    {
        match self.vacant(state) {
            Err(slot) => Ok((slot, false)),
            Ok(index) => {
                write(index)?;
                Ok((self.mark(index), true))
            }
        }
    }

    /// The index of `state` if it is not stored yet, else its slot.
    #[inline]
    fn vacant<S: PartialEq>(&self, state: &S) -> Result<usize, Slot>
    where
        I: StateIndexer<S>,
    {
        let index = self.indexer.index(state);
        #[cfg(debug_assertions)]
        if index < self.seen.len() {
            check_round_trip(&self.indexer, state, index);
        }
        // Test before setting: most states generated were seen before, and a read is
        // cheaper than a read-modify-write. `contains` is false beyond the bound, so the
        // bound is tested only for new states; `as_mut_slice` would recompute the
        // set's length in words at every call.
        if self.seen.contains(index) {
            return Err(slot_of(index));
        }
        if index >= self.seen.len() {
            index_out_of_bound(index, self.seen.len());
        }
        Ok(index)
    }

    /// Marks index `index` stored (its record written); its slot.
    #[inline]
    fn mark(&mut self, index: usize) -> Slot {
        self.seen.insert(index);
        self.len += 1;
        slot_of(index)
    }
}

impl<S: PartialEq, I: StateIndexer<S>, V: Copy + Default> NodeStore<S, V> for DenseStore<I, V> {
    #[inline]
    fn insert(&mut self, state: &S, value: V) -> Result<(Slot, bool), CapacityError> {
        match self.vacant(state) {
            Err(slot) => Ok((slot, false)),
            Ok(index) => {
                self.values.try_set(index, value)?;
                Ok((self.mark(index), true))
            }
        }
    }

    #[inline]
    fn find(&self, state: &S) -> Option<Slot> {
        let index = self.indexer.index(state);
        self.seen.contains(index).then(|| slot_of(index))
    }

    values_by_slot!();

    #[inline]
    fn state(&self, slot: Slot) -> S {
        self.indexer.state(slot as usize)
    }

    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.seen.clear();
        self.len = 0;
    }

    fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        self.seen.ones().map(slot_of)
    }

    fn memory_bytes(&self) -> usize {
        size_of_val(self.seen.as_slice()) + self.values.memory_bytes()
    }
}

/// The panic of an indexer that broke its contract (an index at or above its bound).
#[cold]
#[track_caller]
pub(crate) fn index_out_of_bound(index: usize, bound: usize) -> ! {
    panic!(
        "state-search: StateIndexer contract broken: index() returned {index}, \
         but bound() is {bound} (every index must be below the bound)"
    )
}

/// In debug builds: the indexer maps `index` back to `state`. An indexer that gives two
/// states one index would otherwise make the engines merge them silently.
#[cfg(debug_assertions)]
#[track_caller]
pub(crate) fn check_round_trip<S: PartialEq, I: StateIndexer<S>>(
    indexer: &I,
    state: &S,
    index: usize,
) {
    debug_assert!(
        indexer.state(index) == *state,
        "state-search: StateIndexer contract broken: a state has index {index}, but \
         state({index}) is another state (index must be one-to-one, state its inverse)"
    );
}

#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "dense stores refuse bounds of u32::MAX and more"
)]
fn slot_of(index: usize) -> Slot {
    index as Slot
}

/// A [`TranspositionTable`] over a [`StateIndexer`]: a [`StampedTable`] of `bound`
/// entries.
///
/// # Examples
///
/// ```
/// use state_search::StateIndexer;
/// use state_search::store::{DenseTable, TranspositionTable};
///
/// #[derive(Clone, Copy)]
/// struct Digits;
/// impl StateIndexer<u8> for Digits {
///     fn bound(&self) -> usize { 10 }
///     fn index(&self, &d: &u8) -> usize { usize::from(d) }
///     fn state(&self, index: usize) -> u8 { u8::try_from(index).unwrap() }
/// }
/// let mut table: DenseTable<Digits, u32> = DenseTable::try_new(Digits)?;
/// table.insert(&7, 30)?;
/// assert_eq!((table.get(&7), table.get(&2)), (Some(30), None));
/// table.reset(); // O(1): no entry is touched
/// assert_eq!(table.get(&7), None);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DenseTable<I, V> {
    indexer: I,
    table: StampedTable<V>,
}

impl<I, V: Copy + Default> DenseTable<I, V> {
    /// An empty table for the states numbered by `indexer`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the memory cannot be allocated.
    pub fn try_new<S>(indexer: I) -> Result<Self, CapacityError>
    where
        I: StateIndexer<S>,
    {
        let table = StampedTable::try_new(indexer.bound())?;
        Ok(Self { indexer, table })
    }
}

impl<I: Clone, V> DenseTable<I, V> {
    /// Numbers the table's states by `indexer` from now on, if `indexer` has the bound the
    /// table was built for; `false` (and the table unchanged) otherwise. It must be reset
    /// before it is used, as every engine does when a search starts.
    pub(crate) fn adopt<S>(&mut self, indexer: &I) -> bool
    where
        I: StateIndexer<S>,
    {
        let fits = indexer.bound() == self.table.len();
        if fits {
            self.indexer = indexer.clone();
        }
        fits
    }

    /// The number of states the table can number.
    pub(crate) fn bound(&self) -> usize {
        self.table.len()
    }
}

impl<I, V> DenseTable<I, V> {
    /// The index of `state`, checked against the table's length.
    #[inline]
    fn index<S>(&self, state: &S) -> usize
    where
        I: StateIndexer<S>,
    {
        let index = self.indexer.index(state);
        if index >= self.table.len() {
            index_out_of_bound(index, self.table.len());
        }
        index
    }
}

impl<I, V> DenseTable<I, V> {
    /// The index of `state`, about to be written: checked against the table's length,
    /// and in debug builds mapped back to `state` (as [`DenseStore`] checks the states
    /// it stores; a table has no other way to see two states merged into one entry).
    #[inline]
    fn index_to_write<S: PartialEq>(&self, state: &S) -> usize
    where
        I: StateIndexer<S>,
    {
        let index = self.index(state);
        #[cfg(debug_assertions)]
        check_round_trip(&self.indexer, state, index);
        index
    }
}

impl<S: PartialEq, I: StateIndexer<S>, V: Copy + Default> TranspositionTable<S, V>
    for DenseTable<I, V>
{
    #[inline]
    fn reset(&mut self) {
        self.table.reset();
    }

    fn clear(&mut self) {
        self.table.reset();
    }

    #[inline]
    fn get(&self, state: &S) -> Option<V> {
        self.table.get(self.index(state)).copied()
    }

    #[inline]
    fn insert(&mut self, state: &S, value: V) -> Result<(), CapacityError> {
        let index = self.index_to_write(state);
        self.table.try_insert(index, value)
    }

    #[inline]
    fn insert_if_less(&mut self, state: &S, value: V) -> Result<bool, CapacityError>
    where
        V: Ord,
    {
        let index = self.index_to_write(state);
        Ok(match self.table.get(index) {
            Some(&old) if old <= value => false,
            _ => {
                self.table.try_insert(index, value)?;
                true
            }
        })
    }

    fn memory_bytes(&self) -> usize {
        self.table.memory_bytes()
    }
}
