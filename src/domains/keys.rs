//! Key sets and the (cell, keys held) states shared by the grid mazes with keys
//! ([`keydoor`](super::keydoor), [`pipemaze`](super::pipemaze)), with their dense
//! numbering.

use core::fmt;

use crate::grid::Pos;
use crate::space::StateIndexer;

/// A set of key types `0..32`, one bit per type.
///
/// # Examples
///
/// ```
/// use state_search::domains::keys::KeySet;
///
/// let keys = KeySet::EMPTY.with(0).with(5);
/// assert!(keys.contains(5) && !keys.contains(1));
/// assert_eq!(keys.len(), 2);
/// assert_eq!(keys.types().collect::<Vec<_>>(), [0, 5]);
/// assert!(KeySet::EMPTY.with(5).is_subset(keys));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeySet(pub u32);

impl KeySet {
    /// No keys.
    pub const EMPTY: KeySet = KeySet(0);

    /// The set with `key_type` added.
    ///
    /// # Panics
    ///
    /// Panics if `key_type >= 32`.
    #[inline]
    #[must_use]
    pub const fn with(self, key_type: u8) -> KeySet {
        assert!(key_type < 32, "a key set holds key types 0..32");
        KeySet(self.0 | 1 << key_type)
    }

    /// The set with `key_type` removed.
    ///
    /// # Panics
    ///
    /// Panics if `key_type >= 32`.
    #[inline]
    #[must_use]
    pub const fn without(self, key_type: u8) -> KeySet {
        assert!(key_type < 32, "a key set holds key types 0..32");
        KeySet(self.0 & !(1 << key_type))
    }

    /// Whether `key_type` is in the set (`false` for types of 32 and above).
    #[inline]
    #[must_use]
    pub const fn contains(self, key_type: u8) -> bool {
        key_type < 32 && self.0 >> key_type & 1 == 1
    }

    /// The number of key types in the set.
    #[inline]
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every type of `self` is in `other`.
    #[inline]
    #[must_use]
    pub const fn is_subset(self, other: KeySet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The union of two sets.
    #[inline]
    #[must_use]
    pub const fn union(self, other: KeySet) -> KeySet {
        KeySet(self.0 | other.0)
    }

    /// The key types in the set, in increasing order.
    pub fn types(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            #[expect(clippy::cast_possible_truncation, reason = "a bit index below 32")]
            let low = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(low)
        })
    }
}

impl fmt::Debug for KeySet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.types()).finish()
    }
}

/// A state of a grid maze with keys: the cell the player is on and the keys it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyState {
    /// The cell.
    pub pos: Pos,
    /// The keys held.
    pub keys: KeySet,
}

impl KeyState {
    /// The state at `pos` holding `keys`.
    #[must_use]
    pub const fn new(pos: Pos, keys: KeySet) -> Self {
        Self { pos, keys }
    }
}

/// The dense numbering of [`KeyState`]s of a `rows x cols` grid whose key sets only
/// hold types of `used`: `index = rank(keys) * cells + row * cols + col`, where
/// `rank(keys)` packs the bits of `keys` that `used` allows into `0..2^|used|`.
///
/// Key sets are the slow dimension, so all states of one key set are contiguous: most
/// moves keep the keys, and their states stay close in memory.
///
/// # Examples
///
/// ```
/// use state_search::domains::keys::{KeySet, KeyState, KeyStateIndexer};
/// use state_search::grid::Pos;
/// use state_search::StateIndexer;
///
/// // 3 rows, 4 columns, and only key types 1 and 4 occur: 12 cells x 4 key sets.
/// let ix = KeyStateIndexer::new(3, 4, KeySet::EMPTY.with(1).with(4));
/// assert_eq!(ix.bound(), 48);
/// let state = KeyState::new(Pos::new(2, 1), KeySet::EMPTY.with(4));
/// assert_eq!(ix.index(&state), 2 * 12 + 9);
/// assert_eq!(ix.state(ix.index(&state)), state);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyStateIndexer {
    cols: u32,
    cells: u32,
    used: u32,
    /// Whether `used` is `0..k` for some `k`: then `rank(keys) = keys`.
    low_bits: bool,
}

impl KeyStateIndexer {
    /// The numbering for a `rows x cols` grid whose key sets are subsets of `used`.
    ///
    /// # Panics
    ///
    /// Panics if the grid has more than `u32::MAX` cells.
    #[must_use]
    pub fn new(rows: u32, cols: u32, used: KeySet) -> Self {
        let cells = rows
            .checked_mul(cols)
            .expect("a grid of at most u32::MAX cells");
        Self {
            cols,
            cells,
            used: used.0,
            low_bits: used.0 & used.0.wrapping_add(1) == 0,
        }
    }

    /// The key types that may occur.
    #[must_use]
    pub fn used(&self) -> KeySet {
        KeySet(self.used)
    }

    /// The packed rank of `keys`: its bits in `used`, moved down next to each other.
    #[inline]
    fn rank(&self, keys: KeySet) -> usize {
        if self.low_bits {
            return keys.0 as usize;
        }
        let (mut rank, mut bit, mut used) = (0usize, 1usize, self.used);
        while used != 0 {
            if keys.0 & used & used.wrapping_neg() != 0 {
                rank |= bit;
            }
            bit <<= 1;
            used &= used - 1;
        }
        rank
    }

    /// The key set whose rank is `rank` (the inverse of `rank`).
    #[inline]
    fn unrank(&self, rank: usize) -> KeySet {
        if self.low_bits {
            #[expect(clippy::cast_possible_truncation, reason = "ranks of 32-bit sets")]
            return KeySet(rank as u32);
        }
        let (mut keys, mut bit, mut used) = (0u32, 1usize, self.used);
        while used != 0 {
            if rank & bit != 0 {
                keys |= used & used.wrapping_neg();
            }
            bit <<= 1;
            used &= used - 1;
        }
        KeySet(keys)
    }
}

impl StateIndexer<KeyState> for KeyStateIndexer {
    /// `cells * 2^|used|`, or `usize::MAX` when that does not fit (dense stores then
    /// refuse it with a [`CapacityError`](crate::CapacityError)).
    #[inline]
    fn bound(&self) -> usize {
        1usize
            .checked_shl(self.used.count_ones())
            .and_then(|sets| sets.checked_mul(self.cells as usize))
            .unwrap_or(usize::MAX)
    }

    /// A state off the numbering (its cell off the grid, or a key type outside `used`) gets
    /// `usize::MAX`, beyond the bound, rather than another state's number.
    #[inline]
    fn index(&self, state: &KeyState) -> usize {
        let cell = state.pos.row as usize * self.cols as usize + state.pos.col as usize;
        if state.pos.col >= self.cols
            || cell >= self.cells as usize
            || state.keys.0 & !self.used != 0
        {
            return usize::MAX;
        }
        self.rank(state.keys) * self.cells as usize + cell
    }

    #[inline]
    fn state(&self, index: usize) -> KeyState {
        // 32-bit divisions when they suffice: several times cheaper than 64-bit ones.
        let (rank, cell) = match u32::try_from(index) {
            Ok(index) => ((index / self.cells) as usize, index % self.cells),
            #[expect(clippy::cast_possible_truncation, reason = "a cell index below cells")]
            Err(_) => (
                index / self.cells as usize,
                (index % self.cells as usize) as u32,
            ),
        };
        KeyState {
            pos: Pos::new(cell / self.cols, cell % self.cols),
            keys: self.unrank(rank),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexer_is_a_bijection_for_scattered_key_types() {
        let used = KeySet::EMPTY.with(0).with(3).with(31);
        let ix = KeyStateIndexer::new(2, 3, used);
        assert_eq!(ix.bound(), 6 * 8);
        let mut seen = vec![false; ix.bound()];
        for sub in 0..8u32 {
            let keys = KeySet((sub & 1) | ((sub >> 1) & 1) << 3 | ((sub >> 2) & 1) << 31);
            for row in 0..2 {
                for col in 0..3 {
                    let state = KeyState::new(Pos::new(row, col), keys);
                    let index = ix.index(&state);
                    assert!(!seen[index], "{state:?} collides");
                    seen[index] = true;
                    assert_eq!(ix.state(index), state);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn states_off_the_numbering_are_beyond_the_bound() {
        // Scattered key types (a rank of their own) and the lowest ones (the set itself).
        for used in [KeySet::EMPTY.with(0).with(3), KeySet::EMPTY.with(0).with(1)] {
            let ix = KeyStateIndexer::new(2, 3, used);
            for state in [
                // Column 3 of a 3-wide grid is not cell (1, 0); row 2 of 2 rows.
                KeyState::new(Pos::new(0, 3), KeySet::EMPTY),
                KeyState::new(Pos::new(2, 0), KeySet::EMPTY),
                // Key type 5 is not numbered: not the state without it.
                KeyState::new(Pos::new(0, 0), KeySet::EMPTY.with(5)),
            ] {
                assert!(ix.index(&state) >= ix.bound(), "{state:?} with {used:?}");
            }
        }
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn bound_counts_every_cell_and_key_set() {
        // 2^31 cells x 2^32 key sets: far too many for a dense store, which refuses it.
        let ix = KeyStateIndexer::new(1 << 15, 1 << 16, KeySet(u32::MAX));
        assert_eq!(ix.bound(), 1 << 63);
        let refused = crate::store::DenseStore::<_, u32>::try_new::<KeyState>(ix);
        assert_eq!(
            refused.map(|_| ()).map_err(|e| e.reason),
            Err(crate::error::CapacityErrorKind::TooManyStates)
        );
        let ix = KeyStateIndexer::new(4, 4, KeySet(0b111));
        assert_eq!(ix.bound(), 128);
    }

    #[test]
    fn key_sets_iterate_and_print_their_types() {
        let keys = KeySet::EMPTY.with(2).with(7).with(31);
        assert_eq!(format!("{keys:?}"), "{2, 7, 31}");
        assert_eq!(keys.without(7), KeySet::EMPTY.with(2).with(31));
        assert!(!keys.contains(40));
        assert_eq!(keys.union(KeySet(1)).len(), 4);
    }
}
