//! Stacks of pancakes: `Stack`, its flips, its Lehmer rank, random stacks, and
//! `StackError`.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::rng::SplitMix64;

/// The most pancakes a [`Stack`] holds.
pub const MAX_PANCAKES: usize = 64;

/// The most pancakes whose stacks [`Stack::rank`] numbers: `20!` fits a `u64`, `21!` does
/// not.
pub const MAX_RANKED: usize = 20;

/// `n!` for `n <= MAX_RANKED`.
const FACTORIALS: [u64; MAX_RANKED + 1] = {
    let mut table = [1u64; MAX_RANKED + 1];
    let mut n = 1;
    while n <= MAX_RANKED {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// `n!` for `n <= MAX_RANKED`.
pub(super) fn factorial(n: usize) -> Option<u64> {
    FACTORIALS.get(n).copied()
}

/// A stack of `n` pancakes (1 to [`MAX_PANCAKES`]) of the sizes `0..n`, each once; position
/// 0 is the top. A copy is 65 bytes and never allocates.
///
/// A flip of `k` (2 to `n`) slides the spatula under the top `k` pancakes and turns them
/// over: it reverses positions `0..k`.
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::Stack;
///
/// let mut stack = Stack::new(&[2, 1, 0, 3])?;
/// stack.flip(3)?;
/// assert_eq!(stack.as_slice(), [0, 1, 2, 3]);
/// assert!(stack.is_sorted());
/// assert_eq!(stack.to_string(), "0 1 2 3");
/// assert!(stack.flip(5).is_err());
/// # Ok::<(), state_search::domains::pancake::StackError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stack {
    /// The number of pancakes.
    len: u8,
    /// The sizes, top first; zero beyond `len`.
    cakes: [u8; MAX_PANCAKES],
}

impl Stack {
    /// The stack of the sizes `sizes`, top first.
    ///
    /// # Errors
    ///
    /// [`StackError::Size`] for no pancake or more than [`MAX_PANCAKES`];
    /// [`StackError::OutOfRange`] or [`StackError::Repeated`] when `sizes` is not a
    /// permutation of `0..sizes.len()` (the first position at fault).
    pub fn new(sizes: &[u8]) -> Result<Self, StackError> {
        let len = sizes.len();
        if len == 0 || len > MAX_PANCAKES {
            return Err(StackError::Size { pancakes: len });
        }
        let mut seen = 0u64;
        for (position, &size) in sizes.iter().enumerate() {
            if usize::from(size) >= len {
                return Err(StackError::OutOfRange {
                    position,
                    size,
                    pancakes: len,
                });
            }
            if seen & (1 << size) != 0 {
                return Err(StackError::Repeated { position, size });
            }
            seen |= 1 << size;
        }
        let mut cakes = [0; MAX_PANCAKES];
        cakes[..len].copy_from_slice(sizes);
        Ok(Self {
            len: byte(len),
            cakes,
        })
    }

    /// The sorted stack of `pancakes` pancakes: `0, 1, ..., n-1` from the top.
    ///
    /// # Errors
    ///
    /// [`StackError::Size`] for no pancake or more than [`MAX_PANCAKES`].
    pub fn sorted(pancakes: usize) -> Result<Self, StackError> {
        if pancakes == 0 || pancakes > MAX_PANCAKES {
            return Err(StackError::Size { pancakes });
        }
        let mut cakes = [0; MAX_PANCAKES];
        for (size, cake) in cakes.iter_mut().enumerate().take(pancakes) {
            *cake = byte(size);
        }
        Ok(Self {
            len: byte(pancakes),
            cakes,
        })
    }

    /// A uniformly random stack of `pancakes` pancakes, the same for the same `seed`
    /// ([`SplitMix64`]). Every stack can be sorted.
    ///
    /// # Errors
    ///
    /// [`StackError::Size`] for no pancake or more than [`MAX_PANCAKES`].
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pancake::Stack;
    ///
    /// let stack = Stack::random(10, 7)?;
    /// assert_eq!(stack, Stack::random(10, 7)?);
    /// assert_eq!(stack.pancakes(), 10);
    /// # Ok::<(), state_search::domains::pancake::StackError>(())
    /// ```
    pub fn random(pancakes: usize, seed: u64) -> Result<Self, StackError> {
        let mut stack = Self::sorted(pancakes)?;
        SplitMix64::new(seed).shuffle(&mut stack.cakes[..pancakes]);
        Ok(stack)
    }

    /// The number of pancakes.
    #[must_use]
    pub fn pancakes(&self) -> usize {
        usize::from(self.len)
    }

    /// The sizes, top first.
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.cakes[..self.pancakes()]
    }

    /// Whether the sizes are `0, 1, ..., n-1` from the top.
    #[must_use]
    pub fn is_sorted(&self) -> bool {
        self.as_slice()
            .iter()
            .enumerate()
            .all(|(position, &size)| usize::from(size) == position)
    }

    /// Flips the top `k` pancakes (reverses positions `0..k`).
    ///
    /// # Errors
    ///
    /// [`StackError::Flip`] unless `k` is from 2 to the number of pancakes; the stack is
    /// then unchanged.
    pub fn flip(&mut self, k: usize) -> Result<(), StackError> {
        if k < 2 || k > self.pancakes() {
            return Err(StackError::Flip {
                flip: k,
                pancakes: self.pancakes(),
            });
        }
        self.flip_top(k);
        Ok(())
    }

    /// Reverses positions `0..k`, for a `k` known to be at most the number of pancakes.
    #[inline]
    pub(super) fn flip_top(&mut self, k: usize) {
        self.cakes[..k].reverse();
    }

    /// The size at `position` (below the number of pancakes), or `plate` below the bottom.
    #[inline]
    pub(super) fn at_or(&self, position: usize, plate: u8) -> u8 {
        if position < self.pancakes() {
            self.cakes[position]
        } else {
            plate
        }
    }

    /// The stack whose size at each position is `map[size]` (a relabelling: `map` must be
    /// a permutation of `0..n`).
    pub(super) fn relabelled(&self, map: &[u8; MAX_PANCAKES]) -> Self {
        let mut out = *self;
        for cake in &mut out.cakes[..self.pancakes()] {
            *cake = map[usize::from(*cake)];
        }
        out
    }

    /// For each size, its position in this stack (zero beyond the number of pancakes).
    pub(super) fn positions(&self) -> [u8; MAX_PANCAKES] {
        let mut positions = [0; MAX_PANCAKES];
        for (position, &size) in self.as_slice().iter().enumerate() {
            positions[usize::from(size)] = byte(position);
        }
        positions
    }

    /// The Lehmer rank of the stack: its place, from 0, among the `n!` stacks of its `n`
    /// pancakes in lexicographic order of their sizes from the top. `None` above
    /// [`MAX_RANKED`] pancakes, whose ranks do not fit a `u64`.
    ///
    /// # Complexity
    ///
    /// O(n).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pancake::Stack;
    ///
    /// let stack = Stack::new(&[1, 0, 2])?;
    /// assert_eq!(stack.rank(), Some(2)); // after 0 1 2 and 0 2 1
    /// assert_eq!(Stack::from_rank(3, 2), Some(stack));
    /// assert_eq!(Stack::sorted(21)?.rank(), None);
    /// # Ok::<(), state_search::domains::pancake::StackError>(())
    /// ```
    #[must_use]
    pub fn rank(&self) -> Option<u64> {
        let n = self.pancakes();
        if n > MAX_RANKED {
            return None;
        }
        let mut used = 0u64;
        let mut rank = 0u64;
        for (position, &size) in self.as_slice().iter().enumerate() {
            // The Lehmer digit: the sizes below this one not used yet, all further down.
            let below = u64::from((used & ((1u64 << size) - 1)).count_ones());
            used |= 1 << size;
            rank += (u64::from(size) - below) * FACTORIALS[n - 1 - position];
        }
        Some(rank)
    }

    /// The stack of `pancakes` pancakes whose [`rank`](Stack::rank) is `rank`; `None`
    /// unless `pancakes` is from 1 to [`MAX_RANKED`] and `rank` below `pancakes!`.
    ///
    /// # Complexity
    ///
    /// O(n^2).
    #[must_use]
    pub fn from_rank(pancakes: usize, rank: u64) -> Option<Self> {
        if pancakes == 0 || pancakes > MAX_RANKED || rank >= FACTORIALS[pancakes] {
            return None;
        }
        let mut unused: [u8; MAX_RANKED] = core::array::from_fn(byte);
        let mut left = pancakes;
        let mut rank = rank;
        let mut cakes = [0; MAX_PANCAKES];
        for (position, cake) in cakes.iter_mut().enumerate().take(pancakes) {
            let weight = FACTORIALS[pancakes - 1 - position];
            // Below `left`: `rank < left * weight` holds at every step.
            let digit = usize::try_from(rank / weight).unwrap_or(0).min(left - 1);
            rank %= weight;
            *cake = unused[digit];
            unused.copy_within(digit + 1..left, digit);
            left -= 1;
        }
        Some(Self {
            len: byte(pancakes),
            cakes,
        })
    }
}

/// `value` as a byte, for the sizes and positions of a stack (all below
/// [`MAX_PANCAKES`] + 1).
#[inline]
pub(super) fn byte(value: usize) -> u8 {
    u8::try_from(value).unwrap_or(u8::MAX)
}

impl Hash for Stack {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Stack").field(&self.as_slice()).finish()
    }
}

impl fmt::Display for Stack {
    /// The sizes from the top, separated by single spaces (the text format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::domains::write_spaced(f, self.as_slice())
    }
}

/// A stack or a flip that is not valid. Positions count from 0 at the top.
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Stack, StackError};
///
/// assert_eq!(Stack::new(&[0, 2, 0]), Err(StackError::Repeated { position: 2, size: 0 }));
/// assert_eq!(
///     Stack::new(&[0, 3, 1]).unwrap_err().to_string(),
///     "size 3 at position 1 is not below the 3 pancakes"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StackError {
    /// No pancake, or more than [`MAX_PANCAKES`].
    Size {
        /// The number of pancakes asked for.
        pancakes: usize,
    },
    /// A size is not below the number of pancakes.
    OutOfRange {
        /// Its position.
        position: usize,
        /// The size.
        size: u8,
        /// The number of pancakes.
        pancakes: usize,
    },
    /// A size appears a second time.
    Repeated {
        /// The position of the second one.
        position: usize,
        /// The size.
        size: u8,
    },
    /// A flip that is not from 2 to the number of pancakes.
    Flip {
        /// The number of pancakes flipped.
        flip: usize,
        /// The number of pancakes in the stack.
        pancakes: usize,
    },
    /// Two stacks that must have the same number of pancakes (a start and its goal) do
    /// not.
    Mismatch {
        /// The start's pancakes.
        start: usize,
        /// The goal's pancakes.
        goal: usize,
    },
}

impl fmt::Display for StackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StackError::Size { pancakes } => write!(
                f,
                "a stack has 1 to {MAX_PANCAKES} pancakes, not {pancakes}"
            ),
            StackError::OutOfRange {
                position,
                size,
                pancakes,
            } => write!(
                f,
                "size {size} at position {position} is not below the {pancakes} pancakes"
            ),
            StackError::Repeated { position, size } => {
                write!(f, "size {size} appears again at position {position}")
            }
            StackError::Flip { flip, pancakes } => {
                write!(f, "a flip turns 2 to {pancakes} pancakes, not {flip}")
            }
            StackError::Mismatch { start, goal } => {
                write!(f, "the start has {start} pancakes and the goal {goal}")
            }
        }
    }
}

impl std::error::Error for StackError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_lexicographic_and_invert() {
        for (n, &count) in FACTORIALS.iter().enumerate().take(7).skip(1) {
            let mut previous: Option<Vec<u8>> = None;
            for rank in 0..count {
                let stack = Stack::from_rank(n, rank).unwrap();
                assert_eq!(stack.rank(), Some(rank));
                let sizes = stack.as_slice().to_vec();
                assert!(previous.is_none_or(|p| p < sizes), "{sizes:?}");
                previous = Some(sizes);
            }
            assert_eq!(Stack::from_rank(n, count), None);
        }
    }

    #[test]
    fn the_largest_ranked_stack_has_the_last_rank() {
        let reversed: Vec<u8> = (0..20).rev().collect();
        let stack = Stack::new(&reversed).unwrap();
        assert_eq!(stack.rank(), Some(FACTORIALS[20] - 1));
        assert_eq!(Stack::from_rank(20, FACTORIALS[20] - 1), Some(stack));
    }

    #[test]
    fn sizes_beyond_the_limit_are_refused() {
        assert_eq!(Stack::sorted(0), Err(StackError::Size { pancakes: 0 }));
        assert_eq!(Stack::sorted(65), Err(StackError::Size { pancakes: 65 }));
        assert!(Stack::sorted(64).unwrap().is_sorted());
        assert_eq!(Stack::random(64, 3).unwrap().pancakes(), 64);
    }
}
