//! Hashed storage: any hashable state, in `FxHash` maps.

use core::hash::Hash;

use rustc_hash::FxHashMap;

use super::{NodeStore, Slot, TranspositionTable};

/// A [`NodeStore`] for any hashable state: a map from states to slots numbered in
/// insertion order, and arrays of states and records indexed by slot.
///
/// # Complexity
///
/// `insert` and `find` are one hash lookup (expected O(1)); a new state is cloned twice
/// (map key and state array). `value` and `state` are O(1). Memory grows with the states
/// stored.
///
/// # Panics
///
/// `insert` panics when the store already holds `u32::MAX - 1` states (slots are `u32`).
#[derive(Clone, Debug)]
pub struct HashedStore<S, V> {
    slots: FxHashMap<S, Slot>,
    states: Vec<S>,
    values: Vec<V>,
}

impl<S, V> HashedStore<S, V> {
    /// An empty store.
    #[must_use]
    pub fn new() -> Self {
        Self {
            slots: FxHashMap::default(),
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

impl<S: Clone + Eq + Hash, V: Copy> NodeStore<S, V> for HashedStore<S, V> {
    #[inline]
    fn insert(&mut self, state: &S, value: V) -> (Slot, bool) {
        if let Some(&slot) = self.slots.get(state) {
            return (slot, false);
        }
        let slot = Slot::try_from(self.states.len())
            .ok()
            .filter(|&slot| slot != super::NO_SLOT)
            .expect("state-search: a hashed store holds at most u32::MAX - 1 states");
        self.slots.insert(state.clone(), slot);
        self.states.push(state.clone());
        self.values.push(value);
        (slot, true)
    }

    #[inline]
    fn find(&self, state: &S) -> Option<Slot> {
        self.slots.get(state).copied()
    }

    #[inline]
    fn value(&self, slot: Slot) -> &V {
        &self.values[slot as usize]
    }

    #[inline]
    fn value_mut(&mut self, slot: Slot) -> &mut V {
        &mut self.values[slot as usize]
    }

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
        self.slots.capacity() * (size_of::<S>() + size_of::<Slot>() + 1)
            + self.states.capacity() * size_of::<S>()
            + self.values.capacity() * size_of::<V>()
    }
}

/// A [`TranspositionTable`] for any hashable state: a map from states to
/// `(generation, value)`. Entries of older generations stay in the map (and are
/// overwritten when their state comes back) until [`HashedTable::clear`].
#[derive(Clone, Debug)]
pub struct HashedTable<S, V> {
    map: FxHashMap<S, (u32, V)>,
    current: u32,
}

impl<S, V> HashedTable<S, V> {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self {
            map: FxHashMap::default(),
            current: 1,
        }
    }

    /// Drops every entry, of every generation.
    pub fn clear(&mut self) {
        self.map.clear();
        self.current = 1;
    }

    /// The number of entries held, including those of older generations.
    #[must_use]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the table holds no entry at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl<S, V> Default for HashedTable<S, V> {
    fn default() -> Self {
        Self::new()
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
        match self.map.get(state) {
            Some(&(stamp, value)) if stamp == self.current => Some(value),
            _ => None,
        }
    }

    #[inline]
    fn insert(&mut self, state: &S, value: V) {
        if let Some(entry) = self.map.get_mut(state) {
            *entry = (self.current, value);
        } else {
            self.map.insert(state.clone(), (self.current, value));
        }
    }

    #[inline]
    fn insert_if_less(&mut self, state: &S, value: V) -> bool
    where
        V: Ord,
    {
        if let Some(entry) = self.map.get_mut(state) {
            if entry.0 == self.current && entry.1 <= value {
                return false;
            }
            *entry = (self.current, value);
        } else {
            self.map.insert(state.clone(), (self.current, value));
        }
        true
    }

    fn memory_bytes(&self) -> usize {
        self.map.capacity() * (size_of::<S>() + size_of::<(u32, V)>() + 1)
    }
}
