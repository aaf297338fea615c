//! More than one path: every optimal path of a problem ([`optimal_paths`]), and the
//! k shortest loopless paths in order of cost ([`k_shortest_paths`], Yen's algorithm over
//! any optimal [`Strategy`]).
//!
//! # What a path is here
//!
//! A path of a [`Problem`] is a sequence of states that begins at one of its start states,
//! where each state is a successor of the one before, and whose *last state, and only
//! that one,* satisfies the goal test: a path ends at the first goal it reaches, as every
//! engine's does but SPFA's (with negative steps, going on past a goal can lower the cost,
//! and [`Spfa`](crate::Spfa) returns the cheapest walk to a goal, through other goals or
//! not). Paths are compared as sequences of states, so two parallel steps
//! between the same states (of any costs) make one path, not two. A path may pass through
//! another start state (when a step leads there), and a start that is a goal is a path of
//! one state.
//!
//! ```
//! use state_search::paths::{PathCount, k_shortest_paths, optimal_paths};
//! use state_search::{Limits, Problem, Strategy};
//!
//! // A 3x3 grid, right and down moves of cost 1, from the top-left to the bottom-right.
//! let grid = state_search::from_fn(|&(r, c): &(u8, u8)| {
//!     [(r + 1, c), (r, c + 1)].into_iter().filter(|&(r, c)| r < 3 && c < 3).map(|s| (s, 1u32))
//! });
//! let problem = Problem::new(&grid, [(0, 0)], |&s| s == (2, 2));
//!
//! let all = optimal_paths(&problem, &Limits::new())?;
//! assert_eq!((all.cost(), all.count()), (Some(4), PathCount::Exact(6))); // C(4, 2)
//! assert_eq!(all.iter().count(), 6);
//!
//! // Only 6 paths exist at all (every move brings the goal closer).
//! let shortest = k_shortest_paths(&problem, Strategy::AStar, &Limits::new())?;
//! let costs: Vec<u32> = shortest.map(|p| p.map(|p| p.cost)).collect::<Result<_, _>>()?;
//! assert_eq!(costs, [4; 6]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dag;
mod optimal;
mod yen;

use core::fmt;

use crate::error::CapacityError;
use crate::solution::{Stats, StopReason};
use crate::strategy::{Strategy, StrategyError};

#[cfg(doc)]
use crate::Problem;

pub use dag::{OptimalDag, OptimalPathsIter};
pub use optimal::{OptimalPaths, optimal_paths};
pub use yen::{KShortest, k_shortest_paths};

/// How many optimal paths there are ([`OptimalPaths::count`]).
///
/// # Examples
///
/// ```
/// use state_search::paths::PathCount;
///
/// assert_eq!(PathCount::Exact(3).exact(), Some(3));
/// assert_eq!(PathCount::Saturated.exact(), None);
/// assert!(!PathCount::Infinite.is_finite());
/// assert_eq!(PathCount::Saturated.to_string(), "more than 340282366920938463463374607431768211455");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathCount {
    /// Exactly this many (zero when no goal is reachable).
    Exact(u128),
    /// Finitely many, but more than `u128::MAX`.
    Saturated,
    /// Infinitely many: a cycle of zero-cost steps lies on an optimal path, which may go
    /// around it any number of times.
    Infinite,
}

impl PathCount {
    /// The number, when it is finite and fits a `u128`.
    #[must_use]
    pub fn exact(self) -> Option<u128> {
        match self {
            Self::Exact(count) => Some(count),
            Self::Saturated | Self::Infinite => None,
        }
    }

    /// Whether there are finitely many paths.
    #[must_use]
    pub fn is_finite(self) -> bool {
        !matches!(self, Self::Infinite)
    }
}

impl fmt::Display for PathCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exact(count) => write!(f, "{count}"),
            Self::Saturated => write!(f, "more than {}", u128::MAX),
            Self::Infinite => f.write_str("infinitely many"),
        }
    }
}

/// Why [`optimal_paths`] or [`k_shortest_paths`] could not answer.
///
/// # Examples
///
/// ```
/// use state_search::paths::{PathsError, k_shortest_paths};
/// use state_search::{Limits, Problem, Strategy};
///
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let problem = Problem::new(&space, [1], |&n| n == 10);
/// let refused = k_shortest_paths(&problem, Strategy::Greedy, &Limits::new());
/// assert!(matches!(refused, Err(PathsError::SuboptimalStrategy(Strategy::Greedy))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathsError<S, C> {
    /// The search stopped before it could prove its answer: a limit was reached (see
    /// [`Limits`](crate::Limits)), a store could not grow, or a path cost overflowed the
    /// cost type.
    Stopped {
        /// Why it stopped.
        reason: StopReason,
        /// What it did until then.
        stats: Stats,
    },
    /// A step of negative cost was met: [`optimal_paths`] needs non-negative costs.
    NegativeCost,
    /// Dense storage was asked for ([`StoragePolicy::Dense`](crate::StoragePolicy::Dense))
    /// and could not be had.
    Capacity(CapacityError),
    /// The inner strategy of [`k_shortest_paths`] does not promise least-cost paths
    /// ([`Strategy::is_optimal`]), so Yen's algorithm would not be either.
    SuboptimalStrategy(Strategy),
    /// The inner strategy could not run: it does not apply to the problem, or met a
    /// negative cycle.
    Strategy(StrategyError<S, C>),
}

impl<S, C> PathsError<S, C> {
    /// The reason of a [`PathsError::Stopped`].
    #[must_use]
    pub fn stop_reason(&self) -> Option<StopReason> {
        match *self {
            Self::Stopped { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

impl<S: fmt::Debug, C: fmt::Debug> fmt::Display for PathsError<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Stopped { reason, .. } => reason.fmt(f),
            Self::NegativeCost => {
                f.write_str("a negative step cost (all optimal paths need non-negative costs)")
            }
            Self::Capacity(error) => error.fmt(f),
            Self::SuboptimalStrategy(strategy) => write!(
                f,
                "strategy {strategy} does not promise least-cost paths, which Yen's algorithm needs"
            ),
            Self::Strategy(error) => error.fmt(f),
        }
    }
}

impl<S: fmt::Debug, C: fmt::Debug> std::error::Error for PathsError<S, C> {}

impl<S, C> From<StrategyError<S, C>> for PathsError<S, C> {
    fn from(error: StrategyError<S, C>) -> Self {
        Self::Strategy(error)
    }
}
