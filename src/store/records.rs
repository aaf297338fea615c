//! [`Records`]: an array of records indexed by slot whose memory is allocated in chunks
//! of 512 records on first write, so that a store sized by an indexer's bound costs the
//! states it holds, not the bound.

use crate::error::CapacityError;

/// The records of one chunk: 2 KiB of 4-byte records, 6 KiB of 12-byte ones, about what
/// the operating system commits for a flat array's first write into a page or two.
const CHUNK: usize = 1 << SHIFT;
const SHIFT: u32 = 9;
const MASK: usize = CHUNK - 1;

/// One chunk: its records, allocated on its first write.
type Chunk<V> = Option<Box<[V; CHUNK]>>;

/// The address space held back once records outgrow [`RESERVE_AFTER`] chunks, and given
/// up when a chunk cannot be allocated. Chunks are small, so the one that fails finds the
/// memory exhausted, and the search that stops on the error still needs a little to end
/// and report (a vector that grows by doubling leaves that much free when it fails):
/// without it, `astar` with dense storage under `ulimit -v` aborted on an allocation of
/// 64 bytes after its chunk was refused. Reserved, never written: not resident memory,
/// and not counted.
const RESERVE_BYTES: usize = 1 << 20;
const RESERVE_AFTER: usize = 64;

/// An array of records `0..len` allocated in chunks of [`CHUNK`] records on the first
/// write into each. A record of a chunk never written has no value: indexing it panics,
/// [`Records::get`] answers `None` (a record not written in a chunk that was holds the
/// default). Dense stores and tables index it by a state's number;
/// [`Records::memory_bytes`] counts the chunks written, which is what the process holds
/// for the records.
#[derive(Clone, Debug)]
pub(crate) struct Records<V> {
    /// The chunks by number. Records of no size (the keys-only stores) are all in the
    /// first, which takes no memory.
    chunks: Vec<Chunk<V>>,
    /// How many chunks are allocated.
    allocated: usize,
    /// [`RESERVE_BYTES`] of capacity while more than [`RESERVE_AFTER`] chunks are
    /// allocated (none after a failure, until the next chunk).
    reserve: Vec<u8>,
}

impl<V: Copy + Default> Default for Records<V> {
    /// No records yet: they are allocated as they are written.
    fn default() -> Self {
        match Self::try_with_len(0) {
            Ok(records) => records,
            Err(_) => unreachable!("an empty directory allocates nothing"),
        }
    }
}

impl<V> Records<V> {
    const NO_SIZE: bool = size_of::<V>() == 0;

    /// The chunk and the place in it of record `index`.
    #[inline]
    const fn place(index: usize) -> (usize, usize) {
        if Self::NO_SIZE {
            (0, 0)
        } else {
            (index >> SHIFT, index & MASK)
        }
    }

    /// The record at `index`, if its chunk was written (and holds the default value
    /// where the record itself was not).
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<&V> {
        let (chunk, at) = Self::place(index);
        Some(&self.chunks.get(chunk)?.as_deref()?[at])
    }

    /// [`Records::get`], to write.
    #[inline]
    pub(crate) fn get_mut(&mut self, index: usize) -> Option<&mut V> {
        let (chunk, at) = Self::place(index);
        Some(&mut self.chunks.get_mut(chunk)?.as_deref_mut()?[at])
    }

    /// The heap memory the records hold: the chunks written and their directory.
    pub(crate) fn memory_bytes(&self) -> usize {
        if Self::NO_SIZE {
            return 0;
        }
        self.allocated * size_of::<[V; CHUNK]>() + self.chunks.capacity() * size_of::<Chunk<V>>()
    }
}

/// The most bytes records `0..len` of `record_bytes` take: every chunk written (the last
/// one whole) and the directory.
pub(crate) fn most_bytes(len: usize, record_bytes: usize) -> Option<usize> {
    CHUNK
        .checked_mul(record_bytes)?
        .checked_add(size_of::<Chunk<u8>>())?
        .checked_mul(len.div_ceil(CHUNK))
}

impl<V: Copy + Default> Records<V> {
    /// Room for `len` records, none allocated: a directory of one pointer per chunk.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the directory cannot be allocated.
    pub(crate) fn try_with_len(len: usize) -> Result<Self, CapacityError> {
        if Self::NO_SIZE {
            return Ok(Self {
                chunks: vec![Some(Box::new([V::default(); CHUNK]))],
                allocated: 0,
                reserve: Vec::new(),
            });
        }
        let count = len.div_ceil(CHUNK);
        let mut chunks = Vec::new();
        chunks
            .try_reserve_exact(count)
            .map_err(|_| CapacityError::out_of_memory(count, size_of::<Chunk<V>>()))?;
        chunks.resize(count, None);
        Ok(Self {
            chunks,
            allocated: 0,
            reserve: Vec::new(),
        })
    }

    /// Writes `value` at `index`, allocating its chunk on the first write there.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the chunk cannot be allocated.
    ///
    /// # Panics
    ///
    /// Panics if `index` is not below the length the records were made for.
    #[inline]
    pub(crate) fn try_set(&mut self, index: usize, value: V) -> Result<(), CapacityError> {
        if Self::NO_SIZE {
            return Ok(());
        }
        let (chunk, at) = Self::place(index);
        match &mut self.chunks[chunk] {
            Some(records) => records[at] = value,
            None => self.allocate(chunk)?[at] = value,
        }
        Ok(())
    }

    /// Allocates chunk `chunk`, its records the default; on failure, gives up the
    /// reserve.
    #[cold]
    #[inline(never)]
    fn allocate(&mut self, chunk: usize) -> Result<&mut [V; CHUNK], CapacityError> {
        let refused = || CapacityError::out_of_memory(CHUNK, size_of::<V>());
        if !keep_reserve(&mut self.reserve, self.allocated) {
            return Err(refused());
        }
        // Allocated once, fallibly, then filled in place (no reallocation).
        let mut records = Vec::new();
        if records.try_reserve_exact(CHUNK).is_err() {
            self.reserve = Vec::new();
            return Err(refused());
        }
        records.resize(CHUNK, V::default());
        let Ok(records) = Box::<[V; CHUNK]>::try_from(records.into_boxed_slice()) else {
            unreachable!("a chunk's records are {CHUNK}")
        };
        self.allocated += 1;
        Ok(self.chunks[chunk].insert(records))
    }

    /// Sets every record of the chunks written to `value`: O(len / 512 + records
    /// allocated).
    pub(crate) fn fill(&mut self, value: V) {
        for records in self.chunks.iter_mut().flatten() {
            records.fill(value);
        }
    }
}

/// Holds the reserve once `allocated` chunks are past [`RESERVE_AFTER`] (taken again
/// after a failure gave it up: a kept store's next search); `false`, and the reserve
/// given up, when it cannot be had. Not generic, so compiled once.
#[inline(never)]
fn keep_reserve(reserve: &mut Vec<u8>, allocated: usize) -> bool {
    if allocated < RESERVE_AFTER || reserve.capacity() != 0 {
        return true;
    }
    reserve.try_reserve_exact(RESERVE_BYTES).is_ok()
}

impl<V> core::ops::Index<usize> for Records<V> {
    type Output = V;

    /// # Panics
    ///
    /// Panics if the record's chunk was never written.
    #[inline]
    fn index(&self, index: usize) -> &V {
        let (chunk, at) = Self::place(index);
        match &self.chunks[chunk] {
            Some(records) => &records[at],
            None => unwritten(index),
        }
    }
}

impl<V> core::ops::IndexMut<usize> for Records<V> {
    /// # Panics
    ///
    /// Panics if the record's chunk was never written.
    #[inline]
    fn index_mut(&mut self, index: usize) -> &mut V {
        let (chunk, at) = Self::place(index);
        match &mut self.chunks[chunk] {
            Some(records) => &mut records[at],
            None => unwritten(index),
        }
    }
}

/// The panic of a read of a record never written (a bug of the store).
#[cold]
#[inline(never)]
#[track_caller]
fn unwritten(index: usize) -> ! {
    panic!("state-search: record {index} read before it was written")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_allocated_where_written_and_counted() {
        // 12-byte records: 512 to a chunk (6 KiB).
        let mut records: Records<[u32; 3]> = Records::try_with_len(1 << 20).unwrap();
        let directory = (1 << 20) / 512 * 8;
        assert_eq!(records.memory_bytes(), directory);
        assert_eq!(records.get(5), None);
        records.try_set(5, [1, 2, 3]).unwrap();
        records.try_set(200, [4, 5, 6]).unwrap();
        records.try_set(1_000_000, [7, 8, 9]).unwrap();
        assert_eq!(records.memory_bytes(), directory + 2 * 512 * 12);
        assert_eq!(
            (records[5], records[200], records[1_000_000]),
            ([1, 2, 3], [4, 5, 6], [7, 8, 9])
        );
        // Written chunks read their other records as the default; others have none.
        assert_eq!(records.get(6), Some(&[0; 3]));
        assert_eq!(records.get(512), None);
        records[200][0] = 40;
        records.fill([0; 3]);
        assert_eq!((records[5], records[200]), ([0; 3], [0; 3]));
    }

    #[test]
    fn records_of_no_size_take_no_memory_and_read_anywhere() {
        for mut records in [Records::default(), Records::try_with_len(1 << 40).unwrap()] {
            records.try_set(1 << 35, ()).unwrap();
            assert_eq!((records[7], records[1 << 35]), ((), ()));
            assert_eq!(records.memory_bytes(), 0);
        }
    }
}
