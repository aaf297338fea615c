//! The search contract: state spaces, step costs, dense numbering of states, heuristics
//! and closure adapters.
//!
//! A problem is a [`StateSpace`]: a type of states, a type of costs, and a way to list the
//! successors of a state with the cost of each step. Everything else is optional:
//! [`ReversibleSpace`] adds predecessors (bidirectional BFS), [`StateIndexer`] numbers the
//! states densely (so engines can use bitsets and flat arrays), [`Heuristic`] estimates the
//! remaining cost (A*, IDA*), and [`InPlaceSpace`] is the apply/undo view that lets IDA*
//! search a puzzle without cloning states.

use core::cmp::Reverse;
use core::fmt::Debug;
use core::hash::Hash;

mod adapters;
mod float;
mod in_place;
mod key;

pub use adapters::{FromFn, UnitFromFn, from_fn, unit_from_fn};
pub use float::FloatCost;
pub use in_place::InPlaceSpace;
#[cfg(feature = "parallel")]
pub use in_place::SendSpace;
pub use key::{BucketKey, EstimateKey, PackedKey};

/// A path cost: totally ordered, copyable, with a zero and an addition that detects
/// overflow.
///
/// Implemented for every primitive integer type and for pairs and triples of costs, which
/// compare lexicographically: `(keys, moves)` minimises keys first, then moves. Real-valued
/// costs are [`FloatCost`]s: `f64`s in the order of `f64::total_cmp`.
///
/// Signed costs are only meaningful for [`Spfa`](crate::algo::spfa::Spfa); the other
/// engines require every step cost to be non-negative.
///
/// # Examples
///
/// A pair cost `(tolls, steps)` makes Dijkstra avoid tolls first and count steps second:
///
/// ```
/// use state_search::{Cost, dijkstra, from_fn};
///
/// // Walk up by one for free, or double through a toll gate.
/// let space = from_fn(|&n: &u32| [(n + 1, (0u32, 1u32)), (n * 2, (1, 1))]);
/// let found = dijkstra(&space, [3], |&n| n == 24).into_found().unwrap();
/// assert_eq!(found.cost, (0, 21)); // 21 steps, no toll
/// // With the components swapped, fewer steps come first.
/// let hurried = from_fn(|&n: &u32| [(n + 1, (1u32, 0u32)), (n * 2, (1, 1))]);
/// assert_eq!(dijkstra(&hurried, [3], |&n| n == 24).into_found().unwrap().cost, (3, 3));
/// assert_eq!(<(u32, u32)>::ZERO.plus((0, 1)).plus((1, 1)), (1, 2));
/// ```
///
/// A cost type of your own needs a zero, a checked addition, and the key of A*'s open
/// list, for which the pair `(Self, Reverse<Self>)` always fits:
///
/// ```
/// use core::cmp::Reverse;
/// use state_search::{Cost, astar, from_fn};
///
/// #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Debug)]
/// struct Cents(u64);
///
/// impl Cost for Cents {
///     const ZERO: Self = Cents(0);
///     type EstimateKey = (Self, Reverse<Self>);
///     fn checked_plus(self, rhs: Self) -> Option<Self> {
///         self.0.checked_add(rhs.0).map(Cents)
///     }
/// }
///
/// // Add one for 5 cents, or double for 12.
/// let space = from_fn(|&n: &u32| [(n + 1, Cents(5)), (n * 2, Cents(12))]);
/// let found = astar(&space, [1], &|_: &u32| Cents(0), |&n| n == 8).into_found().unwrap();
/// assert_eq!(found.cost, Cents(27)); // 1, 2, 3, 4, 8
/// ```
pub trait Cost: Copy + Ord + Default + Debug {
    /// The cost of the empty path.
    const ZERO: Self;

    /// The key of A*'s open list: least `f = g + h`, then largest `g`. For a cost type of
    /// your own, `(Self, core::cmp::Reverse<Self>)`; the integer types of up to 32 bits
    /// use [`PackedKey`], the same order in one `u64`.
    type EstimateKey: EstimateKey<Self>;

    /// `self + rhs`, or `None` when the sum does not fit the type.
    fn checked_plus(self, rhs: Self) -> Option<Self>;

    /// `self - rhs`, or `None` when the difference does not fit the type or the type does
    /// not subtract: the default, which pairs, triples, [`FloatCost`] and cost types of
    /// your own keep unless they implement it. In-place IDA* uses it to carry a child's
    /// estimate back to its parent ([`InPlaceSpace::pathmax`]), and does without that when
    /// it answers `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Cost;
    ///
    /// assert_eq!(5u32.checked_minus(3), Some(2));
    /// assert_eq!(3u32.checked_minus(5), None);
    /// assert_eq!((1u8, 2u8).checked_minus((0, 1)), None);
    /// ```
    #[inline]
    #[must_use]
    fn checked_minus(self, rhs: Self) -> Option<Self> {
        let _ = rhs;
        None
    }

    /// `self + rhs`, for callers that know the sum fits (the engines never call it: they
    /// use [`Cost::checked_plus`] and skip paths whose cost does not fit).
    ///
    /// # Panics
    ///
    /// Panics when the sum does not fit the type.
    #[inline]
    #[track_caller]
    #[must_use]
    fn plus(self, rhs: Self) -> Self {
        match self.checked_plus(rhs) {
            Some(sum) => sum,
            None => cost_overflow(),
        }
    }

    /// Whether the cost is below [`Cost::ZERO`].
    #[inline]
    fn is_negative(self) -> bool {
        self < Self::ZERO
    }

    /// `self` added `n` times (`ZERO` for `n = 0`), or `None` when the sum does not fit:
    /// the cost of `n` steps that each cost `self`. O(log n) additions.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Cost;
    ///
    /// assert_eq!(3u32.times(5), Some(15));
    /// assert_eq!((1u8, 2u8).times(3), Some((3, 6)));
    /// assert_eq!(200u8.times(2), None);
    /// ```
    #[must_use]
    fn times(self, n: u64) -> Option<Self> {
        let (mut sum, mut power, mut n) = (Self::ZERO, self, n);
        while n > 0 {
            if n & 1 == 1 {
                sum = sum.checked_plus(power)?;
            }
            n >>= 1;
            if n > 0 {
                power = power.checked_plus(power)?;
            }
        }
        Some(sum)
    }

    /// The cost as a floating-point number, for reports (ratios to an optimum); `None`
    /// when the cost is not a number (the default; pairs and triples). Integers above
    /// 2^53 lose precision.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Cost;
    ///
    /// assert_eq!(42u32.to_f64(), Some(42.0));
    /// assert_eq!((-3i64).to_f64(), Some(-3.0));
    /// assert_eq!((1u8, 2u8).to_f64(), None);
    /// ```
    #[must_use]
    fn to_f64(self) -> Option<f64> {
        None
    }

    /// Whether this is the largest value of the type (`u32::MAX`; a pair or triple whose
    /// parts all are). As an estimate it marks a dead end: the heuristic says no goal
    /// is reachable, and the engines never expand the state. `false` by default.
    ///
    /// An estimate `h` below the largest value whose sum `g + h` does not fit the type
    /// is not a dead end but an overflow: every path through the state would cost more
    /// than the type holds, and a search that finds no goal then stops with
    /// [`StopReason::CostOverflow`](crate::StopReason::CostOverflow), not
    /// [`Outcome::NoPath`](crate::Outcome::NoPath).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Cost;
    ///
    /// assert!(u8::MAX.is_max() && !254u8.is_max());
    /// assert!((u8::MAX, u32::MAX).is_max() && !(u8::MAX, 0u32).is_max());
    /// ```
    #[inline]
    #[must_use]
    fn is_max(self) -> bool {
        false
    }

    /// Runs `user` if this cost type is an [`UnsignedCost`] (an unsigned integer of at
    /// most 64 bits), and returns its output; `None` for any other cost type (the
    /// default). This is how code generic over [`Cost`] reaches what needs unsigned
    /// integer costs, such as the [bucket](crate::queue::BucketQueue) and
    /// [radix](crate::queue::RadixQueue) queues of [`Strategy`](crate::Strategy).
    fn with_unsigned<U: UnsignedUser<Self>>(user: U) -> Option<U::Output> {
        let _ = user;
        None
    }
}

/// Code that needs an [`UnsignedCost`], run by [`Cost::with_unsigned`] when the cost type
/// `C` is one.
///
/// # Examples
///
/// ```
/// use state_search::{Cost, UnsignedCost, UnsignedUser};
///
/// struct Widen<C>(C);
/// impl<C: Cost> UnsignedUser<C> for Widen<C> {
///     type Output = u64;
///     fn run(self) -> u64 where C: UnsignedCost {
///         self.0.to_u64()
///     }
/// }
/// assert_eq!(u16::with_unsigned(Widen(7u16)), Some(7));
/// assert_eq!(i16::with_unsigned(Widen(7i16)), None);
/// ```
pub trait UnsignedUser<C> {
    /// What the code returns.
    type Output;
    /// Runs the code, knowing `C` is an [`UnsignedCost`].
    fn run(self) -> Self::Output
    where
        C: UnsignedCost;
}

#[cold]
#[track_caller]
fn cost_overflow() -> ! {
    panic!("state-search: a path cost overflowed its cost type; use a wider Cost type")
}

/// The cost as `f64`: exact for the types of at most 32 bits.
macro_rules! to_f64 {
    (exact) => {
        fn to_f64(self) -> Option<f64> {
            Some(f64::from(self))
        }
    };
    (rounded) => {
        #[expect(
            clippy::cast_precision_loss,
            reason = "documented: integers above 2^53 are rounded"
        )]
        fn to_f64(self) -> Option<f64> {
            Some(self as f64)
        }
    };
}

/// The body of [`Cost::with_unsigned`] for the unsigned integer types, which run `user`.
macro_rules! unsigned {
    ($user:ident) => {
        Some($user.run())
    };
}

/// `Cost` for integer types: `type: to_f64 mode, estimate key`, and `, unsigned` for the
/// types that implement [`UnsignedCost`].
macro_rules! integer_cost {
    ($($t:ty: $f64:ident, $key:ty $(, $unsigned:ident)?);* $(;)?) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            type EstimateKey = $key;
            #[inline]
            fn checked_plus(self, rhs: Self) -> Option<Self> {
                self.checked_add(rhs)
            }
            #[inline]
            fn checked_minus(self, rhs: Self) -> Option<Self> {
                self.checked_sub(rhs)
            }
            #[inline]
            fn is_max(self) -> bool {
                self == <$t>::MAX
            }
            $(
                fn with_unsigned<U: UnsignedUser<Self>>(user: U) -> Option<U::Output> {
                    $unsigned!(user)
                }
            )?
            to_f64!($f64);
        }
    )*};
}
integer_cost!(
    u8: exact, PackedKey<u8>, unsigned;
    u16: exact, PackedKey<u16>, unsigned;
    u32: exact, PackedKey<u32>, unsigned;
    u64: rounded, (u64, Reverse<u64>), unsigned;
    usize: rounded, (usize, Reverse<usize>), unsigned;
    u128: rounded, (u128, Reverse<u128>);
    i8: exact, PackedKey<i8>;
    i16: exact, PackedKey<i16>;
    i32: exact, PackedKey<i32>;
    i64: rounded, (i64, Reverse<i64>);
    i128: rounded, (i128, Reverse<i128>);
    isize: rounded, (isize, Reverse<isize>);
);

impl<A: Cost, B: Cost> Cost for (A, B) {
    const ZERO: Self = (A::ZERO, B::ZERO);
    type EstimateKey = (Self, Reverse<Self>);
    #[inline]
    fn checked_plus(self, rhs: Self) -> Option<Self> {
        Some((self.0.checked_plus(rhs.0)?, self.1.checked_plus(rhs.1)?))
    }
    #[inline]
    fn is_max(self) -> bool {
        self.0.is_max() && self.1.is_max()
    }
}

impl<A: Cost, B: Cost, C: Cost> Cost for (A, B, C) {
    const ZERO: Self = (A::ZERO, B::ZERO, C::ZERO);
    type EstimateKey = (Self, Reverse<Self>);
    #[inline]
    fn checked_plus(self, rhs: Self) -> Option<Self> {
        Some((
            self.0.checked_plus(rhs.0)?,
            self.1.checked_plus(rhs.1)?,
            self.2.checked_plus(rhs.2)?,
        ))
    }
    #[inline]
    fn is_max(self) -> bool {
        self.0.is_max() && self.1.is_max() && self.2.is_max()
    }
}

/// `f = g + h` for a state reached at cost `g` with estimate `h`, or `None` when the
/// state is not to be queued: `h` is the type's largest value (a dead end,
/// [`Cost::is_max`]), or the sum does not fit the type, which sets `overflowed` (every
/// path through the state costs more than the type holds).
#[inline]
pub(crate) fn estimated_total<C: Cost>(g: C, h: C, overflowed: &mut bool) -> Option<C> {
    if h.is_max() {
        return None;
    }
    let f = g.checked_plus(h);
    if f.is_none() {
        *overflowed = true;
    }
    f
}

/// An unsigned integer cost that converts losslessly to and from `u64`: the keys of the
/// bucket and radix queues of [`crate::queue`]. Its A* key is a [`BucketKey`], so that A*
/// can run over a bucket queue too (`astar:bucket`).
///
/// # Examples
///
/// ```
/// use state_search::{Dijkstra, UnsignedCost, Problem, Solver};
/// use state_search::queue::RadixQueue;
///
/// assert_eq!(u16::from_u64(40_000u16.to_u64()), 40_000);
/// // A `u16` cost can key a radix heap, which files keys by their bits as `u64`.
/// let space = state_search::from_fn(|&n: &u32| {
///     [(n + 1, 3u16), (n * 2, 5)].into_iter().filter(|&(m, _)| m <= 100)
/// });
/// let radix = Dijkstra::new().with_queue(RadixQueue::new());
/// let found = radix.search(&Problem::new(&space, [1], |&n| n == 100)).into_found().unwrap();
/// assert_eq!(found.cost, 34); // 1, 2, 3, 6, 12, 24, 25, 50, 100
/// ```
pub trait UnsignedCost: Cost<EstimateKey: BucketKey> {
    /// The cost as a `u64`.
    fn to_u64(self) -> u64;
    /// The cost back from a `u64` produced by [`UnsignedCost::to_u64`].
    fn from_u64(value: u64) -> Self;
}

macro_rules! unsigned_cost {
    ($($t:ty),*) => {$(
        impl UnsignedCost for $t {
            #[inline]
            fn to_u64(self) -> u64 {
                // Lossless: every implementing type has at most 64 bits.
                u64::try_from(self).unwrap_or(u64::MAX)
            }
            #[inline]
            fn from_u64(value: u64) -> Self {
                // Only values produced by `to_u64` come back, so this never saturates.
                <$t>::try_from(value).unwrap_or(<$t>::MAX)
            }
        }
    )*};
}
unsigned_cost!(u8, u16, u32, u64, usize);

/// An implicit, directed, weighted transition system.
///
/// # Examples
///
/// A line of integers where each step moves one to the right (cost 1) or jumps to the
/// double (cost 3):
///
/// ```
/// use state_search::StateSpace;
///
/// struct Line;
/// impl StateSpace for Line {
///     type State = u32;
///     type Cost = u32;
///     fn successors(&self, &n: &u32, mut emit: impl FnMut(u32, u32)) {
///         emit(n + 1, 1);
///         emit(n * 2, 3);
///     }
/// }
/// let found = state_search::dijkstra(&Line, [1], |&n| n == 12).into_found().unwrap();
/// assert_eq!(found.cost, 8); // for example 1 -> 2 -> 3 -> 6 -> 12
/// assert_eq!((found.path[0], found.path[found.path.len() - 1]), (1, 12));
/// ```
pub trait StateSpace {
    /// A state of the search. Cloned when the engine stores it; keep it small.
    type State: Clone + Eq + Hash;
    /// The cost of a step and of a path.
    type Cost: Cost;

    /// Emits every successor of `state` together with the cost of the step to it.
    ///
    /// Implementations should not allocate: engines call this once per expansion.
    fn successors(&self, state: &Self::State, emit: impl FnMut(Self::State, Self::Cost));

    /// The cost of every step, when all steps cost the same; `None` (the default) when
    /// they may differ.
    ///
    /// Breadth-first search finds least-cost paths exactly when this is `Some` (and not
    /// negative), so [`Strategy`](crate::Strategy) runs its cost-blind strategies (`bfs`,
    /// `bibfs`) only on spaces that say so here.
    fn uniform_cost(&self) -> Option<Self::Cost> {
        None
    }
}

/// A [`StateSpace`] that can also list the predecessors of a state (bidirectional search).
///
/// # Examples
///
/// ```
/// use state_search::{ReversibleSpace, StateSpace, bfs, bidirectional_bfs};
///
/// /// Add one or multiply by three.
/// struct AddTriple;
/// impl StateSpace for AddTriple {
///     type State = u64;
///     type Cost = usize;
///     fn successors(&self, &n: &u64, mut emit: impl FnMut(u64, usize)) {
///         emit(n + 1, 1);
///         emit(n * 3, 1);
///     }
/// }
/// impl ReversibleSpace for AddTriple {
///     fn predecessors(&self, &n: &u64, mut emit: impl FnMut(u64, usize)) {
///         if n > 0 { emit(n - 1, 1); }
///         if n % 3 == 0 { emit(n / 3, 1); }
///     }
/// }
/// let both_ends = bidirectional_bfs(&AddTriple, 1, 1000);
/// let one_end = bfs(&AddTriple, [1], |&n| n == 1000);
/// assert_eq!(both_ends.found().unwrap().steps(), one_end.found().unwrap().steps());
/// assert!(both_ends.stats.expanded < one_end.stats.expanded);
/// ```
pub trait ReversibleSpace: StateSpace {
    /// Emits every state `p` with a step `p -> state`, together with that step's cost.
    fn predecessors(&self, state: &Self::State, emit: impl FnMut(Self::State, Self::Cost));
}

/// A one-to-one numbering of states into `0..bound()`, which lets engines store their
/// bookkeeping in bitsets and flat arrays instead of hash maps.
///
/// Implementations must be a bijection between the states that can occur and a subset of
/// `0..bound()`: `state(index(s)) == s`, and `index(s) < bound()`. A state outside the
/// numbering (a start the space itself never reaches, such as a cell off a map) must be
/// numbered `bound()` or more, never with another state's index: dense storage then refuses
/// it as a start ([`CapacityErrorKind::OutsideIndexer`](crate::CapacityErrorKind)) and
/// automatic storage searches it hashed, where an alias would search from the other state.
/// Keep the type small: every dense store owns a clone.
///
/// # Panics
///
/// An indexer that breaks the contract is a bug in the indexer, not bad input: a dense
/// store panics when `index` returns `bound()` or more (naming both numbers), and debug
/// builds also check `state(index(s)) == s` on the states they store.
///
/// # Examples
///
/// Cells of a `width x height` grid, numbered row by row:
///
/// ```
/// use state_search::StateIndexer;
///
/// #[derive(Clone, Copy)]
/// struct Cells { width: usize, height: usize }
/// impl StateIndexer<(usize, usize)> for Cells {
///     fn bound(&self) -> usize { self.width * self.height }
///     fn index(&self, &(row, col): &(usize, usize)) -> usize {
///         // Off the grid: beyond the bound (column 4 of row 0 is not cell (1, 0)).
///         if row >= self.height || col >= self.width { return usize::MAX; }
///         row * self.width + col
///     }
///     fn state(&self, index: usize) -> (usize, usize) { (index / self.width, index % self.width) }
/// }
/// let cells = Cells { width: 4, height: 3 };
/// assert_eq!(cells.state(cells.index(&(2, 1))), (2, 1));
/// assert!(cells.index(&(0, 4)) >= cells.bound());
/// ```
pub trait StateIndexer<S>: Clone {
    /// One more than the largest index.
    fn bound(&self) -> usize;
    /// The index of `state`, below [`StateIndexer::bound`].
    fn index(&self, state: &S) -> usize;
    /// The state whose index is `index` (the inverse of [`StateIndexer::index`]).
    fn state(&self, index: usize) -> S;
}

/// A [`StateSpace`] that knows a dense numbering of its states.
///
/// With it, dense storage costs one line: `Bfs::with_storage(Dense(space.indexer()))`.
///
/// # Examples
///
/// ```
/// use state_search::{Bfs, Dense, IndexedSpace, StateIndexer, StateSpace, Problem, Solver};
///
/// /// A clock face of `hours` hours; a move turns the hand 5 hours forward or 3 back.
/// struct Clock { hours: u16 }
/// impl StateSpace for Clock {
///     type State = u16;
///     type Cost = usize;
///     fn successors(&self, &h: &u16, mut emit: impl FnMut(u16, usize)) {
///         emit((h + 5) % self.hours, 1);
///         emit((h + self.hours - 3) % self.hours, 1);
///     }
/// }
/// #[derive(Clone, Copy)]
/// struct Hours(u16);
/// impl StateIndexer<u16> for Hours {
///     fn bound(&self) -> usize { usize::from(self.0) }
///     fn index(&self, &h: &u16) -> usize { usize::from(h) }
///     fn state(&self, index: usize) -> u16 { u16::try_from(index).unwrap() }
/// }
/// impl IndexedSpace for Clock {
///     type Indexer = Hours;
///     fn indexer(&self) -> Hours { Hours(self.hours) }
/// }
/// let clock = Clock { hours: 12 };
/// let dense = Bfs::with_storage(Dense(clock.indexer())).search(&Problem::new(&clock, [0], |&h| h == 1));
/// let hashed = Bfs::new().search(&Problem::new(&clock, [0], |&h| h == 1));
/// assert_eq!(dense.found().unwrap().path, [0, 5, 10, 3, 8, 1]);
/// assert_eq!(dense.found(), hashed.found());
/// ```
pub trait IndexedSpace: StateSpace {
    /// The numbering's type.
    type Indexer: StateIndexer<Self::State>;
    /// The numbering of this space's states.
    fn indexer(&self) -> Self::Indexer;
}

/// An estimate of the cost still needed to reach a goal.
///
/// A* and IDA* return optimal paths when the estimate is *admissible*: never above the true
/// remaining cost. That promise is the caller's; the engines cannot check it. Any
/// `Fn(&S) -> C` closure is a heuristic. The cost type's largest value
/// ([`Cost::is_max`]) as an estimate marks a dead end: no goal is reachable from there.
///
/// A closure written where it is passed must name its argument's type, as in
/// `|&n: &u32| ...`, or be wrapped in [`heuristic`]: unannotated, `|&n| ...` is given a
/// signature for one borrow only, and the compiler reports that an "implementation of
/// `FnOnce` is not general enough". A closure bound to a variable first needs the same.
///
/// # Examples
///
/// ```
/// use state_search::{Heuristic, astar, dijkstra, from_fn};
///
/// /// The Manhattan distance to a goal square: admissible, as a step moves one square.
/// struct Manhattan((i32, i32));
/// impl Heuristic<(i32, i32), u32> for Manhattan {
///     fn estimate(&self, &(x, y): &(i32, i32)) -> u32 {
///         self.0.0.abs_diff(x) + self.0.1.abs_diff(y)
///     }
/// }
/// let grid = from_fn(|&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|p| (p, 1u32))
/// });
/// let goal = (6, -4);
/// let informed = astar(&grid, [(0, 0)], &Manhattan(goal), |&p| p == goal);
/// let blind = dijkstra(&grid, [(0, 0)], |&p| p == goal);
/// assert_eq!(informed.found().unwrap().cost, 10);
/// assert_eq!(blind.found().unwrap().cost, 10);
/// assert!(10 * informed.stats.expanded < blind.stats.expanded);
/// ```
pub trait Heuristic<S, C> {
    /// The estimated remaining cost from `state`.
    fn estimate(&self, state: &S) -> C;
}

impl<S, C, F: Fn(&S) -> C> Heuristic<S, C> for F {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        self(state)
    }
}

/// A borrowed heuristic as a heuristic: what the one-shot functions ([`astar`](crate::astar),
/// ...) put in the problem they search.
pub(crate) struct ByRef<'h, H: ?Sized>(pub(crate) &'h H);

impl<S, C, H: Heuristic<S, C> + ?Sized> Heuristic<S, C> for ByRef<'_, H> {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        self.0.estimate(state)
    }
}

/// Returns the closure `estimate` as it is, typed as a [`Heuristic`]: its argument's
/// type is then inferred, and `|&n| ...` needs no annotation (see [`Heuristic`] for the
/// error it avoids). The counterpart of [`visitor`](crate::visitor).
///
/// # Examples
///
/// ```
/// use state_search::{astar, heuristic, unit_from_fn};
///
/// let space = unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// // Without `heuristic(..)`, this closure would need `|&n: &u32|`.
/// let h = heuristic(|&n| usize::from(n < 12));
/// let search = astar(&space, [1], &h, |&n| n == 12);
/// assert_eq!(search.found().map(|found| found.cost), Some(4)); // 1, 2, 3, 6, 12
/// ```
pub fn heuristic<S, C, F: Fn(&S) -> C>(estimate: F) -> F {
    estimate
}

/// The heuristic that always answers zero: A* with it is Dijkstra, IDA* is iterative
/// deepening.
///
/// # Examples
///
/// ```
/// use state_search::{IdaStar, ZeroHeuristic, astar, dijkstra, unit_from_fn, Problem, Solver};
///
/// let space = unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let blind_astar = astar(&space, [1], &ZeroHeuristic, |&n| n == 20);
/// let dijkstra = dijkstra(&space, [1], |&n| n == 20);
/// assert_eq!(blind_astar.found(), dijkstra.found());
/// assert_eq!(blind_astar.stats.expanded, dijkstra.stats.expanded);
/// // IDA* deepens one step per iteration: bounds 0, 1, ..., 5.
/// let deepening = IdaStar::new().search(&Problem::new(&space, [1], |&n| n == 20));
/// assert_eq!(deepening.found().unwrap().cost, 5);
/// assert_eq!(deepening.stats.iterations, 6);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroHeuristic;

impl<S, C: Cost> Heuristic<S, C> for ZeroHeuristic {
    #[inline]
    fn estimate(&self, _state: &S) -> C {
        C::ZERO
    }
}

impl<T: StateSpace + ?Sized> StateSpace for &T {
    type State = T::State;
    type Cost = T::Cost;
    #[inline]
    fn successors(&self, state: &Self::State, emit: impl FnMut(Self::State, Self::Cost)) {
        (**self).successors(state, emit);
    }
    fn uniform_cost(&self) -> Option<Self::Cost> {
        (**self).uniform_cost()
    }
}

impl<T: ReversibleSpace + ?Sized> ReversibleSpace for &T {
    #[inline]
    fn predecessors(&self, state: &Self::State, emit: impl FnMut(Self::State, Self::Cost)) {
        (**self).predecessors(state, emit);
    }
}

#[cfg(test)]
mod tests;
