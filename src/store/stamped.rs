//! [`StampedTable`]: an array, allocated by chunks where written, whose entries expire all
//! at once, in O(1).

use crate::error::CapacityError;

use super::Records;

/// A generation counter stored next to each entry of a [`StampedTable`]. A type of no
/// size cannot tell generations apart: every stamp type has some bytes.
///
/// A narrower stamp saves memory; the table then clears its stamps once every
/// `Stamp::MAX` generations instead of never, which keeps `reset` O(1) amortized.
///
/// # Examples
///
/// ```
/// use state_search::store::{Stamp, StampedTable};
///
/// assert_eq!(1u8.next(), 2);
/// // One byte of stamp per entry instead of four.
/// let mut table: StampedTable<u16, u8> = StampedTable::new(1000);
/// let mut wider: StampedTable<u16, u32> = StampedTable::new(1000);
/// table.insert(3, 7);
/// wider.insert(3, 7);
/// assert!(table.memory_bytes() < wider.memory_bytes());
/// for _ in 0..u8::MAX {
///     table.reset();
/// }
/// assert_eq!(table.generation(), 1); // wrapped around, the stamps rewritten
/// assert_eq!(table.get(3), None);
/// ```
pub trait Stamp: Copy + Eq + Default + core::fmt::Debug {
    /// The largest stamp; the next `reset` after it clears the stamps.
    const MAX: Self;
    /// The stamp after `self`.
    #[must_use]
    fn next(self) -> Self;
}

macro_rules! stamp {
    ($($t:ty),*) => {$(
        impl Stamp for $t {
            const MAX: Self = <$t>::MAX;
            #[inline]
            fn next(self) -> Self {
                self + 1
            }
        }
    )*};
}
stamp!(u8, u16, u32, u64);

/// An array of `len` entries indexed by `0..len` where an entry is live only if it was
/// written in the current generation; [`StampedTable::reset`] starts a new generation
/// without touching memory.
///
/// # Complexity
///
/// `get`, `insert` and `reset` are O(1) (`reset` amortized: once every `T::MAX`
/// generations it rewrites the stamps: the stamps written). Memory: entries are
/// allocated in chunks of 512 on the first write into each, so a table costs the chunks of
/// `0..len` written (`512 * (size_of::<V>() + size_of::<T>())` bytes each), plus a
/// directory of `len / 32` bytes from the start.
///
/// # Examples
///
/// ```
/// use state_search::store::StampedTable;
///
/// let mut table: StampedTable<u32> = StampedTable::new(1 << 24);
/// let empty = table.memory_bytes(); // the chunks' directory only: 512 KiB
/// table.insert(3, 7);
/// assert_eq!(table.get(3), Some(&7));
/// assert_eq!(table.get(1 << 23), None); // never written: nothing allocated there
/// assert_eq!(table.memory_bytes() - empty, 512 * (4 + 4)); // one chunk of 512 entries
/// table.reset();
/// assert_eq!(table.get(3), None);
/// ```
#[derive(Clone, Debug)]
pub struct StampedTable<V, T: Stamp = u32> {
    stamps: Records<T>,
    values: Records<V>,
    len: usize,
    current: T,
}

impl<V: Copy + Default, T: Stamp> StampedTable<V, T> {
    /// A table of `len` entries, all empty.
    ///
    /// # Panics
    ///
    /// Panics if the memory for the chunks' directory cannot be allocated; see
    /// [`StampedTable::try_new`].
    #[must_use]
    pub fn new(len: usize) -> Self {
        match Self::try_new(len) {
            Ok(table) => table,
            Err(error) => panic!("{error}"),
        }
    }

    /// A table of `len` entries, all empty.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the memory for the chunks' directory cannot be allocated.
    pub fn try_new(len: usize) -> Result<Self, CapacityError> {
        Ok(Self {
            stamps: Records::try_with_len(len)?,
            values: Records::try_with_len(len)?,
            len,
            current: T::default().next(),
        })
    }

    /// Writes `value` at `index` in the current generation.
    ///
    /// # Panics
    ///
    /// Panics if `index >= len()`, or if the memory for the entry's chunk cannot be
    /// allocated (see [`StampedTable::try_insert`]).
    #[inline]
    pub fn insert(&mut self, index: usize, value: V) {
        if let Err(error) = self.try_insert(index, value) {
            panic!("{error}");
        }
    }

    /// Writes `value` at `index` in the current generation.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the memory for the entry's chunk cannot be allocated (the
    /// first write into each chunk of 512 entries allocates it).
    ///
    /// # Panics
    ///
    /// Panics if `index >= len()`.
    #[inline]
    pub fn try_insert(&mut self, index: usize, value: V) -> Result<(), CapacityError> {
        assert!(
            index < self.len,
            "index {index} out of a table of {}",
            self.len
        );
        // The value first: a stamp of the current generation promises a value.
        self.values.try_set(index, value)?;
        self.stamps.try_set(index, self.current)
    }
}

impl<V, T: Stamp> StampedTable<V, T> {
    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no entries at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value at `index`, if it was written in the current generation.
    ///
    /// # Panics
    ///
    /// Panics if `index >= len()`.
    #[inline]
    #[must_use]
    pub fn get(&self, index: usize) -> Option<&V> {
        assert!(
            index < self.len,
            "index {index} out of a table of {}",
            self.len
        );
        // A chunk never written has no stamps: none of the current generation.
        (self.stamps.get(index) == Some(&self.current)).then(|| &self.values[index])
    }

    /// Starts a new generation: every entry becomes empty.
    #[inline]
    pub fn reset(&mut self) {
        if self.current == T::MAX {
            self.clear();
        } else {
            self.current = self.current.next();
        }
    }

    /// Empties every entry by rewriting the stamps written: O(len / 512 + entries
    /// allocated).
    pub fn clear(&mut self) {
        self.stamps.fill(T::default());
        self.current = T::default().next();
    }

    /// The current generation's stamp (it starts at 1 and wraps back to 1 after
    /// `T::MAX`).
    #[must_use]
    pub fn generation(&self) -> T {
        self.current
    }

    /// The heap memory the table holds, in bytes: the chunks of entries written, and
    /// their directory.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.stamps.memory_bytes() + self.values.memory_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reset_forgets_every_entry() {
        let mut table: StampedTable<u64> = StampedTable::new(4);
        table.insert(0, 10);
        table.insert(3, 13);
        table.reset();
        assert!((0..4).all(|i| table.get(i).is_none()));
        table.insert(3, 23);
        assert_eq!(table.get(3), Some(&23));
    }

    #[test]
    fn wrap_around_clears_entries_from_an_older_cycle() {
        let mut table: StampedTable<u8, u8> = StampedTable::new(3);
        table.insert(1, 1);
        // After 255 resets the stamp comes back to its first value; the stale entry
        // written at generation 1 must not come back to life.
        for _ in 0..255 {
            table.reset();
            assert_eq!(table.get(1), None);
        }
        assert_eq!(table.generation(), 1);
        assert_eq!(table.get(1), None);
        table.insert(2, 9);
        assert_eq!(table.get(2), Some(&9));
    }
}
