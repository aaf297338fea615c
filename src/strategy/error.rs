//! Why a strategy could not run on a problem.

use core::fmt;

use crate::error::{CapacityError, NegativeCycle};

use super::Strategy;

/// What a strategy needs that a problem does not offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Inapplicable {
    /// The strategy ignores step costs, so it needs a space whose steps all cost the
    /// same ([`StateSpace::uniform_cost`](crate::StateSpace::uniform_cost)).
    NeedsUniformCost,
    /// The strategy searches backwards: it needs predecessors and the one goal state
    /// ([`Problem::backward`](crate::Problem::backward)).
    NeedsBackward,
    /// The strategy starts from one state; the problem has none or several.
    NeedsOneStart,
    /// The strategy searches backwards from the goal state given to
    /// [`Problem::backward`](crate::Problem::backward), and that state fails the
    /// problem's goal test: a path to it would not end at a goal.
    BackwardGoalFailsTest,
    /// The strategy's queue files costs as unsigned integers (`u8` to `u64`, `usize`).
    NeedsUnsignedCost,
    /// The strategy multiplies costs by a weight: they must be numbers
    /// ([`Cost::to_f64`](crate::Cost::to_f64)), not pairs or triples.
    NeedsNumericCost,
    /// The space has a negative step cost, and only `spfa` accepts those.
    NegativeCost,
    /// The strategy mutates one state in place: it needs an
    /// [`InPlaceSpace`](crate::InPlaceSpace) ([`Strategy::run_in_place`]).
    NeedsInPlaceSpace,
    /// The strategy works on a [`StateSpace`](crate::StateSpace) ([`Strategy::run`]), not
    /// in place.
    NeedsStateSpace,
    /// The strategy searches clones of the space on several threads: it needs an
    /// [`InPlaceSpace`](crate::InPlaceSpace) that is `Clone + Send`
    /// ([`Strategy::par_run_in_place`]; feature `parallel`).
    #[cfg(feature = "parallel")]
    NeedsSendSpace,
    /// The strategy searches a problem on several threads: it needs a space, goal test
    /// and indexer that can be shared between threads ([`Strategy::par_run`]; feature
    /// `parallel`).
    #[cfg(feature = "parallel")]
    NeedsSyncProblem,
}

impl fmt::Display for Inapplicable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NeedsUniformCost => {
                "it ignores step costs, and this space's steps may differ in cost (a space \
                 whose steps all cost the same says so with StateSpace::uniform_cost)"
            }
            Self::NeedsBackward => {
                "it searches backwards, and this problem has no predecessors and goal state \
                 (give them with Problem::backward(goal) on a ReversibleSpace)"
            }
            Self::NeedsOneStart => "it needs exactly one start state",
            Self::BackwardGoalFailsTest => {
                "the goal state it searches back from fails the goal test"
            }
            Self::NeedsUnsignedCost => "its queue needs unsigned integer costs",
            Self::NeedsNumericCost => "it weighs costs, which must be numbers",
            Self::NegativeCost => "this space has a negative step cost (only spfa accepts them)",
            Self::NeedsInPlaceSpace => {
                "it changes one state in place, and this problem is not given as a space \
                 searched in place (an InPlaceSpace, through Strategy::run_in_place; \
                 par-idastar: Strategy::par_run_in_place)"
            }
            Self::NeedsStateSpace => "it does not search in place",
            #[cfg(feature = "parallel")]
            Self::NeedsSendSpace => {
                "it searches on several threads, and this problem is not given as one \
                 whose space can be cloned and sent to them (a Clone + Send InPlaceSpace, \
                 through Strategy::par_run_in_place)"
            }
            #[cfg(feature = "parallel")]
            Self::NeedsSyncProblem => {
                "it searches on several threads, and this problem is not given as one they \
                 can share (a Sync space, goal test and indexer, through Strategy::par_run)"
            }
        })
    }
}

/// Why [`Strategy::run`] could not answer.
///
/// Its `Debug` form is the variant with its fields, then the `Display` message in
/// parentheses, so that a `main` returning `Result<(), Box<dyn Error>>` (which prints
/// `Debug`) says what is wrong and what to do. Both need `S: Debug` and `C: Debug` (a
/// negative cycle is printed with its states and cost): a function generic over any
/// problem that prints the error bounds `StateOf<P>: Debug` and `CostOf<P>: Debug`.
///
/// ```
/// use state_search::{Inapplicable, Strategy, StrategyError};
///
/// let error: StrategyError<u32, u32> = StrategyError::NotApplicable {
///     strategy: Strategy::Bfs,
///     reason: Inapplicable::NeedsOneStart,
/// };
/// assert_eq!(
///     format!("{error:?}"),
///     "NotApplicable { strategy: Bfs, reason: NeedsOneStart } \
///      (strategy bfs does not apply: it needs exactly one start state)"
/// );
/// ```
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StrategyError<S, C> {
    /// The strategy cannot run on this problem.
    NotApplicable {
        /// The strategy asked for.
        strategy: Strategy,
        /// What it needs.
        reason: Inapplicable,
    },
    /// Dense storage was asked for ([`StoragePolicy::Dense`](crate::store::StoragePolicy))
    /// and could not be had: no indexer, too many states, or not enough memory. (A store
    /// that cannot grow during a search stops it with
    /// [`StopReason::Capacity`](crate::StopReason::Capacity) instead.)
    Capacity(CapacityError),
    /// A cycle of negative cost is reachable (`spfa`): least costs are not defined.
    NegativeCycle(NegativeCycle<S, C>),
}

impl<S, C> StrategyError<S, C> {
    /// The strategy and what it needs, when the error is a refusal
    /// ([`StrategyError::NotApplicable`]).
    #[must_use]
    pub fn refusal(&self) -> Option<(Strategy, Inapplicable)> {
        match *self {
            Self::NotApplicable { strategy, reason } => Some((strategy, reason)),
            _ => None,
        }
    }
}

impl<S: fmt::Debug, C: fmt::Debug> fmt::Display for StrategyError<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotApplicable { strategy, reason } => {
                write!(f, "strategy {strategy} does not apply: {reason}")
            }
            Self::Capacity(error) => error.fmt(f),
            Self::NegativeCycle(cycle) => cycle.fmt(f),
        }
    }
}

impl<S: fmt::Debug, C: fmt::Debug> fmt::Debug for StrategyError<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotApplicable { strategy, reason } => f
                .debug_struct("NotApplicable")
                .field("strategy", strategy)
                .field("reason", reason)
                .finish()?,
            Self::Capacity(error) => f.debug_tuple("Capacity").field(error).finish()?,
            Self::NegativeCycle(cycle) => f.debug_tuple("NegativeCycle").field(cycle).finish()?,
        }
        write!(f, " ({self})")
    }
}

impl<S: fmt::Debug, C: fmt::Debug> std::error::Error for StrategyError<S, C> {}

impl<S, C> From<CapacityError> for StrategyError<S, C> {
    fn from(error: CapacityError) -> Self {
        Self::Capacity(error)
    }
}

impl<S, C> From<NegativeCycle<S, C>> for StrategyError<S, C> {
    fn from(cycle: NegativeCycle<S, C>) -> Self {
        Self::NegativeCycle(cycle)
    }
}
