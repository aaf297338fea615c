//! The gap heuristic (Helmert 2010) and its weakened forms gap-k: `Gap`, the choice, and
//! `GapHeuristic`, the estimate towards one goal.

use super::stack::{MAX_PANCAKES, Stack, byte};
use crate::space::Heuristic;

/// Which gap heuristic: `Gap { ignore: 0 }` (the default) is Helmert's, `Gap { ignore: k }`
/// is gap-k.
///
/// A **gap** is a pair of neighbouring positions whose pancakes are not neighbours in
/// size, the plate counting as a pancake of size `n` under the bottom one. A flip changes
/// one neighbour pair (the pancakes on either side of the spatula), so it removes at most
/// one gap, and the sorted stack has none: the number of gaps is an admissible and
/// consistent estimate of the flips still needed. Towards another goal stack, the sizes
/// are first relabelled by their positions in the goal.
///
/// gap-k does not count the gaps that involve one of the `k` smallest pancakes (after
/// relabelling: the top `k` of the goal). It is never above the gap heuristic, so it is
/// admissible and consistent too; the literature weakens it on purpose, to compare
/// bidirectional searches with unidirectional ones on weaker estimates (gap-1, gap-2,
/// ...). With `k` at least `n` it is zero.
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Gap, Stack};
/// use state_search::Heuristic;
///
/// let goal = Stack::sorted(5)?;
/// let stack = Stack::new(&[1, 0, 4, 3, 2])?;
/// // Gaps between 0 and 4, and between 2 and the plate (5).
/// assert_eq!(Gap::default().towards(&goal).estimate(&stack), 2);
/// // gap-1 ignores the gap that involves pancake 0.
/// assert_eq!(Gap { ignore: 1 }.towards(&goal).estimate(&stack), 1);
/// // Towards the stack itself, nothing is left to do.
/// assert_eq!(Gap::default().towards(&stack).estimate(&stack), 0);
/// # Ok::<(), state_search::domains::pancake::StackError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gap {
    /// The number of smallest pancakes whose gaps are not counted: 0 for the gap
    /// heuristic itself.
    pub ignore: usize,
}

impl Gap {
    /// Helmert's gap heuristic, counting every gap.
    pub const HELMERT: Gap = Gap { ignore: 0 };

    /// The estimate towards `goal`: the heuristic of a search that ends at `goal`, or,
    /// with `goal` the start, the backward heuristic of one that begins there (a flip is
    /// its own inverse, so the flips from the start to a stack are the flips back).
    #[must_use]
    pub fn towards(self, goal: &Stack) -> GapHeuristic {
        GapHeuristic {
            labels: goal.positions(),
            pancakes: byte(goal.pancakes()),
            ignore: byte(self.ignore.min(goal.pancakes())),
        }
    }
}

/// Whether the neighbours `a` over `b` (relabelled sizes, the plate `n`) form a gap that
/// gap-`ignore` counts.
#[inline]
pub(super) fn counted(a: u8, b: u8, ignore: u8) -> bool {
    a.abs_diff(b) != 1 && a >= ignore && b >= ignore
}

/// The gap heuristic (or gap-k) towards one goal stack, made by [`Gap::towards`]: a
/// [`Heuristic`] over [`Stack`]s with `u32` costs. Meaningful for stacks of the goal's
/// number of pancakes only.
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Gap, Stack};
/// use state_search::Heuristic;
///
/// let goal = Stack::new(&[2, 0, 1])?;
/// let h = Gap::HELMERT.towards(&goal);
/// // Relabelled by their places in the goal, 0 1 2 reads 1 2 0: gaps 2-0 and 0-plate.
/// assert_eq!(h.estimate(&Stack::sorted(3)?), 2);
/// assert_eq!(h.estimate(&goal), 0);
/// # Ok::<(), state_search::domains::pancake::StackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GapHeuristic {
    /// For each size, its position in the goal: its label.
    labels: [u8; MAX_PANCAKES],
    /// The goal's number of pancakes: the plate's label.
    pancakes: u8,
    /// The labels below this are ignored (gap-k), at most `pancakes`.
    ignore: u8,
}

impl GapHeuristic {
    /// The number of smallest pancakes (by their goal positions) whose gaps are ignored.
    #[must_use]
    pub fn ignored(&self) -> usize {
        usize::from(self.ignore)
    }
}

impl Heuristic<Stack, u32> for GapHeuristic {
    /// The gaps of `stack` that count, relabelled towards the goal.
    ///
    /// # Complexity
    ///
    /// O(n).
    #[inline]
    fn estimate(&self, stack: &Stack) -> u32 {
        let n = stack.pancakes();
        let label = |position: usize| {
            if position < n {
                self.labels[usize::from(stack.at_or(position, 0))]
            } else {
                self.pancakes
            }
        };
        let mut gaps = 0;
        let mut above = label(0);
        for position in 1..=n {
            let below = label(position);
            gaps += u32::from(counted(above, below, self.ignore));
            above = below;
        }
        gaps
    }
}
