//! [`Strategy`]: a search strategy as a value. It names an engine and its options, has one
//! spelling (`dijkstra:bucket`, `idastar-tt`, ...) for command lines and reports, and runs
//! on any [`Problem`] with one call.
//!
//! ```
//! use state_search::{Problem, Strategy};
//!
//! // Water jugs of 3 and 5 litres: fill, empty, or pour one into the other.
//! let space = state_search::unit_from_fn(|&(a, b): &(u8, u8)| {
//!     let (a_to_b, b_to_a) = (a.min(5 - b), b.min(3 - a));
//!     [(3, b), (a, 5), (0, b), (a, 0), (a - a_to_b, b + a_to_b), (a + b_to_a, b - b_to_a)]
//! });
//! let problem = Problem::new(&space, [(0, 0)], |&(_, b)| b == 4);
//! for name in ["bfs", "dijkstra", "dijkstra:bucket", "astar", "spfa", "idastar-tt"] {
//!     let strategy: Strategy = name.parse()?;
//!     let search = strategy.run(&problem, &Default::default())?;
//!     assert_eq!(search.found().unwrap().cost, 6, "{strategy}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod problem;
mod run;

use core::fmt;
use core::str::FromStr;

pub use error::{Inapplicable, StrategyError};
pub use problem::{
    Backward, MaybeBackward, MaybeIndexer, NoBackward, NoIndexer, Problem, WithIndexer,
};
pub use run::{InPlaceResult, StrategyResult};

/// A search strategy: an engine and its options, as a value.
///
/// Every strategy has one spelling, used by [`Display`](fmt::Display) and
/// [`FromStr`] and by every command line and report of this crate:
///
/// | spelling          | strategy                                   | engine |
/// |-------------------|--------------------------------------------|--------|
/// | `bfs`             | [`Strategy::Bfs`]                          | [`Bfs`](crate::Bfs) |
/// | `bibfs`           | [`Strategy::BidirectionalBfs`]             | [`BidirectionalBfs`](crate::BidirectionalBfs) |
/// | `dijkstra`        | [`Strategy::Dijkstra`]`(`[`Queue::Heap`]`)`  | [`Dijkstra`](crate::Dijkstra) |
/// | `dijkstra:bucket` | [`Strategy::Dijkstra`]`(`[`Queue::Bucket`]`)` | `Dijkstra` + [`BucketQueue`](crate::queue::BucketQueue) |
/// | `dijkstra:radix`  | [`Strategy::Dijkstra`]`(`[`Queue::Radix`]`)`  | `Dijkstra` + [`RadixQueue`](crate::queue::RadixQueue) |
/// | `astar`           | [`Strategy::AStar`]                        | [`AStar`](crate::AStar) |
/// | `spfa`            | [`Strategy::Spfa`]                         | [`Spfa`](crate::Spfa) |
/// | `idastar`         | [`Strategy::IdaStar`]                      | [`IdaStar`](crate::IdaStar) with [`CycleCheck::Path`](crate::CycleCheck::Path); in place: [`InPlaceIdaStar`](crate::InPlaceIdaStar) |
/// | `idastar-tt`      | [`Strategy::IdaStarTable`]                 | [`IdaStar`](crate::IdaStar) with a transposition table |
/// | `layered`         | [`Strategy::Layered`]                      | a domain's own layered search |
///
/// [`Strategy::run`] runs a strategy on a [`Problem`] over any
/// [`StateSpace`](crate::StateSpace); [`Strategy::run_in_place`] runs the strategies that
/// search an [`InPlaceSpace`](crate::InPlaceSpace). A strategy that cannot run on a
/// problem is refused with [`StrategyError::NotApplicable`], saying what it needs.
///
/// # Examples
///
/// ```
/// use state_search::{Inapplicable, Problem, Strategy, StrategyError};
/// use state_search::strategy::Queue;
///
/// let strategy: Strategy = "dijkstra:radix".parse()?;
/// assert_eq!(strategy, Strategy::Dijkstra(Queue::Radix));
/// assert_eq!(strategy.to_string(), "dijkstra:radix");
///
/// // BFS ignores costs, so it refuses a space whose steps may differ in cost.
/// let weighted = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let problem = Problem::new(&weighted, [1], |&n| n == 12);
/// let refused = Strategy::Bfs.run(&problem, &Default::default());
/// assert!(matches!(
///     refused,
///     Err(StrategyError::NotApplicable { reason: Inapplicable::NeedsUniformCost, .. })
/// ));
/// assert_eq!(strategy.run(&problem, &Default::default())?.found().unwrap().cost, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// Breadth-first search (`bfs`): least cost on spaces whose steps all cost the same.
    Bfs,
    /// Bidirectional breadth-first search (`bibfs`): as `bfs`, from one start to one goal
    /// state, meeting in the middle.
    BidirectionalBfs,
    /// Dijkstra's algorithm with a choice of queue (`dijkstra`, `dijkstra:bucket`,
    /// `dijkstra:radix`).
    Dijkstra(Queue),
    /// A* (`astar`) with the problem's heuristic.
    AStar,
    /// SPFA (`spfa`): negative step costs allowed, negative cycles reported.
    Spfa,
    /// IDA* without a table (`idastar`), never stepping onto a state of the current path;
    /// on an [`InPlaceSpace`](crate::InPlaceSpace), the in-place IDA*.
    IdaStar,
    /// IDA* with a generation-stamped transposition table (`idastar-tt`).
    IdaStarTable,
    /// A domain's own layered search (`layered`): the key-door maze's fewest-keys search.
    /// Generic problems refuse it.
    Layered,
}

/// The priority queue of [`Strategy::Dijkstra`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Queue {
    /// A binary heap: any cost type.
    #[default]
    Heap,
    /// Dial's bucket queue: unsigned integer costs, fastest for small step costs.
    Bucket,
    /// A radix heap: unsigned integer costs, steady whatever the spread of step costs.
    Radix,
}

impl Strategy {
    /// Every strategy of this crate, in the order of the table above.
    pub const ALL: [Strategy; 10] = [
        Strategy::Bfs,
        Strategy::BidirectionalBfs,
        Strategy::Dijkstra(Queue::Heap),
        Strategy::Dijkstra(Queue::Bucket),
        Strategy::Dijkstra(Queue::Radix),
        Strategy::AStar,
        Strategy::Spfa,
        Strategy::IdaStar,
        Strategy::IdaStarTable,
        Strategy::Layered,
    ];

    /// Whether the strategy returns least-cost solutions (on a problem with an admissible
    /// heuristic, for the strategies that use one).
    #[must_use]
    pub fn is_optimal(self) -> bool {
        true
    }

    /// Whether the strategy uses the problem's heuristic.
    #[must_use]
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Strategy::AStar | Strategy::IdaStar | Strategy::IdaStarTable
        )
    }

    /// The spelling of the strategy, as [`Display`](fmt::Display) writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Bfs => "bfs",
            Strategy::BidirectionalBfs => "bibfs",
            Strategy::Dijkstra(Queue::Heap) => "dijkstra",
            Strategy::Dijkstra(Queue::Bucket) => "dijkstra:bucket",
            Strategy::Dijkstra(Queue::Radix) => "dijkstra:radix",
            Strategy::AStar => "astar",
            Strategy::Spfa => "spfa",
            Strategy::IdaStar => "idastar",
            Strategy::IdaStarTable => "idastar-tt",
            Strategy::Layered => "layered",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = ParseStrategyError;

    /// A spelling from the table of [`Strategy`].
    fn from_str(name: &str) -> Result<Self, ParseStrategyError> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == name)
            .ok_or_else(|| ParseStrategyError {
                name: name.to_owned(),
            })
    }
}

/// A name that is not the spelling of any [`Strategy`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStrategyError {
    /// The name given.
    pub name: String,
}

impl fmt::Display for ParseStrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown strategy {:?}: expected one of ", self.name)?;
        for (i, strategy) in Strategy::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(strategy.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseStrategyError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_back_as_its_strategy() {
        for strategy in Strategy::ALL {
            assert_eq!(strategy.to_string().parse::<Strategy>(), Ok(strategy));
        }
    }

    #[test]
    fn an_unknown_name_lists_the_spellings() {
        let error = "dijsktra".parse::<Strategy>().unwrap_err();
        assert_eq!(error.name, "dijsktra");
        let message = error.to_string();
        assert!(message.contains("\"dijsktra\""), "{message}");
        assert!(message.contains("dijkstra:radix, astar"), "{message}");
    }
}
