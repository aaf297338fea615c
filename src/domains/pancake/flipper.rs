//! The in-place view: `Flipper`, one stack flipped and flipped back by depth-first engines,
//! with its gap count kept up to date.

use core::ops::RangeInclusive;

use super::Gap;
use super::gap::counted;
use super::stack::{MAX_PANCAKES, Stack, StackError, byte};
use crate::space::InPlaceSpace;

/// One stack searched in place ([`InPlaceSpace`]): an action is a flip, named by the number
/// of pancakes it turns (2 to `n`, tried in that order), costing 1; undoing a flip is
/// flipping again. Its heuristic is the gap heuristic (or gap-k) towards the goal, updated
/// in O(1) per flip: a flip of `k` changes only the pair at positions `k - 1` and `k`.
///
/// [`Strategy::IdaStar`](crate::Strategy::IdaStar) runs on it through
/// [`Strategy::run_in_place`](crate::Strategy::run_in_place), with
/// [`Flipper::is_solved`] as the goal test; [`Pancakes::solve`](super::Pancakes::solve)
/// does so for `idastar`.
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Flipper, Gap, Stack};
/// use state_search::{Limits, Strategy};
///
/// let start = Stack::new(&[2, 0, 1, 3])?;
/// let mut flipper = Flipper::new(&start, &Stack::sorted(4)?, Gap::HELMERT)?;
/// let search = Strategy::IdaStar.run_in_place(&mut flipper, Flipper::is_solved, &Limits::new())?;
/// let plan = search.into_found().unwrap();
/// assert_eq!((plan.actions, plan.cost), (vec![3, 2], 2));
/// assert_eq!(flipper.stack(), start); // the search gave the start back
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Flipper {
    /// The goal: the stack of each label.
    goal: Stack,
    /// The current stack, each size relabelled by its position in the goal (the goal
    /// reads `0, 1, ..., n-1`).
    labels: Stack,
    /// The labels whose gaps are not counted (gap-k).
    ignore: u8,
    /// The gaps of `labels` that count.
    gaps: u32,
}

impl Flipper {
    /// The view of `start`, to be flipped into `goal`, with the heuristic `gap`.
    ///
    /// # Errors
    ///
    /// [`StackError::Mismatch`] when `start` and `goal` differ in their number of
    /// pancakes.
    pub fn new(start: &Stack, goal: &Stack, gap: Gap) -> Result<Self, StackError> {
        if start.pancakes() != goal.pancakes() {
            return Err(StackError::Mismatch {
                start: start.pancakes(),
                goal: goal.pancakes(),
            });
        }
        Ok(Self::between(start, goal, gap))
    }

    /// [`Flipper::new`] for a `start` and a `goal` known to have as many pancakes.
    pub(super) fn between(start: &Stack, goal: &Stack, gap: Gap) -> Self {
        let labels = start.relabelled(&goal.positions());
        let n = labels.pancakes();
        let ignore = byte(gap.ignore.min(n));
        let plate = byte(n);
        let gaps = (0..n)
            .map(|p| counted(labels.at_or(p, plate), labels.at_or(p + 1, plate), ignore))
            .map(u32::from)
            .sum();
        Self {
            goal: *goal,
            labels,
            ignore,
            gaps,
        }
    }

    /// Whether the stack is the goal.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.labels.is_sorted()
    }

    /// The current stack.
    #[must_use]
    pub fn stack(&self) -> Stack {
        let mut map = [0u8; MAX_PANCAKES];
        map[..self.goal.pancakes()].copy_from_slice(self.goal.as_slice());
        self.labels.relabelled(&map)
    }

    /// Whether the pair at positions `k - 1` and `k` would be a counted gap after a flip
    /// of `k` (`after`) or is one now.
    #[inline]
    fn gap_under(&self, k: usize, after: bool) -> u32 {
        let plate = byte(self.labels.pancakes());
        let above = self.labels.at_or(if after { 0 } else { k - 1 }, plate);
        u32::from(counted(above, self.labels.at_or(k, plate), self.ignore))
    }
}

impl InPlaceSpace for Flipper {
    type Action = usize;
    type Cost = u32;
    type Actions = RangeInclusive<usize>;

    fn actions(&self) -> RangeInclusive<usize> {
        2..=self.labels.pancakes()
    }

    #[inline]
    fn apply(&mut self, k: usize) -> u32 {
        self.gaps = self.gaps - self.gap_under(k, false) + self.gap_under(k, true);
        self.labels.flip_top(k);
        1
    }

    #[inline]
    fn undo(&mut self, k: usize) {
        self.apply(k);
    }

    fn inverse(&self, k: usize) -> Option<usize> {
        Some(k)
    }

    fn heuristic(&self) -> u32 {
        self.gaps
    }

    #[inline]
    fn peek(&self, k: usize) -> Option<(u32, u32)> {
        Some((
            1,
            self.gaps - self.gap_under(k, false) + self.gap_under(k, true),
        ))
    }
}
