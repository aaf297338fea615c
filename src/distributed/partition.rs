//! One worker's share of the states, two bits per owned index: unseen, done, or in one of
//! the two layers in play (the one being expanded and the one arriving).

use crate::algo::layers::{PER_WORD, fields_equal};
use crate::error::CapacityError;
use crate::store::try_filled;

/// The value of a state whose layer has been expanded.
const DONE: u64 = 1;

/// The states `owner, owner + owners, owner + 2 * owners, ...` below a bound, two bits
/// each: 0 unseen, 1 done, `2 + depth % 2` reached at `depth` and not yet expanded.
pub(crate) struct Partition {
    words: Vec<u64>,
    owner: usize,
    owners: usize,
}

impl Partition {
    /// The share of `owner` (of `owners`) of the indices below `bound`, all unseen.
    pub(crate) fn new(bound: usize, owner: usize, owners: usize) -> Result<Self, CapacityError> {
        let len = bound.saturating_sub(owner).div_ceil(owners);
        Ok(Self {
            words: try_filled(len.div_ceil(PER_WORD), 0u64)?,
            owner,
            owners,
        })
    }

    /// The bytes the partition holds.
    pub(crate) fn bytes(&self) -> usize {
        self.words.len() * size_of::<u64>()
    }

    /// The words of the array: the unit of a scan.
    pub(crate) fn words(&self) -> usize {
        self.words.len()
    }

    /// The word and shift of global index `index` (which this partition must own).
    fn slot(&self, index: u64) -> (usize, u32) {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "owned indices are below the bound, a usize"
        )]
        let local = (index / self.owners as u64) as usize;
        #[expect(clippy::cast_possible_truncation, reason = "a shift below 64")]
        let shift = ((local % PER_WORD) * 2) as u32;
        (local / PER_WORD, shift)
    }

    /// Records that `index` lies at `depth` if it was unseen; whether it was.
    pub(crate) fn mark(&mut self, index: u64, depth: u32) -> bool {
        let (word, shift) = self.slot(index);
        let word = &mut self.words[word];
        if (*word >> shift) & 3 != 0 {
            return false;
        }
        *word |= value_at(depth) << shift;
        true
    }

    /// Calls `visit` with the global index of every state reached at `depth` in words
    /// `words` of the array, and marks each done.
    pub(crate) fn expand(
        &mut self,
        depth: u32,
        words: core::ops::Range<usize>,
        mut visit: impl FnMut(u64),
    ) {
        let value = value_at(depth);
        for w in words {
            let mut hits = fields_equal(self.words[w], value);
            if hits == 0 {
                continue;
            }
            // Xor with `value ^ DONE` turns `value` into `DONE` in every hit field.
            self.words[w] ^= hits * (value ^ DONE);
            while hits != 0 {
                let field = hits.trailing_zeros() as usize / 2;
                hits &= hits - 1;
                let local = w * PER_WORD + field;
                visit((local * self.owners + self.owner) as u64);
            }
        }
    }
}

/// The two-bit value of a state reached at `depth` and not yet expanded.
fn value_at(depth: u32) -> u64 {
    2 + u64::from(depth % 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_once_and_expands_its_own_indices_by_depth_once() {
        // Owner 1 of 3 below 10 holds 1, 4, 7.
        let mut part = Partition::new(10, 1, 3).unwrap();
        assert!(part.mark(4, 0));
        assert!(!part.mark(4, 1));
        assert!(part.mark(7, 1));
        assert!(part.mark(1, 2));
        let mut seen = Vec::new();
        part.expand(2, 0..part.words(), |i| seen.push(i));
        assert_eq!(seen, [1, 4]); // depths 0 and 2 share a value until 0 is expanded
        seen.clear();
        part.expand(1, 0..part.words(), |i| seen.push(i));
        assert_eq!(seen, [7]);
        seen.clear();
        part.expand(1, 0..part.words(), |i| seen.push(i));
        part.expand(0, 0..part.words(), |i| seen.push(i));
        assert!(seen.is_empty(), "expanded states are done");
        assert!(!part.mark(7, 5), "done states stay seen");
    }

    #[test]
    fn the_unused_fields_of_the_last_word_are_never_reported() {
        let mut part = Partition::new(5, 0, 2).unwrap(); // 0, 2, 4
        let mut seen = 0;
        part.expand(0, 0..part.words(), |_| seen += 1);
        assert_eq!(seen, 0);
    }
}
