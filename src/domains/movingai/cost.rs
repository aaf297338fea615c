//! The exact cost of a path on an 8-connected grid: `a + b·√2`.

use core::cmp::Ordering;
use core::fmt;

use crate::grid::Pos;
use crate::space::{Cost, EstimateKey};

/// The exact cost of a path on an octile grid: `straight + diagonal·√2`, for a path of
/// `straight` straight steps (cost 1 each) and `diagonal` diagonal steps (cost √2 each).
///
/// # Order
///
/// [`Ord`] compares the values `a + b·√2` exactly. Values whose `f64` roundings are
/// further apart than their rounding errors can be (2^-49 of the larger) take the order of
/// those; closer ones are compared with integer arithmetic: `a1 + b1·√2 < a2 + b2·√2` is
/// decided by the signs of `a1 - a2` and `b2 - b1`, and when both are positive (or both
/// negative) by comparing `(a1 - a2)²` with `2·(b2 - b1)²` in `u128`. Each part is a
/// `u32`, so a square is below 2^65 and no comparison can overflow. Since √2 is irrational, two costs of equal value have equal parts: the derived
/// [`Eq`] (and [`Hash`]) on the pair agree with the order.
///
/// # As a [`Cost`]
///
/// [`Cost::ZERO`] is `0 + 0·√2`; [`Cost::checked_plus`] adds the parts and is `None` when
/// either sum exceeds `u32::MAX`; [`Cost::is_max`] holds when both parts are `u32::MAX`;
/// [`Cost::to_f64`] is `a + b·√2` rounded to `f64`. A*'s open-list key is an
/// [`OctileKey`]: the order of `(f, Reverse(g))`, mostly decided by integer comparisons
/// of `f` rounded to `f64`. On a map of at most
/// [`MAX_CELLS`](super::MAX_CELLS) = 2^30 cells no search overflows: a path that an
/// engine keeps is simple, so each part of its cost is below 2^30, and so is each part of
/// an [`OctileDistance`](super::OctileDistance).
///
/// # Display
///
/// The value in decimal with 8 digits after the point, as the Moving AI scenario files
/// print optimal lengths: `2.41421356` for `1 + 1·√2`. The digits are exact (the value
/// rounded to the nearest multiple of 10^-8, computed with an integer square root), not
/// those of an `f64`, which has too few for long paths.
///
/// # Examples
///
/// ```
/// use state_search::Cost;
/// use state_search::domains::movingai::OctileCost;
///
/// let three_straight = OctileCost::new(3, 0);
/// let two_diagonal = OctileCost::new(0, 2); // 2.828...
/// assert!(two_diagonal < three_straight);
/// // 7 and 5·√2 = 7.0710... differ by 0.07; 17 and 12·√2 = 16.9705... the other way.
/// assert!(OctileCost::new(7, 0) < OctileCost::new(0, 5));
/// assert!(OctileCost::new(17, 0) > OctileCost::new(0, 12));
/// let path = OctileCost::STRAIGHT.plus(OctileCost::DIAGONAL);
/// assert_eq!(path, OctileCost::new(1, 1));
/// assert_eq!(path.to_string(), "2.41421356");
/// assert!((path.to_f64().unwrap() - 2.414_213_562).abs() < 1e-9);
/// assert_eq!(OctileCost::new(u32::MAX, 0).checked_plus(OctileCost::STRAIGHT), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OctileCost {
    straight: u32,
    diagonal: u32,
}

impl OctileCost {
    /// The cost of one straight step: `1`.
    pub const STRAIGHT: Self = Self::new(1, 0);
    /// The cost of one diagonal step: `√2`.
    pub const DIAGONAL: Self = Self::new(0, 1);

    /// The cost `straight + diagonal·√2`.
    #[must_use]
    pub const fn new(straight: u32, diagonal: u32) -> Self {
        Self { straight, diagonal }
    }

    /// The number of straight steps, `a` of `a + b·√2`.
    #[must_use]
    pub const fn straight(self) -> u32 {
        self.straight
    }

    /// The number of diagonal steps, `b` of `a + b·√2`.
    #[must_use]
    pub const fn diagonal(self) -> u32 {
        self.diagonal
    }

    /// The octile distance from `from` to `to`: the cost of a shortest 8-connected path
    /// between them on an open grid, `max(dr, dc) - min(dr, dc)` straight steps and
    /// `min(dr, dc)` diagonal ones, where `dr` and `dc` are the differences of their rows
    /// and columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::movingai::OctileCost;
    /// use state_search::grid::Pos;
    ///
    /// let cost = OctileCost::octile(Pos::new(1, 1), Pos::new(4, 9));
    /// assert_eq!((cost.straight(), cost.diagonal()), (5, 3));
    /// ```
    #[must_use]
    #[inline]
    pub fn octile(from: Pos, to: Pos) -> Self {
        let (dr, dc) = (from.row.abs_diff(to.row), from.col.abs_diff(to.col));
        Self::new(dr.max(dc) - dr.min(dc), dr.min(dc))
    }

    /// The value `a + b·√2` as an `f64` (the nearest to the sum of two rounded terms).
    #[must_use]
    #[inline]
    pub fn value(self) -> f64 {
        f64::from(self.straight) + f64::from(self.diagonal) * core::f64::consts::SQRT_2
    }
}

impl Ord for OctileCost {
    // Inline: the open list compares costs at every push and pop, from the user's crate.
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        if self == other {
            return Ordering::Equal;
        }
        // Each `value` is within 2^-51 of its exact value, relatively (three roundings of
        // at most 2^-53 each), so the difference of two within 2^-50 of the larger: values
        // further apart than 2^-49 of the larger one are in the order of their exact
        // values. Only closer ones take the exact comparison.
        let (x, y) = (self.value(), other.value());
        if (x - y).abs() > x.max(y) * f64::EPSILON * 8.0 {
            return if x < y {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
        self.exact_cmp(*other)
    }
}

impl OctileCost {
    /// The order of two costs with integer arithmetic alone.
    #[inline(never)]
    fn exact_cmp(self, other: Self) -> Ordering {
        // self - other = da - db·√2, with da = a1 - a2 and db = b2 - b1.
        let da = i64::from(self.straight) - i64::from(other.straight);
        let db = i64::from(other.diagonal) - i64::from(self.diagonal);
        match (da.signum(), db.signum()) {
            (_, 0) => da.cmp(&0),
            (0, _) => 0.cmp(&db),
            (1, -1) => Ordering::Greater,
            (-1, 1) => Ordering::Less,
            // Same signs: |da| against |db|·√2, squared. Never equal as √2 is irrational.
            (sign, _) => {
                let left = u128::from(da.unsigned_abs()).pow(2);
                let right = 2 * u128::from(db.unsigned_abs()).pow(2);
                let order = left.cmp(&right);
                if sign > 0 { order } else { order.reverse() }
            }
        }
    }
}

impl PartialOrd for OctileCost {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Cost for OctileCost {
    const ZERO: Self = Self::new(0, 0);
    type EstimateKey = OctileKey;

    #[inline]
    fn checked_plus(self, rhs: Self) -> Option<Self> {
        Some(Self::new(
            self.straight.checked_add(rhs.straight)?,
            self.diagonal.checked_add(rhs.diagonal)?,
        ))
    }

    #[inline]
    fn is_max(self) -> bool {
        self.straight == u32::MAX && self.diagonal == u32::MAX
    }

    fn to_f64(self) -> Option<f64> {
        Some(self.value())
    }
}

/// The digits after the point that [`OctileCost`]'s `Display` writes.
const DECIMALS: u32 = 8;

impl fmt::Display for OctileCost {
    /// `a + b·√2` rounded to 8 decimals, exactly: `b·√2·10^8 = √(2·b²·10^16)`, whose
    /// integer square root `s` rounds up when `2·b²·10^16 > s² + s` (never a tie, the
    /// root being irrational for `b > 0`). `2·b²·10^16 < 2^119`: no overflow.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10u128.pow(DECIMALS);
        let square = 2 * u128::from(self.diagonal).pow(2) * scale * scale;
        let root = square.isqrt();
        let diagonal = if square > root * root + root {
            root + 1
        } else {
            root
        };
        let total = u128::from(self.straight) * scale + diagonal;
        write!(f, "{}.{:08}", total / scale, total % scale)
    }
}

/// A*'s open-list key for [`OctileCost`]s ([`Cost::EstimateKey`]): least `f` first, then
/// largest `g`, exactly as the pair `(f, Reverse(g))`.
///
/// It keeps the values of `f` and `g` rounded to `f64`, as the bits of non-negative
/// `f64`s (which order as the numbers do). Two costs whose rounded values differ by more
/// than 16 units in the last place have the order of those (each rounding is within 4
/// units of the exact value); only the rare costs closer than that but not equal take
/// the exact comparison. A* over exact costs then compares keys with integer
/// comparisons.
///
/// # Examples
///
/// ```
/// use state_search::EstimateKey;
/// use state_search::domains::movingai::{OctileCost, OctileKey};
///
/// let key = |f, g| OctileKey::new(f, g);
/// let (f, g) = (OctileCost::new(3, 1), OctileCost::new(1, 1));
/// assert!(key(f, g) < key(OctileCost::new(0, 4), g)); // 4.41 < 5.66
/// assert!(key(f, g) < key(f, OctileCost::new(1, 0))); // equal f: the larger g first
/// assert_eq!((key(f, g).f(), key(f, g).g()), (f, g));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OctileKey {
    /// The bits of `f.value()` and of `g.value()`.
    rounded: (u64, u64),
    f: OctileCost,
    g: OctileCost,
}

/// The order of two costs from their values rounded to `f64`, as bits: by the bits when
/// they are more than 16 units in the last place apart, else exactly.
#[inline]
fn rounded_cmp(a: OctileCost, a_bits: u64, b: OctileCost, b_bits: u64) -> Ordering {
    if a == b {
        Ordering::Equal
    } else if a_bits.abs_diff(b_bits) > 16 {
        a_bits.cmp(&b_bits)
    } else {
        a.exact_cmp(b)
    }
}

impl EstimateKey<OctileCost> for OctileKey {
    #[inline]
    fn new(f: OctileCost, g: OctileCost) -> Self {
        Self {
            rounded: (f.value().to_bits(), g.value().to_bits()),
            f,
            g,
        }
    }

    #[inline]
    fn f(self) -> OctileCost {
        self.f
    }

    #[inline]
    fn g(self) -> OctileCost {
        self.g
    }
}

impl Ord for OctileKey {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        rounded_cmp(self.f, self.rounded.0, other.f, other.rounded.0)
            .then_with(|| rounded_cmp(other.g, other.rounded.1, self.g, self.rounded.1))
    }
}

impl PartialOrd for OctileKey {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movingai_display_rounds_exactly() {
        // √2 = 1.41421356237..., 3·√2 = 4.24264068711..., 12·√2 = 16.97056274847...
        assert_eq!(OctileCost::new(0, 0).to_string(), "0.00000000");
        assert_eq!(OctileCost::new(0, 1).to_string(), "1.41421356");
        assert_eq!(OctileCost::new(0, 3).to_string(), "4.24264069");
        assert_eq!(OctileCost::new(5, 12).to_string(), "21.97056275");
        // (2^32 - 1)·(1 + √2) = 10368968293.537885822...: beyond the digits of an f64.
        assert_eq!(
            OctileCost::new(u32::MAX, u32::MAX).to_string(),
            "10368968293.53788582"
        );
    }

    #[test]
    fn movingai_order_at_the_extremes() {
        let max = OctileCost::new(u32::MAX, u32::MAX);
        assert!(max.is_max() && !OctileCost::new(u32::MAX, 0).is_max());
        assert!(OctileCost::new(u32::MAX, 0) < OctileCost::new(0, u32::MAX));
        assert!(OctileCost::new(0, 1) > OctileCost::new(1, 0));
        assert!(OctileCost::ZERO < OctileCost::DIAGONAL);
        assert_eq!(max.cmp(&max), Ordering::Equal);
    }
}
