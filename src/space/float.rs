//! A real-valued cost: a finite `f64` in the order of `f64::total_cmp`.

use core::cmp::{Ordering, Reverse};
use core::fmt;
use core::hash::{Hash, Hasher};

use super::Cost;

/// A real-valued path cost: a finite `f64`, ordered by [`f64::total_cmp`], for spaces
/// whose step costs are real numbers (distances in the plane, times, probabilities as
/// `-ln p`). Every strategy that searches non-negative costs accepts it; those that need
/// unsigned integer costs (the bucket and radix queues, `bae`) refuse it with
/// [`Inapplicable::NeedsUnsignedCost`](crate::Inapplicable::NeedsUnsignedCost).
///
/// [`FloatCost::new`] refuses NaN and the infinities and turns `-0.0` into `0.0`, so the
/// order is the order of the numbers, equality is equality of the numbers, and a zero
/// step is not mistaken for a negative one. A negative step cost stops the engines other
/// than `spfa` with [`StopReason::NegativeCost`](crate::StopReason::NegativeCost), as for
/// integers.
///
/// # As a [`Cost`]
///
/// [`Cost::ZERO`] is `0.0`; [`Cost::checked_plus`] is the `f64` sum, `None` when it is not
/// finite (it overflowed); [`Cost::is_max`] holds for `f64::MAX`; [`Cost::to_f64`] is the
/// value. A*'s key is the pair `(f, Reverse(g))`.
///
/// # Rounding
///
/// Each sum is rounded to the nearest `f64`. The cost of a path found is the rounded sum
/// of its steps in order from the start, and "least" is decided on rounded sums: two paths
/// whose exact costs differ by less than their rounding errors (about `n · 2^-53` of the
/// cost, for `n` steps) may come out in either order, so the cost found is the least one
/// up to that error. A heuristic should leave room for it: an estimate that equals the
/// exact remaining cost may exceed the rounded one. Step costs that are exact in binary
/// (halves, quarters, small integers) add without error. For costs that must compare
/// exactly, use integers or a type of your own (the Moving AI domain's `OctileCost`
/// compares `a + b·√2` exactly).
///
/// # Examples
///
/// Points in the plane, the step cost the Euclidean distance:
///
/// ```
/// use state_search::{Cost, FloatCost, astar, from_fn};
///
/// let points = [(0.0, 0.0), (3.0, 4.0), (6.0, 0.0), (3.0, -1.0)];
/// let edges: [&[usize]; 4] = [&[1, 3], &[2], &[], &[2]];
/// let distance = |a: usize, b: usize| {
///     let ((x1, y1), (x2, y2)): ((f64, f64), (f64, f64)) = (points[a], points[b]);
///     (x2 - x1).hypot(y2 - y1)
/// };
/// let space = from_fn(|&a: &usize| {
///     edges[a].iter().map(move |&b| (b, FloatCost::new(distance(a, b)).unwrap()))
/// });
/// // The straight-line distance to point 2, a little less for the rounding of the sums.
/// let h = |&a: &usize| FloatCost::new(distance(a, 2) * (1.0 - 1e-12)).unwrap();
/// let found = astar(&space, [0], &h, |&a| a == 2).into_found().unwrap();
/// assert_eq!(found.path, [0, 3, 2]); // 3.16 + 3.16 against 5 + 5
/// assert!((found.cost.get() - 2.0 * 10f64.sqrt()).abs() < 1e-12);
/// assert_eq!(FloatCost::new(f64::NAN), None);
/// assert_eq!(FloatCost::new(-0.0), Some(FloatCost::ZERO));
/// assert_eq!(FloatCost::new(f64::MAX).unwrap().checked_plus(FloatCost::new(f64::MAX).unwrap()), None);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FloatCost(f64);

impl FloatCost {
    /// The cost `value`; `None` for NaN and the infinities. `-0.0` becomes `0.0`.
    #[must_use]
    #[inline]
    pub fn new(value: f64) -> Option<Self> {
        // Adding +0.0 turns -0.0 into +0.0 and leaves every other finite value as it is.
        value.is_finite().then_some(Self(value + 0.0))
    }

    /// The value.
    #[must_use]
    #[inline]
    pub const fn get(self) -> f64 {
        self.0
    }
}

impl From<FloatCost> for f64 {
    fn from(cost: FloatCost) -> f64 {
        cost.0
    }
}

impl PartialEq for FloatCost {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0.total_cmp(&other.0).is_eq()
    }
}

impl Eq for FloatCost {}

impl Ord for FloatCost {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl PartialOrd for FloatCost {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for FloatCost {
    /// By the bits, which equal values share (no NaN, no `-0.0`).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

impl fmt::Display for FloatCost {
    /// As the `f64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Cost for FloatCost {
    const ZERO: Self = Self(0.0);
    type EstimateKey = (Self, Reverse<Self>);

    #[inline]
    fn checked_plus(self, rhs: Self) -> Option<Self> {
        Self::new(self.0 + rhs.0)
    }

    #[inline]
    fn is_max(self) -> bool {
        self.0.total_cmp(&f64::MAX).is_eq()
    }

    fn to_f64(self) -> Option<f64> {
        Some(self.0)
    }
}
