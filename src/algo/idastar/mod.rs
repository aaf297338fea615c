//! IDA*: iterative-deepening A* with an explicit stack (never recursion), over a
//! [`StateSpace`](crate::StateSpace) with an optional generation-stamped transposition
//! table ([`IdaStar`]), or over an [`InPlaceSpace`](crate::InPlaceSpace) that applies and
//! undoes actions on one mutable state ([`InPlaceIdaStar`]), and with the `parallel`
//! feature, on the threads of a rayon pool (`ParIdaStar`). Both sequential engines also
//! search by depth-first branch and bound (`branch_and_bound`).

mod branch;
mod in_place;
mod in_place_branch;
#[cfg(feature = "parallel")]
mod parallel;
mod pruning;
mod tabled;

pub use in_place::{InPlaceIdaStar, InPlaceScratch};
#[cfg(feature = "parallel")]
pub use parallel::ParIdaStar;
pub use tabled::{IdaStar, IdaStarScratch, idastar};

/// Which repeated states [`IdaStar`] refuses along the current path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CycleCheck {
    /// No check: every successor is searched.
    None,
    /// Never step back to the state just left (the default). O(1) per successor.
    #[default]
    Parent,
    /// Never step onto any state of the current path. O(depth) per successor; needed when
    /// cycles of zero cost exist and no transposition table is used, and what makes a
    /// table-less search of a finite space end (see [`IdaStar`] for what it costs).
    Path,
}

/// How one bounded depth-first pass ended.
enum Pass<C> {
    Found(C),
    Exhausted { next_bound: Option<C> },
    Stopped(crate::StopReason),
}

/// The next bound after cutting off a node of cost estimate `f > bound`, where `next ==
/// bound` means that nothing was cut off yet.
#[inline]
fn cut_off<C: Ord + Copy>(next: C, bound: C, f: C) -> C {
    if next == bound || f < next { f } else { next }
}

/// The smaller of two optional bounds.
fn min_option<C: Ord>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}
