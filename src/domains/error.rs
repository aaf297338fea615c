//! [`SolveError`]: why a domain's `solve` could not answer, the same for every domain.

use core::convert::Infallible;
use core::fmt;

use crate::error::CapacityError;
use crate::strategy::{Inapplicable, Strategy, StrategyError};

/// Why a domain's `solve` could not answer. `E` is the domain's own input error, for the
/// domains whose `solve` takes input it must check (a Huarong Road query); the others
/// have none.
///
/// # Examples
///
/// ```
/// use state_search::domains::SolveError;
/// use state_search::domains::keydoor::{KeyDoorMaze, Objective};
/// use state_search::{Inapplicable, Limits, Strategy};
///
/// let maze: KeyDoorMaze = "1 3\nSaT\n".parse()?;
/// // The fewest keys are a lexicographic cost: BFS, which ignores costs, refuses it.
/// let refused = maze.solve(Objective::FewestKeys, &Strategy::Bfs, &Limits::new());
/// assert_eq!(
///     refused.unwrap_err(),
///     SolveError::NotApplicable { strategy: Strategy::Bfs, reason: Inapplicable::NeedsUniformCost }
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError<E = Infallible> {
    /// The strategy cannot solve this problem.
    NotApplicable {
        /// The strategy asked for.
        strategy: Strategy,
        /// What it needs.
        reason: Inapplicable,
    },
    /// The search's storage could not be allocated before it started. (A store that
    /// cannot grow during a search stops it with
    /// [`StopReason::Capacity`](crate::StopReason::Capacity) instead.)
    Capacity(CapacityError),
    /// The domain's input is not valid for this problem.
    Input(E),
}

impl<E> From<CapacityError> for SolveError<E> {
    fn from(error: CapacityError) -> Self {
        SolveError::Capacity(error)
    }
}

impl<S, C, E> From<StrategyError<S, C>> for SolveError<E> {
    fn from(error: StrategyError<S, C>) -> Self {
        match error {
            StrategyError::NotApplicable { strategy, reason } => {
                SolveError::NotApplicable { strategy, reason }
            }
            StrategyError::Capacity(error) => SolveError::Capacity(error),
            // The domains' step costs are never negative; a cycle of negative cost would
            // be a negative step, which only SPFA accepts.
            StrategyError::NegativeCycle(_) => SolveError::NotApplicable {
                strategy: Strategy::Spfa,
                reason: Inapplicable::NegativeCost,
            },
        }
    }
}

impl<E: fmt::Display> fmt::Display for SolveError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotApplicable { strategy, reason } => {
                write!(f, "strategy {strategy} does not apply: {reason}")
            }
            SolveError::Capacity(error) => error.fmt(f),
            SolveError::Input(error) => error.fmt(f),
        }
    }
}

/// The variant with its fields, then the `Display` message in parentheses (a `main`
/// returning `Box<dyn Error>` prints `Debug`).
impl<E: fmt::Debug + fmt::Display> fmt::Debug for SolveError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotApplicable { strategy, reason } => f
                .debug_struct("NotApplicable")
                .field("strategy", strategy)
                .field("reason", reason)
                .finish()?,
            SolveError::Capacity(error) => f.debug_tuple("Capacity").field(error).finish()?,
            SolveError::Input(error) => f.debug_tuple("Input").field(error).finish()?,
        }
        write!(f, " ({self})")
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for SolveError<E> {}
