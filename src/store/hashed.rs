//! Hashed storage: any hashable state, in `FxHash` tables that grow fallibly.

use core::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::error::CapacityError;

use super::{NO_SLOT, NodeStore, Slot, TranspositionTable};

/// The hash of `state`.
#[inline]
fn hash_of<S: Hash>(state: &S) -> u64 {
    FxBuildHasher.hash_one(state)
}

/// A [`NodeStore`] for any hashable state: the states and their records in arrays indexed
/// by slot (slots are numbered in insertion order), and a hash table of slots that finds
/// a state's slot.
///
/// # Complexity
///
/// `insert` and `find` hash the state once and look it up once (expected O(1)); a new
/// state is cloned once, into the state array. `value` and `state` are O(1). Memory grows
/// with the states stored: `size_of::<S>() + size_of::<V>()` bytes per state plus about
/// 5 bytes per table bucket, every array and the table doubling when full.
///
/// Growth is fallible: when the allocator refuses, or when the store would hold more than
/// `u32::MAX - 1` states (slots are `u32`), `insert` returns a [`CapacityError`] and the
/// search that uses the store stops with
/// [`StopReason::Capacity`](crate::StopReason::Capacity) instead of aborting.
///
/// # Examples
///
/// ```
/// use state_search::store::{HashedStore, NodeStore};
///
/// let mut store = HashedStore::new();
/// for word in ["cold", "cord", "card", "cord"] {
///     store.insert(&word.to_string(), ())?;
/// }
/// assert_eq!(store.len(), 3);
/// assert_eq!(store.find(&"card".to_string()), Some(2)); // slots count insertions
/// assert_eq!(store.state(1), "cord");
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct HashedStore<S, V> {
    slots: HashTable<Slot>,
    states: Vec<S>,
    values: Vec<V>,
}

impl<S, V> HashedStore<S, V> {
    /// An empty store.
    #[must_use]
    pub fn new() -> Self {
        Self {
            slots: HashTable::new(),
            states: Vec::new(),
            values: Vec::new(),
        }
    }
}

impl<S, V> Default for HashedStore<S, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Clone + Eq + Hash, V: Copy> HashedStore<S, V> {
    /// Makes room for one more state in the table and both arrays.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), CapacityError> {
        let len = self.states.len();
        // Each part grows only when it is full. Reserving `len` more in the table whenever
        // an array filled asked it for room for 2 len states, which at its load of 7/8
        // rounds up to 4 len buckets: twice the buckets it needs.
        if self.slots.len() == self.slots.capacity() {
            // A new table, filled in slot order: the states are read (and hashed) in
            // order, where growing the table in place reads them in bucket order, one
            // cache miss each.
            // (The hasher given to the new table is never called: it has room for all.)
            let more = len.max(4);
            let states = &self.states;
            let rehash = |&slot: &Slot| hash_of(&states[slot as usize]);
            let mut slots = HashTable::new();
            slots
                .try_reserve(len + more, rehash)
                .map_err(|_| CapacityError::out_of_memory(len + more, Self::bytes_per_state()))?;
            for (slot, state) in (0..).zip(states) {
                slots.insert_unique(hash_of(state), slot, rehash);
            }
            self.slots = slots;
        }
        if self.states.len() == self.states.capacity() {
            super::grow(&mut self.states)?;
        }
        if self.values.len() == self.values.capacity() {
            super::grow(&mut self.values)?;
        }
        Ok(())
    }

    /// The states stored, by slot.
    pub(crate) fn states(&self) -> &[S] {
        &self.states
    }

    fn bytes_per_state() -> usize {
        size_of::<S>() + size_of::<V>() + size_of::<Slot>() + 1
    }

    /// Stores `state`, not in the table yet, whose hash is `hash`; returns its slot.
    #[inline(never)]
    fn insert_new(&mut self, hash: u64, state: &S, value: V) -> Result<Slot, CapacityError> {
        // Tested at every new state, not only when something is full: the arrays' and the
        // table's capacities need not be full at the limit.
        let len = self.states.len();
        if len >= NO_SLOT as usize - 1 {
            return Err(CapacityError::too_many_states(len + 1));
        }
        if self.slots.len() == self.slots.capacity()
            || self.states.len() == self.states.capacity()
            || self.values.len() == self.values.capacity()
        {
            self.grow()?;
        }
        #[expect(
            clippy::cast_possible_truncation,
            reason = "insert_new refuses to number more than u32::MAX - 1 states"
        )]
        let slot = self.states.len() as Slot;
        let states = &self.states;
        self.slots
            .insert_unique(hash, slot, |&s| hash_of(&states[s as usize]));
        self.states.push(state.clone());
        self.values.push(value);
        Ok(slot)
    }
}

impl<S: Clone + Eq + Hash, V: Copy> NodeStore<S, V> for HashedStore<S, V> {
    // Forced inline: the lookup is the hot path of every engine on hashed storage (most
    // states generated were seen before), and as a call (registers saved and restored
    // around it) it cost about 4% of the hashed BFS's instructions on the grid benchmark
    // and about 5% of Dijkstra's and A*'s. A new state takes the call to `insert_new`.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured: inlined, 4-5% fewer instructions in the grid benchmark's hashed searches"
    )]
    fn insert(&mut self, state: &S, value: V) -> Result<(Slot, bool), CapacityError> {
        let hash = hash_of(state);
        let states = &self.states;
        if let Some(&slot) = self
            .slots
            .find(hash, |&slot| states[slot as usize] == *state)
        {
            return Ok((slot, false));
        }
        self.insert_new(hash, state, value).map(|slot| (slot, true))
    }

    #[inline]
    fn find(&self, state: &S) -> Option<Slot> {
        let states = &self.states;
        self.slots
            .find(hash_of(state), |&slot| states[slot as usize] == *state)
            .copied()
    }

    values_by_slot!();

    #[inline]
    fn state(&self, slot: Slot) -> S {
        self.states[slot as usize].clone()
    }

    fn len(&self) -> usize {
        self.states.len()
    }

    fn clear(&mut self) {
        self.slots.clear();
        self.states.clear();
        self.values.clear();
    }

    fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "insert refuses to number more than u32::MAX - 1 states"
        )]
        (0..self.states.len()).map(|i| i as Slot)
    }

    fn memory_bytes(&self) -> usize {
        self.slots.capacity() * (size_of::<Slot>() + 1)
            + self.states.capacity() * size_of::<S>()
            + self.values.capacity() * size_of::<V>()
    }
}

/// A [`TranspositionTable`] for any hashable state: a hash table of
/// `(state, generation, value)` entries. Entries of older generations stay in the table
/// (and are overwritten when their state comes back) until [`HashedTable::clear`].
///
/// Growth is fallible, as for [`HashedStore`].
///
/// # Examples
///
/// ```
/// use state_search::store::{HashedTable, TranspositionTable};
///
/// let mut table = HashedTable::new();
/// table.insert(&"start", 1u8)?;
/// table.reset();
/// assert_eq!(table.get(&"start"), None);
/// assert_eq!(table.len(), 1); // the expired entry is still held...
/// table.clear();
/// assert!(table.is_empty()); // ...until `clear`
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct HashedTable<S, V> {
    entries: HashTable<(S, u32, V)>,
    current: u32,
}

impl<S, V> HashedTable<S, V> {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self {
            entries: HashTable::new(),
            current: 1,
        }
    }

    /// Drops every entry, of every generation.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.current = 1;
    }

    /// The number of entries held, including those of older generations.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds no entry at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<S, V> Default for HashedTable<S, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Clone + Eq + Hash, V: Copy> HashedTable<S, V> {
    /// The states with an entry, of every generation.
    pub(crate) fn states(&self) -> impl Iterator<Item = &S> {
        self.entries.iter().map(|entry| &entry.0)
    }

    /// Adds an entry for a state not in the table, growing it fallibly.
    fn add(&mut self, hash: u64, state: &S, value: V) -> Result<(), CapacityError> {
        if self.entries.len() == self.entries.capacity() {
            let more = self.entries.len().max(4);
            self.entries
                .try_reserve(more, |entry| hash_of(&entry.0))
                .map_err(|_| {
                    CapacityError::out_of_memory(
                        self.entries.len() + more,
                        size_of::<(S, u32, V)>() + 1,
                    )
                })?;
        }
        self.entries
            .insert_unique(hash, (state.clone(), self.current, value), |entry| {
                hash_of(&entry.0)
            });
        Ok(())
    }
}

impl<S: Clone + Eq + Hash, V: Copy> TranspositionTable<S, V> for HashedTable<S, V> {
    fn clear(&mut self) {
        HashedTable::clear(self);
    }

    fn reset(&mut self) {
        if self.current == u32::MAX {
            self.clear();
        } else {
            self.current += 1;
        }
    }

    #[inline]
    fn get(&self, state: &S) -> Option<V> {
        match self.entries.find(hash_of(state), |entry| entry.0 == *state) {
            Some(&(_, stamp, value)) if stamp == self.current => Some(value),
            _ => None,
        }
    }

    #[inline]
    fn insert(&mut self, state: &S, value: V) -> Result<(), CapacityError> {
        let hash = hash_of(state);
        if let Some(entry) = self.entries.find_mut(hash, |entry| entry.0 == *state) {
            (entry.1, entry.2) = (self.current, value);
            return Ok(());
        }
        self.add(hash, state, value)
    }

    #[inline]
    fn insert_if_less(&mut self, state: &S, value: V) -> Result<bool, CapacityError>
    where
        V: Ord,
    {
        let hash = hash_of(state);
        if let Some(entry) = self.entries.find_mut(hash, |entry| entry.0 == *state) {
            if entry.1 == self.current && entry.2 <= value {
                return Ok(false);
            }
            (entry.1, entry.2) = (self.current, value);
            return Ok(true);
        }
        self.add(hash, state, value)?;
        Ok(true)
    }

    fn memory_bytes(&self) -> usize {
        self.entries.capacity() * (size_of::<(S, u32, V)>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::HashedStore;
    use crate::store::NodeStore;

    /// The table holds room for at most about twice the states stored (it used to grow to
    /// twice the buckets it needed whenever the state array filled).
    #[test]
    fn the_table_holds_at_most_twice_its_states() {
        let mut store = HashedStore::<u32, ()>::new();
        for state in 0..20_000 {
            store.insert(&state, ()).unwrap();
            let (len, capacity) = (store.len(), store.slots.capacity());
            assert!(
                capacity <= 2 * len + 8,
                "{len} states, room for {capacity} in the table"
            );
        }
    }
}
