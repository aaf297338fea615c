//! Dense or hashed storage picked at run time, as one type: what automatic storage runs
//! the engines with, so that each engine is compiled once per problem instead of once per
//! storage.
//!
//! A store keeps the keys of a dense or a hashed store (finding a state's slot and a slot's
//! state branch on which, predictably), and its records by slot: a hashed store's in a
//! vector, a dense store's in chunks allocated where states are stored; a record is read
//! from a chunk when there is one, else from the vector. (An earlier version held a whole
//! dense or hashed store and branched at every record access: A* through `Strategy::run`
//! was 1.15-1.28x slower on the grid benchmark.)

use core::hash::Hash;

use crate::error::CapacityError;
use crate::space::StateIndexer;

use super::auto::Spread;
use super::{
    DenseStore, DenseTable, HashedStore, HashedTable, NodeStore, Records, Slot, Storage,
    TranspositionTable, try_push,
};

/// Dense storage over an indexer, or hashed storage, picked at run time.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Chosen<I> {
    /// [`Dense`](super::Dense) storage over this indexer.
    Dense(I),
    /// [`Hashed`](super::Hashed) storage.
    Hashed,
}

impl<S: Clone + Eq + Hash, I: StateIndexer<S>> Storage<S> for Chosen<I> {
    type Store<V: Copy + Default> = ChosenStore<S, I, V>;
    type Table<V: Copy + Default> = ChosenTable<S, I, V>;

    fn try_store<V: Copy + Default>(&self) -> Result<ChosenStore<S, I, V>, CapacityError> {
        let keys = self.keys()?;
        let records = match self {
            Chosen::Dense(indexer) => Records::try_with_len(indexer.bound())?,
            Chosen::Hashed => Records::default(),
        };
        Ok(ChosenStore {
            keys,
            values: Vec::new(),
            records,
        })
    }

    fn try_table<V: Copy + Default>(&self) -> Result<ChosenTable<S, I, V>, CapacityError> {
        Ok(match self {
            Chosen::Dense(indexer) => ChosenTable::Dense(DenseTable::try_new(indexer.clone())?),
            Chosen::Hashed => ChosenTable::Hashed(HashedTable::new()),
        })
    }
}

impl<I: Clone> Chosen<I> {
    /// The keys of a store of this storage, built once for every record type of a store.
    #[inline(never)]
    fn keys<S: Clone + Eq + Hash>(&self) -> Result<Keys<S, I>, CapacityError>
    where
        I: StateIndexer<S>,
    {
        Ok(match self {
            Chosen::Dense(indexer) => Keys::Dense(DenseStore::try_new(indexer.clone())?),
            Chosen::Hashed => Keys::Hashed(HashedStore::new()),
        })
    }
}

/// Which states are stored and their slots: a dense or a hashed store without records.
#[derive(Clone, Debug)]
enum Keys<S, I> {
    Dense(DenseStore<I, ()>),
    Hashed(HashedStore<S, ()>),
}

/// Buffers of [`Chosen`] storage that a kept searcher makes serve its next search
/// ([`StrategySearcher`](crate::StrategySearcher)): stores, tables, engines' scratches.
pub(crate) trait Reusable<I> {
    /// Makes the buffers ones of `storage`, if they were built for storage of that kind
    /// (dense storage of the same bound, whose numbering becomes `storage`'s, or hashed
    /// storage); `false` otherwise, and the buffers are to be dropped. Engines clear
    /// their buffers when a search starts.
    fn adopt(&mut self, storage: &Chosen<I>) -> bool;
    /// The bound of the numbering of dense buffers; `None` for hashed ones.
    fn dense_bound(&self) -> Option<usize>;
    /// The heap memory of the buffers, in bytes.
    fn kept_bytes(&self) -> usize;
    /// Adds the states the buffers hold in hashed storage to `spread` (none for dense
    /// buffers): where a hashed start's states would lie in a dense store.
    fn spread(&self, spread: &mut Spread<'_, I>);
}

/// [`Reusable`] for an engine's scratch `$Scratch<S, [C,] Chosen<I>>` through its one
/// store or table, the field `$field`; its memory is its `memory_bytes`.
macro_rules! reusable_scratch {
    ($Scratch:ident<S $(, $C:ident)?>, $field:ident) => {
        impl<S, $($C,)? I> $crate::store::Reusable<I>
            for $Scratch<S, $($C,)? $crate::store::Chosen<I>>
        where
            S: Clone + Eq + core::hash::Hash,
            $($C: $crate::Cost,)?
            I: $crate::StateIndexer<S>,
        {
            fn adopt(&mut self, storage: &$crate::store::Chosen<I>) -> bool {
                $crate::store::Reusable::adopt(&mut self.$field, storage)
            }

            fn dense_bound(&self) -> Option<usize> {
                $crate::store::Reusable::dense_bound(&self.$field)
            }

            fn kept_bytes(&self) -> usize {
                self.memory_bytes()
            }

            fn spread(&self, spread: &mut $crate::store::Spread<'_, I>) {
                $crate::store::Reusable::spread(&self.$field, spread);
            }
        }
    };
}
pub(crate) use reusable_scratch;

impl<S: Clone + Eq + Hash, I: StateIndexer<S>, V: Copy + Default> Reusable<I>
    for ChosenStore<S, I, V>
{
    fn adopt(&mut self, storage: &Chosen<I>) -> bool {
        match (&mut self.keys, storage) {
            // The records are read only behind the keys: they need no clearing.
            (Keys::Dense(keys), Chosen::Dense(indexer)) => keys.adopt(indexer),
            (Keys::Hashed(_), Chosen::Hashed) => true,
            _ => false,
        }
    }

    fn dense_bound(&self) -> Option<usize> {
        match &self.keys {
            Keys::Dense(keys) => Some(keys.bound()),
            Keys::Hashed(_) => None,
        }
    }

    fn kept_bytes(&self) -> usize {
        NodeStore::memory_bytes(self)
    }

    fn spread(&self, spread: &mut Spread<'_, I>) {
        if let Keys::Hashed(keys) = &self.keys {
            keys.states().iter().for_each(|state| spread.add(state));
        }
    }
}

impl<S: Clone + Eq + Hash, I: StateIndexer<S>, V: Copy + Default> Reusable<I>
    for ChosenTable<S, I, V>
{
    fn adopt(&mut self, storage: &Chosen<I>) -> bool {
        match (self, storage) {
            (ChosenTable::Dense(table), Chosen::Dense(indexer)) => table.adopt(indexer),
            (ChosenTable::Hashed(_), Chosen::Hashed) => true,
            _ => false,
        }
    }

    fn dense_bound(&self) -> Option<usize> {
        match self {
            ChosenTable::Dense(table) => Some(table.bound()),
            ChosenTable::Hashed(_) => None,
        }
    }

    fn kept_bytes(&self) -> usize {
        TranspositionTable::memory_bytes(self)
    }

    fn spread(&self, spread: &mut Spread<'_, I>) {
        if let ChosenTable::Hashed(table) = self {
            table.states().for_each(|state| spread.add(state));
        }
    }
}

/// Buffers that may be absent (an engine's table when it runs without one).
impl<I, T: Reusable<I>> Reusable<I> for Option<T> {
    fn adopt(&mut self, storage: &Chosen<I>) -> bool {
        self.as_mut().is_none_or(|buffers| buffers.adopt(storage))
    }

    fn dense_bound(&self) -> Option<usize> {
        self.as_ref()?.dense_bound()
    }

    fn kept_bytes(&self) -> usize {
        self.as_ref().map_or(0, Reusable::kept_bytes)
    }

    fn spread(&self, spread: &mut Spread<'_, I>) {
        if let Some(buffers) = self {
            buffers.spread(spread);
        }
    }
}

/// The node store of [`Chosen`] storage: the keys of a dense or hashed store, and the
/// records by slot: for a hashed store in a vector (slots are given in order), for a dense
/// one in [`Records`] allocated by chunks where states are stored. A record is read from
/// the chunks when its chunk is there (never for a hashed store, whose directory is
/// empty), else from the vector: for a dense store the checks its chunks need anyway, for
/// a hashed one a comparison more than a vector alone.
#[derive(Clone, Debug)]
pub(crate) struct ChosenStore<S, I, V> {
    keys: Keys<S, I>,
    /// The records of a hashed store (empty for a dense one).
    values: Vec<V>,
    /// The records of a dense store (none for a hashed one).
    records: Records<V>,
}

impl<S: Clone + Eq + Hash, I: StateIndexer<S>, V: Copy + Default> NodeStore<S, V>
    for ChosenStore<S, I, V>
{
    // Forced inline, as the hashed store's: the lookup is every engine's hot path.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the hashed store's lookup is forced inline (measured), and this is it"
    )]
    fn insert(&mut self, state: &S, value: V) -> Result<(Slot, bool), CapacityError> {
        match &mut self.keys {
            // The record first: a refusal leaves the state unstored.
            Keys::Dense(keys) => {
                keys.insert_with(state, |index| self.records.try_set(index, value))
            }
            Keys::Hashed(keys) => {
                let (slot, new) = keys.insert(state, ())?;
                if new {
                    // A refusal leaves a state without record; the search stops with it,
                    // and the store is cleared before it is used again.
                    try_push(&mut self.values, value)?;
                }
                Ok((slot, new))
            }
        }
    }

    #[inline]
    fn find(&self, state: &S) -> Option<Slot> {
        match &self.keys {
            Keys::Dense(keys) => keys.find(state),
            Keys::Hashed(keys) => keys.find(state),
        }
    }

    #[inline]
    fn value(&self, slot: Slot) -> &V {
        match self.records.get(slot as usize) {
            Some(value) => value,
            None => &self.values[slot as usize],
        }
    }

    #[inline]
    fn value_mut(&mut self, slot: Slot) -> &mut V {
        match self.records.get_mut(slot as usize) {
            Some(value) => value,
            None => &mut self.values[slot as usize],
        }
    }

    #[inline]
    fn state(&self, slot: Slot) -> S {
        match &self.keys {
            Keys::Dense(keys) => keys.state(slot),
            Keys::Hashed(keys) => keys.state(slot),
        }
    }

    fn len(&self) -> usize {
        match &self.keys {
            Keys::Dense(keys) => keys.len(),
            Keys::Hashed(keys) => keys.len(),
        }
    }

    fn clear(&mut self) {
        match &mut self.keys {
            Keys::Dense(keys) => keys.clear(),
            Keys::Hashed(keys) => {
                keys.clear();
                self.values.clear();
            }
        }
    }

    fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        match &self.keys {
            Keys::Dense(keys) => Slots::Dense(keys.slots()),
            Keys::Hashed(keys) => Slots::Hashed(keys.slots()),
        }
    }

    fn memory_bytes(&self) -> usize {
        let keys = match &self.keys {
            Keys::Dense(keys) => keys.memory_bytes(),
            Keys::Hashed(keys) => keys.memory_bytes(),
        };
        keys + self.values.capacity() * size_of::<V>() + self.records.memory_bytes()
    }
}

/// The transposition table of [`Chosen`] storage.
#[derive(Clone, Debug)]
pub(crate) enum ChosenTable<S, I, V> {
    Dense(DenseTable<I, V>),
    Hashed(HashedTable<S, V>),
}

impl<S: Clone + Eq + Hash, I: StateIndexer<S>, V: Copy + Default> TranspositionTable<S, V>
    for ChosenTable<S, I, V>
{
    #[inline]
    fn reset(&mut self) {
        match self {
            ChosenTable::Dense(table) => table.reset(),
            ChosenTable::Hashed(table) => TranspositionTable::reset(table),
        }
    }

    fn clear(&mut self) {
        match self {
            ChosenTable::Dense(table) => TranspositionTable::clear(table),
            ChosenTable::Hashed(table) => TranspositionTable::clear(table),
        }
    }

    #[inline]
    fn get(&self, state: &S) -> Option<V> {
        match self {
            ChosenTable::Dense(table) => table.get(state),
            ChosenTable::Hashed(table) => table.get(state),
        }
    }

    #[inline]
    fn insert(&mut self, state: &S, value: V) -> Result<(), CapacityError> {
        match self {
            ChosenTable::Dense(table) => table.insert(state, value),
            ChosenTable::Hashed(table) => table.insert(state, value),
        }
    }

    #[inline]
    fn insert_if_less(&mut self, state: &S, value: V) -> Result<bool, CapacityError>
    where
        V: Ord,
    {
        match self {
            ChosenTable::Dense(table) => table.insert_if_less(state, value),
            ChosenTable::Hashed(table) => table.insert_if_less(state, value),
        }
    }

    fn memory_bytes(&self) -> usize {
        match self {
            ChosenTable::Dense(table) => table.memory_bytes(),
            ChosenTable::Hashed(table) => table.memory_bytes(),
        }
    }
}

/// The slots of a [`ChosenStore`], from whichever store it chose: one plain iterator
/// (a `flatten` of two options would compile three times the code in every program).
enum Slots<D, H> {
    Dense(D),
    Hashed(H),
}

impl<D: Iterator<Item = Slot>, H: Iterator<Item = Slot>> Iterator for Slots<D, H> {
    type Item = Slot;

    fn next(&mut self) -> Option<Slot> {
        match self {
            Self::Dense(slots) => slots.next(),
            Self::Hashed(slots) => slots.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::Upto;

    /// Both storages keep what the reference store keeps, slot for slot.
    #[test]
    fn either_storage_stores_as_its_own_store_does() {
        for storage in [Chosen::Dense(Upto(64)), Chosen::Hashed] {
            let mut store = storage.try_store::<u32>().unwrap();
            let mut reference = HashedStore::<u32, u32>::new();
            for state in [5u32, 9, 5, 63, 0, 9] {
                let (slot, new) = store.insert(&state, state * 10).unwrap();
                assert_eq!(reference.insert(&state, state * 10).unwrap().1, new);
                // A state stored before keeps its record, incremented below.
                let record = state * 10 + u32::from(!new);
                assert_eq!((store.state(slot), *store.value(slot)), (state, record));
                *store.value_mut(slot) += 1;
                assert_eq!(store.find(&state), Some(slot));
            }
            assert_eq!(store.len(), 4);
            assert_eq!(store.find(&7), None);
            let mut stored: Vec<u32> = store.slots().map(|slot| store.state(slot)).collect();
            stored.sort_unstable();
            assert_eq!(stored, [0, 5, 9, 63]);
            store.clear();
            assert_eq!((store.len(), store.find(&5)), (0, None));
            assert!(store.insert(&5, 1).unwrap().1);
            assert_eq!(*store.value(store.find(&5).unwrap()), 1);
        }
    }

    #[test]
    fn a_dense_store_counts_its_records_by_chunk_and_a_hashed_one_by_state() {
        // 100,000 states: a bitset of 12,504 bytes, and 196 chunks of 512 records of 8
        // bytes (4 KiB), none allocated until written.
        let mut dense = Chosen::Dense(Upto(100_000)).try_store::<u64>().unwrap();
        let directory = 196 * 8;
        assert_eq!(dense.memory_bytes(), 12_504 + directory);
        dense.insert(&3, 0).unwrap();
        dense.insert(&500, 0).unwrap();
        assert_eq!(dense.memory_bytes(), 12_504 + directory + 4096);
        dense.insert(&99_999, 0).unwrap();
        assert_eq!(dense.memory_bytes(), 12_504 + directory + 2 * 4096);
        let mut hashed = Chosen::<Upto>::Hashed.try_store::<u64>().unwrap();
        assert_eq!(hashed.memory_bytes(), 0);
        hashed.insert(&3, 0).unwrap();
        // A hashed store's records are a vector, which grows by doubling.
        assert!(hashed.memory_bytes() > 0 && hashed.memory_bytes() < 1000);
    }

    #[test]
    fn either_table_expires_entries_at_reset() {
        for storage in [Chosen::Dense(Upto(16)), Chosen::Hashed] {
            let mut table = storage.try_table::<u32>().unwrap();
            table.insert(&3, 7).unwrap();
            assert!(!table.insert_if_less(&3, 8).unwrap());
            assert!(table.insert_if_less(&3, 6).unwrap());
            assert_eq!(table.get(&3), Some(6));
            table.reset();
            assert_eq!(table.get(&3), None);
        }
    }
}
