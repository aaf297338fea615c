//! Where engines keep what they know about states: dense (a bitset and arrays indexed by
//! number, when states are numbered by a [`StateIndexer`]) or hashed (`FxHash` maps, for
//! any state).
//!
//! An engine is written once against [`NodeStore`] and [`TranspositionTable`]; the
//! [`Storage`] it is given decides which implementation it gets:
//!
//! | storage          | node store                 | transposition table       | memory          |
//! |------------------|----------------------------|---------------------------|-----------------|
//! | [`Hashed`]       | [`HashedStore`]            | [`HashedTable`]           | per state seen  |
//! | [`Dense`]`(ix)`  | [`DenseStore`]             | [`DenseTable`]            | a bit per number; records by chunks of 512 numbers, on the first state in each |
//!
//! Dense storage is usually several times faster; it pays off when a good part of the
//! numbered states is visited, or when one engine is reused for many searches (clearing a
//! dense store touches only its bitset).
//!
//! [`StampedTable`] is the generation-stamped array under [`DenseTable`]: its `reset` is
//! O(1), which is what IDA* needs at every iteration.

/// The `value` and `value_mut` of a [`NodeStore`] that keeps its records in a field
/// `values` indexed by slot (a `Vec<V>` or a [`Records<V>`]), as the dense and hashed
/// stores do.
macro_rules! values_by_slot {
    () => {
        #[inline]
        fn value(&self, slot: Slot) -> &V {
            &self.values[slot as usize]
        }

        #[inline]
        fn value_mut(&mut self, slot: Slot) -> &mut V {
            &mut self.values[slot as usize]
        }
    };
}

mod auto;
mod chosen;
// `pub(crate)` for its contract checks, which `ParBfs` shares.
pub(crate) mod dense;
mod hashed;
mod records;
mod stamped;

pub(crate) use auto::{Probe, Ran, Spread, StorageUser, with_storage};
pub use auto::{StoragePolicy, UnknownStoragePolicy};
pub(crate) use chosen::{Chosen, ChosenStore, Reusable, reusable_scratch};
pub use dense::{DenseStore, DenseTable};
pub use hashed::{HashedStore, HashedTable};
pub(crate) use records::Records;
pub use stamped::{Stamp, StampedTable};

use core::hash::Hash;

use crate::error::CapacityError;
use crate::space::StateIndexer;

/// The handle of a state in a [`NodeStore`]: its dense index, or its insertion number.
pub type Slot = u32;

/// The [`Slot`] that means "none" (the parent of a start state).
pub const NO_SLOT: Slot = Slot::MAX;

/// A map from states to per-state records `V`, addressed by [`Slot`]s.
///
/// Slots stay valid until [`NodeStore::clear`].
///
/// # Examples
///
/// ```
/// use state_search::CapacityError;
/// use state_search::store::{HashedStore, NodeStore};
///
/// // Keeps the least cost reported for each state, in any store.
/// fn relax<St>(store: &mut St, state: char, cost: u32) -> Result<(), CapacityError>
/// where
///     St: NodeStore<char, u32>,
/// {
///     let (slot, new) = store.insert(&state, cost)?;
///     if !new && cost < *store.value(slot) {
///         *store.value_mut(slot) = cost;
///     }
///     Ok(())
/// }
/// let mut store = HashedStore::new();
/// for (state, cost) in [('a', 4), ('b', 2), ('a', 3), ('a', 9)] {
///     relax(&mut store, state, cost)?;
/// }
/// let a = store.find(&'a').unwrap();
/// assert_eq!((store.len(), store.state(a), *store.value(a)), (2, 'a', 3));
/// store.clear();
/// assert_eq!(store.find(&'a'), None);
/// # Ok::<(), CapacityError>(())
/// ```
pub trait NodeStore<S, V> {
    /// Returns the slot of `state` and `true` when it was not stored before (its record
    /// is then set to `value`); `false` when it was (its record is left unchanged).
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a new state does not fit: the store cannot grow (out of
    /// memory) or would number more than `u32::MAX - 1` states. The store is unchanged.
    fn insert(&mut self, state: &S, value: V) -> Result<(Slot, bool), CapacityError>;
    /// The slot of `state`, if it is stored.
    fn find(&self, state: &S) -> Option<Slot>;
    /// The record of a stored state.
    fn value(&self, slot: Slot) -> &V;
    /// The record of a stored state, mutably.
    fn value_mut(&mut self, slot: Slot) -> &mut V;
    /// The state at `slot`.
    fn state(&self, slot: Slot) -> S;
    /// The number of states stored.
    fn len(&self) -> usize;
    /// Whether no state is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Forgets every state; keeps the memory for the next search.
    fn clear(&mut self);
    /// The slots of the stored states (in an unspecified order).
    fn slots(&self) -> impl Iterator<Item = Slot> + '_;
    /// The heap memory the store holds, in bytes.
    fn memory_bytes(&self) -> usize;
}

/// A map from states to values whose entries all expire at once, in O(1), when a new
/// generation starts: the transposition table of IDA*.
///
/// # Examples
///
/// ```
/// use state_search::store::{HashedTable, TranspositionTable};
///
/// let mut table = HashedTable::new();
/// table.insert(&(2, 3), 5u32)?;
/// assert!(!table.insert_if_less(&(2, 3), 7)?); // 5 is no greater: kept
/// assert!(table.insert_if_less(&(2, 3), 4)?);
/// assert_eq!(table.get(&(2, 3)), Some(4));
/// table.reset(); // a new iteration: every entry expires
/// assert_eq!(table.get(&(2, 3)), None);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub trait TranspositionTable<S, V> {
    /// Starts a new generation: every entry written before is forgotten. O(1).
    fn reset(&mut self);
    /// Forgets every entry and releases what older generations still hold (a hashed
    /// table keeps them until then); for a dense table the same as `reset`.
    fn clear(&mut self);
    /// The value recorded for `state` in the current generation.
    fn get(&self, state: &S) -> Option<V>;
    /// Records `value` for `state` in the current generation.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a hashed table cannot grow.
    fn insert(&mut self, state: &S, value: V) -> Result<(), CapacityError>;
    /// Records `value` unless the current generation already holds a value no greater;
    /// returns whether it recorded.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a hashed table cannot grow.
    fn insert_if_less(&mut self, state: &S, value: V) -> Result<bool, CapacityError>
    where
        V: Ord + Copy,
    {
        match self.get(state) {
            Some(old) if old <= value => Ok(false),
            _ => {
                self.insert(state, value)?;
                Ok(true)
            }
        }
    }
    /// The heap memory the table holds, in bytes.
    fn memory_bytes(&self) -> usize;
}

/// A choice of storage: it builds the stores and tables an engine needs for states `S`.
///
/// [`Hashed`] works for every state type; [`Dense`] needs a [`StateIndexer`].
///
/// # Examples
///
/// ```
/// use state_search::store::NodeStore;
/// use state_search::{CapacityError, Dense, Hashed, StateIndexer, Storage};
///
/// #[derive(Clone, Copy)]
/// struct Bytes;
/// impl StateIndexer<u8> for Bytes {
///     fn bound(&self) -> usize { 256 }
///     fn index(&self, &b: &u8) -> usize { usize::from(b) }
///     fn state(&self, index: usize) -> u8 { u8::try_from(index).unwrap() }
/// }
/// // Code written once against `Storage`, as the engines are.
/// fn distinct<St: Storage<u8>>(storage: &St, states: &[u8]) -> Result<usize, CapacityError> {
///     let mut store = storage.try_store::<()>()?;
///     for state in states {
///         store.insert(state, ())?;
///     }
///     Ok(store.len())
/// }
/// assert_eq!(distinct(&Hashed, &[7, 3, 7, 200])?, 3);
/// assert_eq!(distinct(&Dense(Bytes), &[7, 3, 7, 200])?, 3);
/// # Ok::<(), CapacityError>(())
/// ```
pub trait Storage<S> {
    /// The node store for records `V`.
    type Store<V: Copy + Default>: NodeStore<S, V>;
    /// The transposition table for values `V`.
    type Table<V: Copy + Default>: TranspositionTable<S, V>;

    /// Builds an empty node store.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store cannot be allocated.
    fn try_store<V: Copy + Default>(&self) -> Result<Self::Store<V>, CapacityError>;

    /// Builds an empty transposition table.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense table cannot be allocated.
    fn try_table<V: Copy + Default>(&self) -> Result<Self::Table<V>, CapacityError>;
}

/// Hashed storage (`FxHash`): works for any state type; memory grows with the states seen.
///
/// # Examples
///
/// ```
/// use state_search::{Bfs, Hashed, Problem, Solver};
///
/// // Strings cannot be numbered densely, but any `Clone + Eq + Hash` state can be hashed.
/// let space = state_search::unit_from_fn(|s: &String| {
///     ['a', 'b'].map(|c| format!("{s}{c}")).into_iter().filter(|t| t.len() <= 4)
/// });
/// let search = Bfs::with_storage(Hashed).search(&Problem::new(&space, [String::new()], |s| s == "abba"));
/// assert_eq!(search.found().unwrap().path, ["", "a", "ab", "abb", "abba"]);
/// assert!(search.stats.stored < 31); // only the strings seen, of 31 up to four letters
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Hashed;

impl<S: Clone + Eq + Hash> Storage<S> for Hashed {
    type Store<V: Copy + Default> = HashedStore<S, V>;
    type Table<V: Copy + Default> = HashedTable<S, V>;

    fn try_store<V: Copy + Default>(&self) -> Result<HashedStore<S, V>, CapacityError> {
        Ok(HashedStore::new())
    }

    fn try_table<V: Copy + Default>(&self) -> Result<HashedTable<S, V>, CapacityError> {
        Ok(HashedTable::new())
    }
}

/// Dense storage over a [`StateIndexer`]: a bitset and flat arrays of `indexer.bound()`
/// entries, allocated when a search builds its buffers (an engine's scratch), not when
/// the engine is configured.
///
/// # Panics
///
/// The stores panic when the indexer breaks its contract: an `index` at or above
/// `bound()` (with a message naming both).
///
/// # Examples
///
/// ```
/// use state_search::{Bfs, Dense, StateIndexer, Problem, Solver};
///
/// #[derive(Clone, Copy)]
/// struct Upto100;
/// impl StateIndexer<u32> for Upto100 {
///     fn bound(&self) -> usize { 101 }
///     fn index(&self, &n: &u32) -> usize { n as usize }
///     fn state(&self, index: usize) -> u32 { index as u32 }
/// }
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 3].into_iter().filter(|&m| m <= 100));
/// let mut bfs = Bfs::with_storage(Dense(Upto100));
/// let found = bfs.search(&Problem::new(&space, [1], |&n| n == 100)).into_found().unwrap();
/// assert_eq!(found.path, [1, 3, 9, 10, 11, 33, 99, 100]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Dense<I>(pub I);

impl<S: PartialEq, I: StateIndexer<S>> Storage<S> for Dense<I> {
    type Store<V: Copy + Default> = DenseStore<I, V>;
    type Table<V: Copy + Default> = DenseTable<I, V>;

    fn try_store<V: Copy + Default>(&self) -> Result<DenseStore<I, V>, CapacityError> {
        DenseStore::try_new(self.0.clone())
    }

    fn try_table<V: Copy + Default>(&self) -> Result<DenseTable<I, V>, CapacityError> {
        DenseTable::try_new(self.0.clone())
    }
}

/// Follows parent links from `slot` to a state without parent and returns the states from
/// that root to `slot`.
pub(crate) fn path_to<S, V, St: NodeStore<S, V>>(
    store: &St,
    slot: Slot,
    parent: impl Fn(&V) -> Slot,
) -> Vec<S> {
    let mut path = Vec::new();
    let mut at = slot;
    while at != NO_SLOT {
        path.push(store.state(at));
        at = parent(store.value(at));
    }
    path.reverse();
    path
}

/// Pushes `value` onto `vec`, growing it fallibly: an allocation the allocator refuses is
/// a [`CapacityError`], not an abort.
///
/// # Errors
///
/// A [`CapacityError`] when `vec` is full and cannot grow.
#[inline]
pub(crate) fn try_push<T>(vec: &mut Vec<T>, value: T) -> Result<(), CapacityError> {
    if vec.len() == vec.capacity() {
        grow(vec)?;
    }
    vec.push(value);
    Ok(())
}

/// Doubles the capacity of a full `vec` (at least 4 entries), fallibly.
#[cold]
#[inline(never)]
pub(crate) fn grow<T>(vec: &mut Vec<T>) -> Result<(), CapacityError> {
    let more = vec.capacity().max(4);
    vec.try_reserve(more)
        .map_err(|_| CapacityError::out_of_memory(vec.len() + more, size_of::<T>()))
}

/// Pushes `value` at the back of `deque`, growing it fallibly.
///
/// # Errors
///
/// A [`CapacityError`] when `deque` is full and cannot grow.
#[inline]
pub(crate) fn try_push_back<T>(
    deque: &mut std::collections::VecDeque<T>,
    value: T,
) -> Result<(), CapacityError> {
    if deque.len() == deque.capacity() {
        grow_deque(deque)?;
    }
    deque.push_back(value);
    Ok(())
}

/// Doubles the room of a full `deque` (at least 4), or reports the failure. Rare, so kept
/// out of the engines' inner loops.
#[cold]
#[inline(never)]
fn grow_deque<T>(deque: &mut std::collections::VecDeque<T>) -> Result<(), CapacityError> {
    let more = deque.capacity().max(4);
    deque
        .try_reserve(more)
        .map_err(|_| CapacityError::out_of_memory(deque.len() + more, size_of::<T>()))
}

/// Allocates a bitset of `bits` clear bits, or reports the failure (probed as in
/// [`try_filled`]).
pub(crate) fn try_bitset(bits: usize) -> Result<fixedbitset::FixedBitSet, CapacityError> {
    let blocks = bits.div_ceil(usize::BITS as usize);
    let mut probe: Vec<usize> = Vec::new();
    probe
        .try_reserve_exact(blocks)
        .map_err(|_| CapacityError::out_of_memory(blocks, size_of::<usize>()))?;
    drop(probe);
    Ok(fixedbitset::FixedBitSet::with_capacity(bits))
}

/// Allocates `len` default values, or reports the failure.
///
/// The allocation is probed with `try_reserve_exact` first, so a request the allocator
/// refuses becomes an error instead of an abort; then `vec!` builds the array, which
/// for all-zero integer values asks the allocator for zeroed pages that the OS maps
/// lazily, instead of writing every entry.
#[cfg(feature = "domains")]
pub(crate) fn try_filled<V: Clone>(len: usize, value: V) -> Result<Vec<V>, CapacityError> {
    let mut probe: Vec<V> = Vec::new();
    probe
        .try_reserve_exact(len)
        .map_err(|_| CapacityError::out_of_memory(len, size_of::<V>()))?;
    drop(probe);
    Ok(vec![value; len])
}

/// The numbering `0..bound` of `u32` states, for the stores' unit tests.
#[cfg(test)]
#[derive(Clone, Copy)]
pub(crate) struct Upto(pub(crate) usize);

#[cfg(test)]
impl StateIndexer<u32> for Upto {
    fn bound(&self) -> usize {
        self.0
    }
    fn index(&self, &n: &u32) -> usize {
        n as usize
    }
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap()
    }
}
